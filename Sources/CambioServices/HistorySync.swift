import CambioCore
import CambioNet
import CambioStore
import Foundation

/// Brings the history up to date: the ECB's days newer than the store's newest, through
/// Frankfurter's time series.
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
        var d = today
        while RefreshPolicy.isTargetHoliday(d) { d = d.previous }
        return d
    }

    public func fetchNewerDays(today: Day) async -> Outcome {
        let newest: Day?
        do { newest = try store.newestECBDay() } catch { return .failed(Wording(error: error)) }
        let start = newest?.next ?? Day(year: 1999, month: 1, day: 4)!
        guard start <= Self.lastBusinessDay(today) else { return .upToDate }
        do {
            let response = try await client.get(endpoints.frankfurterRange(start, today))
            // Whatever currencies a day has are kept; each must be a positive number of a plausible day.
            let snapshot = try ProviderParser.parse(.frankfurter, response.body, today: today, expecting: .symbols(["USD"]))
            // As a refresh's answer is checked: the base, the days asked for, and no absurd move
            // against the day before (the first day against the newest one stored).
            let before = try newest.map { try store.ecbRates(on: $0) } ?? [:]
            try AnswerCheck.checkSeries(snapshot, base: Provider.frankfurter.requestedBase, from: start,
                                        to: today.adding(days: 1), before: before)
            // A day before the one asked for is the last published one, stored already.
            let fresh = snapshot.publications.filter { $0.day >= start }
            try store.record(fresh)
            return fresh.isEmpty ? .upToDate : .added(days: fresh.count)
        } catch {
            return .failed(Wording(error: error))
        }
    }
}
