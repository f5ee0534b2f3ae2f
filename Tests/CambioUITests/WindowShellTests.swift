import XCTest
import CGtk
@testable import CambioGLib
import CambioServices
import CambioCore
@testable import CambioUI

/// The libadwaita window: the page switcher moves to the bottom edge when the header has no
/// room for it, events are toasts, and lasting states share one compact line.
final class WindowShellTests: WindowTestCase {
    /// Starts the app again with its window at `width` × `height`, and runs the main loop until
    /// `done` holds (the allocation reached the widgets) or 5 s have passed.
    private func reopen(_ width: Int32, _ height: Int32, until done: () -> Bool) {
        makeWindow(lang: "en_US.UTF-8", size: (width, height))
        XCTAssertTrue(runMainLoop(until: { window.switcherTitle.width > 0 && done() }), "the window is laid out at \(width)×\(height)")
        MainContext.drain()
    }

    func testTheSwitcherMovesToTheBottomOnNarrowWindows() async throws {
        reopen(1280, 800) { !window.switcherTitle.titleVisible }
        XCTAssertGreaterThan(window.window.width, 1000)
        XCTAssertFalse(window.switcherTitle.titleVisible, "wide: the page switcher is in the header")
        XCTAssertNil(window.switcherBar, "wide: no bottom bar (not even built)")
        reopen(360, 640) { window.switcherBar?.reveal == true }
        XCTAssertTrue(window.switcherTitle.titleVisible, "narrow: the header shows the title")
        XCTAssertEqual(window.switcherBar?.reveal, true, "narrow: the page switcher is at the bottom edge")
        // Alt+N still switches pages, whichever switcher shows.
        window.showPage(.calculator)
        XCTAssertEqual(window.visiblePage, .calculator)
        reopen(1280, 800) { !window.switcherTitle.titleVisible }
        XCTAssertNil(window.switcherBar, "a window that opens wide never builds the bottom bar")
    }

