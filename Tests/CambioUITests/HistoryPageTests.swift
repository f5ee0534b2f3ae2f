import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioStore
@testable import CambioUI

/// The History page in a real window, over the bundled ECB history (to 30 Oct 2026).
final class HistoryPageTests: WindowTestCase {
    var page: HistoryPage { window.history }

    override func setUp() async throws {
        try await super.setUp()
        try installImportedHistory()
        context.preferences.networkAllowed = false   // no network: the history as bundled
        window.showPage(.history)
        try await waitForLoad()
    }

    func waitForLoad() async throws {
        try await waitForHistory(page)
        XCTAssertTrue(page.isLoaded && !page.isLoading, "the history loaded")
    }

    func testTheLastSevenDaysOfTheConvertersPair() async throws {
        XCTAssertEqual(window.visiblePage, .history)
        XCTAssertEqual([page.from, page.to], ["USD", "EUR"])
        XCTAssertEqual(page.dayTexts, [
            "Fri, Oct 30, 0.8951, \u{25BC} \u{2212}0.0034, ECB",   // 1/1.1172 against 1/1.1130
            "Thu, Oct 29, 0.8985, \u{25B2} +0.0002, ECB",
            "Wed, Oct 28, 0.8982, \u{25B2} +0.0014, ECB",
            "Tue, Oct 27, 0.8969, \u{25B2} +0.0030, ECB",
            "Mon, Oct 26, 0.8938, \u{25B2} +0.0004, ECB",
            "Sun, Oct 25, no publication, weekend",
            "Sat, Oct 24, no publication, weekend",
        ])
        XCTAssertTrue(page.statusText.hasPrefix("Jan 4, 1999 \u{2013} Oct 30, 2026"), page.statusText)
        XCTAssertTrue(page.statusText.hasSuffix(" published days \u{00B7} ECB"), page.statusText)
    }

    func testRangesChangeWhatTheChartShows() async throws {
        var counts: [HistoryRange: Int] = [:]
        for r in HistoryRange.allCases {
            page.setRange(r)
            counts[r] = page.shownPoints
            XCTAssertTrue(page.statsText.hasPrefix("Low "), page.statsText)
        }
        XCTAssertEqual(counts[.week], 5)                       // Mon 26 – Fri 30 Oct
        XCTAssertEqual(counts[.month], 23)                     // 30 Sep – 30 Oct, business days
        XCTAssertGreaterThan(counts[.year]!, 250)
        XCTAssertGreaterThan(counts[.fiveYears]!, 1270)
        XCTAssertEqual(counts[.max], page.history?.points.count)
        XCTAssertGreaterThan(counts[.max]!, 7000)
        page.setRange(.max)
        XCTAssertTrue(page.statsText.contains("Jul 15, 2008"), "the euro's high against the dollar: \(page.statsText)")
        page.setCursor(0)
        XCTAssertEqual(page.pointText, "Mon, Jan 4, 1999: 1 USD = 0.8482 EUR (ECB)")   // 1 / 1.1789
    }

    func testSwapAndAConversionOnASaturday() async throws {
        page.swap()
        try await waitForLoad()
        XCTAssertEqual([page.from, page.to], ["EUR", "USD"])
        page.setPastDay(Day(iso: "2024-10-26")!)
        XCTAssertEqual(page.pastText, "100 EUR = 108.25 USD \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")
        page.setPastAmount("12*3")
        XCTAssertEqual(page.pastText, "36 EUR = 38.97 USD \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")   // 36 × 1.0825
        page.setPastAmount("1/0")
        XCTAssertEqual(page.pastText, "Division by zero")
    }

