import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

final class PreferencesTests: XCTestCase {
    func testSettingsRoundTripAndOlderFilesKeepTheirChoices() throws {
        var s = PreferenceValues(provider: .cbr, refreshInterval: .weekly, networkAllowed: false, decimalPlaces: .fixed(4))
        let data = try JSONEncoder().encode(s)
        XCTAssertEqual(try JSONDecoder().decode(PreferenceValues.self, from: data), s)
        s.decimalPlaces = .auto
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(s), as: UTF8.self).contains(#""decimalPlaces":"auto""#))

        // Written before the preferences window: provider and interval only.
        let old = try JSONDecoder().decode(PreferenceValues.self, from: Data(#"{"provider":"ecb","refreshInterval":"daily"}"#.utf8))
        XCTAssertEqual(old, PreferenceValues(provider: .ecb, refreshInterval: .daily, networkAllowed: true, decimalPlaces: .auto))
        // Then "never" meant no network at all: the user's privacy choice survives.
        let never = try JSONDecoder().decode(PreferenceValues.self, from: Data(#"{"provider":"ecb","refreshInterval":"never"}"#.utf8))
        XCTAssertFalse(never.networkAllowed)
        XCTAssertEqual(never.refreshInterval, .never)
        // Out of range: the file is refused (and set aside by the store), not silently changed.
        XCTAssertThrowsError(try JSONDecoder().decode(PreferenceValues.self, from: Data(#"{"decimalPlaces":12}"#.utf8)))
    }

    func testFixedDecimalPlacesRoundOnlyTheDisplay() {
        let en = DecimalFormatter(style: NumberStyle(decimalSeparator: ".", groupingSeparator: ","))
        let value = dec("15725.02694")
        XCTAssertEqual(en.amount(value, minorUnits: 0), "15,725")
        XCTAssertEqual(en.with(.fixed(4)).amount(value, minorUnits: 0), "15,725.0269")
        XCTAssertEqual(en.with(.fixed(0)).amount(dec("89.5095"), minorUnits: 2), "90")
        XCTAssertEqual(en.with(.auto).amount(dec("1.23456"), minorUnits: 3), "1.235")
        XCTAssertEqual(en.with(.fixed(4)).rate(dec("1.117234")), "1.1172", "rates keep their own digits")

        // The list: every row follows the choice, the fixed-point path included.
        let state = CurrencyListState(codes: ["USD", "JPY", "EUR"], anchorCode: "USD", anchorText: "100", referenceCode: "USD")
        let table = RateTable(base: "EUR", source: "test", days: [day("2026-10-30"): ["USD": dec("1.1172"), "JPY": dec("175.69")]])
        guard case .success(let auto) = CurrencyListComputation(catalog: testCatalog, formatter: en).rows(state, table: table),
              case .success(let four) = CurrencyListComputation(catalog: testCatalog, formatter: en.with(.fixed(4))).rows(state, table: table)
        else { return XCTFail() }
        XCTAssertEqual(auto["JPY"], CurrencyListComputation.Row.amount("15,726"))
        XCTAssertEqual(four["JPY"], CurrencyListComputation.Row.amount("15,725.9219"))
        XCTAssertEqual(four["EUR"], CurrencyListComputation.Row.amount("89.5095"))

        // Gains: the sign and colour follow the rounded figure shown.
        let f = DCAFormat(locale: Locale(identifier: "en_US"), decimalPlaces: .fixed(0))
        XCTAssertEqual(f.signedMoney(dec("0.4"), minorUnits: 2), "0")
        XCTAssertEqual(f.signedMoney(dec("-2169.66"), minorUnits: 2), "\u{2212}2,170")
        XCTAssertEqual(f.outcome(dec("0.4"), minorUnits: 2), .breakEven, "0 shown: neither a profit nor a loss")
        XCTAssertEqual(f.outcome(dec("-0.4"), minorUnits: 2), .breakEven)
        XCTAssertEqual(f.outcome(dec("0.5"), minorUnits: 2), .profit)
        let cents = DCAFormat(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(cents.outcome(dec("-0.000000001"), minorUnits: 2), .breakEven)
        XCTAssertEqual(cents.outcome(dec("-0.005"), minorUnits: 2), .loss)
        XCTAssertEqual(cents.outcome(0, minorUnits: 2), .breakEven)
    }
}

/// GTK sets the C locale from the environment; printf then writes "0,5" in ru_RU, de_DE…
final class CLocaleTests: XCTestCase {
    func testFiguresDoNotFollowTheCLocalesDecimalComma() throws {
        let old = String(cString: setlocale(LC_NUMERIC, nil))
        XCTAssertNotNil(setlocale(LC_NUMERIC, "ru_RU.UTF-8"), "scripts/install-deps generates ru_RU.UTF-8")
        defer { setlocale(LC_NUMERIC, old) }
        XCTAssertEqual(String(format: "%.1f", 0.5), "0,5", "the trap this test is about")
        let f = DCAFormat(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(f.percent(0.027712), "+2.77%")
        XCTAssertEqual(Decimal(shortest: 0.027712345), dec("0.027712345"))
        XCTAssertEqual(Decimal(shortest: 1e-05), dec("0.00001"))
        XCTAssertNil(Decimal(shortest: .nan))
        XCTAssertNil(Decimal(shortest: .infinity))
    }
}
