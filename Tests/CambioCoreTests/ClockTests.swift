import XCTest
@testable import CambioCore
import CambioTestSupport

/// A clock set wrong (behind, before 1900, after 9999) and answers dated after today: nothing
/// crashes, nothing kept is set aside, and what is not used yet is said.
final class ClockTests: XCTestCase {
    func erapiAnswer() throws -> CachedAnswer {
        CachedAnswer(provider: .erapi, fetchedAt: Date(timeIntervalSince1970: 1_724_030_000), etag: nil, lastModified: nil,
                     nextPublication: Date(timeIntervalSince1970: 1_724_112_381), body: try Fixture.data("erapi_open_latest_USD_2024-08-19.json"))
    }

    func testAClockBefore1900OrAfter9999CountsFromTheFirstOrLastDayAndIsSaid() {
        let before = Date(timeIntervalSince1970: -3_786_825_600) // 1850-01-01
        let after = Date(timeIntervalSince1970: 253_402_300_800 + 86_400 * 400) // 10001
        XCTAssertEqual(Day(before), Day(iso: "1900-01-01"))
        XCTAssertEqual(Day(after), Day(iso: "9999-12-31"))
        XCTAssertEqual(Day.today(now: after, zone: TimeZone(identifier: "Pacific/Kiritimati")!), Day(iso: "9999-12-31"))
        XCTAssertEqual(Day.last.next, Day.last)
        XCTAssertEqual(Day.clockProblem(now: before)?.description,
                       "This computer’s clock says the year is 1850; Cambio counts days from 1900 to 9999, so today is taken as 1900-01-01. Set the clock.")
        XCTAssertNotNil(Day.clockProblem(now: after))
        XCTAssertNil(Day.clockProblem(now: Date()))
    }

    func testAnAnswerDatedAfterItsSourcesTodayIsRefused() throws {
        let body = try Fixture.data("erapi_open_latest_USD_2024-08-19.json")
        XCTAssertThrowsError(try ProviderParser.parse(.erapi, body, today: day("2024-08-18"))) {
            XCTAssertEqual($0 as? ProviderError, .afterToday(answer: "2024-08-19", today: "2024-08-18"))
        }
        XCTAssertNoThrow(try ProviderParser.parse(.erapi, body, today: day("2024-08-19")))
        // The Bank of Russia sets tomorrow's rates today.
        XCTAssertEqual(ProviderParser.newestPlausible(.cbr, today: day("2024-08-18")), day("2024-08-19"))
        XCTAssertEqual(ProviderParser.newestPlausible(.currencyapi, today: day("2024-08-18")), day("2024-08-18"))
    }

    func testRatesOutsideAnyPlausibleRangeAreRefusedEvenWithNothingToCompare() {
        XCTAssertTrue(AnswerCheck.isPlausibleRate(dec("3608576691.6463723")), "Venezuela's old bolivar to the dollar")
        XCTAssertTrue(AnswerCheck.isPlausibleRate(dec("0.000015192")), "a bitcoin's dollar price, inverted")
        XCTAssertFalse(AnswerCheck.isPlausibleRate(Decimal(string: "1e100")!))
        XCTAssertFalse(AnswerCheck.isPlausibleRate(Decimal(string: "1e-20")!))
        XCTAssertFalse(AnswerCheck.isPlausibleRate(0))
        XCTAssertEqual(AnswerCheck.shown(Decimal(string: "1e100")!), "1e+100")
        XCTAssertEqual(ProviderError.invalidRate(code: "DOGE", value: "1e+100").wording.description,
                       "the rate for DOGE is outside any plausible range (1e+100)")
        XCTAssertEqual(ProviderError.invalidRate(code: "EUR", value: "-1").wording.description,
                       "the rate for EUR is not a positive number (-1)")
    }

    func testWithoutThePrimarysAnswerTheFreshestOfficialOneIsUsed() throws {
        let bundled = RateTable(base: "EUR", date: day("2026-10-30"), source: "ECB", rates: ["USD": dec("1.1"), "JPY": dec("170")])
        let ecb = ProviderSnapshot(provider: .ecb, base: "EUR", days: [day("2026-11-27"): ["USD": dec("1.12"), "JPY": dec("171")]])
        let older = ProviderSnapshot(provider: .cbr, base: "RUB", days: [day("2026-04-25"): ["USD": dec("0.0125"), "EUR": dec("0.011")]])
        let table = try XCTUnwrap(RateTable.compose(primary: .erapi, answers: [.ecb: ecb, .cbr: older], bundled: bundled))
        XCTAssertEqual(table.publication(from: "EUR", to: "USD")?.day, day("2026-11-27"))
        XCTAssertEqual(table.rate(from: "EUR", to: "USD"), dec("1.12"))
        // The Bank of Russia's rates of tomorrow fill in what the ECB lacks; they never stand in for it.
        let rouble = ProviderSnapshot(provider: .cbr, base: "RUB", days: [day("2026-11-28"): ["USD": dec("0.0125"), "EUR": dec("0.011"), "KZT": dec("5.9")]])
        let withRouble = try XCTUnwrap(RateTable.compose(primary: .erapi, answers: [.ecb: ecb, .cbr: rouble], bundled: bundled))
        XCTAssertEqual(withRouble.publication(from: "EUR", to: "USD")?.day, day("2026-11-27"))
        XCTAssertEqual(withRouble.publication(from: "RUB", to: "KZT")?.source, "Bank of Russia")
        // An older answer never stands in before the bundle.
        let bundleFirst = try XCTUnwrap(RateTable.compose(primary: .erapi, answers: [.cbr: older], bundled: bundled))
        XCTAssertEqual(bundleFirst.publication(from: "EUR", to: "USD")?.day, day("2026-10-30"))
    }
}
