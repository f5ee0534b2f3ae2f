import Foundation

/// The Currencies page without a display: the user's list (their currencies, the one they typed
/// into with exactly what they typed, the reference currency), what each row shows, and what a
/// keystroke changes. Figures are as written in the user's locale; words are `Wording`, and a
/// rate line is put in the user's language through `Translations` (`description` is the
/// English). The currency picker's search is `CurrencyPickerModel` (CurrenciesModel+Picker).
public struct CurrenciesModel: Sendable {
    /// The list as it is saved.
    public var list: CurrencyListState
    /// Locale marks and the user's choice of digits for money (Preferences can change it).
    public var formatter: DecimalFormatter
    /// The card or exchange fee the converted rows also show with; nil when off (Preferences).
    public var fee: Fee?
    /// The fee of the fee lines shown.
    private var linesFee: Fee?
    /// The list as of the last good amount: the figures the rows keep while a text is refused.
    private var lastGood: CurrencyListState?
    let catalog: CurrencyCatalog
    /// "Oct 30, 2026": the day of a rate older than the others.
    let days: DayFormatter
    /// Rows whose typed text was refused, and why: the anchor, and an earlier anchor until an
    /// amount is taken again.
    public private(set) var refused: [String: AmountError] = [:]

    public init(list: CurrencyListState, catalog: CurrencyCatalog, formatter: DecimalFormatter, days: DayFormatter) {
        self.list = list
        self.catalog = catalog
        self.formatter = formatter
        self.days = days
    }

    var computation: CurrencyListComputation { CurrencyListComputation(catalog: catalog, formatter: formatter) }

    /// The codes in the order the page shows them.
    public var codes: [String] { list.codes }

    /// A row's face: its code, name and the names its controls are read out by.
    public func face(_ code: String) -> CurrencyFace { CurrencyFace(code: code, catalog: catalog) }

    /// Where the focus goes when the page shows: the row typed into last, else the first.
    public var primaryCode: String? { list.codes.contains(list.anchorCode) ? list.anchorCode : list.codes.first }

    // MARK: Editing

    /// Adds a currency at the end; false when it is in the list already.
    @discardableResult
    public mutating func add(_ code: String) -> Bool {
        guard list.add(code) else { return false }
        if lastRemoval?.code == code { lastRemoval = nil }
        return true
    }

    /// Removes a row; false when it is not in the list. The anchor stays the anchor. The
    /// removal can be undone (`undoRemoval`) until another row is removed or the currency added.
    @discardableResult
    public mutating func remove(_ code: String) -> Bool {
        guard let index = list.codes.firstIndex(of: code) else { return false }
        let next = index + 1 < list.codes.count ? list.codes[index + 1] : nil
        list.remove(code)
        refused[code] = nil
        lastRemoval = Removal(code: code, index: index, next: next)
        return true
    }

    /// A row removed, and where it stood: its place, and the row that followed it (rows removed
    /// after it and put back before it have moved the places).
    public struct Removal: Sendable, Equatable {
        public let code: String
        public let index: Int
        public let next: String?
    }

    /// The removal Undo puts back, if any.
    public private(set) var lastRemoval: Removal?

    /// Puts the row removed last back where it stood (Ctrl+Z); its code, or nil when there is
    /// nothing to undo. Its amount follows the anchor, as every row's: the anchor stayed when it went.
    public mutating func undoRemoval() -> String? { lastRemoval.flatMap { restore($0) } }

    /// Puts a removed row back where it stood (its toast's Undo, which may be an earlier removal's
    /// than the last); its code, or nil when it is in the list again.
    public mutating func restore(_ removal: Removal) -> String? {
        if lastRemoval == removal { lastRemoval = nil }
        guard list.add(removal.code) else { return nil }
        list.move(removal.code, to: removal.next.flatMap { list.codes.firstIndex(of: $0) } ?? removal.index)
        return removal.code
    }

    /// Moves a row one place up (-1) or down (+1); false at either end.
    @discardableResult
    public mutating func move(_ code: String, by offset: Int) -> Bool { list.move(code, by: offset) }

    /// Moves `code` to `index` (clamped).
    public mutating func move(_ code: String, to index: Int) { list.move(code, to: index) }

    /// `dragged` dropped on the row of `code`: it takes that row's place. False when `code` is
    /// not in the list.
    @discardableResult
    public mutating func drop(_ dragged: String, on code: String) -> Bool {
        guard let target = list.codes.firstIndex(of: code) else { return false }
        list.move(dragged, to: target)
        return true
    }

