import XCTest
import CGtk
import CambioGLib
@testable import CambioServices
@testable import CambioCore
@testable import CambioNet
@testable import CambioUI

/// The Preferences window in a real GTK window: each choice applies at once and survives a restart.
final class PreferencesWindowTests: PreferencesTestCase {

    func select(_ row: ComboRow, _ index: Int) {
        row.selected = index
        MainContext.drain()
    }

    /// An AdwPreferencesWindow over the main window: modal, gone with it, searchable; every
    /// choice a row named by its title.
    func testItIsAPreferencesWindowOfRows() async throws {
        openPreferences()
        XCTAssertEqual(prefs.window.title, "Preferences")
        XCTAssertTrue(prefs.prefs.modal)
        XCTAssertTrue(prefs.window.destroyWithParent)
        XCTAssertTrue(prefs.prefs.searchEnabled, "typing searches the rows")
        let focus = try XCTUnwrap(prefs.providerRow.focusInWindow)
        XCTAssertTrue(prefs.providerRow.contains(focus), "the focus starts on the first choice")
        XCTAssertEqual(prefs.providerRow.title, "Rate _provider")
        XCTAssertEqual(prefs.providerRow.items, Provider.fiat.map(PreferencesWindow.providerText),
                       "the fiat sources only: the metals' and coins' come alongside, by their own switch")
        XCTAssertTrue(prefs.metalsSwitch.active, "gold, silver and the coins are fetched by default")
        XCTAssertEqual(prefs.intervalRow.items.count, PreferencesWindow.intervals.count)
        XCTAssertEqual(prefs.placesRow.selectedText, "Each currency’s own (USD 2, JPY 0, KWD 3)")
        XCTAssertEqual(prefs.referenceButton.label, "USD")
        XCTAssertEqual(prefs.keyRows.field.title, "Alpha _Vantage key")
        XCTAssertFalse(prefs.keyRows.forgetButton.isSensitive, "no key to forget")
    }

