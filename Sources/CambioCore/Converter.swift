import Foundation

/// A saved source → target pair: the seed apps' "presets" and "favourites" in one.
public struct FavouritePair: Codable, Hashable, Sendable, CustomStringConvertible {
    public var from: String
    public var to: String
    public init(from: String, to: String) { self.from = from; self.to = to }
    public var description: String { "\(from) \u{2192} \(to)" }
}

/// The Converter page: one amount in a source currency, converted into several targets, and the
/// user's favourite pairs.
public struct ConverterState: Codable, Equatable, Sendable {
    public var source: String
    /// Never empty, never contains `source`, no repeats.
    public var targets: [String]
    /// The amount exactly as typed (it may be arithmetic: `12*3`).
    public var amountText: String
    public var favourites: [FavouritePair]

    public init(source: String, targets: [String], amountText: String, favourites: [FavouritePair] = []) {
        self.source = source; self.targets = targets; self.amountText = amountText; self.favourites = favourites
    }

    /// The Converter before it was ever used: `home` (the reference currency, which is the
    /// locale's on a first start) into the two most common others.
    public static func firstRun(home: String?, catalog: CurrencyCatalog) -> ConverterState {
        let source = home.flatMap { catalog[$0]?.isActive == true ? $0 : nil } ?? "USD"
        let targets = ["USD", "EUR", "GBP"].filter { $0 != source && catalog[$0] != nil }.prefix(2)
        return ConverterState(source: source, targets: Array(targets), amountText: "100")
    }

    /// Drops unknown codes and repeats from a restored state; keeps everything else as saved.
    public func sanitized(catalog: CurrencyCatalog, fallback: ConverterState) -> ConverterState {
        var s = self
        if catalog[s.source] == nil { s.source = fallback.source }
        var seen: Set<String> = [s.source]
        s.targets = targets.filter { catalog[$0] != nil && seen.insert($0).inserted }
        if s.targets.isEmpty {
            s.targets = fallback.targets.filter { $0 != s.source }
            if s.targets.isEmpty { s.targets = [s.source == "EUR" ? "USD" : "EUR"] }
        }
        var pairs = Set<FavouritePair>()
        s.favourites = favourites.filter {
            catalog[$0.from] != nil && catalog[$0.to] != nil && $0.from != $0.to && pairs.insert($0).inserted
        }
        return s
    }

    public var firstTarget: String { targets[0] }
    public var currentPair: FavouritePair { FavouritePair(from: source, to: firstTarget) }

    // MARK: Currencies

    /// Exchanges the source and the first target; the amount stays as typed.
    public mutating func swap() {
        (source, targets[0]) = (targets[0], source)
    }

    /// Makes `code` the source. If it was a target, the old source takes its place.
    public mutating func setSource(_ code: String) {
        guard code != source else { return }
        if let i = targets.firstIndex(of: code) { targets[i] = source }
        source = code
    }

    /// Puts `code` in target place `index`. If it was the source, the two exchange; if it was
    /// another target, those two targets exchange places.
    public mutating func setTarget(at index: Int, to code: String) {
        guard targets.indices.contains(index), targets[index] != code else { return }
        if code == source {
            source = targets[index]
        } else if let other = targets.firstIndex(of: code) {
            targets[other] = targets[index]
        }
        targets[index] = code
    }

    /// Adds a target at the end; false when it is the source or a target already.
    @discardableResult
    public mutating func addTarget(_ code: String) -> Bool {
        guard code != source, !targets.contains(code) else { return false }
        targets.append(code)
        return true
    }

    /// Removes a target; the last one stays (there is always something to convert into).
    @discardableResult
    public mutating func removeTarget(_ code: String) -> Bool {
        guard targets.count > 1, let i = targets.firstIndex(of: code) else { return false }
        targets.remove(at: i)
        return true
    }

    @discardableResult
    public mutating func moveTarget(_ code: String, by offset: Int) -> Bool {
        targets.move(code, by: offset)
    }

    public mutating func moveTarget(_ code: String, to index: Int) {
        targets.move(code, to: index)
    }

    // MARK: Favourites

    /// The most favourites kept: as many as the saved file is read back with (`StateStore`).
    public static let maxFavourites = AppState.maxCodes

    public enum FavouriteOutcome: Equatable, Sendable {
        case added(FavouritePair)
        /// The pair was a favourite, at this place in the list, and is one no more.
        case removed(FavouritePair, index: Int)
        /// The list holds `maxFavourites` already: the pair is not added.
        case full
    }

    public func isFavourite(_ pair: FavouritePair) -> Bool { favourites.contains(pair) }

    /// The star: adds the current source → first target pair, or takes it out when it is a
    /// favourite already.
    @discardableResult
    public mutating func toggleFavourite() -> FavouriteOutcome {
        let pair = currentPair
        if let i = removeFavourite(pair) { return .removed(pair, index: i) }
        guard favourites.count < Self.maxFavourites else { return .full }
        favourites.append(pair)
        return .added(pair)
    }

