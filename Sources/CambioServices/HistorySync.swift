import CambioCore
import CambioNet
import CambioStore
import Foundation

/// Brings the history up to date through Frankfurter v2 and the one session: the ECB's days
/// newer than the store's newest, and any pair's official history for the days asked, fetched
/// on demand and stored, so that the same range works offline afterwards. The store is read and
/// written on its own thread (`HistoryStore.off`), never the caller's: a store locked by another
/// process delays the sync, not the window. Cancelling the task stops it, its request included.
@MainActor public final class HistorySync {
    public let store: HistoryStore
    let endpoints: Endpoints
    /// The app's one session, with its network gate.
    let client: HTTPClient

    public init(store: HistoryStore, endpoints: Endpoints, client: HTTPClient) {
        self.store = store; self.endpoints = endpoints; self.client = client
    }

    public enum Outcome: Equatable, Sendable {
        case upToDate
        case added(days: Int)
        case failed(Wording)
    }

    /// The last TARGET business day on or before `today`: the newest day the ECB can have.
    public static func lastBusinessDay(_ today: Day) -> Day {
        TargetCalendar.lastBusinessDay(onOrBefore: today)
    }

    public func fetchNewerDays(today: Day) async -> Outcome {
        let newest: Day?
        do { newest = try await stored { try $0.newestECBDay() } } catch { return .failed(Wording(error: error)) }
        let start = newest?.next ?? Day(year: 1999, month: 1, day: 4)!
        guard start <= Self.lastBusinessDay(today) else { return .upToDate }
        var added = 0
        var before = [String: Decimal]()
        if let newest {
            do { before = try await stored { try $0.ecbRates(on: newest) } } catch { return .failed(Wording(error: error)) }
        }
        // Naming an institution caps a request at five years: a longer gap is asked in pieces.
        for (first, last) in FrankfurterV2.pieces(from: start, to: today) {
            do {
                let body = try await ask(endpoints.frankfurterRange(first, last))
                // Whatever currencies a day has are kept; each must be a positive number of a plausible day.
                let snapshot = try FrankfurterV2.ecbDays(body, today: today)
                if snapshot.days.isEmpty { continue }
                try ProviderParser.validate(snapshot, today: today, expecting: .symbols(["USD"]))
                // As a refresh's answer is checked: the base, the days asked for, and no absurd move
                // against the day before (the first day against the newest one stored).
                try AnswerCheck.checkSeries(snapshot, base: Provider.frankfurter.requestedBase, from: first,
                                            to: last.adding(days: 1), before: before)
                // A day before the one asked for is the last published one, stored already. The
                // ECB's own figures (asked with providers=ECB) are stored as the ECB's.
                let fresh = snapshot.publications.filter { $0.day >= first }
                    .map { DayPublication(day: $0.day, source: "ECB", base: $0.base, rates: $0.rates) }
                try await stored { try $0.record(fresh) }
                added += fresh.count
                if let newestDay = snapshot.newestDay, let row = snapshot.days[newestDay] { before = row }
            } catch {
                return .failed(Wording(error: error))
            }
        }
        return added == 0 ? .upToDate : .added(days: added)
    }

    /// What fetching a pair's range came to.
    public struct PairOutcome: Equatable, Sendable {
        /// How many days were stored.
        public var added = 0
        /// The institution chosen does not publish the pair: its average is used instead.
        public var institutionLacks = false
        /// What went wrong, in words (what was stored before the failure is kept).
        public var failure: Wording?

        public init() {}
    }

    /// Makes sure the pair's official history of `start ... end` is stored: asks Frankfurter
    /// for the days not asked before, in pieces of at most five years when institutions are
    /// named: the average of the central banks, and, when one institution is chosen, its own
    /// figures first (the average stands in on the days it has none). Each answer is checked
    /// (the base, the pair, the days asked, a day once, no tenfold move) before it is stored.
    /// `group`: a week's or a month's averages instead of each day (a long chart), in one request.
    public func fetchPair(from: String, to: String, start: Day, end: Day, institution: String?, today: Day,
                          group: FrankfurterV2.Grouping? = nil) async -> PairOutcome {
        var outcome = PairOutcome()
        let pair = FrankfurterV2.stored(from, to)
        let last = min(end, today)
        guard start <= last, FrankfurterV2.asks(from, to, institution: institution) else { return outcome }
        guard !store.readOnly else {
            outcome.failure = Wording("the rate history cannot be written here, so no history can be fetched into it")
            return outcome
        }
        do {
            if let institution {
                let source = FrankfurterV2.source(institution: institution, group: group)
                outcome.added += try await fetchMissing(pair, source: source, institution: institution, start: start, last: last,
                                                        today: today, group: group)
                outcome.institutionLacks = try await stored {
                    try $0.pairDays(base: pair.base, quote: pair.quote, source: source, from: start.adding(days: -FrankfurterV2.leadDays), to: last)
                } == 0
            }
            let average = FrankfurterV2.source(institution: nil, group: group)
            outcome.added += try await fetchMissing(pair, source: average, institution: nil, start: start, last: last, today: today, group: group)
        } catch {
            outcome.failure = Wording(error: error)
        }
        return outcome
    }

