import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioUI

/// The Converter page in a real GTK window: bundled ECB rates of 30 Oct 2026 (1 EUR = 1.1172 USD,
/// 0.8338 GBP, 175.68 JPY).
final class ConverterPageTests: WindowTestCase {
    var page: ConverterPage { window.converter }

    override func setUp() async throws {
        try await super.setUp()
        window.showPage(.converter)
        MainContext.drain()
    }

    func testFirstRunConvertsTheLocalesCurrency() async throws {
        XCTAssertEqual(window.visiblePage, .converter)
        XCTAssertEqual(page.fromButtonName, "From USD (US Dollar)")
        XCTAssertEqual(page.shownTargets, ["EUR", "GBP"])
        XCTAssertEqual(page.amountText, "100")
        XCTAssertEqual(page.resultText("EUR"), "89.51")
        XCTAssertEqual(page.resultText("GBP"), "74.63")    // 100 × 0.8338 / 1.1172 = 74.633...
        let line = page.rateText("EUR")!
        XCTAssertTrue(line.hasPrefix("1 USD = 0.8951 EUR \u{00B7} ECB \u{00B7} Oct 30, 2026 \u{00B7} "), line)
        XCTAssertTrue(line.hasSuffix("days old") || line.hasSuffix("today") || line.hasSuffix("yesterday"), line)
    }

    func testResultsFollowTheTypedArithmeticOnceTypingPauses() async throws {
        // The pause is measured on a clock the test moves: no waiting on the wall clock.
        let clock = TestClock(1000)
        page.typingPause.clock = { clock.now }
        page.type("12*3")
        MainContext.drain()
        XCTAssertTrue(page.debouncePending)
        XCTAssertEqual(page.resultText("EUR"), "89.51", "nothing moves while the user is still typing")
        clock.now += 0.15
        page.type("12*3")   // same text, no change: the pause is counted from the last key
        clock.now += 0.29
        page.typingPause.tick()
        XCTAssertTrue(page.debouncePending, "0.29 s after the last key: still waiting")
        XCTAssertEqual(page.resultText("EUR"), "89.51")
        clock.now += 0.02   // 0.31 s: the pause is over
        page.typingPause.tick()
        XCTAssertFalse(page.debouncePending)
        XCTAssertEqual(page.evaluatedText, "= 36")
        XCTAssertEqual(page.resultText("EUR"), "32.22")    // 36 / 1.1172 = 32.2234...
        XCTAssertEqual(page.resultText("GBP"), "26.87")    // 36 × 0.8338 / 1.1172 = 26.8679...

        // Enter shows the result at once.
        page.type("(100+20)/3")
        pressEnter()
        XCTAssertFalse(page.debouncePending)
        XCTAssertEqual(page.evaluatedText, "= 40")
        XCTAssertEqual(page.resultText("EUR"), "35.80")    // 40 / 1.1172 = 35.8038...
    }

    /// A clock the test moves by hand.
    final class TestClock {
        var now: TimeInterval
        init(_ now: TimeInterval) { self.now = now }
    }

    /// Enter in the amount entry: its "activate" signal.
    func pressEnter() { emitActivate(page.amountEntry.widget, type: gtk_entry_get_type()) }

    func testBadAmountsSayWhyAndKeepTheLastResults() async throws {
        page.type("12*3")
        pressEnter()
        for (bad, reason) in [("1/0", "Division by zero"), ("12*", "Not a calculation"), ("abc", "Not a calculation"),
                              ("", "Enter an amount"), (String(repeating: "9", count: 40), "The result is too large"),
                              (Array(repeating: String(repeating: "9", count: 20), count: 2).joined(separator: "*"),
                               "The exact result has more than 32 digits"),
                              (Array(repeating: "10000000000000000000", count: 9).joined(separator: "*"), "The result is too large")] {
            page.type(bad)
            pressEnter()
            XCTAssertTrue(page.amountHasError, bad)
            XCTAssertTrue(page.evaluatedText.hasPrefix(reason), "\(bad): \(page.evaluatedText)")
            XCTAssertEqual(page.resultText("EUR"), "32.22", "the last good result stays for \(bad)")
            for code in page.shownTargets {
                let text = (page.resultText(code) ?? "").lowercased()
                XCTAssertFalse(text.contains("nan") || text.contains("inf"), text)
            }
        }
        page.type("7")
        pressEnter()
        XCTAssertFalse(page.amountHasError)
        XCTAssertEqual(page.evaluatedText, "", "a plain number needs no evaluated value")
        XCTAssertEqual(page.resultText("EUR"), "6.27")     // 7 / 1.1172 = 6.2656...
    }

