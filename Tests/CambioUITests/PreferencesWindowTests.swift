import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioNet
@testable import CambioUI

/// The Preferences window in a real GTK window: each choice applies at once and survives a restart.
final class PreferencesWindowTests: WindowTestCase {
    var rates: RatesController!
    var prefs: PreferencesWindow!

    func openPreferences() {
        rates = RatesController(context: context)
        rates.attach(window)
        prefs = PreferencesWindow(context: context, rates: rates)
        // It goes with its parent (destroy-with-parent): then there is nothing left to destroy.
        prefs.window.onDestroy { [weak self] in self?.prefs = nil }
        prefs.present(over: window.window)
        MainContext.drain()
    }

    override func tearDown() async throws {
        if let prefs { prefs.window.destroy() }
        try await super.tearDown()
    }

    func select(_ drop: DropDown, _ index: Int) {
        drop.selected = index
        MainContext.drain()
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

        select(prefs.placesDrop, DecimalPlaces.allCases.firstIndex(of: .fixed(4))!)
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
        XCTAssertEqual(prefs.placesDrop.selected, DecimalPlaces.allCases.firstIndex(of: .fixed(4)))
        select(prefs.placesDrop, 0)
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.51")
    }

    func testReferenceCurrencyChangesTheRatesShown() async throws {
        openPreferences()
        XCTAssertEqual(window.currencies.rateText("EUR"), "1 EUR = 1.1172 USD")
        let codes = prefs.referenceDrop.items
        XCTAssertTrue(codes.contains("EUR \u{2014} Euro"), "\(codes.prefix(5))")
        XCTAssertGreaterThan(codes.count, 100, "every currency can be the reference")
        select(prefs.referenceDrop, codes.firstIndex(of: "EUR \u{2014} Euro")!)
        XCTAssertEqual(context.state.currencies.referenceCode, "EUR")
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
        for _ in 0..<40 where !window.notices.stateText.contains("refused") {
            try await Task.sleep(nanoseconds: 100_000_000)
            MainContext.drain()
        }
        XCTAssertTrue(window.notices.stateText.contains("Could not refresh rates from open.er-api.com"), window.notices.stateText)
        XCTAssertFalse(window.notices.stateText.contains("Network access is off"), window.notices.stateText)

        prefs.networkSwitch.active = false
        MainContext.drain()
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertFalse(context.preferences.networkAllowed, "after a restart")
    }

    func testProviderIntervalAndKeyAreSaved() async throws {
        openPreferences()
        select(prefs.providerDrop, Provider.allCases.firstIndex(of: .ecb)!)
        XCTAssertEqual(context.preferences.provider, .ecb)
        select(prefs.intervalDrop, PreferencesWindow.intervals.firstIndex(of: .weekly)!)
        XCTAssertEqual(context.preferences.refreshInterval, .weekly)

        XCTAssertTrue(prefs.keyEditor.statusText.hasPrefix("No key saved"))
        prefs.keyEditor.field.text = "NOT A KEY!"
        prefs.keyEditor.save()
        XCTAssertEqual(prefs.keyEditor.statusText, "Not saved: An Alpha Vantage key is letters and digits only")
        prefs.keyEditor.field.text = "ABCDEF123456"
        prefs.keyEditor.save()
        XCTAssertEqual(prefs.keyEditor.statusText, "Key saved. Searches now ask Alpha Vantage.")
        XCTAssertEqual(prefs.keyEditor.field.text, "", "the key leaves the entry")
        let file = context.paths.configHome.appendingPathComponent("cambio/alphavantage-key")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(context.stocks.key, "ABCDEF123456")

        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.preferences.provider, .ecb)
        XCTAssertEqual(context.preferences.refreshInterval, .weekly)
        openPreferences()
        XCTAssertEqual(prefs.providerDrop.selected, Provider.allCases.firstIndex(of: .ecb))
        XCTAssertEqual(prefs.keyEditor.statusText, "A key is saved.")
        prefs.keyEditor.forget()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }
}
