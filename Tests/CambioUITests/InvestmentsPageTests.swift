import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioUI

/// The Investments page in a real window, on the bundled sample (no request is sent).
final class InvestmentsPageTests: WindowTestCase {
    var page: InvestmentsPage { window.investments }

    override func setUp() async throws {
        try await super.setUp()
        context.preferences.networkAllowed = false   // network off: the sample and the cache only
        window.showPage(.investments)
    }

    /// Waits until `done` holds: the page's search, load or computation settles while the test
    /// awaits (its tasks come back to the main actor), and GLib runs the typing pause.
    func settle(until done: @escaping @MainActor () -> Bool, _ what: String) async throws {
        let held = await waitUntil(timeout: 30, done)
        XCTAssertTrue(held, what)
    }

    func openMSFT() async throws {
        page.type("micro")
        // Results come after the pause, not per keystroke.
        XCTAssertEqual(page.found, [])
        try await settle(until: { !self.page.found.isEmpty }, "the search answered")
        XCTAssertEqual(page.found.map(\.symbol), ["MSFT"])
        gtk_widget_activate(page.resultRows.first!.widget)
        try await settle(until: { self.page.series != nil && !self.page.busy }, "MSFT's prices loaded")
    }

    func testSearchThenTheDocumentedExample() async throws {
        XCTAssertEqual(window.visiblePage, .investments)
        try await openMSFT()
        XCTAssertEqual(page.stock?.symbol, "MSFT")
        XCTAssertEqual(page.query, "", "choosing a stock clears the search")
        page.setAmounts(initial: "1000", monthly: "100")
        page.setStartIndex(0)
        XCTAssertEqual(page.startMonth, Month(iso: "2000-01"))
        XCTAssertEqual(page.figure("value"), "15,369.66 USD")
        XCTAssertEqual(page.figure("invested"), "13,200.00 USD in 123 purchases")
        XCTAssertEqual(page.figure("gain"), "+2,169.66 USD \u{00B7} profit")
        XCTAssertEqual(page.figure("yield"), "+16.44%")
        XCTAssertEqual(page.figure("xirr"), "+2.77% a year")
        XCTAssertTrue(page.figure("simple").hasPrefix("+1.50% a year by (value"), page.figure("simple"))
        XCTAssertEqual(page.figure("drawdown"), "\u{2212}47.57% (14,494.99 USD in Oct 2007 to 7,600.44 USD in Feb 2009)")
        XCTAssertTrue(page.figure("lump").hasPrefix("9,549.36 USD"), page.figure("lump"))
        XCTAssertTrue(page.sourceText.contains("Bundled sample"), page.sourceText)
        XCTAssertTrue(page.sourceText.contains("January 2000 \u{2013} March 2010"), page.sourceText)
    }

    /// The amounts are numbers: an on-screen keyboard offers digits, as on the other pages.
    func testTheAmountFieldsAreNumberFields() async throws {
        try await openMSFT()
        XCTAssertEqual(page.initialEntry.inputPurpose, .number)
        XCTAssertEqual(page.monthlyEntry.inputPurpose, .number)
    }

    func testTheMonthListAndTheSliderStayInStep() async throws {
        try await openMSFT()
        page.setAmounts(initial: "1000", monthly: "100")
        XCTAssertEqual(page.startMonths.count, 123)
        page.startDrop.selected = 2
        XCTAssertEqual(page.startScale.value, 2)
        XCTAssertEqual(page.startMonth, Month(iso: "2000-03"))
        page.startScale.value = 24
        XCTAssertEqual(page.startDrop.selected, 24)
        XCTAssertEqual(page.startMonth, Month(iso: "2002-01"))
        // 99 months from January 2002: 1,000 then 98 × 100.
        XCTAssertEqual(page.figure("invested"), "10,800.00 USD in 99 purchases")
        XCTAssertEqual(context.state.investments.start, Month(iso: "2002-01"))
    }

    func testALossIsRedAndSaysSo() async throws {
        try await openMSFT()
        page.setAmounts(initial: "1000", monthly: "0")
        page.setStartIndex(0)
        XCTAssertEqual(page.figure("gain"), "\u{2212}276.56 USD \u{00B7} loss")
        XCTAssertTrue(page.figureHasClass("gain", "loss"))
        XCTAssertFalse(page.figureHasClass("gain", "profit"))
        XCTAssertEqual(page.figure("invested"), "1,000.00 USD in one purchase")
    }

