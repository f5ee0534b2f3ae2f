import CambioCore
import CambioGLib
import CambioServices
import CambioNet
import CambioStore
import CGtk
import Foundation

/// The Investments page: find a stock, then see what an initial amount and monthly purchases
/// since a chosen month would be worth (the dollar-cost-averaging method of `DCA`).
@MainActor public final class InvestmentsPage {
    public let root: WidgetRef
    let ctx: AppContext
    var stocks: StockService { ctx.stocks }

    // Finding a stock
    let searchEntry: WidgetRef
    private let searchNote: WidgetRef
    private let resultsList: WidgetRef
    private let resultsScroller: WidgetRef
    private var resultRows: [(row: WidgetRef, stock: StockInfo)] = []
    /// Searches run 0.4 s after typing stops, never per keystroke.
    private var pause: PauseTimer!
    private var searchGeneration = 0
    let keyButton: WidgetRef
    private let keyEditor: KeyEditor

    // The stock and the plan
    private let titleLabel: WidgetRef
    private let sourceLabel: WidgetRef
    private let spinner: WidgetRef
    private let problemLabel: WidgetRef
    let initialEntry: WidgetRef
    let monthlyEntry: WidgetRef
    private let initialUnit: WidgetRef
    private let monthlyUnit: WidgetRef
    let startDrop: WidgetRef
    let startScale: WidgetRef
    let referenceCheck: WidgetRef
    private var syncingStart = false
    private let planBox: WidgetRef
    /// The figures and the chart: dimmed while what is typed cannot be computed.
    private let resultsRow: WidgetRef

    // Results
    private var figureLabels: [String: WidgetRef] = [:]
    private var captionLabels: [String: WidgetRef] = [:]
    private let methodLabel: WidgetRef
    private let skippedLabel: WidgetRef
    let chart: WidgetRef
    private let chartPoint: WidgetRef
    private var geometry: DCAChartGeometry?
    private var cursor: Int?

    public private(set) var stock: StockInfo?
    public private(set) var series: PriceSeries?
    public private(set) var source: StockService.Source?
    public private(set) var result: DCAResult?
    /// The shown currency's rate history (stock currency → reference), once read.
    private var rateHistory: (from: String, to: String, history: PairHistory)?
    private var loadGeneration = 0
    private let monthNames: DayFormatter
    private let shortMonths: DayFormatter
    private var format: DCAFormat
    /// Told when a load, search or computation finishes (tests).
    var onSettled: (@MainActor () -> Void)?
    public private(set) var busy = false

    static let figureKeys = ["value", "invested", "gain", "yield", "xirr", "simple", "drawdown", "lump"]

    init(context: AppContext) {
        ctx = context
        monthNames = DayFormatter(locale: context.locale.dates, template: "MMMMy")
        shortMonths = DayFormatter(locale: context.locale.dates, template: "MMMy")
        format = DCAFormat(locale: context.locale.numbers, decimalPlaces: context.preferences.decimalPlaces)

        // MARK: Search row
        searchEntry = gtk_search_entry_new()!
        searchEntry.accessibleLabel(tr("Find a stock by symbol or company name"))
        cambio_object_set_string(gpointerOf(searchEntry), "placeholder-text", tr("Find a stock: symbol or company name"))
        gtk_widget_set_hexpand(searchEntry, 1)

        keyButton = gtk_menu_button_new()!
        gtk_menu_button_set_child(cast(keyButton), UI.label(tr("Alpha Vantage key"), xalign: 0.5))
        keyButton.accessibleLabel(tr("Alpha Vantage key"))
        let keyEditor = KeyEditor(stocks: { [unowned context] in context.stocks })
        self.keyEditor = keyEditor
        keyEditor.root.margins(6, 6, 6, 6)
        let keyPopover = gtk_popover_new()!
        gtk_popover_set_child(cast(keyPopover), keyEditor.root)
        gtk_menu_button_set_popover(cast(keyButton), keyPopover)
        let searchRow = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [searchEntry, keyButton])

