import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioUI

/// The Calculator page in a real window; conversions at the bundled ECB rates of 30 Oct 2026.
final class CalculatorPageTests: WindowTestCase {
    var page: CalculatorPage { window.calculator }

    override func setUp() async throws {
        try await super.setUp()
        window.showPage(.calculator)
        MainContext.drain()
    }

    func keys(_ sequence: [String]) { sequence.forEach { page.press($0) } }

    func testTheKeypadIsExact() async throws {
        XCTAssertEqual(window.visiblePage, .calculator)
        keys(["0", ".", "1", "+", "0", ".", "2", "="])
        XCTAssertEqual(page.text, "0.3")
        XCTAssertEqual(page.resultText, "0.3")
        XCTAssertEqual(page.expressionText, "0.1+0.2 =")
        keys(["1", "\u{00F7}", "3", "\u{00D7}", "3", "="])   // a digit after a result starts afresh
        XCTAssertEqual(page.resultText, "1")
        keys(["\u{00D7}", "5", "="])                        // an operator goes on from it
        XCTAssertEqual(page.resultText, "5")
        XCTAssertEqual(page.expressionText, "1\u{00D7}5 =")
    }

    /// Space or Enter on a focused keypad key: the key goes into the display and the focus stays
    /// on the key, so that Tab goes on from there.
    func testAKeyPressedFromTheKeyboardKeepsTheFocus() async throws {
        let seven = try XCTUnwrap(page.keyWidgets["7"])
        XCTAssertTrue(seven.grabFocus())
        gtk_widget_activate(seven.widget)   // what Space and Enter do on a focused button
        let typed = await waitUntil { self.page.text == "7" }
        XCTAssertTrue(typed, "the display shows 7, not \(page.text)")
        XCTAssertEqual(seven.focusInWindow, AnyWidget(seven), "the focus stays on the 7 key")
        let plus = try XCTUnwrap(page.keyWidgets["+"])
        XCTAssertTrue(plus.grabFocus())
        gtk_widget_activate(plus.widget)
        let went = await waitUntil { self.page.text == "7+" }
        XCTAssertTrue(went, "the display shows 7+, not \(page.text)")
        XCTAssertEqual(plus.focusInWindow, AnyWidget(plus), "the focus stays on the + key")
    }

    func testASecondDecimalMarkDoesNotGoIn() async throws {
        keys(["1", "2", ".", "5", "."])
        XCTAssertEqual(page.text, "12.5")
        keys(["+", "3", ".", "2", ".", "="])
        XCTAssertEqual(page.expressionText, "12.5+3.2 =")
        XCTAssertEqual(page.resultText, "15.7")
    }

    func testGoingOnFromADivisionThatDoesNotEndLosesNothing() async throws {
        keys(["1", "\u{00F7}", "3", "="])
        XCTAssertEqual(page.text, "0." + String(repeating: "3", count: 32))
        keys(["\u{00D7}", "3", "="])                        // the third, not 32 threes
        XCTAssertEqual(page.resultText, "1")
        keys(["AC", "2", "\u{00F7}", "3", "=", "\u{00D7}", "3", "=", "\u{2212}", "2", "="])
        XCTAssertEqual(page.resultText, "0")
    }

    func testRepeatedEqualsAndTheSignKey() async throws {
        keys(["2", "+", "3", "=", "=", "="])
        XCTAssertEqual(page.resultText, "11")
        XCTAssertEqual(page.expressionText, "8 + 3 =")
        keys(["AC", "5", "+", "3", "\u{00B1}"])
        XCTAssertEqual(page.text, "5-3")
        keys(["="])
        XCTAssertEqual(page.resultText, "2")
        keys(["\u{00B1}"])
        XCTAssertEqual(page.text, "-2", "± on a result changes its sign")
        keys(["\u{232B}", "\u{232B}", "4", "2", "C"])
        XCTAssertEqual(page.text, "")
    }

    func testErrorsShowAMessageAndTheNextKeyStartsAfresh() async throws {
        for (input, message) in [("1/0", "Division by zero"), ("2+*3", "Not a calculation"),
                                 (String(repeating: "9", count: 40), "The result is too large"), ("", "Enter an amount"),
                                 ("100 XYZ to EUR", "Unknown currency XYZ"), ("100 USD to KWD", "No rate for USD and KWD")] {
            page.type(input)
            page.equals()
            XCTAssertTrue(page.hasError, input)
            XCTAssertTrue(page.resultText.hasPrefix(message), "\(input): \(page.resultText)")
            XCTAssertFalse(page.resultText.lowercased().contains("nan") || page.resultText.lowercased().contains("inf"))
            keys(["7"])
            XCTAssertEqual(page.text, "7", "after \(input)")
        }
        keys(["="])
        XCTAssertFalse(page.hasError)
        XCTAssertEqual(page.resultText, "7")
    }

