import CambioCore
import CambioGLib
import CGtk
import Foundation

/// The Currencies page: type an amount into any currency and every other one follows.
@MainActor public final class CurrenciesPage {
    public let root: WidgetRef
    let ctx: AppContext
    var computation: CurrencyListComputation { CurrencyListComputation(catalog: ctx.catalog, formatter: ctx.formatter) }
    /// The window's message strip.
    let banner: Banner
    private let list: WidgetRef
    private let sourceLabel: WidgetRef
    private let addButton: WidgetRef
    private let refreshButton: WidgetRef
    private let spinner: WidgetRef
    /// Asks for fresh rates (set by the application).
    public var onRefresh: (@MainActor () -> Void)?
    private var picker: CurrencyPicker?
    private var rows: [String: Row] = [:]
    /// True while the page writes into entries, so those writes are not taken as typing.
    private var updating = false
    private let scroller: WidgetRef
    /// Texts for rows out of view, written once the frame that shows the visible ones is drawn.
    private var pending: [String: String] = [:]
    private var pendingSource: guint = 0

    final class Row {
        let code: String
        let root: WidgetRef // GtkListBoxRow, referenced by us while the page shows it
        let entry: WidgetRef
        let rateLabel: WidgetRef
        var hasRate = true
        init(code: String, root: WidgetRef, entry: WidgetRef, rateLabel: WidgetRef) {
            self.code = code; self.root = root; self.entry = entry; self.rateLabel = rateLabel
        }
    }

    private var state: CurrencyListState {
        get { ctx.state.currencies }
        set { ctx.state.currencies = newValue }
    }

