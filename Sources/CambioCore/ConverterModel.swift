import Foundation

/// The Converter page without a display: the pair and targets (`ConverterState`, which the
/// window saves), the typed amount and what it evaluates to, and one row per target with its
/// converted amount, rate line and age. Every text is what the user reads, in their language
/// through `words`; the page only puts these texts into widgets. The favourites' chips and
/// search are `FavouritesModel` (`ConverterModel+Favourites`).
public struct ConverterModel {
    // MARK: Wording and formats

    /// Puts the page's messages in the user's language: the window passes gettext, tests English.
    /// Messages are marked `tr("…")` and `trn("…", "…", n)` so `scripts/update-po` collects them.
    public typealias Words = Translations

    let words: Words
    func tr(_ message: String) -> String { words.translate(message) }
    func trn(_ singular: String, _ plural: String, _ n: Int) -> String { words.translatePlural(singular, plural, n) }

    /// Locale marks and the user's choice of digits for money (Preferences can change it).
    public var formatter: DecimalFormatter
    /// The card or exchange fee each result also shows with; nil when off (Preferences).
    public var fee: Fee?
    /// The amount and currency of the figures shown (the last good amount): the fee lines are
    /// figured from them, also when the fee changes while the typed text is refused.
    private var feeBasis: (amount: Decimal, source: String)?
    let catalog: CurrencyCatalog
    /// "Oct 30, 2026": the day of a rate.
    let days: DayFormatter

    // MARK: What the page shows

    /// The source, the targets, the amount as typed and the favourites.
    public private(set) var state: ConverterState
    /// True when the typed amount does not evaluate (the entry and the line under it say so).
    public private(set) var amountHasError = false
    /// The line under the amount: "= 36", "≈ 33.3333333333", nothing for a plain number, or
    /// why the amount does not evaluate ("Division by zero").
    public private(set) var evaluatedText = ""
    /// One row per target, in order. While the amount does not evaluate the rows show the last
    /// good amount's figures (a target added or moved then too); after the source changes they
    /// are blank until an amount evaluates.
    public private(set) var rows: [TargetRow] = []

    /// A target's row, as the user reads it.
    public struct TargetRow: Equatable, Sendable {
        public let code: String
        /// The currency's name in the user's language.
        public let name: String
        /// The converted amount rounded to the currency's minor units, "—" without a rate, ""
        /// before any good amount.
        public internal(set) var amountText = ""
        /// "with 2.2 % fee: 91.48 EUR" while a fee is on and the row has an amount, else "".
        public internal(set) var feeText = ""
        /// What Copy puts on the clipboard: the amount shown, nil when there is none.
        public internal(set) var copyText: String?
        /// "1 USD = 0.8951 EUR · ECB · Oct 30, 2026 · 23 days old", or why there is no rate.
        public internal(set) var rateLine = ""
        /// The rate is old enough to be marked (see `RateAge.isStale`).
        public internal(set) var isStale = false
        /// What a screen reader says on the row: "EUR, Euro: 89.51" ("EUR, Euro" while blank),
        /// and the fee's words after it when a fee is on.
        public internal(set) var accessibleName: String
        /// The To button's name and tooltip: "To EUR (Euro)".
        public let buttonName: String
        /// The Copy button's name: "Copy the EUR amount".
        public let copyName: String
        /// The row menu's name: "Actions for EUR".
        public let actionsName: String
    }

    public init(state: ConverterState, formatter: DecimalFormatter, days: DayFormatter, catalog: CurrencyCatalog,
                words: Words = .english) {
        self.state = state
        self.formatter = formatter
        self.days = days
        self.catalog = catalog
        self.words = words
        resetRows()
    }

    /// The localized name of a currency, or its code.
    public func name(_ code: String) -> String { catalog[code]?.localizedName ?? code }

    /// The From button's name and tooltip: "From USD (US Dollar)".
    public var fromButtonName: String { Template.fill(tr("From %@ (%@)"), state.source, name(state.source)) }

    /// The amount exactly as typed.
    public var amountText: String { state.amountText }

    /// Whether the current pair (the source and the first target) is a favourite.
    public var isStarred: Bool { state.isFavourite(state.currentPair) }

    /// The star's tooltip: what pressing it does now.
    public var starTooltip: String {
        isStarred ? tr("Remove from favourites (Ctrl+D)") : tr("Add to favourites (Ctrl+D)")
    }

    /// The star's name for screen readers: what pressing it does now.
    public var starName: String { isStarred ? tr("Remove favourite") : tr("Add favourite") }