    /// Asks for the days of `start ... last` not asked before under `source`; how many were stored.
    private func fetchMissing(_ pair: (base: String, quote: String), source: String, institution: String?, start: Day, last: Day,
                              today: Day, group: FrankfurterV2.Grouping?) async throws -> Int {
        var added = 0
        let missing = try await stored { try $0.missingSpans(base: pair.base, quote: pair.quote, source: source, from: start, to: last) }
        for span in missing {
            // Averages are asked whole (the cap is on days); days in pieces of five years.
            let pieces = group == nil ? FrankfurterV2.pieces(from: span.first, to: span.last) : [(span.first, span.last)]
            for piece in pieces {
                if Task.isCancelled { throw NetworkError.cancelled }
                added += try await fetchPiece(pair, piece, institution: institution, source: source, today: today, group: group)
            }
        }
        return added
    }

    /// One piece: asked, and on a 422 or a 503 (the service's "narrow the request") asked once
    /// more in two halves. Returns how many days were stored.
    private func fetchPiece(_ pair: (base: String, quote: String), _ piece: (Day, Day), institution: String?, source: String,
                            today: Day, group: FrankfurterV2.Grouping?, narrowed: Bool = false) async throws -> Int {
        let url = endpoints.frankfurterPair(base: pair.base, quote: pair.quote, from: piece.0, to: piece.1, institution: institution,
                                            group: group?.rawValue)
        let response = try await askResponse(url)
        switch response.status {
        case 200..<300:
            let records = try FrankfurterV2.records(response.body, today: today)
            let before = try await stored { try $0.pairRate(before: piece.0, base: pair.base, quote: pair.quote, source: source) }
            // The service may begin with the last day published before the range: checked, but
            // not stored (it was blended at another day and the day's own record is kept).
            let checked = try FrankfurterV2.checkRange(records, base: pair.base, quote: pair.quote, from: piece.0, to: piece.1, before: before,
                                                       lead: group?.days ?? FrankfurterV2.leadDays)
                .filter { group != nil || $0.day >= piece.0 }
            // Days up to the last one published: the days after it may still be published (and
            // the bucket of today is not complete yet).
            let recent = piece.1 >= today.adding(days: -(group?.days ?? 3))
            let lastDay = checked.last.map { group == nil ? $0.day : $0.day.previous } ?? piece.0.previous
            let spanEnd = recent ? max(lastDay, piece.0.previous) : piece.1
            if checked.isEmpty {
                if spanEnd >= piece.0 {
                    try await stored { try $0.recordEmptySpan(base: pair.base, quote: pair.quote, source: source, span: (piece.0, spanEnd)) }
                }
                return 0
            }
            try await stored { try $0.recordPair(checked, source: source, span: (piece.0, max(spanEnd, piece.0))) }
            return checked.count
        // "Narrow the request and ask once more": a range too long (422 says so) or an answer
        // that took too long (503) is asked again in two halves.
        case 422 where !narrowed && piece.0 < piece.1 && FrankfurterError.saysRangeTooLong(response.body),
             503 where !narrowed && piece.0 < piece.1:
            let days = Int(piece.1.date.timeIntervalSince(piece.0.date) / 86_400)
            let middle = piece.0.adding(days: days / 2)
            let first = try await fetchPiece(pair, (piece.0, middle), institution: institution, source: source, today: today,
                                             group: group, narrowed: true)
            let second = try await fetchPiece(pair, (middle.next, piece.1), institution: institution, source: source, today: today,
                                              group: group, narrowed: true)
            return first + second
        default:
            throw FrankfurterError(status: response.status, body: response.body, pair: "\(pair.base)/\(pair.quote)")
        }
    }

    /// `body` with the store, on the store's thread.
    private func stored<T: Sendable>(_ body: @escaping @Sendable (HistoryStore) throws -> T) async throws -> T {
        try await store.off(body).get()
    }

    private func ask(_ url: String) async throws -> Data {
        let response = try await askResponse(url)
        guard (200..<300).contains(response.status) else {
            throw FrankfurterError(status: response.status, body: response.body, pair: nil)
        }
        return response.body
    }

    private func askResponse(_ url: String) async throws -> HTTPResponse {
        try await client.get(url, errorBodies: true)
    }
}

/// Frankfurter answered with an error status, in words with its own message.
public struct FrankfurterError: Error, Equatable, Sendable, Worded {
    public let status: Int
    public let message: String?
    public let pair: String?

    init(status: Int, body: Data, pair: String?) {
        struct Message: Decodable { let message: String }
        self.status = status
        message = (try? JSONDecoder().decode(Message.self, from: body))?.message
        self.pair = pair
    }

    /// A 422 that says the range was too long (the service's five-year cap).
    static func saysRangeTooLong(_ body: Data) -> Bool {
        FrankfurterError(status: 422, body: body, pair: nil).message?.contains("date range") ?? false
    }

    public var wording: Wording {
        let says = message.map { Wording.quoted($0) } ?? .verbatim("HTTP \(status)")
        if status == 422, let message, message.hasPrefix("invalid currency") {
            return Wording("Frankfurter does not know the currency (%@)", says)
        }
        switch status {
        case 404:
            return pair.map { Wording("Frankfurter has no rates for %@ (%@)", .verbatim($0), says) }
                ?? Wording("Frankfurter has no such rates (%@)", says)
        case 422: return Wording("Frankfurter refused the request as asked, even narrowed (%@)", says)
        case 503: return Wording("Frankfurter could not answer in time, even for a narrower request (%@)", says)
        default: return Wording("the server answered HTTP %@ (%@)", .verbatim(status), says)
        }
    }
}