    func testTheDatePickerOpensOnTheChosenDayAndADayClickedIsConvertedOnce() async throws {
        page.setPastDay(Day(iso: "2026-09-30")!)
        XCTAssertTrue(page.pastText.contains("Sep 30, 2026"), page.pastText)
        final class Said { var texts: [String] = [] }
        let said = Said()
        let result = page.pastPart.result
        AnyWidget(result).onNotify("label") { said.texts.append(result.text) }
        let days = page.pastPart.days
        let popover = page.pastPart.popover
        page.pastPart.dateButton.popup()
        XCTAssertTrue(runMainLoop(until: { popover.widget.visible }, limit: 5), "the picker open")
        XCTAssertEqual(days.monthShown, "September 2026")
        let chosen = try XCTUnwrap(days.button(for: Day(iso: "2026-09-30")!))
        XCTAssertTrue(runMainLoop(until: { gtk_widget_has_focus(chosen.widget) != 0 }, limit: 5), "the focus on the chosen day")
        XCTAssertTrue(chosen.active, "the chosen day pressed")
        XCTAssertNil(days.button(for: Day(iso: "2026-10-02")!), "only September shows")

        let second = try XCTUnwrap(days.button(for: Day(iso: "2026-09-02")!))
        emit("clicked", on: second.widget, type: gtk_button_get_type())
        XCTAssertEqual(page.pastDay, Day(iso: "2026-09-02"))
        XCTAssertTrue(runMainLoop(until: { !popover.widget.visible }, limit: 5), "the picker closed")
        waitForFrame(of: AnyWidget(window.window))
        XCTAssertEqual(said.texts.count, 1, "one conversion: \(said.texts)")
        XCTAssertTrue(page.pastText.contains("rate of Wed, Sep 2, 2026 (ECB)"), page.pastText)
        XCTAssertTrue(second.active && !chosen.active, "the day clicked is the one pressed")
        XCTAssertEqual(page.pastPart.dateButton.label, "Sep 2, 2026")
    }

    func testASuspendedCurrencyShowsAGap() async throws {
        page.setPair(from: "EUR", to: "RUB")
        try await waitForLoad()
        await waitUntil { self.page.dayTexts.first?.hasPrefix("Fri, Oct 30") == true }
        XCTAssertEqual(page.dayTexts.first, "Fri, Oct 30, no RUB rate, not published that day")
        page.setPastDay(Day(iso: "2023-01-10")!)
        XCTAssertEqual(page.pastText, "100 EUR = 11,720.10 RUB \u{00B7} rate of Tue, Mar 1, 2022 (ECB) \u{00B7} not published on the day asked")
        page.setPastDay(Day(iso: "1998-12-31")!)
        XCTAssertTrue(page.pastText.hasPrefix("No published rate"), page.pastText)
    }

    func testTheLineGoesBehindTheHighAndLowLabelsNotThroughThem() async throws {
        // RUB → USD over five years: the rouble's high of 2017 lies at the left, where the label is.
        page.setPair(from: "RUB", to: "USD")
        try await waitForLoad()
        page.setRange(.fiveYears)
        layOut(width: 1280, height: 800)
        let chart = page.chart
        let (w, h) = Chart.plot(Double(chart.width), Double(chart.height))
        let m = Chart.margin
        let labels = try XCTUnwrap(page.model.extremeLabels)
        let g = try XCTUnwrap(page.model.chart)
        let picture = try XCTUnwrap(pixels(of: chart))
        // Where each label is written (Chart.text: 2 px off its line, the text's own size).
        for (label, above) in [(labels.high, false), (labels.low, true)] {
            let size = try XCTUnwrap(TextLayout(label.text, in: chart)).size
            let y = m.top + g.y(value: label.value, height: h)
            let top = Int((above ? y - size.height - 2 : y + 2).rounded(.up)) + 1, left = Int(m.left + 4)
            var lineColoured = 0
            for py in max(0, top)..<min(picture.height, top + Int(size.height) - 3) {
                for px in left..<min(picture.width, left + Int(size.width)) {
                    let i = (py * picture.width + px) * 4
                    let (r, gr, b) = (Int(picture.bytes[i]), Int(picture.bytes[i + 1]), Int(picture.bytes[i + 2]))
                    // The line is the accent colour (blue); the text is grey on white.
                    if b > r + 60 && b > gr + 30 { lineColoured += 1 }
                }
            }
            XCTAssertEqual(lineColoured, 0, "no pixel of the line in the label \(label.text)")
        }
        XCTAssertGreaterThan(w, 0)
    }

