import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// Under Arabic the window mirrors as GTK mirrors it at a start in Arabic: the header's menu on
/// the left, the first page rightmost in the switcher, a currency's code to the right of its
/// amount; and back under English. Measured in window coordinates, as laid out.
final class RightToLeftTests: WindowTestCase {
    /// Where `widget` lies in the window: its left and right edges, in pixels.
    private func edges(_ widget: some Widget) -> (left: Double, right: Double) {
        let f = frame(of: widget, in: window.window)
        return (f.x, f.x + f.width)
    }

    /// The header bar's main menu button.
    private var mainMenuButton: AnyWidget? {
        let header = AnyWidget(window.window).descendants.first { $0.isA(adw_header_bar_get_type()) && gtk_widget_get_mapped($0) != 0 }
        return header.flatMap { AnyWidget($0).descendants.first { $0.isA(gtk_menu_button_get_type()) && gtk_widget_get_mapped($0) != 0 } }
            .map { AnyWidget($0) }
    }

    /// The page buttons of the switcher in the header, in the pages' order (Currencies first).
    private var switcherButtons: [AnyWidget] {
        let switcher = AnyWidget(window.switcherTitle.widget).descendants.first {
            $0.isA(adw_view_switcher_get_type()) && gtk_widget_get_mapped($0) != 0
        }
        return switcher.map { AnyWidget($0).descendants.filter { $0.isA(gtk_toggle_button_get_type()) }.map { AnyWidget($0) } } ?? []
    }

    /// A wide window in `language` (over an English locale), laid out with the switcher in the header.
    private func open(_ language: String?) {
        makeWindow(lang: "en_US.UTF-8", language: language, size: (1280, 800))
        XCTAssertTrue(runMainLoop(until: { !self.window.switcherTitle.titleVisible && self.switcherButtons.count == PageID.allCases.count }),
                      "\(language ?? "en"): the switcher is in the header")
        waitForFrame(of: window.window)
    }

    func testTheWindowMirrorsUnderArabic() async throws {
        open("ar")
        let width = Double(window.window.width)
        XCTAssertTrue(window.window.isRightToLeft, "the window is laid out right to left")

        // The header: the main menu at the left edge (the start of a right-to-left line).
        let menu = try XCTUnwrap(mainMenuButton, "the main menu button")
        XCTAssertLessThan(edges(menu).right, width / 4, "the main menu is at the left of the header")

        // The switcher: Currencies rightmost, then Converter, ... Calculator leftmost.
        let buttons = switcherButtons
        XCTAssertEqual(buttons.count, PageID.allCases.count)
        let lefts = buttons.map { edges($0).left }
        XCTAssertEqual(lefts, lefts.sorted(by: >), "the first page's button is rightmost, the last leftmost")

        // A Currencies row: the code and name at the right, the amount to their left, the row's
        // menu at the left end.
        let row = try XCTUnwrap(window.currencies.rows["EUR"])
        let handle = edges(row.handle), entry = edges(row.entry), rowMenu = edges(row.menu)
        XCTAssertGreaterThanOrEqual(handle.left, entry.right, "EUR and its name lie to the right of its amount")
        XCTAssertGreaterThanOrEqual(entry.left, rowMenu.right, "the row's menu lies to the left of the amount")
        XCTAssertEqual(window.currencies.entryText("EUR"), "89.51", "the amount as the page wrote it, its digits in order")
        // The amount inside its field reads left to right, at the field's right end, whatever it
        // starts with ("€89.51" and "CN¥665.29" alike).
        let inside = AnyWidget(row.entry.widget).descendants.filter { $0.isA(gtk_text_get_type()) }
        XCTAssertFalse(row.entry.isRightToLeft || inside.isEmpty || inside.contains { gtk_widget_get_direction($0) != GTK_TEXT_DIR_LTR },
                       "the EUR field and its text are laid out left to right")

        // The Converter's rate line runs from the right (its parts in Arabic order), while the
        // pair in it reads left to right: "1 USD = 0.8951 EUR" is isolated as one left-to-right run.
        let line = try XCTUnwrap(window.converter.rateText("EUR"))
        XCTAssertTrue(line.hasPrefix("\u{200F}\u{2068}\u{2066}1 "), line.debugDescription)
        XCTAssertTrue(line.contains(" EUR\u{2069}\u{2069} \u{00B7} "), line.debugDescription)

        // The Calculator's keypad keeps its order, as calculators do in Arabic: 7 8 9 from the
        // left, the operators and = at the right.
        window.showPage(.calculator)
        waitForFrame(of: window.window)
        let keys = window.calculator.keyWidgets
        let seven = edges(try XCTUnwrap(keys["7"])), nine = edges(try XCTUnwrap(keys["9"])), equals = edges(try XCTUnwrap(keys["="]))
        XCTAssertLessThan(seven.right, nine.left, "7 lies to the left of 9")
        XCTAssertGreaterThan(equals.left, nine.left, "= lies at the right")
        // The keypad and the history beside it are mirrored as a box's children are: the keypad,
        // first, at the right (an adaptive row lays out from the start of the line).
        let panes = window.calculator.panes
        XCTAssertTrue(window.calculator.historyBesideKeypad, "wide: the history beside the keypad")
        let keypadPane = edges(try XCTUnwrap(gtk_widget_get_first_child(panes.widget))),
            historyPane = edges(try XCTUnwrap(gtk_widget_get_last_child(panes.widget)))
        XCTAssertGreaterThanOrEqual(keypadPane.left, historyPane.right, "the keypad lies to the right of the history")
        // A key's text is not mirrored either: "(" reads "(" (a right-to-left label draws ")").
        let parenthesis = try XCTUnwrap(keys["("].flatMap { AnyWidget($0).descendants.first { $0.isA(gtk_label_get_type()) } })
        XCTAssertEqual(gtk_widget_get_direction(parenthesis), GTK_TEXT_DIR_LTR, "the ( key's label is laid out left to right")

        // Back in English (a start in English): left to right again.
        open(nil)
        XCTAssertFalse(window.window.isRightToLeft, "English: the window is laid out left to right")
        XCTAssertGreaterThan(edges(try XCTUnwrap(mainMenuButton)).left, width * 3 / 4, "English: the main menu is at the right")
        let englishLefts = switcherButtons.map { edges($0).left }
        XCTAssertEqual(englishLefts, englishLefts.sorted(), "English: the first page's button is leftmost")
        XCTAssertFalse(try XCTUnwrap(window.converter.rateText("EUR")).contains("\u{2066}"), "English: no direction marks")
        let englishRow = try XCTUnwrap(window.currencies.rows["EUR"])
        XCTAssertLessThanOrEqual(edges(englishRow.handle).right, edges(englishRow.entry).left, "English: EUR lies to the left of its amount")
    }

