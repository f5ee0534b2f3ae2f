import CambioCore
import CambioGLib
import CGtk

/// A popover to choose a currency: search by code, English or localized name, among the
/// popular currencies or all of them.
@MainActor final class CurrencyPicker {
    let popover: WidgetRef
    private let search: WidgetRef
    private let list: WidgetRef
    private let note: WidgetRef
    private let popularToggle: WidgetRef
    private let ctx: AppContext
    private let exclude: () -> Set<String>
    private let onPick: (String) -> Void
    private var shown: [(row: WidgetRef, code: String)] = []
    private var popularOnly: Bool

    /// `popularFirst`: the picker opens on the popular currencies (the locale's included).
    init(context: AppContext, popularFirst: Bool = false, exclude: @escaping () -> Set<String>,
         onPick: @escaping (String) -> Void) {
        ctx = context
        self.exclude = exclude
        self.onPick = onPick
        popularOnly = popularFirst
        search = gtk_search_entry_new()!
        search.accessibleLabel(tr("Search currencies"))
        cambio_object_set_string(gpointerOf(search), "placeholder-text", tr("Code or name"))
        gtk_widget_set_hexpand(search, 1)

        popularToggle = gtk_toggle_button_new_with_mnemonic(tr("_Popular"))!
        popularToggle.accessibleLabel(tr("Popular currencies"))
        let allToggle = gtk_toggle_button_new_with_mnemonic(tr("_All"))!
        allToggle.accessibleLabel(tr("All currencies"))
        gtk_toggle_button_set_group(cast(allToggle), cast(popularToggle))
        gtk_toggle_button_set_active(cast(popularFirst ? popularToggle : allToggle), 1)
        let toggles = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [popularToggle, allToggle])
        toggles.addClass("linked")

        note = UI.label("", classes: ["dim-label", "picker-note"])
        gtk_label_set_wrap(cast(note), 1)
        note.visible = false
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_BROWSE)
        list.accessibleLabel(tr("Currencies"))
        let scroller = UI.scrolledList(list)
        gtk_scrolled_window_set_min_content_height(cast(scroller), 320)
        gtk_scrolled_window_set_min_content_width(cast(scroller), 340)
        let top = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [search, toggles])
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [top, note, scroller])
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)

        Signal.connect(gpointerOf(search), "search-changed") { [weak self] in self?.fill() }
        Signal.connect(gpointerOf(search), "activate") { [weak self] in
            if let first = self?.shown.first { self?.pick(first.code) }
        }
        Signal.connect(gpointerOf(popularToggle), "toggled") { [weak self] in
            guard let self else { return }
            self.popularOnly = gtk_toggle_button_get_active(cast(self.popularToggle)) != 0
            self.fill()
        }
        Signal.connect(gpointerOf(list), "row-activated", withArgument: { [weak self] row in
            guard let self, let row else { return }
            if let hit = self.shown.first(where: { gpointerOf($0.row) == row }) { self.pick(hit.code) }
        })
        UI.downMovesFocus(from: search) { [weak self] in self?.shown.first?.row }
        Signal.connect(gpointerOf(popover), "show") { [weak self] in
            guard let self else { return }
            gtk_editable_set_text(cast(self.search), "")
            self.fill()
            gtk_widget_grab_focus(self.search)
        }
    }

    private func pick(_ code: String) {
        gtk_popover_popdown(cast(popover))
        onPick(code)
    }

    /// The codes the popular view offers: the popular ones and the locale's own.
    private var popularCodes: Set<String> {
        Set(CurrencyCatalog.popular + [ctx.locale.localeCurrencyCode].compactMap { $0 })
    }

    /// Matching currencies that can be chosen, best matches first. A search that finds nothing
    /// popular looks through all currencies and says so.
    func fill() {
        for item in shown { gtk_list_box_remove(cast(list), item.row) }
        shown.removeAll()
        let query = String(cString: gtk_editable_get_text(cast(search)))
        let taken = exclude()
        let locale = ctx.locale.numbers
        var found = ctx.catalog.search(query, locale: locale, within: popularOnly ? popularCodes : nil)
            .filter { !taken.contains($0.code) }
        note.visible = false
        if found.isEmpty && popularOnly && !query.isEmpty {
            found = ctx.catalog.search(query, locale: locale).filter { !taken.contains($0.code) }
            if !found.isEmpty {
                UI.setText(note, tr("No popular currency matches; showing all currencies."))
                note.visible = true
            }
        }
        if found.isEmpty {
            UI.setText(note, query.isEmpty ? tr("No currency left to add.")
                       : String(format: tr("No currency matches “%@”."), query))
            note.visible = true
        }
        for currency in found {
            let code = UI.label(currency.code, classes: ["currency-code"])
            gtk_widget_set_size_request(code, 56, -1)
            let name = UI.label(currency.localizedName)
            gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_END)
            let line = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [code, name])
            line.margins(6, 6, 6, 6)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), line)
            row.accessibleLabel("\(currency.code), \(currency.localizedName)")
            gtk_list_box_append(cast(list), row)
            shown.append((row, currency.code))
        }
    }
}
