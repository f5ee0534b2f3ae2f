import CambioCore
import CambioNet
import Foundation

/// Stock prices as the surfaces use them: the user's Alpha Vantage key, searches, monthly
/// prices (Alpha Vantage through the one session, the stock cache, the bundled sample).
@MainActor public protocol StockPrices: AnyObject, Sendable {
    /// The saved key, if any.
    var key: String? { get }
    /// Saves the key (nil or empty: forgets it); a key that cannot be one is refused in words.
    func setKey(_ key: String?) throws
    /// The bundled sample's series, by symbol.
    var sample: [String: PriceSeries] { get }
    /// Why the bundled sample could not be read, if it could not.
    var sampleProblem: String? { get }
    /// Cached answers that could not be read and were renamed aside: where, and why.
    var setAside: [(path: String, reason: String)] { get }
    func search(_ query: String) async -> StockSearchAnswer
    /// `offline`: nothing is sent.
    func series(_ stock: StockInfo, offline: Bool) async throws -> StockSeriesAnswer
}

extension StockPrices {
    public func series(_ stock: StockInfo) async throws -> StockSeriesAnswer { try await series(stock, offline: false) }
}

extension StockService: StockPrices {}
