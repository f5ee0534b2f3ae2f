import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioUI

/// The card or exchange fee in a real window: off, nothing shows; on, each Converter result and
/// each Currencies row converted into shows the amount with the fee, as the user types and as
/// the setting changes; set from Preferences, where a bad percent is refused and said.
/// Bundled ECB rates of 30 Oct 2026 (1 EUR = 1.1172 USD).
final class FeeWindowTests: PreferencesTestCase {
    var converter: ConverterPage { window.converter }
    var currencies: CurrenciesPage { window.currencies }

    func setFee(_ percent: String?) {
        if let percent {
            context.preferences.setFeePercent(Fee(stored: percent)!)
            context.preferences.feeEnabled = true
        } else {
            context.preferences.feeEnabled = false
        }
        MainContext.drain()
    }

    func testTheFeeLineShowsAndGoesWithTheSettingOnBothPages() async throws {
        XCTAssertNil(converter.feeText("EUR"), "off by default: no fee line")
        XCTAssertNil(currencies.feeText("EUR"))
        let plainRow = try XCTUnwrap(converter.rows.first { $0.code == "EUR" }).row

        setFee("2.2")
        // The example: 100 USD = 89.51 EUR at the bundled rate.
        XCTAssertEqual(converter.resultText("EUR"), "89.51")
        XCTAssertEqual(converter.feeText("EUR"), "with 2.2 % fee: 91.48 EUR")
        XCTAssertEqual(converter.feeText("GBP"), "with 2.2 % fee: 76.27 GBP")   // 74.6330… × 1.022
        XCTAssertEqual(converter.model.row("EUR")?.accessibleName, "EUR, Euro: 89.51, with 2.2 % fee: 91.48 EUR")
        XCTAssertEqual(currencies.entryText("EUR"), "89.51")
        XCTAssertEqual(currencies.feeText("EUR"), "with 2.2 % fee: 91.48 EUR")
        XCTAssertEqual(currencies.feeText("JPY"), "with 2.2 % fee: 16,071 JPY")
        XCTAssertNil(currencies.feeText("USD"), "the typed amount is what is paid: the fee is on the conversions")

        // The Calculator's conversions show it too, under the rate.
        let calculator = window.calculator
        calculator.type("100 USD to EUR")
        calculator.equals()
        XCTAssertEqual(calculator.resultText, "89.51 EUR")
        XCTAssertEqual(calculator.rateText.split(separator: "\n").last, "with 2.2 % fee: 91.48 EUR")

        setFee("1.5")
        XCTAssertEqual(converter.feeText("EUR"), "with 1.5 % fee: 90.85 EUR")
        XCTAssertEqual(currencies.feeText("EUR"), "with 1.5 % fee: 90.85 EUR")

        setFee(nil)
        calculator.equals()
        XCTAssertFalse(calculator.rateText.contains("fee"), "off: no fee under a conversion")
        XCTAssertNil(converter.feeText("EUR"), "off: the line is hidden, taking no room")
        XCTAssertNil(currencies.feeText("EUR"))
        XCTAssertEqual(converter.model.row("EUR")?.accessibleName, "EUR, Euro: 89.51")
        XCTAssertEqual(converter.rows.first { $0.code == "EUR" }?.row.widget, plainRow.widget, "the same row, no rebuild")
    }

