import CambioCore
import CambioGLib
import CGtk

/// Favourite pairs: quick chips on the page, and the full list in a popover with a search that
/// filters as you type (codes, or names in the user's language), delete and reorder.
@MainActor final class FavouritesPanel {
    let root: WidgetRef
    private let ctx: AppContext
    private let search: FavouriteSearch
    private let chips: WidgetRef
    private let chipScroller: WidgetRef
    private let emptyChips: WidgetRef
    private let listButton: WidgetRef
    private var popover: WidgetRef?
    private var searchEntry: WidgetRef?
    private var list: WidgetRef?
    private var emptyList: WidgetRef?
    private var shown: [(row: WidgetRef, pair: FavouritePair)] = []
    private var chipWidgets: [WidgetRef] = []
    static let maxChips = 8

    /// The user's favourites, in order.
    var pairs: @MainActor () -> [FavouritePair] = { [] }
    var onLoad: (@MainActor (FavouritePair) -> Void)?
    var onDelete: (@MainActor (FavouritePair) -> Void)?
    var onMove: (@MainActor (FavouritePair, _ by: Int) -> Void)?
    var onMoveTo: (@MainActor (FavouritePair, _ index: Int) -> Void)?
    var onHistory: (@MainActor (FavouritePair) -> Void)?