    func testConversionsAsTextAndTheConvertKey() async throws {
        page.type("100 USD to EUR")
        page.equals()
        XCTAssertEqual(page.resultText, "89.51 EUR")
        // As in the Converter: the rate's age, marked once stale (the bundled rates are of 30 Oct).
        let age = RateAge.days(Day(iso: "2026-10-30")!, today: Day.today())
        XCTAssertEqual(page.rateText, "1 USD = 0.8951 EUR \u{00B7} ECB \u{00B7} Oct 30, 2026 \u{00B7} "
                       + RateAge.words(age, L10n.translations))
        XCTAssertEqual(page.rateIsMarkedStale, age >= RateAge.staleAfterDays)
        page.type("12*3 gbp in jpy")
        page.equals()
        XCTAssertEqual(page.resultText, "7,585 JPY")          // 36 × 175.68 / 0.8338 = 7585.13
        page.press("Convert")
        XCTAssertEqual(window.visiblePage, .converter)
        XCTAssertEqual(window.converter.fromButtonName, "From GBP (Pound Sterling)")
        XCTAssertEqual(window.converter.shownTargets.first, "JPY")
        XCTAssertEqual(window.converter.amountText, "36")
        XCTAssertEqual(window.converter.resultText("JPY"), "7,585")
    }

    func testHistoryReusesExactResults() async throws {
        keys(["1", "\u{00F7}", "3", "="])
        keys(["2", "+", "2", "="])
        XCTAssertEqual(page.historyTexts, ["2+2 = 4", "1\u{00F7}3 = 0." + String(repeating: "3", count: 32)])
        keys(["AC", "3", "\u{00D7}"])
        page.useHistory(0)
        keys(["="])
        XCTAssertEqual(page.resultText, "12")
        // The third comes back with all its 32 digits, not as a rounded display.
        keys(["3", "\u{00D7}"])
        page.useHistory(2)
        keys(["="])
        XCTAssertEqual(page.resultText, "0." + String(repeating: "9", count: 32))
    }

    func testACommaLocaleKeypad() async throws {
        try? FileManager.default.removeItem(at: home)
        makeWindow(lang: "de_DE.UTF-8")
        window.showPage(.calculator)
        keys(["1", ",", "5", "+", "1", "0", "0", "0", "="])
        XCTAssertEqual(page.resultText, "1.001,5")
        page.type("1.234,5 EUR in USD")
        page.equals()
        XCTAssertEqual(page.resultText, "1.379,18 USD")      // 1234.5 × 1.1172 = 1379.1834
    }
}

/// The Calculator on a phone, a laptop and a wide screen.
final class CalculatorLayoutTests: WindowTestCase {
    func testTheHistoryGoesUnderTheKeypadOnANarrowWindow() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        window.showPage(.calculator)
        let page = window.calculator
        page.type("12*3")
        page.equals()
        let widths = minimumWidths(root: page.root.widget)
        XCTAssertLessThanOrEqual(widths.page, 360, "the page fits a phone")
        XCTAssertLessThanOrEqual(widths.content, 360, "the window fits a phone")
        for (width, height) in [(360, 294), (360, 640)] {
            layOut(width: Int32(width), height: Int32(height))
            savePicture(AnyWidget(window.window), "calculator-\(width)x\(height)")
            XCTAssertFalse(page.historyBesideKeypad, "\(width)×\(height): the history is under the keypad")
            XCTAssertTrue(fitsWidth(page.panes), "\(width)×\(height): nothing cut off at the side")
        }
        for (width, height) in [(1024, 600), (1280, 800)] {
            layOut(width: Int32(width), height: Int32(height))
            savePicture(AnyWidget(window.window), "calculator-\(width)x\(height)")
            XCTAssertTrue(page.historyBesideKeypad, "\(width)×\(height): the history is beside the keypad")
            XCTAssertTrue(fitsWidth(page.panes), "\(width)×\(height): nothing cut off at the side")
        }
        XCTAssertLessThanOrEqual(page.panes.width, 960, "a readable width on a wide screen")
    }

    /// Russian words are longer than English ones: the three pages still fit a phone.
    func testThePagesFitAPhoneInRussian() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        makeWindow(lang: "ru_RU.UTF-8")
        for id in [PageID.currencies, .converter, .calculator] {
            window.showPage(id)
            MainContext.drain()
            let widths = minimumWidths(root: window.page(id).root.widget)
            XCTAssertLessThanOrEqual(widths.page, 360, "the \(id) page fits a phone")
            XCTAssertLessThanOrEqual(widths.content, 360, "the window with the \(id) page fits a phone")
        }
        layOut(width: 360, height: 640)
        savePicture(AnyWidget(window.window), "russian-calculator-360x640")
    }
}
