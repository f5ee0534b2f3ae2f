import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The card or exchange fee: exact decimal, figured from the unrounded conversion and rounded
/// only for display, in the locale's marks; on the ECB rates of 30 Oct 2026 (1 EUR = 1.1172 USD).
final class FeeTests: XCTestCase {
    let en = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US")))
    let ru = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "ru_RU")))
    let days = DayFormatter(locale: Locale(identifier: "en_US"))
    let today = day("2026-11-22")
    let fee22 = Fee(percent: dec("2.2"))!

    // MARK: The value

    func testTheFeeIsMoreThanZeroAndLessThanAHundredPercent() {
        XCTAssertNil(Fee(percent: 0))
        XCTAssertNil(Fee(percent: -1))
        XCTAssertNil(Fee(percent: 100))
        XCTAssertNil(Fee(percent: 250))
        XCTAssertEqual(Fee(percent: dec("0.01"))?.percent, dec("0.01"))
        XCTAssertEqual(Fee(percent: dec("99.99"))?.percent, dec("99.99"))
    }

    /// The words for `amount` converted by `convert` with `fee` on it, in the app's order (the fee
    /// on the amount, then the conversion's one division), rounded only for display. Without
    /// `convert`, `amount` is already in `code`.
    func feeWords(_ fee: Fee, for amount: Decimal, converting convert: (Decimal) -> Decimal? = { $0 }, code: String,
                  minorUnits: Int, formatter: DecimalFormatter, words: Translations) -> String {
        let value = fee.converting(amount, by: convert)!
        return fee.words(amount: formatter.amount(value, minorUnits: minorUnits), code: code, formatter: formatter, words: words)
    }

    let usdToEur: (Decimal) -> Decimal? = { ecb20261030.convert($0, from: "USD", to: "EUR") }

    func testAnExactHalfWithTheFeeIsRoundedUpOnEveryPageAndTheCommandLine() throws {
        // 3.99 USD with 1.5 %: 3.99 × 1.015 / 1.1172 = 3.625 EUR exactly, shown 3.63. Applied to the
        // quotient 3.99 / 1.1172 (cut to 38 digits) it would be 3.62499…, shown 3.62.
        let fee = try XCTUnwrap(Fee(percent: dec("1.5")))
        let exact = try XCTUnwrap(fee.converting(dec("3.99")) { ecb20261030.convert($0, from: "USD", to: "EUR") })
        XCTAssertEqual(exact, dec("3.625"))
        XCTAssertEqual(en.amount(exact, minorUnits: 2), "3.63")
        var list = currencies("3.99", fee: fee)
        XCTAssertEqual(list.recalculate(table: ecb20261030).feeAmounts?["EUR"], "3.63")
        XCTAssertEqual(converter(amount: "3.99", fee: fee).rows.first?.feeText, "with 1.5 % fee: 3.63 EUR")
    }

    func testItIsExactDecimalNeverBinaryFloatingPoint() {
        XCTAssertEqual(fee22.factor, dec("1.022"))
        XCTAssertEqual(fee22.applied(to: dec("0.1")), dec("0.1022"))
        XCTAssertEqual(fee22.applied(to: dec("89.50948800572860723236663086287146")),
                       dec("91.47869674185463659147869674185463212"))
        XCTAssertEqual(Fee(percent: dec("2.2"))!.applied(to: dec("1000000000000000000000000")), dec("1022000000000000000000000"))
        XCTAssertEqual(Fee(percent: dec("0.35"))!.applied(to: 1000), dec("1003.5"))
    }

    func testTheIssuesExampleAtTheBundledRate() throws {
        let value = try XCTUnwrap(ecb20261030.convert(100, from: "USD", to: "EUR"))
        XCTAssertEqual(en.amount(value, minorUnits: 2), "89.51")
        XCTAssertEqual(feeWords(fee22, for: 100, converting: usdToEur, code: "EUR", minorUnits: 2, formatter: en, words: .english),
                       "with 2.2 % fee: 91.48 EUR")
    }

    func testTheFeeAppliesToTheUnroundedConversionAndIsRoundedOnlyForDisplay() throws {
        // 0.05 USD is 0.044754… EUR, shown 0.04; with 2.2 % it is 0.045739…, shown 0.05. From the
        // rounded 0.04 it would have been 0.04088, shown 0.04.
        let value = try XCTUnwrap(ecb20261030.convert(dec("0.05"), from: "USD", to: "EUR"))
        XCTAssertEqual(en.amount(value, minorUnits: 2), "0.04")
        XCTAssertEqual(feeWords(fee22, for: dec("0.05"), converting: usdToEur, code: "EUR", minorUnits: 2, formatter: en,
                                words: .english),
                       "with 2.2 % fee: 0.05 EUR")
        XCTAssertEqual(en.amount(fee22.applied(to: dec("0.04")), minorUnits: 2), "0.04", "the wrong way round")
        // The target's minor units: yen none, dinar three; the user's fixed places when chosen.
        XCTAssertEqual(feeWords(fee22, for: dec("15725.0268"), code: "JPY", minorUnits: 0, formatter: en, words: .english),
                       "with 2.2 % fee: 16,071 JPY")
        XCTAssertEqual(feeWords(fee22, for: dec("10"), code: "KWD", minorUnits: 3, formatter: en, words: .english),
                       "with 2.2 % fee: 10.220 KWD")
        XCTAssertEqual(feeWords(fee22, for: dec("0.05"), converting: usdToEur, code: "EUR", minorUnits: 2,
                                formatter: en.with(.fixed(5)), words: .english),
                       "with 2.2 % fee: 0.04574 EUR")
    }

    // MARK: Reading and writing it

    func testTypedInTheLocalesMarks() {
        XCTAssertEqual(try Fee.parse("2.2", style: en.style).get(), fee22)
        XCTAssertEqual(try Fee.parse("2,2", style: ru.style).get(), fee22)
        XCTAssertEqual(try Fee.parse(" 2,2 % ", style: ru.style).get(), fee22)
        XCTAssertEqual(try Fee.parse("2.2%", style: en.style).get(), fee22)
        XCTAssertEqual(try Fee.parse("1.75", style: ru.style).get()?.percent, dec("1.75"))
        XCTAssertEqual(Fee.parse("abc", style: en.style), .failure(.notANumber(.invalidCharacter("a"))))
        XCTAssertEqual(Fee.parse("", style: en.style), .failure(.notANumber(.empty)))
        XCTAssertEqual(Fee.parse("150", style: en.style), .failure(.outOfRange))
        XCTAssertEqual(Fee.parse("100", style: en.style), .failure(.outOfRange))
        XCTAssertEqual(Fee.parse("-2", style: en.style), .failure(.outOfRange))
        XCTAssertEqual(Fee.parse("0", style: en.style), .failure(.outOfRange))
        XCTAssertEqual(Fee.parse("12345678901", style: en.style), .failure(.notANumber(.tooManyDigits(limit: Fee.digitLimit))))
        // The command line's --fee 0: no fee.
        XCTAssertEqual(Fee.parse("0", style: en.style, allowZero: true), .success(nil))
        XCTAssertEqual(Fee.parse("0,0", style: ru.style, allowZero: true), .success(nil))
    }

    func testWhyAPercentWasRefusedInWords() {
        XCTAssertEqual(Fee.Refusal.outOfRange.text(.english), "Enter a percent more than 0 and less than 100")
        XCTAssertEqual(Fee.Refusal.notANumber(.empty).text(.english), "Enter a percent more than 0 and less than 100")
        XCTAssertEqual(Fee.Refusal.notANumber(.invalidCharacter("a")).text(.english), "“a” is not part of a number")
        XCTAssertEqual(Fee.Refusal.outOfRange.english, "more than 0 and less than 100; 0 for no fee")
    }

    func testKeptAsPOSIXDigitsSo22StaysExactly22() {
        XCTAssertEqual(fee22.stored, "2.2")
        XCTAssertEqual(Fee(stored: "2.2"), fee22)
        XCTAssertEqual(Fee(stored: "2"), Fee(percent: 2))
        XCTAssertEqual(Fee(stored: "0.35")?.stored, "0.35")
        XCTAssertEqual(Fee(stored: "2.50")?.stored, "2.5")
        for bad in ["", "2,2", "abc", "1e1", ".5", "5.", "1.2.3", "-2", "0", "100", " 2", "2 %", "１"] {
            XCTAssertNil(Fee(stored: bad), bad)
        }
    }

    // MARK: Words

    func testTheWordsFollowTheLocale() {
        XCTAssertEqual(fee22.percentText(ru), "2,2 %")
        XCTAssertEqual(fee22.words(amount: "91,48", code: "EUR", formatter: ru, words: .english), "with 2,2 % fee: 91,48 EUR")
        let russian = Translations(translate: { $0 == "with %@ fee: %@" ? "с комиссией %@: %@" : $0 },
                                   translatePlural: { one, many, n in n == 1 ? one : many })
        XCTAssertEqual(feeWords(fee22, for: dec("89.50948800572860723236663086287146"), code: "EUR", minorUnits: 2,
                                   formatter: ru, words: russian),
                       "с комиссией 2,2 %: 91,48 EUR")
        XCTAssertEqual(feeWords(fee22, for: dec("1234567.8"), code: "USD", minorUnits: 2, formatter: ru, words: .english),
                       "with 2,2 % fee: 1\u{00A0}261\u{00A0}728,29 USD")
    }

    // MARK: The Converter

    func converter(amount: String = "100", fee: Fee?) -> ConverterModel {
        var m = ConverterModel(state: ConverterState(source: "USD", targets: ["EUR", "JPY", "KWD"], amountText: amount),
                               formatter: en, days: days, catalog: testCatalog)
        m.fee = fee
        m.recalculate(table: ecb20261030, today: today)
        return m
    }

    func testEachConverterResultShowsTheAmountWithTheFeeWhenOn() {
        let m = converter(fee: fee22)
        XCTAssertEqual(m.rows.map(\.amountText), ["89.51", "15,725", "\u{2014}"])
        XCTAssertEqual(m.rows.map(\.feeText), ["with 2.2 % fee: 91.48 EUR", "with 2.2 % fee: 16,071 JPY", ""],
                       "a currency without a rate has no fee line")
        XCTAssertEqual(m.row("EUR")?.accessibleName, "EUR, Euro: 89.51, with 2.2 % fee: 91.48 EUR")
        XCTAssertEqual(m.row("KWD")?.accessibleName, "KWD, Kuwaiti Dinar: no rate")
        XCTAssertEqual(m.copy("EUR")?.text, "89.51", "Copy takes the amount, not the fee")
        let off = converter(fee: nil)
        XCTAssertEqual(off.rows.map(\.feeText), ["", "", ""])
        XCTAssertEqual(off.row("EUR")?.accessibleName, "EUR, Euro: 89.51")
    }

    func testTheConverterFeeFollowsTheAmountAndTheSetting() {
        var m = converter(amount: "0.05", fee: fee22)
        XCTAssertEqual(m.row("EUR")?.feeText, "with 2.2 % fee: 0.05 EUR", "from the unrounded 0.0447…")
        m.type("12*3")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.row("EUR")?.amountText, "32.22")
        XCTAssertEqual(m.row("EUR")?.feeText, "with 2.2 % fee: 32.93 EUR") // 36 / 1.1172 × 1.022
        // A bad amount keeps the last figures, with the fee as it is now.
        m.type("1/0")
        m.fee = Fee(percent: 3)
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertTrue(m.amountHasError)
        XCTAssertEqual(m.row("EUR")?.feeText, "with 3 % fee: 33.19 EUR")
        m.fee = nil
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.row("EUR")?.feeText, "")
        XCTAssertEqual(m.row("EUR")?.accessibleName, "EUR, Euro: 32.22")
    }

    func testABlankResultHasNoFeeLineFromAnEarlierAmount() {
        var m = converter(amount: "100", fee: fee22)
        XCTAssertEqual(m.row("EUR")?.feeText, "with 2.2 % fee: 91.48 EUR")
        m.type("100x")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertTrue(m.amountHasError)
        // Swapped while the amount is refused: EUR into USD, JPY, KWD, all blank until a good amount.
        m.swap()
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.rows.map(\.amountText), ["", "", ""])
        XCTAssertEqual(m.rows.map(\.feeText), ["", "", ""], "no fee figured from the 100 USD typed before")
        m.type("100")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.row("USD")?.feeText, "with 2.2 % fee: 114.18 USD") // 100 × 1.022 × 1.1172
    }

    // MARK: The Currencies list

    func currencies(_ text: String = "100", into code: String = "USD", fee: Fee?) -> CurrenciesModel {
        var m = CurrenciesModel(list: CurrencyListState(codes: ["USD", "EUR", "JPY", "GBP", "KWD"], anchorCode: code,
                                                        anchorText: text, referenceCode: "EUR"),
                                catalog: testCatalog, formatter: en, days: days)
        m.fee = fee
        return m
    }

    func testEveryRowConvertedIntoShowsTheFeeButNotTheTypedOne() {
        var m = currencies(fee: fee22)
        let update = m.recalculate(table: ecb20261030)
        XCTAssertEqual(update.amounts, ["EUR": "89.51", "JPY": "15,725", "GBP": "74.63", "KWD": ""])
        XCTAssertEqual(update.feeAmounts, ["EUR": "91.48", "JPY": "16,071", "GBP": "76.27"],
                       "not the typed USD (the fee is on a conversion), not KWD (no rate)")
        XCTAssertEqual(m.feeText("EUR", amount: "91.48", words: .english), "with 2.2 % fee: 91.48 EUR")
        // The reference currency is a row like the others: its amount is converted too.
        m.type("100", into: "EUR")
        XCTAssertEqual(m.recalculate(table: ecb20261030).feeAmounts?["USD"], "114.18") // 111.72 × 1.022
        var off = currencies(fee: nil)
        XCTAssertEqual(off.recalculate(table: ecb20261030).feeAmounts, [:])
        XCTAssertEqual(off.feeText("EUR", amount: "91.48", words: .english), "")
    }

    func testTheListsFeeIsTheConvertersOnEveryAmount() throws {
        // The list applies the fee before converting in fixed point, the Converter before
        // converting in Decimal: the same exact value, rounded once, on any amount.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = "\(Int.random(in: 0...9_999_999, using: &generator)).\(Int.random(in: 0...99, using: &generator))"
            var m = currencies(text, fee: Fee(percent: dec("1.75")))
            let update = m.recalculate(table: ecb20261030)
            for code in ["EUR", "JPY", "GBP"] {
                let value = try XCTUnwrap(Fee(percent: dec("1.75"))!.converting(dec(text)) {
                    ecb20261030.convert($0, from: "USD", to: code)
                })
                let expected = en.amount(value, minorUnits: testCatalog.minorUnits(code))
                XCTAssertEqual(update.feeAmounts?[code], expected, "\(text) USD in \(code)")
            }
        }
    }

    /// As in the Converter: a refused text keeps the last good figures, with the fee as it is now.
    func testARefusedTypedTextKeepsTheFiguresWithTheFeeAsItIsNow() {
        var m = currencies(fee: fee22)
        XCTAssertEqual(m.recalculate(table: ecb20261030).feeAmounts?["EUR"], "91.48")
        m.type("abc", into: "USD")
        var update = m.recalculate(table: ecb20261030)
        XCTAssertNil(update.amounts)
        XCTAssertNil(update.feeAmounts, "the rows keep their last good figures, and their fee lines")
        m.fee = Fee(percent: 3)
        update = m.recalculate(table: ecb20261030)
        XCTAssertNil(update.amounts)
        // 100 USD = 89.5095… EUR, × 1.03 = 92.19; the list's figures and the Converter's agree.
        XCTAssertEqual(update.feeAmounts, ["EUR": "92.19", "JPY": "16,197", "GBP": "76.87"])
        var converter = converter(amount: "100", fee: Fee(percent: 3))
        converter.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(converter.row("EUR")?.feeText, "with 3 % fee: 92.19 EUR")
        XCTAssertNil(m.recalculate(table: ecb20261030).feeAmounts, "figured once for the new fee")
        m.fee = nil
        XCTAssertEqual(m.recalculate(table: ecb20261030).feeAmounts, [:], "off: the lines go")
        // Typed into another row, refused: the figures are still of the 100 USD typed last.
        m.fee = fee22
        m.type("5x", into: "EUR")
        update = m.recalculate(table: ecb20261030)
        XCTAssertEqual(update.feeAmounts?["JPY"], "16,071")
        XCTAssertNil(update.feeAmounts?["USD"], "the amount typed last is what was paid")
        m.type("100", into: "USD")
        XCTAssertEqual(m.recalculate(table: ecb20261030).feeAmounts?["EUR"], "91.48")
    }
}
