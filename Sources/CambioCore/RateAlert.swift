import Foundation

/// "Tell me when": a pair, a condition and whether it has fired. An alert fires once, on the
/// first published rate that meets its condition and is not older than the alert itself; then it
/// stays fired (with the day, rate and source that fired it) until it is re-armed. Alerts are
/// the user's data, kept in their own file (`AlertStore`).
public struct RateAlert: Sendable, Equatable, Identifiable {
    public enum Condition: Sendable, Equatable {
        /// 1 `from` worth more than this many `to`.
        case above(Decimal)
        /// 1 `from` worth less than this many `to`.
        case below(Decimal)
        /// A change of more than this percent from the previous published day, either way.
        case move(percent: Decimal)
    }

    public enum State: Sendable, Equatable {
        case armed
        /// Fired by this publication's rate.
        case fired(Firing)
    }

    /// What fired an alert: the rate, its day and source, and for a move the day before's rate.
    public struct Firing: Sendable, Equatable {
        public let day: Day
        public let rate: Decimal
        public let source: String
        public let previousRate: Decimal?

        public init(day: Day, rate: Decimal, source: String, previousRate: Decimal? = nil) {
            self.day = day; self.rate = rate; self.source = source; self.previousRate = previousRate
        }
    }

    public let id: Int
    public let from: String
    public let to: String
    public var condition: Condition
    /// The day it was set or last re-armed: rates published before it never fire it.
    public var armedOn: Day
    public var state: State

    public init(id: Int, from: String, to: String, condition: Condition, armedOn: Day, state: State = .armed) {
        self.id = id; self.from = from; self.to = to; self.condition = condition; self.armedOn = armedOn; self.state = state
    }

    public var isArmed: Bool { state == .armed }

    /// Armed again from `today`: a rate already published does not fire it again.
    public func rearmed(today: Day) -> RateAlert {
        var a = self
        a.state = .armed
        a.armedOn = today
        return a
    }

    /// Why a condition cannot be kept, or nil: a level is a rate (more than 0, as a rate Cambio
    /// accepts), a move a percent more than 0 and less than 1000.
    public static func problem(_ condition: Condition) -> Wording? {
        switch condition {
        case .above(let level), .below(let level):
            if level <= 0 || level.isNaN { return Wording("The rate must be more than 0") }
            if level > UserRate.maxValue { return Wording("The rate is larger than any currency is worth in another") }
            if DecimalDigits.significant(level) > UserRate.maxDigits { return Wording("The rate has too many digits") }
        case .move(let percent):
            if percent <= 0 || percent.isNaN || percent >= 1000 { return Wording("The change must be a percent more than 0 and less than 1000") }
        }
        return nil
    }
}

/// What an alert is checked against: the pair's latest published rate (`quote`, from the rates
/// in use, never a rate of the user's own) and, for a move, the same source's rate on the
/// publication day before it.
public struct AlertReading: Sendable {
    public let quote: Quote
    public let previous: (day: Day, rate: Decimal)?

    public init(quote: Quote, previous: (day: Day, rate: Decimal)? = nil) {
        self.quote = quote; self.previous = previous
    }

    /// The reading of a pair from `table` and the days published before (`publications`, the
    /// history's records of the pair's currencies): the table's quote, and the latest day before
    /// it on which the same source published both currencies (a day without a publication is
    /// passed over; another source's day is no day before). Nil without a provider's rate: an
    /// alert is about published rates, and a rate the user set fires none.
    public static func of(from: String, to: String, table: RateTable, publications: [DayPublication]) -> AlertReading? {
        guard let quote = table.quote(from: from, to: to), !quote.isUserRate else { return nil }
        let history = PairHistory(from: from, to: to, publications: publications.filter { $0.source == quote.source && $0.day < quote.day })
        return AlertReading(quote: quote, previous: history.points.last.map { ($0.day, $0.rate) })
    }
}