    func testOnAPhoneTheChartsKeysBringItsReadoutIntoView() async throws {
        let root = AnyWidget(page.root)
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.daysBesideChart }, "a phone")
        // At a phone's width the page switcher slides in at the bottom, and the page has its final
        // height only once the bar has all of its own: a key pressed before then reveals the
        // readout in a view that is about to lose the bar's 45 px.
        waitForBottomSwitcher()
        page.focusPrimary()
        XCTAssertTrue(page.chart.hasFocus, "Alt+3 lands on the chart")
        XCTAssertTrue(page.chartKey(.left), "Left moves along it")
        XCTAssertTrue(waitForFrame(of: root))
        let readout = frame(of: page.chartPart.point, in: root)
        XCTAssertFalse(page.pointText.trimmingCharacters(in: .whitespaces).isEmpty)
        XCTAssertGreaterThanOrEqual(readout.y, 0, "the readout is in view")
        XCTAssertLessThanOrEqual(readout.y + readout.height, Double(root.height), "the readout is in view: \(readout), view \(root.height)")
    }

    // MARK: Adaptive, empty and dark

    func testOnAPhoneTheDaysAreAboveTheChartAndOnADesktopBesideIt() async throws {
        let root = AnyWidget(page.root)
        XCTAssertLessThanOrEqual(minimumWidth(root), 360, "the page fits a phone's 360 px")
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.daysBesideChart },
               "the days go above the chart")
        var days = frame(of: page.week.root, in: root), chart = frame(of: page.chart, in: root)
        XCTAssertLessThanOrEqual(days.y + days.height, chart.y, "the days above the chart")
        XCTAssertLessThanOrEqual(chart.x + chart.width, Double(root.width), "the chart is not cut off")
        XCTAssertLessThanOrEqual(days.x + days.width, Double(root.width), "the days are not cut off")

        resize(width: 1280, height: 800, until: { root.width > 1000 && self.page.daysBesideChart }, "the days go beside the chart")
        days = frame(of: page.week.root, in: root)
        chart = frame(of: page.chart, in: root)
        XCTAssertLessThanOrEqual(days.x + days.width, chart.x, "the days left of the chart")
        XCTAssertLessThan(chart.y, days.y + days.height, "side by side")
    }

    func testAPairWithoutHistorySaysWhy() async throws {
        XCTAssertFalse(page.showsEmptyState)
        page.setPair(from: "USD", to: "ARS")   // the ECB never published the peso
        try await waitForLoad()
        XCTAssertTrue(page.showsEmptyState)
        XCTAssertTrue(page.emptyState.isMapped, "the status page is on screen")
        XCTAssertEqual(page.emptyState.title, "No Rate History")
        // The peso's history would come from Frankfurter: with the network off, said so.
        XCTAssertEqual(page.emptyState.details, "Network access is off: no day of USD/ARS has been fetched yet.")
        XCTAssertFalse(page.chart.isMapped, "no empty chart")
        XCTAssertFalse(page.week.root.isMapped, "no empty list of days")
        XCTAssertLessThanOrEqual(minimumWidth(AnyWidget(page.root)), 360, "the status page fits a phone")
        page.setPair(from: "USD", to: "EUR")
        try await waitForLoad()
        XCTAssertFalse(page.showsEmptyState)
        XCTAssertTrue(page.chart.isMapped)
    }

    func testTheChartsColoursFollowTheDarkStyle() async throws {
        loadAppStyle()
        defer { Adwaita.setColorScheme(.system) }
        Adwaita.setColorScheme(.forceLight)
        XCTAssertFalse(Adwaita.isDark)
        XCTAssertNotNil(page.chart.color(named: "chart_line_color"), "style.css names the chart's colours")
        let light = Chart.Palette(page.chart)
        Adwaita.setColorScheme(.forceDark)
        XCTAssertTrue(Adwaita.isDark)
        let dark = Chart.Palette(page.chart)
        XCTAssertNotEqual(light.line, dark.line, "the line takes the dark style's accent")
        XCTAssertNotEqual(light.grid, dark.grid)
        // Text on the chart: dark on the light style, light on the dark one.
        XCTAssertLessThan(light.text.red + light.text.green + light.text.blue, 1.5, "\(light.text)")
        XCTAssertGreaterThan(dark.text.red + dark.text.green + dark.text.blue, 1.5, "\(dark.text)")
    }
}