    // MARK: Amounts

    /// Text typed into a row: it becomes the anchor, exactly as typed.
    public mutating func type(_ text: String, into code: String) { list.type(text, into: code) }

    /// Derives every row from the anchor's typed text. A refused text marks the anchor's row and
    /// says why; the other rows keep their last good values.
    public mutating func recalculate(table: RateTable) -> CurrenciesUpdate {
        switch computation.rows(list, fee: fee, table: table) {
        case .failure(let error):
            refused[list.anchorCode] = error
            // A currency added since the last good amount shows that amount in it, as the other
            // rows do (they are given theirs again, unchanged).
            if let lastGood, !Set(list.codes).isSubset(of: lastGood.codes) {
                var good = lastGood
                good.codes = list.codes
                if case .success(let (rows, withFee)) = computation.rows(good, fee: fee, table: table) {
                    linesFee = fee
                    let others = rows.filter { $0.key != list.anchorCode }
                    return CurrenciesUpdate(amounts: others.mapValues(\.text), relabeled: [list.anchorCode],
                                            feeAmounts: withFee.filter { $0.key != list.anchorCode })
                }
            }
            var update = CurrenciesUpdate(amounts: nil, relabeled: [list.anchorCode], feeAmounts: nil)
            // The fee changed since the lines shown: the rows keep their last good figures, with
            // the fee as it is now (as the Converter's do).
            if fee != linesFee {
                linesFee = fee
                if let lastGood, case .success(let (_, withFee)) = computation.rows(lastGood, fee: fee, table: table) {
                    update.feeAmounts = withFee
                } else {
                    update.feeAmounts = [:]
                }
            }
            return update
        case .success(let (rows, withFee)):
            let cleared = refused.keys.sorted()
            refused.removeAll()
            let amounts = rows.mapValues(\.text)
            linesFee = fee
            lastGood = list
            return CurrenciesUpdate(amounts: amounts, relabeled: cleared,
                                    feeAmounts: withFee)
        }
    }

    /// Why the other rows show what they show while the typed text is refused: the conversions of
    /// the last amount taken ("Still converted from 12 USD; the amount typed in USD is not taken").
    /// Nil while nothing is refused.
    public var heldNote: Wording? {
        guard !refused.isEmpty, let lastGood else { return nil }
        return Wording("Still converted from %@ %@; the amount typed in %@ is not taken",
                       .verbatim(lastGood.anchorText), .verbatim(lastGood.anchorCode), .verbatim(list.anchorCode))
    }

    /// What a converted row says with the fee, in `words`' language: "with 2.2 % fee: 91.48 EUR";
    /// `amount` is the update's `feeAmounts[code]`.
    public func feeText(_ code: String, amount: String, words: Translations) -> String {
        fee?.words(amount: amount, code: code, formatter: formatter, words: words) ?? ""
    }

    // MARK: Rates

    /// Whether `code` has a rate at all (its amount field takes input only then).
    public func hasRate(_ code: String, table: RateTable) -> Bool { table.has(code) }

    /// The line under a row's amount: its rate against the reference currency, whose rate it is
    /// when older than the others, why there is none, or why the typed text was refused.
    public func rateLine(_ code: String, table: RateTable) -> CurrencyRateLine {
        if let error = refused[code] { return .refused(error) }
        let reference = list.referenceCode
        if !table.has(code) {
            return .rate(Wording("No rate for %@ in the %@ data", .verbatim(code), Publication.sourceName(table.source)))
        }
        if code == reference { return .rate(Wording("Reference currency")) }
        if let quote = table.quote(from: code, to: reference) {
            let pair = quote.pair(formatter)
            if quote.isUserRate { return .user(rate: pair, day: days.string(quote.day)) }
            guard quote.publication != table.current else { return .rate(pair) }
            // Another day's or another source's rates, both sides of one publication: say whose.
            return .stale(rate: pair, source: Publication.sourceName(quote.source), day: days.string(quote.day))
        }
        if table.has(reference) {
            return .rate(Wording("No %@ rate of a day shared with %@", Publication.sourceName(table.source), .verbatim(reference)))
        }
        return .rate(Wording("No rate for the reference currency %@", .verbatim(reference)))
    }
}

