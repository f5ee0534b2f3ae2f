import CambioCore
import CambioGLib

/// What the user does on the page: choosing and ordering currencies, favourites, copying, and
/// the short notice that answers some of them.
extension ConverterPage {
    // MARK: Currencies

    public func swap() {
        model.swap()
        currenciesChanged()
    }

    public func setSource(_ code: String) {
        model.setSource(code)
        currenciesChanged()
    }

    public func setTarget(at index: Int, to code: String) {
        model.setTarget(at: index, to: code)
        currenciesChanged()
    }

    public func addTarget(_ code: String) {
        guard model.addTarget(code) else { return }
        currenciesChanged()
        rows.last?.row.grabFocus()
    }

    public func removeTarget(_ code: String) {
        let index = model.state.targets.firstIndex(of: code) ?? 0
        if let refused = model.removeTarget(code) {
            notify(refused)
            return
        }
        currenciesChanged()
        rows[min(index, rows.count - 1)].row.grabFocus()
    }

    public func moveTarget(_ code: String, by offset: Int) {
        guard model.moveTarget(code, by: offset) else { return }
        currenciesChanged()
        rows.first { $0.code == code }?.row.grabFocus()
    }

    public func moveTarget(_ code: String, to index: Int) {
        model.moveTarget(code, to: index)
        currenciesChanged()
    }

    /// An amount from elsewhere (the Calculator), with a pair when it brings one; shown at once.
    public func useAmount(_ text: String, pair: FavouritePair?) {
        model.useAmount(text, pair: pair)
        showAmountText()
        currenciesChanged()
    }

    // MARK: Favourites

    /// The favourites panel works on the model's favourites.
    func bindFavourites() {
        favourites.onHistory = { [weak self] pair in self?.onShowHistory?(pair) }
        favourites.pairs = { [weak self] in self?.model.state.favourites ?? [] }
        favourites.onLoad = { [weak self] pair in self?.load(pair) }
        favourites.onDelete = { [weak self] pair in
            guard let self, let removal = self.model.removeFavourite(pair) else { return }
            self.favouritesChanged()
            self.favouriteRemovals.add(removal)
        }
        favourites.onMove = { [weak self] pair, offset in
            if self?.model.moveFavourite(pair, by: offset) == true { self?.favouritesChanged() }
        }
        favourites.onMoveTo = { [weak self] pair, index in
            self?.model.moveFavourite(pair, to: index)
            self?.favouritesChanged()
        }
        favourites.reload()
    }

    /// Ctrl+D, the star: adds the current pair, or removes it (with Undo) when it is a favourite.
    /// A pair added again leaves the Undo toast that offered it back, which says so instead.
    public func toggleFavourite() {
        let toggle = model.toggleFavourite()
        favouritesChanged()
        switch toggle {
        case .removed(let removal):
            favouriteRemovals.add(removal)
        case .added(let message):
            // Added again while its removal's Undo shows: that toast says so instead.
            if !favouriteRemovals.drop(where: { [pair = model.state.currentPair] in $0.pair == pair }, why: message) {
                notify(message)
            }
        case .refused(let message):
            notify(message)
        }
    }

    public func load(_ pair: FavouritePair) {
        model.load(pair)
        currenciesChanged()
        amountEntry.grabFocus()
    }

    func favouritesChanged() {
        favourites.reload()
        showStar()
    }

    // MARK: Copying and the toast

    public func copyResult(_ code: String) {
        guard let copied = model.copy(code) else { return }
        UI.copy(copied.text, from: root)
        notify(copied.notice)
    }

    /// A one-off event (copied, favourite added, refused): a toast.
    func notify(_ message: String) { ctx.notices.toast(message) }
}
