import XCTest
import CGtk
import CambioGLib
import CambioStore
@testable import CambioCore
@testable import CambioNet
import CambioTestSupport

/// The rates service against the local server: real payloads, every fault, the cache on disk.
final class RatesServiceTests: XCTestCase {
    var server: String { "http://127.0.0.1:\(FaultServer.port)" }

    func service(_ base: String, cache: RateCache, deadline: TimeInterval = 3) -> (@MainActor () -> RatesService) {
        { @MainActor in
            let client = HTTPClient.open("Cambio/test")
            client.deadline = deadline
            return RatesService(cache: cache, endpoints: Endpoints(environment: ["CAMBIO_ERAPI_URL": base]), client: client)
        }
    }

    func outcome(_ make: @escaping @MainActor () -> RatesService, _ trigger: RefreshPolicy.Trigger,
                 _ interval: RefreshInterval = .onStart, networkAllowed: Bool = true) -> RefreshOutcome {
        let r = runOnGLib { () async -> RefreshOutcome in
            let s = make()
            s.loadCache()
            s.client.allowNetwork(networkAllowed)
            return await s.refresh(.erapi, trigger: trigger, interval: interval)
        }
        return (try? r.get()) ?? RefreshOutcome.failed("test harness")
    }

    func testFetchStoreThenNoRequestWhileFresh() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .start), .updated)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.url(.erapi).path))
        // Just fetched: a start within the hour sends nothing, even though the fixture's own
        // next update (20 Aug 2024) is long past.
        guard case .skipped = outcome(service("\(server)/fault/500", cache: cache), .start) else { return XCTFail() }
        // An explicit refresh asks, conditionally, and the server says nothing changed.
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit), .unchanged)
    }

    func testAFreshCacheSendsNoRequest() throws {
        let cache = RateCache(directory: try tempDir())
        let body = try Fixture.data("erapi_open_latest_USD_2024-08-19.json")
        try cache.store(CachedAnswer(provider: .erapi, fetchedAt: Date(), etag: nil, lastModified: nil,
                                     nextPublication: Date().addingTimeInterval(3600), body: body))
        // Pointed at a server that would fail: no request is made, so nothing fails.
        guard case .skipped = outcome(service("\(server)/fault/500", cache: cache), .start) else { return XCTFail() }
        XCTAssertEqual(outcome(service("\(server)/fault/500", cache: cache), .explicit), .failed("the server answered HTTP 500"),
                       "an explicit refresh always asks")
        guard case .skipped = outcome(service("\(server)/fault/500", cache: cache), .start, .never) else { return XCTFail() }
        XCTAssertEqual(outcome(service("\(server)/fault/500", cache: cache), .explicit, networkAllowed: false), .networkOff,
                       "the privacy switch: not even an explicit refresh")
    }

    func testEveryFaultKeepsTheLastGoodAnswerInUseAndOnDisk() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit), .updated)
        let before = try Data(contentsOf: cache.url(.erapi))
        let faults: [(String, String)] = [
            ("404", "HTTP 404"), ("500", "HTTP 500"), ("503", "HTTP 503"),
            ("html", "web page"), ("empty", "empty"), ("garbage", "not JSON"), ("reset", "cut off"),
            ("truncated", "cut off"), ("slow", "within 3 s"), ("big", "larger than 5 MB"),
            ("wrongshape", "unexpected shape"), ("negative", "rate for EUR is not a positive number"), ("nan", "not JSON"),
            ("as/erapi_v6_error_invalid-key.json", "invalid-key"), ("as/ecb_eurofxref-daily.xml", "not JSON"),
        ]
        for (fault, words) in faults {
            let base = fault.hasPrefix("as/") ? "\(server)/\(fault)" : "\(server)/fault/\(fault)"
            guard case .failed(let message) = outcome(service(base, cache: cache), .explicit) else {
                XCTFail("\(fault) did not fail"); continue
            }
            XCTAssertTrue(message.description.contains(words), "\(fault): \(message)")
            XCTAssertEqual(try Data(contentsOf: cache.url(.erapi)), before, "\(fault) left the cache as it was")
        }
        let refused = outcome(service("http://127.0.0.1:9", cache: cache), .explicit)
        XCTAssertEqual(refused, .failed("the server refused the connection"))
        XCTAssertEqual(try Data(contentsOf: cache.url(.erapi)), before)
    }

    func testTooManyRequestsWaitsForRetryAfterEvenOnExplicitRefresh() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit), .updated)
        let before = try Data(contentsOf: cache.url(.erapi))
        let started = Date()
        guard case .waitUntil(let until) = outcome(service("\(server)/fault/429", cache: cache), .explicit) else { return XCTFail() }
        XCTAssertEqual(until.timeIntervalSince(started), 60, accuracy: 5, "the server's Retry-After: 60")
        // A later run, even an explicit refresh against a server that would answer, waits.
        guard case .waitUntil = outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit) else {
            return XCTFail("asked again before Retry-After")
        }
        XCTAssertEqual(try Data(contentsOf: cache.url(.erapi)), before)
        // Once the time has passed, it asks again.
        try cache.setRetryNotBefore(.erapi, Date().addingTimeInterval(-1))
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit), .unchanged)
    }

    func testEnvironmentOverridesAndPaths() {
        let e = Endpoints(environment: ["CAMBIO_ECB_URL": "http://127.0.0.1:8/x/", "CAMBIO_CBR_URL": ""])
        XCTAssertEqual(e.latest(.ecb), "http://127.0.0.1:8/x/stats/eurofxref/eurofxref-daily.xml")
        XCTAssertEqual(e.latest(.cbr), "https://www.cbr.ru/scripts/XML_daily.asp")
        XCTAssertEqual(e.latest(.erapi), "https://open.er-api.com/v6/latest/USD")
        XCTAssertEqual(e.latest(.frankfurter), "https://api.frankfurter.dev/v2/rates?expand=providers")
        // CAMBIO_FRANKFURTER_URL names the v2 base; the paths of the spec are appended to it.
        let v2 = Endpoints(environment: ["CAMBIO_FRANKFURTER_URL": "http://127.0.0.1:8/fv2/"])
        XCTAssertEqual(v2.frankfurterRange(Day(iso: "2026-10-24")!, Day(iso: "2026-10-30")!),
                       "http://127.0.0.1:8/fv2/rates?from=2026-10-24&to=2026-10-30&providers=ECB")
        XCTAssertEqual(v2.frankfurterPair(base: "EGP", quote: "USD", from: Day(iso: "2026-04-01")!, to: Day(iso: "2026-04-09")!, institution: "CBE"),
                       "http://127.0.0.1:8/fv2/rates?from=2026-04-01&to=2026-04-09&base=EGP&quotes=USD&expand=providers&providers=CBE")
    }

    func testRetryAfterIsCappedAtADay() throws {
        let cache = RateCache(directory: try tempDir())
        let started = Date()
        guard case .waitUntil(let until) = outcome(service("\(server)/fault/429forever", cache: cache), .explicit) else { return XCTFail() }
        XCTAssertEqual(until.timeIntervalSince(started), 24 * 3600, accuracy: 60, "Retry-After: 999999999 is held to a day")
        // A file written before the cap (until 2058) blocks a day at the most either.
        try cache.setRetryNotBefore(.erapi, Date(timeIntervalSince1970: 2_000_000_000 + 900_000_000))
        let held = try XCTUnwrap(cache.retryNotBefore(.erapi))
        XCTAssertLessThanOrEqual(held.timeIntervalSinceNow, 24 * 3600 + 1)
    }

    /// An answer that cannot be right beside the kept one replaces nothing, and says why.
    func testOlderWrongBaseAndImplausibleAnswersAreRefused() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(outcome(service("\(server)/as/erapi_open_latest_USD_2024-08-19.json", cache: cache), .explicit), .updated)
        let before = try Data(contentsOf: cache.url(.erapi))
        let cases: [(String, String)] = [
            ("olddate", "the rates' date is not plausible (2000-01-02)"),
            ("wrongbase", "the rates are against EUR, but USD was asked for"),
            ("jump", "the rate for EUR jumped from 0.907539 to 90.7539"),
        ]
        for (fault, words) in cases {
            guard case .failed(let why) = outcome(service("\(server)/fault/\(fault)", cache: cache), .explicit) else {
                return XCTFail("\(fault) was taken")
            }
            XCTAssertTrue(why.description.contains(words), "\(fault): \(why)")
            XCTAssertEqual(try Data(contentsOf: cache.url(.erapi)), before, "\(fault): the kept answer is untouched")
        }
    }

    func testAnAnswerOlderThanTheKeptOneIsRefused() throws {
        let kept = try ProviderParser.parse(.erapi, Fixture.data("erapi_open_latest_USD_2024-08-19.json"), today: Day(iso: "2026-11-22")!)
        let older = ProviderSnapshot(provider: .erapi, base: "USD", days: [Day(iso: "2024-08-01")!: kept.days.values.first!])
        XCTAssertThrowsError(try AnswerCheck.check(older, base: "USD", kept: kept, today: Day(iso: "2026-11-22")!)) {
            XCTAssertEqual($0 as? ProviderError, .olderThanKept(answer: "2024-08-01", kept: "2024-08-19"))
        }
        XCTAssertNoThrow(try AnswerCheck.check(kept, base: "USD", kept: kept, today: Day(iso: "2026-11-22")!))
    }
}
