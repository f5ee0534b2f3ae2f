import Foundation

/// One institution that publishes official rates through Frankfurter v2 (a central bank, the
/// IMF, the St. Louis Fed).
public struct Institution: Sendable, Equatable {
    /// Frankfurter's key ("CBE", "ECB").
    public let key: String
    /// As the institution writes its name ("Central Bank of Egypt").
    public let name: String
    public let country: String?
    /// The currency it publishes its rates against.
    public let pivot: String?
    public let dataURL: String?

    public static let byKey: [String: Institution] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })

    /// The name of `key`, or the key itself when the list does not know it.
    public static func name(_ key: String) -> String { byKey[key]?.name ?? key }

    /// Who published a rate, as the user reads it: the institution's name where one published
    /// it, "average of 3 central banks" where the rate is a blend; nil when none is named (a
    /// peg the service worked out itself).
    public static func publisher(_ keys: [String]) -> Wording? {
        switch keys.count {
        case 0: return nil
        case 1: return .verbatim(name(keys[0]))
        default: return Wording("average of %@ central banks", .verbatim(keys.count))
        }
    }

    /// Who published a cross of two rates, each currency's institutions given: one name each
    /// ("European Central Bank, Central Bank of Egypt"), or a blend's words when either is one.
    public static func publisher(sides: [[String]]) -> Wording? {
        let named = sides.filter { !$0.isEmpty }
        guard named.allSatisfy({ $0.count == 1 }) else { return publisher(Array(Set(named.joined())).sorted()) }
        var names: [String] = []
        for side in named where !names.contains(name(side[0])) { names.append(name(side[0])) }
        return names.isEmpty ? nil : .verbatim(names.joined(separator: ", "))
    }
}

/// One record of Frankfurter v2's `/rates`: a pair's rate on a day, and the institutions whose
/// figures it was made from.
public struct FrankfurterRecord: Sendable, Equatable {
    public let day: Day
    public let base: String
    public let quote: String
    public let rate: Decimal
    /// The institutions that made the rate (those the service excluded as outliers are left
    /// out), sorted; empty when it names none (a peg row, or no `expand=providers`).
    public let institutions: [String]

    public init(day: Day, base: String, quote: String, rate: Decimal, institutions: [String]) {
        self.day = day; self.base = base; self.quote = quote; self.rate = rate; self.institutions = institutions
    }
}

/// Frankfurter v2 (`https://api.frankfurter.dev/v2`): its answers read and checked.
public enum FrankfurterV2 {
    /// How many days before a range the service may begin it (it carries each institution's
    /// last rate for 14 days, and anchors a range's first day on it).
    public static let leadDays = 14

    /// How many years of daily records one request may span when it names institutions
    /// (`expand=providers` or `providers`): the service answers 422 beyond that.
    public static let maxYearsWithProviders = 5

    /// The records of a `/rates` answer (a JSON array), each rate a positive number of a
    /// plausible day. An error envelope (`{"message": …}`) is said in the server's words.
    public static func records(_ data: Data, today: Day) throws -> [FrankfurterRecord] {
        struct Entry: Decodable { let key: String; let rate: Decimal?; let excluded: Bool? }
        struct Record: Decodable {
            let date: String; let base: String; let quote: String; let rate: Decimal?
            let providers: [Entry]?
        }
        struct Message: Decodable { let message: String }
        try ProviderParser.preflight(data)
        if let m = try? JSONDecoder().decode(Message.self, from: data) { throw ProviderError.apiError(m.message) }
        let decoded: [Record]
        do { decoded = try JSONDecoder().decode([Record].self, from: data) } catch { throw ProviderParser.jsonError(error) }
        // Nothing is asked before the ECB's first day; a month's average may be dated the 1st.
        let earliest = ECBHistoryCSV.firstDay.adding(days: -FrankfurterV2.Grouping.month.days), latest = today.adding(days: 1)
        return try decoded.map { r in
            guard let day = Day(iso: r.date), day >= earliest, day <= latest else { throw ProviderError.implausibleDate(r.date) }
            guard let rate = r.rate, rate > 0, !rate.isNaN else {
                throw ProviderError.invalidRate(code: r.quote, value: r.rate.map { "\($0)" } ?? "null")
            }
            let keys = (r.providers ?? []).filter { $0.excluded != true }.map(\.key)
            return FrankfurterRecord(day: day, base: r.base.uppercased(), quote: r.quote.uppercased(), rate: rate,
                                     institutions: Array(Set(keys)).sorted())
        }
    }

