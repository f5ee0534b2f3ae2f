import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

/// A saved answer dated after today by the computer's clock: kept as it is, used from its day.
final class ClockCacheTests: XCTestCase {
    func erapiAnswer() throws -> CachedAnswer {
        CachedAnswer(provider: .erapi, fetchedAt: Date(timeIntervalSince1970: 1_724_030_000), etag: nil, lastModified: nil,
                     nextPublication: Date(timeIntervalSince1970: 1_724_112_381), body: try Fixture.data("erapi_open_latest_USD_2024-08-19.json"))
    }

    func testASavedAnswerDatedAfterTodayIsKeptAsItIsAndUsedFromItsDay() throws {
        let cache = RateCache(directory: try tempDir())
        try cache.store(try erapiAnswer())
        let bytes = try Data(contentsOf: cache.url(.erapi))
        guard case .notYet(let path, let newest) = cache.load(.erapi, today: day("2024-08-17")) else { return XCTFail("used or set aside") }
        XCTAssertEqual(path, cache.url(.erapi).path)
        XCTAssertEqual(newest, day("2024-08-19"))
        XCTAssertEqual(try Data(contentsOf: cache.url(.erapi)), bytes, "the file is as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path), ["erapi.json"])
        let all = cache.loadAll(today: day("2024-08-17"))
        XCTAssertEqual(all.notYet.map(\.provider), [.erapi])
        XCTAssertTrue(all.setAside.isEmpty && all.answers.isEmpty)
        guard case .loaded = cache.load(.erapi, today: day("2024-08-19")) else { return XCTFail("not used on its day") }
    }
}
