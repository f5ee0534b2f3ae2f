import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

extension CambioCommand {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A pair's rate on each published day, newest first.")

        @Argument(help: "The currency priced (ISO code).") var from: String
        @Argument(help: "The currency it is priced in.") var to: String
        /// Taken whatever it looks like ("-1" is a value, refused in words, not a missing one).
        @Option(parsing: .unconditional, help: "How many calendar days, ending at --to (default 7).") var days: Int?
        @Option(name: .customLong("from"), help: "The first day (YYYY-MM-DD).") var start: String?
        @Option(name: .customLong("to"), help: "The last day (YYYY-MM-DD; default today).") var end: String?
        @Option(help: ArgumentHelp("Whose official rates: an institution's key (such as CBR, ECB, FED or CBE) or average (the average of the central banks). Default: the source chosen in Preferences.",
                                   valueName: "key")) var source: String?
        @Flag(help: "Send no request: the bundled history and what was fetched before.") var offline = false
        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let from = try setup.code(self.from), to = try setup.code(self.to)
                guard from != to else { throw Failure("\(from) against itself is always 1: name two different currencies") }
                let today = Day.today()
                var (first, last) = try daysAsked(today: today)

                let institution = try setup.institution(source)
                let store = try setup.history()
                // Days newer than the history at hand come from Frankfurter (the ECB's figures).
                if !offline, setup.networkAllowed, let newest = try store.newestECBDay(), last > newest {
                    Self.fetchNewerDays(store, today: today, setup: setup)
                }
                // Any other pair's official history, for the days asked.
                var published = setup.fetchPair(store, from: from, to: to, start: first, end: last, institution: institution, offline: offline)
                // Without a range asked for, the last 7 days, or the 7 days to the newest known
                // one when nothing newer is at hand (offline, or nothing published since), as the
                // History page lists them.
                var known = try store.history(from: from, to: to, start: first, end: last, institution: institution)
                let nothingRecent = (known.newestDay == nil && known.gaps.isEmpty) || !HistoryDay.recent(known, today: last).endsToday
                if days == nil, start == nil, end == nil, nothingRecent {
                    // Nothing in the last 7 days: the last five years are asked, then the whole
                    // history read, to find the newest day known.
                    published = setup.fetchPair(store, from: from, to: to, start: last.adding(days: -5 * 365), end: last,
                                                institution: institution, offline: offline) && published
                    known = try store.history(from: from, to: to, end: last, institution: institution)
                    let recent = HistoryDay.recent(known, today: last)
                    if !recent.endsToday {
                        (first, last) = (recent.end.adding(days: -6), recent.end)
                        warn("nothing is known after \(recent.end.iso): the 7 days to \(recent.end.iso), the newest known")
                    }
                }
                let points = known.points.filter { $0.day >= first && $0.day <= last }.reversed()
                if let institution, !published || points.contains(where: { !FrankfurterV2.isFrom(institution, $0) }) {
                    setup.sayAverageUsed(institution, from: from, to: to)
                }
                if json {
                    print(try jsonLine(HistoryJSON(
                        from: from, to: to,
                        points: points.map { .init(date: $0.day.iso, rate: HistoryFormat.rate($0), source: UserRate.sharedSource($0.source),
                                                   publishedBy: $0.publisher.description, institutions: $0.institutions.map(Institution.name)) })))
                } else {
                    if points.isEmpty { warn("no published rate for \(from) and \(to) from \(first.iso) to \(last.iso)") }
                    for p in points { print("\(p.day.iso)  \(HistoryFormat.rate(p))  \(p.publisher)") }
                }
            }
        }

        /// The first and the last day asked, from --from, --to and --days (the 7 days to today
        /// by default), refused in words when they make no range.
        func daysAsked(today: Day) throws -> (first: Day, last: Day) {
            func day(_ text: String?, _ name: String) throws -> Day? {
                guard let text else { return nil }
                guard let d = Day(iso: text) else { throw Failure("not a date (YYYY-MM-DD): --\(name) \(StandardError.quoted(text))") }
                return d
            }
            let firstPublished = ECBHistoryCSV.firstDay
            let last = try day(end, "to") ?? today
            // Every day since the ECB's first publication, and a century more: enough for any range.
            let maxDays = 36_600
            if let days, days < 1 { throw Failure("--days must be 1 or more") }
            if let days, days > maxDays { throw Failure("--days must be at most \(maxDays) (a century)") }
            guard last >= firstPublished else {
                throw Failure("--to \(last.iso) is before the first published rate (\(firstPublished.iso))")
            }
            if days != nil, start != nil {
                throw Failure("--days and --from both set the first day: give one of them")
            }
            let first = try day(start, "from") ?? last.adding(days: -((days ?? 7) - 1))
            guard first <= last else { throw Failure("--from \(first.iso) is after --to \(last.iso)") }
            return (first, last)
        }

        /// The ECB's days newer than the history at hand, from Frankfurter; a failure or no
        /// answer within 30 s is said on stderr, and what is known is shown.
        static func fetchNewerDays(_ store: HistoryStore, today: Day, setup: Setup) {
            let run: Result<HistorySync.Outcome, Error>? = MainActor.assumeIsolated {
                let sync = setup.engine.history.sync(store)
                return MainContext.run(deadline: 30) { await sync.fetchNewerDays(today: today) }
            }
            switch run {
            case .success(.failed(let reason))?:
                warn("could not fetch the newest days from Frankfurter: \(reason); showing what is known")
            case nil:
                warn("Frankfurter did not answer within 30 s: the newest days were not fetched; showing what is known")
            case .success?, .failure?: break
            }
        }
    }
}

/// `cambio history --json`: newest first.
struct HistoryJSON: Encodable {
    let from: String
    let to: String
    let points: [Point]
    struct Point: Encodable {
        let date: String
        let rate: String
        let source: String
        /// "Central Bank of Egypt", "average of 3 central banks", "ECB", "your rate".
        let publishedBy: String
        /// The institutions' names behind the rate (empty when the source names none).
        let institutions: [String]
        enum CodingKeys: String, CodingKey { case date, rate, source, publishedBy = "published_by", institutions }
    }
}
