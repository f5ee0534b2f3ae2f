import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioUI

/// `cambio --convert "AMOUNT FROM TO"` (what the overview search's LaunchSearch starts): the
/// window shows the Converter with that amount, in the user's locale, and that pair, converted.
final class SearchLaunchTests: WindowTestCase {
    func testTheConverterOpensOnTheAmountAndPair() async throws {
        XCTAssertEqual(window.visiblePage, .currencies, "a start shows the Currencies page")
        let request = try XCTUnwrap(ConvertArgument.parse("12*3 GBP JPY", isCurrency: { self.context.catalog[$0] != nil }))
        window.openConverter(request)
        MainContext.drain()
        XCTAssertEqual(window.visiblePage, .converter)
        let page = window.converter
        XCTAssertEqual(page.fromButtonName, "From GBP (Pound Sterling)")
        XCTAssertEqual(page.shownTargets.first, "JPY")
        XCTAssertEqual(page.amountText, "36")
        XCTAssertEqual(page.resultText("JPY"), "7,585", "36 × 175.68 / 0.8338 = 7585.13")
    }

    func testTheAmountIsWrittenInTheUsersLocale() async throws {
        makeWindow(lang: "ru_RU.UTF-8")
        window.openConverter(ConvertArgument(amount: Decimal(string: "1234.5")!, pair: FavouritePair(from: "USD", to: "EUR")))
        MainContext.drain()
        XCTAssertEqual(window.visiblePage, .converter)
        XCTAssertEqual(window.converter.amountText, "1\u{00A0}234,5")
        XCTAssertEqual(window.converter.resultText("EUR"), "1\u{00A0}104,99", "1234.5 / 1.1172 = 1104.9946")
    }

    /// A launch asks the session bus whether Cambio runs already (then it stays light and hands
    /// over): a name with an owner is told from one without.
    func testALaunchTellsWhetherANameIsTaken() async throws {
        XCTAssertTrue(SessionBus.hasOwner("org.freedesktop.DBus"))
        let bus = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil))
        defer { g_object_unref(gpointerOf(bus)) }
        XCTAssertTrue(SessionBus.hasOwner(String(cString: g_dbus_connection_get_unique_name(bus))), "this process's own name")
        XCTAssertFalse(SessionBus.hasOwner("io.github.cambio.NobodyRunsThis"))
    }

    func testTheOptionIsTakenOutOfTheArgumentsGApplicationSees() {
        var a = ["cambio", "--convert", "100 USD EUR"]
        XCTAssertEqual(CambioApplication.takeConvert(&a), "100 USD EUR")
        XCTAssertEqual(a, ["cambio"])
        a = ["cambio", "--convert=1 GBP JPY", "--gapplication-service"]
        XCTAssertEqual(CambioApplication.takeConvert(&a), "1 GBP JPY")
        XCTAssertEqual(a, ["cambio", "--gapplication-service"])
        a = ["cambio"]
        XCTAssertNil(CambioApplication.takeConvert(&a))
    }
}
