import ArgumentParser
import CambioCore
import CambioGLib
import CambioServices
import Foundation

extension CambioCommand {
    /// `cambio alert add|list|remove|check`: the rate alerts the window keeps, from a terminal
    /// and from the systemd timer that checks them while the window is closed.
    struct Alert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rate alerts: be told when a rate crosses a level or moves in a day.",
            subcommands: [Add.self, List.self, Remove.self, Check.self])
    }
}

extension CambioCommand.Alert {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an alert: 1 FROM above or below a rate in TO, or a move of more than a percent in a day.")

        @Argument(help: "The currency of which one unit is watched (USD, gold).") var from: String
        @Argument(help: "The currency its rate is in (EUR).") var to: String
        @Option(help: ArgumentHelp("Fire once 1 FROM is worth more than this many TO (0.92, in your locale's digits).", valueName: "rate"))
        var above: String?
        @Option(help: ArgumentHelp("Fire once 1 FROM is worth less than this many TO.", valueName: "rate"))
        var below: String?
        @Option(help: ArgumentHelp("Fire once the rate moves more than this percent from the previous published day, either way (1.5).",
                                   valueName: "percent"))
        var move: String?

        func validate() throws {
            guard [above, below, move].compactMap({ $0 }).count == 1 else {
                throw ValidationError("give one of --above RATE, --below RATE or --move PERCENT")
            }
        }

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let style = NumberStyle(locale: setup.data.locale.numbers)
                let from = try setup.code(self.from), to = try setup.code(self.to)
                guard from != to else { throw Failure("an alert needs two different currencies") }
                let condition = try Self.condition(above: above, below: below, move: move, style: style)
                if let problem = RateAlert.problem(condition) { throw Failure(problem.description) }
                let (added, problem) = try Alerts(paths: setup.data.paths).add(from: from, to: to, condition: condition, today: Day.today())
                if let problem { warn(problem.description) }
                print("alert \(added.id): \(added.conditionWords(DecimalFormatter(style: style)))")
                switch MainActor.assumeIsolated({ Alerts(paths: setup.data.paths).followTimer() }) {
                case .done: break
                case .noSystemd:
                    warn("no systemd user manager: the alert is checked while Cambio runs, or by cambio alert check")
                case .failed(let why): warn(why.description)
                }
            }
        }

        /// The one condition given, its number read in the user's locale (as the window's fields).
        static func condition(above: String?, below: String?, move: String?, style: NumberStyle) throws -> RateAlert.Condition {
            func number(_ text: String, _ option: String) throws -> Decimal {
                switch AmountParser.parse(text, style: style) {
                case .success(let v): return v
                case .failure(let e): throw Failure("--\(option) must be a number: \(StandardError.quoted(text)) (\(e.english))")
                }
            }
            if let above { return .above(try number(above, "above")) }
            if let below { return .below(try number(below, "below")) }
            return .move(percent: try number(move ?? "", "move"))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the alerts: armed, or fired with the rate that fired them.")

        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let loaded = Alerts(paths: setup.data.paths).load()
                if let problem = loaded.problem { warn(problem.description) }
                if json {
                    print(try jsonLine(AlertListJSON(alerts: loaded.alerts.map(AlertJSON.init))))
                    return
                }
                let people = DecimalFormatter(locale: setup.data.locale.numbers)
                if loaded.alerts.isEmpty { print("no alerts (cambio alert add FROM TO --above RATE)") }
                for alert in loaded.alerts {
                    let state: String
                    switch alert.state {
                    case .armed: state = "armed since \(alert.armedOn.iso)"
                    case .fired(let f): state = "fired: 1 \(alert.from) = \(people.rate(f.rate)) \(alert.to), \(sourceText(f.source, f.day))"
                    }
                    print("\(alert.id)  \(alert.conditionWords(people))  (\(state))")
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an alert by its number (cambio alert list shows them).")

        @Argument(help: "The alert's number.") var id: Int

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let id = self.id
                let alerts = Alerts(paths: setup.data.paths)
                let (removed, problem) = try alerts.remove(id)
                if let problem { warn(problem.description) }
                guard let removed else { throw Failure("no alert \(id) (cambio alert list shows them)") }
                if case .failed(let why) = MainActor.assumeIsolated({ alerts.followTimer() }) { warn(why.description) }
                print("removed alert \(removed.id): \(removed.conditionWords(DecimalFormatter(locale: setup.data.locale.numbers)))")
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Refresh the rates (when the network is on), check every armed alert and say each that fires. Exit 0.")

        @Flag(help: "Send no request: check against the rates on disk.") var offline = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let alerts = Alerts(paths: setup.data.paths)
                let loaded = alerts.load()
                if let problem = loaded.problem { warn(problem.description) }
                let codes = Alerts.codes(loaded.alerts)
                guard !codes.isEmpty else { return }
                guard let table = setup.table(offline: offline, codes: codes) else { throw Failure("no rates available") }
                let publications = Self.recent(setup, codes: codes, table: table)
                let (fired, problem) = try alerts.check(table: table, publications: publications)
                if let problem { warn(problem.description) }
                let people = DecimalFormatter(locale: setup.data.locale.numbers)
                for alert in fired {
                    guard case .fired(let firing) = alert.state else { continue }
                    let notice = alert.notice(firing, formatter: people, days: setup.data.days, words: .english)
                    print("alert \(alert.id): \(notice.title) (\(notice.body.replacingOccurrences(of: "\n", with: "; ")))")
                }
                if !fired.isEmpty { Self.notify(fired, setup: setup) }
                // None armed any more: the timer stops.
                if case .failed(let why) = MainActor.assumeIsolated({ alerts.followTimer() }) { warn(why.description) }
            }
        }

        /// The desktop's notifications of the alerts that fired, in the user's language (the lines
        /// above stay English, as every command's output). Without a session bus (over ssh),
        /// the lines are all there is: said once.
        static func notify(_ fired: [RateAlert], setup: Setup) {
            MainActor.assumeIsolated {
                setlocale(LC_MESSAGES, "")
                Gettext.prepare(environment: ProcessInfo.processInfo.environment)
                guard let notifier = Notifier(id: "io.github.cambio.Cambio") else {
                    warn("no session bus: the alerts that fired are said here only")
                    return
                }
                let people = DecimalFormatter(locale: setup.data.locale.numbers)
                for alert in fired {
                    if let notice = Alerts.notice(alert, formatter: people, days: setup.data.days, words: .gettext) { notifier.send(notice) }
                }
                notifier.flush()
            }
        }

        /// The published days of the alerts' currencies since `Alerts.historyStart`, for a
        /// move's day before; none when the history cannot be opened (said).
        static func recent(_ setup: Setup, codes: [String], table: RateTable) -> [DayPublication] {
            do {
                return try setup.history().publications(codes: codes, from: Alerts.historyStart(table), to: table.date)
            } catch {
                warn("the rate history could not be read (\(words(error))): a move is not checked this time")
                return []
            }
        }
    }
}

