import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioUI
@testable import CambioStore

/// The user's own rates in a real window: set from a Currencies row's menu, labelled on every
/// page, kept across a restart, listed and removed in Preferences, recorded in the history.
final class UserRatesTests: PreferencesTestCase {
    var today: String { context.days.string(Day.today()) }

    /// The row menu's buttons, as the popover shows them.
    func menuLabels(_ code: String) -> [String] {
        let row = window.currencies.rows[code]!
        row.menu.popup()
        MainContext.drain()
        let labels = row.menu.popover?.textsInside ?? []
        row.menu.popdown()
        MainContext.drain()
        return labels
    }

    func set(_ code: String, _ text: String, anchor: String? = nil) throws -> UserRateDialog {
        let dialog = window.currencies.openUserRate(code)
        MainContext.drain()
        if let anchor { dialog.chooseAnchor(anchor) }
        dialog.type(text)
        return dialog
    }

    func testACurrencyNoProviderHasGetsYourRateEverywhereUntilRemoved() async throws {
        try installImportedHistory()
        let page = window.currencies
        page.add("CUP")
        XCTAssertEqual(page.rateText("CUP"), "No rate for CUP in the ECB data")
        XCTAssertTrue(menuLabels("CUP").contains("Set _Your Rate…"))
        XCTAssertFalse(menuLabels("CUP").contains("Remove Your Ra_te"), "nothing to remove yet")

        let dialog = try set("CUP", "abc")
        XCTAssertEqual(dialog.dialog.heading, "Set Your Rate")
        XCTAssertEqual(dialog.lead.text, "1 CUP =")
        XCTAssertEqual(dialog.anchorButton.label, "USD", "against the reference currency at first")
        XCTAssertFalse(dialog.canSet)
        XCTAssertEqual(dialog.reason, "“a” is not part of a number")
        XCTAssertTrue(dialog.valueEntry.hasClass("error"))
        dialog.type("1.2.3")
        XCTAssertEqual(dialog.reason, "Misplaced decimal or group mark")
        dialog.type("-1")
        XCTAssertEqual(dialog.reason, "The rate must be more than zero")
        dialog.type("0.0082")
        XCTAssertTrue(dialog.canSet)
        XCTAssertEqual(dialog.reason, "")
        // Enter sets it and closes the dialog.
        var destroyed = false
        let watch = Window(existing: dialog.dialog.widget).onDestroy { destroyed = true }
        emitActivate(dialog.valueEntry.widget, type: gtk_entry_get_type())
        MainContext.drain()
        XCTAssertNil(UserRateDialog.shown, "closed")
        XCTAssertTrue(destroyed, "the window is gone, not only answered")
        _ = watch
        XCTAssertEqual(context.notices.toasts.last, "Your rate for CUP is set")

        // Every page names it as the user's, with the day it was set.
        XCTAssertEqual(page.rateText("CUP"), "1 CUP = 0.008200 USD · your rate · set \(today)")
        page.type("1000", into: "CUP")
        MainContext.drain()
        XCTAssertEqual(page.entryText("USD"), "8.20")
        let converter = window.converter
        converter.setSource("CUP")
        converter.type("100")
        converter.typingPause.flush()  // the pause after typing ends now, as Enter ends it
        MainContext.drain()
        XCTAssertEqual(converter.resultText("EUR"), "0.73")
        XCTAssertEqual(converter.rateText("EUR")?.hasSuffix("· your rate · set \(today)"), true, converter.rateText("EUR") ?? "nil")
        let calculator = window.calculator
        calculator.type("100 CUP to USD")
        calculator.equals()
        XCTAssertEqual(calculator.resultText, "0.82 USD")
        XCTAssertEqual(calculator.rateText, "1 CUP = 0.008200 USD · your rate · set \(today)")

        // Recorded in the history, on the day it was set.
        let store = try context.historyData.openNow()
        MainContext.drain()
        let point = try XCTUnwrap(store.history(from: "CUP", to: "USD").points.last)
        XCTAssertEqual(point.day, Day.today())
        XCTAssertEqual(point.rate, Decimal(string: "0.0082"))
        XCTAssertEqual(point.source, "user:CUP")

        // Kept in the data file across a restart.
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(window.currencies.rateText("CUP"), "1 CUP = 0.008200 USD · your rate · set \(today)")
        XCTAssertTrue(menuLabels("CUP").contains("Remove Your Ra_te"))

        // Removed: no rate again, at once; the history keeps what was in use that day.
        window.currencies.removeUserRate("CUP")
        MainContext.drain()
        XCTAssertEqual(window.currencies.rateText("CUP"), "No rate for CUP in the ECB data")
        XCTAssertEqual(context.notices.toasts.last, "Your rate for CUP is removed")
        XCTAssertFalse(menuLabels("CUP").contains("Remove Your Ra_te"))
        XCTAssertTrue(context.state.userRates.isEmpty)
    }

    func testYourRateReplacesTheProvidersAndRemovingItBringsTheirsBack() async throws {
        let page = window.currencies
        XCTAssertEqual(page.rateText("GBP"), "1 GBP = 1.3399 USD")
        let dialog = try set("GBP", "1.15", anchor: "EUR")
        XCTAssertEqual(dialog.anchorButton.label, "EUR")
        dialog.dialog.respond("set")
        MainContext.drain()
        XCTAssertEqual(page.rateText("GBP"), "1 GBP = 1.2848 USD · your rate · set \(today)")
        page.type("100", into: "GBP")
        MainContext.drain()
        XCTAssertEqual(page.entryText("EUR"), "115.00", "exactly as set")
        page.removeUserRate("GBP")
        MainContext.drain()
        XCTAssertEqual(page.rateText("GBP"), "1 GBP = 1.3399 USD", "the ECB's again")
        XCTAssertEqual(page.entryText("EUR"), "119.93")
    }