    func testBadInputIsNamedAndTheLastResultsStay() async throws {
        try await openMSFT()
        page.setAmounts(initial: "1000", monthly: "100")
        page.setStartIndex(0)
        for bad in ["12*(", "abc", "1/0"] {
            page.monthlyEntry.text = bad
            XCTAssertFalse(page.problem.isEmpty, bad)
            XCTAssertTrue(page.monthlyEntry.hasClass("error"), bad)
            XCTAssertEqual(page.figure("value"), "15,369.66 USD", "the last results stay (\(bad))")
        }
        page.monthlyEntry.text = "-5"
        XCTAssertEqual(page.problem, "Monthly amount: Amounts cannot be negative")
        page.initialEntry.text = "1/0"
        XCTAssertEqual(page.problem, "Initial investment: Division by zero\nMonthly amount: Amounts cannot be negative")
        XCTAssertTrue(page.initialEntry.hasClass("error") && page.monthlyEntry.hasClass("error"), "both marked")
        page.initialEntry.text = "1000"
        page.monthlyEntry.text = "50*2"
        XCTAssertEqual(page.problem, "")
        XCTAssertEqual(page.figure("value"), "15,369.66 USD")
    }

    func testRestartRestoresTheStockAndThePlan() async throws {
        try await openMSFT()
        page.setAmounts(initial: "2 500", monthly: "75")
        page.startDrop.selected = 12
        context.saveNow()
        makeWindow(lang: "en_US.UTF-8")
        context.preferences.networkAllowed = false
        window.showPage(.investments)
        try await settle(until: { self.page.series != nil && !self.page.busy }, "restored prices loaded")
        XCTAssertEqual(page.stock?.symbol, "MSFT")
        XCTAssertEqual(page.initialEntry.text, "2 500")
        XCTAssertEqual(page.monthlyEntry.text, "75")
        XCTAssertEqual(page.startMonth, Month(iso: "2001-01"))
    }

    func testResultsInTheReferenceCurrencyAtEachPurchaseDaysRate() async throws {
        try installImportedHistory()
        context.setReference("EUR")
        page.type("ibm")
        try await settle(until: { !self.page.found.isEmpty }, "the search answered")
        gtk_widget_activate(page.resultRows.first!.widget)
        try await settle(until: { self.page.series != nil && !self.page.busy }, "IBM's sample prices loaded")
        page.setAmounts(initial: "1000", monthly: "0")
        page.setStartIndex(page.startMonths.firstIndex(of: Month(iso: "2005-01")!)!)
        XCTAssertEqual(page.figure("invested"), "1,000.00 USD in one purchase")
        page.referenceCheck.active = true
        try await settle(until: { self.page.result?.currency == "EUR" && !self.page.busy }, "EUR rates read")
        // 1 January 2005 takes the rate of 31 December 2004 (1 EUR = 1.3621 USD), as `cambio dca` does.
        XCTAssertEqual(page.figure("invested"), "734.16 EUR in one purchase")
        page.referenceCheck.active = false
        XCTAssertEqual(page.figure("invested"), "1,000.00 USD in one purchase")
    }

    func testEnterRightAfterTypingOpensTheFirstStockFound() async throws {
        page.type("apple")
        emitActivate(page.searchEntry.widget, type: gtk_search_entry_get_type())
        try await settle(until: { self.page.series != nil && !self.page.busy }, "the first stock opened")
        XCTAssertEqual(page.stock?.symbol, "AAPL")
        XCTAssertEqual(page.query, "")
        XCTAssertEqual(page.found, [])
    }

    func testWithoutAKeyTheSearchSaysWhatItSearches() async throws {
        page.type("zzzz")
        try await settle(until: { !self.page.searchNoteText.isEmpty }, "the search answered")
        XCTAssertTrue(page.searchNoteText.contains("No stock matches \u{201C}zzzz\u{201D}"), page.searchNoteText)
        XCTAssertTrue(page.searchNoteText.contains("Without an Alpha Vantage key"), page.searchNoteText)
    }

    // MARK: Adaptive and empty

