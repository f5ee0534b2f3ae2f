import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

final class RateCacheTests: XCTestCase {
    let today = day("2026-11-22")

    func answer(_ p: Provider = .erapi, fixture: String = "erapi_open_latest_USD_2024-08-19.json", fetchedAt: Date = Date(timeIntervalSince1970: 1_724_030_000)) throws -> CachedAnswer {
        CachedAnswer(provider: p, fetchedAt: fetchedAt, etag: "\"abc\"", lastModified: "Mon, 19 Aug 2024 00:02:31 GMT",
                     nextPublication: Date(timeIntervalSince1970: 1_724_112_381), body: try Fixture.data(fixture))
    }

    func testStoreAndLoadRoundTrip() throws {
        let cache = RateCache(directory: try tempDir().appendingPathComponent("rates"))
        guard case .missing = cache.load(.erapi, today: today) else { return XCTFail() }
        let a = try answer()
        try cache.store(a)
        guard case .loaded(let back, let snapshot) = cache.load(.erapi, today: today) else { return XCTFail() }
        XCTAssertEqual(back, a)
        XCTAssertEqual(snapshot.base, "USD")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path), ["erapi.json"])
    }

    func testUnreadableCacheIsSetAsideAndReported() throws {
        let cache = RateCache(directory: try tempDir())
        try Data("{\"provider\":\"erapi\",\"body\":".utf8).write(to: cache.url(.erapi))
        guard case .setAside(let path, let reason) = cache.load(.erapi, today: today) else { return XCTFail() }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.url(.erapi).path))
    }

    func testACachedBodyThatNoLongerValidatesIsSetAside() throws {
        let cache = RateCache(directory: try tempDir())
        let bad = CachedAnswer(provider: .erapi, fetchedAt: Date(), etag: nil, lastModified: nil,
                               nextPublication: Date(), body: Data("<html><body>portal</body></html>".utf8))
        try cache.store(bad)
        guard case .setAside(_, let reason) = cache.load(.erapi, today: today) else { return XCTFail() }
        XCTAssertTrue(reason.contains("web page"), reason)
    }
}