/// What a keystroke (or new rates) changes on the Currencies page.
public struct CurrenciesUpdate: Sendable, Equatable {
    /// What each row but the anchor shows now ("" without a rate); nil when the anchor's text
    /// is refused, and the other rows keep what they show.
    public let amounts: [String: String]?
    /// Rows whose line changed between a refusal and a rate: the refused anchor, or the rows
    /// refused until this good amount.
    public let relabeled: [String]
    /// Each converted row's amount with the fee, as shown ("91.48"; see `feeText`): empty while
    /// the fee is off; never the typed row (the fee is charged on a conversion) nor a row
    /// without a rate. Nil when the lines shown stand: a refused text, the fee as it was.
    public var feeAmounts: [String: String]? = [:]
}

/// A currency as a row shows it: "USD" over "US Dollar".
public struct CurrencyFace: Sendable, Equatable {
    public let code: String
    /// The name in the user's language, or the code when the catalogue has none.
    public let name: String

    /// A sign in common use that is not the code ("₿"), if any.
    public let symbol: String?

    init(code: String, catalog: CurrencyCatalog) {
        self.code = code
        let name = catalog[code]?.localizedName ?? code
        self.name = name
        symbol = catalog[code]?.symbol
    }

    /// The name as a row writes it: with the currency's sign when it has one and `drawable`
    /// says the fonts draw it ("Bitcoin · ₿"; never a box in its place).
    public func shownName(drawable: (String) -> Bool) -> String {
        guard let symbol, drawable(symbol) else { return name }
        return "\(name) · \(symbol)"
    }

    /// The row as it is read out: "USD, US Dollar".
    public var spoken: String { name == code ? code : "\(code), \(name)" }
    /// The amount field's name: "Amount in USD (US Dollar)".
    public var amountName: Wording { Wording("Amount in %@ (%@)", .verbatim(code), .verbatim(name)) }
    /// The row menu's name: "Actions for USD".
    public var actionsName: Wording { Wording("Actions for %@", .verbatim(code)) }
}

/// The line under a row's amount.
public enum CurrencyRateLine: Sendable, Equatable, CustomStringConvertible {
    /// "1 EUR = 1.1172 USD", "Reference currency", or why there is no rate.
    case rate(Wording)
    /// A rate of another day or source than the others: the rate, then whose it is.
    case stale(rate: Wording, source: Wording, day: String)
    /// The typed text was refused: why (the amount field is marked too).
    case refused(AmountError)
    /// A rate the user set: "1 CUP = 0.0082 USD · your rate · set 22 Nov 2026".
    case user(rate: Wording, day: String)

    /// Whether it is a rate older than the others (shown in the warning colour).
    public var isStale: Bool { if case .stale = self { return true } else { return false } }

    /// Whether it says why the typed text was refused (shown as an error).
    public var isRefused: Bool { if case .refused = self { return true } else { return false } }

    /// The line in `words`' language: "1 RUB = 0.0095 EUR · rate of ECB · Mar 1, 2022".
    public func text(_ words: Translations) -> String {
        switch self {
        case .rate(let line): return line.text(words.translate)
        case .stale(let rate, let source, let day):
            let whose = Wording("rate of %@", .verbatim("\(source.text(words.translate)) \u{00B7} \(day)"))
            return words.line([words.leftToRight(rate.text(words.translate)), whose.text(words.translate)])
        case .refused(let error): return error.text(words)
        case .user(let rate, let day): return UserRate.line(words.leftToRight(rate.text(words.translate)), day: day, words)
        }
    }

    /// English.
    public var description: String { text(.english) }
}

extension AmountError {
    /// Why a typed text is not an amount, in `words`' language: "“a” is not part of a number".
    public func text(_ words: Translations) -> String {
        switch self {
        case .empty: return words.tr("Enter an amount")
        case .invalidCharacter(let c): return Template.fill(words.tr("“%@” is not part of a number"), String(c))
        case .misplacedSign: return words.tr("A sign can only stand at the start")
        case .misplacedSeparator: return words.tr("Misplaced decimal or group mark")
        case .tooManyDigits(let limit):
            return Template.fill(words.trn("More than %d digit", "More than %d digits", limit), String(limit))
        case .signOfAnother(let code):
            // TRANSLATORS: a sign typed in a currency's field that is another currency's ("$" in the euro's row).
            return Template.fill(words.tr("That is the sign of %@, another currency"), code)
        }
    }
}
