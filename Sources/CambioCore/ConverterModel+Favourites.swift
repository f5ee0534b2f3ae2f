import Foundation

/// The Converter's favourite pairs as the user sees them: the first few as chips on the page,
/// and the whole list in a popover, filtered by a search as they type (codes, or names in their
/// language: `FavouriteSearch`).
public struct FavouritesModel {
    /// How many chips the page shows; the list button counts the rest.
    public static let maxChips = 8

    let words: ConverterModel.Words
    func tr(_ message: String) -> String { words.translate(message) }
    func trn(_ singular: String, _ plural: String, _ n: Int) -> String { words.translatePlural(singular, plural, n) }
    let catalog: CurrencyCatalog
    let search: FavouriteSearch

    /// The user's favourites, in order.
    public var pairs: [FavouritePair] = []
    /// What is typed in the list's search.
    public var query = ""

    public init(catalog: CurrencyCatalog, locale: Locale, words: ConverterModel.Words = .english) {
        self.catalog = catalog
        self.words = words
        search = FavouriteSearch(catalog: catalog, locale: locale)
    }

    func name(_ code: String) -> String { catalog[code]?.localizedName ?? code }

    /// "US Dollar to Euro".
    func names(_ pair: FavouritePair) -> String { Template.fill(tr("%@ to %@"), name(pair.from), name(pair.to)) }

    // MARK: The chips

    /// A chip on the page, which loads its pair.
    public struct Chip: Equatable, Sendable {
        public let pair: FavouritePair
        /// "USD → EUR".
        public let title: String
        /// "Load USD → EUR".
        public let accessibleName: String
        /// "US Dollar to Euro".
        public let tooltip: String
    }

    public var chips: [Chip] {
        pairs.prefix(Self.maxChips).map {
            Chip(pair: $0, title: $0.description, accessibleName: Template.fill(tr("Load %@"), $0.description), tooltip: names($0))
        }
    }

    /// No favourites: the page says how to save one instead of showing chips.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The list button: "Favourites", or "Favourites (3 more)" when some have no chip.
    public var listButtonLabel: String {
        let more = pairs.count - Self.maxChips
        return more > 0 ? Template.fill(trn("Favourites (%d more)", "Favourites (%d more)", more), String(more)) : tr("Favourites")
    }

    // MARK: The list

    /// A pair in the list.
    public struct Line: Equatable, Sendable {
        public let pair: FavouritePair
        /// "USD → EUR".
        public let title: String
        /// "US Dollar to Euro".
        public let names: String
        /// "USD → EUR, US Dollar to Euro".
        public let accessibleName: String
        /// "Delete favourite USD → EUR".
        public let deleteName: String
        /// "History of USD → EUR".
        public let historyName: String
    }

    /// The pairs the search finds, in the user's order.
    public var listed: [Line] {
        search.filter(pairs, query: query).map { pair in
            Line(pair: pair, title: pair.description, names: names(pair),
                 accessibleName: Template.fill(tr("%@, %@ to %@"), pair.description, name(pair.from), name(pair.to)),
                 deleteName: Template.fill(tr("Delete favourite %@"), pair.description),
                 historyName: Template.fill(tr("History of %@"), pair.description))
        }
    }

    /// What the list says when it lists nothing: there are no favourites, or none matches.
    /// Nil while it lists some.
    public var emptyText: String? {
        if pairs.isEmpty { return tr("No favourites yet. Ctrl+D or the star saves the current pair.") }
        if search.filter(pairs, query: query).isEmpty { return Template.fill(tr("No favourite matches “%@”."), query) }
        return nil
    }

    // MARK: Dragging

    /// "USD>EUR": how a pair travels in a drag or a key.
    public static func key(_ pair: FavouritePair) -> String { "\(pair.from)>\(pair.to)" }
    public static func pair(_ key: String) -> FavouritePair? {
        let parts = key.split(separator: ">")
        return parts.count == 2 ? FavouritePair(from: String(parts[0]), to: String(parts[1])) : nil
    }
}
