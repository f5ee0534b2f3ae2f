import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

/// `cambio convert|rates|refresh|history|dca|alert`: the same data as the window, no display needed.
/// Each command, with its JSON shape, is in a file of its own.
public struct CambioCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cambio",
        abstract: "Currency conversion with live and offline rates. Without arguments, opens the window.",
        subcommands: [Convert.self, Rates.self, Refresh.self, History.self, Dca.self, Alert.self])

    /// Answered by main.swift before the parser runs (`dispatch`); declared here so that --help
    /// and the man page list it.
    @Flag(name: [.customShort("V"), .long], help: "Print the version and exit.") var version = false

    public init() {}

    /// The subcommand names, and the argument parser's description of them (swift-argument-parser's
    /// generate-manual plugin writes the man page from it).
    public static var names: Set<String> {
        ["convert", "rates", "refresh", "history", "dca", "alert", "help", "--help", "-h", "--experimental-dump-help"]
    }

    public static var version: String { CambioVersion.string }

    public enum Dispatch: Equatable, Sendable {
        case command
        case version
        /// A word that is no command: said, instead of handing it to the window as a file to open.
        case unknown(String)
        /// Options (GApplication's own, such as --gapplication-service) go to the window.
        case window
    }

    /// What the first argument asks for.
    public static func dispatch(_ first: String) -> Dispatch {
        if names.contains(first) { return .command }
        if first == "--version" || first == "-V" { return .version }
        if first.hasPrefix("-") { return .window }
        return .unknown("unknown command \u{201C}\(first)\u{201D} (commands: convert, rates, refresh, history, dca, alert; --help lists them)")
    }
}

/// What every command loads: the same engine as the window (start-up data, preferences, the
/// network gate, rates, history, stocks).
struct Setup {
    let engine: Engine
    var data: StartupData { engine.data }

    init() {
        let environment = ProcessInfo.processInfo.environment
        let data = StartupData.load(environment: environment, executable: BundledData.executable,
                                    sourceTree: BundledData.sourceTree)
        engine = MainActor.assumeIsolated {
            let engine = Engine(data: data, environment: environment)
            engine.history.onProblem = { warn($0.description) }
            engine.startupProblems.forEach { warn($0.description) }
            // The rates' folder's problem is said once: a refresh that cannot keep its answer
            // for the same reason says nothing more.
            saidFolderProblem = RateCache(paths: data.paths).folderProblem()?.description
            return engine
        }
    }

    func code(_ text: String) throws -> String {
        // A code, or a metal's or coin's name ("gold", "bitcoin").
        let c = ConversionRequest.currency(text) ?? text.uppercased()
        guard data.catalog[c] != nil else { throw Failure("unknown currency: \(StandardError.quoted(text))") }
        return c
    }

    /// The history store, with the bundle imported and the cached answers recorded.
    func history() throws -> HistoryStore {
        try MainActor.assumeIsolated { try engine.history.openNow() }
    }

    /// The source of official rates: `--source` (an institution's key, or "average"), else
    /// the one chosen in Preferences; nil for the average of the central banks.
    func institution(_ option: String?) throws -> String? {
        guard let option else { return MainActor.assumeIsolated { engine.preferences.officialSource } }
        if option.lowercased() == "average" { return nil }
        let key = option.uppercased()
        guard Institution.byKey[key] != nil else {
            throw Failure("unknown source: \(StandardError.quoted(option)) (an institution's key, such as CBR, ECB or FED; or average)")
        }
        return key
    }

    /// Makes sure the pair's official history of `start ... end` is stored (Frankfurter, through
    /// the one session), unless `offline` or the network is off. A failure is said and what is
    /// known is used. Returns false when the institution asked does not publish the pair.
    @discardableResult
    func fetchPair(_ store: HistoryStore, from: String, to: String, start: Day, end: Day, institution: String?, offline: Bool) -> Bool {
        guard !offline, networkAllowed, FrankfurterV2.asks(from, to, institution: institution) else { return true }
        return MainActor.assumeIsolated {
            let sync = engine.history.sync(store)
            let run = MainContext.run(deadline: 120) {
                await sync.fetchPair(from: from, to: to, start: start, end: end, institution: institution, today: Day.today())
            }
            guard case .success(let outcome)? = run else {
                warn("Frankfurter did not answer within 120 s: the history of \(from)/\(to) was not fetched; showing what is known")
                return true
            }
            if let failure = outcome.failure {
                warn("could not fetch the history of \(from)/\(to) from Frankfurter: \(failure); showing what is known")
            }
            return !outcome.institutionLacks
        }
    }

