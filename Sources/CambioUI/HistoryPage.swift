import CambioCore
import CambioGLib
import CambioServices
import CambioNet
import CambioStore
import CGtk
import Foundation

/// The History page: the last seven days of a pair, a chart over any range back to 1999, and
/// conversion on a past date.
@MainActor public final class HistoryPage {
    public let root: WidgetRef
    let ctx: AppContext
    let data: HistoryAccess
    private let fromButton: WidgetRef
    private let toButton: WidgetRef
    private let status: WidgetRef
    private let spinner: WidgetRef
    private let daysList: WidgetRef
    private let daysTitle: WidgetRef
    private var dayRows: [WidgetRef] = []
    private var rangeButtons: [(range: HistoryRange, button: WidgetRef)] = []
    private let statsLabel: WidgetRef
    private let pointLabel: WidgetRef
    let chart: WidgetRef
    private let amountEntry: WidgetRef
    private let dateButton: WidgetRef
    private let calendar: WidgetRef
    private let pastResult: WidgetRef
    private var pickers: [CurrencyPicker] = []

    public private(set) var from: String
    public private(set) var to: String
    public private(set) var range: HistoryRange = .year
    /// The pair's whole history, and the part the chart shows.
    public private(set) var history: PairHistory?
    private var geometry: ChartGeometry?
    /// The shown range's low, high and average (the stats line and the chart's labels).
    private var stats: HistoryStats?
    /// "Fri, Oct 30" in the list; "Fri, Oct 30, 2026" under the chart and for past dates.
    private let shortDays: DayFormatter
    private let longDays: DayFormatter
    /// The chart's highlighted point (pointer or arrow keys).
    private var cursor: Int?
    public private(set) var pastDay: Day
    private var loadGeneration = 0
    /// Set when the window is gone: answers that arrive later are dropped.
    private var destroyed = false
    private var synced = false
    /// Network access for the newest days (off when the user turned refreshing off).
    /// Whether the history may be brought up to date from the network (the client's gate).
    func mayFetch() -> Bool { ctx.engine.client.networkAllowed }
    var onSyncFailure: ((String) -> Void)?

    init(context: AppContext, data: HistoryAccess) {
        ctx = context
        self.data = data
        shortDays = DayFormatter(locale: context.locale.dates, template: "EEEdMMM")
        longDays = DayFormatter(locale: context.locale.dates, template: "EEEdMMMy")
        let pair = context.state.converter.currentPair
        from = pair.from; to = pair.to
        pastDay = context.rates?.date ?? Day.today()

        fromButton = gtk_menu_button_new()!
        toButton = gtk_menu_button_new()!
        for b in [fromButton, toButton] { b.addClass("currency-button") }
        var swapTarget: (@MainActor () -> Void)?
        let swapButton = UI.iconButton("object-flip-horizontal-symbolic", name: tr("Swap currencies (Ctrl+S)")) { swapTarget?() }
        swapButton.accessibleLabel(tr("Swap currencies"))
        status = UI.label("", classes: ["dim-label"], xalign: 1)
        gtk_label_set_wrap(cast(status), 1)
        gtk_widget_set_hexpand(status, 1)
        spinner = gtk_spinner_new()!
        spinner.addClass("refreshing")
        spinner.accessibleLabel(tr("Loading the history"))
        let top = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [fromButton, swapButton, toButton, status, spinner])

