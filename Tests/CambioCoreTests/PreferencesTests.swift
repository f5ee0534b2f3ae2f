import Foundation
import XCTest
@testable import CambioCore

final class PreferencesTests: XCTestCase {
    func testSettingsRoundTripAndOlderFilesKeepTheirChoices() throws {
        var s = AppSettings(provider: .cbr, refreshInterval: .weekly, networkAllowed: false, decimalPlaces: .fixed(4))
        let data = try JSONEncoder().encode(s)
        XCTAssertEqual(try JSONDecoder().decode(AppSettings.self, from: data), s)
        s.decimalPlaces = .auto
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(s), as: UTF8.self).contains(#""decimalPlaces":"auto""#))

        // Written before the preferences window: provider and interval only.
        let old = try JSONDecoder().decode(AppSettings.self, from: Data(#"{"provider":"ecb","refreshInterval":"daily"}"#.utf8))
        XCTAssertEqual(old, AppSettings(provider: .ecb, refreshInterval: .daily, networkAllowed: true, decimalPlaces: .auto))
        // Then "never" meant no network at all: the user's privacy choice survives.
        let never = try JSONDecoder().decode(AppSettings.self, from: Data(#"{"provider":"ecb","refreshInterval":"never"}"#.utf8))
        XCTAssertFalse(never.networkAllowed)
        XCTAssertEqual(never.refreshInterval, .never)
        // Out of range: the file is refused (and set aside by the store), not silently changed.
        XCTAssertThrowsError(try JSONDecoder().decode(AppSettings.self, from: Data(#"{"decimalPlaces":12}"#.utf8)))
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
    }

    func testPluralRulesOfTheCataloguesLanguages() throws {
        let ru = try XCTUnwrap(PluralRule(header: "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        XCTAssertEqual([1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 0].map(ru.index), [0, 1, 2, 2, 2, 0, 1, 2, 0, 2, 2])
        let it = try XCTUnwrap(PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != 1);"))
        XCTAssertEqual([0, 1, 2].map(it.index), [1, 0, 1])
        let ko = try XCTUnwrap(PluralRule(header: "Plural-Forms: nplurals=1; plural=0;"))
        XCTAssertEqual([1, 7].map(ko.index), [0, 0])
        XCTAssertNil(PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != ;"))
        XCTAssertNil(PluralRule(header: "Plural-Forms: plural=n;"))
    }

    /// A catalogue compiled by msgfmt, read back: singular, plural forms by the header's rule.
    func testCompiledCatalogueWithPlurals() throws {
        let dir = try tempDir()
        let po = dir.appendingPathComponent("ru.po"), mo = dir.appendingPathComponent("ru.mo")
        try Data("""
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        msgid "Preferences"
        msgstr "Параметры"

        msgid "%d purchase"
        msgid_plural "%d purchases"
        msgstr[0] "%d покупка"
        msgstr[1] "%d покупки"
        msgstr[2] "%d покупок"

        """.utf8).write(to: po)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["msgfmt", "--check", "-o", mo.path, po.path]
        try p.run(); p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let catalog = try XCTUnwrap(MessageCatalog(data: try Data(contentsOf: mo)))
        XCTAssertEqual(catalog.translate("Preferences"), "Параметры")
        XCTAssertEqual([1, 3, 5, 21].map { catalog.translate("%d purchase", "%d purchases", $0) },
                       ["%d покупка", "%d покупки", "%d покупок", "%d покупка"])
        XCTAssertEqual(catalog.translate("%d day", "%d days", 2), "%d days", "untranslated: English forms")
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
