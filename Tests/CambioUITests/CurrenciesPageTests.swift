import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioUI

/// The Currencies page in a real GTK window (run under Xvfb by `make test`).
final class CurrenciesPageTests: WindowTestCase {
    var page: CurrenciesPage { window.currencies }

    func testFirstRunShowsTheBundledRates() async throws {
        XCTAssertEqual(page.shownCodes.prefix(3), ["USD", "EUR", "GBP"])
        XCTAssertEqual(page.sourceText, "ECB rates of Oct 30, 2026")
        XCTAssertEqual(page.entryText("USD"), "100")
        XCTAssertEqual(page.entryText("EUR"), "89.51")
        XCTAssertEqual(page.rateText("EUR"), "1 EUR = 1.1172 USD")
        XCTAssertEqual(page.rateText("USD"), "Reference currency")
        XCTAssertEqual(window.visiblePage, .currencies)
    }

    func testOnAPhoneALongAmountIsWrittenSmallerNotCut() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        layOut(width: 360, height: 640)
        func cut() -> [String] { page.shownCodes.filter { page.rows[$0]!.amountIsCut } }
        // 123,456,789,012,345 USD: EUR showed "110,505,539,7" at 360 px, the rest cut off.
        page.type("123456789012345", into: "USD")
        XCTAssertTrue(runMainLoop(until: { cut().isEmpty }, limit: 5), "every digit in view; cut: \(cut())")
        XCTAssertTrue(["smaller", "smallest", "tiny"].contains { self.page.rows["EUR"]!.entry.hasClass($0) }, "written smaller")
        // Wider, they fit at the normal size again.
        layOut(width: 1280, height: 800)
        XCTAssertTrue(runMainLoop(until: { !["smaller", "smallest", "tiny"].contains { self.page.rows["EUR"]!.entry.hasClass($0) } }, limit: 5),
                      "the normal size where there is room")
        XCTAssertEqual(cut(), [])
        // A short amount on a phone: the normal size.
        layOut(width: 360, height: 640)
        page.type("100", into: "USD")
        XCTAssertTrue(runMainLoop(until: { !["smaller", "smallest", "tiny"].contains { self.page.rows["EUR"]!.entry.hasClass($0) } }, limit: 5))
        XCTAssertEqual(cut(), [])
    }

    func testThePageFitsAPhoneAndHoldsAReadableWidth() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        page.add("IDR")
        page.type("123456789", into: "IDR")
        MainContext.drain()
        let widths = minimumWidths(root: page.root.widget)
        XCTAssertLessThanOrEqual(widths.page, 360, "the page fits a phone")
        XCTAssertLessThanOrEqual(widths.content, 360, "the window fits a phone")
        let edges: [any Widget] = [page.addButton, page.refreshButton] + page.rows.values.map(\.menu)
        for (width, height) in [(360, 294), (360, 640), (1024, 600), (1280, 800)] {
            layOut(width: Int32(width), height: Int32(height))
            savePicture(AnyWidget(window.window), "currencies-\(width)x\(height)")
            for edge in edges where edge.isMapped {
                XCTAssertTrue(fitsWidth(edge), "\(width)×\(height): nothing cut off at the side")
            }
        }
        XCTAssertLessThanOrEqual(page.list.width, 760, "a readable width on a wide screen")

        // The picker fits a phone too.
        layOut(width: 360, height: 640)
        page.openPicker()
        MainContext.drain()
        let picker = try XCTUnwrap(page.picker?.popup)
        XCTAssertTrue(picker.isMapped)
        // The popover's content (its frame and shadow lie around it).
        let content = AnyWidget(try XCTUnwrap(picker.child).widget)
        XCTAssertLessThanOrEqual(content.width, 320, "the picker fits a phone")
        savePicture(picker, "currency-picker")
    }

    /// A boxed list's separator is each row's bottom border. GTK's cairo renderer draws a border
    /// whose sides share one colour as a plain path, and one whose sides differ (libadwaita colours
    /// only the bottom) through a mesh over the whole row: about a millisecond a row at start-up.
    /// The separators keep libadwaita's colour.
    func testTheRowSeparatorsAreDrawnInOneColourOnEverySide() async throws {
        layOut(width: 1280, height: 800)
        func separators() -> [(widths: [Float], colours: [[Float]])] {
            borderNodes(of: page.list).filter { $0.widths == [0, 0, 1, 0] }
        }
        let theme = separators()
        AppStyles.load()
        defer { AppStyles.unload() }
        layOut(width: 1280, height: 800)
        let ours = separators()
        XCTAssertEqual(ours.count, page.shownCodes.count - 1, "a separator under each row but the last")
        XCTAssertEqual(theme.count, ours.count)
        for (sides, before) in zip(ours.map(\.colours), theme.map(\.colours)) {
            XCTAssertTrue(sides.allSatisfy { $0 == sides[0] }, "one colour on every side: \(sides)")
            XCTAssertEqual(sides[2], before[2], "libadwaita's colour for the separator")
        }
    }

    func testThePickerIsBuiltOnceHoweverOftenItOpens() throws {
        page.openPicker()
        MainContext.drain()
        let first = try XCTUnwrap(page.picker)
        page.addButton.popdown()
        MainContext.drain()
        page.openPicker()
        MainContext.drain()
        XCTAssertTrue(page.picker === first, "the second opening shows the same list, not a new one")
        XCTAssertTrue(first.popup.isMapped)
        page.addButton.popdown()
        MainContext.drain()
    }

    func testWithoutCurrenciesThePageSaysHowToAddOne() async throws {
        XCTAssertFalse(page.showsEmptyState)
        for code in page.shownCodes { page.remove(code) }
        XCTAssertEqual(page.shownCodes, [])
        XCTAssertTrue(page.showsEmptyState)
        savePicture(AnyWidget(window.window), "currencies-empty")
        page.add("EUR")
        XCTAssertFalse(page.showsEmptyState)
        XCTAssertEqual(page.shownCodes, ["EUR"])
    }

    /// Every change to the user's data is saved, whichever screen made it: the context saves
    /// on any change, no screen has to remember to.
    func testEveryChangeIsSavedWithoutTheScreenAsking() async throws {
        let changes: [(String, @MainActor () -> Void)] = [
            ("type", { self.page.type("250", into: "EUR") }),
            ("add", { self.page.add("SEK") }),
            ("move", { self.page.move("SEK", by: -1) }),
            ("remove", { self.page.remove("SEK") }),
            ("reference", { self.page.setReference("EUR") }),
            ("converter", { self.window.converter.swap() }),
        ]
        for (name, change) in changes {
            context.saveNow()
            XCTAssertFalse(context.savePending, name)
            change()
            XCTAssertTrue(context.savePending, "\(name) is saved")
        }
        // Nothing changed: nothing to save.
        context.saveNow()
        page.move("USD", by: -1)
        XCTAssertFalse(context.savePending, "a move that moves nothing")
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.state.currencies.referenceCode, "EUR", "after a restart")
    }

    func testTypingIntoAnyRowRecalculatesTheOthers() async throws {
        page.type("250", into: "EUR")
        MainContext.drain()
        XCTAssertEqual(page.entryText("USD"), "279.30") // 250 * 1.1172
        XCTAssertEqual(page.entryText("JPY"), "43,920")  // 250 * 175.68
        XCTAssertEqual(page.entryText("EUR"), "250", "the typed text stays as typed")
        page.type("100", into: "USD")
        MainContext.drain()
        XCTAssertEqual(page.entryText("EUR"), "89.51")
        XCTAssertEqual(page.entryText("USD"), "100")
    }

    func testBadInputShowsAnErrorAndKeepsTheOthers() async throws {
        page.type("12", into: "GBP")
        MainContext.drain()
        let before = page.entryText("EUR")
        for bad in ["abc", "1..2", "--5", "1e999", String(repeating: "9", count: 40), ""] {
            page.type(bad, into: "GBP")
            MainContext.drain()
            XCTAssertTrue(page.hasError("GBP"), bad)
            XCTAssertEqual(page.entryText("EUR"), before, "others keep their last good value for \(bad)")
            XCTAssertFalse(page.rateText("GBP")!.isEmpty)
            for code in page.shownCodes {
                let text = page.entryText(code)!
                XCTAssertFalse(text.lowercased().contains("nan") || text.lowercased().contains("inf"), text)
            }
        }
        page.type("12", into: "GBP")
        MainContext.drain()
        XCTAssertFalse(page.hasError("GBP"))
        XCTAssertEqual(page.entryText("EUR"), before)
        XCTAssertTrue(page.rateText("GBP")!.hasPrefix("1 GBP = "))
        // A currency added while the text is refused shows the last good amount in it at once.
        page.type("12..3", into: "EUR")
        MainContext.drain()
        page.add("SEK")
        MainContext.drain()
        XCTAssertEqual(page.entryText("SEK"), "157.99", "12 GBP at the ECB's 10.978 SEK and 0.8338 GBP per euro")
        XCTAssertEqual(page.entryText("EUR"), "12..3", "the refused text stays as typed")
        XCTAssertTrue(page.hasError("EUR"))
    }

    func testRowsRemovedOneAfterAnotherShareOneToastWhoseUndoPutsEachBackInItsPlace() async throws {
        let before = page.shownCodes
        page.remove("EUR")
        XCTAssertEqual(context.notices.toastShown, "EUR removed")
        page.remove("GBP")
        // One toast, not a second one waiting five seconds behind the first: it counts them.
        XCTAssertEqual(context.notices.toastShown, "2 currencies removed")
        XCTAssertEqual(context.notices.toastHasButton, true)
        XCTAssertTrue(pressToastButton(), "the toast offers Undo")
        XCTAssertEqual(page.shownCodes, before, "GBP back before JPY, then EUR before GBP")
    }

    func testAnUndoToastNeverOffersARowThatIsBackAlready() async throws {
        let before = page.shownCodes
        page.remove("EUR")
        page.remove("GBP")
        // Ctrl+Z puts back the last: the toast then offers EUR alone, and its Undo does that.
        XCTAssertTrue(page.undoRemoval())
        XCTAssertEqual(context.notices.toastShown, "EUR removed")
        XCTAssertTrue(pressToastButton())
        XCTAssertEqual(page.shownCodes, before)
        // The only row it offered is back: the toast says so and has no Undo left.
        page.remove("JPY")
        XCTAssertTrue(page.undoRemoval())
        XCTAssertEqual(context.notices.toastShown, "JPY restored")
        XCTAssertEqual(context.notices.toastHasButton, false)
        XCTAssertNil(context.notices.lastButton)
        // The same for a currency added again from the picker; a removal after it has Undo again.
        page.remove("CHF")
        page.add("CHF")
        XCTAssertEqual(context.notices.toastShown, "CHF added")
        XCTAssertEqual(context.notices.toastHasButton, false)
        page.remove("USD")
        XCTAssertEqual(context.notices.toastShown, "USD removed")
        XCTAssertEqual(context.notices.toastHasButton, true)
    }

    func testAddRemoveReorderAndReferenceAreSavedAndRestored() async throws {
        page.add("KWD")
        page.add("RUB")
        XCTAssertEqual(page.shownCodes.suffix(2), ["KWD", "RUB"])
        // KWD has no ECB rate: it says so rather than inventing one.
        XCTAssertEqual(page.entryText("KWD"), "")
        XCTAssertTrue(page.rateText("KWD")!.contains("No rate"))
        // RUB's last ECB rate is from March 2022, and the row says so.
        XCTAssertTrue(page.rateText("RUB")!.contains("2022"), page.rateText("RUB")!)
        page.remove("KWD")
        page.move("RUB", by: -1)
        page.move("RUB", to: 0)
        page.setReference("EUR")
        page.type("1 234.5", into: "JPY")
        MainContext.drain()
        XCTAssertEqual(page.rateText("USD"), "1 USD = 0.8951 EUR")
        let order = page.shownCodes
        XCTAssertEqual(order.first, "RUB")
        XCTAssertFalse(order.contains("KWD"))
        context.saveNow()

        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(page.shownCodes, order)
        XCTAssertEqual(page.entryText("JPY"), "1 234.5", "the typed text comes back exactly")
        XCTAssertEqual(page.rateText("EUR"), "Reference currency")
        XCTAssertEqual(page.entryText("EUR"), "7.03") // 1234.5 / 175.68
    }

    func testRussianLocale() async throws {
        try? FileManager.default.removeItem(at: home)
        makeWindow(lang: "ru_RU.UTF-8")
        XCTAssertEqual(page.shownCodes.prefix(3), ["RUB", "USD", "EUR"])
        page.type("1 234,56", into: "EUR")
        MainContext.drain()
        XCTAssertEqual(page.entryText("USD"), "1\u{00A0}379,25") // 1234.56 * 1.1172 = 1379.2504
        XCTAssertTrue(page.sourceText.contains("2026"))
        // The rouble's last ECB rate is of 1 March 2022: its crosses are of that day, and say so.
        XCTAssertTrue(page.rateText("USD")!.hasPrefix("1 USD = 105,0000 RUB"), page.rateText("USD")!)
        XCTAssertTrue(page.rateText("USD")!.contains("2022"), page.rateText("USD")!)
        XCTAssertEqual(page.entryText("RUB"), "144\u{00A0}691,67") // 1234.56 EUR * 117.201 (1 Mar 2022) = 144691.66656
    }

    func testCorruptStateIsReportedAndKept() async throws {
        context.saveNow()
        let file = context.paths.stateFile
        try Data("garbage".utf8).write(to: file)
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertTrue(page.ctx.notices.text.contains("could not be read"), page.ctx.notices.text)
        let kept = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        XCTAssertTrue(kept.contains { $0.hasPrefix("state.json.unreadable-") }, "\(kept)")
    }

    /// A FIFO where the saved state belongs (another program's, or a mistake): reading it would
    /// wait forever for a writer, and the window would never appear. It is said, kept as it is,
    /// and never written over.
    func testAFIFOWhereTheStateBelongsIsSaidAndTheWindowOpens() async throws {
        context.saveNow()
        let file = context.paths.stateFile
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertTrue(page.ctx.notices.text.contains("is not a regular file (a FIFO)"), page.ctx.notices.text)
        XCTAssertFalse(page.shownCodes.isEmpty, "the window shows a list to work with")
        context.setReference("JPY")
        context.saveNow()
        XCTAssertTrue(page.ctx.notices.text.contains("could not be saved"), page.ctx.notices.text)
        var info = stat()
        XCTAssertEqual(lstat(file.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is neither read nor replaced")
    }

    func testASaveFailureIsSaidUntilASaveSucceeds() async throws {
        let file = context.paths.stateFile
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true) // a folder where the file belongs
        context.setReference("JPY")
        context.saveNow()
        XCTAssertTrue(page.ctx.notices.text.contains("could not be saved"), page.ctx.notices.text)
        XCTAssertTrue(page.ctx.notices.text.contains("is a folder, where a file belongs"), page.ctx.notices.text)
        XCTAssertFalse(page.ctx.notices.text.contains("NSCocoaErrorDomain"), page.ctx.notices.text)
        try FileManager.default.removeItem(at: file)
        context.setReference("GBP")
        context.saveNow()
        XCTAssertFalse(page.ctx.notices.stateText.contains("could not be saved"), "the message leaves once saving works: \(page.ctx.notices.stateText)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
    }

    func testAltNumberSwitchesPages() async throws {
        window.showPage(.history)
        XCTAssertEqual(window.visiblePage, .history)
        window.showPage(.currencies)
        XCTAssertEqual(window.visiblePage, .currencies)
    }

    // MARK: The currency picker

    /// Opens the Add Currency picker as Ctrl+N does.
    func openedPicker() throws -> CurrencyPicker {
        page.openPicker()
        MainContext.drain()
        return try XCTUnwrap(page.picker)
    }

    /// Closes the picker as Escape does (before the window goes).
    func close(_ picker: CurrencyPicker) {
        picker.popup.popdown()
        MainContext.drain()
    }

    /// A search as typed (the entry's own pause skipped).
    func search(_ picker: CurrencyPicker, _ text: String) {
        picker.search.text = text
        picker.fill()
    }

    /// The codes the picker's rows show, top to bottom.
    func rowCodes(_ picker: CurrencyPicker) -> [String] {
        picker.list.rows.compactMap { $0.child.flatMap { gtk_widget_get_first_child($0.widget) }.map { Label(existing: $0).text } }
    }

    /// Escape in the picker's search (GtkSearchEntry's stop-search) closes the picker.
    func testEscapeInThePickersSearchClosesIt() throws {
        let picker = try openedPicker()
        XCTAssertTrue(picker.popup.visible)
        emit("stop-search", on: picker.search.widget, type: gtk_search_entry_get_type())
        MainContext.drain()
        XCTAssertFalse(picker.popup.visible, "Escape closes the picker")
    }

    func testThePickerShowsTheBestMatchesFirstAndNotTheListedOnes() throws {
        let picker = try openedPicker()
        XCTAssertTrue(picker.search.contains(try XCTUnwrap(picker.search.focusInWindow)), "typing goes to the search")
        XCTAssertTrue(picker.allToggle.active, "the page's picker opens on all currencies")
        let all = picker.shownCodes
        XCTAssertGreaterThan(all.count, 140)
        XCTAssertFalse(all.contains("USD"), "already in the list")
        XCTAssertEqual(rowCodes(picker), all, "one row for each currency shown, in order")
        XCTAssertFalse(picker.note.visible)
        search(picker, "kr")
        XCTAssertEqual(picker.shownCodes.first, "KRW", "a code that starts with it, then names")
        XCTAssertTrue(picker.shownCodes.contains("SEK"), "Swedish Krona")
        XCTAssertEqual(rowCodes(picker), picker.shownCodes)
        search(picker, "zzz")
        XCTAssertEqual(rowCodes(picker), [])
        XCTAssertTrue(picker.note.visible)
        XCTAssertEqual(picker.note.text, "No currency matches “zzz”.")
        search(picker, "usd")
        XCTAssertEqual(rowCodes(picker), ["USDC", "USDT"], "the stablecoins whose codes begin so")
        XCTAssertEqual(picker.note.text, "Already in your list: USD.", "not \"no currency matches\"")
        search(picker, "eur")
        XCTAssertEqual(rowCodes(picker), [])
        XCTAssertEqual(picker.note.text, "Already in your list: EUR.")
        close(picker)
    }

    func testASearchMakesNoNewRowsForWhatItShowsAlready() throws {
        let picker = try openedPicker()
        let first = try XCTUnwrap(picker.list.row(at: 0)).widget
        search(picker, "")
        XCTAssertEqual(picker.list.row(at: 0)?.widget, first, "the same row, not a new one")
        search(picker, "Swedish")
        XCTAssertEqual(rowCodes(picker), ["SEK"])
        close(picker)
    }

    func testEnterPicksTheFirstMatchAndARowPicksItsCurrency() throws {
        var picker = try openedPicker()
        search(picker, "Swedish")
        emitActivate(picker.search.widget, type: gtk_search_entry_get_type())
        XCTAssertEqual(page.shownCodes.last, "SEK")
        XCTAssertEqual(page.entryText("SEK"), "982.64") // 100 USD / 1.1172 × 10.978
        picker = try openedPicker()
        XCTAssertFalse(picker.shownCodes.contains("SEK"), "now listed")
        search(picker, "krone")
        let second = try XCTUnwrap(picker.shownCodes.dropFirst().first)
        gtk_widget_activate(try XCTUnwrap(picker.list.row(at: 1)).widget)
        XCTAssertEqual(page.shownCodes.last, second)
    }

    func testEnterRightAfterTypingPicksTheFirstMatchOfWhatWasTyped() throws {
        // Typed fast or pasted: Enter comes before GTK's pause says the search changed.
        let picker = try openedPicker()
        picker.search.text = "Swedish"
        emitActivate(picker.search.widget, type: gtk_search_entry_get_type())
        XCTAssertEqual(page.shownCodes.last, "SEK", "the first match of “Swedish”, not of the list before it")
        MainContext.drain()
        XCTAssertEqual(page.shownCodes.filter { $0 == "SEK" }.count, 1)
    }

    func testThePopularViewLooksThroughAllWhenNothingPopularMatches() throws {
        let picker = try openedPicker()
        picker.popularToggle.active = true
        XCTAssertTrue(Set(picker.shownCodes).isSubset(of: Set(CurrencyCatalog.popular)), "\(picker.shownCodes)")
        XCTAssertFalse(picker.note.visible)
        search(picker, "dinar")
        XCTAssertTrue(picker.shownCodes.contains("KWD"))
        XCTAssertTrue(picker.note.visible)
        XCTAssertEqual(picker.note.text, "No popular currency matches; showing all currencies.")
        picker.allToggle.active = true
        XCTAssertFalse(picker.note.visible)
        XCTAssertTrue(picker.shownCodes.contains("KWD"))
        close(picker)
    }
}