public enum AlertCheck {
    /// Whether `reading` fires `alert`: only an armed alert, only a provider's rate, only a rate
    /// published on or after the day the alert was armed; above and below strictly (a rate equal
    /// to the level does not cross it); a move against the previous publication day's rate of
    /// the same source, when there is one.
    public static func firing(_ alert: RateAlert, _ reading: AlertReading) -> RateAlert.Firing? {
        let q = reading.quote
        guard alert.isArmed, q.from == alert.from, q.to == alert.to, !q.isUserRate, q.day >= alert.armedOn else { return nil }
        switch alert.condition {
        case .above(let level):
            return q.rate > level ? RateAlert.Firing(day: q.day, rate: q.rate, source: q.source) : nil
        case .below(let level):
            return q.rate < level ? RateAlert.Firing(day: q.day, rate: q.rate, source: q.source) : nil
        case .move(let percent):
            guard let previous = reading.previous, previous.day < q.day, previous.rate > 0 else { return nil }
            let change = (q.rate - previous.rate) / previous.rate * 100
            return change.magnitude > percent
                ? RateAlert.Firing(day: q.day, rate: q.rate, source: q.source, previousRate: previous.rate) : nil
        }
    }

    /// Every armed alert of `alerts` checked against its pair's reading (`reading(from, to)`):
    /// the alerts as they are after (those that fired now fired), and the ones that fired now.
    public static func run(_ alerts: [RateAlert], reading: (String, String) -> AlertReading?) -> (alerts: [RateAlert], fired: [RateAlert]) {
        var fired: [RateAlert] = []
        let after = alerts.map { alert -> RateAlert in
            guard alert.isArmed, let r = reading(alert.from, alert.to), let firing = firing(alert, r) else { return alert }
            var a = alert
            a.state = .fired(firing)
            fired.append(a)
            return a
        }
        return (after, fired)
    }
}

extension RateAlert {
    /// The condition in words: "above 0.9000", "below 0.8500", "USD/EUR moving more than 1.5 % in a day".
    public func conditionWords(_ formatter: DecimalFormatter) -> Wording {
        switch condition {
        case .above(let level): return Wording("1 %@ above %@ %@", .verbatim(from), .verbatim(formatter.exact(level)), .verbatim(to))
        case .below(let level): return Wording("1 %@ below %@ %@", .verbatim(from), .verbatim(formatter.exact(level)), .verbatim(to))
        case .move(let percent):
            return Wording("%@/%@ moving more than %@ %% in a day", .verbatim(from), .verbatim(to), .verbatim(formatter.exact(percent)))
        }
    }

    /// What a notification says when it fires: a title with the pair and the condition met, and
    /// the rate, its day and source ("1 USD = 0.9012 EUR · ECB · Nov 30, 2026"); a move says
    /// the day before's rate too.
    public func notice(_ firing: Firing, formatter: DecimalFormatter, days: DayFormatter, words: Translations) -> (title: String, body: String) {
        let title: Wording
        switch condition {
        case .above(let level):
            title = Wording("1 %@ is above %@ %@", .verbatim(from), .verbatim(formatter.exact(level)), .verbatim(to))
        case .below(let level):
            title = Wording("1 %@ is below %@ %@", .verbatim(from), .verbatim(formatter.exact(level)), .verbatim(to))
        case .move:
            let change = firing.previousRate.map { ($0.isZero ? 0 : (firing.rate - $0) / $0 * 100) } ?? 0
            let shown = change.rounded(places: 2)
            let signed = (shown > 0 ? "+" : shown < 0 ? "\u{2212}" : "") + formatter.format(shown.magnitude, fractionDigits: 2)
            title = Wording("%@/%@ moved %@ %% in a day", .verbatim(from), .verbatim(to), .verbatim(signed))
        }
        let quote = Quote(from: from, to: to, rate: firing.rate, publication: Publication(day: firing.day, source: firing.source))
        var body = quote.shortLine(formatter, days: days, words: words)
        if let previous = firing.previousRate {
            body += "\n" + Wording("the day before: %@", .verbatim(formatter.rate(previous))).text(words.translate)
        }
        return (title.text(words.translate), body)
    }
}