    func testBeforeAStockIsChosenThePageSaysHowToFindOne() async throws {
        XCTAssertTrue(page.showsEmptyState)
        XCTAssertTrue(page.emptyState.isMapped, "the status page is on screen")
        XCTAssertEqual(page.emptyState.title, "Choose a Stock")
        XCTAssertTrue(page.emptyState.details.contains("MSFT"), page.emptyState.details)
        XCTAssertFalse(page.chart.isMapped, "no empty chart")
        XCTAssertLessThanOrEqual(minimumWidth(AnyWidget(page.root)), 360, "the status page fits a phone")
        page.type("inc")
        try await settle(until: { !self.page.found.isEmpty }, "the search answered")
        XCTAssertFalse(page.showsEmptyState, "the stocks found instead")
        XCTAssertFalse(page.plan.header.isMapped, "no heading without a stock")
        XCTAssertLessThanOrEqual(minimumWidth(AnyWidget(page.root)), 360, "the stocks found fit a phone")
        gtk_widget_activate(page.resultRows.first!.widget)
        try await settle(until: { self.page.series != nil && !self.page.busy }, "the stock's prices loaded")
        XCTAssertFalse(page.showsEmptyState)
        XCTAssertTrue(page.chart.isMapped)
    }

    func testOnAPhoneTheResultsAreAboveTheChartAndOnADesktopBesideIt() async throws {
        try await openMSFT()
        page.setAmounts(initial: "1000", monthly: "100")
        let root = AnyWidget(page.root)
        XCTAssertLessThanOrEqual(minimumWidth(root), 360, "the page fits a phone's 360 px")
        let value = page.results.figures["value"]!
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.resultsBesideChart },
               "the results go above the chart")
        var figure = frame(of: value, in: root), chart = frame(of: page.chart, in: root)
        XCTAssertLessThan(figure.y + figure.height, chart.y, "the results above the chart")
        XCTAssertLessThanOrEqual(chart.x + chart.width, Double(root.width), "the chart is not cut off")
        // What does not fit scrolls, down to the end of the method.
        let scroller = OpaquePointer(page.root.widget)
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller)
        let content = AnyWidget(gtk_scrolled_window_get_child(scroller)!)
        let method = frame(of: page.results.method, in: content)
        XCTAssertGreaterThan(method.height, 0)
        XCTAssertLessThan(gtk_adjustment_get_page_size(adjustment), gtk_adjustment_get_upper(adjustment), "the page scrolls")
        XCTAssertLessThanOrEqual(method.y + method.height, gtk_adjustment_get_upper(adjustment), "the method can be scrolled to")

        resize(width: 1280, height: 800, until: { root.width > 1000 && self.page.resultsBesideChart }, "the results go beside the chart")
        figure = frame(of: value, in: root)
        chart = frame(of: page.chart, in: root)
        XCTAssertLessThan(figure.x + figure.width, chart.x, "the results left of the chart")
        XCTAssertLessThan(chart.y, figure.y + figure.height, "side by side")
    }

    func testOnAPhoneTheChartsKeysBringItsReadoutIntoView() async throws {
        try await openMSFT()
        page.setAmounts(initial: "1000", monthly: "100")
        let root = AnyWidget(page.root)
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.resultsBesideChart }, "a phone")
        waitForBottomSwitcher()
        // The page at its top: the results fill the view, the chart's readout is below it.
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(page.root.widget)), 0)
        XCTAssertTrue(waitForFrame(of: root))
        let below = frame(of: page.results.point, in: root)
        XCTAssertGreaterThan(below.y + below.height, Double(root.height), "out of view before the key: \(below), view \(root.height)")
        gtk_widget_grab_focus(page.chart.widget)
        XCTAssertTrue(page.chartKey(.left), "Left moves along the chart")
        XCTAssertTrue(waitForFrame(of: root))
        let readout = frame(of: page.results.point, in: root)
        XCTAssertFalse(page.results.point.text.trimmingCharacters(in: .whitespaces).isEmpty)
        XCTAssertGreaterThanOrEqual(readout.y, 0, "the readout is in view")
        XCTAssertLessThanOrEqual(readout.y + readout.height, Double(root.height), "the readout is in view: \(readout), view \(root.height)")
    }
}