    func testSwapKeepsTheAmount() async throws {
        page.type("36")
        pressEnter()
        page.swap()
        XCTAssertEqual(page.fromButtonName, "From EUR (Euro)")
        XCTAssertEqual(page.shownTargets, ["USD", "GBP"])
        XCTAssertEqual(page.amountText, "36")
        XCTAssertEqual(page.resultText("USD"), "40.22")    // 36 × 1.1172 = 40.2192
        XCTAssertEqual(page.resultText("GBP"), "30.02")    // 36 × 0.8338 = 30.0168
    }

    func testChoosingCurrenciesAndEditingTargets() async throws {
        page.setSource("GBP")       // GBP was a target: USD takes its place
        XCTAssertEqual(page.shownTargets, ["EUR", "USD"])
        page.addTarget("JPY")
        page.addTarget("KWD")       // no ECB rate: says so, invents nothing
        XCTAssertEqual(page.resultText("KWD"), "\u{2014}")
        XCTAssertTrue(page.rateText("KWD")!.hasPrefix("No ECB rate"), page.rateText("KWD")!)
        XCTAssertEqual(page.resultText("JPY"), "21,070")   // 100 × 175.68 / 0.8338 = 21069.8...
        page.moveTarget("JPY", by: -1)
        page.moveTarget("KWD", to: 0)
        XCTAssertEqual(page.shownTargets, ["KWD", "EUR", "JPY", "USD"])
        page.removeTarget("KWD")
        page.setTarget(at: 0, to: "GBP")   // the source: they exchange
        XCTAssertEqual(page.fromButtonName, "From EUR (Euro)")
        XCTAssertEqual(page.shownTargets, ["GBP", "JPY", "USD"])
        for code in ["JPY", "USD"] { page.removeTarget(code) }
        page.removeTarget("GBP")
        XCTAssertEqual(page.shownTargets, ["GBP"], "the last target stays")
        XCTAssertTrue(page.noticeText.contains("last target"), page.noticeText)
    }