    /// The newest rates (`/rates` without a date) as a provider's answer: every record against
    /// the base asked for, with who published it, as one publication of the answer's newest day.
    /// The service dates each blended record by its newest contributor (a central bank that
    /// publishes on Sundays, another that published on Friday): a pair converts within one
    /// publication, so the answer is taken as the service's table of that day, as it serves it.
    public static func latest(_ data: Data, today: Day) throws -> ProviderSnapshot {
        // A cached answer of the service's first version (0.6.0 asked it): one day's ECB rates.
        struct V1: Decodable { let base: String; let date: String; let rates: [String: Decimal] }
        if data.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{"),
           let v1 = try? JSONDecoder().decode(V1.self, from: data) {
            guard let day = Day(iso: v1.date) else { throw ProviderError.implausibleDate(v1.date) }
            return ProviderSnapshot(provider: .frankfurter, base: v1.base, days: [day: v1.rates],
                                    institutions: [day: v1.rates.mapValues { _ in ["ECB"] }])
        }
        let records = try records(data, today: today)
        let base = Provider.frankfurter.requestedBase
        var rates: [String: Decimal] = [:]
        var institutions: [String: [String]] = [:]
        for r in records {
            guard r.base == base else { throw ProviderError.wrongBase(expected: base, got: r.base) }
            guard r.quote != base else { continue }
            guard rates[r.quote] == nil else { throw ProviderError.dayTwice("\(r.day.iso) \(r.quote)") }
            rates[r.quote] = r.rate
            if !r.institutions.isEmpty { institutions[r.quote] = r.institutions }
        }
        guard let newest = records.map(\.day).max(), !rates.isEmpty else { throw ProviderError.wrongShape("no rates") }
        return ProviderSnapshot(provider: .frankfurter, base: base, days: [newest: rates], institutions: [newest: institutions])
    }

    /// The ECB's own figures from a range asked with `providers=ECB` (the ECB's newer days):
    /// one publication a day against the euro.
    public static func ecbDays(_ data: Data, today: Day) throws -> ProviderSnapshot {
        let records = try records(data, today: today)
        var days: [Day: [String: Decimal]] = [:]
        var seen = Set<String>()
        for r in records {
            guard r.base == "EUR" else { throw ProviderError.wrongBase(expected: "EUR", got: r.base) }
            guard seen.insert("\(r.day.iso) \(r.quote)").inserted else { throw ProviderError.dayTwice(r.day.iso) }
            guard r.quote != "EUR" else { continue }
            days[r.day, default: [:]][r.quote] = r.rate
        }
        return ProviderSnapshot(provider: .frankfurter, base: "EUR", days: days,
                                institutions: days.mapValues { $0.mapValues { _ in ["ECB"] } })
    }

    /// A pair's range before any of it is stored: every record is the pair asked for (the
    /// identity record left out), of a day within the range (the service may begin at the last
    /// day published before `start`, up to `lead` days earlier: a week for days, a bucket's
    /// length for weeks and months), each day once (the service repeats a week's or a month's
    /// record where it splits a long range: the same record twice is one), and no rate tenfold
    /// or more from the one before it (the first against `before`, the newest stored before the
    /// range).
    public static func checkRange(_ records: [FrankfurterRecord], base: String, quote: String,
                                  from start: Day, to end: Day, before: Decimal?,
                                  lead: Int = leadDays) throws -> [FrankfurterRecord] {
        var out: [FrankfurterRecord] = []
        var seen: [Day: FrankfurterRecord] = [:]
        for r in records {
            guard r.base == base else { throw ProviderError.wrongBase(expected: base, got: r.base) }
            if r.quote == base { continue }
            guard r.quote == quote else { throw ProviderError.wrongShape("a rate for \(r.quote), which was not asked for") }
            if r.day < start.adding(days: -lead) || r.day > end.adding(days: 1) {
                throw ProviderError.outsideRange(first: r.day.iso, last: r.day.iso, askedFrom: start.iso, askedTo: end.iso)
            }
            if let twin = seen[r.day] {
                guard twin == r else { throw ProviderError.dayTwice(r.day.iso) }
                continue
            }
            seen[r.day] = r
            out.append(r)
        }
        out.sort { $0.day < $1.day }
        var previous = before
        for r in out {
            if let b = previous, b > 0 {
                if AnswerCheck.isImplausibleMove(from: b, to: r.rate) {
                    throw ProviderError.implausibleMove(code: "\(base)/\(quote) on \(r.day.iso)", kept: "\(b)", answer: "\(r.rate)")
                }
            }
            previous = r.rate
        }
        return out
    }

    /// The pieces a range is asked in: whole, or, when the request names institutions, pieces
    /// of at most `maxYearsWithProviders` years, oldest first.
    public static func pieces(from start: Day, to end: Day, years: Int = maxYearsWithProviders) -> [(Day, Day)] {
        var out: [(Day, Day)] = []
        var first = start
        while first <= end {
            var c = DateComponents()
            c.year = years
            let limit = Day(Day.utc.date(byAdding: c, to: first.date)!).previous
            let last = min(limit, end)
            out.append((first, last))
            first = last.next
        }
        return out
    }

    /// The name a pair's records are stored under: the average of the central banks, or one
    /// institution's own figures; a week's or a month's averages under their own name.
    public static func source(institution: String?, group: Grouping? = nil) -> String {
        (institution.map { "Frankfurter:\($0)" } ?? "Frankfurter") + (group.map { "|\($0.rawValue)" } ?? "")
    }

    /// Averages of a week or a month (`group=`), for a chart whose range has more days than it
    /// can show: one request for any range, whatever institutions it names.
    public enum Grouping: String, Sendable, CaseIterable {
        case week, month

        /// How many days a record stands for (the service dates it within its bucket).
        public var days: Int { self == .week ? 7 : 31 }
    }

    /// Whether a point is the institution's own figure (or the user's own rate, which comes first).
    public static func isFrom(_ institution: String, _ point: HistoryPoint) -> Bool {
        UserRate.isUserSource(point.source) || point.source == source(institution: institution)
            || (institution == "ECB" && point.source == "ECB")
    }

    /// Whether Frankfurter is asked for a pair's history: not for a metal or a coin (their own
    /// sources record them), nor for two currencies the ECB publishes, unless one institution
    /// other than the ECB is asked for.
    public static func asks(_ from: String, _ to: String, institution: String?) -> Bool {
        guard from != to, !MetalsAndCoins.inPair(from, to) else { return false }
        if institution == nil || institution == "ECB" {
            return !(ECBHistoryCSV.published.contains(from) && ECBHistoryCSV.published.contains(to))
        }
        return true
    }

    /// The order a pair is asked and stored in: the currency first in the alphabet is the base,
    /// so that EGP/USD and USD/EGP share one record (the other way round is its inverse).
    public static func stored(_ a: String, _ b: String) -> (base: String, quote: String) {
        a < b ? (a, b) : (b, a)
    }
}

