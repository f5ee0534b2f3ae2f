import Foundation

/// One currency's rate in a table: its value within its publication, and that publication.
public struct Rate: Sendable, Equatable {
    /// Units of the currency per unit of its publication's base.
    public let value: Decimal
    public let date: Day
    public let source: String

    public init(value: Decimal, date: Day, source: String) {
        self.value = value; self.date = date; self.source = source
    }
}

/// One day's rates from one source.
public struct Publication: Sendable, Hashable, CustomStringConvertible {
    public let day: Day
    public let source: String
    public init(day: Day, source: String) { self.day = day; self.source = source }
    public var description: String { "\(source) \(day.iso)" }
}

extension Publication {
    /// A stored source name as the user reads it: "ECB" and "Bank of Russia" are words (and
    /// translated), a user rate is "your rate", other names (open.er-api.com, Frankfurter) stay as
    /// they are. The stored name (in caches, the history) stays English.
    public static func sourceName(_ stored: String) -> Wording {
        if UserRate.isUserSource(stored) { return Wording("your rate") }
        switch stored {
        case "ECB": return Wording("ECB")
        case "Bank of Russia": return Wording("Bank of Russia")
        default: return .verbatim(stored)
        }
    }
}

/// Rates as published: by one primary source on one or more days, and optionally by other
/// sources for the currencies the primary lacks.
///
/// A pair converts within a single publication, never by mixing days or sources: the
/// publication of the currency that is "worse off" (a filler's rather than the primary's, an
/// older day rather than a newer one) if it also has the other currency. So USD to RUB with ECB
/// rates uses the ECB's rates of 1 March 2022 for both; with the Bank of Russia filling in RUB,
/// it uses the Bank of Russia's rates for both. A pair with no common publication has no rate.
public struct RateTable: Sendable, Equatable {
    public let base: String
    /// The primary source's newest day.
    public let date: Day
    public let source: String
    /// Each currency's preferred rate: the primary's newest, else a filler's newest; for a
    /// currency with a user rate, that rate (its day the day it was set, source "user").
    public let rates: [String: Rate]
    /// The providers' preferred rates alone.
    private let providerRates: [String: Rate]
    private let rows: [Publication: [String: Decimal]]
    /// The user's rates in use, by currency.
    private let user: [String: AppliedUserRate]
    /// The same rows in exact fixed point, prepared once for per-keystroke conversion.
    private let fixedRows: [Publication: [String: FixedDecimal]]
    /// Who published each publication's rates, by currency, where its source says
    /// (Frankfurter's institutions).
    public internal(set) var institutionsByPublication: [Publication: [String: [String]]] = [:]

    /// A table from whole days of rates, each a publication of `source` against `base`.
    public init(base: String, source: String, days: [Day: [String: Decimal]]) {
        self.init(base: base, source: source, rows: Self.rows(base: base, source: source, days: days))
    }

    /// A table of a single day.
    public init(base: String, date: Day, source: String, rates: [String: Decimal]) {
        self.init(base: base, source: source, days: [date: rates])
    }

    private init(base: String, source: String, rows: [Publication: [String: Decimal]]) {
        let date = rows.keys.filter { $0.source == source }.map(\.day).max() ?? Day(year: 1999, month: 1, day: 4)!
        var preferred: [String: Rate] = [:]
        for p in rows.keys.sorted(by: { Self.ranks($0, above: $1, source, date) }) {
            // A metal's or coin's source prices only them; a fiat source never prices them.
            for (code, value) in rows[p]! where preferred[code] == nil && Provider.prices(source: p.source, code: code) {
                preferred[code] = Rate(value: value, date: p.day, source: p.source)
            }
        }
        self.init(base: base, source: source, date: date, rows: rows, fixedRows: rows.mapValues { $0.compactMapValues { FixedDecimal($0) } },
                  providerRates: preferred, userRates: [])
    }

    /// The providers' figures as they are (prepared once), with `userRates` on top.
    private init(base: String, source: String, date: Day, rows: [Publication: [String: Decimal]],
                 fixedRows: [Publication: [String: FixedDecimal]], providerRates: [String: Rate], userRates: [UserRate]) {
        self.base = base
        self.source = source
        self.date = date
        self.rows = rows
        self.fixedRows = fixedRows
        self.providerRates = providerRates
        let user = Self.apply(userRates, to: providerRates)
        self.user = user
        var preferred = providerRates
        for (code, u) in user {
            guard let root = providerRates[u.root] else { continue }
            preferred[code] = Rate(value: root.value / u.factor, date: u.rate.day, source: UserRate.source)
        }
        rates = preferred
    }

