import CambioCore
import CambioGLib
import CGtk

/// A popover to choose a currency: search by code, English or localized name.
@MainActor final class CurrencyPicker {
    let popover: WidgetRef
    private let search: WidgetRef
    private let list: WidgetRef
    private let ctx: AppContext
    private let exclude: () -> Set<String>
    private let onPick: (String) -> Void
    private var shown: [(row: WidgetRef, code: String)] = []

    init(context: AppContext, exclude: @escaping () -> Set<String>, onPick: @escaping (String) -> Void) {
        ctx = context
        self.exclude = exclude
        self.onPick = onPick
        search = gtk_search_entry_new()!
        search.accessibleLabel(tr("Search currencies"))
        cambio_object_set_string(gpointerOf(search), "placeholder-text", tr("Code or name"))
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_BROWSE)
        list.accessibleLabel(tr("Currencies"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(cast(scroller), 320)
        gtk_scrolled_window_set_min_content_width(cast(scroller), 320)
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [search, scroller])
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)

        Signal.connect(gpointerOf(search), "search-changed") { [weak self] in self?.fill() }
        Signal.connect(gpointerOf(search), "activate") { [weak self] in
            if let first = self?.shown.first { self?.pick(first.code) }
        }
        Signal.connect(gpointerOf(list), "row-activated", withArgument: { [weak self] row in
            guard let self, let row else { return }
            if let hit = self.shown.first(where: { gpointerOf($0.row) == row }) { self.pick(hit.code) }
        })
        // Down from the search field goes to the results.
        let keys = gtk_event_controller_key_new()!
        Signal.keyPressed(keys) { [weak self] keyval, _ in
            guard let self, keyval == UInt32(GDK_KEY_Down), let first = self.shown.first else { return false }
            gtk_widget_grab_focus(first.row)
            return true
        }
        gtk_widget_add_controller(search, keys)
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

    /// Matching currencies not in the list yet, best matches first.
    func fill() {
        for item in shown { gtk_list_box_remove(cast(list), item.row) }
        shown.removeAll()
        let query = String(cString: gtk_editable_get_text(cast(search)))
        let taken = exclude()
        for currency in ctx.catalog.search(query, locale: ctx.locale.numbers) where !taken.contains(currency.code) {
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
