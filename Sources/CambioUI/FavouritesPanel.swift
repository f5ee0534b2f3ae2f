import CambioCore
import CambioGLib

/// Favourite pairs: quick chips on the page, and the full list in a popover with a search that
/// filters as you type (codes, or names in the user's language), delete and reorder. What it
/// shows comes from `FavouritesModel`.
@MainActor final class FavouritesPanel {
    let root: Box
    private(set) var model: FavouritesModel
    /// The chips and, last, the list button, on as many lines as the width needs.
    private let chips = FlowBox(rowSpacing: 6, columnSpacing: 6, maxPerLine: UInt32(FavouritesModel.maxChips + 1))
    private let emptyChips = Label(tr("No favourites yet: Ctrl+D saves the current pair."), classes: ["dim-label"], wrap: true)
    private let listButton = MenuButton(label: tr("Favourites"))
    /// The list, once first opened.
    private(set) var popup: ListPopup?
    private(set) var shown: [(row: ListBoxRow, pair: FavouritePair)] = []
    private var chipWidgets: [Button] = []

    /// The user's favourites, in order.
    var pairs: @MainActor () -> [FavouritePair] = { [] }
    var onLoad: (@MainActor (FavouritePair) -> Void)?
    var onDelete: (@MainActor (FavouritePair) -> Void)?
    var onMove: (@MainActor (FavouritePair, _ by: Int) -> Void)?
    var onMoveTo: (@MainActor (FavouritePair, _ index: Int) -> Void)?
    var onHistory: (@MainActor (FavouritePair) -> Void)?

    /// The popover: the search, the list (or why it is empty) and a hint.
    @MainActor struct ListPopup {
        let searchEntry = SearchEntry(placeholder: tr("Code or currency name"))
        let list = ListBox(selection: .browse)
        let scroller: ScrolledWindow
        /// No favourites, or none that the search finds: all of its lines show, however they wrap.
        let emptyState = InlineStatus(icon: "non-starred-symbolic")
        let popover: Popover

        init() {
            searchEntry.accessibleLabel(tr("Search favourites"))
            list.accessibleLabel(tr("Favourites"))
            list.addClass("boxed-list")
            emptyState.vexpand = true
            // The list's height, and the empty state's at least: the popover keeps its size when a
            // search empties the list (shrinking an open popover on X11 cut off its last line).
            let height: Int32 = 260
            scroller = ScrolledWindow(child: list, horizontal: .never)
            scroller.minContentHeight = height
            emptyState.sizeRequest(width: -1, height: height)
            let hint = Label(tr("Enter loads a pair, Delete removes it, Alt+Up and Alt+Down move it."), classes: ["dim-label", "hint"], wrap: true)
            // The popover is as wide as its widest line: this one wraps to fit a phone.
            hint.maxWidthChars = 40
            popover = Popover(child: Box.vertical(spacing: 6, [searchEntry, emptyState, scroller, hint]))
        }
    }

    init(context: any DisplayContext) {
        model = FavouritesModel(catalog: context.catalog, locale: context.locale.numbers, words: ConverterPage.words)
        chips.accessibleLabel(tr("Favourite pairs"))
        chips.valign = .center
        emptyChips.hexpand = true
        listButton.name(tr("All favourites"))
        listButton.tooltip(tr("All favourites, with search (Ctrl+F)"))
        listButton.halign = .start
        chips.append(listButton)
        root = Box.horizontal(spacing: 8, [emptyChips, chips])
        listButton.onFirstOpen { [weak self] in self?.buildPopover() }
    }

    /// Ctrl+F: opens the list with the search focused.
    func openAndSearch() {
        listButton.popup()
        popup?.searchEntry.grabFocus()
    }

    /// Shows the favourites as they are now.
    func reload() {
        chipWidgets.forEach { chips.remove($0) }
        chipWidgets.removeAll()
        model.pairs = pairs()
        for chip in model.chips {
            // A label child, not a button label: GTK 4.8 would append the label to the accessible name.
            let button = Button(child: Label(chip.title))
            button.onClicked { [weak self] in self?.onLoad?(chip.pair) }
            button.addClass("favourite-chip")
            button.accessibleLabel(chip.accessibleName)
            button.tooltip(chip.tooltip)
            button.halign = .start
            chips.insert(button, at: Int32(chipWidgets.count))
            chipWidgets.append(button)
        }
        // Without chips the list button sits at the end of the line that says how to add one.
        chips.hexpand = !model.isEmpty
        emptyChips.visible = model.isEmpty
        listButton.label = model.listButtonLabel
        fill()
    }

