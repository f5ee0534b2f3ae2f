import Foundation

/// What was typed in the GNOME Shell overview, read as a conversion: an amount (any calculation
/// the Calculator accepts), its currency, and optionally a target currency, with or without a
/// joining word: `100 usd to eur`, `100 USD in EUR`, `12*3 gbp jpy`, `100usd`, `1 234,5 RUB в USD`.
/// Anything else is no conversion (nil): the overview then shows nothing from Cambio.
public struct SearchQuery: Equatable, Sendable {
    public let amount: Decimal
    public let from: String
    /// nil: "100 usd", into the user's usual currencies (`SearchTargets`).
    public let to: String?

    public init(amount: Decimal, from: String, to: String?) { self.amount = amount; self.from = from; self.to = to }

    /// Longer queries are no conversion (and cost nothing to refuse).
    public static let maxLength = 200

    /// `terms`: the overview's words (it splits at spaces). Numbers are read in `style` (the
    /// user's locale) and, like every amount field, with both `.` and `,` understood where that is
    /// unambiguous, and spaces grouping digits ("1 234,5" is 1234.5 in any locale).
    /// `isCurrency`: whether a code (upper case) is a currency Cambio knows.
    public static func parse(_ terms: [String], style: NumberStyle, isCurrency: (String) -> Bool) -> SearchQuery? {
        let text = terms.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= maxLength else { return nil }
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        func code(_ word: String) -> String? {
            ConversionRequest.currency(word).flatMap { isCurrency($0) ? $0 : nil }
        }
        /// The last word as "<amount><CODE>" ("100usd"): the code, and the amount put back.
        func trailingCode() -> String? {
            guard let last = words.last else { return nil }
            if let c = code(last) { words.removeLast(); return c }
            guard let (amount, c) = ConversionRequest.stuck(last), isCurrency(c) else { return nil }
            words[words.count - 1] = amount
            return c
        }
        // "… to EUR": a joining word before the target, read as the Calculator reads it.
        if words.count >= 3, ConversionRequest.joiners.contains(words[words.count - 2].lowercased()) {
            guard let r = ConversionRequest.parse(text), isCurrency(r.from), isCurrency(r.to) else { return nil }
            return make([r.amountText], from: r.from, to: r.to, style: style)
        }
        var to: String? = nil
        guard let last = trailingCode() else { return nil }
        // "12*3 gbp jpy": two codes, no joiner.
        if !words.isEmpty, let first = trailingCode() {
            to = last
            return make(words, from: first, to: to, style: style)
        }
        return make(words, from: last, to: nil, style: style)
    }

    private static func make(_ words: [String], from: String, to: String?, style: NumberStyle) -> SearchQuery? {
        var words = words
        ConversionRequest.dropOunce(&words, before: from)
        guard !words.isEmpty, from != to else { return nil }
        // Only a calculation: a word of letters left over ("buy 100 usd") is not a conversion.
        guard case .success(let amount) = ExpressionEvaluator.evaluate(words.joined(separator: " "), style: style) else { return nil }
        return SearchQuery(amount: amount, from: from, to: to)
    }
}

/// Where "100 usd" (no target) goes: the Currencies page's reference currency, then the other
/// currency of the first favourite pair that has this one, else the first favourite's target,
/// else the Converter's first target (or its source), then the Currencies list in order; at most
/// `limit`, never the source itself, only what `convertible` accepts.
public enum SearchTargets {
    public static func defaults(for from: String, state: AppState, limit: Int = 2,
                                convertible: (String) -> Bool) -> [String] {
        let favourites = state.converter.favourites
        var candidates = [state.currencies.referenceCode]
        if let pair = favourites.first(where: { $0.from == from || $0.to == from }) {
            candidates.append(pair.from == from ? pair.to : pair.from)
        }
        candidates += favourites.prefix(1).map(\.to)
        candidates += state.converter.source == from ? state.converter.targets : [state.converter.source]
        candidates += state.currencies.codes
        var out: [String] = []
        for c in candidates where c != from && !out.contains(c) && convertible(c) {
            out.append(c)
            if out.count == limit { break }
        }
        return out
    }
}

/// One answer of the overview search: an amount converted at the rates in use.
public struct SearchAnswer: Equatable, Sendable {
    public let amount: Decimal
    public let from: String
    public let to: String
    /// Exact; rounded only for display.
    public let value: Decimal
    /// The pair's rate, whose it is and its day.
    public let quote: Quote

    /// The result's id, from which the answer is computed again: "100|USD|EUR" (the amount in
    /// POSIX digits, exactly).
    public var id: String { Self.id(amount: amount, from: from, to: to) }

    public static func id(amount: Decimal, from: String, to: String) -> String { "\(amount)|\(from)|\(to)" }

    /// The amount and pair of an id; nil for anything else.
    public static func parse(id: String) -> (amount: Decimal, from: String, to: String)? {
        let parts = id.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[1...].allSatisfy({ ConversionRequest.isCode($0) && $0 == $0.uppercased() }),
              let amount = Decimal(string: parts[0], locale: Locale(identifier: "en_US_POSIX")), !amount.isNaN,
              "\(amount)" == parts[0] else { return nil }
        return (amount, parts[1], parts[2])
    }

