import CambioCore
import CambioNet
import CambioStore
import Foundation

/// The rate history on disk, once open, as the pages use it: a pair read off the main thread,
/// and what Frankfurter has that it lacks, fetched through the one session.
@MainActor public protocol RateHistory: AnyObject, Sendable {
    /// The pair's history, read on the store's thread (`institution`: whose official rates
    /// first; nil: the average of the central banks).
    func pair(from: String, to: String, institution: String?) async -> Result<PairHistory, Error>
    /// The days published of `codes` from `start` to `end`, as recorded (each source's own),
    /// read on the store's thread: what an alert's move is measured against.
    func publications(codes: [String], from start: Day, to end: Day) async -> Result<[DayPublication], Error>
    /// The ECB's days newer than the history.
    func fetchNewerDays(today: Day) async -> HistorySync.Outcome
    /// The pair's official days of `start ... end` not asked before (`group`: a week's or a
    /// month's averages, for a long chart).
    func fetchPair(from: String, to: String, start: Day, end: Day, institution: String?, today: Day,
                   group: FrankfurterV2.Grouping?) async -> HistorySync.PairOutcome
}

extension RateHistory {
    public func pair(from: String, to: String) async -> Result<PairHistory, Error> {
        await pair(from: from, to: to, institution: nil)
    }
}

/// The open store and its sync with Frankfurter.
@MainActor final class OpenHistory: RateHistory {
    let store: HistoryStore
    let sync: HistorySync

    init(store: HistoryStore, sync: HistorySync) { self.store = store; self.sync = sync }

    func pair(from: String, to: String, institution: String?) async -> Result<PairHistory, Error> {
        await store.off { try $0.history(from: from, to: to, institution: institution) }
    }

    func publications(codes: [String], from start: Day, to end: Day) async -> Result<[DayPublication], Error> {
        await store.off { try $0.publications(codes: codes, from: start, to: end) }
    }

    func fetchNewerDays(today: Day) async -> HistorySync.Outcome { await sync.fetchNewerDays(today: today) }

    func fetchPair(from: String, to: String, start: Day, end: Day, institution: String?, today: Day,
                   group: FrankfurterV2.Grouping?) async -> HistorySync.PairOutcome {
        await sync.fetchPair(from: from, to: to, start: start, end: end, institution: institution, today: today, group: group)
    }
}
