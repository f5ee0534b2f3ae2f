import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

extension CambioCommand {
    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask the server for new rates now. Exit 0 when new rates were stored.")

        @Option(help: "erapi, ecb, frankfurter or cbr (default: the chosen source).") var provider: String?

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let chosen: Provider
                if let name = provider {
                    guard let p = Provider(rawValue: name.lowercased()) else {
                        throw Failure("unknown provider: \(name) (erapi, ecb, frankfurter, cbr)")
                    }
                    chosen = p
                } else {
                    chosen = MainActor.assumeIsolated { setup.engine.preferences.provider }
                }
                let outcome: RatesService.Outcome? = MainActor.assumeIsolated {
                    let engine = setup.engine
                    return try? MainContext.run(deadline: 60) {
                        await engine.rates.refresh(chosen, trigger: .explicit, interval: engine.preferences.refreshInterval)
                    }?.get()
                }
                switch outcome {
                case .updated?: print("\(chosen.sourceName): new rates stored")
                case .unchanged?: print("\(chosen.sourceName): the rates are current (confirmed by the server)")
                case .failed(let reason)?:
                    warn("\(chosen.sourceName): \(reason); the cached rates are as they were")
                    throw ExitCode(1)
                case .networkOff?:
                    warn("network access is off (Preferences: Use the network)")
                    throw ExitCode(1)
                case .waitUntil(let date)?:
                    warn("\(chosen.sourceName) asked not to be asked again before \(ISO8601DateFormatter().string(from: date)) (HTTP 429); the cached rates are as they were")
                    throw ExitCode(1)
                case .skipped?, nil:
                    warn("\(chosen.sourceName): no answer")
                    throw ExitCode(1)
                }
            }
        }
    }
}