    func testTheFeeFollowsTyping() async throws {
        setFee("2.2")
        currencies.type("200", into: "USD")
        MainContext.drain()
        XCTAssertEqual(currencies.entryText("EUR"), "179.02")
        XCTAssertEqual(currencies.feeText("EUR"), "with 2.2 % fee: 182.96 EUR")   // 179.0190… × 1.022
        // Typing into EUR makes it the typed row: USD now carries the fee, EUR none.
        currencies.type("100", into: "EUR")
        MainContext.drain()
        XCTAssertNil(currencies.feeText("EUR"))
        XCTAssertEqual(currencies.feeText("USD"), "with 2.2 % fee: 114.18 USD")   // 111.72 × 1.022
        // A refused text keeps the last figures and their fee lines.
        currencies.type("abc", into: "EUR")
        MainContext.drain()
        XCTAssertTrue(currencies.hasError("EUR"))
        XCTAssertEqual(currencies.feeText("USD"), "with 2.2 % fee: 114.18 USD")
        setFee("3")
        XCTAssertEqual(currencies.feeText("USD"), "with 3 % fee: 115.07 USD", "another fee while refused: the same figures with it, as in the Converter")
        XCTAssertNil(currencies.feeText("EUR"), "the refused row has none")
        setFee(nil)
        XCTAssertNil(currencies.feeText("USD"), "turned off while refused: gone")
        currencies.type("100", into: "EUR")
        MainContext.drain()
        XCTAssertNil(currencies.feeText("USD"), "off")

        setFee("2.2")
        window.showPage(.converter)
        converter.type("0.05")
        emitActivate(converter.amountEntry.widget, type: gtk_entry_get_type())
        XCTAssertEqual(converter.resultText("EUR"), "0.04")
        XCTAssertEqual(converter.feeText("EUR"), "with 2.2 % fee: 0.05 EUR", "from the unrounded 0.04475…, not from 0.04")
        converter.type("12*3")
        emitActivate(converter.amountEntry.widget, type: gtk_entry_get_type())
        XCTAssertEqual(converter.feeText("EUR"), "with 2.2 % fee: 32.93 EUR")
    }

    func testPreferencesTurnItOnAndKeepAGoodPercentOnly() async throws {
        openPreferences()
        let rows = prefs.feeRows
        XCTAssertEqual(rows.switchRow.title, "Card or exchange _fee")
        XCTAssertTrue(rows.switchRow.subtitle.contains("1–3 %"), rows.switchRow.subtitle)
        XCTAssertEqual(rows.percentRow.title, "Fee in per_cent")
        XCTAssertEqual(rows.percentRow.text, "2")
        XCTAssertFalse(rows.percentRow.sensitive, "the percent waits for the switch")
        XCTAssertEqual(rows.problemText, "")

        rows.feeSwitch.active = true
        MainContext.drain()
        XCTAssertTrue(context.preferences.feeEnabled)
        XCTAssertTrue(rows.percentRow.sensitive)
        XCTAssertEqual(converter.feeText("EUR"), "with 2 % fee: 91.30 EUR")      // 89.5095… × 1.02

        // Typing keeps nothing yet (on the way to "150", "15" must not be kept); Enter or the
        // apply button keeps a good percent.
        rows.percentRow.text = "3.5"
        MainContext.drain()
        XCTAssertEqual(context.preferences.feePercentText, "2", "not kept while typed")
        XCTAssertEqual(rows.problemText, "")
        applyPercent(rows)
        XCTAssertEqual(context.preferences.feePercentText, "3.5")
        XCTAssertEqual(converter.feeText("EUR"), "with 3.5 % fee: 92.64 EUR", "applied with Enter")
        XCTAssertEqual(currencies.feeText("EUR"), "with 3.5 % fee: 92.64 EUR")

        for (typed, why) in [("abc", "Not saved: “a” is not part of a number"),
                             ("150", "Not saved: Enter a percent more than 0 and less than 100"),
                             ("0", "Not saved: Enter a percent more than 0 and less than 100"),
                             ("", "Not saved: Enter a percent more than 0 and less than 100")] {
            rows.percentRow.text = typed
            MainContext.drain()
            XCTAssertEqual(rows.problemText, why, "said as it is typed: \(typed)")
            applyPercent(rows)
            XCTAssertEqual(rows.problemText, why, typed)
            XCTAssertTrue(rows.percentRow.field.hasClass("error"), typed)
            XCTAssertEqual(context.preferences.feePercentText, "3.5", "\(typed) is not kept")
            XCTAssertEqual(converter.feeText("EUR"), "with 3.5 % fee: 92.64 EUR")
        }
        // Typed one figure at a time, "150" passes "15": refused in the end, nothing of it kept.
        for prefix in ["1", "15", "150"] { rows.percentRow.text = prefix }
        applyPercent(rows)
        XCTAssertEqual(context.preferences.feePercentText, "3.5", "15 % was never meant")
        rows.percentRow.text = "2.2 %"
        MainContext.drain()
        XCTAssertEqual(rows.problemText, "", "a good percent: the reason goes")
        applyPercent(rows)
        XCTAssertFalse(rows.percentRow.field.hasClass("error"))
        XCTAssertEqual(context.preferences.feePercentText, "2.2")
        XCTAssertEqual(converter.feeText("EUR"), "with 2.2 % fee: 91.48 EUR")

        rows.feeSwitch.active = false
        MainContext.drain()
        XCTAssertNil(converter.feeText("EUR"))
        XCTAssertNil(currencies.feeText("EUR"))

        // Kept across a restart.
        rows.feeSwitch.active = true
        prefs.window.destroy(); prefs = nil
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(currencies.feeText("EUR"), "with 2.2 % fee: 91.48 EUR")
        openPreferences()
        XCTAssertTrue(prefs.feeRows.feeSwitch.active)
        XCTAssertEqual(prefs.feeRows.percentRow.text, "2.2")
    }