    /// At a phone's 360 px under Arabic, nothing on any page sticks out of the window at either
    /// side (a mirrored margin or a fixed width pushing a part off the left edge).
    func testEveryPageStaysInsideAPhoneUnderArabic() async throws {
        loadAppStyle()
        makeWindow(lang: "en_US.UTF-8", language: "ar", size: (360, 720))
        XCTAssertTrue(window.window.isRightToLeft)
        waitForBottomSwitcher()
        for id in PageID.allCases {
            window.showPage(id)
            waitForFrame(of: window.window)
            let shown = AnyWidget(window.page(id).root.widget).descendants.filter { gtk_widget_get_mapped($0) != 0 }
            XCTAssertGreaterThan(shown.count, 10, "\(id): the page is shown")
            let outside = shown.filter { !fitsWidth(AnyWidget($0)) }
            XCTAssertEqual(outside.map { String(cString: gtk_widget_get_name($0)) }, [], "\(id): parts outside the window at 360 px")
        }
    }

    /// Under Arabic a signed figure keeps its sign before its digits ("+16.44%", never "16.44%+"):
    /// it is isolated as left-to-right text, and a line of parts runs from the right.
    func testSignedFiguresReadLeftToRightUnderArabic() async throws {
        makeWindow(lang: "en_US.UTF-8", language: "ar", size: (1280, 800))
        context.preferences.networkAllowed = false
        window.showPage(.investments)
        let page = window.investments
        page.type("micro")
        let answered = await waitUntil(timeout: 30) { !page.found.isEmpty }
        XCTAssertTrue(answered, "the search answered")
        gtk_widget_activate(page.resultRows.first!.widget)
        let loaded = await waitUntil(timeout: 30) { page.series != nil && !page.busy }
        XCTAssertTrue(loaded, "MSFT's prices loaded")
        page.setAmounts(initial: "1000", monthly: "100")
        page.setStartIndex(0)
        XCTAssertEqual(page.figure("yield"), "\u{2066}+16.44%\u{2069}")
        XCTAssertTrue(page.figure("gain").hasPrefix("\u{200F}\u{2068}\u{2066}+2,169.66 USD\u{2069}\u{2069} \u{00B7} "), page.figure("gain").debugDescription)
        XCTAssertTrue(page.figure("drawdown").contains("\u{2066}\u{2212}47.57%\u{2069}"), page.figure("drawdown").debugDescription)
    }
}
