import CambioCore
import CambioGLib
import Foundation

/// The Converter page: one amount (arithmetic allowed) from a source currency into several
/// targets, a one-key swap, and favourite pairs with search. What it shows comes from
/// `ConverterModel`; the page only binds widgets to it. One file per part: the amount line
/// (`+Amount`), the results (`+Results`), the actions on currencies and favourites (`+Actions`).
@MainActor public final class ConverterPage {
    public let root: AnyWidget
    let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    /// The pair, the targets, the amount and each result, without the widgets. Every change
    /// goes to the saved state.
    var model: ConverterModel {
        didSet { if model.state != oldValue.state { ctx.setConverter(model.state) } }
    }
    let amountBar: AmountBar
    let results: ResultList
    let favourites: FavouritesPanel
    var rows: [TargetRow] = []
    /// The From and Add pickers, once opened.
    var pickers: [CurrencyPicker] = []
    /// The pause after typing before results move: 0.3 s, Enter at once (tests drive its clock).
    lazy var typingPause = PauseTimer(delay: 0.3) { [weak self] in self?.recalculate() }
    /// True while the page writes into the entry, so that is not taken as typing.
    var updating = false
    /// Shows the History page for a pair (set by the window).
    var onShowHistory: (@MainActor (FavouritePair) -> Void)?
    /// "USD → EUR removed from favourites." or "2 favourites removed", with Undo.
    lazy var favouriteRemovals = UndoToast<ConverterModel.FavouriteRemoval>(
        notices: ctx.notices,
        title: { $0.count == 1 ? $0[0].message
                 : Template.fill(trn("%d favourite removed", "%d favourites removed", $0.count), String($0.count)) },
        restore: { [weak self] in
            guard let self else { return }
            // A list full again keeps it out, and says so.
            if let refused = self.model.restoreFavourite($0) { self.notify(refused) }
            self.favouritesChanged()
        })
    /// Set when the window is gone: nothing is drawn any more.
    var destroyed = false

    /// The amount entry (accessible name "Amount").
    var amountEntry: Entry { amountBar.amountEntry }
    /// The ⇄ button (Ctrl+S).
    var swapButton: Button { amountBar.swapButton }
    /// The star: adds the current pair to the favourites (Ctrl+D).
    var starButton: Button { amountBar.starButton }

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext) {
        ctx = context
        model = ConverterModel(state: context.state.converter, formatter: context.formatter, days: context.days,
                               catalog: context.catalog, words: ConverterPage.words)
        amountBar = AmountBar()
        favourites = FavouritesPanel(context: context)
        results = ResultList()
        let content = Box.vertical(spacing: 12, [amountBar.root, favourites.root, results.list, results.bottom])
        content.margins(12, 12, 12, 12)
        let page = UI.page(content, maximum: 760)
        root = AnyWidget(page)

        bindAmount()
        bindFavourites()
        bindResults()
        ctx.observeRates { [weak self] in self?.recalculate() }
        ctx.observeDisplay { [weak self] in self?.recalculate() }
        // Timers end with the page's widgets.
        page.on("destroy") { [weak self] in
            guard let self else { return }
            self.destroyed = true
            self.typingPause.cancel()
        }
        showAmountText()
        currenciesChanged()
    }

    /// The page's messages through gettext.
    static var words: Translations { L10n.translations }

    // MARK: Reading and driving the page (also used by tests)

    public var amountText: String { amountEntry.text }

    /// Types into the amount entry as the keyboard would.
    public func type(_ text: String) { amountEntry.text = text }

    public func focusPrimary() { amountEntry.grabFocus() }

    /// Ctrl+F: the favourites' search.
    public func focusSearch() { favourites.openAndSearch() }

    // MARK: Updating

    /// The entry shows the amount as the model has it (not taken as typing).
    func showAmountText() {
        updating = true
        amountEntry.text = model.amountText
        updating = false
    }

    func typed() {
        guard !updating else { return }
        // A sign typed with the amount ("$100") chose the source: its button shows it at once.
        if model.type(amountText) { currenciesChanged() } else { typingPause.input() }
    }

    /// Every result from the typed amount. On a bad amount the entry says why and the results
    /// keep their last good values.
    func recalculate() {
        guard !destroyed else { return }
        typingPause.cancel()
        model.formatter = ctx.formatter
        model.fee = ctx.fee
        model.recalculate(table: ctx.rates, today: Day.today())
        showAmount()
        showResults()
    }

    func currenciesChanged() {
        rebuild()
        recalculate()
    }
}

extension ConverterPage: RatesView {
    public func setRefreshing(_ running: Bool) {
        results.spinner.visible = running
        results.spinner.spinning = running
    }

    /// Rate ages move on with the clock.
    public func refreshSourceLine() { if !typingPause.isPending { recalculate() } }
}