    /// Resolves each user rate to a currency the providers cover: through the anchors' own
    /// user rates when they have some; a rate whose chain goes round in a circle, or ends at a
    /// currency without a provider rate, is left out (the providers' rate stays in use).
    static func apply(_ rates: [UserRate], to provider: [String: Rate]) -> [String: AppliedUserRate] {
        var byCode: [String: UserRate] = [:]
        for r in rates where byCode[r.code] == nil { byCode[r.code] = r }
        var out: [String: AppliedUserRate] = [:]
        for r in byCode.values {
            guard let (root, factor) = UserRates.resolve(r, through: { byCode[$0] }),
                  provider[root] != nil, !factor.isZero, !factor.isNaN else { continue }
            out[r.code] = AppliedUserRate(rate: r, root: root, factor: factor)
        }
        return out
    }

    /// These rates with the user's own in place of the providers' for their currencies. An
    /// empty list gives the providers' rates back.
    /// Only the user's part is figured again: the providers' rows, their fixed-point copies and
    /// preferred rates are kept as they are.
    public func applying(_ userRates: [UserRate]) -> RateTable {
        if userRates.isEmpty && user.isEmpty { return self }
        var table = RateTable(base: base, source: source, date: date, rows: rows, fixedRows: fixedRows,
                              providerRates: providerRates, userRates: userRates)
        table.institutionsByPublication = institutionsByPublication
        return table
    }

    /// The institutions behind the rates a pair converts in, where their source names them.
    public func institutions(from: String, to: String) -> [String] {
        Array(Set(institutionSides(from: from, to: to).joined())).sorted()
    }

    /// The institutions behind each currency's rate of the pair (its publication's base has none).
    public func institutionSides(from: String, to: String) -> [[String]] {
        publication(from: from, to: to).map { institutionSides(from: from, to: to, in: $0) } ?? []
    }

    /// The same, for the publication the pair was converted in (already known).
    public func institutionSides(from: String, to: String, in p: Publication) -> [[String]] {
        if p.source == "ECB" { return [["ECB"]] }
        guard let row = institutionsByPublication[p] else { return [] }
        return [from, to].compactMap { row[$0] }
    }

    /// The user rate in use for `code`, if any.
    public func userRate(for code: String) -> UserRate? { user[code]?.rate }

    /// The currencies whose user rate is in use.
    public var userCodes: Set<String> { Set(user.keys) }

    /// Whether a provider has a rate for `code` (whatever the user set).
    public func hasProviderRate(_ code: String) -> Bool { providerRates[code] != nil }

    static func rows(base: String, source: String, days: [Day: [String: Decimal]]) -> [Publication: [String: Decimal]] {
        var out: [Publication: [String: Decimal]] = [:]
        for (day, row) in days {
            var r = row.filter { $0.value > 0 }
            r[base] = 1
            out[Publication(day: day, source: source)] = r
        }
        return out
    }

    /// The primary's current publication ranks above everything; then newer above older,
    /// whoever published it (a filler's rouble of 2026 beats the ECB's last one of 2022).
    static func rank(_ p: Publication, _ primary: String, _ current: Day) -> (Int, Day) {
        (p.source == primary && p.day == current ? 1 : 0, p.day)
    }

    /// `rank`, with a fixed order between sources of the same day: Coinbase (asked only for
    /// what currency-api lacks) after the others, then by name.
    static func ranks(_ a: Publication, above b: Publication, _ primary: String, _ current: Day) -> Bool {
        let ra = rank(a, primary, current), rb = rank(b, primary, current)
        if ra != rb { return ra > rb }
        let sa = a.source == Provider.coinbase.sourceName ? 0 : 1, sb = b.source == Provider.coinbase.sourceName ? 0 : 1
        return sa != sb ? sa > sb : a.source < b.source
    }

    /// The primary's newest publication.
    public var current: Publication { Publication(day: date, source: source) }

    /// This table, with the currencies it lacks taken from `others` (in their own publications).
    public func filling(from others: [RateTable]) -> RateTable {
        guard !others.isEmpty else { return self }
        var all = rows
        var institutions = institutionsByPublication
        for other in others where other.source != source {
            for (p, row) in other.rows where all[p] == nil {
                all[p] = row
                institutions[p] = other.institutionsByPublication[p]
            }
        }
        var table = RateTable(base: base, source: source, rows: all)
        table.institutionsByPublication = institutions
        return table
    }

