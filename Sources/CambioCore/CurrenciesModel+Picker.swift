import Foundation

/// The currency picker without a display: which currencies a search by code, English or local
/// name offers, best matches first, among the popular currencies or all of them, and the note
/// that says what the list shows when it is not what was asked.
public struct CurrencyPickerModel: Sendable {
    let catalog: CurrencyCatalog
    /// The locale names are compared in (case and accents aside).
    let locale: Locale
    /// The codes the popular view offers: the most traded and the locale's own.
    let popular: Set<String>
    /// Whether the picker shows the popular currencies, else all of them.
    public var popularOnly: Bool
    /// What the currencies left out are to the user, for the note when only they match.
    public let taken: Taken

    /// Why a currency is left out of the picker.
    public enum Taken: Sendable {
        /// The Currencies page's own list has it.
        case inYourList
        /// It is what the button shows now, or the other side of the pair.
        case chosen
    }

    public init(catalog: CurrencyCatalog, locale: Locale, localeCurrency: String?, popularOnly: Bool, taken: Taken = .chosen) {
        self.catalog = catalog
        self.locale = locale
        popular = Set(CurrencyCatalog.popular + [localeCurrency].compactMap { $0 })
        self.popularOnly = popularOnly
        self.taken = taken
    }

    /// Every currency the picker can ever offer, in the catalogue's order.
    public var codes: [String] { catalog.active.map(\.code) }

    /// A row of the picker: "USD" and "US Dollar", read out as "USD, US Dollar".
    public func face(_ code: String) -> CurrencyFace { CurrencyFace(code: code, catalog: catalog) }

    /// What a search offers.
    public struct Choices: Sendable, Equatable {
        /// The currencies to choose from, best matches first; Enter takes the first.
        public let codes: [String]
        /// Above the list: all currencies shown because none popular matched, or that none is left.
        public let note: Wording?
    }

    /// Matching currencies that can be chosen (`taken` ones are left out), best matches first.
    /// A search that finds nothing popular looks through all currencies and says so.
    public func search(_ query: String, excluding taken: Set<String>) -> Choices {
        let query = query.trimmingCharacters(in: .whitespaces)
        let matching = catalog.search(query, locale: locale, within: popularOnly ? popular : nil)
        var found = matching.filter { !taken.contains($0.code) }
        var note: Wording?
        if found.isEmpty && !query.isEmpty {
            // Every currency that matches, searched once: the ones left to offer, or the taken.
            let everyMatch = popularOnly ? catalog.search(query, locale: locale) : matching
            found = everyMatch.filter { !taken.contains($0.code) }
            if !found.isEmpty {
                note = Wording("No popular currency matches; showing all currencies.")
            } else if case let left = everyMatch.map(\.code).filter(taken.contains), !left.isEmpty {
                // "usd" when USD is in the list: say it is there, not that nothing matches.
                let codes = Wording.verbatim(left.joined(separator: ", "))
                switch self.taken {
                case .inYourList: note = Wording("Already in your list: %@.", codes)
                case .chosen: note = Wording("Already chosen: %@.", codes)
                }
            }
        }
        // "usd" when USD is taken but USDT and USDC are not, "oro" when gold is (and the córdoba
        // oro not): the others are offered, and the best match said to be taken.
        if !found.isEmpty, let exact = ConversionRequest.currency(query), taken.contains(exact), catalog[exact] != nil {
            switch self.taken {
            case .inYourList: note = Wording("Already in your list: %@.", .verbatim(exact))
            case .chosen: note = Wording("Already chosen: %@.", .verbatim(exact))
            }
        }
        if found.isEmpty && note == nil {
            note = query.isEmpty ? Wording("No currency left to add.") : Wording("No currency matches “%@”.", .verbatim(query))
        }
        return Choices(codes: found.map(\.code), note: note)
    }
}
