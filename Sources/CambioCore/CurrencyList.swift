import Foundation

/// The Currencies page: the user's currencies, the one they typed into (the anchor) with
/// exactly what they typed, and the reference currency rates are shown against.
public struct CurrencyListState: Codable, Equatable, Sendable {
    public var codes: [String]
    /// The currency whose amount the user typed. Every other row is derived from it.
    public var anchorCode: String
    /// The text exactly as typed, so it comes back exactly after a restart.
    public var anchorText: String
    public var referenceCode: String

    public init(codes: [String], anchorCode: String, anchorText: String, referenceCode: String) {
        self.codes = codes; self.anchorCode = anchorCode; self.anchorText = anchorText
        self.referenceCode = referenceCode
    }

    public static let popular = ["USD", "EUR", "GBP", "JPY", "CHF", "CNY"]

    /// What a first start shows: the locale's currency, USD and EUR, and a few popular ones.
    public static func firstRun(localeCurrency: String?, catalog: CurrencyCatalog) -> CurrencyListState {
        var codes: [String] = []
        for code in [localeCurrency].compactMap({ $0 }) + popular
        where catalog[code]?.isActive == true && !codes.contains(code) {
            codes.append(code)
        }
        let home = codes.first ?? "EUR"
        return CurrencyListState(codes: codes, anchorCode: home, anchorText: "100", referenceCode: home)
    }

    /// Drops unknown and repeated codes from a restored list; keeps everything else as saved.
    public func sanitized(catalog: CurrencyCatalog, fallback: CurrencyListState) -> CurrencyListState {
        var seen = Set<String>()
        var s = self
        s.codes = codes.filter { catalog[$0] != nil && seen.insert($0).inserted }
        if s.codes.isEmpty { s.codes = fallback.codes }
        if catalog[s.anchorCode] == nil { s.anchorCode = s.codes[0]; s.anchorText = fallback.anchorText }
        if catalog[s.referenceCode] == nil { s.referenceCode = fallback.referenceCode }
        return s
    }

    // MARK: Editing

    /// Adds a currency at the end; false when it is in the list already.
    @discardableResult
    public mutating func add(_ code: String) -> Bool {
        guard !codes.contains(code) else { return false }
        codes.append(code)
        return true
    }

    /// Removes a row. The anchor stays the anchor (the other rows keep their values).
    public mutating func remove(_ code: String) {
        codes.removeAll { $0 == code }
    }

    /// Moves `code` to `index` (clamped); used by drag and drop.
    public mutating func move(_ code: String, to index: Int) {
        codes.move(code, to: index)
    }

    /// Moves a row one place up (-1) or down (+1); false at either end.
    @discardableResult
    public mutating func move(_ code: String, by offset: Int) -> Bool {
        codes.move(code, by: offset)
    }

    public mutating func type(_ text: String, into code: String) {
        anchorCode = code
        anchorText = text
    }
}

/// What one keystroke produces: every row's displayed amount, derived from the anchor.
public struct CurrencyListComputation: Sendable {
    public let catalog: CurrencyCatalog
    public let formatter: DecimalFormatter

    public init(catalog: CurrencyCatalog, formatter: DecimalFormatter) {
        self.catalog = catalog; self.formatter = formatter
    }

    public enum Row: Equatable, Sendable {
        /// The converted amount, rounded for display only.
        case amount(String)
        /// No rate is known for this currency or the anchor.
        case noRate

        /// What the row's amount field shows ("" without a rate).
        public var text: String {
            switch self {
            case .amount(let text): return text
            case .noRate: return ""
            }
        }
    }

    /// The displayed amount of every row but the anchor, or why the anchor's text is refused.
    ///
    /// Each row is `amount × rate(row) / rate(anchor)` with one rounding, half-up to the row's
    /// minor units, computed exactly in 128-bit fixed point (Decimal when a value is too large).
    /// `fixedPoint: false` takes the Decimal path for every row: the same figures, slower
    /// (`make bench` prints both: the fixed-point path keeps a keystroke within its budget).
    public func rows(_ state: CurrencyListState, table: RateTable, fixedPoint: Bool = true) -> Result<[String: Row], AmountError> {
        rows(state, fee: nil, table: table, fixedPoint: fixedPoint).map(\.rows)
    }

    /// The same, and what every row with a rate would be with `fee`, as shown ("91.48"; empty
    /// without a fee): the fee applies to the typed amount before the conversion (amount × factor
    /// × rate(row) / rate(anchor)), the unrounded conversion with the fee, rounded once. Both in
    /// one pass: one parse, and each row's places and rates looked up once.
    public func rows(_ state: CurrencyListState, fee: Fee?, table: RateTable, fixedPoint: Bool = true)
        -> Result<(rows: [String: Row], withFee: [String: String]), AmountError> {
        // The typed currency's own sign may stand with the amount ("€5" in the euro's row).
        formatter.parseAmount(state.anchorText, of: state.anchorCode, among: { catalog[$0] != nil }).map {
            rows(amount: $0, feeAmount: fee?.applied(to: $0), state, table: table, fixedPoint: fixedPoint)
        }
    }

    private func rows(amount: Decimal, feeAmount: Decimal?, _ state: CurrencyListState, table: RateTable,
                      fixedPoint: Bool) -> (rows: [String: Row], withFee: [String: String]) {
        // A typed currency with a user rate converts from the currency that rate stands on: the
        // amount is turned into it once, not the user's factor into every row's rates.
        let root = table.inRoot(amount, of: state.anchorCode)
        let fixedFrom = root?.root ?? state.anchorCode
        let fixedAmount = fixedPoint ? FixedDecimal(root?.amount ?? amount) : nil
        let fixedFeeAmount = fixedPoint ? feeAmount.flatMap { FixedDecimal(table.inRoot($0, of: state.anchorCode)?.amount ?? $0) } : nil
        var out: [String: Row] = [:], withFee: [String: String] = [:]
        out.reserveCapacity(state.codes.count)
        for code in state.codes where code != state.anchorCode {
            let places = formatter.places(minorUnits: catalog.minorUnits(code))
            let pair = fixedAmount == nil ? nil : table.fixed(from: fixedFrom, to: code)
            /// One amount of this row, exact in fixed point, else in Decimal.
            func figure(_ fixed: FixedDecimal?, _ amount: Decimal) -> String? {
                if let fixed, let pair, let units = fixed.converted(from: pair.from, to: pair.to, places: places) {
                    return formatter.format(units: units, fractionDigits: places)
                }
                return table.convert(amount, from: state.anchorCode, to: code).map { formatter.amount($0, minorUnits: places) }
            }
            guard let text = figure(fixedAmount, amount) else { out[code] = .noRate; continue }
            out[code] = .amount(formatter.signed(text, code: code))
            if let feeAmount { withFee[code] = figure(fixedFeeAmount, feeAmount).map { formatter.signed($0, code: code) } }
        }
        return (out, withFee)
    }
}