    /// What the From picker leaves out.
    public var sourcePickerExcludes: Set<String> { [state.source] }
    /// What the Add picker leaves out: every currency shown already.
    public var addPickerExcludes: Set<String> { Set(state.targets + [state.source]) }

    // MARK: The amount and the results

    /// Figures every result from the typed amount (`table`: the rates in use, nil before any;
    /// `today`: for the rates' age). On a bad amount the line under it says why and the rows
    /// keep their last good figures.
    public mutating func recalculate(table: RateTable?, today: Day) {
        let computation = ConverterComputation(catalog: catalog, formatter: formatter)
        // "$100" with the dollar as the source: the amount is the rest.
        let text = signed(state.amountText).map { $0.code == state.source ? $0.amount : state.amountText } ?? state.amountText
        switch computation.evaluate(text) {
        case .failure(let error):
            amountHasError = true
            evaluatedText = Wording(error: error).text(words.translate)
            // The rows keep the last good amount's figures, with the fee as it is now, and a
            // target added or moved since has its figure too; not after the source changed.
            if let basis = feeBasis, basis.source == state.source, let table {
                show(basis.amount, computation, table: table, today: today)
            } else {
                rows.indices.forEach { showFee($0, table: table) }
            }
        case .success(let amount):
            amountHasError = false
            evaluatedText = ExpressionEvaluator.isArithmetic(text) ? computation.evaluatedText(amount) : ""
            guard let table else { return }
            feeBasis = (amount, state.source)
            show(amount, computation, table: table, today: today)
        }
    }

    /// Every row's figures for `amount` of the source.
    private mutating func show(_ amount: Decimal, _ computation: ConverterComputation, table: RateTable, today: Day) {
        for (i, result) in computation.results(amount: amount, state: state, table: table).enumerated()
        where rows.indices.contains(i) {
            rows[i].copyText = result.text
            rows[i].amountText = result.text.map { formatter.signed($0, code: result.code) } ?? "\u{2014}"
            showFee(i, table: table)
            rows[i].isStale = result.quote.map { RateAge.isStale($0.publication, today: today) } ?? false
            rows[i].rateLine = rateLine(result, table: table, today: today)
        }
    }

    /// A row's fee words, from the last good amount with the fee converted (rounded only for
    /// display), and the name a screen reader says: "EUR, Euro: 89.51, with 2.2 % fee: 91.48 EUR".
    mutating func showFee(_ i: Int, table: RateTable?) {
        let row = rows[i]
        // Blank until a good amount ("EUR, Euro"): no fee either, whatever the last amount was
        // (after a swap it was in another currency).
        guard !row.amountText.isEmpty else {
            rows[i].feeText = ""
            return
        }
        if let fee, let basis = feeBasis, let table {
            rows[i].feeText = fee.line(converting: basis.amount, from: basis.source, to: row.code, table: table, catalog: catalog,
                                       formatter: formatter, words: words) ?? ""
        } else {
            rows[i].feeText = ""
        }
        rows[i].accessibleName = "\(row.code), \(row.name): \(row.copyText ?? tr("no rate"))"
            + (rows[i].feeText.isEmpty ? "" : ", " + rows[i].feeText)
    }

    /// "1 USD = 0.8951 EUR · ECB · Oct 30, 2026 · 23 days old".
    func rateLine(_ r: ConversionResult, table: RateTable, today: Day) -> String {
        guard let quote = r.quote else {
            return Template.fill(tr("No %@ rate for %@ and %@"), sourceName(table.source), state.source, r.code)
        }
        return quote.line(formatter, today: today, days: days, words: words)
    }

    /// A rate source's name as the user reads it.
    func sourceName(_ stored: String) -> String { Publication.sourceName(stored).text(words.translate) }

    /// Blank rows for the targets as they are now.
    mutating func resetRows() {
        rows = state.targets.map { code in
            let name = name(code)
            return TargetRow(code: code, name: name, accessibleName: "\(code), \(name)",
                             buttonName: Template.fill(tr("To %@ (%@)"), code, name),
                             copyName: Template.fill(tr("Copy the %@ amount"), code),
                             actionsName: Template.fill(tr("Actions for %@"), code))
        }
    }

    /// The row of `code`, if it is a target.
    public func row(_ code: String) -> TargetRow? { rows.first { $0.code == code } }

    // MARK: Typing

    /// The amount as the user typed it (the results follow once `recalculate` runs). A
    /// currency's sign typed with it ("$100", "100 €") makes that currency the source, where
    /// the sign is one currency's here: true when it did (the From button changes).
    @discardableResult
    public mutating func type(_ text: String) -> Bool {
        state.amountText = text
        guard let code = signed(text)?.code, code != state.source else { return false }
        setSource(code)
        return true
    }