    /// Says that the institution chosen has no figures for the pair, so the average is used.
    func sayAverageUsed(_ institution: String, from: String, to: String) {
        warn("\(Institution.name(institution)) (\(institution)) has no rate for \(from)/\(to) on some of these days: the average of the central banks is used there")
    }

    /// Asks the metals' and coins' sources within `deadline` seconds; a timeout is said.
    /// Returns what was asked, or nil when it ran out of time.
    @MainActor func refreshMetalsAndCoins(_ trigger: RefreshPolicy.Trigger, deadline: TimeInterval) -> RefreshReport? {
        guard case .success(let report)? = MainContext.run(deadline: deadline, { await engine.refreshMetalsAndCoins(trigger) }) else {
            warn("the metal and coin prices could not be refreshed within \(Int(deadline)) s (no complete answer in time); their last good values stay in use")
            return nil
        }
        return report
    }

    /// The Preferences' privacy switch: off, the command line sends nothing either.
    var networkAllowed: Bool { MainActor.assumeIsolated { engine.networkAllowed } }

    /// The rates to use: fresh if the policy asks and the server answers, else the last good
    /// cached ones, else the bundled ECB history. `--offline` sends no request.
    /// `codes`: the currencies the command names (nil: every one); the metals' and coins'
    /// sources are asked only when it names one of theirs.
    func table(offline: Bool, codes: [String]? = nil) -> RateTable? {
        MainActor.assumeIsolated {
            if !offline && engine.networkAllowed {
                let provider = engine.preferences.provider
                let metals = codes.map { $0.contains(where: MetalsAndCoins.codes.contains) } ?? true
                // The rates, then the metals and coins, each within its own time: a timeout is
                // said of the work that ran out of it, and what came before it is kept.
                let outcome = MainContext.run(deadline: 30) { await engine.refresh(.start, metalsAndCoins: false).primary }
                switch outcome {
                case .success(.failed(let reason)?)?:
                    warn("could not refresh rates from \(provider.sourceName): \(reason); using the last good rates")
                case nil:
                    warn("the rates could not be refreshed within 30 s (no complete answer in time); using the last good rates")
                default: break
                }
                if metals && engine.preferences.metalsAndCoins {
                    // Up to three requests: currency-api, its second address, Coinbase.
                    let report = refreshMetalsAndCoins(.start, deadline: 40)
                    for problem in report?.metalsAndCoinsProblems ?? [] { warn(problem.description) }
                }
            }
            return engine.table
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// A folder's problem already said (see `Setup`); set once, before any other thread runs.
nonisolated(unsafe) var saidFolderProblem: String?

func warn(_ message: String) {
    if let said = saidFolderProblem, message.contains(said) { return }
    StandardError.write("cambio: \(message)\n")
}

/// Runs a command body; a failure is one line on stderr and a non-zero exit.
func guarded(_ body: () throws -> Void) throws {
    do { try body() } catch let f as Failure {
        warn(f.description)
        throw ExitCode(2)
    } catch let e as ExitCode {
        throw e
    } catch {
        warn(words(error))
        throw ExitCode(2)
    }
}

/// "ECB 2026-10-30", or for a rate the user set, "your rate, set 2026-11-22".
func sourceText(_ source: String, _ day: Day, comma: Bool = false) -> String {
    UserRate.isUserSource(source) ? "your rate, set \(day.iso)" : "\(source)\(comma ? "," : "") \(day.iso)"
}

/// Any error in words (never a Foundation dump or SQL text), in English.
func words(_ error: Error) -> String { Wording(error: error).description }

/// "1 month", "2 months".
func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

/// One JSON object on one line, keys sorted (each command's schema beside it, in its own file).
func jsonLine<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