    /// The rates in use: the primary provider's last good answer (else the bundled ECB history),
    /// with what it lacks filled from every other provider's last good answer and the bundle.
    public static func compose(primary: Provider, answers: [Provider: ProviderSnapshot], bundled: RateTable?) -> RateTable? {
        let others = answers.filter { $0.key != primary }.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value.table)
            + [bundled].compactMap { $0 }
        if let main = answers[primary]?.table { return main.filling(from: others) }
        // Without the primary's answer, the freshest of the broad sources kept (the ECB's own
        // answer of today before the bundle's last day), the bundle on a tie. The Bank of Russia
        // (tomorrow's rates of a few dozen currencies against the rouble) and the metals' and
        // coins' sources only fill in what it lacks.
        var main = bundled
        for (provider, snapshot) in answers.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where [.ecb, .frankfurter, .erapi].contains(provider) {
            let table = snapshot.table
            if main.map({ table.date > $0.date }) ?? true { main = table }
        }
        guard let main else { return nil }
        return main.filling(from: others.filter { $0 != main })
    }

    public static func == (a: RateTable, b: RateTable) -> Bool {
        a.base == b.base && a.source == b.source && a.rows == b.rows && a.user == b.user
    }

    public func has(_ code: String) -> Bool { rates[code] != nil }

    /// The publication a pair converts in, or nil when none has both. A pair with a user
    /// rate converts in the user's: its day is the day the rate was set (the older of two).
    public func publication(from: String, to: String) -> Publication? {
        guard let terms = terms(from: from, to: to) else { return nil }
        return terms.user.map { Publication(day: $0, source: UserRate.source) } ?? terms.publication
    }

    /// The providers' publication a pair of their currencies converts in.
    private func providerPublication(from: String, to: String) -> Publication? {
        guard let f = providerRates[from], let t = providerRates[to] else { return nil }
        let pf = Publication(day: f.date, source: f.source), pt = Publication(day: t.date, source: t.source)
        let (worse, better) = Self.rank(pf, source, date) <= Self.rank(pt, source, date) ? (pf, pt) : (pt, pf)
        for p in [worse, better] {
            if let row = rows[p], row[from] != nil, row[to] != nil { return p }
        }
        // Gold from currency-api and a coin only Coinbase has today: the best publication of
        // their sources that holds both (the day both were last given together).
        guard MetalsAndCoins.inPair(from, to) else { return nil }
        return rows.keys.filter { Provider.metalsAndCoinsSources.contains($0.source) && rows[$0]?[from] != nil && rows[$0]?[to] != nil }
            .max { Self.ranks($1, above: $0, source, date) }
    }

    /// A pair as two figures of one publication: `amount` of `from` is `amount × to ÷ from` of
    /// `to`. A currency with a user rate stands as its factor times its root currency's figure,
    /// so a user rate applies exactly: 1 CUP set at 0.0082 USD is 0.0082 USD to every digit.
    private func terms(from: String, to: String) -> (publication: Publication, from: Decimal, to: Decimal, user: Day?)? {
        let uf = user[from], ut = user[to]
        let rf = uf?.root ?? from, rt = ut?.root ?? to
        guard let p = providerPublication(from: rf, to: rt), let row = rows[p],
              let f = row[rf], let t = row[rt], !f.isZero else { return nil }
        guard uf != nil || ut != nil else { return (p, f, t, nil) }
        let userDay = [uf?.rate.day, ut?.rate.day].compactMap { $0 }.min()
        let ff = uf?.factor ?? 1, ft = ut?.factor ?? 1
        let terms = rf == rt ? (ft, ff) : (f * ft, t * ff)
        guard !terms.0.isZero, !terms.0.isNaN, !terms.1.isNaN else { return nil }
        return (p, terms.0, terms.1, userDay)
    }

    /// The rate of a pair as one quote: the rate, the publication it converts in and who
    /// published it; nil when no publication has both currencies.
    public func quote(from: String, to: String) -> Quote? {
        guard let terms = terms(from: from, to: to) else { return nil }
        let p = terms.user.map { Publication(day: $0, source: UserRate.source) } ?? terms.publication
        return Quote(from: from, to: to, rate: from == to ? 1 : terms.to / terms.from, publication: p,
                     institutions: institutionSides(from: from, to: to, in: p))
    }

    /// The day a pair converts on.
    public func day(from: String, to: String) -> Day? { publication(from: from, to: to)?.day }

    /// How many `to` one `from` buys, in the pair's publication.
    public func rate(from: String, to: String) -> Decimal? {
        guard let terms = terms(from: from, to: to) else { return nil }
        return from == to ? 1 : terms.to / terms.from
    }

    /// `amount` of `from` in `to`, unrounded. Multiplies first, then divides once.
    public func convert(_ amount: Decimal, from: String, to: String) -> Decimal? {
        guard let terms = terms(from: from, to: to) else { return nil }
        if from == to { return amount }
        return amount * terms.to / terms.from
    }

    /// `amount` of `code` as the amount of the currency its user rate stands on (one exact
    /// product): converting that from the root gives every figure converting `amount` from
    /// `code` gives, the root being a provider's currency with its fixed-point rows. Nil when
    /// `code` has no user rate in use.
    func inRoot(_ amount: Decimal, of code: String) -> (amount: Decimal, root: String)? {
        guard let applied = user[code] else { return nil }
        let product = amount * applied.factor
        return product.isNaN ? nil : (product, applied.root)
    }

    /// Both rates of a pair in fixed point, in the pair's publication.
    func fixed(from: String, to: String) -> (from: FixedDecimal, to: FixedDecimal)? {
        if user[from] != nil || user[to] != nil {
            guard let terms = terms(from: from, to: to), let f = FixedDecimal(terms.from),
                  let t = FixedDecimal(terms.to) else { return nil }
            return (f, t)
        }
        guard let p = providerPublication(from: from, to: to), let row = fixedRows[p],
              let f = row[from], let t = row[to] else { return nil }
        return (f, t)
    }
}