    init(context: AppContext) {
        ctx = context
        search = FavouriteSearch(catalog: context.catalog, locale: context.locale.numbers)
        chips = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        chips.accessibleLabel(tr("Favourite pairs"))
        // One line of chips, scrolled sideways when they do not fit.
        chipScroller = UI.scroller()
        gtk_scrolled_window_set_child(cast(chipScroller), chips)
        gtk_scrolled_window_set_policy(cast(chipScroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(cast(chipScroller), 1)
        gtk_widget_set_hexpand(chipScroller, 1)
        gtk_widget_set_valign(chipScroller, GTK_ALIGN_CENTER)
        emptyChips = UI.label(tr("No favourites yet: Ctrl+D saves the current pair."), classes: ["dim-label"])
        gtk_widget_set_hexpand(emptyChips, 1)
        listButton = gtk_menu_button_new()!
        gtk_menu_button_set_label(cast(listButton), tr("Favourites"))
        listButton.accessibleLabel(tr("All favourites"))
        listButton.tooltip(tr("All favourites, with search (Ctrl+F)"))
        gtk_widget_set_valign(listButton, GTK_ALIGN_CENTER)
        root = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [chipScroller, emptyChips, listButton])
        MenuButtonPopup.onFirstOpen(listButton) { [weak self] in self?.buildPopover() }
    }

    /// Ctrl+F: opens the list with the search focused.
    func openAndSearch() {
        gtk_menu_button_popup(cast(listButton))
        if let searchEntry { gtk_widget_grab_focus(searchEntry) }
    }

    var isOpen: Bool { popover.map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// The pairs the open list shows (after its search).
    var listedPairs: [FavouritePair] { shown.map(\.pair) }

    func setQuery(_ text: String) {
        if let searchEntry { gtk_editable_set_text(cast(searchEntry), text) }
        fill()
    }

    /// Shows the favourites as they are now.
    func reload() {
        chipWidgets.forEach { gtk_box_remove(cast(chips), $0) }
        chipWidgets.removeAll()
        let all = pairs()
        for pair in all.prefix(Self.maxChips) {
            // A label child, not a button label: GTK 4.8 would append the label to the accessible name.
            let chip = gtk_button_new()!
            gtk_button_set_child(cast(chip), UI.label(pair.description))
            Signal.connect(gpointerOf(chip), "clicked") { [weak self] in self?.onLoad?(pair) }
            chip.addClass("favourite-chip")
            chip.accessibleLabel(String(format: tr("Load %@"), pair.description))
            chip.tooltip(String(format: tr("%@ to %@"), ctx.name(pair.from), ctx.name(pair.to)))
            gtk_box_append(cast(chips), chip)
            chipWidgets.append(chip)
        }
        chipScroller.visible = !all.isEmpty
        emptyChips.visible = all.isEmpty
        let more = all.count - Self.maxChips
        gtk_menu_button_set_label(cast(listButton), more > 0 ? String(format: trn("Favourites (%d more)", "Favourites (%d more)", more), more) : tr("Favourites"))
        fill()
    }

    private func buildPopover() {
        let entry = gtk_search_entry_new()!
        entry.accessibleLabel(tr("Search favourites"))
        cambio_object_set_string(gpointerOf(entry), "placeholder-text", tr("Code or currency name"))
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_BROWSE)
        list.accessibleLabel(tr("Favourites"))
        let empty = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(empty), 1)
        let scroller = UI.scrolledList(list)
        gtk_scrolled_window_set_min_content_height(cast(scroller), 260)
        gtk_scrolled_window_set_min_content_width(cast(scroller), 360)
        let hint = UI.label(tr("Enter loads a pair, Delete removes it, Alt+Up and Alt+Down move it."), classes: ["dim-label", "hint"])
        gtk_label_set_wrap(cast(hint), 1)
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [entry, empty, scroller, hint])
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)
        gtk_menu_button_set_popover(cast(listButton), popover)
        self.popover = popover
        searchEntry = entry
        self.list = list
        emptyList = empty

        Signal.connect(gpointerOf(entry), "search-changed") { [weak self] in self?.fill() }
        Signal.connect(gpointerOf(entry), "activate") { [weak self] in
            if let first = self?.shown.first { self?.load(first.pair) }
        }
        UI.downMovesFocus(from: entry) { [weak self] in self?.shown.first?.row }
        Signal.connect(gpointerOf(list), "row-activated", withArgument: { [weak self] row in
            guard let self, let row, let hit = self.shown.first(where: { gpointerOf($0.row) == row }) else { return }
            self.load(hit.pair)
        })
        Reorder.altArrows(on: list, focused: { [weak self] in self?.focusedPair().map(Self.key) }) { [weak self] key, offset in
            guard let self, let pair = Self.pair(key) else { return }
            self.onMove?(pair, offset)
            self.focus(pair)
        }
        let delete = gtk_event_controller_key_new()!
        Signal.keyPressed(delete) { [weak self] keyval, state in
            guard let self, keyval == UInt32(GDK_KEY_Delete) || keyval == UInt32(GDK_KEY_KP_Delete),
                  let pair = self.focusedPair() else { return false }
            self.delete(pair)
            return true
        }
        gtk_widget_add_controller(list, delete)
        Signal.connect(gpointerOf(popover), "show") { [weak self] in
            guard let self, let entry = self.searchEntry else { return }
            gtk_editable_set_text(cast(entry), "")
            self.fill()
            gtk_widget_grab_focus(entry)
        }
        fill()
    }

    private func load(_ pair: FavouritePair) {
        if let popover { gtk_popover_popdown(cast(popover)) }
        onLoad?(pair)
    }

    private func delete(_ pair: FavouritePair) {
        let index = shown.firstIndex { $0.pair == pair } ?? 0
        onDelete?(pair)
        // The focus goes to the row that took its place, so Delete can go on.
        if !shown.isEmpty { gtk_widget_grab_focus(shown[min(index, shown.count - 1)].row) }
        else if let searchEntry { gtk_widget_grab_focus(searchEntry) }
    }

    private func focus(_ pair: FavouritePair) {
        if let hit = shown.first(where: { $0.pair == pair }) { gtk_widget_grab_focus(hit.row) }
    }

    private func focusedPair() -> FavouritePair? {
        guard let list, let row = Reorder.focusedRow(in: list) else { return nil }
        return shown.first { $0.row == row }?.pair
    }

    /// "USD>EUR": how a pair travels in a drag or a key.
    static func key(_ pair: FavouritePair) -> String { "\(pair.from)>\(pair.to)" }
    static func pair(_ key: String) -> FavouritePair? {
        let parts = key.split(separator: ">")
        return parts.count == 2 ? FavouritePair(from: String(parts[0]), to: String(parts[1])) : nil
    }

    /// The list, filtered by the search.
    private func fill() {
        guard let list, let emptyList else { return }
        for item in shown { gtk_list_box_remove(cast(list), item.row) }
        shown.removeAll()
        let query = searchEntry.map { String(cString: gtk_editable_get_text(cast($0))) } ?? ""
        let all = pairs()
        let found = search.filter(all, query: query)
        if all.isEmpty {
            UI.setText(emptyList, tr("No favourites yet. Ctrl+D or the star saves the current pair."))
        } else if found.isEmpty {
            UI.setText(emptyList, String(format: tr("No favourite matches “%@”."), query))
        }
        emptyList.visible = found.isEmpty
        for pair in found {
            let title = UI.label(pair.description, classes: ["currency-code"])
            let names = UI.label(String(format: tr("%@ to %@"), ctx.name(pair.from), ctx.name(pair.to)), classes: ["dim-label", "currency-name"])
            gtk_label_set_ellipsize(cast(names), PANGO_ELLIPSIZE_END)
            let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [title, names])
            gtk_widget_set_hexpand(text, 1)
            let deleteButton = UI.iconButton("user-trash-symbolic", name: String(format: tr("Delete favourite %@"), pair.description)) { [weak self] in
                self?.delete(pair)
            }
            deleteButton.addClass("flat")
            let historyButton = UI.iconButton("document-open-recent-symbolic", name: String(format: tr("History of %@"), pair.description)) { [weak self] in
                if let popover = self?.popover { gtk_popover_popdown(cast(popover)) }
                self?.onHistory?(pair)
            }
            historyButton.addClass("flat")
            let line = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [text, historyButton, deleteButton])
            line.margins(6, 6, 6, 6)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), line)
            row.accessibleLabel(String(format: tr("%@, %@ to %@"), pair.description, ctx.name(pair.from), ctx.name(pair.to)))
            Reorder.dragAndDrop(handle: text, row: row, item: Self.key(pair), type: PrivateStringType.favouritePair) { [weak self] dragged in
                guard let self, let moved = Self.pair(dragged), let target = self.pairs().firstIndex(of: pair) else { return false }
                self.onMoveTo?(moved, target)
                return true
            }
            gtk_list_box_append(cast(list), row)
            shown.append((row, pair))
        }
    }
}
