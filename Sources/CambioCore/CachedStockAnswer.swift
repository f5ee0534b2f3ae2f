import Foundation

/// An Alpha Vantage answer as kept on disk: the body, when it was fetched, and (for a series)
/// the currency its search listed it in.
public struct CachedStockAnswer: Codable, Equatable, Sendable {
    public let fetchedAt: Date
    public let currency: String?
    public let body: Data

    public init(fetchedAt: Date, currency: String?, body: Data) {
        self.fetchedAt = fetchedAt; self.currency = currency; self.body = body
    }

    /// How long a series is used before it is asked for again; a search, the same.
    public static let seriesLifetime: TimeInterval = 24 * 3600
    public static let searchLifetime: TimeInterval = 3600

    public static func isFresh(_ answer: CachedStockAnswer, lifetime: TimeInterval, now: Date) -> Bool {
        let age = now.timeIntervalSince(answer.fetchedAt)
        return age >= 0 && age < lifetime
    }
}

/// What a stock search is kept and asked under: trimmed, lowercased, single spaces.
public enum StockQuery {
    public static func normalised(_ query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