/// The alerts file's contents: `{"version": 1, "alerts": [...]}`, rates and percents as exact
/// decimal strings ("0.9012"), days as ISO dates.
public struct AlertFile: Codable, Sendable, Equatable {
    public static let version = 1
    /// Far more than anyone sets, and the most bytes such a file holds.
    public static let maxCount = 500
    public static let maxFileBytes = 512 * 1024

    public var version: Int
    public var alerts: [RateAlert]

    public init(alerts: [RateAlert]) { version = Self.version; self.alerts = alerts }

    /// The file's bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a file's bytes; an error says why they are not an alerts file.
    public static func decoded(_ data: Data) throws -> AlertFile {
        let file = try JSONDecoder().decode(AlertFile.self, from: data)
        guard file.version <= version else { throw AlertFileError.newer(file.version) }
        guard file.alerts.count <= maxCount else { throw AlertFileError.tooMany(file.alerts.count) }
        guard Set(file.alerts.map(\.id)).count == file.alerts.count else { throw AlertFileError.duplicateID }
        return file
    }
}

public enum AlertFileError: Error, Equatable, Worded {
    case newer(Int)
    case tooMany(Int)
    case duplicateID
    case badValue(String)

    public var wording: Wording {
        switch self {
        case .newer(let v): return Wording("it was written by a newer version of Cambio (format %@)", .verbatim(v))
        case .tooMany(let n): return Wording("it holds %@ alerts, more than Cambio keeps", .verbatim(n))
        case .duplicateID: return Wording("two alerts have the same number")
        case .badValue(let field): return Wording("the field “%@” holds a value that cannot be read", .quoted(field))
        }
    }
}

extension RateAlert: Codable {
    private enum Keys: String, CodingKey { case id, from, to, above, below, move, armedOn, firedOn, firedRate, firedSource, previousRate }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func decimal(_ key: Keys) throws -> Decimal? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let d = Decimal(plain: text) else { throw AlertFileError.badValue(key.rawValue) }
            return d
        }
        func day(_ key: Keys) throws -> Day? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let d = Day(iso: text) else { throw AlertFileError.badValue(key.rawValue) }
            return d
        }
        id = try c.decode(Int.self, forKey: .id)
        from = try c.decode(String.self, forKey: .from)
        to = try c.decode(String.self, forKey: .to)
        guard Self.isCode(from), Self.isCode(to), from != to else { throw AlertFileError.badValue("from") }
        let conditions = [try decimal(.above).map(Condition.above), try decimal(.below).map(Condition.below),
                          try decimal(.move).map { Condition.move(percent: $0) }].compactMap { $0 }
        guard conditions.count == 1, RateAlert.problem(conditions[0]) == nil else { throw AlertFileError.badValue("above") }
        condition = conditions[0]
        guard let armed = try day(.armedOn) else { throw AlertFileError.badValue("armedOn") }
        armedOn = armed
        if let firedOn = try day(.firedOn) {
            guard let rate = try decimal(.firedRate), let source = try c.decodeIfPresent(String.self, forKey: .firedSource) else {
                throw AlertFileError.badValue("firedRate")
            }
            state = .fired(Firing(day: firedOn, rate: rate, source: source, previousRate: try decimal(.previousRate)))
        } else {
            state = .armed
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        switch condition {
        case .above(let level): try c.encode("\(level)", forKey: .above)
        case .below(let level): try c.encode("\(level)", forKey: .below)
        case .move(let percent): try c.encode("\(percent)", forKey: .move)
        }
        try c.encode(armedOn.iso, forKey: .armedOn)
        if case .fired(let f) = state {
            try c.encode(f.day.iso, forKey: .firedOn)
            try c.encode("\(f.rate)", forKey: .firedRate)
            try c.encode(f.source, forKey: .firedSource)
            if let p = f.previousRate { try c.encode("\(p)", forKey: .previousRate) }
        }
    }

    /// Three or four capital letters, as the catalogue's codes are (USDT).
    static func isCode(_ s: String) -> Bool { (3...4).contains(s.count) && s.allSatisfy { $0.isASCII && $0.isUppercase } }
}
