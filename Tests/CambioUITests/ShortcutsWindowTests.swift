import XCTest
import CGtk
import CambioGLib
import CambioServices
import CambioCore
@testable import CambioUI

/// The shortcuts window is built from the app's own action list, the one its accelerators are
/// registered from.
final class ShortcutsWindowTests: WindowTestCase {
    /// Records which action ran.
    final class Recorder: ActionTarget {
        var calls: [String] = []
        func quit() { calls.append("quit") }
        func closeWindow() { calls.append("close-window") }
        func showPreferences() { calls.append("preferences") }
        func refresh() { calls.append("refresh") }
        func addCurrency() { calls.append("add-currency") }
        func showPage(_ id: PageID) { calls.append(id.actionName) }
        func showShortcuts() { calls.append("shortcuts") }
        func showAbout() { calls.append("about") }
    }

    func testEveryAcceleratorOfTheAppsActionsIsListed() async throws {
        let recorder = Recorder()
        let (specs, local) = AppActions.list(for: recorder)
        let xml = ShortcutsWindow.xml(specs, local)
        // The keys the README and the e2e tests promise, as the app registers them.
        let promised: [String: [String]] = [
            "quit": ["<Control>q"], "close-window": ["<Control>w"], "preferences": ["<Control>comma"],
            "refresh": ["F5", "<Control>r"], "add-currency": ["<Control>n"], "swap": ["<Control>s"],
            "toggle-favourite": ["<Control>d"], "search": ["<Control>f"], "shortcuts": ["<Control>question"], "about": [],
            "page-1": ["<Alt>1"], "page-2": ["<Alt>2"], "page-3": ["<Alt>3"], "page-4": ["<Alt>4"], "page-5": ["<Alt>5"],
        ]
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.accels) }), promised)
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        for spec in specs {
            // An action without keys (About Cambio, in the primary menu) is no shortcut.
            if spec.accels.isEmpty {
                XCTAssertFalse(xml.contains(escaped(spec.title)), spec.title)
                spec.run?()
                XCTAssertEqual(recorder.calls.last, spec.name)
                continue
            }
            XCTAssertTrue(xml.contains(#"<property name="accelerator">\#(escaped(spec.accels.joined(separator: " ")))</property>"#), spec.name)
            XCTAssertTrue(xml.contains(escaped(spec.title)), spec.title)
            // Each entry runs what it says: an application action its handler, a page action the
            // page shown (see below).
            if let run = spec.run {
                run()
                XCTAssertEqual(recorder.calls.last, spec.name)
            } else {
                XCTAssertEqual(spec.page?.rawValue, spec.name)
                XCTAssertEqual(spec.detailed, "page.\(spec.name)")
            }
        }
        XCTAssertEqual(Set(specs.compactMap(\.page)), Set(PageAction.allCases), "every page action has its keys")
        for shortcut in local {
            XCTAssertTrue(xml.contains(#"<property name="accelerator">\#(escaped(shortcut.accels.joined(separator: " ")))</property>"#), shortcut.title)
        }
        let window = try XCTUnwrap(ShortcutsWindow.make(specs, local), "GTK builds the window from it")
        window.destroy()
    }

    /// The page actions follow the page shown: enabled where the page answers them (so their
    /// keys and buttons work there and nowhere else), and run by that page.
    func testPageActionsAreThoseOfThePageShown() async throws {
        let enabled = { (id: PageID) -> Set<String> in
            self.window.showPage(id)
            return Set(PageAction.allCases.filter { self.window.pageActions.isEnabled($0.rawValue) }.map(\.rawValue))
        }
        XCTAssertEqual(enabled(.currencies), ["search"])
        XCTAssertEqual(enabled(.converter), ["swap", "toggle-favourite", "search"])
        XCTAssertEqual(enabled(.history), ["swap"])
        XCTAssertEqual(enabled(.investments), ["search"])
        XCTAssertEqual(enabled(.calculator), [])

        // Ctrl+S on the Converter swaps the Converter's pair; on History, History's.
        window.showPage(.converter)
        XCTAssertEqual(window.converter.fromButtonName, "From USD (US Dollar)")
        window.pageActions.activate("swap")
        XCTAssertEqual(window.converter.fromButtonName, "From EUR (Euro)")
        // Its buttons are the same actions: Swap swaps back, the star adds the pair.
        XCTAssertEqual(window.converter.swapButton.actionName, "page.swap")
        XCTAssertEqual(window.converter.starButton.actionName, "page.toggle-favourite")
        click(window.converter.swapButton.widget)
        XCTAssertEqual(window.converter.fromButtonName, "From USD (US Dollar)")
        XCTAssertFalse(context.state.converter.favourites.contains(FavouritePair(from: "USD", to: "EUR")))
        click(window.converter.starButton.widget)
        XCTAssertTrue(context.state.converter.favourites.contains(FavouritePair(from: "USD", to: "EUR")))
        window.pageActions.activate("swap")
        window.showPage(.history)
        let historyPair = (window.history.from, window.history.to)
        window.pageActions.activate("swap")
        XCTAssertEqual(window.history.from, historyPair.1)
        XCTAssertEqual(window.history.to, historyPair.0)
        XCTAssertEqual(window.converter.fromButtonName, "From EUR (Euro)", "the Converter's pair stays")
        // The page's Swap button is the same action: clicking it swaps back.
        XCTAssertEqual(window.history.swapButton.actionName, "page.swap")
        XCTAssertTrue(window.history.swapButton.isSensitive)
        click(window.history.swapButton.widget)
        XCTAssertEqual(window.history.from, historyPair.0)
        XCTAssertEqual(window.history.to, historyPair.1)
        window.pageActions.activate("swap")
        // On the Calculator nothing answers.
        window.showPage(.calculator)
        window.pageActions.activate("swap")
        XCTAssertEqual(window.history.from, historyPair.1)
    }

    /// Titles are escaped, and an action without keys is no shortcut.
    func testTitlesAreEscapedAndKeylessActionsLeftOut() async throws {
        let specs = [
            ActionSpec(name: "refresh", accels: ["F5"], group: "General", title: "Refresh & fetch") {},
            ActionSpec(name: "hidden", accels: [], group: "General", title: "No keys") {},
        ]
        let xml = ShortcutsWindow.xml(specs, [])
        XCTAssertTrue(xml.contains("Refresh &amp; fetch"))
        XCTAssertFalse(xml.contains("No keys"))
    }

    /// A click: the button's "clicked" signal (what a press ends in), at once.
    func click(_ button: WidgetRef) { emit("clicked", on: button.widget, type: gtk_button_get_type()) }
}