    /// What `cambio --convert` takes to open the Converter on this answer: "100 USD EUR", the
    /// amount in POSIX digits (the same in every locale).
    public var convertArgument: String { "\(amount) \(from) \(to)" }
}

/// The overview search's rules: which results a query has, and how each reads.
public struct ShellSearch {
    public let catalog: CurrencyCatalog
    /// The user's locale and choice of digits.
    public let formatter: DecimalFormatter
    public let days: DayFormatter
    public let words: Translations

    public init(catalog: CurrencyCatalog, formatter: DecimalFormatter, days: DayFormatter, words: Translations = .english) {
        self.catalog = catalog; self.formatter = formatter; self.days = days; self.words = words
    }

    /// The ids of the results for `terms`: none when it is not a conversion, or when the rates
    /// in use have no rate for the pair.
    public func results(_ terms: [String], table: RateTable?, state: AppState) -> [String] {
        guard let table, let query = SearchQuery.parse(terms, style: formatter.style, isCurrency: { catalog[$0] != nil }) else {
            return []
        }
        let targets = query.to.map { [$0] }
            ?? SearchTargets.defaults(for: query.from, state: state) { table.rate(from: query.from, to: $0) != nil }
        return targets.compactMap { answer(amount: query.amount, from: query.from, to: $0, table: table)?.id }
    }

    /// The answer of an id, at the rates in use now.
    public func answer(id: String, table: RateTable?) -> SearchAnswer? {
        guard let table, let p = SearchAnswer.parse(id: id) else { return nil }
        return answer(amount: p.amount, from: p.from, to: p.to, table: table)
    }

    func answer(amount: Decimal, from: String, to: String, table: RateTable) -> SearchAnswer? {
        guard from != to, catalog[from] != nil, catalog[to] != nil,
              let value = table.convert(amount, from: from, to: to), let quote = table.quote(from: from, to: to) else { return nil }
        return SearchAnswer(amount: amount, from: from, to: to, value: value, quote: quote)
    }

    /// How a result reads in the overview.
    public struct Meta: Equatable, Sendable {
        /// "100 USD = 89.51 EUR".
        public let name: String
        /// "1 USD = 0.8951 EUR · ECB · Oct 30, 2026".
        public let description: String
        /// What the Shell copies when the result is chosen: "89.51" (see `clipboardText`).
        public let clipboardText: String
    }

    public func meta(_ a: SearchAnswer) -> Meta {
        let units = catalog.minorUnits(a.to)
        // TRANSLATORS: an overview search result: an amount and its currency = the converted amount
        // and its currency ("100 USD = 89.51 EUR"; "$100 = €89.51" with currency signs on).
        let name = Template.fill(words.tr("%@ = %@"), formatter.money(text: amountText(a.amount, a.from), code: a.from),
                                 formatter.money(a.value, code: a.to, minorUnits: units))
        // "1 USD = 0.8951 EUR · ECB · Oct 30, 2026"; "1 CUP = 0.0082 USD · your rate · set Nov 22, 2026".
        let description = a.quote.shortLine(formatter, days: days, words: words)
        return Meta(name: name, description: description, clipboardText: clipboardText(a))
    }

    /// The converted amount as it is pasted: rounded like the result, the locale's decimal mark,
    /// no grouping marks ("1234,56" in German, "1234.56" in English), so that it reads back as
    /// the same number in any field of the same locale and in a spreadsheet.
    public func clipboardText(_ a: SearchAnswer) -> String {
        let plain = DecimalFormatter(style: NumberStyle(decimalSeparator: formatter.style.decimalSeparator,
                                                        groupingSeparator: formatter.style.groupingSeparator,
                                                        groupingSize: Int.max),
                                     decimalPlaces: formatter.decimalPlaces)
        return plain.amount(a.value, minorUnits: catalog.minorUnits(a.to))
    }

    /// The amount searched for: every digit typed, at most eight after the mark (a calculation
    /// such as 1/3 would have 32).
    func amountText(_ amount: Decimal, _ code: String) -> String {
        let places = min(8, max(0, -amount.normalizedExponent))
        return formatter.format(amount.rounded(places: places), fractionDigits: places)
    }

}

/// `cambio --convert "100 USD EUR"`: the amount (POSIX digits; a calculation allowed) and the pair
/// the window's Converter opens on.
public struct ConvertArgument: Equatable, Sendable {
    public let amount: Decimal
    public let pair: FavouritePair

    public init(amount: Decimal, pair: FavouritePair) { self.amount = amount; self.pair = pair }

    public static func parse(_ text: String, isCurrency: (String) -> Bool) -> ConvertArgument? {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 3 else { return nil }
        let to = words.removeLast().uppercased(), from = words.removeLast().uppercased()
        guard from != to, ConversionRequest.isCode(from), ConversionRequest.isCode(to), isCurrency(from), isCurrency(to),
              case .success(let amount) = ExpressionEvaluator.evaluate(words.joined(separator: " "), style: .posix) else { return nil }
        return ConvertArgument(amount: amount, pair: FavouritePair(from: from, to: to))
    }
}
