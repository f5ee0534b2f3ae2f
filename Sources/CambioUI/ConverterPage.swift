import CambioCore
import CambioGLib
import CGtk
import Foundation

/// The Converter page: one amount (arithmetic allowed) from a source currency into several
/// targets, a one-key swap, and favourite pairs with search.
@MainActor public final class ConverterPage {
    public let root: WidgetRef
    let ctx: AppContext
    var computation: ConverterComputation { ConverterComputation(catalog: ctx.catalog, formatter: ctx.formatter) }
    let favourites: FavouritesPanel
    let amountEntry: WidgetRef
    private let evaluatedLabel: WidgetRef
    private let fromButton: WidgetRef
    private let starButton: WidgetRef
    private let noticeLabel: WidgetRef
    private let list: WidgetRef
    private let addButton: WidgetRef
    private let spinner: WidgetRef
    private var rows: [TargetRow] = []
    private var pause: PauseTimer!
    /// The pause after typing before results move (tests drive its clock).
    var typingPause: PauseTimer { pause }
    private var noticeTimer: guint = 0
    /// True while the page writes into the entry, so that is not taken as typing.
    private var updating = false
    /// Shows the History page for a pair (set by the window).
    var onShowHistory: (@MainActor (FavouritePair) -> Void)?
    /// Set when the window is gone: nothing is drawn any more.
    private var destroyed = false

    final class TargetRow {
        let code: String
        let root: WidgetRef // GtkListBoxRow, referenced by us while shown
        let toButton: WidgetRef
        let amountLabel: WidgetRef
        let rateLabel: WidgetRef
        /// The shown text (what Copy copies).
        var shown: String?
        /// The To button's picker, once opened.
        var picker: CurrencyPicker?
        init(code: String, root: WidgetRef, toButton: WidgetRef, amountLabel: WidgetRef, rateLabel: WidgetRef) {
            self.code = code; self.root = root; self.toButton = toButton
            self.amountLabel = amountLabel; self.rateLabel = rateLabel
        }
    }

    var state: ConverterState {
        get { ctx.state.converter }
        set { ctx.state.converter = newValue }
    }

    init(context: AppContext) {
        ctx = context

        amountEntry = UI.numberEntry(name: tr("Amount"), tooltip: tr("An amount, or a calculation such as 12.5*4"), cssClass: "amount")
        gtk_editable_set_width_chars(cast(amountEntry), 12)
        gtk_widget_set_hexpand(amountEntry, 1)
        evaluatedLabel = UI.label("", classes: ["evaluated"], xalign: 1)
        gtk_label_set_ellipsize(cast(evaluatedLabel), PANGO_ELLIPSIZE_START)
        gtk_label_set_width_chars(cast(evaluatedLabel), 8)
        gtk_label_set_max_width_chars(cast(evaluatedLabel), 22)

        fromButton = gtk_menu_button_new()!
        fromButton.addClass("currency-button")
        var swapTarget: (@MainActor () -> Void)?
        let swapButton = UI.iconButton("object-flip-horizontal-symbolic", name: tr("Swap currencies (Ctrl+S)")) { swapTarget?() }
        swapButton.accessibleLabel(tr("Swap currencies"))
        var starTarget: (@MainActor () -> Void)?
        starButton = UI.iconButton("non-starred-symbolic", name: tr("Add to favourites (Ctrl+D)")) { starTarget?() }
        starButton.accessibleLabel(tr("Add favourite"))
        var historyTarget: (@MainActor () -> Void)?
        let historyButton = UI.iconButton("document-open-recent-symbolic", name: tr("History of this pair")) { historyTarget?() }
        // One row of equal heights: Tab goes through it left to right (GTK orders the focus by
        // each widget's vertical centre, then by x; a half-pixel difference would reorder it).
        let top = gtk_grid_new()!
        gtk_grid_set_column_spacing(cast(top), 8)
        gtk_grid_set_row_spacing(cast(top), 4)
        for (i, w) in [amountEntry, fromButton, swapButton, starButton, historyButton].enumerated() {
            gtk_grid_attach(cast(top), w, Int32(i), 0, 1, 1)
        }
        gtk_grid_attach(cast(top), evaluatedLabel, 0, 1, 1, 1)

        favourites = FavouritesPanel(context: context)
        noticeLabel = UI.label("", classes: ["dim-label", "notice"])
        gtk_label_set_wrap(cast(noticeLabel), 1)
        noticeLabel.visible = false

        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        list.addClass("boxed-list")
        list.addClass("result-list")
        list.accessibleLabel(tr("Converted amounts"))
        let scroller = UI.scrolledList(list)
        // As tall as its rows up to a point, with the Add button right under it.
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 420)