    func testEscapeCancelsAndACircleIsRefusedWithAReason() async throws {
        let first = try set("GBP", "1.15", anchor: "EUR")
        first.dialog.respond("set")
        MainContext.drain()
        let dialog = try set("EUR", "0.9", anchor: "GBP")
        XCTAssertFalse(dialog.canSet)
        XCTAssertEqual(dialog.reason, "Your rate for GBP is set against this currency: choose another")
        dialog.cancel()
        MainContext.drain()
        XCTAssertNil(UserRateDialog.shown)
        XCTAssertEqual(context.state.userRates.all.map(\.code), ["GBP"], "nothing else was set")
    }

    func testPreferencesListsYourRatesAddsAndRemovesThem() async throws {
        openPreferences(size: (360, 640))  // a phone's width
        let group = prefs.userRates!
        XCTAssertEqual(group.group.title, "Your Rates")
        XCTAssertEqual(group.rows.count, 0)

        let dialog = group.openAdd()
        MainContext.drain()
        XCTAssertNotNil(dialog.codeButton, "the currency is chosen first")
        XCTAssertFalse(dialog.canSet)
        dialog.choose("CUP")
        dialog.type("0,0082")  // either mark is read where it is unambiguous
        savePicture(dialog.dialog, "user-rate-dialog-add")
        XCTAssertTrue(dialog.canSet, dialog.reason)
        dialog.dialog.respond("set")
        MainContext.drain()
        XCTAssertEqual(group.rows.map(\.row.title), ["1 CUP = 0.0082 USD"])
        XCTAssertEqual(group.rows.first?.row.subtitle, "Cuban Peso · set \(today)")
        XCTAssertEqual(prefs.toasts.last, "Your rate for CUP is set")
        XCTAssertNotNil(context.rates?.userRate(for: "CUP"))
        savePicture(prefs.window, "prefs-your-rates")

        group.remove("CUP")
        MainContext.drain()
        XCTAssertEqual(group.rows.count, 0)
        XCTAssertEqual(prefs.toasts.last, "Your rate for CUP is removed")
        XCTAssertNil(context.rates?.userRate(for: "CUP"))
    }

    func testChoosingAnotherCurrencyStartsFromThatCurrencysRate() async throws {
        let first = try set("CUP", "0.0082")
        emitActivate(first.valueEntry.widget, type: gtk_entry_get_type())
        MainContext.drain()
        XCTAssertNotNil(context.state.userRates["CUP"])
        openPreferences()
        let dialog = prefs.userRates!.openAdd()
        MainContext.drain()
        dialog.choose("CUP")
        XCTAssertEqual(dialog.valueEntry.text, "0.0082", "your rate for CUP, to change")
        dialog.choose("JPY")
        XCTAssertEqual(dialog.lead.text, "1 JPY =")
        XCTAssertEqual(dialog.anchorButton.label, "USD")
        let inUse = try XCTUnwrap(context.rates?.rate(from: "JPY", to: "USD"))
        XCTAssertEqual(dialog.valueEntry.text, context.formatter.exact(inUse.rounded(places: DecimalFormatter.ratePlaces(inUse))),
                       "the rate in use for JPY, not CUP's number")
        XCTAssertNotEqual(dialog.valueEntry.text, "0.0082")
        dialog.choose("KPW")  // no provider has it: nothing to start from
        XCTAssertEqual(dialog.valueEntry.text, "")
        XCTAssertFalse(dialog.canSet)
        dialog.cancel()
        MainContext.drain()
    }

    /// The dialog at a phone's width and on a desktop (pictures with CAMBIO_UI_SHOTS set).
    func testTheDialogFitsAPhone() async throws {
        let dialog = try set("GBP", "1.15")
        MainContext.drain()
        XCTAssertLessThanOrEqual(dialog.dialog.measure(.horizontal).minimum, 360)
        savePicture(dialog.dialog, "user-rate-dialog")
        dialog.cancel()
    }

    /// The History page of a pair with that currency shows the day it was set, as your rate.
    func testTheHistoryShowsYourRateOnTheDayItWasSet() async throws {
        try installImportedHistory()
        context.preferences.networkAllowed = false
        window.currencies.add("CUP")
        let dialog = try set("CUP", "0.0082")
        dialog.dialog.respond("set")
        MainContext.drain()
        let page = window.history
        page.setPair(from: "CUP", to: "USD")
        window.showPage(.history)
        try await waitForHistory(page) { page.history?.points.isEmpty == false }
        XCTAssertEqual(page.history?.points.map(\.source), ["user:CUP"])
        // CUP's official history would come from Frankfurter: with the network off, said.
        XCTAssertEqual(page.statusText.split(separator: "\n").map(String.init).last, "Network access is off: the days fetched before are shown")
        XCTAssertTrue(page.statusText.split(separator: "\n").first?.hasSuffix("your rate") ?? false, page.statusText)
        XCTAssertTrue(page.dayTexts.first?.hasSuffix(", 0.008200, your rate") ?? false, "\(page.dayTexts)")
        page.setPastDay(Day.today())
        MainContext.drain()
        XCTAssertTrue(page.pastText.contains("(your rate)"), page.pastText)
        savePicture(window.window, "history-your-rate")
    }
}
