import XCTest
@testable import CambioCore
import CambioTestSupport

final class FormattingTests: XCTestCase {
    func fmt(_ id: String) -> DecimalFormatter { DecimalFormatter(locale: Locale(identifier: id)) }

    func testAmountsPerLocale() {
        XCTAssertEqual(fmt("en_US").amount(dec("1234.56"), minorUnits: 2), "1,234.56")
        XCTAssertEqual(fmt("de_DE").amount(dec("1234.56"), minorUnits: 2), "1.234,56")
        XCTAssertEqual(fmt("ru_RU").amount(dec("1234.56"), minorUnits: 2), "1\u{00A0}234,56")
        XCTAssertEqual(fmt("ko_KR").amount(dec("1234567"), minorUnits: 0), "1,234,567")
        XCTAssertEqual(fmt("en_US").amount(dec("1234567.891"), minorUnits: 3), "1,234,567.891")
        XCTAssertEqual(fmt("en_US").amount(dec("0"), minorUnits: 2), "0.00")
        XCTAssertEqual(fmt("en_US").amount(dec("999"), minorUnits: 2), "999.00")
        XCTAssertEqual(fmt("en_US").amount(dec("-1234.5"), minorUnits: 2), "-1,234.50")
    }

    /// Numbers from files and answers: exactly the plain ones, with every digit.
    func testPlainDecimals() throws {
        for (text, value) in [("136", "136"), ("1.1252", "1.1252"), ("007.50", "7.5"), ("0", "0"), ("0.000000000001", "0.000000000001"),
                              ("12345678901234567890.123456789", "12345678901234567890.123456789")] {
            XCTAssertEqual(Decimal(plain: text), dec(value), text)
        }
        // Foundation's parser takes a prefix of each of these (12.5, 1000, 1, 0, 1.2).
        for text in ["", ".", "12.5abc", "1e3", "1,5", "0x10", "1.2.3", "1.", ".5", " 1", "1 ", "+2", "-2", "NaN", "\u{0661}"] {
            XCTAssertNil(Decimal(plain: text), text)
        }
        // The same values as Foundation's parser on plain text, up to 19 digits and beyond.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let whole = String((0..<Int.random(in: 1...14, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let fraction = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let text = fraction.isEmpty ? whole : whole + "." + fraction
            XCTAssertEqual(Decimal(plain: text), Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text)
        }
    }

    func testRoundsHalfUpToMinorUnits() {
        let f = fmt("en_US")
        XCTAssertEqual(f.amount(dec("2.345"), minorUnits: 2), "2.35")
        XCTAssertEqual(f.amount(dec("2.344999"), minorUnits: 2), "2.34")
        XCTAssertEqual(f.amount(dec("-2.345"), minorUnits: 2), "-2.35")
        XCTAssertEqual(f.amount(dec("0.5"), minorUnits: 0), "1")
        XCTAssertEqual(f.amount(dec("1.0005"), minorUnits: 3), "1.001")
        XCTAssertEqual(f.amount(dec("-0.001"), minorUnits: 2), "0.00") // no "-0.00"
        XCTAssertEqual(f.amount(dec("999.995"), minorUnits: 2), "1,000.00")
    }

    func testSmallRatesKeepSignificantDigits() {
        let f = fmt("en_US")
        XCTAssertEqual(f.rate(dec("0.8951")), "0.8951")
        XCTAssertEqual(f.rate(dec("1.1172")), "1.1172")
        XCTAssertEqual(f.rate(dec("175.68")), "175.6800")
        XCTAssertEqual(f.rate(dec("0.0000493214")), "0.00004932")
        XCTAssertEqual(f.rate(dec("0.006359")), "0.006359")
        XCTAssertNotEqual(f.rate(dec("0.000000012")), "0.0000")
        XCTAssertEqual(f.rate(dec("0.000000012")), "0.00000001200")
    }

    func testBigNumbers() {
        let f = fmt("en_US")
        XCTAssertEqual(f.amount(dec("123456789012345678901234567890"), minorUnits: 2),
                       "123,456,789,012,345,678,901,234,567,890.00")
    }

    func testDayFormatting() {
        XCTAssertEqual(DayFormatter(locale: Locale(identifier: "en_GB")).string(day("2026-10-30")), "30 Oct 2026")
        XCTAssertEqual(DayFormatter(locale: Locale(identifier: "en_US")).string(day("2026-10-30")), "Oct 30, 2026")
        XCTAssertTrue(DayFormatter(locale: Locale(identifier: "ru_RU")).string(day("2026-10-30")).contains("окт"))
        XCTAssertTrue(DayFormatter(locale: Locale(identifier: "de_DE")).string(day("2026-10-30")).contains("Okt"))
    }

    func testDays() {
        XCTAssertNil(Day(iso: "2026-02-29"))
        XCTAssertNotNil(Day(iso: "2024-02-29"))
        XCTAssertNil(Day(iso: "2026-13-01"))
        XCTAssertNil(Day(iso: "26-10-30"))
        XCTAssertLessThan(day("2022-03-01"), day("2026-10-30"))
        XCTAssertEqual(Day(day("2026-10-30").date), day("2026-10-30"))
    }

    /// Messages are filled as String(format:) fills them, for the arguments they take, including
    /// a translation that reorders them; what is not a placeholder is left as written.
    func testMessageTemplatesAreFilledAsTheFormatterDoes() {
        let cases: [(String, [String])] = [
            ("%@ rates of %@", ["ECB", "30 Oct 2026"]),
            ("%2$@ → %1$@ (%2$@)", ["EUR", "USD"]),
            ("100 %% of %@", ["USD"]),
            ("«%@» — ok", ["Złoty ünïcödé"]),
            ("no placeholders", []),
            ("", []),
        ]
        for (template, arguments) in cases {
            XCTAssertEqual(Template.fill(template, arguments), String(format: template, arguments: arguments.map { $0 as CVarArg }),
                           template)
        }
        // Numbers given as digits, as the formatter prints an Int.
        XCTAssertEqual(Template.fill("Rates are %d days old", String(24)), String(format: "Rates are %d days old", 24))
        XCTAssertEqual(Template.fill("%ld h ago", String(3)), String(format: "%ld h ago", 3))
        XCTAssertEqual(Template.fill("%2$d of %1$@", "list", String(-7)), String(format: "%2$d of %1$@", "list", -7))
        // Not placeholders: kept, and no argument is used up.
        XCTAssertEqual(Template.fill("1–3 % on cards, %@", "abroad"), "1–3 % on cards, abroad")
        XCTAssertEqual(Template.fill("%.2f and %@", "x"), "%.2f and x")
        XCTAssertEqual(Template.fill("50%", []), "50%")
        // A placeholder with no argument for it stays, rather than reading one that is not there.
        XCTAssertEqual(Template.fill("%@ and %@", "one"), "one and %@")
        XCTAssertEqual(Template.fill("%3$@", "a", "b"), "%3$@")
        XCTAssertEqual(Template.fill("%99999999999999999999999$@ %@", "a"), "%99999999999999999999999$@ a")
        // Through a Wording, translated first, with its arguments worded too.
        let w = Wording("Amount in %@", Wording("US Dollar"))
        XCTAssertEqual(w.text { $0 == "Amount in %@" ? "Importo in %@" : $0 }, "Importo in US Dollar")
        XCTAssertEqual(Translations.english.ago(3 * 86_400), "3 days ago")
        XCTAssertEqual(Translations.english.ago(5 * 60), "5 min ago")
    }
}
