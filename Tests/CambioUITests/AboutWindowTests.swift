import XCTest
import CGtk
import CambioGLib
import CambioServices
import CambioCore
import CambioNet
@testable import CambioUI

/// The primary menu in the HIG's order, and the About window it opens, with the data sources
/// credited as their terms ask.
final class AboutWindowTests: WindowTestCase {
    /// Opens the About window as the application does (over the main window).
    final class Target: ActionTarget {
        let parent: WidgetRef
        init(parent: WidgetRef) { self.parent = parent }
        func quit() {}
        func closeWindow() {}
        func showPreferences() {}
        func refresh() {}
        func addCurrency() {}
        func showPage(_ id: PageID) {}
        func showShortcuts() {}
        func showAbout() { AboutCambio.present(over: parent) }
    }

    override func tearDown() async throws {
        AboutWindow.shown().forEach { $0.window.destroy() }
        try await super.tearDown()
    }

    func testThePrimaryMenuEndsWithPreferencesShortcutsAndAbout() async throws {
        let sections = MainMenu.model().sections
        XCTAssertEqual(sections.map { $0.map(\.label) }, [["_Refresh Rates"], ["_Preferences", "_Keyboard Shortcuts", "_About Cambio"]])
        XCTAssertEqual(sections.flatMap { $0.map(\.action) }, ["app.refresh", "app.preferences", "app.shortcuts", "app.about"])
        // Each item's action is one the application has.
        let names = Set(AppActions.list(for: Target(parent: window.window.widget)).specs.map { "app.\($0.name)" })
        XCTAssertTrue(Set(sections.flatMap { $0.map(\.action) }).isSubset(of: names), "\(names)")
    }

    func testTheAboutActionOpensTheAboutWindowWithItsCredits() async throws {
        let target = Target(parent: window.window.widget)
        let about = try XCTUnwrap(AppActions.list(for: target).specs.first { $0.name == "about" })
        XCTAssertEqual(AboutWindow.shown().count, 0)
        about.run?()
        MainContext.drain()
        let shown = AboutWindow.shown()
        XCTAssertEqual(shown.count, 1, "app.about opens the About window")
        let w = try XCTUnwrap(shown.first)
        XCTAssertEqual(w.applicationName, "Cambio")
        XCTAssertEqual(w.version, CambioVersion.string)
        XCTAssertEqual(w.license, .mitX11, "the project's license (metainfo: MIT)")
        XCTAssertEqual(w.website, "https://github.com/cambio/cambio")
        XCTAssertEqual(w.issueURL, "https://github.com/cambio/cambio/issues")
        XCTAssertTrue(w.window.destroyWithParent)
        let texts = w.textsInside
        for credit in ["Data sources", "European Central Bank: euro foreign exchange reference rates", "Rates By Exchange Rate API",
                       "Frankfurter", "Bank of Russia", "Precious metals and cryptocurrencies: currency-api", "Cryptocurrencies: Coinbase",
                       "Stock prices: Alpha Vantage", "The Cambio developers"] {
            XCTAssertTrue(texts.contains(credit), "\(credit) in \(texts)")
        }
        // The terms on the Legal page, their links marked up: open.er-api.com's attribution
        // exactly, linked to its site; the others' sources.
        let legal = texts.joined(separator: "\n")
        XCTAssertTrue(legal.contains(#"Rates from open.er-api.com: <a href="https://www.exchangerate-api.com">Rates By Exchange Rate API</a>."#), legal)
        XCTAssertTrue(legal.contains(#"Source: <a href="https://www.ecb.europa.eu">European Central Bank</a>."#), legal)
        XCTAssertTrue(legal.contains(#"Source: <a href="https://www.cbr.ru">Bank of Russia</a>."#), legal)
        XCTAssertTrue(legal.contains(#"<a href="https://frankfurter.dev">Frankfurter</a> (MIT licence) gathers the official rates of 84 central banks"#), legal)
        // Frankfurter's sources, each credited by name.
        XCTAssertTrue(texts.contains("Official rates through Frankfurter"), "\(texts)")
        for name in ["Central Bank of Egypt", "Banca Națională a României", "Bank of England", "International Monetary Fund"] {
            XCTAssertTrue(texts.contains { $0.hasPrefix(name) }, "\(name) in \(texts)")
        }
        XCTAssertTrue(legal.contains(#"from <a href="https://github.com/fawazahmed0/exchange-api">currency-api</a> by Fawaz Ahmed, dedicated to the public domain (CC0 1.0)."#), legal)
        XCTAssertTrue(legal.contains(#"Cryptocurrency exchange rates from the <a href="https://docs.cdp.coinbase.com/coinbase-app/track-apis/exchange-rates">Coinbase API</a>"#), legal)
        XCTAssertTrue(legal.contains(#"Stock data provided by <a href="https://www.alphavantage.co">Alpha Vantage</a>"#), legal)
    }
}
