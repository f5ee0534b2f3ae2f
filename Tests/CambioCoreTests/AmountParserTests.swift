import XCTest
@testable import CambioCore
import CambioTestSupport

final class AmountParserTests: XCTestCase {
    let enUS = NumberStyle(locale: Locale(identifier: "en_US"))
    let deDE = NumberStyle(locale: Locale(identifier: "de_DE"))
    let ruRU = NumberStyle(locale: Locale(identifier: "ru_RU"))
    let koKR = NumberStyle(locale: Locale(identifier: "ko_KR"))

    func ok(_ text: String, _ style: NumberStyle, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try AmountParser.parse(text, style: style).get(), dec(expected), "\(text)", file: file, line: line)
    }

    func bad(_ text: String, _ style: NumberStyle, _ error: AmountError, file: StaticString = #filePath, line: UInt = #line) {
        switch AmountParser.parse(text, style: style) {
        case .success(let v): XCTFail("\(text) parsed as \(v)", file: file, line: line)
        case .failure(let e): XCTAssertEqual(e, error, "\(text)", file: file, line: line)
        }
    }

    let arEG = NumberStyle(locale: Locale(identifier: "ar_EG"))
    let faIR = NumberStyle(locale: Locale(identifier: "fa_IR"))
    let hiIN = NumberStyle(locale: Locale(identifier: "hi_IN"))
    let enIN = NumberStyle(locale: Locale(identifier: "en_IN"))

    /// Digits typed in the locale's own script read as ASCII ones, with its marks; ASCII digits
    /// stay accepted everywhere.
    func testTheLocalesOwnDigitsAndMarks() {
        ok("١٢٣", arEG, "123")
        ok("١٢٣٫٤٥", arEG, "123.45")
        ok("١٬٢٣٤٫٥", arEG, "1234.5")
        ok("-٠٫٥", arEG, "-0.5")
        ok("123.45", arEG, "123.45")
        ok("1,234.5", arEG, "1234.5")
        ok("۱۲۳۴٫۵", faIR, "1234.5")
        ok("१२३४.५", hiIN, "1234.5")
        ok("१२,३४,५६७.८९", hiIN, "1234567.89")
        // A direction mark pasted with the number is not part of it.
        ok("\u{200F}١٢٣", arEG, "123")
        bad("١٢a", arEG, .invalidCharacter("a"))
    }

    /// Indian grouping where the locale groups so (12,34,567.89); elsewhere it is a mistake.
    func testIndianGrouping() {
        XCTAssertEqual(hiIN.secondaryGroupingSize, 2)
        XCTAssertEqual(enIN.secondaryGroupingSize, 2)
        XCTAssertNil(enUS.secondaryGroupingSize)
        ok("12,34,567.89", enIN, "1234567.89")
        ok("1,00,000", enIN, "100000")
        ok("1,234,567", enIN, "1234567")
        bad("12,34,567.89", enUS, .misplacedSeparator)
        bad("123,45,678", enIN, .misplacedSeparator)
        bad("12,345,67", enIN, .misplacedSeparator)
    }

    /// A calculation in the locale's digits.
    func testACalculationInArabicIndicDigits() {
        XCTAssertEqual(try ExpressionEvaluator.evaluate("١٢+٣×٢", style: arEG).get(), 18)
        XCTAssertEqual(try ExpressionEvaluator.evaluate("١٠٠٫٥*٢", style: arEG).get(), dec("201"))
    }

    func testLocaleMarks() {
        XCTAssertEqual(enUS.decimalSeparator, ".")
        XCTAssertEqual(enUS.groupingSeparator, ",")
        XCTAssertEqual(deDE.decimalSeparator, ",")
        XCTAssertEqual(deDE.groupingSeparator, ".")
        XCTAssertEqual(ruRU.decimalSeparator, ",")
        XCTAssertTrue(ruRU.groupingSeparator.isWhitespace)
        XCTAssertEqual(koKR.decimalSeparator, ".")
    }

    func testEnglish() {
        ok("1,234.56", enUS, "1234.56")
        ok("1234.56", enUS, "1234.56")
        ok("1,234", enUS, "1234")        // the locale's grouping mark before three digits
        ok("1,5", enUS, "1.5")           // unambiguous: a comma before one digit is decimal
        ok("1,234,567.8", enUS, "1234567.8")
        ok(".5", enUS, "0.5")
        ok("5.", enUS, "5")
        ok("  42  ", enUS, "42")
        ok("-3.25", enUS, "-3.25")
        ok("+7", enUS, "7")
        ok("0.000001", enUS, "0.000001")
    }

    func testGerman() {
        ok("1.234,56", deDE, "1234.56")
        ok("1234,56", deDE, "1234.56")
        ok("1.234", deDE, "1234")
        ok("1.5", deDE, "1.5")           // a dot before one digit can only be decimal
        ok("1,234.56", deDE, "1234.56")  // English style typed in a German locale
        ok("1.234.567", deDE, "1234567")
    }

    func testRussian() {
        ok("1 234,56", ruRU, "1234.56")
        ok("1\u{00A0}234,56", ruRU, "1234.56")
        ok("1\u{202F}234,56", ruRU, "1234.56")
        ok("1234.56", ruRU, "1234.56")
        ok("1.234", ruRU, "1.234")       // in Russian the dot is never grouping
        ok("0,5", ruRU, "0.5")
        ok("12 345 678,9", ruRU, "12345678.9")
        ok("- 5", ruRU, "-5")
    }

    func testKorean() {
        ok("1,234,567", koKR, "1234567")
        ok("12.5", koKR, "12.5")
        bad("₩100", koKR, .invalidCharacter("₩"))
    }

    func testBadInput() {
        bad("", enUS, .empty)
        bad("   ", enUS, .empty)
        bad("abc", enUS, .invalidCharacter("a"))
        bad("1..2", enUS, .misplacedSeparator)
        bad("--5", enUS, .misplacedSign)
        bad("5-", enUS, .misplacedSign)
        bad("1e999", enUS, .invalidCharacter("e"))
        bad(String(repeating: "9", count: 40), enUS, .tooManyDigits(limit: AmountParser.maxDigits))
        bad("1,23,4", enUS, .misplacedSeparator)
        bad("1.234,5.6", deDE, .misplacedSeparator)
        bad(".", enUS, .misplacedSeparator)
        bad("-", enUS, .misplacedSeparator)
        bad("NaN", enUS, .invalidCharacter("N"))
        bad("inf", enUS, .invalidCharacter("i"))
        bad("1,2.3", enUS, .misplacedSeparator)
        bad("2 3", enUS, .misplacedSeparator)          // a space groups only three digits
        bad("12 34,5", ruRU, .misplacedSeparator)
        bad("1 2345", ruRU, .misplacedSeparator)
        // A currency typed after the amount: the letter is the fault, not the space before it.
        bad("100 USD", enUS, .invalidCharacter("U"))
        bad("1 000 руб", ruRU, .invalidCharacter("р"))
        bad("12,5 €", deDE, .invalidCharacter("€"))
        XCTAssertEqual(AmountError.invalidCharacter("U").text(.english), "“U” is not part of a number")
    }

    func testManyDigitsWithinLimitAreExact() {
        ok("123456789012345678901234567890", enUS, "123456789012345678901234567890")
        ok("0.000000000000000000000000000001", enUS, "0.000000000000000000000000000001")
    }
}
