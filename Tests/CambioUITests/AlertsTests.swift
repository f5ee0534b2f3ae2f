import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioUI
import CambioStore

/// Rate alerts in a real window: set from the History page's bell and a Converter result's
/// menu, pre-filled with the rate shown, refused in words, listed, changed, re-armed and removed
/// in Preferences.
final class AlertsTests: PreferencesTestCase {
    var today: String { context.days.string(Day.today()) }

    func testTheBellOnHistorySetsAnAlertPrefilledWithTheRateAndPreferencesListIt() async throws {
        window.showPage(.history)
        let dialog = window.history.openAlert()
        MainContext.drain()
        XCTAssertEqual(dialog.valueEntry.text, "0.8951", "the rate shown, to four significant digits")
        XCTAssertEqual(dialog.unitLabel.text, "EUR")
        XCTAssertEqual(dialog.kindDrop.selected, AlertDialog.Kind.above.rawValue)
        // Refused in words as it is typed, and Set is off.
        dialog.type("abc")
        XCTAssertEqual(dialog.reason, "“a” is not part of a number")
        XCTAssertFalse(dialog.dialog.isEnabled("set"))
        dialog.type("0")
        XCTAssertEqual(dialog.reason, "The rate must be more than 0")
        dialog.type("0.92")
        XCTAssertEqual(dialog.reason, "")
        XCTAssertTrue(dialog.dialog.isEnabled("set"))
        dialog.dialog.respond("set")
        MainContext.drain()
        XCTAssertEqual(context.notices.toasts.last, "Alert set: 1 USD above 0.92 EUR")
        let kept = context.alerts.load().alerts
        XCTAssertEqual(kept.map(\.condition), [.above(Decimal(string: "0.92")!)])
        XCTAssertEqual(kept.map(\.armedOn), [Day.today()])

        openPreferences()
        let group = try XCTUnwrap(prefs.alerts)
        XCTAssertEqual(group.rows.map { $0.row.title }, ["1 USD above 0.92 EUR"])
        XCTAssertEqual(group.rows.first?.row.subtitle, "Armed since \(today)")
        group.remove(1)
        XCTAssertEqual(group.rows.count, 0)
        XCTAssertEqual(context.alerts.load().alerts, [])
    }

    func testAConverterResultsMenuSetsAMoveAndPreferencesChangeAndRearmIt() async throws {
        window.showPage(.converter)
        let dialog = window.converter.openAlert(to: "GBP")
        MainContext.drain()
        XCTAssertEqual(dialog.valueEntry.text, "0.7463", "1 USD in GBP")
        dialog.choose(.move)
        MainContext.drain()
        XCTAssertEqual(dialog.valueEntry.text, "1", "a move starts from 1 %")
        XCTAssertEqual(dialog.unitLabel.text, "% in a day")
        dialog.type("1000")
        XCTAssertEqual(dialog.reason, "The change must be a percent more than 0 and less than 1000")
        dialog.type("2,5")
        dialog.dialog.respond("set")
        MainContext.drain()
        XCTAssertEqual(context.alerts.load().alerts.map(\.condition), [.move(percent: Decimal(string: "2.5")!)])

        // Fired (as a check would leave it): Preferences says with what, and re-arms it.
        let fired = RateAlert.Firing(day: Day(iso: "2026-10-30")!, rate: Decimal(string: "0.7463")!, source: "ECB", previousRate: Decimal(string: "0.7300")!)
        var alert = try XCTUnwrap(context.alerts.load().alerts.first)
        alert.state = .fired(fired)
        try AlertStore(url: context.paths.alertsFile).update { $0 = [alert] }
        openPreferences()
        let group = try XCTUnwrap(prefs.alerts)
        XCTAssertEqual(group.rows.first?.row.title, "USD/GBP moving more than 2.5 % in a day")
        XCTAssertEqual(group.rows.first?.row.subtitle, "Fired: 1 USD = 0.7463 GBP · ECB · Oct 30, 2026")
        group.rearm(1)
        XCTAssertEqual(prefs.toasts.last, "Alert armed again: USD/GBP moving more than 2.5 % in a day")
        XCTAssertEqual(context.alerts.load().alerts.first?.isArmed, true)
        XCTAssertEqual(group.rows.first?.row.subtitle, "Armed since \(today)")

        // Changed: another condition, armed from today.
        let change = try XCTUnwrap(group.openEdit(1))
        MainContext.drain()
        XCTAssertEqual(change.kindDrop.selected, AlertDialog.Kind.move.rawValue)
        XCTAssertEqual(change.valueEntry.text, "2.5")
        change.choose(.below)
        MainContext.drain()
        XCTAssertEqual(change.valueEntry.text, "0.7463", "back to a rate: the rate shown")
        change.type("0.7")
        change.dialog.respond("set")
        MainContext.drain()
        XCTAssertEqual(context.alerts.load().alerts.map(\.condition), [.below(Decimal(string: "0.7")!)])
        XCTAssertEqual(group.rows.map { $0.row.title }, ["1 USD below 0.7 GBP"])
    }
}
