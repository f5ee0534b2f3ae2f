import XCTest
import CGtk
import CambioGLib
import CambioStore
@testable import CambioCore
@testable import CambioNet
import CambioTestSupport

/// Alpha Vantage through the stock service, against the local server's `/av/query`.
final class StockServiceTests: XCTestCase {
    var server: String { "http://127.0.0.1:\(FaultServer.port)" }
    static let key = "TESTKEY7Q3Z"
    let sampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/stocks.csv")

    struct Setup { let cache: StockCache; let keys: APIKeyStore }

    func setup(key: String?) throws -> Setup {
        let dir = try tempDir()
        let keys = APIKeyStore(url: dir.appendingPathComponent("config/alphavantage-key"))
        if let key { try keys.save(key) }
        return Setup(cache: StockCache(directory: dir.appendingPathComponent("stocks")), keys: keys)
    }

    func make(_ s: Setup, base: String? = nil, now: Date = Date()) -> (@MainActor () -> StockService) {
        let base = base ?? "\(server)/av"
        let sampleFile = self.sampleFile
        return { @MainActor in
            let client = HTTPClient.open("Cambio/test")
            client.deadline = 3
            return StockService(cache: s.cache, keys: s.keys,
                                endpoint: AlphaVantageEndpoint(environment: [AlphaVantageEndpoint.environmentKey: base]),
                                sampleFile: sampleFile, client: client, now: { now })
        }
    }

    /// What the server was asked so far.
    func log() throws -> (counts: [String: Int], keys: [String]) {
        let url = "\(server)/av-log"
        let body = try runOnGLib { try await HTTPClient.open("t").get(url).body }.get()
        let json = try JSONSerialization.jsonObject(with: body) as! [String: Any]
        return (json["counts"] as! [String: Int], json["keys"] as! [String])
    }

    func search(_ make: @escaping @MainActor () -> StockService, _ q: String) throws -> (StockSearchAnswer, Int) {
        try runOnGLib { let s = make(); let a = await s.search(q); return (a, s.requestsSent) }.get()
    }

    func series(_ make: @escaping @MainActor () -> StockService, _ info: StockInfo, offline: Bool = false)
        -> (Result<StockSeriesAnswer, Error>, Int) {
        let r = runOnGLib { () async -> (Result<StockSeriesAnswer, Error>, Int) in
            let s = make()
            do { return (.success(try await s.series(info, offline: offline)), s.requestsSent) } catch { return (.failure(error), s.requestsSent) }
        }
        return (try? r.get()) ?? (.failure(NetworkError.other("harness")), -1)
    }

    func testSearchIsCachedForAnHour() throws {
        let s = try setup(key: Self.key)
        let t0 = Date()
        let (first, sent) = try search(make(s, now: t0), "tesco")
        XCTAssertEqual(sent, 1)
        XCTAssertEqual(first.listings.first, StockInfo(symbol: "TSCO.LON", name: "Tesco PLC", region: "United Kingdom", currency: "GBX"))
        XCTAssertFalse(first.fromCache)
        // The same query, differently typed, within the hour: no request.
        let (again, sentAgain) = try search(make(s, now: t0.addingTimeInterval(59 * 60)), "  TESCO ")
        XCTAssertEqual(sentAgain, 0)
        XCTAssertEqual(again.listings, first.listings)
        XCTAssertTrue(again.fromCache)
        XCTAssertEqual(try log().counts["SYMBOL_SEARCH:tesco"], 1)
        // After an hour it asks again; a failure then keeps the earlier listings.
        let (late, sentLate) = try search(make(s, base: "\(server)/fault/503", now: t0.addingTimeInterval(61 * 60)), "tesco")
        XCTAssertEqual(sentLate, 1)
        XCTAssertEqual(late.listings, first.listings)
        XCTAssertEqual(late.problem, "Alpha Vantage could not be reached: the server answered HTTP 503; showing the results of an earlier search")
        XCTAssertTrue(try log().keys.contains(Self.key), "the user's key is what is sent")
    }

    func testWithoutAKeyOnlyTheSampleIsSearched() throws {
        let s = try setup(key: nil)
        let (answer, sent) = try search(make(s), "micro")
        XCTAssertEqual(sent, 0)
        XCTAssertEqual(answer.listings, [])
        XCTAssertEqual(answer.sample.map(\.symbol), ["MSFT"])
    }

