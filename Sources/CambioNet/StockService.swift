import CambioCore
import CambioStore
import Foundation

/// Alpha Vantage's address: `$CAMBIO_ALPHAVANTAGE_URL` or the real host.
public struct AlphaVantageEndpoint: Sendable, Equatable {
    public static let defaultBase = "https://www.alphavantage.co"
    public static let environmentKey = "CAMBIO_ALPHAVANTAGE_URL"
    public let base: String

    public init(environment: [String: String]) {
        let v = environment[Self.environmentKey].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultBase
        base = v.hasSuffix("/") ? String(v.dropLast()) : v
    }

    func url(_ items: [(String, String)]) -> String {
        var c = URLComponents(string: base + "/query")!
        c.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // "+" is a space to most servers: encode it, and any other reserved character, in values.
        c.percentEncodedQuery = c.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return c.string!
    }

    public func search(_ query: String, key: String) -> String {
        url([("function", "SYMBOL_SEARCH"), ("keywords", query), ("apikey", key)])
    }

    public func monthlyAdjusted(_ symbol: String, key: String) -> String {
        url([("function", "TIME_SERIES_MONTHLY_ADJUSTED"), ("symbol", symbol), ("apikey", key)])
    }
}

/// Stock searches and monthly prices: Alpha Vantage through the app's one HTTP session, a disk
/// cache that answers for a day (series) or an hour (searches), and the bundled sample. The
/// last good answer stays in use whatever fails; the key is never part of a message.
@MainActor public final class StockService {
    /// Alpha Vantage's public demo key serves IBM's prices.
    public static let demoKey = "demo"
    public static let demoSymbols: Set<String> = ["IBM"]

    public let cache: StockCache
    public let keys: APIKeyStore
    public let endpoint: AlphaVantageEndpoint
    /// The app's one session, with its network gate.
    let client: HTTPClient
    let now: () -> Date
    /// The client's gate: off, no request is sent; the cache and the sample answer.
    public var networkAllowed: Bool { client.networkAllowed }
    /// `data/stocks.csv`, read on first use.
    private let sampleFile: URL?
    private var sampleSeries: [String: PriceSeries]?
    public private(set) var sampleProblem: String?
    /// Cache files that could not be read and were renamed aside, with why.
    public private(set) var setAside: [(path: String, reason: String)] = []
    /// Requests sent in this run (tests and the status line).
    public private(set) var requestsSent = 0
    private var storedKey: String??

    public init(cache: StockCache, keys: APIKeyStore, endpoint: AlphaVantageEndpoint, sampleFile: URL?,
                client: HTTPClient, now: @escaping () -> Date = Date.init) {
        self.cache = cache; self.keys = keys; self.endpoint = endpoint; self.sampleFile = sampleFile
        self.client = client; self.now = now
    }

    /// The user's key, read once.
    public var key: String? {
        if let k = storedKey { return k }
        let k = keys.load()
        storedKey = .some(k)
        return k
    }

    public func setKey(_ key: String?) throws {
        try keys.save(key)
        storedKey = .some(keys.load())
    }

    public var sample: [String: PriceSeries] {
        if let s = sampleSeries { return s }
        var s: [String: PriceSeries] = [:]
        if let sampleFile {
            do {
                guard let data = try SmallFile.read(sampleFile, limit: CacheFile.maxBytes) else { throw FileProblem.notFound(path: sampleFile.path) }
                s = try SampleStocks.parse(data)
            } catch {
                sampleProblem = "The bundled sample prices could not be read (\(sampleFile.path)): \(Wording(error: error))"
            }
        } else {
            sampleProblem = "The bundled sample prices were not found"
        }
        sampleSeries = s
        return s
    }

    /// Whether prices of `symbol` can be asked for now: with the user's key, or IBM with the demo key.
    public func canFetch(_ symbol: String) -> Bool {
        networkAllowed && (key != nil || Self.demoSymbols.contains(symbol.uppercased()))
    }

    // MARK: Searching

    /// Searches by symbol or name. Alpha Vantage is asked only with a key, at most once an
    /// hour per query; the sample is always searched.
    public func search(_ query: String) async -> StockSearchAnswer {
        var answer = StockSearchAnswer()
        let q = StockQuery.normalised(query)
        guard !q.isEmpty else { return answer }
        answer.sample = SampleStocks.search(q, in: Array(sample.keys))
        var cached: CachedStockAnswer?
        switch cache.loadSearch(q, now: now()) {
        case .loaded(let a, let listings):
            cached = a; answer.listings = listings; answer.fetchedAt = a.fetchedAt; answer.fromCache = true
            if CachedStockAnswer.isFresh(a, lifetime: CachedStockAnswer.searchLifetime, now: now()) { return answer }
        case .setAside(let path, let reason), .unreadable(let path, let reason): setAside.append((path, reason))
        case .missing: break
        }
        guard let key, networkAllowed else { return answer }
        do {
            let body = try await fetch(endpoint.search(q, key: key), key: key)
            let listings = try AlphaVantageParser.search(body)
            let fetchedAt = now()
            if !Self.quotes(body, key) {
                try? cache.store(CachedStockAnswer(fetchedAt: fetchedAt, currency: nil, body: body), as: .search(q))
            }
            answer.listings = listings; answer.fetchedAt = fetchedAt; answer.fromCache = false
        } catch {
            answer.problem = cached == nil ? describe(error, key: key)
                : Wording("%@; showing the results of an earlier search", describe(error, key: key))
        }
        return answer
    }