    func testACommaLocaleTypesAndShowsItsOwnMarks() async throws {
        try? FileManager.default.removeItem(at: home)
        makeWindow(lang: "ru_RU.UTF-8")
        openPreferences()
        prefs.feeRows.feeSwitch.active = true
        prefs.feeRows.percentRow.text = "2,2"
        applyPercent(prefs.feeRows)
        XCTAssertEqual(context.preferences.feePercentText, "2.2", "kept in POSIX digits")
        currencies.type("100", into: "USD")
        MainContext.drain()
        XCTAssertEqual(currencies.entryText("EUR"), "89,51")
        let line = try XCTUnwrap(currencies.feeText("EUR"))
        XCTAssertTrue(line.contains("2,2 %") && line.contains("91,48 EUR"), line)
    }

    func testAKeptPercentThatIsNoneIsSaidAndLeftOut() async throws {
        context.preferences.settings?.setString("fee-percent", "2,2") // as gsettings could leave it
        context.preferences.feeEnabled = true
        MainContext.drain()
        XCTAssertNil(converter.feeText("EUR"), "no fee from a value that is none")
        XCTAssertTrue(context.notices.toasts.contains { $0.contains("(“2,2”)") }, "\(context.notices.toasts)")
        openPreferences()
        XCTAssertEqual(prefs.feeRows.percentRow.text, "2,2")
        XCTAssertTrue(prefs.feeRows.problemText.contains("(“2,2”)"), prefs.feeRows.problemText)
        // Said at the next start too, with the other problems.
        prefs.window.destroy(); prefs = nil
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertTrue(context.problems.contains { $0.contains("(“2,2”)") }, "\(context.problems)")
    }

    func testBothPagesFitAPhoneWithTheFeeShown() async throws {
        loadAppStyle()
        setFee("2.25")
        currencies.add("IDR")
        currencies.type("123456789", into: "IDR")
        window.showPage(.converter)
        converter.type("123456789012")
        emitActivate(converter.amountEntry.widget, type: gtk_entry_get_type())
        XCTAssertNotNil(converter.feeText("EUR"))
        XCTAssertNotNil(currencies.feeText("EUR"))
        for root in [currencies.root, converter.root] {
            let widths = minimumWidths(root: root.widget)
            XCTAssertLessThanOrEqual(widths.page, 360, "the page fits a phone with the fee lines")
        }
        layOut(width: 360, height: 640)
        for row in converter.rows { XCTAssertTrue(fitsWidth(row.feeLabel), "\(row.code)'s fee line within 360 px") }
    }

    /// Enter in the percent row (with its apply button shown, Enter emits "apply").
    private func applyPercent(_ rows: FeeRows) {
        emit("activate", on: rows.percentRow.field.widget, type: gtk_entry_get_type())
        MainContext.drain()
    }

}