    func testBetweenPhoneAndDesktopTheBottomBarTakesThePages() async throws {
        // Too narrow for the header's switcher with its labels beside the icons, wide for a phone:
        // the title shows in the header and the pages are at the bottom edge, as libadwaita 1.4's
        // switcher and bar do (no second switcher, its labels under the icons, squeezed into the
        // header). The width: a little more than the wide switcher alone needs, less than it
        // needs beside the header's buttons; a stacked switcher, half as wide, would fit there.
        /// The page switchers shown in the header.
        func shown() -> [WidgetRef] {
            AnyWidget(window.switcherTitle.widget).descendants.filter {
                $0.isA(adw_view_switcher_get_type()) && gtk_widget_get_mapped($0) != 0
            }
        }
        reopen(1280, 800) { !window.switcherTitle.titleVisible }
        let wide = try XCTUnwrap(shown().first)
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(wide, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = natural + 40
        reopen(width, 700) { window.switcherBar?.reveal == true }
        XCTAssertTrue(window.switcherTitle.titleVisible, "at \(width) px the header shows the title")
        XCTAssertEqual(window.switcherBar?.reveal, true, "at \(width) px the page switcher is at the bottom edge")
        // The header's squeezer cross-fades from the switcher it showed while the window opened.
        XCTAssertTrue(runMainLoop(until: { shown().isEmpty }), "no switcher shows in the header")
        // Alt+N and the bar still switch pages.
        window.showPage(.history)
        XCTAssertEqual(window.visiblePage, .history)
        reopen(1280, 800) { !window.switcherTitle.titleVisible }
        XCTAssertFalse(window.switcherTitle.titleVisible, "wide: the switcher is in the header again")
    }

    /// The bottom bar never cuts a page's name: where a name does not fit (large text, or a
    /// phone's width), every page shows its icon alone, its name as the tooltip and, for a screen
    /// reader, as the button's name; with room, the names show again.
    func testTheBottomBarShowsNamesWholeOrIconsAlone() async throws {
        func names(_ bar: ViewSwitcherBar) -> (shown: [String], tooltips: [String?]) {
            let buttons = AnyWidget(bar.widget).descendants.filter { $0.isA(gtk_toggle_button_get_type()) }
            let shown = buttons.flatMap { AnyWidget($0).descendants.filter { $0.isA(gtk_label_get_type()) && gtk_widget_get_visible($0) != 0 } }
                .map { Label(existing: $0).text }.filter { !$0.isEmpty }
            return (Array(Set(shown)).sorted(), buttons.map { gtk_widget_get_tooltip_text($0).map { String(cString: $0) } })
        }
        let settings = gpointerOf(gtk_settings_get_default())
        let dpi = cambio_object_get_uint(settings, "gtk-xft-dpi")
        defer { cambio_object_set_uint(settings, "gtk-xft-dpi", dpi) }
        cambio_object_set_uint(settings, "gtk-xft-dpi", guint(96 * 1024))
        reopen(560, 700) { window.switcherBar?.reveal == true }
        let bar = try XCTUnwrap(window.switcherBar)
        XCTAssertTrue(runMainLoop(until: { names(bar).shown.count == 5 }), "at 560 px the names fit: \(names(bar))")
        XCTAssertEqual(names(bar).tooltips, [nil, nil, nil, nil, nil])
        // Text scaled by 1.5 (as GNOME's Large Text does): "Investments" no longer fits.
        cambio_object_set_uint(settings, "gtk-xft-dpi", guint(144 * 1024))
        XCTAssertTrue(runMainLoop(until: { names(bar).shown.isEmpty }), "no name is cut: \(names(bar))")
        XCTAssertEqual(names(bar).tooltips, ["Currencies", "Converter", "History", "Investments", "Calculator"])
        cambio_object_set_uint(settings, "gtk-xft-dpi", guint(96 * 1024))
        XCTAssertTrue(runMainLoop(until: { names(bar).shown.count == 5 }), "the names again: \(names(bar))")
    }

    /// The header's switcher offers each page once, in order, and builds nothing more: the hidden
    /// second switcher of AdwViewSwitcherTitle holds no buttons (five more at each start, 7 M
    /// instructions before the first frame), and the pages, added while the switcher waited,
    /// are there all the same.
    func testTheHeaderOffersEachPageOnce() {
        reopen(1280, 800) { !window.switcherTitle.titleVisible }
        let buttonType = g_type_from_name("AdwViewSwitcherButton")
        XCTAssertNotEqual(buttonType, 0)
        let buttons = AnyWidget(window.switcherTitle.widget).descendants.filter { g_type_check_instance_is_a(
            UnsafeMutablePointer<GTypeInstance>(OpaquePointer($0)), buttonType) != 0 }
        XCTAssertEqual(buttons.count, PageID.allCases.count, "one button per page in the whole title")
        XCTAssertTrue(buttons.allSatisfy { gtk_widget_get_mapped($0) != 0 }, "each of them shown")
        let labels = buttons.map { button in
            AnyWidget(button).descendants.first { $0.isA(gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0 }
                .map { String(cString: gtk_label_get_label(cast($0))) } ?? ""
        }
        XCTAssertEqual(labels, ["Currencies", "Converter", "History", "Investments", "Calculator"])
        // The title still follows the pages: it has the stack, and Alt+N and a click switch.
        XCTAssertNotNil(adw_view_switcher_title_get_stack(cast(window.switcherTitle.widget)))
        gtk_widget_activate(buttons[3])
        XCTAssertTrue(runMainLoop(until: { window.visiblePage == .investments }), "the fourth button opens Investments")
        window.showPage(.calculator)
        XCTAssertEqual(window.visiblePage, .calculator)
    }

    /// The size class AdwClamp gives its child, as the window works it out before the first
    /// layout, against a real clamp laid out at widths around its thresholds.
    func testTheSizeClassesAreWorkedOutAsAdwClampSetsThem() async throws {
        for (maximum, threshold) in [(Int32(760), Int32(570)), (1200, 900), (400, 600)] {
            let clamp = adw_clamp_new()!
            g_object_ref_sink(gpointer(clamp))
            defer { g_object_unref(gpointer(clamp)) }
            let child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            adw_clamp_set_child(cast(clamp), child)
            adw_clamp_set_maximum_size(cast(clamp), maximum)
            adw_clamp_set_tightening_threshold(cast(clamp), threshold)
            let lower = min(maximum, threshold), upper = lower + 3 * (max(maximum, lower) - lower)
            for width in [Int32(200), lower - 1, lower, lower + 1, lower + 2, (lower + upper) / 2, upper - 2, upper - 1, upper, upper + 1, 3000] {
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(clamp, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
                gtk_widget_measure(clamp, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
                var rect = GtkAllocation(x: 0, y: 0, width: width, height: 100)
                gtk_widget_size_allocate(clamp, &rect, -1)
                XCTAssertEqual(sizeClasses(of: child), [Clamp.sizeClass(width: width, maximum: maximum, threshold: threshold)],
                               "maximum \(maximum), threshold \(threshold), \(width) px wide")
            }
        }
    }

    /// The size classes (.small, .medium, .large) `child` of an AdwClamp has now.
    private func sizeClasses(of child: WidgetRef) -> [String] {
        Clamp.sizeClasses.filter { gtk_widget_has_css_class(child, $0) != 0 }
    }

    /// AdwClamp gives its child a size class (.small, .medium, .large) when it lays it out. The
    /// window sets the one the first layout will choose before anything is styled: a class that
    /// changed then would style everything inside the clamp a second time. The same for a page
    /// built later.
    func testTheFirstLayoutFindsEachClampsSizeClassAlreadySet() async throws {
        func clampChildren() -> [WidgetRef] {
            AnyWidget(window.window).descendants.filter { $0.isA(adw_clamp_get_type()) }.compactMap { adw_clamp_get_child(cast($0)) }
        }
        /// Runs `show`, then a frame, and counts the changes of the size classes of `watched`
        /// (the classes set before `show` returns count as they are: it styles what it shows).
        func changes(of watched: () -> [WidgetRef], during show: () -> Void, _ what: String) -> Int {
            var count = 0
            var ids: [(WidgetRef, gulong)] = []
            var last: [WidgetRef: [String]] = [:]
            show()
            // GTK notifies "css-classes" for a class removed that was not there too: count the
            // notifications that found the size class different.
            for child in watched() {
                last[child] = sizeClasses(of: child)
                ids.append((child, Signal.connect(gpointerOf(child), "notify::css-classes", withArgument: { _ in
                    let now = self.sizeClasses(of: child)
                    if now != last[child] { count += 1 }
                    last[child] = now
                })))
            }
            XCTAssertTrue(waitForFrame(of: AnyWidget(window.window)), "a frame after \(what)")
            for (child, id) in ids { g_signal_handler_disconnect(gpointerOf(child), id) }
            return count
        }
        for (width, height, expected) in [(Int32(360), Int32(640), "small"), (960, 720, "medium"), (1600, 900, "large")] {
            makeWindow(lang: "en_US.UTF-8", size: (width, height), present: false)
            let atStart = clampChildren()
            XCTAssertFalse(atStart.isEmpty, "the Currencies page has clamps")
            XCTAssertEqual(changes(of: { atStart }, during: { window.present() }, "opening at \(width) px"), 0,
                           "the first layout at \(width) px changed no clamp's class")
            for child in atStart {
                XCTAssertEqual(sizeClasses(of: child), [expected], "the class AdwClamp chose at \(width) px")
            }
            // A page built once the window shows: the Converter.
            let known = Set(atStart)
            XCTAssertEqual(changes(of: { clampChildren().filter { !known.contains($0) } }, during: { window.showPage(.converter) },
                                   "showing the Converter at \(width) px"), 0,
                           "the Converter's first layout at \(width) px changed no clamp's class")
            XCTAssertGreaterThan(clampChildren().count, atStart.count, "the Converter has a clamp")
        }
    }

    func testLastingStatesShareOneLineMostImportantFirst() async throws {
        let notices = window.notices
        XCTAssertNil(notices.lineTitle, "nothing to say: the line is hidden")
        var refreshed = 0
        notices.set(.stale, title: "Rates are 24 days old", details: "Showing ECB rates of 30 Oct 2026.",
                    action: ("_Refresh", { refreshed += 1 }))
        XCTAssertEqual(notices.lineTitle, "Rates are 24 days old")
        XCTAssertEqual(notices.lineAction, "Refresh")
        XCTAssertEqual(notices.lineDetails, "Showing ECB rates of 30 Oct 2026.")

        notices.set(.saveFailed, title: "Your changes are not being saved", details: "The disk is full.")
        XCTAssertEqual(notices.lineTitle, "Your changes are not being saved", "the more important state shows")
        XCTAssertNil(notices.lineAction, "its own action (none), not the stale state's")
        XCTAssertTrue(notices.lineDetails?.contains("The disk is full.") == true)
        XCTAssertTrue(notices.lineDetails?.contains("Rates are 24 days old") == true, "the details name every state that holds")
        notices.dismissShown()
        XCTAssertEqual(notices.lineTitle, "Your changes are not being saved", "a failing save cannot be put away")

        notices.clear(.saveFailed)
        XCTAssertEqual(notices.lineTitle, "Rates are 24 days old", "the other state shows again")
        XCTAssertEqual(notices.lineAction, "Refresh")
        notices.clear(.stale)
        XCTAssertNil(notices.lineTitle)
        XCTAssertEqual(refreshed, 0)
    }

    func testStartupProblemsCanBePutAway() async throws {
        let notices = window.notices
        notices.set(.startupProblems, title: "Some saved data could not be used", details: "state.json was set aside.",
                    dismissible: true)
        XCTAssertEqual(notices.lineTitle, "Some saved data could not be used")
        notices.dismissShown()
        XCTAssertNil(notices.lineTitle)
        XCTAssertTrue(notices.states.isEmpty)
    }

    func testALongStateIsReadWholeOnAPhone() async throws {
        loadAppStyle()
        let notices = window.notices
        let title = "Offline · showing ECB rates of Oct 30, 2026 (the server did not answer)"
        notices.set(.offline, title: title, details: "HTTP 503", action: (label: "_Retry", run: {}))
        let line = try XCTUnwrap(notices.statusLine)
        for (width, height) in [(360, 640), (1024, 600)] {
            layOut(width: Int32(width), height: Int32(height))
            let label = frame(of: line.titleLabel, in: AnyWidget(window.window))
            let details = frame(of: line.detailsControl, in: AnyWidget(window.window))
            // Its natural height for the width it got: the whole text, on as many lines as it needs.
            let needed = line.titleLabel.measure(.vertical, for: Int32(label.width)).natural
            XCTAssertGreaterThanOrEqual(label.height, Double(needed), "\(width) px: the title is shown whole")
            XCTAssertFalse(line.titleLabel.isEllipsized, "\(width) px: nothing of the title cut off")
            XCTAssertTrue(fitsWidth(line.detailsControl), "\(width) px: Details inside the window")
            if width == 360 {
                XCTAssertGreaterThanOrEqual(details.y, label.y + label.height, "on a phone the buttons go below the title")
                XCTAssertGreaterThan(label.width, 250, "the title has the line's width")
            } else {
                XCTAssertLessThan(details.y, label.y + label.height, "on a wide window the buttons stay beside it")
            }
        }
    }

    func testOldRatesAreALastingStateWithRefresh() async throws {
        let rates = RatesController(context: context)
        context.preferences.networkAllowed = false
        rates.attach(window)
        guard let days = context.staleDays() else { return XCTFail("the bundled rates of 30 Oct 2026 are old today") }
        XCTAssertEqual(window.notices.lineTitle, "Network access is off", "network off outranks old rates")
        XCTAssertEqual(window.notices.lineAction, "Turn On")
        XCTAssertTrue(window.notices.stateText.contains("Rates are \(days) days old"), window.notices.stateText)
        // F5 while the network is off: an event, a toast that says why nothing happened.
        rates.refresh(.explicit)
        XCTAssertEqual(window.notices.toasts.last, "Network access is off")
    }

    /// The label of the toast titled `title`, once it is on screen.
    private func toastTitle(_ title: String) -> Label? {
        AnyWidget(window.window).descendants.first {
            $0.isA(gtk_label_get_type()) && Label(existing: $0).text == title && gtk_widget_get_mapped($0) != 0
        }.map(Label.init(existing:))
    }

    /// Whether the toast titled `title` is on screen, whole (no line of it cut) and inside the window.
    private func toastIsWhole(_ title: String) -> Bool {
        guard let label = toastTitle(title), let toast = AnyWidget(label).ancestor(named: "toast") else { return false }
        return cutLabels(in: AnyWidget(toast)).isEmpty && fitsWidth(AnyWidget(toast))
    }

    private func lines(_ label: Label) -> Int32 { pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label.widget))) }

    func testALongToastIsReadWholeOnAPhoneWithItsButtons() async throws {
        loadAppStyle()
        layOut(width: 360, height: 640)
        let title = "Could not refresh rates from the European Central Bank: the server did not answer"
        window.notices.toast(title, button: ("_Retry", {}))
        XCTAssertTrue(runMainLoop(until: { self.toastIsWhole(title) }, limit: 5), "every line of it shows, inside the window")
        let label = try XCTUnwrap(toastTitle(title))
        XCTAssertFalse(label.isEllipsized, "no “…”")
        let toast = AnyWidget(try XCTUnwrap(AnyWidget(label).ancestor(named: "toast")))
        let buttons = toast.descendants.filter { $0.isA(gtk_button_get_type()) }.map(AnyWidget.init)
        XCTAssertEqual(buttons.count, 2, "Retry and the close button")
        for button in buttons { XCTAssertTrue(fitsWidth(button), "inside the window") }
    }

    func testAToastIsOneLineOnADesktopAndWrapsWhenTheWindowNarrows() async throws {
        loadAppStyle()
        layOut(width: 1280, height: 800)
        // As Ctrl+D twice says it: the first toast, then the second in its place with Undo.
        let added = "USD → EUR added to favourites.", removed = "USD → EUR removed from favourites."
        window.notices.toast(added)
        XCTAssertTrue(runMainLoop(until: { self.toastTitle(added).map { self.lines($0) == 1 } ?? false }, limit: 5), "one line")
        window.notices.toast(removed, button: ("_Undo", {}))
        let shown = try XCTUnwrap(toastTitle(removed))
        XCTAssertTrue(runMainLoop(until: { self.lines(shown) == 1 }, limit: 5),
                      "beside its Undo, one line on a desktop, not a narrow column: \(lines(shown)) lines")
        // The window narrows to a phone's while the toast shows: its title wraps, and every line shows.
        layOut(width: 360, height: 640)
        XCTAssertTrue(runMainLoop(until: { self.lines(shown) > 1 && self.toastIsWhole(removed) }, limit: 5),
                      "wrapped, whole and inside the window at 360 px: \(lines(shown)) lines")
        // And widens again: one line again.
        layOut(width: 1280, height: 800)
        XCTAssertTrue(runMainLoop(until: { self.lines(shown) == 1 }, limit: 5), "one line again at 1280 px: \(lines(shown)) lines")
    }

    func testAToastThatTakesThePlaceOfAShortOneIsReadWholeOnAPhoneAndADesktop() async throws {
        loadAppStyle()
        for (width, height) in [(Int32(1280), Int32(800)), (360, 640)] {
            layOut(width: width, height: height)
            // A short toast on screen; a long one with a button takes its place (Notices.toast).
            let short = "Copied (\(width) px)"
            window.notices.toast(short)
            XCTAssertTrue(runMainLoop(until: { self.toastTitle(short) != nil }, limit: 5), "the toast shows at \(width) px")
            waitForFrame(of: AnyWidget(window.window))
            let title = "Could not refresh rates from the European Central Bank: the server did not answer (\(width) px)"
            window.notices.toast(title, button: ("_Retry", {}))
            XCTAssertEqual(window.notices.toastShown, title)
            XCTAssertTrue(runMainLoop(until: { self.toastIsWhole(title) }, limit: 3),
                          "every line of it shows, inside the window, at \(width) px")
            XCTAssertTrue(pressToastButton(), "its Retry is on screen")
        }
    }

    func testAToastThatWaitedItsTurnIsReadWholeWhenItShows() async throws {
        loadAppStyle()
        layOut(width: 360, height: 640)
        // Three toasts with buttons: the second and third wait. Nothing holds the second's handle
        // once the third is the latest; it is still made to fit when it shows.
        let titles = ["Could not refresh rates from the European Central Bank: the server did not answer",
                      "Could not refresh rates from Frankfurter: the answer could not be read at all",
                      "Could not refresh rates from the Bank of Russia: the connection was refused"]
        for title in titles { window.notices.toast(title, button: ("_Retry", {})) }
        XCTAssertTrue(runMainLoop(until: { self.toastIsWhole(titles[0]) }, limit: 5), "the first shows, whole")
        XCTAssertTrue(pressToastButton(), "its Retry takes it away")
        XCTAssertTrue(runMainLoop(until: { self.toastIsWhole(titles[1]) }, limit: 5), "the second shows next, whole")
    }

    func testANewToastTakesThePlaceOfTheOneShowing() async throws {
        let notices = window.notices
        notices.toast("USD → EUR added to favourites.")
        XCTAssertEqual(notices.toastShown, "USD → EUR added to favourites.")
        notices.toast("EUR → USD added to favourites.")
        XCTAssertEqual(notices.toastShown, "EUR → USD added to favourites.", "the answer to the next Ctrl+D shows at once")
        // So does one with a button, which brings its button along.
        var retried = false
        notices.toast("Could not refresh rates from ECB", button: ("_Retry", { retried = true }))
        XCTAssertEqual(notices.toastShown, "Could not refresh rates from ECB", "at once, not after the 5 s of the one before")
        XCTAssertEqual(notices.toastHasButton, true)
        XCTAssertEqual(notices.toasts.count, 3)
        // One without a button waits behind it (the button must not be lost), and once nothing
        // holds the first toast's handle any more its button still works.
        notices.toast("Copied")
        XCTAssertTrue(pressToastButton(), "Retry, on screen")
        XCTAssertTrue(retried)
    }

    func testAToastAnotherPageTookOverIsNotTakenBackByTheFirst() async throws {
        let converter = window.converter, currencies = window.currencies
        converter.toggleFavourite()
        let starred = context.state.converter.favourites
        XCTAssertEqual(starred.count, 1)
        currencies.remove("USD")
        XCTAssertTrue(currencies.undoRemoval())
        XCTAssertEqual(window.notices.toastShown, "USD restored")
        // The Converter's removal is said in that toast at once: it had nothing left to offer.
        converter.toggleFavourite()
        XCTAssertEqual(window.notices.toastShown, "\(starred[0]) removed from favourites.")
        // A row removed now gets a toast of its own, which waits: the Converter's Undo stays.
        currencies.remove("GBP")
        XCTAssertEqual(window.notices.toastShown, "GBP removed")
        XCTAssertTrue(pressToastButton(), "the Converter's Undo, on screen")
        XCTAssertEqual(context.state.converter.favourites, starred, "the favourite is back")
        XCTAssertTrue(runMainLoop(until: { self.window.notices.toastButtonShown != nil }, limit: 5), "GBP's toast shows next")
        XCTAssertTrue(pressToastButton())
        XCTAssertTrue(currencies.shownCodes.contains("GBP"))
    }
}
