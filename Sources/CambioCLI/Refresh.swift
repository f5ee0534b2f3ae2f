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

        @Option(help: "erapi, ecb, frankfurter, cbr, currencyapi or coinbase (default: the chosen source, with the metals and coins).")
        var provider: String?

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let chosen: Provider
                if let name = provider {
                    guard let p = Provider(rawValue: name.lowercased()) else {
                        throw Failure("unknown provider: \(StandardError.quoted(name)) (\(Provider.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    chosen = p
                } else {
                    chosen = MainActor.assumeIsolated { setup.engine.preferences.provider }
                }
                let alone = provider != nil
                // The source, then (without --provider) the metals and coins as in the window, each
                // within its own time: a timeout is said of the work that ran out of it.
                let (report, metals): (RefreshReport?, RefreshReport?) = MainActor.assumeIsolated {
                    let engine = setup.engine
                    let report = try? MainContext.run(deadline: 60) {
                        await engine.refresh(only: chosen, trigger: .explicit)
                    }?.get()
                    guard !alone && engine.preferences.metalsAndCoins else { return (report, nil) }
                    return (report, setup.refreshMetalsAndCoins(.explicit, deadline: 60))
                }
                let outcome = report?.primary
                // Metals or coins refused one by one: said, their last good values kept.
                let problems = !alone ? metals?.metalsAndCoinsProblems ?? [] : report?.asked.flatMap(\.refused) ?? []
                for problem in problems { warn(problem.description) }
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
                case .skipped?:
                    warn("\(chosen.sourceName): no answer")
                    throw ExitCode(1)
                case nil:
                    warn("\(chosen.sourceName): no complete answer within 60 s; the cached rates are as they were")
                    throw ExitCode(1)
                }
            }
        }
    }
}
