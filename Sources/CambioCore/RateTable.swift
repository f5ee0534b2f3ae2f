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

/// Rates against one base currency, as published on one or more days.
///
/// Each currency's newest rate is in `rates`. A pair converts on a single day, never by mixing
/// days: the older of the two currencies' newest days, using both currencies' rates of that
/// day (so USD to RUB, whose last ECB rate is of 1 March 2022, uses the ECB's rates of that
/// day for both). A pair with no common day has no rate.
public struct RateTable: Sendable, Equatable {
    public let base: String
    /// The newest publication day in the table.
    public let date: Day
    public let source: String
    public let rates: [String: Rate]
    private let days: [Day: [String: Decimal]]
    /// The same rates in exact fixed point, prepared once for per-keystroke conversion.
    private let fixedDays: [Day: [String: FixedDecimal]]

    /// A table from whole days of rates, each a publication of `source` against `base`.
    public init(base: String, source: String, days: [Day: [String: Decimal]]) {
        var all: [Day: [String: Decimal]] = [:]
        for (day, row) in days {
            var r = row.filter { $0.value > 0 }
            r[base] = 1
            all[day] = r
        }
        self.base = base
        self.source = source
        self.date = all.keys.max() ?? Day(year: 1999, month: 1, day: 4)!
        var newest: [String: Rate] = [:]
        for day in all.keys.sorted(by: >) {
            for (code, value) in all[day]! where newest[code] == nil {
                newest[code] = Rate(value: value, date: day, source: source)
            }
        }
        self.rates = newest
        self.days = all
        fixedDays = all.mapValues { $0.compactMapValues { FixedDecimal($0) } }
    }

    /// A table of a single day.
    public init(base: String, date: Day, source: String, rates: [String: Decimal]) {
        self.init(base: base, source: source, days: [date: rates])
    }

    public static func == (a: RateTable, b: RateTable) -> Bool {
        a.base == b.base && a.source == b.source && a.days == b.days
    }

    public func has(_ code: String) -> Bool { rates[code] != nil }

    /// The day a pair converts on, or nil when the two have no day in common.
    public func day(from: String, to: String) -> Day? {
        guard let f = rates[from], let t = rates[to] else { return nil }
        let day = min(f.date, t.date)
        guard let row = days[day], row[from] != nil, row[to] != nil else { return nil }
        return day
    }

    /// How many `to` one `from` buys, on `day(from:to:)`.
    public func rate(from: String, to: String) -> Decimal? {
        guard let day = day(from: from, to: to), let row = days[day],
              let f = row[from], let t = row[to], !f.isZero else { return nil }
        return from == to ? 1 : t / f
    }

    /// `amount` of `from` in `to`, unrounded. Multiplies first, then divides once.
    public func convert(_ amount: Decimal, from: String, to: String) -> Decimal? {
        guard let day = day(from: from, to: to), let row = days[day],
              let f = row[from], let t = row[to], !f.isZero else { return nil }
        if from == to { return amount }
        return amount * t / f
    }

    /// Both rates of a pair in fixed point, on the pair's day.
    func fixed(from: String, to: String) -> (from: FixedDecimal, to: FixedDecimal)? {
        guard let day = day(from: from, to: to), let row = fixedDays[day],
              let f = row[from], let t = row[to] else { return nil }
        return (f, t)
    }
}
