import XCTest
@testable import CambioCore
import CambioTestSupport

final class RefreshPolicyTests: XCTestCase {
    func answer(_ p: Provider = .erapi, fixture: String = "erapi_open_latest_USD_2024-08-19.json", fetchedAt: Date = Date(timeIntervalSince1970: 1_724_030_000)) throws -> CachedAnswer {
        CachedAnswer(provider: p, fetchedAt: fetchedAt, etag: "\"abc\"", lastModified: "Mon, 19 Aug 2024 00:02:31 GMT",
                     nextPublication: Date(timeIntervalSince1970: 1_724_112_381), body: try Fixture.data(fixture))
    }

    func testPolicy() throws {
        let a = try answer() // fetched 2024-08-19 01:13 UTC, next publication 2024-08-20 00:06 UTC
        let before = Date(timeIntervalSince1970: 1_724_100_000), after = Date(timeIntervalSince1970: 1_724_200_000)
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .never, networkAllowed: true, cached: a, now: after), .skip(until: .distantFuture),
                       "never: nothing by itself")
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .never, networkAllowed: true, cached: nil, now: after), .skip(until: .distantFuture))
        XCTAssertEqual(RefreshPolicy.decide(trigger: .explicit, interval: .never, networkAllowed: true, cached: a, now: after), .request,
                       "never: F5 still asks")
        for trigger in [RefreshPolicy.Trigger.start, .timer, .explicit] {
            XCTAssertEqual(RefreshPolicy.decide(trigger: trigger, interval: .daily, networkAllowed: false, cached: nil, now: after),
                           .networkOff, "the privacy switch stops every request")
        }
        XCTAssertEqual(RefreshPolicy.decide(trigger: .explicit, interval: .weekly, networkAllowed: true, cached: a, now: before), .request,
                       "an explicit refresh always asks the server")
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .onStart, networkAllowed: true, cached: nil, now: before), .request)
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .onStart, networkAllowed: true, cached: a, now: before),
                       .skip(until: a.nextPublication), "a fresh cache sends no request")
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .onStart, networkAllowed: true, cached: a, now: after), .request)
        XCTAssertEqual(RefreshPolicy.decide(trigger: .timer, interval: .onStart, networkAllowed: true, cached: a, now: after), .skip(until: .distantFuture))
        XCTAssertEqual(RefreshPolicy.decide(trigger: .timer, interval: .daily, networkAllowed: true, cached: a, now: after), .request)
        XCTAssertEqual(RefreshPolicy.decide(trigger: .start, interval: .weekly, networkAllowed: true, cached: a, now: after),
                       .skip(until: a.fetchedAt.addingTimeInterval(7 * 86_400)))
    }

    func testECBPublishesOnTargetDaysAt1600Frankfurt() {
        // Friday 30 Oct 2026 -> Monday 2 Nov 2026, 16:00 CET = 15:00 UTC.
        XCTAssertEqual(RefreshPolicy.nextPublication(.ecb, after: day("2026-10-30"), providerSays: nil),
                       Date(timeIntervalSince1970: 1_793_631_600)) // 2026-11-02T15:00:00Z
        // Summer time: Tue 9 Jun 2026 -> Wed 10 Jun 16:00 CEST = 14:00 UTC.
        XCTAssertEqual(RefreshPolicy.nextPublication(.ecb, after: day("2026-06-09"), providerSays: nil),
                       Date(timeIntervalSince1970: 1_781_100_000)) // 2026-06-10T14:00:00Z
        // Frankfurter's institutions publish at their own hours, some on Sundays: a day after its newest.
        XCTAssertEqual(RefreshPolicy.nextPublication(.frankfurter, after: day("2026-04-04"), providerSays: nil), day("2026-04-05").date)
    }

    func testOtherProvidersPublicationTimes() {
        XCTAssertEqual(RefreshPolicy.nextPublication(.erapi, after: day("2024-08-19"), providerSays: Date(timeIntervalSince1970: 5)),
                       Date(timeIntervalSince1970: 5))
        // Bank of Russia: rates dated Saturday 25 Apr 2026 -> Monday 27 Apr 12:00 Moscow (09:00 UTC).
        XCTAssertEqual(RefreshPolicy.nextPublication(.cbr, after: day("2026-04-25"), providerSays: nil),
                       Date(timeIntervalSince1970: 1_777_280_400)) // 2026-04-27T09:00:00Z
    }
}