    func testSearchErrorsByTheirKey() throws {
        let s = try setup(key: Self.key)
        let (limit, _) = try search(make(s), "limit")
        XCTAssertTrue(limit.problem?.description.hasPrefix("Alpha Vantage declined: the key's daily limit of 25 requests is reached") == true, limit.problem?.description ?? "")
        let (minute, _) = try search(make(s), "minute")
        XCTAssertTrue(minute.problem?.description.hasPrefix("Alpha Vantage's request limit is reached") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.cache.url(.search("limit")).path), "an error is never cached")
    }

    func testIBMWithTheDemoKeyThenFromTheCacheThenTheLastGoodCopy() throws {
        let s = try setup(key: nil)
        let ibm = StockInfo(symbol: "IBM", name: "International Business Machines", region: "United States", currency: "USD")
        let t0 = Date()
        let (first, sent) = series(make(s, now: t0), ibm)
        let answer = try first.get()
        XCTAssertEqual(sent, 1)
        XCTAssertEqual(answer.series.kind, .adjusted)
        XCTAssertEqual(answer.series.prices.count, 2)
        XCTAssertEqual(try log().keys.last, "demo")
        // Within the day: the cache, no request.
        let (second, sent2) = series(make(s, now: t0.addingTimeInterval(23 * 3600)), ibm)
        XCTAssertEqual(sent2, 0)
        guard case .alphaVantage(let fetchedAt, fromCache: true) = try second.get().source else { return XCTFail() }
        XCTAssertEqual(fetchedAt.timeIntervalSince1970, t0.timeIntervalSince1970, accuracy: 1)
        // A day later the server fails: the old copy stays in use and on disk.
        let before = try Data(contentsOf: s.cache.url(.series("IBM")))
        for fault in ["503", "html", "garbage", "reset", "slow"] {
            let (late, sent3) = series(make(s, base: "\(server)/fault/\(fault)", now: t0.addingTimeInterval(25 * 3600)), ibm)
            XCTAssertEqual(sent3, 1)
            let kept = try late.get()
            XCTAssertEqual(kept.series, answer.series, fault)
            XCTAssertNotNil(kept.problem, fault)
            XCTAssertEqual(try Data(contentsOf: s.cache.url(.series("IBM"))), before, fault)
        }
    }

    func testOtherSymbolsWithoutAKeyUseTheSample() throws {
        let s = try setup(key: nil)
        let (r, sent) = series(make(s), SampleStocks.info("MSFT"))
        XCTAssertEqual(sent, 0)
        XCTAssertEqual(try r.get().source, .sample)
        XCTAssertEqual(try r.get().series.prices.count, 123)
        let (none, _) = series(make(s), StockInfo(symbol: "TSCO.LON", name: "Tesco", region: "", currency: "GBX"))
        XCTAssertThrowsError(try none.get()) { XCTAssertTrue("\($0)".contains("need an Alpha Vantage key")) }
    }

    func testErrorsNameTheCauseAndNeverTheKey() throws {
        let s = try setup(key: Self.key)
        let cases: [(String, String, String)] = [
            ("\(server)/av", "LIMIT", "daily limit of 25 requests"),
            ("\(server)/av", "PREMIUM", "premium key"),
            ("\(server)/av", "ZZZZ", "does not know this symbol"),
            ("http://example.com/av", "ZZZZ", "address is not usable"),
            ("\(server)/fault/404", "ZZZZ", "HTTP 404"),
        ]
        for (base, symbol, words) in cases {
            let (r, _) = series(make(s, base: base), StockInfo(symbol: symbol, name: symbol, region: "", currency: "USD"))
            XCTAssertThrowsError(try r.get(), symbol) { error in
                XCTAssertTrue("\(error)".contains(words), "\(error)")
                XCTAssertFalse("\(error)".contains(Self.key), "\(error)")
            }
        }
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: s.cache.directory.path)) ?? [], [],
                       "no error answer was cached")
    }

    func testOfflineSendsNothing() throws {
        let s = try setup(key: Self.key)
        let (r, sent) = series(make(s), SampleStocks.info("AAPL"), offline: true)
        XCTAssertEqual(sent, 0)
        XCTAssertEqual(try r.get().source, .sample)
    }

    /// A body that repeats the key is used but never written to disk; what is cached is the user's alone.
    func testAnAnswerQuotingTheKeyIsNeverCachedAndCacheFilesAreTheUsers() throws {
        let s = try setup(key: Self.key)
        let (echo, _) = try search(make(s), "echo")
        XCTAssertFalse(echo.listings.isEmpty)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: s.cache.directory.path)) ?? []
        XCTAssertEqual(files, [], "nothing holding the key was cached")
        let (ba, _) = try search(make(s), "ba")
        XCTAssertFalse(ba.listings.isEmpty)
        let cached = try FileManager.default.contentsOfDirectory(atPath: s.cache.directory.path)
        XCTAssertEqual(cached.count, 1)
        let mode = try FileManager.default.attributesOfItem(atPath: s.cache.directory.appendingPathComponent(cached[0]).path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
    }

    func testTheKeyIsCutOutInAnyCase() {
        let w = Wording("%@ (Alpha Vantage: “%@”)", .verbatim("x"), .verbatim("bad key testkey7q3z or apikey=TestKey7Q3Z"))
        XCTAssertFalse(w.redacting(Self.key).description.lowercased().contains(Self.key.lowercased()), w.redacting(Self.key).description)
    }

    /// A redirect to plain http on another host never takes the key there.
    func testARedirectNeverCarriesTheKeyInTheClear() throws {
        let s = try setup(key: Self.key)
        let keysBefore = try log().keys.count
        let (answer, sent) = try search(make(s, base: "\(server)/redirect/insecure/av"), "ba")
        XCTAssertEqual(sent, 1)
        let problem = try XCTUnwrap(answer.problem).description
        XCTAssertTrue(problem.contains("redirect to plain http:// at http://example.invalid"), problem)
        XCTAssertFalse(problem.lowercased().contains(Self.key.lowercased()), problem)
        XCTAssertEqual(try log().keys.count, keysBefore, "the local server saw only the redirecting request, which /av-log does not count")
    }
}
