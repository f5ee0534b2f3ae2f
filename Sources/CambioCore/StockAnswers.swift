import Foundation

/// What a stock search found: Alpha Vantage's listings and the bundled sample's matches.
public struct StockSearchAnswer: Sendable, Equatable {
    /// Alpha Vantage's listings, best first (empty without a key).
    public var listings: [StockInfo] = []
    /// The bundled sample's stocks that match.
    public var sample: [StockInfo] = []
    /// When the listings were fetched (from the cache if older than this run's request).
    public var fetchedAt: Date?
    public var fromCache = false
    public var problem: Wording?

    public init() {}
}

/// Where a stock's prices came from.
public enum StockSource: Sendable, Equatable {
    case alphaVantage(fetchedAt: Date, fromCache: Bool)
    case sample
}

/// A stock's monthly prices, where they came from, and what made an older copy or the sample
/// answer instead.
public struct StockSeriesAnswer: Sendable, Equatable {
    public let series: PriceSeries
    public let source: StockSource
    /// A failure that made an older copy or the sample answer instead.
    public let problem: Wording?

    public init(series: PriceSeries, source: StockSource, problem: Wording?) {
        self.series = series; self.source = source; self.problem = problem
    }
}

/// No prices for a stock, in words.
public struct StockSeriesError: Error, Sendable, Equatable, Worded {
    public let wording: Wording
    public init(wording: Wording) { self.wording = wording }
}
