import CambioCore
import CambioGLib
import CambioServices

/// The History page: the last seven days of a pair, a chart over any range back to 1999, and
/// conversion on a past date. What it shows comes from `HistoryModel`; the page only binds
/// widgets to it. One file per part: the pair and the reading (`+Pair`), the days (`+Days`),
/// the chart (`+Chart`), the past date (`+Past`).
@MainActor public final class HistoryPage {
    public let root: AnyWidget
    /// The page's scrolled window (its root).
    let scroller: ScrolledWindow
    let ctx: any DisplayContext & RatesContext & UserDataContext & ServicesContext & NoticesContext
    let data: any HistoryOpening
    /// The pair, its history, the range, the cursor and the past date, without the widgets.
    var model: HistoryModel
    let pairBar: PairBar
    let week: WeekColumn
    let chartPart: ChartPart
    let pastPart: PastPart
    /// The days beside the chart on wide windows, above it on narrow ones.
    let middle: AdaptiveBox
    /// Shown instead of the days, the chart and the past date when the pair has no history.
    let emptyState: StatusPage
    var pickers: [CurrencyPicker] = []
    var dayRows: [ListBoxRow] = []
    /// Set when the window is gone: answers that arrive later are dropped.
    var destroyed = false
    var synced = false
    /// The pair, source and days last asked of Frankfurter (each is asked once).
    var fetchedKey = ""
    /// The fetch of the pair's official history; a fetch for other days or another pair
    /// cancels the one under way (its request stops).
    let fetches = Superseding<HistorySync.PairOutcome>()
    var fetching: Bool { fetches.isRunning }
    /// What the status line adds about the official history (offline, the institution lacks the pair).
    var fetchNote: Wording?
    /// Why the last fetch of the pair's official history failed, in words.
    var fetchFailure: String?
    /// The chart had the focus when the empty state took its place.
    var refocusChart = false
    /// Follows the source of official rates chosen in Preferences.
    var sourceObservation: Observation?
    /// Whether the history may be brought up to date from the network (the client's gate).
    func mayFetch() -> Bool { ctx.engine.networkAllowed }
    var onSyncFailure: ((String) -> Void)?

    init(context: any DisplayContext & RatesContext & UserDataContext & ServicesContext & NoticesContext, data: any HistoryOpening) {
        ctx = context
        self.data = data
        let pair = context.state.converter.currentPair
        model = HistoryModel(from: pair.from, to: pair.to, pastDay: context.rates?.date ?? Day.today(),
                             formatter: context.formatter, days: context.days, dates: context.locale.dates,
                             catalog: context.catalog)
        pairBar = PairBar()
        week = WeekColumn()
        chartPart = ChartPart()
        pastPart = PastPart(day: model.pastDay, dates: context.locale.dates)
        middle = AdaptiveBox(breakpoint: Self.sideBySideWidth, spacing: 18, [week.root, chartPart.root])
        middle.vexpand = true
        emptyState = StatusPage(icon: "document-open-recent-symbolic", title: tr("No Rate History"))
        emptyState.vexpand = true
        emptyState.visible = false
        let page = Box.vertical(spacing: 14, [pairBar.root, emptyState, middle, pastPart.root])
        page.margins(12, 12, 12, 12)
        // The chart may grow wide; the rest is held to a width that reads well.
        scroller = UI.page(page, maximum: 1200)
        root = AnyWidget(scroller)

        bindPair()
        bindChart()
        bindPast()
        scroller.on("destroy") { [weak self] in
            self?.destroyed = true
            self?.fetches.cancel()
        }
        ctx.observeDisplay { [weak self] in
            guard let self else { return }
            self.model.formatter = self.ctx.formatter
            self.updatePast()
        }
        // Another process writing the history: said while the page's work waits for it.
        data.observeLock { [weak self] in
            guard let self, !self.destroyed else { return }
            self.showStatus()
        }
        sourceObservation = ctx.engine.preferences.observe { [weak self] key in
            guard let self, key == .officialSource, !self.destroyed else { return }
            self.fetchedKey = ""
            self.load()
        }
        showPair()
        setPastDay(model.pastDay)
        load()
    }

    /// The width from which the days and the chart go side by side (above it, the days go
    /// above the chart).
    static let sideBySideWidth: Int32 = 700

    /// The pair's history was read, fetched where it could be, and has no rate at all: a status
    /// page says why (nothing published; the fetch failed; the network is off) instead of an
    /// empty list and chart. Not while its history is being fetched: the status line says so.
    func showEmptyState() {
        let empty = (model.history.map { $0.points.isEmpty } ?? false) && !fetching
        if empty {
            if let fetchFailure {
                emptyState.details = fetchFailure
            } else if fetchNote != nil, !mayFetch() {
                emptyState.details = Template.fill(tr("Network access is off: no day of %@/%@ has been fetched yet."), model.from, model.to)
            } else if let fetchNote {
                emptyState.details = say(fetchNote)
            } else {
                emptyState.details = Template.fill(tr("No rate between %@ and %@ has been published. Choose other currencies above."),
                                                   model.from, model.to)
            }
            emptyState.accessibleLabel(emptyState.title + ". " + emptyState.details)
        }
        // The chart had the focus when it went: it gets it back when it comes back.
        if empty, middle.visible, let focus = AnyWidget(root).focusInWindow, middle.contains(focus) { refocusChart = true }
        emptyState.visible = empty
        middle.visible = !empty
        pastPart.root.visible = !empty
        if !empty, refocusChart {
            refocusChart = false
            focusPrimary()
        }
    }

    // MARK: Reading and driving the page (also used by tests)

    public var from: String { model.from }
    public var to: String { model.to }
    public var range: HistoryRange { model.range }
    /// The pair's whole history.
    public var history: PairHistory? { model.history }
    /// Each day row as it reads (its accessible name).
    public internal(set) var dayTexts: [String] = []
    public var shownPoints: Int { model.shownPoints }
    public var isLoaded: Bool { model.history != nil }
    /// True while a pair's history is being read.
    public var isLoading: Bool { model.isLoading }
    /// The chart, which takes the focus.
    var chart: DrawingSurface { chartPart.surface }

    public func focusPrimary() { chart.grabFocus() }

}