    /// currency-api's recorded answer of 6 March 2024 beside the bundled ECB rates: a bitcoin and
    /// an ounce of gold convert like any currency, to their own digits, each saying its source.
    func testBitcoinAndGoldConvertLikeAnyCurrency() async throws {
        let api = try ProviderParser.parse(.currencyapi, Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                                                .appendingPathComponent("Fixtures/fawazahmed0_v1_currencies_usd_2024-03-06.json")),
                                           today: Day(iso: "2026-11-27")!)
        let table = try XCTUnwrap(RateTable.compose(primary: .ecb, answers: [.currencyapi: api], bundled: context.engine.data.rates))
        context.engine.useRates(table)
        MainContext.drain()
        page.setSource("BTC")
        page.addTarget("XAU")
        XCTAssertEqual(page.fromButtonName, "From BTC (Bitcoin)")
        XCTAssertEqual(page.resultText("EUR"), "6,046,966.63")    // 100 × 0.91865517 / 0.000015192
        XCTAssertEqual(page.resultText("XAU"), "3,075.4121")      // 100 × 0.0004672166 / 0.000015192 = 3075.41209...
        XCTAssertTrue(page.rateText("EUR")!.hasPrefix("1 BTC = 60,469.6663 EUR \u{00B7} currency-api \u{00B7} Mar 6, 2024"), page.rateText("EUR")!)
        page.setSource("USD")
        page.setTarget(at: 0, to: "BTC")
        XCTAssertEqual(page.resultText("BTC"), "0.00151920", "to the satoshi")
        XCTAssertEqual(page.resultText("XAU"), "0.0467")
    }

    func testTheStarTogglesAFavouriteWhichIsSearchedAndLoaded() async throws {
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "USD \u{2192} EUR added to favourites.")
        XCTAssertTrue(page.isStarred)
        XCTAssertEqual(page.starButton.iconName, "starred-symbolic")
        XCTAssertEqual(gtk_widget_get_tooltip_text(page.starButton.widget).map { String(cString: $0) }, "Remove from favourites (Ctrl+D)")
        XCTAssertEqual(page.favourites.chipPairs, [FavouritePair(from: "USD", to: "EUR")])
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "USD \u{2192} EUR removed from favourites.")
        XCTAssertFalse(page.isStarred)
        XCTAssertEqual(page.starButton.iconName, "non-starred-symbolic")
        XCTAssertEqual(context.state.converter.favourites, [])
        XCTAssertEqual(page.favourites.chipPairs, [], "its chip is gone")
        page.toggleFavourite()
        XCTAssertEqual(context.state.converter.favourites, [FavouritePair(from: "USD", to: "EUR")])
        page.setSource("GBP")
        page.setTarget(at: 0, to: "JPY")
        XCTAssertFalse(page.isStarred)
        page.toggleFavourite()

        page.focusSearch()
        MainContext.drain()
        XCTAssertTrue(page.favourites.isOpen)
        XCTAssertEqual(page.favourites.listedPairs.count, 2)
        page.favourites.setQuery("dollar")
        XCTAssertEqual(page.favourites.listedPairs, [FavouritePair(from: "USD", to: "EUR")])
        page.favourites.setQuery("yen gbp")
        XCTAssertEqual(page.favourites.listedPairs, [FavouritePair(from: "GBP", to: "JPY")])
        page.favourites.setQuery("chf")
        XCTAssertEqual(page.favourites.listedPairs, [])

        page.load(FavouritePair(from: "USD", to: "EUR"))
        XCTAssertEqual(page.fromButtonName, "From USD (US Dollar)")
        XCTAssertEqual(page.shownTargets.first, "EUR")
        XCTAssertTrue(page.isStarred)
    }

    /// Stars USD → EUR, GBP → JPY and CHF → SEK, in that order; returns them.
    func starThreePairs() -> [FavouritePair] {
        let pairs = [FavouritePair(from: "USD", to: "EUR"), FavouritePair(from: "GBP", to: "JPY"), FavouritePair(from: "CHF", to: "SEK")]
        for pair in pairs {
            page.setSource(pair.from)
            page.setTarget(at: 0, to: pair.to)
            page.toggleFavourite()
        }
        return pairs
    }

    func testAFavouriteTakenOutByTheStarOrTheListComesBackInItsPlaceWithUndo() async throws {
        let pairs = starThreePairs()
        page.load(pairs[1])
        XCTAssertTrue(page.isStarred)
        page.toggleFavourite()
        XCTAssertEqual(context.state.converter.favourites, [pairs[0], pairs[2]])
        XCTAssertEqual(page.noticeText, "GBP \u{2192} JPY removed from favourites.")
        let undo = try XCTUnwrap(context.notices.lastButton, "the toast offers Undo")
        XCTAssertEqual(undo.label, "_Undo")
        XCTAssertTrue(pressToastButton())
        XCTAssertEqual(context.state.converter.favourites, pairs, "back in its place")
        XCTAssertEqual(page.favourites.chipPairs, pairs)
        XCTAssertTrue(page.isStarred, "the star follows")
        // The list's Delete says so too, with the same way back.
        page.favourites.onDelete?(pairs[0])
        XCTAssertEqual(page.favourites.chipPairs, [pairs[1], pairs[2]])
        XCTAssertEqual(page.noticeText, "USD \u{2192} EUR removed from favourites.")
        XCTAssertTrue(pressToastButton())
        XCTAssertEqual(context.state.converter.favourites, pairs)
    }

    func testFavouritesTakenOutOneAfterAnotherShareOneUndoToast() async throws {
        let pairs = starThreePairs()
        page.favourites.onDelete?(pairs[0])
        page.favourites.onDelete?(pairs[2])
        XCTAssertEqual(page.noticeText, "2 favourites removed")
        XCTAssertEqual(context.notices.toastHasButton, true)
        XCTAssertTrue(pressToastButton())
        XCTAssertEqual(context.state.converter.favourites, pairs, "each back in its place")
        XCTAssertEqual(page.favourites.chipPairs, pairs)
        // A pair starred again is no longer offered by the toast, which says it is back.
        page.load(pairs[1])
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "GBP \u{2192} JPY removed from favourites.")
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "GBP \u{2192} JPY added to favourites.")
        XCTAssertEqual(context.notices.toastHasButton, false)
        XCTAssertNil(context.notices.lastButton)
        XCTAssertEqual(context.state.converter.favourites, [pairs[0], pairs[2], pairs[1]])
    }

    func testEnterRightAfterTypingInTheFavouritesSearchLoadsItsFirstMatch() async throws {
        page.toggleFavourite()
        page.setSource("GBP")
        page.setTarget(at: 0, to: "JPY")
        page.toggleFavourite()
        page.setSource("USD")
        page.setTarget(at: 0, to: "EUR")
        page.focusSearch()
        MainContext.drain()
        // Typed fast or pasted: Enter comes before GTK's pause says the search changed. The list
        // before it starts with USD → EUR.
        let field = try XCTUnwrap(page.favourites.searchField)
        field.text = "yen"
        emitActivate(field.widget, type: gtk_search_entry_get_type())
        XCTAssertEqual(context.state.converter.source, "GBP")
        XCTAssertEqual(context.state.converter.targets.first, "JPY")
    }

    func testEscapeInTheFavouritesSearchClosesTheList() async throws {
        page.toggleFavourite()
        page.focusSearch()
        MainContext.drain()
        XCTAssertTrue(page.favourites.isOpen)
        // GtkSearchEntry takes Escape as "stop-search".
        emit("stop-search", on: try XCTUnwrap(page.favourites.searchField).widget, type: gtk_search_entry_get_type())
        MainContext.drain()
        XCTAssertFalse(page.favourites.isOpen, "the first Escape closes the list")
    }

    func testTheFavouritesListSaysWhenItIsEmpty() async throws {
        // On a phone: the popover has least room there.
        resize(width: 360, height: 640, until: { AnyWidget(self.page.root).width <= 360 }, "a phone's width")
        page.focusSearch()
        MainContext.drain()
        XCTAssertTrue(page.favourites.isOpen)
        XCTAssertTrue(page.favouritesEmptyStateShown, "no favourites: the list says how to add one")
        XCTAssertEqual(page.favourites.emptyStateText?.title, "No Favourites Yet")
        XCTAssertEqual(page.favourites.emptyStateText?.details, "Press Ctrl+D or the star to add the current pair.")
        savePicture(page.favourites.listPopover!, "favourites-empty")
        page.toggleFavourite()
        XCTAssertFalse(page.favouritesEmptyStateShown, "a favourite: the list shows it")
        XCTAssertEqual(page.favourites.listedPairs, [FavouritePair(from: "USD", to: "EUR")])
        page.favourites.setQuery("chf")
        XCTAssertTrue(page.favouritesEmptyStateShown, "none found: the list says so")
        XCTAssertEqual(page.favourites.emptyStateText?.title, "No Matches")
        XCTAssertEqual(page.favourites.emptyStateText?.details, "No favourite matches \u{201C}chf\u{201D}.")
        savePicture(page.favourites.listPopover!, "favourites-none-found")
        // A long search wraps the description: the popover grows, nothing is cut off (the
        // Russian title and description wrap even with a short one).
        page.favourites.setQuery("a currency name that nobody has ever given")
        let state = try XCTUnwrap(page.favourites.emptyState)
        // The popover takes its new size in a frame or two (X11 confirms the surface's size).
        let popover = try XCTUnwrap(page.favourites.listPopover)
        XCTAssertTrue(runMainLoop(until: { state.width > 0 && self.cutLabels(in: popover).isEmpty }, limit: 5),
                      "every line of the message and the hint shows: cut \(cutLabels(in: popover))")
        XCTAssertEqual(hiddenHeight(ofScrollingIn: state), 0, "nothing of it scrolls out of view")
        page.favourites.setQuery("")
        XCTAssertFalse(page.favouritesEmptyStateShown)
    }

    func testThePageFitsAPhoneAndTheAmountLineFolds() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        // Every chip the page shows, and a long result.
        // USD → EUR is one already (the star would take it out again).
        for (from, to) in [("GBP", "JPY"), ("CHF", "SEK"), ("NOK", "DKK"), ("PLN", "CZK"), ("HUF", "RON"),
                           ("AUD", "NZD"), ("CAD", "MXN")] {
            page.setSource(from)
            page.setTarget(at: 0, to: to)
            page.toggleFavourite()
        }
        page.setSource("USD")
        page.setTarget(at: 0, to: "IDR")
        page.type("123456789")
        page.typingPause.flush()
        let widths = minimumWidths(root: page.root.widget)
        XCTAssertLessThanOrEqual(widths.page, 360, "the page fits a phone")
        XCTAssertLessThanOrEqual(widths.content, 360, "the window fits a phone")
        let edges: [any Widget] = [page.amountEntry, page.amountBar.historyButton, page.results.addButton] + page.rows.map(\.row)
        for (width, height) in [(360, 294), (360, 640)] {
            layOut(width: Int32(width), height: Int32(height))
            savePicture(AnyWidget(window.window), "converter-\(width)x\(height)")
            XCTAssertFalse(page.amountBarIsWide, "\(width)×\(height): the buttons go under the amount")
            for edge in edges { XCTAssertTrue(fitsWidth(edge), "\(width)×\(height): nothing cut off at the side") }
        }
        for (width, height) in [(1024, 600), (1280, 800)] {
            layOut(width: Int32(width), height: Int32(height))
            savePicture(AnyWidget(window.window), "converter-\(width)x\(height)")
            XCTAssertTrue(page.amountBarIsWide, "\(width)×\(height): the amount and its buttons on one line")
            for edge in edges { XCTAssertTrue(fitsWidth(edge), "\(width)×\(height): nothing cut off at the side") }
        }
        XCTAssertLessThanOrEqual(page.results.list.width, 760, "a readable width on a wide screen")
    }

    func testCopyPutsTheShownAmountOnTheClipboard() async throws {
        page.copyResult("GBP")
        let clipboard = gtk_widget_get_clipboard(page.root.widget)
        let provider = gdk_clipboard_get_content(clipboard)
        XCTAssertNotNil(provider, "the app owns the clipboard")
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        XCTAssertNotEqual(gdk_content_provider_get_value(provider, &value, nil), 0)
        XCTAssertEqual(String(cString: g_value_get_string(&value)), "74.63")
        XCTAssertEqual(page.noticeText, "Copied 74.63 GBP.")
    }

    func testEverythingOnThePageSurvivesARestart() async throws {
        page.type("(100+20)/3")
        pressEnter()
        page.setSource("JPY")
        page.addTarget("CHF")
        page.moveTarget("CHF", to: 0)
        page.toggleFavourite()
        page.swap()
        page.toggleFavourite()
        page.favourites.onMove?(FavouritePair(from: "CHF", to: "JPY"), -1)
        let saved = context.state.converter
        XCTAssertEqual(saved.favourites, [FavouritePair(from: "CHF", to: "JPY"), FavouritePair(from: "JPY", to: "CHF")])
        context.saveNow()

        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.state.converter, saved)
        XCTAssertEqual(page.amountText, "(100+20)/3")
        XCTAssertEqual(page.fromButtonName, "From CHF (Swiss Franc)")
        XCTAssertEqual(page.shownTargets, ["JPY", "EUR", "GBP"])
        XCTAssertEqual(page.evaluatedText, "= 40")
        XCTAssertTrue(page.isStarred)
    }

    func testACommaLocaleReadsAndWritesItsOwnNumbers() async throws {
        try? FileManager.default.removeItem(at: home)
        makeWindow(lang: "ru_RU.UTF-8")
        XCTAssertEqual(page.fromButtonName, "\u{0418}\u{0437} RUB (\u{0420}\u{043E}\u{0441}\u{0441}\u{0438}\u{0439}\u{0441}\u{043A}\u{0438}\u{0439} \u{0440}\u{0443}\u{0431}\u{043B}\u{044C})")
        XCTAssertEqual(page.shownTargets, ["USD", "EUR"])
        page.type("12,5*4")
        pressEnter()
        XCTAssertEqual(page.evaluatedText, "= 50")
        page.type("1 234,5")
        pressEnter()
        XCTAssertFalse(page.amountHasError)
        // The rouble's last ECB rate is of 1 March 2022: 1234.5 × 1.1162 / 117.201 = 11.757...
        XCTAssertEqual(page.resultText("USD"), "11,76")
        XCTAssertTrue(page.rateText("USD")!.contains("2022"), page.rateText("USD")!)
        page.type("(100+20)/3,5")
        pressEnter()
        XCTAssertEqual(page.evaluatedText, "\u{2248} 34,2857142857")
    }
}