    /// The typed text's currency sign, if it has one of a single currency's, and the amount without it.
    func signed(_ text: String) -> (code: String, amount: String)? { formatter.signs?.split(text, among: { catalog[$0] != nil }) }

    /// An amount from elsewhere (the Calculator), with the pair it brings if any.
    public mutating func useAmount(_ text: String, pair: FavouritePair?) {
        if let pair { state.load(pair) }
        state.amountText = text
        resetRows()
    }

    // MARK: Currencies (each leaves the rows blank until `recalculate`)

    public mutating func swap() {
        state.swap()
        resetRows()
    }

    public mutating func setSource(_ code: String) {
        state.setSource(code)
        resetRows()
    }

    public mutating func setTarget(at index: Int, to code: String) {
        state.setTarget(at: index, to: code)
        resetRows()
    }

    /// False (nothing changes) when `code` is shown already.
    @discardableResult
    public mutating func addTarget(_ code: String) -> Bool {
        guard state.addTarget(code) else { return false }
        resetRows()
        return true
    }

    /// Removes a target; the last one stays, and the answer is then what to tell the user.
    public mutating func removeTarget(_ code: String) -> String? {
        guard state.removeTarget(code) else {
            return tr("The last target currency can’t be removed.")
        }
        resetRows()
        return nil
    }

    /// False at either end.
    @discardableResult
    public mutating func moveTarget(_ code: String, by offset: Int) -> Bool {
        guard state.moveTarget(code, by: offset) else { return false }
        resetRows()
        return true
    }

    public mutating func moveTarget(_ code: String, to index: Int) {
        state.moveTarget(code, to: index)
        resetRows()
    }

    /// A favourite's source, and its target first.
    public mutating func load(_ pair: FavouritePair) {
        state.load(pair)
        resetRows()
    }

    // MARK: Favourites

    /// A favourite taken out, and what to tell the user; the toast's Undo puts it back.
    public struct FavouriteRemoval: Equatable, Sendable {
        public let pair: FavouritePair
        public let index: Int
        /// "USD → EUR removed from favourites."
        public let message: String
    }

    /// What Ctrl+D did: added the pair (and what to tell the user), or took it out.
    public enum FavouriteToggle: Equatable, Sendable {
        /// "USD → EUR added to favourites."
        case added(message: String)
        case removed(FavouriteRemoval)
        /// The list is full: "You have 500 favourites, …".
        case refused(message: String)
    }

    /// Ctrl+D, the star: adds the current pair, or removes it when it is a favourite already.
    public mutating func toggleFavourite() -> FavouriteToggle {
        switch state.toggleFavourite() {
        case .added(let pair): return .added(message: Template.fill(tr("%@ added to favourites."), pair.description))
        case .removed(let pair, let index): return .removed(removal(pair, index))
        case .full: return .refused(message: fullMessage)
        }
    }

    /// Deletes a favourite (the list's Delete); nil when it was not one.
    @discardableResult
    public mutating func removeFavourite(_ pair: FavouritePair) -> FavouriteRemoval? {
        state.removeFavourite(pair).map { removal(pair, $0) }
    }

    private func removal(_ pair: FavouritePair, _ index: Int) -> FavouriteRemoval {
        FavouriteRemoval(pair: pair, index: index, message: Template.fill(tr("%@ removed from favourites."), pair.description))
    }

    /// What the user is told when the list is full.
    var fullMessage: String {
        Template.fill(tr("You have %@ favourites, as many as Cambio keeps: delete one to add another."),
                      String(ConverterState.maxFavourites))
    }

    /// Undo: the favourite back at its place; what to tell the user when the list is full again.
    @discardableResult
    public mutating func restoreFavourite(_ removal: FavouriteRemoval) -> String? {
        state.restoreFavourite(removal.pair, at: removal.index) ? nil : fullMessage
    }

    /// False at either end.
    @discardableResult
    public mutating func moveFavourite(_ pair: FavouritePair, by offset: Int) -> Bool { state.moveFavourite(pair, by: offset) }

    public mutating func moveFavourite(_ pair: FavouritePair, to index: Int) { state.moveFavourite(pair, to: index) }

    // MARK: Copying

    /// What Copy on `code`'s row puts on the clipboard, and what to tell the user; nil while
    /// the row shows no amount.
    public func copy(_ code: String) -> (text: String, notice: String)? {
        guard let text = row(code)?.copyText else { return nil }
        return (text, Template.fill(tr("Copied %@ %@."), text, code))
    }
}