    // MARK: Prices

    /// The monthly prices of `stock`: a copy fetched within the day; else Alpha Vantage (with
    /// the user's key, or the demo key for IBM); else an older copy; else the bundled sample.
    /// `offline` sends nothing.
    public func series(_ stock: StockInfo, offline: Bool = false) async throws -> StockSeriesAnswer {
        let symbol = stock.symbol.uppercased()
        var cached: (CachedStockAnswer, PriceSeries)?
        switch cache.loadSeries(symbol, now: now()) {
        case .loaded(let a, let s):
            cached = (a, s)
            if CachedStockAnswer.isFresh(a, lifetime: CachedStockAnswer.seriesLifetime, now: now()) {
                return StockSeriesAnswer(series: s, source: .alphaVantage(fetchedAt: a.fetchedAt, fromCache: true), problem: nil)
            }
        case .setAside(let path, let reason), .unreadable(let path, let reason): setAside.append((path, reason))
        case .missing: break
        }
        var problem: Wording?
        if !offline && canFetch(symbol) {
            let key = self.key ?? Self.demoKey
            do {
                let body = try await fetch(endpoint.monthlyAdjusted(symbol, key: key), key: key)
                let currency = stock.currency.isEmpty ? QuoteUnit.guess(symbol: symbol) : stock.currency
                let series = try AlphaVantageParser.monthlyAdjusted(body, currency: currency)
                let fetchedAt = now()
                if !Self.quotes(body, key) {
                    try? cache.store(CachedStockAnswer(fetchedAt: fetchedAt, currency: currency, body: body), as: .series(symbol))
                }
                return StockSeriesAnswer(series: series, source: .alphaVantage(fetchedAt: fetchedAt, fromCache: false), problem: nil)
            } catch {
                problem = describe(error, key: key)
            }
        }
        if let (a, s) = cached {
            return StockSeriesAnswer(series: s, source: .alphaVantage(fetchedAt: a.fetchedAt, fromCache: true), problem: problem)
        }
        if let s = sample[symbol] { return StockSeriesAnswer(series: s, source: .sample, problem: problem) }
        if let problem { throw StockSeriesError(wording: problem) }
        if !networkAllowed || offline { throw StockSeriesError(wording: Wording("No prices of %@ are saved, and the network is off", .verbatim(symbol))) }
        throw StockSeriesError(wording: Wording("Prices of %@ need an Alpha Vantage key (without one: IBM and the bundled sample)", .verbatim(symbol)))
    }

    /// Whether a body repeats the key (in any case): such a body is never written to disk.
    nonisolated static func quotes(_ body: Data, _ key: String) -> Bool {
        guard key != "demo", !key.isEmpty else { return false }
        return String(decoding: body, as: UTF8.self).range(of: key, options: .caseInsensitive) != nil
    }

    /// A superseded (cancelled) search or load sends nothing, and one under way stops.
    func fetch(_ url: String, key: String) async throws -> Data {
        if Task.isCancelled { throw NetworkError.cancelled }
        requestsSent += 1
        return try await client.get(url).body
    }

    /// What went wrong, in words, with the key cut out of anything that might quote it.
    func describe(_ error: Error, key: String) -> Wording {
        var text: Wording
        switch error {
        case let e as AlphaVantageError:
            text = e.wording
            if let server = e.serverWords {
                // The key is cut out before the words are quoted and cut to length, so that no
                // part of it is left at the cut.
                let safe = key.isEmpty ? server : server.replacingOccurrences(of: key, with: "•••", options: .caseInsensitive)
                text = Wording("%@ (Alpha Vantage: “%@”)", e.wording, .quoted(safe))
            }
        case let e as NetworkError:
            switch e {
            case .invalidURL, .insecureURL: text = Wording("Alpha Vantage's address is not usable (%@)", .verbatim(endpoint.base))
            default: text = Wording("Alpha Vantage could not be reached: %@", e.wording)
            }
        default: text = Wording(error: error)
        }
        return key.isEmpty || key == Self.demoKey ? text : text.redacting(key)
    }
}
