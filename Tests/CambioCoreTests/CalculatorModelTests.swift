import XCTest
@testable import CambioCore
import CambioTestSupport

/// The Calculator page's keys and = without a display: the text the user would see after each.
final class CalculatorModelTests: XCTestCase {
    let calc = Calculator(formatter: DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US"))), catalog: testCatalog)

    /// Types `key` into `text` as the page does (the cursor at the end).
    func type(_ key: String, into text: String, _ model: inout CalculatorModel) -> String {
        switch model.insert(key, into: text, at: text.unicodeScalars.count, decimalMark: ".") {
        case .atCursor, .atEnd: return text + key
        case .replacingAll: return key
        case .ignored: return text
        }
    }

    func testASecondDecimalMarkInANumberIsIgnored() {
        var model = CalculatorModel()
        var text = ""
        for key in ["1", "2", ".", "5", "."] { text = type(key, into: text, &model) }
        XCTAssertEqual(text, "12.5", "the second mark does not go in")
        for key in ["+", "3", ".", "2", "."] { text = type(key, into: text, &model) }
        XCTAssertEqual(text, "12.5+3.2", "the next number has a mark of its own")
        XCTAssertEqual(model.insert(".", into: "12.5", at: 2, decimalMark: "."), .ignored, "nor before the number's mark")
        XCTAssertEqual(model.insert(".", into: "1,234", at: 5, decimalMark: "."), .atCursor, "grouping is not a decimal mark")
        XCTAssertEqual(model.insert(",", into: "3+1,5", at: 5, decimalMark: ","), .ignored, "a comma locale's mark")
        XCTAssertEqual(model.insert(".", into: "1.234", at: 5, decimalMark: ","), .atCursor, "grouping in a comma locale")
        XCTAssertEqual(model.equals(text, calculator: calc, rates: nil).text, "15.7")
    }

    func testADigitAfterAResultStartsAfreshAndAnOperatorGoesOnFromIt() {
        var model = CalculatorModel()
        var text = "12*3"
        let first = model.equals(text, calculator: calc, rates: nil)
        XCTAssertEqual(first.expression, "12*3 =")
        XCTAssertEqual(first.text, "36")
        text = first.text
        XCTAssertTrue(model.showsResult(text))
        XCTAssertEqual(type("7", into: text, &model), "7", "a digit replaces the result")

        _ = model.equals("36", calculator: calc, rates: nil)
        text = type("+", into: "36", &model)
        XCTAssertEqual(text, "36+", "an operator goes on from it")
        text = type("4", into: text, &model)
        XCTAssertEqual(model.equals(text, calculator: calc, rates: nil).text, "40")
    }

    func testEqualsAgainRepeatsTheLastOperation() {
        var model = CalculatorModel()
        var text = model.equals("2*3", calculator: calc, rates: nil).text
        XCTAssertEqual(text, "6")
        let again = model.equals(text, calculator: calc, rates: nil)
        XCTAssertEqual(again.text, "18")
        XCTAssertEqual(again.expression, "6 \u{00D7} 3 =")
        text = again.text
        XCTAssertEqual(model.equals(text, calculator: calc, rates: nil).text, "54")
        XCTAssertEqual(model.history.entries.map { model.historyLine($0, calculator: calc) },
                       ["18 \u{00D7} 3 = 54", "6 \u{00D7} 3 = 18", "2*3 = 6"], "newest first")
    }

    func testGoingOnFromAThirdLosesNothing() {
        var model = CalculatorModel()
        let third = model.equals("1/3", calculator: calc, rates: nil)
        XCTAssertEqual(third.text, "0." + String(repeating: "3", count: 32))
        let text = type("*", into: third.text, &model) + "3"
        XCTAssertEqual(model.equals(text, calculator: calc, rates: nil).text, "1", "the unrounded third, times 3")
    }

    func testAfterAnErrorAnyKeyStartsAfreshAndTheErrorIsNotInTheHistory() {
        var model = CalculatorModel()
        let refused = model.equals("1/0", calculator: calc, rates: nil)
        XCTAssertEqual(refused.outcome, .failure(.expression(.divisionByZero)))
        XCTAssertEqual(refused.expression, "1/0")
        XCTAssertEqual(refused.text, "1/0", "the text stays to be mended")
        XCTAssertEqual(type("+", into: refused.text, &model), "+", "even an operator starts afresh")
        XCTAssertTrue(model.history.entries.isEmpty)
    }

    func testEditingByHandTypesWhereTheCursorIs() {
        var model = CalculatorModel()
        _ = model.equals("5+5", calculator: calc, rates: nil)
        model.edited()   // ⌫, CE, a click in the display, an arrow key
        XCTAssertEqual(model.insert("0", into: "10", at: 1, decimalMark: "."), .atCursor)
    }

    func testPlusMinusOnAResultKeepsAllItsDigits() {
        var model = CalculatorModel()
        let third = model.equals("1/3", calculator: calc, rates: nil).text
        XCTAssertEqual(model.toggleSign(third, calculator: calc), "-0." + String(repeating: "3", count: 32))
        XCTAssertEqual(model.toggleSign("5-3", calculator: calc), "5+3")
    }

    func testAConversionSendsItsAmountAndPairAndANumberItsValue() {
        var model = CalculatorModel()
        let conversion = model.equals("12*3 GBP to JPY", calculator: calc, rates: ecb20261030)
        XCTAssertEqual(conversion.text, "12*3 GBP to JPY", "a conversion stays as typed")
        let sent = model.conversion(of: conversion.text, calculator: calc)
        XCTAssertEqual(sent?.amount, "36")
        XCTAssertEqual(sent?.pair, FavouritePair(from: "GBP", to: "JPY"))
        XCTAssertNil(model.conversion(of: "something else", calculator: calc), "only the result shown is sent")
        let number = model.equals("2+2", calculator: calc, rates: nil)
        XCTAssertEqual(model.conversion(of: number.text, calculator: calc)?.amount, "4")
        XCTAssertNil(model.conversion(of: number.text, calculator: calc)?.pair)
    }

    func testACClearsTheResultButKeepsTheHistory() {
        var model = CalculatorModel()
        let shown = model.equals("2+2", calculator: calc, rates: nil).text
        model.clearAll()
        XCTAssertFalse(model.showsResult(shown))
        XCTAssertEqual(model.history.entries.count, 1)
        model.clearHistory()
        XCTAssertTrue(model.history.entries.isEmpty)
    }
}
