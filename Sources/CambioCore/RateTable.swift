import Foundation

/// One currency's rate: units of the currency per one unit of the table's base.
public struct Rate: Sendable, Equatable {
    public let value: Decimal
    /// The day this rate was published for.
    public let date: Day
    /// Who published it ("ECB").
    public let source: String

    public init(value: Decimal, date: Day, source: String) {
        self.value = value; self.date = date; self.source = source
    }
}

/// A set of rates against one base currency, as of a publication day.
public struct RateTable: Sendable, Equatable {
    public let base: String
    public let date: Day
    public let source: String
    public let rates: [String: Rate]
    /// The same rates in exact fixed point, prepared once for per-keystroke conversion.
    private let fixedRates: [String: FixedDecimal]

    public init(base: String, date: Day, source: String, rates: [String: Rate]) {
        self.base = base; self.date = date; self.source = source
        var r = rates
        r[base] = Rate(value: 1, date: date, source: source)
        self.rates = r
        fixedRates = r.compactMapValues { FixedDecimal($0.value) }
    }

    func fixed(_ code: String) -> FixedDecimal? { fixedRates[code] }

    public static func == (a: RateTable, b: RateTable) -> Bool {
        a.base == b.base && a.date == b.date && a.source == b.source && a.rates == b.rates
    }

    public func has(_ code: String) -> Bool { rates[code] != nil }

    /// How many `to` one `from` buys; nil when either has no rate.
    public func rate(from: String, to: String) -> Decimal? {
        guard let f = rates[from]?.value, let t = rates[to]?.value, !f.isZero else { return nil }
        return from == to ? 1 : t / f
    }

    /// `amount` of `from` in `to`, unrounded. Multiplies first, then divides once.
    public func convert(_ amount: Decimal, from: String, to: String) -> Decimal? {
        guard let f = rates[from]?.value, let t = rates[to]?.value, !f.isZero else { return nil }
        if from == to { return amount }
        return amount * t / f
    }

    /// The publication of a currency's rate, when it is older than the table's own day.
    public func olderRate(_ code: String) -> Rate? {
        guard let r = rates[code], r.date < date else { return nil }
        return r
    }
}