        daysTitle = UI.label(tr("Last 7 days"), classes: ["heading"])
        daysList = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(daysList), GTK_SELECTION_NONE)
        daysList.addClass("boxed-list")
        daysList.accessibleLabel(tr("Last 7 days"))
        let daysColumn = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [daysTitle, daysList])
        gtk_widget_set_size_request(daysColumn, 250, -1)

        let ranges = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        ranges.addClass("linked")
        statsLabel = UI.label("", classes: ["dim-label", "chart-stats"])
        gtk_label_set_wrap(cast(statsLabel), 1)
        gtk_widget_set_hexpand(statsLabel, 1)
        let rangeLine = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [ranges, statsLabel])
        chart = gtk_drawing_area_new()!
        chart.addClass("chart")
        gtk_widget_set_hexpand(chart, 1)
        gtk_widget_set_vexpand(chart, 1)
        gtk_widget_set_size_request(chart, 300, 220)
        gtk_widget_set_focusable(chart, 1)
        chart.accessibleLabel(tr("Rate chart (Left and Right move along it)"))
        pointLabel = UI.label(" ", classes: ["chart-point"], xalign: 0)
        let chartColumn = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [rangeLine, chart, pointLabel])
        gtk_widget_set_hexpand(chartColumn, 1)
        let middle = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, [daysColumn, chartColumn])
        gtk_widget_set_vexpand(middle, 1)

        amountEntry = UI.numberEntry(name: tr("Amount on a past date"), cssClass: "amount")
        gtk_editable_set_width_chars(cast(amountEntry), 10)
        gtk_editable_set_text(cast(amountEntry), "100")
        calendar = gtk_calendar_new()!
        calendar.accessibleLabel(tr("Date"))
        dateButton = gtk_menu_button_new()!
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), calendar)
        gtk_menu_button_set_popover(cast(dateButton), popover)
        pastResult = UI.label("", classes: ["past-result"])
        gtk_label_set_wrap(cast(pastResult), 1)
        UI.copyable(pastResult)
        gtk_widget_set_hexpand(pastResult, 1)
        let pastTitle = UI.label(tr("On a past date"), classes: ["heading"])
        let past = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [pastTitle, amountEntry, dateButton, pastResult])

        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 14, [top, middle, past])
        root.margins(12, 12, 12, 12)

        swapTarget = { [weak self] in self?.swap() }
        for r in HistoryRange.allCases {
            let b = gtk_toggle_button_new()!
            gtk_button_set_child(cast(b), UI.label(Self.rangeShortName(r), xalign: 0.5))
            b.accessibleLabel(String(format: tr("Range %@"), Self.rangeName(r)))
            b.tooltip(Self.rangeName(r))
            if let first = rangeButtons.first { gtk_toggle_button_set_group(cast(b), cast(first.button)) }
            Signal.connect(gpointerOf(b), "toggled") { [weak self] in
                guard let self, gtk_toggle_button_get_active(cast(b)) != 0 else { return }
                self.setRange(r)
            }
            UI.append(ranges, b)
            rangeButtons.append((r, b))
        }
        if let current = rangeButtons.first(where: { $0.range == range }) { gtk_toggle_button_set_active(cast(current.button), 1) }

        for (button, isFrom) in [(fromButton, true), (toButton, false)] {
            MenuButtonPopup.onFirstOpen(button) { [weak self] in
                guard let self else { return }
                let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                    Set([isFrom ? self?.from : self?.to].compactMap { $0 })
                }) { [weak self] code in
                    guard let self else { return }
                    isFrom ? self.setPair(from: code, to: code == self.to ? self.from : self.to)
                        : self.setPair(from: code == self.from ? self.to : self.from, to: code)
                }
                gtk_menu_button_set_popover(cast(button), picker.popover)
                self.pickers.append(picker)
            }
        }

        DrawingArea.onDraw(chart) { [weak self] cr, width, height in self?.draw(cr, Double(width), Double(height)) }
        let motion = gtk_event_controller_motion_new()!
        Signal.motion(motion) { [weak self] x, _ in self?.hover(x: x) }
        gtk_widget_add_controller(chart, motion)
        let keys = gtk_event_controller_key_new()!
        Signal.keyPressed(keys) { [weak self] keyval, _ in self?.chartKey(keyval) ?? false }
        gtk_widget_add_controller(chart, keys)
        Signal.connect(gpointerOf(calendar), "day-selected") { [weak self] in self?.daySelected() }
        Signal.connect(gpointerOf(amountEntry), "changed") { [weak self] in self?.updatePast() }
        UI.selectAllOnClickFocus(amountEntry)

        Signal.connect(gpointerOf(root), "destroy") { [weak self] in self?.destroyed = true }
        ctx.observeDisplay { [weak self] in self?.updatePast() }
        showPair()
        setPastDay(pastDay)
        load()
    }

    /// The button's face: "1W" … "Max" in English.
    static func rangeShortName(_ r: HistoryRange) -> String {
        switch r {
        case .week: return tr("1W")
        case .month: return tr("1M")
        case .year: return tr("1Y")
        case .fiveYears: return tr("5Y")
        case .max: return tr("Max")
        }
    }

    static func rangeName(_ r: HistoryRange) -> String {
        switch r {
        case .week: return tr("one week")
        case .month: return tr("one month")
        case .year: return tr("one year")
        case .fiveYears: return tr("five years")
        case .max: return tr("everything since 1999")
        }
    }

    // MARK: Reading and driving the page (also used by tests)

    /// Each day row as it reads (its accessible name).
    public private(set) var dayTexts: [String] = []
    public var statsText: String { String(cString: gtk_label_get_text(cast(statsLabel))) }
    public var pointText: String { String(cString: gtk_label_get_text(cast(pointLabel))) }
    public var pastText: String { String(cString: gtk_label_get_text(cast(pastResult))) }
    public var statusText: String { String(cString: gtk_label_get_text(cast(status))) }
    public var shownPoints: Int { geometry?.points.count ?? 0 }
    public var isLoaded: Bool { history != nil }
    /// True while a pair's history is being read.
    public private(set) var isLoading = false

    public func focusPrimary() { gtk_widget_grab_focus(chart) }

    public func setPastAmount(_ text: String) { gtk_editable_set_text(cast(amountEntry), text) }

    // MARK: Pair and range

    public func swap() { setPair(from: to, to: from) }

    public func setPair(from: String, to: String) {
        guard from != to else { return }
        self.from = from; self.to = to
        showPair()
        load()
    }

    public func setRange(_ r: HistoryRange) {
        range = r
        if let b = rangeButtons.first(where: { $0.range == r }), gtk_toggle_button_get_active(cast(b.button)) == 0 {
            gtk_toggle_button_set_active(cast(b.button), 1)
        }
        showRange()
    }

    private func showPair() {
        setCurrencyButton(fromButton, from, format: tr("From %@ (%@)"))
        setCurrencyButton(toButton, to, format: tr("To %@ (%@)"))
    }

    private func setCurrencyButton(_ button: WidgetRef, _ code: String, format: String) {
        UI.setCurrency(button, code: code, currencyName: ctx.name(code), name: String(format: format, code, ctx.name(code)))
    }

    // MARK: Loading

    /// Reads the pair's whole history off the main thread; the newest answer wins.
    func load() {
        loadGeneration += 1
        isLoading = true
        let generation = loadGeneration, from = from, to = to
        setBusy(true, tr("Loading the history…"))
        data.whenReady { [weak self] store in
            guard let self, !self.destroyed else { return }
            guard let store else {
                self.isLoading = false
                self.setBusy(false, String(format: tr("The rate history could not be opened: %@"), self.data.failure.map(say) ?? ""))
                return
            }
            Task { @MainActor in
                let outcome = await Task.detached { Result { try store.history(from: from, to: to) } }.value
                guard generation == self.loadGeneration, !self.destroyed else { return }
                self.isLoading = false
                switch outcome {
                case .success(let h):
                    self.history = h
                    self.setBusy(false, self.coverage(h))
                    self.showDays()
                    self.showRange()
                    self.updatePast()
                    self.syncOnce(store)
                case .failure(let error):
                    self.setBusy(false, String(format: tr("The history could not be read: %@"), "\(error)"))
                }
            }
        }
    }

    /// Once per run: the ECB's days newer than the history, from Frankfurter.
    private func syncOnce(_ store: HistoryStore) {
        guard !synced, mayFetch() else { return }
        synced = true
        let sync = ctx.engine.historySync(store)
        Task { @MainActor in
            let outcome = await sync.fetchNewerDays(today: Day.today())
            guard !self.destroyed else { return }
            switch outcome {
            case .added: self.load()
            case .failed(let reason): self.onSyncFailure?(say(reason))
            case .upToDate: break
            }
        }
    }

    private func setBusy(_ busy: Bool, _ text: String) {
        spinner.visible = busy
        busy ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
        UI.setText(status, text)
    }

    /// "ECB, 4 Jan 1999 – 30 Oct 2026 · 7,123 days".
    private func coverage(_ h: PairHistory) -> String {
        guard let first = h.points.first, let last = h.points.last else {
            return String(format: tr("No published rate for %@ and %@"), from, to)
        }
        let sources = Set(h.points.map(\.source)).sorted().map(sourceName).joined(separator: ", ")
        return String(format: trn("%@ – %@ · %d published day · %@", "%@ – %@ · %d published days · %@", h.points.count),
                      ctx.days.string(first.day), ctx.days.string(last.day), h.points.count, sources)
    }

    // MARK: The last seven days

    /// Seven days ending today, or on the newest day known when that is older (offline).
    private func showDays() {
        dayRows.forEach { gtk_list_box_remove(cast(daysList), $0) }
        dayRows.removeAll()
        dayTexts.removeAll()
        guard let h = history else { return }
        let recent = HistoryDay.recent(h, today: Day.today())
        UI.setText(daysTitle, recent.endsToday ? tr("Last 7 days") : String(format: tr("7 days to %@ (newest known)"), ctx.days.string(recent.end)))
        for d in recent.days {
            let dayText = shortDays.string(d.day)
            let left = UI.label(dayText)
            gtk_widget_set_hexpand(left, 1)
            let value: String, change: String, cls: String?
            switch d.status {
            case .rate(let p, let delta):
                value = ctx.formatter.rate(p.rate)
                if let delta, !delta.isZero {
                    let up = delta > 0
                    // To the rate's own decimals: "+0.0042", not "+0.004200".
                    let places = DecimalFormatter.ratePlaces(p.rate)
                    change = (up ? "\u{25B2} +" : "\u{25BC} \u{2212}")
                        + ctx.formatter.format(delta.magnitude.rounded(places: places), fractionDigits: places)
                    cls = up ? "up" : "down"
                } else {
                    change = delta == nil ? "" : tr("unchanged")
                    cls = nil
                }
            case .weekend: value = tr("no publication"); change = tr("weekend"); cls = "dim-label"
            case .holiday: value = tr("no publication"); change = tr("TARGET holiday"); cls = "dim-label"
            case .notPublished: value = String(format: tr("no %@ rate"), to == "EUR" ? from : to); change = tr("not published that day"); cls = "dim-label"
            case .noData: value = tr("not known yet"); change = ""; cls = "dim-label"
            }
            let valueLabel = UI.label(value, classes: ["day-rate"], xalign: 1)
            let changeLabel = UI.label(change, classes: ["day-change"] + [cls].compactMap { $0 }, xalign: 1)
            let right = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [valueLabel, changeLabel])
            let line = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [left, right])
            line.margins(6, 10, 6, 10)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), line)
            gtk_list_box_row_set_activatable(cast(row), 0)
            let spoken = [dayText, value, change].filter { !$0.isEmpty }.joined(separator: ", ")
            row.accessibleLabel(spoken)
            dayTexts.append(spoken)
            gtk_list_box_append(cast(daysList), row)
            dayRows.append(row)
        }
    }

    // MARK: The chart

    private func showRange() {
        guard let h = history, let end = h.newestDay else {
            geometry = nil
            stats = nil
            UI.setText(statsLabel, "")
            gtk_widget_queue_draw(chart)
            return
        }
        let shown = h.points(from: range.start(end: end), to: end)
        geometry = ChartGeometry(shown)
        stats = HistoryStats(shown)
        cursor = nil
        UI.setText(pointLabel, " ")
        if let s = stats {
            UI.setText(statsLabel, String(format: tr("Low %@ (%@) · high %@ (%@) · average %@"),
                                          ctx.formatter.rate(s.min.rate), ctx.days.string(s.min.day),
                                          ctx.formatter.rate(s.max.rate), ctx.days.string(s.max.day),
                                          ctx.formatter.rate(s.average)))
        } else {
            UI.setText(statsLabel, tr("No published rate in this range"))
        }
        gtk_widget_queue_draw(chart)
    }

    private func draw(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let m = Chart.margin
        let (w, h) = Chart.plot(width, height)
        guard let g = geometry, !g.isEmpty, w > 0, h > 0 else { return }
        Chart.grid(cr, w: w, h: h)
        // The rate.
        cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
        cairo_set_line_width(cr, 1.5)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for run in g.polyline(width: w, height: h) {
            guard let first = run.first else { continue }
            cairo_move_to(cr, m.left + first.x, m.top + first.y)
            if run.count == 1 { cairo_line_to(cr, m.left + first.x + 0.5, m.top + first.y) }
            for p in run.dropFirst() { cairo_line_to(cr, m.left + p.x, m.top + p.y) }
        }
        cairo_stroke(cr)
        // Labels: the range's high and low at their lines, its first and last day below.
        cairo_set_source_rgba(cr, 0.45, 0.45, 0.45, 1)
        if let stats {
            let hy = m.top + g.y(value: NSDecimalNumber(decimal: stats.max.rate).doubleValue, height: h)
            let ly = m.top + g.y(value: NSDecimalNumber(decimal: stats.min.rate).doubleValue, height: h)
            Chart.text(cr, chart, ctx.formatter.rate(stats.max.rate), x: m.left + 4, y: hy, above: false)
            Chart.text(cr, chart, ctx.formatter.rate(stats.min.rate), x: m.left + 4, y: ly, above: true)
        }
        if let first = g.points.first, let last = g.points.last {
            Chart.text(cr, chart, ctx.days.string(first.day), x: m.left, y: m.top + h + 6, above: false)
            Chart.text(cr, chart, ctx.days.string(last.day), x: m.left + w, y: m.top + h + 6, above: false, alignRight: true)
        }
        if let i = cursor, g.points.indices.contains(i) {
            Chart.cursor(cr, x: m.left + g.x(i, width: w), y: m.top + g.y(i, height: h), h: h)
        }
    }

    private func hover(x: Double) {
        guard let g = geometry else { return }
        if let i = g.index(nearestX: x - Chart.margin.left, width: Chart.plotWidth(chart)) { setCursor(i) }
    }

    /// Left/Right step through the points, Page Up/Down by twenty, Home/End to the ends.
    private func chartKey(_ keyval: guint) -> Bool {
        guard let g = geometry, !g.isEmpty,
              let next = Chart.step(keyval, cursor: cursor, last: g.points.count - 1, page: 20) else { return false }
        setCursor(next)
        return true
    }

    public func setCursor(_ i: Int) {
        guard let g = geometry, g.points.indices.contains(i) else { return }
        cursor = i
        let p = g.points[i]
        let text = String(format: tr("%@: 1 %@ = %@ %@ (%@)"), longDays.string(p.day), from, ctx.formatter.rate(p.rate), to, sourceName(p.source))
        UI.setText(pointLabel, text)
        chart.accessibleLabel(text)
        gtk_widget_queue_draw(chart)
    }

    // MARK: On a past date

    public func setPastDay(_ day: Day) {
        pastDay = day
        let date = g_date_time_new_utc(Int32(day.year), Int32(day.month), Int32(day.day), 0, 0, 0)!
        gtk_calendar_select_day(cast(calendar), date)
        g_date_time_unref(date)
        updatePast()
    }

    private func daySelected() {
        guard let date = gtk_calendar_get_date(cast(calendar)) else { return }
        defer { g_date_time_unref(date) }
        if let d = Day(year: Int(g_date_time_get_year(date)), month: Int(g_date_time_get_month(date)), day: Int(g_date_time_get_day_of_month(date))) {
            pastDay = d
            updatePast()
        }
    }

    /// "100 USD = 92.53 EUR · rate of Fri, Oct 25, 2024 (ECB)".
    private func updatePast() {
        gtk_menu_button_set_label(cast(dateButton), ctx.days.string(pastDay))
        dateButton.accessibleLabel(String(format: tr("Date: %@"), ctx.days.string(pastDay)))
        let text = String(cString: gtk_editable_get_text(cast(amountEntry)))
        guard let h = history else { UI.setText(pastResult, ""); return }
        switch ExpressionEvaluator.evaluate(text, style: ctx.formatter.style) {
        case .failure(let e):
            amountEntry.addClass("error")
            UI.setText(pastResult, describe(e))
        case .success(let amount):
            amountEntry.removeClass("error")
            guard let p = h.point(onOrBefore: pastDay) else {
                UI.setText(pastResult, String(format: tr("No published rate for %@ and %@ on or before %@"), from, to, ctx.days.string(pastDay)))
                return
            }
            let converted = ctx.formatter.amount(amount * p.rate, minorUnits: ctx.catalog.minorUnits(to))
            var line = String(format: tr("%@ %@ = %@ %@ · rate of %@ (%@)"),
                              ctx.formatter.exact(amount),
                              from, converted, to, longDays.string(p.day), sourceName(p.source))
            if h.gaps.contains(where: { $0 > p.day && $0 <= pastDay }) {
                line += " · " + tr("not published on the day asked")
            }
            UI.setText(pastResult, line)
        }
    }
}