        searchNote = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(searchNote), 1)
        resultsList = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(resultsList), GTK_SELECTION_BROWSE)
        resultsList.addClass("boxed-list")
        resultsList.accessibleLabel(tr("Stocks found"))
        resultsScroller = UI.scrolledList(resultsList)
        gtk_scrolled_window_set_max_content_height(cast(resultsScroller), 220)
        gtk_scrolled_window_set_propagate_natural_height(cast(resultsScroller), 1)
        resultsScroller.visible = false

        // MARK: The stock
        titleLabel = UI.label(tr("No stock chosen"), classes: ["title-3"])
        gtk_label_set_wrap(cast(titleLabel), 1)
        sourceLabel = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(sourceLabel), 1)
        spinner = gtk_spinner_new()!
        spinner.addClass("refreshing")
        spinner.accessibleLabel(tr("Loading prices"))
        spinner.visible = false
        problemLabel = UI.label("", classes: ["dca-problem"])
        gtk_label_set_wrap(cast(problemLabel), 1)
        UI.copyable(problemLabel)
        problemLabel.visible = false
        let titleColumn = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [titleLabel, sourceLabel])
        gtk_widget_set_hexpand(titleColumn, 1)
        let header = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [titleColumn, spinner])

        // MARK: The plan
        initialEntry = UI.numberEntry(name: tr("Initial investment"), tooltip: tr("Bought in the start month; arithmetic allowed"), cssClass: "amount")
        monthlyEntry = UI.numberEntry(name: tr("Monthly amount"), tooltip: tr("Bought in every later month; 0 allowed"), cssClass: "amount")
        for e in [initialEntry, monthlyEntry] { gtk_editable_set_width_chars(cast(e), 9); UI.selectAllOnClickFocus(e) }
        initialUnit = UI.label("", classes: ["dim-label"])
        monthlyUnit = UI.label("", classes: ["dim-label"])
        startDrop = withCStringArray([]) { gtk_drop_down_new_from_strings($0)! }
        UI.name(dropDown: startDrop, tr("Start month"))
        startDrop.tooltip(tr("The month of the first purchase"))
        startScale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1)!
        gtk_scale_set_draw_value(cast(startScale), 0)
        gtk_range_set_round_digits(cast(startScale), 0)
        gtk_range_set_increments(cast(startScale), 1, 12)
        gtk_widget_set_hexpand(startScale, 1)
        startScale.accessibleLabel(tr("Start month slider"))
        startScale.tooltip(tr("Left and Right: a month; Page Up and Page Down: a year"))
        referenceCheck = gtk_check_button_new_with_mnemonic("")!
        let amounts = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [
            UI.label(tr("Initial")), initialEntry, initialUnit,
            UI.label(tr("Monthly")), monthlyEntry, monthlyUnit,
        ])
        let startRow = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [UI.label(tr("Start")), startDrop, startScale])
        planBox = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 10, [amounts, startRow, referenceCheck])

        // MARK: Results
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 6)
        gtk_grid_set_column_spacing(cast(grid), 14)
        for (i, key) in Self.figureKeys.enumerated() {
            let caption = UI.label("", classes: ["dim-label"])
            let figure = UI.label("", classes: [key == "value" ? "dca-value" : key == "simple" ? "dim-label" : "dca-figure"])
            gtk_label_set_wrap(cast(figure), 1)
            gtk_widget_set_hexpand(figure, 1)
            gtk_grid_attach(cast(grid), caption, 0, Int32(i), 1, 1)
            gtk_grid_attach(cast(grid), figure, 1, Int32(i), 1, 1)
            figureLabels[key] = figure
            captionLabels[key] = caption
        }
        gtk_widget_set_size_request(grid, 300, -1)
        chart = gtk_drawing_area_new()!
        chart.addClass("chart")
        gtk_widget_set_hexpand(chart, 1)
        gtk_widget_set_vexpand(chart, 1)
        gtk_widget_set_size_request(chart, 260, 200)
        gtk_widget_set_focusable(chart, 1)
        chart.accessibleLabel(tr("Chart of money invested and value (Left and Right move along it)"))
        chartPoint = UI.label(" ", classes: ["chart-point"])
        gtk_label_set_wrap(cast(chartPoint), 1)
        let legend = UI.label(tr("Blue: value · grey: money invested"), classes: ["dim-label"])
        let chartColumn = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [chart, legend, chartPoint])
        gtk_widget_set_hexpand(chartColumn, 1)
        resultsRow = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, [grid, chartColumn])
        gtk_widget_set_vexpand(resultsRow, 1)
        skippedLabel = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(skippedLabel), 1)
        skippedLabel.visible = false
        methodLabel = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(methodLabel), 1)

        let content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [
            searchRow, searchNote, resultsScroller, header, problemLabel, planBox, resultsRow, skippedLabel, methodLabel,
        ])
        content.margins(12, 12, 12, 12)
        let scroller = UI.scroller()
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), content)
        gtk_widget_set_vexpand(scroller, 1)
        root = scroller

        // MARK: Signals
        pause = PauseTimer(delay: 0.4) { [weak self] in self?.runSearch() }
        keyEditor.onChange = { [weak self] in self?.keyChanged() }
        Signal.connect(gpointerOf(keyPopover), "show") { [weak self] in
            guard let self else { return }
            self.keyEditor.reset()
            gtk_widget_grab_focus(self.keyEditor.entry)
        }
        // "changed", not "search-changed": GTK delays the latter by 150 ms, on top of our pause.
        Signal.connect(gpointerOf(searchEntry), "changed") { [weak self] in self?.searchTyped() }
        Signal.connect(gpointerOf(searchEntry), "activate") { [weak self] in self?.searchActivated() }
        ctx.observeDisplay { [weak self] in
            guard let self else { return }
            self.format = DCAFormat(locale: self.ctx.locale.numbers, decimalPlaces: self.ctx.preferences.decimalPlaces)
            self.updateReferenceCheck()
            self.recompute()
        }
        Signal.connect(gpointerOf(searchEntry), "stop-search") { [weak self] in self?.closeResults(clear: true) }
        Signal.connect(gpointerOf(resultsList), "row-activated", withArgument: { [weak self] row in
            guard let self, let row, let hit = self.resultRows.first(where: { gpointerOf($0.row) == row }) else { return }
            self.choose(hit.stock)
        })
        UI.downMovesFocus(from: searchEntry) { [weak self] in self?.resultRows.first?.row }
        let listKeys = gtk_event_controller_key_new()!
        Signal.keyPressed(listKeys) { [weak self] keyval, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape) else { return false }
            self.closeResults(clear: false)
            gtk_widget_grab_focus(self.searchEntry)
            return true
        }
        gtk_widget_add_controller(resultsList, listKeys)

        for entry in [initialEntry, monthlyEntry] {
            Signal.connect(gpointerOf(entry), "changed") { [weak self] in self?.planEdited() }
            Signal.connect(gpointerOf(entry), "activate") { [weak self] in self?.planEdited() }
        }
        Signal.connect(gpointerOf(startDrop), "notify::selected", withArgument: { [weak self] _ in
            guard let self, !self.syncingStart else { return }
            self.setStartIndex(Int(gtk_drop_down_get_selected(cast(self.startDrop))))
        })
        Signal.connect(gpointerOf(startScale), "value-changed") { [weak self] in
            guard let self, !self.syncingStart else { return }
            self.setStartIndex(Int(gtk_range_get_value(cast(self.startScale)).rounded()))
        }
        Signal.connect(gpointerOf(referenceCheck), "toggled") { [weak self] in
            guard let self else { return }
            self.ctx.state.investments.inReference = gtk_check_button_get_active(cast(self.referenceCheck)) != 0
            self.showMethod()
            self.recompute()
        }
        DrawingArea.onDraw(chart) { [weak self] cr, width, height in self?.draw(cr, Double(width), Double(height)) }
        let motion = gtk_event_controller_motion_new()!
        Signal.motion(motion) { [weak self] x, _ in self?.hover(x: x) }
        gtk_widget_add_controller(chart, motion)
        let chartKeys = gtk_event_controller_key_new()!
        Signal.keyPressed(chartKeys) { [weak self] keyval, _ in self?.chartKey(keyval) ?? false }
        gtk_widget_add_controller(chart, chartKeys)

        // MARK: Restore
        let saved = context.state.investments
        gtk_editable_set_text(cast(initialEntry), saved.initialText)
        gtk_editable_set_text(cast(monthlyEntry), saved.monthlyText)
        gtk_check_button_set_active(cast(referenceCheck), saved.inReference ? 1 : 0)
        updateReferenceCheck()
        planBox.visible = false
        showMethod()
        if let stock = saved.stock {
            open(stock)
        } else {
            showNoStock()
        }
    }

    public func focusPrimary() { gtk_widget_grab_focus(searchEntry) }

    // MARK: Searching

    private func searchTyped() {
        openFirstOnAnswer = false
        pause.input()
    }

    /// Set by Enter before the answer is in: the first stock found opens when it comes.
    private var openFirstOnAnswer = false

    /// Enter: opens the first stock found; when the search is still to run or running, runs it
    /// now and opens its first stock when it answers.
    private func searchActivated() {
        if pause.isPending || searchRunning || resultRows.isEmpty {
            openFirstOnAnswer = true
            if pause.isPending || !searchRunning { pause.cancel(); runSearch() }
        } else if let first = resultRows.first {
            choose(first.stock)
        }
    }

    private var searchRunning = false

    public var query: String { String(cString: gtk_editable_get_text(cast(searchEntry))) }

    public func type(_ text: String) { gtk_editable_set_text(cast(searchEntry), text) }

    /// Runs the search for what is typed now (no pause): tests and Enter.
    public func searchNow() {
        pause.cancel()
        runSearch()
    }

    private func runSearch() {
        let q = query
        searchGeneration += 1
        let generation = searchGeneration
        guard !StockCache.normalised(q).isEmpty else { openFirstOnAnswer = false; closeResults(clear: false); return }
        if stocks.key != nil && networkAllowed { UI.setText(searchNote, String(format: tr("Searching Alpha Vantage for “%@”…"), q)) }
        searchRunning = true
        Task { @MainActor in
            let answer = await self.stocks.search(q)
            guard generation == self.searchGeneration else { return }
            self.searchRunning = false
            self.showResults(answer, query: q)
            if self.openFirstOnAnswer, let first = self.resultRows.first { self.choose(first.stock) }
            self.openFirstOnAnswer = false
            self.onSettled?()
        }
    }

    var networkAllowed: Bool { ctx.engine.client.networkAllowed }

    private func showResults(_ answer: StockService.SearchAnswer, query: String) {
        for r in resultRows { gtk_list_box_remove(cast(resultsList), r.row) }
        resultRows.removeAll()
        let sampleSymbols = Set(answer.sample.map(\.symbol))
        // Alpha Vantage's listings first; a sample stock it also lists is shown once, as listed.
        var shown: [(StockInfo, Bool)] = answer.listings.map { ($0, false) }
        let listed = Set(answer.listings.map(\.symbol))
        shown += answer.sample.filter { !listed.contains($0.symbol) }.map { ($0, true) }
        for (stock, isSample) in shown {
            let symbol = UI.label(stock.symbol, classes: ["stock-symbol"])
            let name = UI.label(stock.name)
            gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_END)
            gtk_widget_set_hexpand(name, 1)
            var details = [stock.region, Self.currencyText(stock.currency)].filter { !$0.isEmpty }
            if isSample, let s = stocks.sample[stock.symbol] { details.append(sampleRange(s)) }
            else if sampleSymbols.contains(stock.symbol) && stocks.key == nil { details.append(tr("bundled sample")) }
            let detail = UI.label(details.joined(separator: " \u{00B7} "), classes: ["dim-label"], xalign: 1)
            let line = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, [symbol, name, detail])
            line.margins(6, 8, 6, 8)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), line)
            row.accessibleLabel("\(stock.symbol), \(stock.name), " + details.joined(separator: ", "))
            gtk_list_box_append(cast(resultsList), row)
            resultRows.append((row, stock))
        }
        resultsScroller.visible = !resultRows.isEmpty
        gtk_scrolled_window_set_min_content_height(cast(resultsScroller), Int32(min(220, resultRows.count * 44)))
        var notes: [String] = []
        if let problem = answer.problem { notes.append(say(problem)) }
        if resultRows.isEmpty {
            notes.append(String(format: tr("No stock matches “%@”."), query))
        }
        if stocks.key == nil {
            notes.append(tr("Without an Alpha Vantage key only the bundled sample (MSFT, AMZN, IBM, AAPL, GOOG) is searched; IBM's prices come from Alpha Vantage's demo key."))
        } else if answer.fromCache, let at = answer.fetchedAt, answer.problem == nil {
            notes.append(String(format: tr("Results of a search %@ (searches are kept for an hour)."), AppContext.agoText(Date().timeIntervalSince(at))))
        }
        UI.setText(searchNote, notes.joined(separator: " "))
        searchNote.setClass("dca-problem", answer.problem != nil)
    }

    private func closeResults(clear: Bool) {
        if clear { gtk_editable_set_text(cast(searchEntry), "") }
        pause.cancel()
        searchGeneration += 1
        searchRunning = false
        openFirstOnAnswer = false
        for r in resultRows { gtk_list_box_remove(cast(resultsList), r.row) }
        resultRows.removeAll()
        resultsScroller.visible = false
        UI.setText(searchNote, "")
    }

    /// The stocks the last search found, in order (tests).
    public var found: [StockInfo] { resultRows.map(\.stock) }
    var resultRowsForTests: [WidgetRef] { resultRows.map(\.row) }
    var searchNoteText: String { String(cString: gtk_label_get_text(cast(searchNote))) }
    var sourceText: String { String(cString: gtk_label_get_text(cast(sourceLabel))) }
    func figureHasClass(_ key: String, _ cls: String) -> Bool { figureLabels[key].map { gtk_widget_has_css_class($0, cls) != 0 } ?? false }

    /// Set when a stock was chosen from the results: the first amount takes the focus once the
    /// calculator is shown.
    private var focusPlanWhenShown = false

    private func choose(_ stock: StockInfo) {
        closeResults(clear: true)
        focusPlanWhenShown = true
        open(stock)
        if planBox.visible { focusPlanWhenShown = false; gtk_widget_grab_focus(initialEntry) }
    }

    // MARK: The key

    /// A key was saved or removed (here or in Preferences): the search asks again.
    func keyChanged() {
        if !StockCache.normalised(query).isEmpty { searchNow() }
    }

    // MARK: Loading a stock

    /// Opens `stock`: its prices from the cache, Alpha Vantage or the sample.
    public func open(_ stock: StockInfo) {
        loadGeneration += 1
        let generation = loadGeneration
        let previousSource = String(cString: gtk_label_get_text(cast(sourceLabel)))
        if series == nil { UI.setText(titleLabel, "\(stock.symbol) \u{00B7} \(stock.name)") }
        UI.setText(sourceLabel, String(format: tr("Loading the prices of %@…"), stock.symbol))
        setBusy(true)
        Task { @MainActor in
            let outcome: Result<StockService.SeriesAnswer, Error>
            do { outcome = .success(try await self.stocks.series(stock)) } catch { outcome = .failure(error) }
            guard generation == self.loadGeneration else { return }
            self.setBusy(false)
            switch outcome {
            case .success(let answer):
                self.stock = stock
                self.ctx.state.investments.stock = stock
                UI.setText(self.titleLabel, "\(stock.symbol) \u{00B7} \(stock.name)")
                self.use(answer)
            case .failure(let error):
                // The stock shown and its results stay; the reason is shown above them.
                self.fetchProblem = String(format: tr("%@: %@"), stock.symbol, describe(error))
                UI.setText(self.sourceLabel, self.series == nil ? "" : previousSource)
            }
            self.onSettled?()
        }
    }

    private func setBusy(_ on: Bool) {
        busy = on
        spinner.visible = on
        on ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
    }

    private func use(_ answer: StockService.SeriesAnswer) {
        series = answer.series
        source = answer.source
        fetchProblem = answer.problem.map { String(format: tr("%@: %@"), answer.series.symbol, say($0)) }
        let s = answer.series
        var line: String
        switch answer.source {
        case .sample:
            line = String(format: tr("Bundled sample: one price a month, %@ – %@, not dividend-adjusted"),
                          monthText(s.firstMonth), monthText(s.newestMonth))
        case .alphaVantage(let at, _):
            line = String(format: tr("Alpha Vantage monthly adjusted prices, %@ – %@ · fetched %@"),
                          monthText(s.firstMonth), monthText(s.newestMonth), AppContext.agoText(Date().timeIntervalSince(at)))
        }
        line += " · " + String(format: tr("prices in %@"), Self.currencyText(s.currency))
        UI.setText(sourceLabel, line)
        UI.setText(initialUnit, s.currency)
        UI.setText(monthlyUnit, s.currency)
        fillMonths(s)
        updateReferenceCheck()
        planBox.visible = true
        recompute()
        if focusPlanWhenShown {
            focusPlanWhenShown = false
            gtk_widget_grab_focus(initialEntry)
        }
    }

    private func monthText(_ m: Month?) -> String { m.map { monthNames.string($0.firstDay) } ?? "?" }

    /// "GBX (pence sterling)" for the non-ISO units stocks are quoted in.
    static func currencyText(_ code: String) -> String {
        switch code.uppercased() {
        case "GBX": return tr("GBX (pence sterling)")
        case "ZAC": return tr("ZAC (South African cents)")
        case "ILA": return tr("ILA (Israeli agorot)")
        default: return code
        }
    }

    private func sampleRange(_ s: PriceSeries) -> String {
        String(format: tr("bundled sample %@ – %@"), s.firstMonth?.iso ?? "", s.newestMonth?.iso ?? "")
    }

    private func showNoStock() {
        UI.setText(titleLabel, tr("No stock chosen"))
        UI.setText(sourceLabel, tr("Search above, or type a symbol of the bundled sample: MSFT, AMZN, IBM, AAPL or GOOG (monthly prices 2000–2010)."))
    }

    /// Why the prices are not the newest (a failed fetch), and why the plan cannot be computed
    /// (what is typed); shown together above the plan.
    private var fetchProblem: String? { didSet { updateProblem() } }
    private var planProblem: String? { didSet { updateProblem() } }

    private func updateProblem() {
        let text = [fetchProblem, planProblem].compactMap { $0 }.joined(separator: "\n")
        UI.setText(problemLabel, text)
        problemLabel.visible = !text.isEmpty
    }

    /// What the problem line says (tests).
    public var problem: String { problemLabel.visible ? String(cString: gtk_label_get_text(cast(problemLabel))) : "" }

    // MARK: The start month

    private var months: [Month] = []

    private func fillMonths(_ s: PriceSeries) {
        months = s.months
        syncingStart = true
        let names = months.map { monthNames.string($0.firstDay) }
        let model = withCStringArray(names) { gtk_string_list_new($0)! }
        gtk_drop_down_set_model(cast(startDrop), model)
        g_object_unref(gpointerOf(model))
        gtk_range_set_range(cast(startScale), 0, Double(max(months.count - 1, 1)))
        syncingStart = false
        let wanted = ctx.state.investments.start
        let index = wanted.flatMap { w in months.firstIndex { $0 >= w } } ?? 0
        setStartIndex(wanted.map { $0 > months.last! } == true ? months.count - 1 : index, save: false)
    }

    /// Chooses the start month by its place in the list; the list and the slider follow.
    public func setStartIndex(_ index: Int, save: Bool = true) {
        guard !months.isEmpty else { return }
        let i = min(max(0, index), months.count - 1)
        syncingStart = true
        if Int(gtk_drop_down_get_selected(cast(startDrop))) != i { gtk_drop_down_set_selected(cast(startDrop), guint(i)) }
        if Int(gtk_range_get_value(cast(startScale)).rounded()) != i { gtk_range_set_value(cast(startScale), Double(i)) }
        syncingStart = false
        startScale.accessibleLabel(String(format: tr("Start month slider: %@"), monthNames.string(months[i].firstDay)))
        if save {
            ctx.state.investments.start = months[i]
        }
        recompute()
    }

    public var startMonth: Month? {
        let i = Int(gtk_drop_down_get_selected(cast(startDrop)))
        return months.indices.contains(i) ? months[i] : nil
    }

    public var startMonths: [Month] { months }

    // MARK: Computing

    public func setAmounts(initial: String, monthly: String) {
        gtk_editable_set_text(cast(initialEntry), initial)
        gtk_editable_set_text(cast(monthlyEntry), monthly)
    }

    private func planEdited() {
        ctx.state.investments.initialText = String(cString: gtk_editable_get_text(cast(initialEntry)))
        ctx.state.investments.monthlyText = String(cString: gtk_editable_get_text(cast(monthlyEntry)))
        recompute()
    }

    private func amount(_ entry: WidgetRef) -> Decimal? {
        let text = String(cString: gtk_editable_get_text(cast(entry)))
        switch ExpressionEvaluator.evaluate(text, style: ctx.formatter.style) {
        case .success(let v) where v >= 0:
            entry.removeClass("error"); entry.tooltip(nil)
            return v
        case .success:
            entry.addClass("error"); entry.tooltip(tr("Amounts cannot be negative"))
            planProblem = tr("Amounts cannot be negative")
        case .failure(let e):
            entry.addClass("error"); entry.tooltip(describe(e))
            planProblem = describe(e)
        }
        return nil
    }

    /// The reference currency results can be shown in, and whether that means a conversion.
    private var reference: String { ctx.state.currencies.referenceCode }

    private func updateReferenceCheck() {
        let unit = QuoteUnit.base(of: series?.currency ?? stock?.currency ?? "USD")
        gtk_check_button_set_label(cast(referenceCheck),
                                   String(format: tr("Show results in %@, converted at each purchase day’s rate"), reference))
        referenceCheck.accessibleLabel(String(format: tr("Show results in %@"), reference))
        let same = unit.currency == reference && unit.factor == 1
        gtk_widget_set_sensitive(referenceCheck, same ? 0 : 1)
        referenceCheck.tooltip(same ? String(format: tr("The stock is priced in %@ already"), reference) : nil)
    }

    public func recompute() {
        guard let series, let start = startMonth else { return }
        guard let initial = amount(initialEntry), let monthly = amount(monthlyEntry) else {
            resultsRow.addClass("outdated")
            return
        }
        let plan = DCAPlan(symbol: series.symbol, initial: initial, monthly: monthly, start: start)
        let unit = QuoteUnit.base(of: series.currency)
        let convert = ctx.state.investments.inReference && !(unit.currency == reference && unit.factor == 1)
        var rate: ((Day) -> Decimal?)?
        var shown = series.currency
        if convert {
            shown = reference
            if unit.currency == reference {
                rate = { _ in unit.factor }
            } else if let h = rateHistory, h.from == unit.currency, h.to == reference {
                rate = { day in h.history.point(onOrBefore: day).map { $0.rate * unit.factor } }
            } else {
                loadRates(from: unit.currency, to: reference)
                return
            }
        }
        do {
            let r = try DCA.compute(plan, series: series, shownCurrency: shown, rate: rate)
            planProblem = nil
            resultsRow.removeClass("outdated")
            show(r)
        } catch {
            resultsRow.addClass("outdated")
            planProblem = describe(error)
        }
    }

    /// Reads the pair's history from the store, off the main thread, then computes.
    private func loadRates(from: String, to: String) {
        setBusy(true)
        UI.setText(chartPoint, String(format: tr("Reading the %@ rates…"), to))
        ctx.historyData.whenReady { [weak self] store in
            guard let self else { return }
            guard let store else {
                self.setBusy(false)
                self.planProblem = tr("The rate history could not be opened.")
                return
            }
            Task { @MainActor in
                let outcome = await Task.detached { Result { try store.history(from: from, to: to) } }.value
                self.setBusy(false)
                switch outcome {
                case .success(let h):
                    self.rateHistory = (from, to, h)
                    self.recompute()
                case .failure(let e):
                    self.planProblem = String(format: tr("The %@ rates could not be read: %@"), to, "\(e)")
                }
                self.onSettled?()
            }
        }
    }

    /// The figure shown for `key` (value, invested, gain, yield, xirr, simple, drawdown, lump).
    public func figure(_ key: String) -> String {
        figureLabels[key].map { String(cString: gtk_label_get_text(cast($0))) } ?? ""
    }

    private func set(_ key: String, _ caption: String, _ text: String, tone: Decimal? = nil) {
        guard let label = figureLabels[key], let cap = captionLabels[key] else { return }
        UI.setText(cap, caption)
        UI.setText(label, text)
        label.setClass("profit", (tone ?? 0) > 0)
        label.setClass("loss", (tone ?? 0) < 0)
    }

    private func show(_ r: DCAResult) {
        result = r
        let units = ctx.catalog.minorUnits(r.currency) // GBX and other quote units: 2
        let money = { (d: Decimal) in "\(self.format.money(d, minorUnits: units)) \(r.currency)" }
        let shownGain = r.gain.rounded(places: format.numbers.places(minorUnits: units))
        let word = shownGain > 0 ? tr("profit") : shownGain < 0 ? tr("loss") : tr("break-even")
        set("value", String(format: tr("Value on %@"), ctx.days.string(r.valueDay)), money(r.value), tone: shownGain)
        set("invested", tr("Invested"), r.purchases.count == 1 ? String(format: tr("%@ in one purchase"), money(r.invested))
            : String(format: trn("%@ in %d purchase", "%@ in %d purchases", r.purchases.count), money(r.invested), r.purchases.count))
        set("gain", tr("Gain"), "\(format.signedMoney(r.gain, minorUnits: units)) \(r.currency) · \(word)", tone: shownGain)
        set("yield", tr("Yield (gain ÷ invested)"), format.percent(r.yield), tone: r.yield.rounded(places: 4))
        if let x = r.xirr, let text = format.percent(x) {
            set("xirr", tr("Annualised return (XIRR)"), String(format: tr("%@ a year"), text), tone: Decimal(x).rounded(places: 4))
        } else {
            set("xirr", tr("Annualised return (XIRR)"), tr("not defined: bought and valued on the same day"))
        }
        set("simple", tr("Simple annual figure"),
            String(format: trn("%@ a year by (value ÷ invested)^(12 ÷ %d month) − 1, which ignores when each amount was paid in",
                               "%@ a year by (value ÷ invested)^(12 ÷ %d months) − 1, which ignores when each amount was paid in", r.months),
                   format.percent(r.simpleAnnual) ?? "\u{2013}", r.months))
        if let d = r.drawdown {
            set("drawdown", tr("Largest drawdown"),
                String(format: tr("%@ (%@ in %@ to %@ in %@)"), format.percent(-d.fraction), money(d.peak.value),
                       shortMonths.string(d.peak.month.firstDay), money(d.trough.value), shortMonths.string(d.trough.month.firstDay)),
                tone: -d.fraction)
        } else {
            set("drawdown", tr("Largest drawdown"), tr("none: the value never fell"))
        }
        let difference = r.lumpSumValue - r.value
        set("lump", String(format: tr("All at once in %@"), shortMonths.string(r.start.firstDay)),
            String(format: tr("%@ (%@ against monthly purchases)"), money(r.lumpSumValue),
                   "\(format.signedMoney(difference, minorUnits: units)) \(r.currency)"))
        if r.skipped.isEmpty {
            skippedLabel.visible = false
        } else {
            UI.setText(skippedLabel, String(format: tr("No price, so nothing bought, in: %@"),
                                            r.skipped.map { shortMonths.string($0.firstDay) }.joined(separator: ", ")))
            skippedLabel.visible = true
        }
        geometry = DCAChartGeometry(r.timeline)
        cursor = nil
        UI.setText(chartPoint, " ")
        chart.accessibleLabel(String(format: tr("Chart of money invested and value, %@ to %@ (Left and Right move along it)"),
                                     shortMonths.string(r.start.firstDay), shortMonths.string(r.end.firstDay)))
        gtk_widget_queue_draw(chart)
    }

    private func showMethod() {
        var text = tr("Method: the initial amount buys in the start month at that month’s adjusted open (open × adjusted close ÷ close, so dividends count as reinvested; the bundled sample has one unadjusted price a month); the monthly amount buys in every later month up to and including the newest; the value is all shares at the newest adjusted close. The annualised return is the XIRR of these cash flows, each purchase on the 1st of its month and the value on the newest price’s day, counting actual days over 365.")
        if ctx.state.investments.inReference {
            text += " " + tr("In another currency, each purchase is converted at the rate of its day and the value at the newest price’s day.")
        }
        UI.setText(methodLabel, text)
    }

    // MARK: The chart

    private func draw(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let m = Chart.margin
        let (w, h) = Chart.plot(width, height)
        guard let g = geometry, !g.isEmpty, w > 0, h > 0 else { return }
        Chart.grid(cr, w: w, h: h)
        // Money invested: a staircase.
        cairo_set_source_rgba(cr, 0.45, 0.45, 0.45, 0.9)
        cairo_set_line_width(cr, 1.5)
        for i in g.months.indices {
            let x = m.left + g.x(i, width: w), y = m.top + g.yInvested(i, height: h)
            if i == 0 { cairo_move_to(cr, x, y) } else {
                cairo_line_to(cr, x, m.top + g.yInvested(i - 1, height: h)); cairo_line_to(cr, x, y)
            }
        }
        cairo_stroke(cr)
        // Value.
        cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for i in g.months.indices {
            let x = m.left + g.x(i, width: w), y = m.top + g.yValue(i, height: h)
            i == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y)
        }
        if g.months.count == 1 { cairo_rel_line_to(cr, 0.5, 0) }
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 0.45, 0.45, 0.45, 1)
        if let r = result {
            Chart.text(cr, chart, format.money(Decimal(g.highest), minorUnits: 0) + " " + r.currency,
                       x: m.left + 4, y: m.top, above: false)
            Chart.text(cr, chart, shortMonths.string(r.start.firstDay), x: m.left, y: m.top + h + 4, above: false)
            Chart.text(cr, chart, shortMonths.string(r.end.firstDay), x: m.left + w, y: m.top + h + 4, above: false, alignRight: true)
        }
        if let i = cursor, g.months.indices.contains(i) {
            Chart.cursor(cr, x: m.left + g.x(i, width: w), y: m.top + g.yValue(i, height: h), h: h)
        }
    }

    private func hover(x: Double) {
        guard let g = geometry else { return }
        if let i = g.index(nearestX: x - Chart.margin.left, width: Chart.plotWidth(chart)) { setCursor(i) }
    }

    /// Left/Right a month, Page Up/Down a year, Home/End the ends.
    private func chartKey(_ keyval: guint) -> Bool {
        guard let g = geometry, !g.isEmpty,
              let next = Chart.step(keyval, cursor: cursor, last: g.months.count - 1, page: 12) else { return false }
        setCursor(next)
        return true
    }

    public func setCursor(_ i: Int) {
        guard let g = geometry, let r = result, g.months.indices.contains(i) else { return }
        cursor = i
        let p = g.months[i]
        let units = ctx.catalog.minorUnits(r.currency) // GBX and other quote units: 2
        let text = String(format: tr("%@: invested %@, value %@ %@"), shortMonths.string(p.month.firstDay),
                          format.money(p.invested, minorUnits: units), format.money(p.value, minorUnits: units), r.currency)
        UI.setText(chartPoint, text)
        chart.accessibleLabel(text)
        gtk_widget_queue_draw(chart)
    }
}