    func testDecimalPlacesApplyToEveryPageAtOnceAndPersist() async throws {
        openPreferences()
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.51")
        XCTAssertEqual(window.currencies.entryText("JPY"), "15,725")
        let converter = window.converter
        let calculator = window.calculator
        calculator.type("10 USD to JPY")
        calculator.equals()
        XCTAssertEqual(calculator.resultText, "1,573 JPY")

        select(prefs.placesRow, DecimalPlaces.allCases.firstIndex(of: .fixed(4))!)
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.5095")
        XCTAssertEqual(window.currencies.entryText("JPY"), "15,725.0269")
        XCTAssertEqual(window.currencies.entryText("USD"), "100", "the typed amount stays as typed")
        XCTAssertTrue(converter.resultText("EUR")?.hasPrefix("89.5095") ?? false, converter.resultText("EUR") ?? "nil")
        XCTAssertEqual(calculator.resultText, "1,572.5027 JPY", "the result shown is written again")

        context.saveNow()
        prefs.window.destroy(); prefs = nil
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.preferences.decimalPlaces, .fixed(4))
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.5095", "after a restart")
        openPreferences()
        XCTAssertEqual(prefs.placesRow.selected, DecimalPlaces.allCases.firstIndex(of: .fixed(4)))
        select(prefs.placesRow, 0)
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.51")
    }

    /// Currency signs, as the original phone converter offered: every page's amounts take their
    /// currency's sign where English puts it, a typed sign is read as its currency, and the
    /// choice is kept.
    func testCurrencySignsApplyToEveryPageAndPersist() async throws {
        openPreferences()
        XCTAssertFalse(prefs.signsSwitch.active, "off at first: amounts with codes")
        let converter = window.converter
        let calculator = window.calculator
        calculator.type("10 USD to EUR")
        calculator.equals()
        XCTAssertEqual(calculator.resultText, "8.95 EUR")
        XCTAssertEqual(converter.resultText("EUR"), "89.51")

        prefs.signsSwitch.active = true
        MainContext.drain()
        XCTAssertEqual(window.currencies.entryText("EUR"), "€89.51")
        XCTAssertEqual(window.currencies.entryText("JPY"), "¥15,725")
        XCTAssertEqual(window.currencies.entryText("USD"), "100", "the typed amount stays as typed")
        XCTAssertEqual(converter.resultText("EUR"), "€89.51")
        XCTAssertEqual(calculator.resultText, "€8.95", "the result shown is written again")

        // A row that shows its sign reads it back as its own; another currency's sign is refused by name.
        window.currencies.type("€50", into: "EUR")
        XCTAssertEqual(window.currencies.entryText("USD"), "$55.86")
        window.currencies.type("$50", into: "EUR")
        XCTAssertTrue(window.currencies.hasError("EUR"))
        XCTAssertEqual(window.currencies.rateText("EUR"), "That is the sign of USD, another currency")
        window.currencies.type("100", into: "USD")

        // A sign typed with the Converter's amount makes its currency the source.
        converter.type("£20")
        MainContext.drain()
        XCTAssertEqual(converter.fromButtonName, "From GBP (Pound Sterling)")
        XCTAssertEqual(converter.resultText("EUR"), "€23.99")
        // The Calculator reads signs on either side of "to".
        calculator.type("€100 to $")
        calculator.equals()
        XCTAssertEqual(calculator.resultText, "$111.72")

        context.saveNow()
        prefs.window.destroy(); prefs = nil
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertTrue(context.preferences.currencySigns)
        XCTAssertEqual(window.currencies.entryText("EUR"), "€89.51", "after a restart")
        openPreferences()
        XCTAssertTrue(prefs.signsSwitch.active)
        prefs.signsSwitch.active = false
        MainContext.drain()
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.51")
    }

    /// The reference currency's row opens the currency picker: a search by code or name, and
    /// Enter takes the best match.
    func testReferenceCurrencyChangesTheRatesShown() async throws {
        openPreferences()
        XCTAssertEqual(window.currencies.rateText("EUR"), "1 EUR = 1.1172 USD")
        // Activating the row (a click on it, Alt+E) presses its button, which opens the picker.
        XCTAssertEqual(prefs.referenceRow.activatableWidget, prefs.referenceButton.widget)
        prefs.referenceButton.popup()
        MainContext.drain()
        let picker = try XCTUnwrap(prefs.referencePicker, "the button opens the picker")
        XCTAssertTrue(picker.popup.visible)
        XCTAssertFalse(picker.shownCodes.contains("USD"), "the reference itself is not offered")
        picker.allToggle.active = true
        picker.search.text = ""
        picker.fill()
        XCTAssertGreaterThan(picker.shownCodes.count, 100, "every currency can be the reference")
        picker.search.text = "euro"
        picker.fill()
        XCTAssertEqual(picker.shownCodes.first, "EUR", "found by its name")
        emitActivate(picker.search.widget, type: gtk_search_entry_get_type())
        MainContext.drain()
        XCTAssertFalse(picker.popup.visible)
        XCTAssertEqual(context.state.currencies.referenceCode, "EUR")
        XCTAssertEqual(prefs.referenceButton.label, "EUR")
        XCTAssertEqual(window.currencies.rateText("EUR"), "Reference currency")
        XCTAssertEqual(window.currencies.rateText("USD"), "1 USD = 0.8951 EUR")
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(window.currencies.rateText("USD"), "1 USD = 0.8951 EUR", "after a restart")
    }

    func testPrivacySwitchStopsEveryRequestAndPersists() async throws {
        openPreferences()
        XCTAssertTrue(prefs.networkSwitch.active)
        prefs.networkSwitch.active = false
        MainContext.drain()
        XCTAssertFalse(context.preferences.networkAllowed)
        XCTAssertTrue(window.notices.stateText.contains("Network access is off"), window.notices.stateText)
        let sent = context.engine.client.requestsSent
        rates.refresh(.explicit)
        MainContext.drain()
        XCTAssertEqual(context.engine.client.requestsSent, sent, "no request was sent")
        XCTAssertFalse(window.notices.text.contains("refused"), "no request was sent: \(window.notices.text)")
        XCTAssertEqual(window.notices.toasts.last, "Network access is off", "the refresh asked for says why it did nothing")
        XCTAssertFalse(window.investments.networkAllowed)
        XCTAssertFalse(window.history.mayFetch())

        // On again: a refresh as at start, which this dead server refuses, and says so.
        prefs.networkSwitch.active = true
        await waitUntil { window.notices.stateText.contains("refused") }
        XCTAssertTrue(window.notices.stateText.contains("Could not refresh rates from open.er-api.com"), window.notices.stateText)
        XCTAssertFalse(window.notices.stateText.contains("Network access is off"), window.notices.stateText)

        prefs.networkSwitch.active = false
        MainContext.drain()
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertFalse(context.preferences.networkAllowed, "after a restart")
    }

    func testTheMetalsAndCoinsSwitchDecidesWhetherTheirSourcesAreAsked() async throws {
        openPreferences()
        // On (the default): an explicit refresh asks currency-api and Coinbase too, whose dead
        // addresses are said in the lasting line, the fiat rates' failure beside them.
        rates.refresh(.explicit)
        let said = await waitUntil { self.window.notices.stateText.contains("Some metal or coin prices were not updated") }
        XCTAssertTrue(said, window.notices.stateText)
        XCTAssertTrue(window.notices.stateText.contains("Could not refresh currency-api"), window.notices.stateText)
        // Off: only the fiat source is asked, and the line about the metals goes.
        prefs.metalsSwitch.active = false
        MainContext.drain()
        XCTAssertFalse(context.preferences.metalsAndCoins)
        let sent = context.engine.client.requestsSent
        rates.refresh(.explicit)
        let done = await waitUntil { self.context.engine.rates.refreshing.isEmpty && self.context.engine.client.requestsSent > sent
            && !self.window.notices.stateText.contains("Some metal or coin prices") }
        XCTAssertTrue(done, window.notices.stateText)
        XCTAssertEqual(context.engine.client.requestsSent, sent + 1, "the fiat source alone")
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertFalse(context.preferences.metalsAndCoins, "after a restart")
    }

    /// The source of official rates: the average by default, one of Frankfurter's 84 institutions
    /// by name, applied to the History page at once, and kept across a restart.
    func testTheSourceOfOfficialRatesIsChosenByNameAndKept() async throws {
        openPreferences()
        let sources = PreferencesWindow.officialSources
        XCTAssertEqual(sources.count, 85)
        XCTAssertEqual(sources[0].title, "Average of the central banks that publish the pair")
        XCTAssertEqual(prefs.officialRow.selected, 0)
        XCTAssertNil(context.preferences.officialSource)
        let cbr = try XCTUnwrap(sources.firstIndex { $0.key == "CBR" })
        XCTAssertEqual(sources[cbr].title, "Central Bank of Russia (CBR)")
        select(prefs.officialRow, cbr)
        XCTAssertEqual(context.preferences.officialSource, "CBR")
        context.saveNow()
        prefs.window.destroy()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.preferences.officialSource, "CBR", "after a restart")
        openPreferences()
        XCTAssertEqual(prefs.officialRow.selected, cbr, "the row shows it after a restart")
        select(prefs.officialRow, 0)
        XCTAssertNil(context.preferences.officialSource, "the average again")
    }

    func testProviderIntervalAndKeyAreSaved() async throws {
        openPreferences()
        select(prefs.providerRow, Provider.allCases.firstIndex(of: .ecb)!)
        XCTAssertEqual(context.preferences.provider, .ecb)
        select(prefs.intervalRow, PreferencesWindow.intervals.firstIndex(of: .weekly)!)
        XCTAssertEqual(context.preferences.refreshInterval, .weekly)

        let keys = prefs.keyRows
        XCTAssertTrue(keys.statusText.hasPrefix("No key saved"))
        keys.field.text = "NOT A KEY!"
        keys.save()
        XCTAssertEqual(keys.statusText, "Not saved: An Alpha Vantage key is letters and digits only")
        XCTAssertEqual(prefs.toasts, [], "a refusal is no event")
        keys.field.text = "ABCDEF123456"
        emit("activate", on: keys.field.field.widget, type: gtk_password_entry_get_type())
        MainContext.drain()
        XCTAssertEqual(prefs.toasts.last, "Key saved")
        XCTAssertEqual(keys.statusText, "A key is saved: searches ask Alpha Vantage.")
        XCTAssertTrue(keys.forgetButton.isSensitive)
        XCTAssertEqual(keys.field.text, "", "the key leaves the entry")
        let file = context.paths.configHome.appendingPathComponent("cambio/alphavantage-key")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(context.stocks.key, "ABCDEF123456")

        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.preferences.provider, .ecb)
        XCTAssertEqual(context.preferences.refreshInterval, .weekly)
        openPreferences()
        XCTAssertEqual(prefs.providerRow.selected, Provider.allCases.firstIndex(of: .ecb))
        XCTAssertEqual(prefs.keyRows.statusText, "A key is saved: searches ask Alpha Vantage.")
        // Enter with nothing typed changes nothing.
        emit("activate", on: prefs.keyRows.field.field.widget, type: gtk_password_entry_get_type())
        XCTAssertEqual(context.stocks.key, "ABCDEF123456")
        click(prefs.keyRows.forgetButton.widget)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(prefs.toasts.last, "Key removed")
        XCTAssertTrue(prefs.keyRows.statusText.hasPrefix("No key saved"))
        XCTAssertFalse(prefs.keyRows.forgetButton.isSensitive)
    }

    func click(_ button: WidgetRef) { emit("clicked", on: button.widget, type: gtk_button_get_type()) }
}
