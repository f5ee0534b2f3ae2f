import XCTest
@testable import CambioCore
import CambioTestSupport

final class ExpressionTests: XCTestCase {
    let en = NumberStyle(locale: Locale(identifier: "en_US"))
    let de = NumberStyle(locale: Locale(identifier: "de_DE"))
    let ru = NumberStyle(locale: Locale(identifier: "ru_RU"))

    /// (input, style, expected value or error)
    func table() -> [(String, NumberStyle, Result<String, ExpressionError>)] {
        [
            // Plain numbers and locale marks
            ("42", en, .success("42")), ("1,234.5", en, .success("1234.5")), ("1.234,5", de, .success("1234.5")),
            ("1 234,5", ru, .success("1234.5")), ("1\u{00A0}234,5", ru, .success("1234.5")), ("0,5", de, .success("0.5")),
            ("1 234,5 + 1", ru, .success("1235.5")), ("12,5*4", de, .success("50")),
            // Precedence and parentheses
            ("1+2*3", en, .success("7")), ("(1+2)*3", en, .success("9")), ("10-4-3", en, .success("3")),
            ("100/10/2", en, .success("5")), ("2*(3+4)*5", en, .success("70")), ("((2))", en, .success("2")),
            ("(100+20)/3", en, .success("40")), ("12.5*4", en, .success("50")), ("12*3", en, .success("36")),
            ("1 + 2 × 3 ÷ 4", en, .success("2.5")), ("7 − 10", en, .success("-3")), ("6 x 7", en, .success("42")),
            // Unary signs
            ("-5", en, .success("-5")), ("--5", en, .success("5")), ("-(2+3)", en, .success("-5")), ("+7", en, .success("7")),
            ("3*-2", en, .success("-6")), ("-2*-2", en, .success("4")), ("−4", en, .success("-4")),
            // Exactness
            ("0.1+0.2", en, .success("0.3")), ("1/3*3", en, .success("1")), ("2/3*3", en, .success("2")),
            ("0.1*3", en, .success("0.3")), ("1-0.9", en, .success("0.1")), ("1/7*7", en, .success("1")),
            ("10/4", en, .success("2.5")), ("1/8", en, .success("0.125")), ("0.3-0.1-0.2", en, .success("0")),
            ("1/3", en, .success("0.33333333333333333333333333333333")), // 32 significant digits
            // Big and tiny numbers
            ("123456789012345678901234567890*10", en, .success("1234567890123456789012345678900")),
            ("0.000000000000000000000000000001*1000", en, .success("0.000000000000000000000000001")),
            ("99999999999999*99999999999999", en, .success("9999999999999800000000000001")),
            ("1/1000000", en, .success("0.000001")),
            // Percent rules
            ("50%", en, .success("0.5")), ("200+10%", en, .success("220")), ("200-10%", en, .success("180")),
            ("200*10%", en, .success("20")), ("200/10%", en, .success("2000")), ("(200+10)%", en, .success("2.1")),
            ("10%+10%", en, .success("0.11")), ("-50%", en, .success("-0.5")), ("100+50%*2", en, .success("101")),
            // Errors, never NaN or inf
            ("", en, .failure(.empty)), ("   ", en, .failure(.empty)), ("1/0", en, .failure(.divisionByZero)),
            ("5/(2-2)", en, .failure(.divisionByZero)), ("0/0", en, .failure(.divisionByZero)),
            ("1+", en, .failure(.malformed("an operator with nothing after it"))),
            ("*2", en, .failure(.malformed("unexpected \u{201C}*\u{201D}"))),
            ("(1+2", en, .failure(.malformed("a missing \u{201C})\u{201D}"))),
            ("1+2)", en, .failure(.malformed("unexpected \u{201C})\u{201D}"))),
            ("()", en, .failure(.malformed("unexpected \u{201C})\u{201D}"))),
            ("1..2", en, .failure(.malformed("1..2"))), ("abc", en, .failure(.malformed("\u{201C}a\u{201D}"))),
            ("1e999", en, .failure(.malformed("\u{201C}e\u{201D}"))), ("NaN", en, .failure(.malformed("\u{201C}N\u{201D}"))),
            (String(repeating: "9", count: 40), en, .failure(.overflow)),
            // An exact value longer than the 32 digits kept is refused, never rounded as if exact
            // (10^31 + 0.1 has 33); after a division that does not end, the result is rounded.
            ("99999999999999999999*99999999999999999999", en, .failure(.tooManyDigits)),
            ("10000000000000000000000000000000+0.1", en, .failure(.tooManyDigits)),
            ("1000000000000000000000000000000+0.1", en, .success("1000000000000000000000000000000.1")),
            ("1/3+100000000000000000000", en, .success("100000000000000000000.33333333333")),
            // Sums past Decimal's 38 digits, which Foundation rounds without saying so.
            ("1000000000000000000000000000000000*10000+0.1", en, .failure(.tooManyDigits)),
            ("1000000000000000000000000000000000*10000-0.1", en, .failure(.tooManyDigits)),
            ("0.1-1000000000000000000000000000000000*10000", en, .failure(.tooManyDigits)),
            ("1000000000000000000000000000000000*10000+1000000000000000000000000000000000", en,
             .success("10001000000000000000000000000000000000")),
            ("0.5+0.5", en, .success("1")), ("2.5-2.5", en, .success("0")),
            ("100000000000000000000+1/3", en, .success("100000000000000000000.33333333333")),
            ("99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999*99999999999999999999", en, .failure(.tooManyDigits)),
            (String(repeating: "10000000000000000000*", count: 8) + "10", en, .failure(.overflow)),
            ("2 3", en, .failure(.malformed("2 3"))), ("12 34,5", ru, .failure(.malformed("12 34,5"))),
            // Big and tiny: 32 significant digits whatever the magnitude
            ("0.000000000000000000000000000001*0.001", en, .success("0.000000000000000000000000000000001")),
            ("1/3/1000000000000000000000000", en, .success("0.00000000000000000000000033333333333333333333333333333333")),
            ("123456789012345678901234567890*1000", en, .success("123456789012345678901234567890000")),
            ("0." + String(repeating: "3", count: 32) + "*3", en, .success("0." + String(repeating: "9", count: 32))),
        ]
    }

    func testTable() {
        let cases = table()
        XCTAssertGreaterThanOrEqual(cases.count, 60)
        for (input, style, expected) in cases {
            let got = ExpressionEvaluator.evaluate(input, style: style)
            switch (got, expected) {
            case (.success(let v), .success(let e)):
                XCTAssertEqual(v, dec(e), "\(input) = \(v), expected \(e)")
            case (.failure(let g), .failure(let e)):
                XCTAssertEqual(g, e, input)
            default:
                XCTFail("\(input): got \(got), expected \(expected)")
            }
        }
    }

    func testArithmeticDetection() {
        XCTAssertTrue(ExpressionEvaluator.isArithmetic("12*3"))
        XCTAssertTrue(ExpressionEvaluator.isArithmetic("5-2"))
        XCTAssertFalse(ExpressionEvaluator.isArithmetic("-5"))
        XCTAssertFalse(ExpressionEvaluator.isArithmetic("1 234,5"))
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        XCTAssertEqual(ExpressionEvaluator.evaluate(deep, style: en).map { _ in 0 }, .failure(.malformed("too deeply nested")))
    }
}
