import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `$XDG_CACHE_HOME/cambio/stocks/`: every series for a day, every search for an hour (a free
/// key allows 25 requests a day). An answer is stored only after it parsed; writes are atomic;
/// an unreadable file is renamed aside and reported. Older answers stay as the fallback when a
/// request fails.
public struct StockCache: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }
    public init(paths: AppPaths) { directory = paths.cacheHome.appendingPathComponent("cambio/stocks") }

    public enum Kind: Sendable { case series(String), search(String) }

    /// A file name that no symbol or query can turn into a path: hex of the normalised text.
    public func url(_ kind: Kind) -> URL {
        switch kind {
        case .series(let symbol): return directory.appendingPathComponent("series-\(Self.hex(symbol.uppercased())).json")
        case .search(let query): return directory.appendingPathComponent("search-\(Self.hex(StockQuery.normalised(query))).json")
        }
    }

    static func hex(_ s: String) -> String {
        let digits = Array("0123456789abcdef")
        return String(s.utf8.prefix(80).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    public enum Load<Value: Sendable>: Sendable {
        case missing
        case loaded(CachedStockAnswer, Value)
        case setAside(path: String, reason: String)
        case unreadable(path: String, reason: String)
    }

    public func loadSeries(_ symbol: String, now: Date = Date()) -> Load<PriceSeries> {
        load(.series(symbol), now: now) { answer in
            try AlphaVantageParser.monthlyAdjusted(answer.body, currency: answer.currency ?? "USD")
        }
    }

    public func loadSearch(_ query: String, now: Date = Date()) -> Load<[StockInfo]> {
        load(.search(query), now: now) { try AlphaVantageParser.search($0.body) }
    }

    func load<Value: Sendable>(_ kind: Kind, now: Date, parse: (CachedStockAnswer) throws -> Value) -> Load<Value> {
        switch CacheFile.read(url(kind), as: CachedStockAnswer.self, now: now, check: parse) {
        case .missing: return .missing
        case .loaded(let answer, let value): return .loaded(answer, value)
        case .setAside(let path, let reason): return .setAside(path: path, reason: reason)
        case .unreadable(let path, let reason): return .unreadable(path: path, reason: reason)
        }
    }

    public func store(_ answer: CachedStockAnswer, as kind: Kind) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The user's own: answers fetched with their key are nobody else's business.
        try CacheFile.write(answer, to: url(kind), mode: 0o600)
    }
}
