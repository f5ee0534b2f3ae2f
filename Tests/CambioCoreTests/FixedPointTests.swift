import XCTest
@testable import CambioCore
import CambioTestSupport

final class FixedPointTests: XCTestCase {
    let f = DecimalFormatter(style: .posix)

    func testExactFromDecimal() {
        XCTAssertEqual(FixedDecimal(dec("12.5")), FixedDecimal(units: 125, scale: 1))
        XCTAssertEqual(FixedDecimal(dec("-0.05")), FixedDecimal(units: -5, scale: 2))
        XCTAssertEqual(FixedDecimal(dec("136")), FixedDecimal(units: 136, scale: 0))
        XCTAssertNotNil(FixedDecimal(dec("123456789012345678901234567890")))
    }

    func testSingleHalfUpRounding() throws {
        let one = FixedDecimal(units: 1, scale: 0)
        // 100 USD to EUR at 1.1172: 89.5094...
        let usd = try XCTUnwrap(FixedDecimal(dec("1.1172")))
        XCTAssertEqual(FixedDecimal(units: 100, scale: 0).converted(from: usd, to: one, places: 2), 8951)
        // Exact ties round away from zero.
        XCTAssertEqual(FixedDecimal(units: 2345, scale: 3).converted(from: one, to: one, places: 2), 235)
        XCTAssertEqual(FixedDecimal(units: -2345, scale: 3).converted(from: one, to: one, places: 2), -235)
        XCTAssertEqual(FixedDecimal(units: 2344, scale: 3).converted(from: one, to: one, places: 2), 234)
        // A zero or negative source rate converts nothing.
        XCTAssertNil(one.converted(from: FixedDecimal(units: 0, scale: 0), to: one, places: 2))
    }

    func testOverflowIsReportedNotWrapped() {
        let huge = FixedDecimal(units: Int128(1) << 120, scale: 0)
        XCTAssertNil(huge.converted(from: FixedDecimal(units: 1, scale: 4), to: FixedDecimal(units: 1_000_000, scale: 0), places: 4))
    }

    func testFormatUnits() {
        let en = DecimalFormatter(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(en.format(units: 123456, fractionDigits: 2), "1,234.56")
        XCTAssertEqual(en.format(units: 5, fractionDigits: 2), "0.05")
        XCTAssertEqual(en.format(units: -5, fractionDigits: 3), "-0.005")
        XCTAssertEqual(en.format(units: 1234567, fractionDigits: 0), "1,234,567")
        XCTAssertEqual(en.format(units: 0, fractionDigits: 2), "0.00")
    }

    /// The fast exact path and the Decimal path agree on what the user sees.
    func testAgreesWithDecimalArithmetic() throws {
        var rng = SystemRandomNumberGenerator()
        let ecb = try ECBHistoryCSV.latest(try Fixture.data("ecb_eurofxref-hist_head.csv"))
        let codes = Array(ecb.rates.keys).sorted()
        let computation = CurrencyListComputation(catalog: testCatalog, formatter: f)
        for _ in 0..<500 {
            let amount = "\(Int.random(in: 0...9_999_999, using: &rng)).\(Int.random(in: 0...9999, using: &rng))"
            let anchor = codes.randomElement(using: &rng)!
            let state = CurrencyListState(codes: codes, anchorCode: anchor, anchorText: amount, referenceCode: "EUR")
            let rows = try computation.rows(state, table: ecb).get()
            for code in codes where code != anchor {
                let exact = try XCTUnwrap(ecb.convert(dec(amount), from: anchor, to: code))
                XCTAssertEqual(rows[code], .amount(f.amount(exact, minorUnits: testCatalog.minorUnits(code))),
                               "\(amount) \(anchor) -> \(code)")
            }
        }
    }

    func testHugeAmountsFallBackToDecimal() throws {
        let state = CurrencyListState(codes: ["USD", "IDR"], anchorCode: "USD",
                                      anchorText: "999999999999999999999999999999", referenceCode: "USD")
        let rows = try CurrencyListComputation(catalog: testCatalog, formatter: f).rows(state, table: ecb20261030).get()
        guard case .amount(let text) = rows["IDR"] else { return XCTFail() }
        XCTAssertEqual(text, "18,148,200,859,291,084,854,994,629,430,701,508.08") // Python decimal, 60 digits: ...508.0827
    }
}
