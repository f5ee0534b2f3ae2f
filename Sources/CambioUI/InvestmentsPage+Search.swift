import CambioCore
import CambioGLib
import CambioServices

/// Finding a stock: the search field and the key button, the note under them and the stocks found.
extension InvestmentsPage {
    @MainActor struct SearchSection {
        /// Searches run 0.4 s after typing stops (GTK's own delay), never per keystroke.
        let entry = SearchEntry(placeholder: tr("Find a stock: symbol or company name"))
        let keyButton = MenuButton()
        let keyEditor: APIKeyEditor
        let keyPopover = Popover()
        let row: AdaptiveBox
        let note = Label("", classes: ["dim-label"], wrap: true)
        let list = ListBox(selection: .browse)
        let scroller: ScrolledWindow

        init(keyEditor: APIKeyEditor) {
            self.keyEditor = keyEditor
            entry.accessibleLabel(tr("Find a stock by symbol or company name"))
            entry.hexpand = true
            entry.searchDelay = 400
            keyButton.child = Label(tr("Alpha Vantage key"), xalign: 0.5)
            keyButton.name(tr("Alpha Vantage key"))
            keyEditor.root.margins(6, 6, 6, 6)
            keyPopover.child = keyEditor.root
            keyButton.popover = keyPopover
            // The key's button under the search field when narrow: the field keeps its width.
            row = AdaptiveBox(breakpoint: 480, spacing: 8, [entry, keyButton])
            list.addClass("boxed-list")
            list.accessibleLabel(tr("Stocks found"))
            scroller = ScrolledWindow(child: list, horizontal: .never)
            scroller.maxContentHeight = 220
            scroller.propagateNaturalHeight = true
            scroller.visible = false
        }
    }

    func connectSearch() {
        search.keyEditor.onChange = { [weak self] in self?.keyChanged() }
        search.keyPopover.onShow { [weak self] in
            guard let self else { return }
            self.search.keyEditor.reset()
            self.search.keyEditor.field.grabFocus()
        }
        // Typing only marks a search as due; GTK says when typing paused ("search-changed"),
        // at once when the field is emptied.
        search.entry.onChanged { [weak self] in self?.model.typed() }
        search.entry.onSearchChanged { [weak self] in
            guard let self, self.model.searchIsDue || StockQuery.normalised(self.query).isEmpty else { return }
            self.runSearch()
        }
        search.entry.onActivate { [weak self] in self?.searchActivated() }
        search.entry.onStopSearch { [weak self] in self?.closeResults(clear: true) }
        search.list.onRowActivated { [weak self] row in
            guard let self, let i = self.resultRows.firstIndex(where: { $0.isSame(as: row) }) else { return }
            self.choose(self.model.found[i].stock)
        }
        UI.downMovesFocus(from: search.entry) { [weak self] in self?.resultRows.first }
        search.list.onKeyPressed { [weak self] key, _ in
            guard let self, key == .escape else { return false }
            self.closeResults(clear: false)
            self.search.entry.grabFocus()
            return true
        }
    }

    /// Enter: opens the first stock found; when the search is still to run or running, runs it
    /// now and opens its first stock when it answers.
    private func searchActivated() {
        switch model.enter() {
        case .open(let stock): choose(stock)
        case .search: runSearch()
        case .wait: break
        }
    }

    public var query: String { search.entry.text }

    public func type(_ text: String) { search.entry.text = text }

    /// Runs the search for what is typed now (no pause): tests and Enter.
    public func searchNow() { runSearch() }

    var networkAllowed: Bool { ctx.engine.networkAllowed }

    private func runSearch() {
        let ticket = model.beginSearch(query, asksAlphaVantage: stocks.key != nil && networkAllowed)
        showFound()
        guard let ticket else {
            searches.cancel()
            return
        }
        let stocks = self.stocks
        searches.start {
            await stocks.search(ticket.query)
        } apply: { [weak self] answer in
            guard let self else { return }
            let outcome = self.model.finishSearch(ticket, listings: answer.listings, sample: answer.sample,
                                                  sampleSeries: self.stocks.sample, hasKey: self.stocks.key != nil,
                                                  problem: answer.problem, fromCache: answer.fromCache, fetchedAt: answer.fetchedAt)
            guard case .shown(let open) = outcome else { return }
            self.showFound(rebuild: true)
            if let open { self.choose(open) }
        }
    }

    /// Shows the model's search note and, with `rebuild` or when none is found, its stocks.
    private func showFound(rebuild: Bool = false) {
        if rebuild || model.found.isEmpty {
            resultRows.forEach { search.list.remove($0) }
            resultRows = model.found.map(Self.row)
            resultRows.forEach { search.list.append($0) }
            search.scroller.visible = !resultRows.isEmpty
            if rebuild { search.scroller.minContentHeight = Int32(min(220, resultRows.count * 44)) }
        }
        UI.setText(search.note, model.searchNote)
        search.note.setClass("dca-problem", model.searchNoteIsProblem)
        showEmptyState()
    }

    /// The symbol, and the name over where it trades and its prices.
    private static func row(_ found: FoundStock) -> ListBoxRow {
        let symbol = Label(found.stock.symbol, classes: ["stock-symbol"])
        symbol.valign = .center
        let name = Label(found.stock.name)
        name.ellipsize = .end
        // One line (the list's height follows its rows); the whole of it in the tooltip and the
        // row's name.
        let detail = Label(found.details, classes: ["dim-label", "stock-details"])
        detail.ellipsize = .end
        detail.tooltip(found.details)
        let text = Box.vertical(spacing: 2, [name, detail])
        text.hexpand = true
        let line = Box.horizontal(spacing: 10, [symbol, text])
        line.margins(6, 8, 6, 8)
        let row = ListBoxRow(child: line)
        row.accessibleLabel(found.name)
        return row
    }

    func closeResults(clear: Bool) {
        if clear { search.entry.text = "" }
        model.closeSearch()
        showFound()
    }

    private func choose(_ stock: StockInfo) {
        closeResults(clear: true)
        focusPlanWhenShown = true
        open(stock)
        if plan.box.visible { focusPlanWhenShown = false; plan.initialEntry.grabFocus() }
    }

    // MARK: The key

    /// A key was saved or removed (here or in Preferences): the search asks again.
    func keyChanged() {
        if !StockQuery.normalised(query).isEmpty { searchNow() }
    }
}