    /// Takes `pair` out of the favourites; its place, to put it back (nil: it was not there).
    @discardableResult
    public mutating func removeFavourite(_ pair: FavouritePair) -> Int? {
        guard let i = favourites.firstIndex(of: pair) else { return nil }
        favourites.remove(at: i)
        return i
    }

    /// Puts a removed favourite back at its place (Undo), unless it is a favourite again or the
    /// list is full again; false when it is not back.
    @discardableResult
    public mutating func restoreFavourite(_ pair: FavouritePair, at index: Int) -> Bool {
        guard !favourites.contains(pair) else { return true }
        guard favourites.count < Self.maxFavourites else { return false }
        favourites.insert(pair, at: min(max(0, index), favourites.count))
        return true
    }

    @discardableResult
    public mutating func moveFavourite(_ pair: FavouritePair, by offset: Int) -> Bool {
        favourites.move(pair, by: offset)
    }

    public mutating func moveFavourite(_ pair: FavouritePair, to index: Int) {
        favourites.move(pair, to: index)
    }

    /// Loads a pair: its source, and its target first (the other targets stay after it).
    public mutating func load(_ pair: FavouritePair) {
        setSource(pair.from)
        targets.removeAll { $0 == pair.to }
        targets.insert(pair.to, at: 0)
    }
}

extension Array where Element: Equatable {
    /// Moves an element one place up (-1) or down (+1); false at either end or when absent.
    @discardableResult
    mutating func move(_ element: Element, by offset: Int) -> Bool {
        guard let from = firstIndex(of: element), indices.contains(from + offset) else { return false }
        swapAt(from, from + offset)
        return true
    }

    /// Moves an element to `index` (clamped).
    mutating func move(_ element: Element, to index: Int) {
        guard let from = firstIndex(of: element) else { return }
        remove(at: from)
        insert(element, at: Swift.min(Swift.max(0, index), count))
    }
}

/// Filters favourite pairs as the user types: by either code, or either currency's name in the
/// user's language (or English), ignoring case and accents. Every word must match one side:
/// "usd eur", "dollar euro" and "доллар" all find USD → EUR.
public struct FavouriteSearch: Sendable {
    public let catalog: CurrencyCatalog
    public let locale: Locale

    public init(catalog: CurrencyCatalog, locale: Locale) { self.catalog = catalog; self.locale = locale }

    public func filter(_ pairs: [FavouritePair], query: String) -> [FavouritePair] {
        let words = fold(query).split { $0.isWhitespace || "/\u{2192}>-,".contains($0) }.map(String.init)
        guard !words.isEmpty else { return pairs }
        return pairs.filter { pair in
            let sides = [keys(pair.from), keys(pair.to)]
            return words.allSatisfy { word in sides.contains { $0.contains { $0.contains(word) } } }
        }
    }

    private func keys(_ code: String) -> [String] {
        guard let c = catalog[code] else { return [fold(code)] }
        return [fold(c.code), fold(c.localizedName), fold(c.englishName)]
    }

    private func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
    }
}

/// One target's line on the Converter page.
public struct ConversionResult: Equatable, Sendable {
    public let code: String
    /// The exact converted value; nil when no publication has both currencies.
    public let value: Decimal?
    /// The value rounded to the currency's minor units for display.
    public let text: String?
    /// The pair's rate and whose it is; nil when no publication has both currencies.
    public let quote: Quote?
}

/// What the Converter page shows for a state: the evaluated amount and each target's result.
public struct ConverterComputation: Sendable {
    public let catalog: CurrencyCatalog
    public let formatter: DecimalFormatter

    public init(catalog: CurrencyCatalog, formatter: DecimalFormatter) {
        self.catalog = catalog; self.formatter = formatter
    }

    /// The typed amount's value: a number or arithmetic, in the user's locale.
    public func evaluate(_ text: String) -> Result<Decimal, ExpressionError> {
        ExpressionEvaluator.evaluate(text, style: formatter.style)
    }

    /// "= 36" or "≈ 33.3333333333" beside the entry: the exact value, with at most ten decimals
    /// (marked ≈ when it has more).
    public func evaluatedText(_ value: Decimal) -> String {
        let shown = value.rounded(places: 10)
        return (shown == value ? "= " : "\u{2248} ") + formatter.exact(shown)
    }

    public func results(amount: Decimal, state: ConverterState, table: RateTable) -> [ConversionResult] {
        state.targets.map { code in
            guard let value = table.convert(amount, from: state.source, to: code),
                  let quote = table.quote(from: state.source, to: code) else {
                return ConversionResult(code: code, value: nil, text: nil, quote: nil)
            }
            return ConversionResult(code: code, value: value,
                                    text: formatter.amount(value, minorUnits: catalog.minorUnits(code)), quote: quote)
        }
    }
}

extension Decimal {
    /// The exponent with trailing zeros of the significand removed: 36.00 → 0, 0.50 → -1.
    var normalizedExponent: Int {
        if isZero { return 0 }
        var s = significand.magnitude.description
        var e = Int(exponent)
        while s.count > 1, s.hasSuffix("0") { s.removeLast(); e += 1 }
        return e
    }
}
