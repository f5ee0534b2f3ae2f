import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

final class StockCacheTests: XCTestCase {
    func testCacheLifetimesAndSettingAside() throws {
        let cache = StockCache(directory: try tempDir())
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        guard case .missing = cache.loadSeries("IBM", now: now) else { return XCTFail() }
        let body = try Fixture.data("alphavantage_TIME_SERIES_MONTHLY_ADJUSTED_IBM_trimmed.json")
        try cache.store(CachedStockAnswer(fetchedAt: now, currency: "USD", body: body), as: .series("ibm"))
        guard case .loaded(let answer, let s) = cache.loadSeries("IBM", now: now) else { return XCTFail() }
        XCTAssertEqual(s.prices.count, 2)
        XCTAssertTrue(CachedStockAnswer.isFresh(answer, lifetime: CachedStockAnswer.seriesLifetime, now: now.addingTimeInterval(23 * 3600)))
        XCTAssertFalse(CachedStockAnswer.isFresh(answer, lifetime: CachedStockAnswer.seriesLifetime, now: now.addingTimeInterval(25 * 3600)))
        XCTAssertFalse(CachedStockAnswer.isFresh(answer, lifetime: CachedStockAnswer.searchLifetime, now: now.addingTimeInterval(3601)))
        // Queries differing only in case and spaces share an entry; no query becomes a path.
        XCTAssertEqual(cache.url(.search(" Tesco  PLC")), cache.url(.search("tesco plc")))
        XCTAssertEqual(cache.url(.search("../../etc/passwd")).deletingLastPathComponent().path, cache.directory.path)
        // A damaged file is renamed aside, not overwritten.
        try Data("{garbage".utf8).write(to: cache.url(.search("tesco")))
        guard case .setAside(let path, _) = cache.loadSearch("tesco", now: now) else { return XCTFail() }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.url(.search("tesco")).path))
    }

    func testKeyFileIsTheUsersAlone() throws {
        let dir = try tempDir()
        let store = APIKeyStore(url: dir.appendingPathComponent("cfg/cambio/alphavantage-key"))
        XCTAssertNil(store.load())
        try store.save("ABCD1234EFGH")
        let mode = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        XCTAssertEqual(store.load(), "ABCD1234EFGH")
        try store.save(" NEWKEY99 \n")
        XCTAssertEqual(store.load(), "NEWKEY99")
        XCTAssertThrowsError(try store.save("not a key; rm -rf")) { XCTAssertEqual($0 as? APIKeyError, .invalid) }
        // Each refusal says what is wrong with the key.
        XCTAssertThrowsError(try store.save("AB1")) {
            XCTAssertEqual("\($0)", "An Alpha Vantage key has 4 to 64 letters and digits: this one is too short")
        }
        XCTAssertThrowsError(try store.save(String(repeating: "AB12", count: 17))) {
            XCTAssertEqual("\($0)", "An Alpha Vantage key has 4 to 64 letters and digits: this one is too long")
        }
        XCTAssertThrowsError(try store.save("AB 1")) { XCTAssertEqual("\($0)", "An Alpha Vantage key is letters and digits only") }
        try store.save("demo")
        try store.save(String(repeating: "AB12", count: 16))
        try store.save("NEWKEY99")
        XCTAssertEqual(store.load(), "NEWKEY99", "a refused key changes nothing")
        // A file others could read is narrowed.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.url.path)
        XCTAssertEqual(store.load(), "NEWKEY99")
        let narrowed = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(narrowed?.intValue, 0o600)
        // An existing folder others could read is narrowed too.
        chmod(store.url.deletingLastPathComponent().path, 0o755)
        XCTAssertEqual(store.load(), "NEWKEY99")
        let folder = try FileManager.default.attributesOfItem(atPath: store.url.deletingLastPathComponent().path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(folder?.intValue, 0o700)
        try store.save("")
        XCTAssertNil(store.load())
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.url.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path), [],
                       "no temporary file left behind")
    }
}