    private func buildPopover() {
        let popup = ListPopup()
        listButton.popover = popup.popover
        self.popup = popup

        // GTK says the search changed once typing pauses; Enter and Down use what was typed
        // even when they come sooner (typed fast, or pasted), never the list before it.
        popup.searchEntry.onSearchChanged { [weak self] in self?.fill() }
        // Escape in the search is its stop-search (GtkSearchEntry takes the key): it closes the
        // list, as Escape closes any popover.
        popup.searchEntry.onStopSearch { [weak self] in self?.popup?.popover.popdown() }
        popup.searchEntry.onActivate { [weak self] in
            guard let self else { return }
            self.fillIfTyped()
            if let first = self.shown.first { self.load(first.pair) }
        }
        UI.downMovesFocus(from: popup.searchEntry) { [weak self] in
            self?.fillIfTyped()
            return self?.shown.first?.row
        }
        popup.list.onRowActivated { [weak self] row in
            guard let self, let hit = self.shown.first(where: { $0.row.isSame(as: row) }) else { return }
            self.load(hit.pair)
        }
        Reorder.altArrows(on: popup.list, focused: { [weak self] in self?.focusedPair().map(FavouritesModel.key) }) { [weak self] key, offset in
            guard let self, let pair = FavouritesModel.pair(key) else { return }
            self.onMove?(pair, offset)
            self.focus(pair)
        }
        popup.list.onKeyPressed { [weak self] key, _ in
            guard let self, key == .delete,
                  let pair = self.focusedPair() else { return false }
            self.delete(pair)
            return true
        }
        popup.popover.onShow { [weak self] in
            guard let self, let entry = self.popup?.searchEntry else { return }
            entry.text = ""
            self.fill()
            entry.grabFocus()
        }
        fill()
    }

    private func load(_ pair: FavouritePair) {
        popup?.popover.popdown()
        onLoad?(pair)
    }

    private func delete(_ pair: FavouritePair) {
        let index = shown.firstIndex { $0.pair == pair } ?? 0
        onDelete?(pair)
        // The focus goes to the row that took its place, so Delete can go on.
        if !shown.isEmpty { shown[min(index, shown.count - 1)].row.grabFocus() }
        else { popup?.searchEntry.grabFocus() }
    }

    private func focus(_ pair: FavouritePair) {
        shown.first { $0.pair == pair }?.row.grabFocus()
    }

    private func focusedPair() -> FavouritePair? {
        guard let focused = popup?.list.focusedRow else { return nil }
        return shown.first { $0.row.isSame(as: focused) }?.pair
    }

    /// The list, filtered by the search.
    /// Brings the list up to the text typed, if GTK has not said yet that it changed.
    private func fillIfTyped() {
        if let popup, model.query != popup.searchEntry.text { fill() }
    }

    func fill() {
        guard let popup else { return }
        shown.forEach { popup.list.remove($0.row) }
        shown.removeAll()
        model.pairs = pairs()
        model.query = popup.searchEntry.text
        let listed = model.listed
        if model.isEmpty {
            popup.emptyState.iconName = "non-starred-symbolic"
            popup.emptyState.title = tr("No Favourites Yet")
            popup.emptyState.details = tr("Press Ctrl+D or the star to add the current pair.")
        } else if let empty = model.emptyText {
            popup.emptyState.iconName = "edit-find-symbolic"
            popup.emptyState.title = tr("No Matches")
            popup.emptyState.details = empty
        }
        popup.emptyState.visible = listed.isEmpty
        popup.scroller.visible = !listed.isEmpty
        for line in listed {
            let row = makeRow(line)
            popup.list.append(row)
            shown.append((row, line.pair))
        }
    }

    private func makeRow(_ line: FavouritesModel.Line) -> ListBoxRow {
        let pair = line.pair
        let title = Label(line.title, classes: ["currency-code"])
        let names = Label(line.names, classes: ["dim-label", "currency-name"])
        names.ellipsize = .end
        let text = Box.vertical(spacing: 2, [title, names])
        text.hexpand = true
        let deleteButton = Button(icon: "user-trash-symbolic", name: line.deleteName)
        deleteButton.onClicked { [weak self] in self?.delete(pair) }
        deleteButton.addClass("flat")
        let historyButton = Button(icon: "document-open-recent-symbolic", name: line.historyName)
        historyButton.onClicked { [weak self] in
            self?.popup?.popover.popdown()
            self?.onHistory?(pair)
        }
        historyButton.addClass("flat")
        let content = Box.horizontal(spacing: 8, [text, historyButton, deleteButton])
        content.margins(6, 6, 6, 6)
        let row = ListBoxRow(child: content)
        row.accessibleLabel(line.accessibleName)
        DragAndDrop.attach(handle: text, target: row, item: FavouritesModel.key(pair), type: DraggedValue.favouritePair) { [weak self] dragged in
            guard let self, let moved = FavouritesModel.pair(dragged), let target = self.pairs().firstIndex(of: pair) else { return false }
            self.onMoveTo?(moved, target)
            return true
        }
        return row
    }
}