/// `cambio alert list --json`: `{"alerts":[{"id":1,"from":"USD","to":"EUR","above":"0.92",
/// "armedOn":"2026-11-29","state":"armed"}, {… "state":"fired","firedOn":…,"firedRate":…,
/// "firedSource":…}]}`; rates and percents as exact decimal strings.
struct AlertListJSON: Encodable {
    let alerts: [AlertJSON]
}

struct AlertJSON: Encodable {
    let id: Int
    let from: String
    let to: String
    let above: String?
    let below: String?
    let move: String?
    let armedOn: String
    let state: String
    let firedOn: String?
    let firedRate: String?
    let firedSource: String?

    init(_ a: RateAlert) {
        id = a.id; from = a.from; to = a.to; armedOn = a.armedOn.iso
        switch a.condition {
        case .above(let v): (above, below, move) = ("\(v)", nil, nil)
        case .below(let v): (above, below, move) = (nil, "\(v)", nil)
        case .move(let p): (above, below, move) = (nil, nil, "\(p)")
        }
        switch a.state {
        case .armed: (state, firedOn, firedRate, firedSource) = ("armed", nil, nil, nil)
        case .fired(let f): (state, firedOn, firedRate, firedSource) = ("fired", f.day.iso, "\(f.rate)", UserRate.sharedSource(f.source))
        }
    }
}
