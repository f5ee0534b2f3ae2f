import XCTest
@testable import CambioCore
import CambioTestSupport

final class CalculatorTests: XCTestCase {
    let en = Calculator(formatter: DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US"))), catalog: testCatalog)
    let de = Calculator(formatter: DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "de_DE"))), catalog: testCatalog)

    func number(_ calc: Calculator, _ text: String) -> String? {
        guard case .success(let r) = calc.evaluate(text, rates: nil) else { return nil }
        return calc.display(r)
    }

    func testExactArithmeticAsTheDisplayShowsIt() {
        XCTAssertEqual(number(en, "0.1+0.2"), "0.3")
        XCTAssertEqual(number(en, "1/3*3"), "1")
        // What a rounded third leaves below its last digit is not a result: the exact value is 0.
        XCTAssertEqual(number(en, "1/3*3-1"), "0")
        XCTAssertEqual(number(en, "2/3*3-2"), "0")
        XCTAssertEqual(number(en, "1/3+1/3+1/3-1"), "0")
        XCTAssertEqual(number(en, "100/7*7-100"), "0")
        XCTAssertEqual(en.evaluate("1/(1/3*3-1)", rates: nil), .failure(.expression(.divisionByZero)))
        XCTAssertEqual(number(en, "1/3-0.3333"), "0.0000" + String(repeating: "3", count: 32), "32 digits, all of them sound")
        XCTAssertEqual(number(en, "1/3"), "0." + String(repeating: "3", count: 32), "32 significant digits, all kept")
        XCTAssertEqual(number(en, "2/3"), "0." + String(repeating: "6", count: 31) + "7")
        XCTAssertEqual(number(en, "1234567.5*2"), "2,469,135")
        XCTAssertEqual(number(de, "1.234,5+0,5"), "1.235")
        XCTAssertEqual(number(de, "0,1+0,2"), "0,3")
        XCTAssertEqual(number(en, "10-12.5"), "-2.5")
        XCTAssertEqual(number(en, "0.000001/1000000"), "0.000000000001")
        // An exact result longer than the 32 digits kept is refused, not shown rounded as if exact:
        // (10^20 − 1)(10^14 − 1) = 9999999999999899999900000000000001 (34 digits), and
        // (10^20 − 1)² = 9999999999999999999800000000000000000001 (40).
        for text in ["99999999999999999999*99999999999999", "99999999999999999999*99999999999999999999"] {
            XCTAssertEqual(en.evaluate(text, rates: nil), .failure(.expression(.tooManyDigits)), text)
        }
        XCTAssertEqual(ExpressionError.tooManyDigits.wording.description, "The exact result has more than 32 digits")
        // 32 digits fit: (10^16 − 1)² = 99999999999999980000000000000001.
        XCTAssertEqual(number(en, "9999999999999999*9999999999999999"), "99,999,999,999,999,980,000,000,000,000,001")
        // What the display shows parses back to the same value.
        for text in ["1/3", "2/3*1000000", "-7/8", "123456789.125*1000"] {
            guard case .success(let r) = en.evaluate(text, rates: nil) else { return XCTFail(text) }
            guard case .success(let back) = en.evaluate(en.display(r), rates: nil) else { return XCTFail(en.display(r)) }
            XCTAssertEqual(back.value, r.value, text)
        }
    }

    func testGoingOnFromAResultLosesNothing() throws {
        // 1/3 = shows 32 threes; × 3 after it is 1, as 1/3×3 typed at once, not 0.999…
        let third = try en.evaluate("1/3", rates: nil, carrying: nil).get()
        let thirds = "0." + String(repeating: "3", count: 32)
        XCTAssertEqual(en.display(third.result), thirds)
        XCTAssertEqual(third.carry?.text, thirds)
        func goOn(_ text: String, _ carry: ExpressionEvaluator.Carry?) throws -> String {
            en.display(try en.evaluate(text, rates: nil, carrying: carry).get().result)
        }
        XCTAssertEqual(try goOn(thirds + "*3", third.carry), "1")
        XCTAssertEqual(try goOn(thirds + " × 3", third.carry), "1")
        XCTAssertEqual(try goOn(thirds + "*3", nil), "0." + String(repeating: "9", count: 32), "typed by hand: that number, exactly")
        XCTAssertEqual(en.evaluate(thirds + "3*3", rates: nil, carrying: third.carry).map(\.result),
                       .failure(.expression(.tooManyDigits)), "a digit added: not the result any more, but 33 typed threes")
        let twoThirds = try en.evaluate("2000000/3", rates: nil, carrying: nil).get()
        XCTAssertEqual(twoThirds.carry?.text, "666,666.66666666666666666666666667")
        XCTAssertEqual(try goOn("666,666.66666666666666666666666667*3", twoThirds.carry), "2,000,000")
        // The carried value goes on through several steps.
        let step = try en.evaluate(thirds + "/7", rates: nil, carrying: third.carry).get()
        XCTAssertEqual(try goOn(en.display(step.result) + "*21", step.carry), "1")
        let two = try en.evaluate("2/3*3", rates: nil, carrying: nil).get()
        XCTAssertEqual(en.display(two.result), "2")
        XCTAssertEqual(try goOn("2-2", two.carry), "0", "not what the carried 2.000…01 would leave")
        // An exact result carries itself: nothing changes.
        let exact = try en.evaluate("0.1+0.2", rates: nil, carrying: nil).get()
        XCTAssertEqual(try goOn("0.3*3", exact.carry), "0.9")
    }

    func testAConversionShowsTheAmountWithTheFee() throws {
        let table = RateTable(base: "EUR", source: "ECB", days: [Day(iso: "2026-10-30")!: ["USD": Decimal(string: "1.1172")!]])
        let result = try en.evaluate("100 USD to EUR", rates: table).get()
        let fee = Fee(stored: "2.2")!
        // 100 / 1.1172 = 89.5095…; × 1.022 = 91.4787… → 91.48.
        XCTAssertEqual(en.feeLine(result, fee: fee, rates: table, words: .english), "with 2.2 % fee: 91.48 EUR")
        XCTAssertNil(en.feeLine(result, fee: nil, rates: table, words: .english), "no fee: no line")
        let number = try en.evaluate("2+2", rates: table).get()
        XCTAssertNil(en.feeLine(number, fee: fee, rates: table, words: .english), "a number is not a conversion")
    }

    func testErrorsAreValues() {
        XCTAssertEqual(en.evaluate("1/0", rates: nil), .failure(.expression(.divisionByZero)))
        XCTAssertEqual(en.evaluate("", rates: nil), .failure(.expression(.empty)))
        XCTAssertEqual(en.evaluate(String(repeating: "9", count: 40), rates: nil), .failure(.expression(.overflow)))
        if case .failure(.expression(.malformed)) = en.evaluate("2+*3", rates: nil) {} else { XCTFail("2+*3") }
    }

    func testRepeatedEqualsRepeatsTheLastOperation() throws {
        func chain(_ text: String, _ times: Int) -> [String] {
            guard case .success(var r) = en.evaluate(text, rates: nil) else { return [] }
            var out = [en.display(r)]
            for _ in 0..<times {
                guard case .success(let next)? = en.repeatLast(r) else { break }
                r = next
                out.append(en.display(r))
            }
            return out
        }
        XCTAssertEqual(chain("2+3", 3), ["5", "8", "11", "14"])
        XCTAssertEqual(chain("10-4", 2), ["6", "2", "-2"])
        XCTAssertEqual(chain("2*3", 2), ["6", "18", "54"])
        XCTAssertEqual(chain("81/3", 2), ["27", "9", "3"])
        XCTAssertEqual(chain("1+2*3", 1), ["7", "13"], "the last top-level operation: + (2×3)")
        XCTAssertEqual(chain("2*3+4", 1), ["10", "14"])
        XCTAssertEqual(chain("200+10%", 2), ["220", "240", "260"], "the same 20 again")
        XCTAssertEqual(chain("(2+3)", 2), ["5"], "nothing to repeat")
        XCTAssertEqual(chain("7", 2), ["7"])
        XCTAssertEqual(chain("1/3", 1), ["0." + String(repeating: "3", count: 32), "0." + String(repeating: "1", count: 32)])
        // A repeat whose exact value no longer fits is an error, not a crash nor a rounded figure:
        // 10^16 × 10^16 … until the 32 digits kept are not enough, then far beyond.
        for (start, error) in [("10000000000000000*10000000000000000", ExpressionError.overflow),
                               ("9999999999999999*9999999999999999", .tooManyDigits)] {
            guard case .success(let first) = en.evaluate(start, rates: nil) else { return XCTFail(start) }
            var r = first, failed = false
            for _ in 0..<20 {
                switch en.repeatLast(r) {
                case .success(let next)?: r = next
                case .failure(let e)?: XCTAssertEqual(e, .expression(error), start); failed = true
                case nil: XCTFail("no repeat")
                }
                if failed { break }
            }
            XCTAssertTrue(failed, start)
        }
    }

    func testConversionsAsText() throws {
        for text in ["100 USD to EUR", "100 usd in eur", "100USD to EUR", "100 USD \u{2192} EUR", "  100   USD  to  EUR "] {
            XCTAssertEqual(ConversionRequest.parse(text), ConversionRequest(amountText: "100", from: "USD", to: "EUR"), text)
        }
        XCTAssertEqual(ConversionRequest.parse("12*3 GBP to JPY"), ConversionRequest(amountText: "12*3", from: "GBP", to: "JPY"))
        XCTAssertEqual(ConversionRequest.parse("1 234,5 rub \u{0432} usd"), ConversionRequest(amountText: "1 234,5", from: "RUB", to: "USD"))
        XCTAssertNil(ConversionRequest.parse("100 to EUR"))
        XCTAssertNil(ConversionRequest.parse("USD to EUR"))
        XCTAssertNil(ConversionRequest.parse("1+2"))
        XCTAssertNil(ConversionRequest.parse("100 USD plus EUR"))

        let result = try en.evaluate("12*3 GBP to JPY", rates: ecb20261030).get()
        guard case .conversion(let amount, let value, let quote) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(amount, 36)
        XCTAssertEqual(value, 36 * dec("175.68") / dec("0.8338"))
        XCTAssertEqual(quote, Quote(from: "GBP", to: "JPY", rate: dec("175.68") / dec("0.8338"),
                                    publication: Publication(day: day("2026-10-30"), source: "ECB"), institutions: [["ECB"]]))
        XCTAssertEqual(en.display(result), "7,585 JPY", "rounded to the yen only for display")
        XCTAssertEqual(try en.evaluate("100 usd in eur", rates: ecb20261030).get().value, 100 / dec("1.1172"))

        XCTAssertEqual(en.evaluate("100 XYZ to EUR", rates: ecb20261030), .failure(.unknownCurrency("XYZ")))
        XCTAssertEqual(en.evaluate("100 USD to KWD", rates: ecb20261030), .failure(.noRate(from: "USD", to: "KWD")))
        XCTAssertEqual(en.evaluate("1/0 USD to EUR", rates: ecb20261030), .failure(.expression(.divisionByZero)))
        XCTAssertEqual(en.evaluate("100 USD to EUR", rates: nil), .failure(.noRates))
        XCTAssertNil(en.repeatLast(result), "a conversion has no operation to repeat")
    }

    func testToggleSign() {
        let cases = [("7", "-7"), ("-7", "7"), ("5+3", "5-3"), ("5-3", "5+3"), ("5*3", "5*-3"), ("5*-3", "5*3"),
                     ("", "-"), ("5+", "5+-"), ("5+-", "5+"), ("(2+3)", "-(2+3)"), ("-(2+3)", "(2+3)"),
                     ("1 234,5", "-1 234,5"), ("2*(3-1.5)", "2*-(3-1.5)"), ("2*3-1.5", "2*3+1.5"), ("0.3", "-0.3")]
        for (input, expected) in cases {
            XCTAssertEqual(Calculator.toggleSign(input), expected, input)
        }
    }

    func testHistoryKeepsTheNewestFirstWithinItsLimit() {
        var h = CalculatorHistory(limit: 3)
        for i in 1...5 { h.add("\(i)+0", .number(Decimal(i), repeat: nil)) }
        XCTAssertEqual(h.entries.map(\.expression), ["5+0", "4+0", "3+0"])
        h.clear()
        XCTAssertTrue(h.entries.isEmpty)
    }
}
