import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// Frankfurter v2's answers read and checked, and who published a rate in words.
final class FrankfurterTests: XCTestCase {
    let today = Day(iso: "2026-11-28")!

    func records(_ json: String) throws -> [FrankfurterRecord] { try FrankfurterV2.records(Data(json.utf8), today: today) }

    /// One record as the spec shapes it, with the Central Bank of Egypt's published rate of
    /// 9 April 2026 (Tests/Fixtures/frankfurter_v2).
    func testARecordKeepsItsInstitutionsAndLeavesTheExcludedOut() throws {
        let r = try records("""
            [{"date":"2026-04-09","base":"USD","quote":"EGP","rate":53.0734,"providers":[{"key":"CBE","date":"2026-04-09","rate":53.0734},\
            {"key":"BNR","date":"2026-04-09","rate":53.21},{"key":"FRED","date":"2026-04-08","rate":60.1,"excluded":true}]},
             {"date":"2026-04-09","base":"USD","quote":"AED","rate":3.6725}]
            """)
        XCTAssertEqual(r, [FrankfurterRecord(day: day("2026-04-09"), base: "USD", quote: "EGP", rate: dec("53.0734"), institutions: ["BNR", "CBE"]),
                           FrankfurterRecord(day: day("2026-04-09"), base: "USD", quote: "AED", rate: dec("3.6725"), institutions: [])])
        // A rate below 1e-4 is written with an exponent.
        XCTAssertEqual(try records("[{\"date\":\"2026-04-09\",\"base\":\"EGP\",\"quote\":\"KWD\",\"rate\":5.4e-05}]")[0].rate, dec("0.000054"))
    }

    func testEveryFaultIsSaidInWords() {
        func refused(_ json: String, _ expected: ProviderError, line: UInt = #line) {
            XCTAssertThrowsError(try records(json), line: line) { XCTAssertEqual($0 as? ProviderError, expected, line: line) }
        }
        refused("{\"status\":422,\"message\":\"invalid currency: XYZ\"}", .apiError("invalid currency: XYZ"))
        refused("[{\"date\":\"2026-04-09\",\"base\":\"USD\",\"quote\":\"EGP\",\"rate\":0}]", .invalidRate(code: "EGP", value: "0"))
        refused("[{\"date\":\"2026-04-09\",\"base\":\"USD\",\"quote\":\"EGP\",\"rate\":-1}]", .invalidRate(code: "EGP", value: "-1"))
        refused("[{\"date\":\"2026-04-09\",\"base\":\"USD\",\"quote\":\"EGP\",\"rate\":null}]", .invalidRate(code: "EGP", value: "null"))
        refused("[{\"date\":\"2126-04-09\",\"base\":\"USD\",\"quote\":\"EGP\",\"rate\":1}]", .implausibleDate("2126-04-09"))
        refused("[{\"date\":\"2026-04-09\",\"base\":\"USD\",\"quote\":\"EGP\",\"rate\":53.07", .notJSON)
        refused("", .empty)
        refused("<html><body>Portal</body></html>", .htmlPage)
        refused("{\"date\":\"2026-04-09\"}", .wrongShape("not a JSON object"))
    }

    /// A range is the pair asked, within the days asked, each day once, without a tenfold jump.
    func testARangeIsCheckedBeforeAnyOfItIsStored() throws {
        func r(_ d: String, _ v: String, base: String = "USD", quote: String = "EGP") -> FrankfurterRecord {
            FrankfurterRecord(day: day(d), base: base, quote: quote, rate: dec(v), institutions: ["CBE"])
        }
        let good = [r("2026-04-01", "53.5566"), r("2026-04-02", "54.2989"), r("2026-04-01", "1", quote: "USD")]
        let checked = try FrankfurterV2.checkRange(good, base: "USD", quote: "EGP", from: day("2026-04-01"), to: day("2026-04-09"), before: dec("52.9"))
        XCTAssertEqual(checked.map(\.day.iso), ["2026-04-01", "2026-04-02"], "the identity record is left out")
        // The same record twice (where the service splits a long range) is one; a first record
        // up to 14 days before the range (the service carries rates over a long holiday) is taken.
        let repeated = [r("2026-03-18", "52.1"), r("2026-04-01", "53.5566"), r("2026-04-01", "53.5566")]
        XCTAssertEqual(try FrankfurterV2.checkRange(repeated, base: "USD", quote: "EGP", from: day("2026-04-01"), to: day("2026-04-09"),
                                                    before: nil).map(\.day.iso), ["2026-03-18", "2026-04-01"])
        func refused(_ records: [FrankfurterRecord], before: Decimal? = nil, _ expected: ProviderError, line: UInt = #line) {
            XCTAssertThrowsError(try FrankfurterV2.checkRange(records, base: "USD", quote: "EGP", from: day("2026-04-01"), to: day("2026-04-09"),
                                                              before: before), line: line) {
                XCTAssertEqual($0 as? ProviderError, expected, line: line)
            }
        }
        refused([r("2026-04-01", "53.5566", base: "EUR")], .wrongBase(expected: "USD", got: "EUR"))
        refused([r("2026-04-01", "53.5566", quote: "AED")], .wrongShape("a rate for AED, which was not asked for"))
        refused([r("2026-05-09", "53.5566")], .outsideRange(first: "2026-05-09", last: "2026-05-09", askedFrom: "2026-04-01", askedTo: "2026-04-09"))
        refused([r("2026-04-01", "53.5566"), r("2026-04-01", "54")], .dayTwice("2026-04-01"))
        refused([r("2026-04-01", "53.5566"), r("2026-04-02", "542.989")],
                .implausibleMove(code: "USD/EGP on 2026-04-02", kept: "53.5566", answer: "542.989"))
        refused([r("2026-04-01", "535.566")], before: dec("52.9"), .implausibleMove(code: "USD/EGP on 2026-04-01", kept: "52.9", answer: "535.566"))
    }