        addButton = gtk_menu_button_new()!
        gtk_menu_button_set_label(cast(addButton), tr("Add Target Currency…"))
        addButton.accessibleLabel(tr("Add target currency"))
        spinner = gtk_spinner_new()!
        spinner.accessibleLabel(tr("Refreshing rates"))
        spinner.addClass("refreshing")
        spinner.visible = false
        let bottom = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [addButton, spinner])
        gtk_widget_set_halign(bottom, GTK_ALIGN_START)

        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [top, favourites.root, noticeLabel, scroller, bottom])
        root.margins(12, 12, 12, 12)

        swapTarget = { [weak self] in self?.swap() }
        starTarget = { [weak self] in self?.addFavourite() }
        historyTarget = { [weak self] in
            guard let self else { return }
            self.onShowHistory?(self.state.currentPair)
        }
        favourites.onHistory = { [weak self] pair in self?.onShowHistory?(pair) }
        favourites.pairs = { [weak self] in self?.state.favourites ?? [] }
        favourites.onLoad = { [weak self] pair in self?.load(pair) }
        favourites.onDelete = { [weak self] pair in
            self?.state.removeFavourite(pair)
            self?.favouritesChanged()
        }
        favourites.onMove = { [weak self] pair, offset in
            if self?.state.moveFavourite(pair, by: offset) == true { self?.favouritesChanged() }
        }
        favourites.onMoveTo = { [weak self] pair, index in
            self?.state.moveFavourite(pair, to: index)
            self?.favouritesChanged()
        }
        favourites.reload()

        MenuButtonPopup.onFirstOpen(fromButton) { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                Set([self?.state.source].compactMap { $0 })
            }) { [weak self] code in self?.setSource(code) }
            gtk_menu_button_set_popover(cast(self.fromButton), picker.popover)
            self.pickers.append(picker)
        }
        MenuButtonPopup.onFirstOpen(addButton) { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                guard let s = self?.state else { return [] }
                return Set(s.targets + [s.source])
            }) { [weak self] code in self?.addTarget(code) }
            gtk_menu_button_set_popover(cast(self.addButton), picker.popover)
            self.pickers.append(picker)
        }

        // Results 0.3 s after typing stops; Enter at once.
        pause = PauseTimer(delay: 0.3) { [weak self] in self?.recalculate() }
        Signal.connect(gpointerOf(amountEntry), "changed") { [weak self] in self?.typed() }
        Signal.connect(gpointerOf(amountEntry), "activate") { [weak self] in
            guard let self else { return }
            self.pause.flush()
        }
        UI.selectAllOnClickFocus(amountEntry)

        Reorder.altArrows(on: list, focused: { [weak self] in self?.focusedCode() }) { [weak self] code, offset in
            self?.moveTarget(code, by: offset)
        }
        // Ctrl+C on a result copies its amount; Delete removes the target.
        let keys = gtk_event_controller_key_new()!
        Signal.keyPressed(keys) { [weak self] keyval, state in
            guard let self, let code = self.focusedCode() else { return false }
            let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            if control && (keyval == UInt32(GDK_KEY_c) || keyval == UInt32(GDK_KEY_C) || keyval == UInt32(GDK_KEY_Insert)) {
                self.copyResult(code)
                return true
            }
            if !control && keyval == UInt32(GDK_KEY_Delete) {
                self.removeTarget(code)
                return true
            }
            return false
        }
        gtk_widget_add_controller(list, keys)

        ctx.observeRates { [weak self] in self?.recalculate() }
        ctx.observeDisplay { [weak self] in self?.recalculate() }
        // Timers end with the page's widgets.
        Signal.connect(gpointerOf(root), "destroy") { [weak self] in
            guard let self else { return }
            self.destroyed = true
            self.pause.cancel()
            MainContext.cancel(self.noticeTimer)
            self.noticeTimer = 0
        }
        updating = true
        gtk_editable_set_text(cast(amountEntry), state.amountText)
        updating = false
        rebuild()
        recalculate()
    }

    /// The From and Add pickers, once opened.
    private var pickers: [CurrencyPicker] = []

    // MARK: Reading and driving the page (also used by tests)

    public var amountText: String { String(cString: gtk_editable_get_text(cast(amountEntry))) }
    public var evaluatedText: String { String(cString: gtk_label_get_text(cast(evaluatedLabel))) }
    public var noticeText: String { String(cString: gtk_label_get_text(cast(noticeLabel))) }
    public var shownTargets: [String] { rows.map(\.code) }
    public var fromButtonName: String { Self.buttonName(from: true, state.source, ctx) }
    public var amountHasError: Bool { gtk_widget_has_css_class(amountEntry, "error") != 0 }
    public var isStarred: Bool { state.isFavourite(state.currentPair) }

    public func resultText(_ code: String) -> String? {
        rows.first { $0.code == code }.map { String(cString: gtk_label_get_text(cast($0.amountLabel))) }
    }

    public func rateText(_ code: String) -> String? {
        rows.first { $0.code == code }.map { String(cString: gtk_label_get_text(cast($0.rateLabel))) }
    }

    /// Types into the amount entry as the keyboard would.
    public func type(_ text: String) { gtk_editable_set_text(cast(amountEntry), text) }

    public var debouncePending: Bool { pause.isPending }

    public func focusPrimary() { gtk_widget_grab_focus(amountEntry) }

    static func buttonName(from: Bool, _ code: String, _ ctx: AppContext) -> String {
        String(format: from ? tr("From %@ (%@)") : tr("To %@ (%@)"), code, ctx.name(code))
    }

    // MARK: Actions

    public func swap() {
        state.swap()
        currenciesChanged()
    }

    public func setSource(_ code: String) {
        state.setSource(code)
        currenciesChanged()
    }

    public func setTarget(at index: Int, to code: String) {
        state.setTarget(at: index, to: code)
        currenciesChanged()
    }

    public func addTarget(_ code: String) {
        guard state.addTarget(code) else { return }
        currenciesChanged()
        if let row = rows.last { gtk_widget_grab_focus(row.root) }
    }

    public func removeTarget(_ code: String) {
        let index = state.targets.firstIndex(of: code) ?? 0
        guard state.removeTarget(code) else {
            notify(tr("The last target currency stays; choose another one with its button instead."))
            return
        }
        currenciesChanged()
        gtk_widget_grab_focus(rows[min(index, rows.count - 1)].root)
    }

    public func moveTarget(_ code: String, by offset: Int) {
        guard state.moveTarget(code, by: offset) else { return }
        currenciesChanged()
        if let row = rows.first(where: { $0.code == code }) { gtk_widget_grab_focus(row.root) }
    }

    public func moveTarget(_ code: String, to index: Int) {
        state.moveTarget(code, to: index)
        currenciesChanged()
    }

    /// Ctrl+D, the star: adds the current pair, or says it is there already.
    public func addFavourite() {
        switch state.addFavourite() {
        case .added(let pair):
            notify(String(format: tr("%@ added to favourites."), pair.description))
        case .exists(let pair, _):
            notify(String(format: tr("%@ is already a favourite."), pair.description))
        }
        favouritesChanged()
    }

    public func load(_ pair: FavouritePair) {
        state.load(pair)
        currenciesChanged()
        gtk_widget_grab_focus(amountEntry)
    }

    /// An amount from elsewhere (the Calculator), with a pair when it brings one; shown at once.
    public func useAmount(_ text: String, pair: FavouritePair?) {
        if let pair { state.load(pair) }
        state.amountText = text
        updating = true
        gtk_editable_set_text(cast(amountEntry), text)
        updating = false
        currenciesChanged()
    }

    /// Ctrl+F: the favourites' search.
    public func focusSearch() { favourites.openAndSearch() }

    public func copyResult(_ code: String) {
        guard let row = rows.first(where: { $0.code == code }), let text = row.shown else { return }
        UI.copy(text, from: root)
        notify(String(format: tr("Copied %@ %@."), text, code))
    }

    // MARK: Updating

    private func typed() {
        guard !updating else { return }
        state.amountText = amountText
        pause.input()
    }

    private func currenciesChanged() {
        rebuild()
        recalculate()
    }

    private func favouritesChanged() {
        favourites.reload()
        updateStar()
    }

    private func updateStar() {
        let starred = state.isFavourite(state.currentPair)
        gtk_button_set_icon_name(cast(starButton), starred ? "starred-symbolic" : "non-starred-symbolic")
        starButton.tooltip(starred ? String(format: tr("%@ is a favourite"), state.currentPair.description)
                           : tr("Add to favourites (Ctrl+D)"))
    }

    /// A short message under the favourites that goes away by itself.
    func notify(_ message: String) {
        UI.setText(noticeLabel, message)
        noticeLabel.visible = true
        MainContext.cancel(noticeTimer)
        noticeTimer = MainContext.after(milliseconds: 6000) { [weak self] in
            guard let self else { return }
            self.noticeTimer = 0
            UI.setText(self.noticeLabel, "")
            self.noticeLabel.visible = false
        }
    }

    /// Every result from the typed amount. On a bad amount the entry says why and the results
    /// keep their last good values.
    func recalculate() {
        guard !destroyed else { return }
        pause.cancel()
        let text = state.amountText
        switch computation.evaluate(text) {
        case .failure(let error):
            amountEntry.addClass("error")
            evaluatedLabel.addClass("error")
            UI.setText(evaluatedLabel, describe(error))
        case .success(let amount):
            amountEntry.removeClass("error")
            evaluatedLabel.removeClass("error")
            UI.setText(evaluatedLabel, ExpressionEvaluator.isArithmetic(text) ? computation.evaluatedText(amount) : "")
            guard let table = ctx.rates else { return }
            let today = Day.today()
            for (row, result) in zip(rows, computation.results(amount: amount, state: state, table: table)) {
                row.shown = result.text
                UI.setText(row.amountLabel, result.text ?? "\u{2014}")
                // Focusing a result (to copy it) reads its amount.
                let shown = result.text ?? tr("no rate")
                row.root.accessibleLabel("\(row.code), \(ctx.name(row.code)): \(shown)")
                row.rateLabel.setClass("stale", result.publication.map { RateAge.isStale($0.day, today: today) } ?? false)
                UI.setText(row.rateLabel, rateLine(result, table: table, today: today))
            }
        }
    }

    /// "1 USD = 0.8951 EUR · ECB, Oct 30, 2026 · 23 days old".
    private func rateLine(_ r: ConversionResult, table: RateTable, today: Day) -> String {
        guard let rate = r.rateText, let p = r.publication else {
            return String(format: tr("No %@ rate for %@ and %@"), sourceName(table.source), state.source, r.code)
        }
        let age = RateAge.days(p.day, today: today)
        let ageText = age == 0 ? tr("today") : age == 1 ? tr("yesterday") : String(format: trn("%d day old", "%d days old", age), age)
        return "1 \(state.source) = \(rate) \(r.code) \u{00B7} \(ctx.sourceLine(p.source, p.day)) \u{00B7} \(ageText)"
    }

    /// Builds the target rows and labels the source button after the state.
    private func rebuild() {
        let focused = focusedCode()
        for row in rows {
            gtk_list_box_remove(cast(list), row.root)
            g_object_unref(gpointerOf(row.root))
        }
        rows = state.targets.enumerated().map { makeRow($0.element, index: $0.offset) }
        rows.forEach { gtk_list_box_append(cast(list), $0.root) }
        setCurrencyButton(fromButton, code: state.source, from: true)
        updateStar()
        if let focused, let row = rows.first(where: { $0.code == focused }) { gtk_widget_grab_focus(row.root) }
    }

    private func setCurrencyButton(_ button: WidgetRef, code: String, from: Bool) {
        UI.setCurrency(button, code: code, currencyName: ctx.name(code), name: Self.buttonName(from: from, code, ctx))
    }

    private func focusedCode() -> String? {
        guard let row = Reorder.focusedRow(in: list) else { return nil }
        return rows.first { $0.root == row }?.code
    }

    private func makeRow(_ code: String, index: Int) -> TargetRow {
        let toButton = gtk_menu_button_new()!
        toButton.addClass("currency-button")
        setCurrencyButton(toButton, code: code, from: false)
        gtk_widget_set_size_request(toButton, 150, -1)
        MenuButtonPopup.onFirstOpen(toButton) { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [code] }) { [weak self] picked in
                guard let self, let i = self.state.targets.firstIndex(of: code) else { return }
                self.setTarget(at: i, to: picked)
            }
            gtk_menu_button_set_popover(cast(toButton), picker.popover)
            // Kept by its row, so it goes when the rows are rebuilt.
            self.rows.first { $0.toButton == toButton }?.picker = picker
        }

        let amountLabel = UI.label("", classes: ["result-amount"], xalign: 1)
        gtk_label_set_selectable(cast(amountLabel), 0)
        let rateLabel = UI.label("", classes: ["rate-line"], xalign: 1)
        gtk_label_set_ellipsize(cast(rateLabel), PANGO_ELLIPSIZE_MIDDLE)
        let values = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [amountLabel, rateLabel])
        gtk_widget_set_hexpand(values, 1)
        gtk_widget_set_valign(values, GTK_ALIGN_CENTER)
        values.tooltip(tr("Drag to reorder (Alt+Up, Alt+Down)"))

        let copyButton = UI.iconButton("edit-copy-symbolic", name: String(format: tr("Copy the %@ amount"), code)) { [weak self] in
            self?.copyResult(code)
        }
        copyButton.addClass("flat")
        let menu = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(menu), "view-more-symbolic")
        menu.addClass("flat")
        menu.tooltip(String(format: tr("Actions for %@"), code))
        menu.accessibleLabel(String(format: tr("Actions for %@"), code))
        MenuButtonPopup.onFirstOpen(menu) { [weak self] in
            guard let self else { return }
            gtk_menu_button_set_popover(cast(menu), UI.menuPopover([
                .init(tr("Move _Up"), { [weak self] in self?.moveTarget(code, by: -1) }),
                .init(tr("Move _Down"), { [weak self] in self?.moveTarget(code, by: 1) }),
                .init(tr("_Remove"), { [weak self] in self?.removeTarget(code) }),
            ]))
        }

        // The buttons fill the row's height, so Tab takes them left to right (see the top row).
        let content = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [toButton, values, copyButton, menu])
        content.margins(8, 8, 8, 12)
        let rowWidget = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(cast(rowWidget), content)
        gtk_list_box_row_set_activatable(cast(rowWidget), 0)
        rowWidget.accessibleLabel("\(code), \(ctx.name(code))")
        g_object_ref_sink(gpointerOf(rowWidget))
        Reorder.dragAndDrop(handle: values, row: rowWidget, item: code, type: PrivateStringType.currencyCode) { [weak self] dragged in
            guard let self, self.state.targets.contains(dragged), let target = self.state.targets.firstIndex(of: code) else { return false }
            self.moveTarget(dragged, to: target)
            return true
        }
        return TargetRow(code: code, root: rowWidget, toButton: toButton, amountLabel: amountLabel, rateLabel: rateLabel)
    }
}

extension ConverterPage: RatesView {
    public func setRefreshing(_ running: Bool) {
        spinner.visible = running
        running ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
    }

    /// Rate ages move on with the clock.
    public func refreshSourceLine() { if !pause.isPending { recalculate() } }
}