    init(context: AppContext, banner: Banner) {
        ctx = context
        self.banner = banner

        sourceLabel = UI.label("", classes: ["dim-label", "rates-source"])
        gtk_widget_set_hexpand(sourceLabel, 1)
        addButton = gtk_menu_button_new()!
        gtk_menu_button_set_label(cast(addButton), tr("Add Currency…"))
        addButton.tooltip(tr("Add a currency (Ctrl+N)"))
        addButton.accessibleLabel(tr("Add currency"))
        spinner = gtk_spinner_new()!
        spinner.accessibleLabel(tr("Refreshing rates"))
        spinner.addClass("refreshing")
        spinner.visible = false
        var refreshTarget: (@MainActor () -> Void)? = nil
        refreshButton = UI.iconButton("view-refresh-symbolic", name: tr("Refresh rates (F5)")) { refreshTarget?() }
        let toolbar = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [sourceLabel, spinner, refreshButton, addButton])

        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        list.addClass("boxed-list")
        list.addClass("currency-list")
        list.accessibleLabel(tr("Your currencies"))
        scroller = UI.scrolledList(list)
        gtk_widget_set_vexpand(scroller, 1)

        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [toolbar, scroller])
        root.margins(12, 12, 12, 12)

        // The picker is built when first opened.
        MenuButtonPopup.onFirstOpen(addButton) { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, exclude: { [weak self] in Set(self?.state.codes ?? []) }) { [weak self] code in
                self?.add(code)
            }
            self.picker = picker
            gtk_menu_button_set_popover(cast(self.addButton), picker.popover)
        }

        Reorder.altArrows(on: list, focused: { [weak self] in self?.focusedCode() }) { [weak self] code, offset in
            self?.move(code, by: offset)
        }

        refreshTarget = { [weak self] in self?.onRefresh?() }
        let adjustment = gtk_scrolled_window_get_vadjustment(cast(scroller))!
        Signal.connect(gpointerOf(adjustment), "value-changed") { [weak self] in self?.flushPending() }

        ctx.observeRates { [weak self] in
            self?.refreshRates()
            self?.recalculate()
        }
        ctx.observeDisplay { [weak self] in
            self?.refreshRates()
            self?.recalculate()
        }
        rebuildRows()
        refreshRates()
        recalculate()
    }

    // MARK: Reading and driving the page (also used by tests)

    /// The codes in the order the page shows them.
    public var shownCodes: [String] {
        var out: [String] = []
        var i: Int32 = 0
        while let row = gtk_list_box_get_row_at_index(cast(list), i) {
            if let r = rows.values.first(where: { $0.root == widget(row) }) { out.append(r.code) }
            i += 1
        }
        return out
    }

    public func entryText(_ code: String) -> String? {
        rows[code].map { String(cString: gtk_editable_get_text(cast($0.entry))) }
    }

    public func rateText(_ code: String) -> String? {
        rows[code].map { String(cString: gtk_label_get_text(cast($0.rateLabel))) }
    }

    public func hasError(_ code: String) -> Bool {
        rows[code].map { gtk_widget_has_css_class($0.entry, "error") != 0 } ?? false
    }

    /// Puts text into a row's entry as typing would.
    public func type(_ text: String, into code: String) {
        guard let row = rows[code] else { return }
        gtk_editable_set_text(cast(row.entry), text)
    }

    public func focusEntry(_ code: String) {
        if let row = rows[code] { gtk_widget_grab_focus(row.entry) }
    }

    public var sourceText: String { String(cString: gtk_label_get_text(cast(sourceLabel))) }

    /// Focuses the entry the user typed into last (or the first row).
    public func focusPrimary() {
        if let row = rows[state.anchorCode] ?? state.codes.first.flatMap({ rows[$0] }) {
            gtk_widget_grab_focus(row.entry)
        }
    }

    public func openPicker() { gtk_menu_button_popup(cast(addButton)) }

    /// Shows the spinner while a refresh runs.
    public func setRefreshing(_ running: Bool) {
        spinner.visible = running
        running ? gtk_spinner_start(cast(spinner)) : gtk_spinner_stop(cast(spinner))
        gtk_widget_set_sensitive(refreshButton, running ? 0 : 1)
    }

    /// Updates "updated 3 h ago".
    public func refreshSourceLine() { UI.setText(sourceLabel, ctx.ratesDescription()) }

    // MARK: Editing

    public func add(_ code: String) {
        guard state.add(code) else { return }
        let row = makeRow(code)
        gtk_list_box_append(cast(list), row.root)
        refreshRates()
        recalculate()
        gtk_widget_grab_focus(row.entry)
    }

    public func remove(_ code: String) {
        guard let row = rows.removeValue(forKey: code) else { return }
        state.remove(code)
        gtk_list_box_remove(cast(list), row.root)
        g_object_unref(gpointerOf(row.root))
        focusPrimary()
    }

    public func move(_ code: String, by offset: Int) {
        guard state.move(code, by: offset) else { return }
        applyOrder(keepFocusOn: code)
    }

    public func move(_ code: String, to index: Int) {
        state.move(code, to: index)
        applyOrder(keepFocusOn: nil)
    }

    public func setReference(_ code: String) { ctx.setReference(code) }

    // MARK: Building

    private func rebuildRows() {
        for row in rows.values {
            gtk_list_box_remove(cast(list), row.root)
            g_object_unref(gpointerOf(row.root))
        }
        rows.removeAll()
        for code in state.codes { gtk_list_box_append(cast(list), makeRow(code).root) }
    }

    private func applyOrder(keepFocusOn code: String?) {
        let focused = code ?? focusedCode()
        for code in state.codes { if let r = rows[code] { gtk_list_box_remove(cast(list), r.root) } }
        for code in state.codes { if let r = rows[code] { gtk_list_box_append(cast(list), r.root) } }
        if let focused, let row = rows[focused] { gtk_widget_grab_focus(row.entry) }
    }

    private func focusedCode() -> String? {
        guard let rowWidget = Reorder.focusedRow(in: list) else { return nil }
        return rows.values.first { $0.root == rowWidget }?.code
    }

    private func makeRow(_ code: String) -> Row {
        let name = ctx.name(code)
        let codeLabel = UI.label(code, classes: ["currency-code"])
        let nameLabel = UI.label(name, classes: ["dim-label", "currency-name"])
        gtk_label_set_ellipsize(cast(nameLabel), PANGO_ELLIPSIZE_END)
        let handle = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [codeLabel, nameLabel])
        gtk_widget_set_size_request(handle, 150, -1)
        gtk_widget_set_valign(handle, GTK_ALIGN_CENTER)
        handle.tooltip(tr("Drag to reorder (Alt+Up, Alt+Down)"))

        let entry = UI.numberEntry(name: String(format: tr("Amount in %@ (%@)"), code, name), cssClass: "amount")
        gtk_editable_set_width_chars(cast(entry), 14)
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_NUMBER)
        gtk_widget_set_hexpand(entry, 1)
        let rateLabel = UI.label("", classes: ["rate-line"], xalign: 1)
        gtk_label_set_ellipsize(cast(rateLabel), PANGO_ELLIPSIZE_MIDDLE)
        let amountBox = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 4, [entry, rateLabel])
        gtk_widget_set_hexpand(amountBox, 1)

        let menu = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(menu), "view-more-symbolic")
        menu.addClass("flat")
        gtk_widget_set_valign(menu, GTK_ALIGN_CENTER)
        menu.tooltip(String(format: tr("Actions for %@"), code))
        menu.accessibleLabel(String(format: tr("Actions for %@"), code))
        // The menu is built when first opened: start-up pays nothing for it.
        MenuButtonPopup.onFirstOpen(menu) { [weak self] in
            guard let self else { return }
            gtk_menu_button_set_popover(cast(menu), self.makeRowMenu(code))
        }

        let content = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [handle, amountBox, menu])
        content.margins(8, 8, 8, 12)
        let rowWidget = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(cast(rowWidget), content)
        gtk_list_box_row_set_activatable(cast(rowWidget), 0)
        gtk_widget_set_focusable(rowWidget, 0)
        rowWidget.accessibleLabel("\(code), \(name)")
        g_object_ref_sink(gpointerOf(rowWidget))

        let row = Row(code: code, root: rowWidget, entry: entry, rateLabel: rateLabel)
        rows[code] = row

        Signal.connect(gpointerOf(entry), "changed") { [weak self] in self?.typed(into: code) }
        UI.selectAllOnClickFocus(entry)

        // Drag and drop to reorder: the code and name are the handle. Only a dragged currency
        // is accepted: the entries' own text drops never see it.
        Reorder.dragAndDrop(handle: handle, row: rowWidget, item: code, type: PrivateStringType.currencyCode) { [weak self] dragged in
            guard let self, let target = self.state.codes.firstIndex(of: code) else { return false }
            self.move(dragged, to: target)
            return true
        }
        return row
    }

    private func makeRowMenu(_ code: String) -> WidgetRef {
        UI.menuPopover([
            .init(tr("Use as _Reference"), { [weak self] in self?.setReference(code) }),
            .init(tr("Move _Up"), { [weak self] in self?.move(code, by: -1) }),
            .init(tr("Move _Down"), { [weak self] in self?.move(code, by: 1) }),
            .init(tr("_Remove"), { [weak self] in self?.remove(code) }),
        ])
    }

    // MARK: Values

    private func typed(into code: String) {
        guard !updating, let row = rows[code] else { return }
        state.type(String(cString: gtk_editable_get_text(cast(row.entry))), into: code)
        recalculate()
    }

    /// Derives every row from the anchor's typed text. On bad input the anchor row shows why and
    /// the others keep their last good values.
    func recalculate() {
        guard let table = ctx.rates else { return }
        updating = true
        defer { updating = false }
        let anchor = state.anchorCode
        if let row = rows[anchor] {
            let current = String(cString: gtk_editable_get_text(cast(row.entry)))
            if current != state.anchorText { gtk_editable_set_text(cast(row.entry), state.anchorText) }
        }
        switch computation.rows(state, table: table) {
        case .failure(let error):
            if let row = rows[anchor] {
                row.entry.addClass("error")
                row.rateLabel.addClass("error")
                UI.setText(row.rateLabel, describe(error))
            }
        case .success(let values):
            if let row = rows[anchor] { clearError(row, table: table) }
            // Rows in view now; the others right after this frame (a list of every currency
            // then still shows each keystroke within one frame).
            pending.removeAll(keepingCapacity: true)
            let visible = visibleRange()
            for (code, value) in values {
                guard let row = rows[code] else { continue }
                clearError(row, table: table)
                let text: String
                switch value {
                case .amount(let s): text = s
                case .noRate: text = ""
                }
                if isVisible(row, visible) { setEntry(row, text) } else { pending[code] = text }
            }
            if !pending.isEmpty && pendingSource == 0 {
                pendingSource = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                    let page = Unmanaged<CurrenciesPage>.fromOpaque(data!).takeUnretainedValue()
                    MainActor.assumeIsolated {
                        page.pendingSource = 0
                        page.flushPending()
                    }
                    return 0
                }, Unmanaged.passRetained(self).toOpaque(), { data in
                    Unmanaged<CurrenciesPage>.fromOpaque(data!).release()
                })
            }
        }
    }

    private func setEntry(_ row: Row, _ text: String) {
        if String(cString: gtk_editable_get_text(cast(row.entry))) != text {
            gtk_editable_set_text(cast(row.entry), text)
        }
    }

    /// Writes the texts of rows out of view (idle after a keystroke, or when the list scrolls).
    private func flushPending() {
        guard !pending.isEmpty else { return }
        updating = true
        defer { updating = false }
        for (code, text) in pending { if let row = rows[code] { setEntry(row, text) } }
        pending.removeAll(keepingCapacity: true)
    }

    /// The part of the list in view, in the list's coordinates.
    private func visibleRange() -> ClosedRange<Double> {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast(scroller))!
        let top = gtk_adjustment_get_value(adjustment)
        let height = gtk_adjustment_get_page_size(adjustment)
        // Not laid out yet: treat everything as visible.
        return height > 0 ? (top - 200)...(top + height + 200) : -Double.infinity...Double.infinity
    }

    private func isVisible(_ row: Row, _ range: ClosedRange<Double>) -> Bool {
        var a = GtkAllocation()
        gtk_widget_get_allocation(row.root, &a)
        if a.height <= 0 { return true }
        return range.overlaps(Double(a.y)...Double(a.y + a.height))
    }

    private func clearError(_ row: Row, table: RateTable) {
        guard row.entry.hasClass("error") else { return }
        row.entry.removeClass("error")
        row.rateLabel.removeClass("error")
        refreshRate(row, table: table)
    }

    /// The source line and every row's rate against the reference currency.
    func refreshRates() {
        guard let table = ctx.rates else {
            UI.setText(sourceLabel, tr("No rates available"))
            return
        }
        UI.setText(sourceLabel, ctx.ratesDescription())
        for row in rows.values { refreshRate(row, table: table) }
    }

    private func refreshRate(_ row: Row, table: RateTable) {
        let code = row.code, reference = state.referenceCode
        row.hasRate = table.has(code)
        gtk_widget_set_sensitive(row.entry, row.hasRate ? 1 : 0)
        gtk_entry_set_placeholder_text(cast(row.entry), row.hasRate ? nil : tr("No rate"))
        if row.rateLabel.hasClass("error") { return }
        var text: String
        var stale = false
        if !row.hasRate {
            text = String(format: tr("No rate for %@ in the %@ data"), code, sourceName(table.source))
        } else if code == reference {
            text = tr("Reference currency")
        } else if let rate = computation.rateToReference(code, reference: reference, table: table),
                  let publication = table.publication(from: code, to: reference) {
            text = "1 \(code) = \(rate) \(reference)"
            if publication != table.current {
                // Another day's or another source's rates, both sides of one publication: say whose.
                text += " · " + String(format: tr("rate of %@"), ctx.sourceLine(publication.source, publication.day))
                stale = true
            }
        } else if table.has(reference) {
            text = String(format: tr("No %@ rate of a day shared with %@"), sourceName(table.source), reference)
        } else {
            text = String(format: tr("No rate for the reference currency %@"), reference)
        }
        row.rateLabel.setClass("stale", stale)
        UI.setText(row.rateLabel, text)
    }
}

extension CurrenciesPage: RatesView {}

private extension WidgetRef {
    func hasClass(_ name: String) -> Bool { gtk_widget_has_css_class(self, name) != 0 }
}