    /// With institutions named, a range is asked in pieces of at most five years: ten years in
    /// two or three requests, 1999 to today in six.
    func testLongRangesAreAskedInFiveYearPieces() {
        let ten = FrankfurterV2.pieces(from: day("2016-11-28"), to: day("2026-11-28"))
        XCTAssertEqual(ten.map { "\($0.0.iso)…\($0.1.iso)" }, ["2016-11-28…2021-11-27", "2021-11-28…2026-11-27", "2026-11-28…2026-11-28"])
        XCTAssertLessThanOrEqual(ten.count, 3)
        XCTAssertEqual(FrankfurterV2.pieces(from: day("1999-01-04"), to: day("2026-11-28")).count, 6)
        XCTAssertEqual(FrankfurterV2.pieces(from: day("2026-04-01"), to: day("2026-04-09")).count, 1)
        XCTAssertEqual(FrankfurterV2.stored("USD", "EGP").base, "EGP")
        XCTAssertEqual(FrankfurterV2.stored("AED", "JPY").base, "AED")
    }

    /// Frankfurter is asked for what only it has: not for a metal or a coin, nor for two
    /// currencies the ECB publishes unless another institution is chosen.
    func testWhichPairsAreAskedOfFrankfurter() {
        XCTAssertTrue(FrankfurterV2.asks("EGP", "USD", institution: nil))
        XCTAssertTrue(FrankfurterV2.asks("RUB", "EUR", institution: nil), "the ECB stopped the rouble in 2022")
        XCTAssertFalse(FrankfurterV2.asks("EUR", "USD", institution: nil))
        XCTAssertFalse(FrankfurterV2.asks("EUR", "USD", institution: "ECB"))
        XCTAssertTrue(FrankfurterV2.asks("EUR", "USD", institution: "CBR"))
        XCTAssertFalse(FrankfurterV2.asks("XAU", "USD", institution: nil))
        XCTAssertFalse(FrankfurterV2.asks("ETH", "EGP", institution: "CBE"))
        XCTAssertFalse(FrankfurterV2.asks("EGP", "EGP", institution: nil))
    }

    func testWhoPublishedItInWords() {
        XCTAssertEqual(Institution.publisher(["CBE"])?.description, "Central Bank of Egypt")
        XCTAssertEqual(Institution.publisher(["CBE", "CBR", "BNR"])?.description, "average of 3 central banks")
        XCTAssertNil(Institution.publisher([]))
        XCTAssertEqual(Institution.all.count, 84)
        XCTAssertEqual(Institution.byKey["CBR"]?.pivot, "RUB")
        XCTAssertEqual(HistoryPoint(day: day("2026-04-09"), rate: 1, source: "ECB", published: true, institutions: ["ECB"]).publisher.description, "ECB")
        XCTAssertEqual(HistoryPoint(day: day("2026-04-09"), rate: 1, source: "Frankfurter", published: true).publisher.description,
                       "Frankfurter", "a peg the service worked out itself names no institution")
    }

    /// The newest rates as a provider's answer: each currency on its own day, with its institutions.
    func testTheNewestRatesAreAProvidersAnswer() throws {
        let body = """
            [{"date":"2026-10-30","base":"EUR","quote":"EUR","rate":1.0},
             {"date":"2026-10-30","base":"EUR","quote":"CHF","rate":0.9194,"providers":[{"key":"ECB","date":"2026-10-30","rate":0.9194}]},
             {"date":"2026-10-30","base":"EUR","quote":"GBP","rate":0.8338,"providers":[{"key":"ECB","date":"2026-10-30","rate":0.8338}]},
             {"date":"2026-10-30","base":"EUR","quote":"JPY","rate":175.68,"providers":[{"key":"ECB","date":"2026-10-30","rate":175.68}]},
             {"date":"2026-10-30","base":"EUR","quote":"USD","rate":1.1172,"providers":[{"key":"ECB","date":"2026-10-30","rate":1.1172}]},
             {"date":"2026-10-29","base":"EUR","quote":"EGP","rate":54.9,"providers":[{"key":"CBE","date":"2026-10-29","rate":54.9}]}]
            """
        let s = try FrankfurterV2.latest(Data(body.utf8), today: today)
        XCTAssertEqual(s.base, "EUR")
        // One publication of the answer's newest day: a cross of a currency the service dated a
        // day earlier (Egypt's) converts.
        XCTAssertEqual(s.days.keys.map(\.iso), ["2026-10-30"])
        XCTAssertEqual(s.days[day("2026-10-30")]?["EGP"], dec("54.9"))
        XCTAssertEqual(s.table.rate(from: "USD", to: "EGP"), dec("54.9") / dec("1.1172"))
        XCTAssertEqual(s.table.institutions(from: "EUR", to: "EGP"), ["CBE"])
        XCTAssertEqual(s.table.institutions(from: "EUR", to: "USD"), ["ECB"])
        XCTAssertEqual(Institution.publisher(sides: s.table.institutionSides(from: "USD", to: "EGP"))?.description,
                       "European Central Bank, Central Bank of Egypt")
        XCTAssertThrowsError(try FrankfurterV2.latest(Data(body.replacingOccurrences(of: "\"base\":\"EUR\",\"quote\":\"USD\"", with: "\"base\":\"USD\",\"quote\":\"USD\"").utf8), today: today)) {
            XCTAssertEqual($0 as? ProviderError, .wrongBase(expected: "EUR", got: "USD"))
        }
    }
}
