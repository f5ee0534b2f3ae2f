import Foundation

/// A calendar day, as rate publications are dated. No time zone, no time of day.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1900...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// "2026-10-30".
    public init?(iso: some StringProtocol) {
        self.init(isoBytes: iso.utf8)
    }

    /// "2026-10-30" as UTF-8 bytes. Byte by byte: histories parse thousands of these
    /// (String(format:) and split are slow).
    public init?<Bytes: Sequence>(isoBytes: Bytes) where Bytes.Element == UInt8 {
        var year = 0, month = 0, day = 0, field = 0, length = 0
        for b in isoBytes {
            if b == 0x2D { // "-"
                guard length == (field == 0 ? 4 : 2), field < 2 else { return nil }
                field += 1; length = 0
            } else if b >= 0x30 && b <= 0x39 {
                let digit = Int(b - 0x30)
                switch field {
                case 0: year = year * 10 + digit
                case 1: month = month * 10 + digit
                default: day = day * 10 + digit
                }
                length += 1
                guard length <= (field == 0 ? 4 : 2) else { return nil }
            } else {
                return nil
            }
        }
        guard field == 2, length == 2 else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var iso: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
    public var description: String { iso }

    public static func < (a: Day, b: Day) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    /// Midnight UTC of this day.
    public var date: Date {
        Self.utc.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// The first and last days Cambio counts in.
    public static let first = Day(year: 1900, month: 1, day: 1)!
    public static let last = Day(year: 9999, month: 12, day: 31)!

    /// The UTC day of an instant (publication days, stamps: never what the user calls today).
    /// An instant before 1900 or after 9999 (a clock set wrong) is the first or last day.
    public init(_ date: Date) {
        self.init(date, calendar: Self.utc)
    }

    /// The calendar day of an instant where the user is (`zone`: the environment's, TZ).
    public init(_ date: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.init(date, calendar: calendar)
    }

    private init(_ date: Date, calendar: Calendar) {
        let c = calendar.dateComponents([.era, .year, .month, .day], from: date)
        if c.era == 0 || (c.year ?? 0) < Self.first.year { self = Self.first; return }
        self = Day(year: c.year ?? Self.last.year, month: c.month ?? 1, day: c.day ?? 1) ?? Self.last
    }

    /// What is wrong with a clock that says `now`, in words: nil when it is within the years
    /// Cambio counts in (1900 to 9999).
    public static func clockProblem(now: Date) -> Wording? {
        let c = utc.dateComponents([.era, .year], from: now)
        let year = c.era == 0 ? -(c.year ?? 0) + 1 : (c.year ?? 0)
        guard year < first.year || year > last.year else { return nil }
        return Wording("This computer’s clock says the year is %@; Cambio counts days from 1900 to 9999, so today is taken as %@. Set the clock.",
                       .verbatim(String(year)), .verbatim(Day(now).iso))
    }

    /// Today as the user sees it: their local day. At 20:00 in New York it is still today
    /// there, though it is tomorrow in UTC.
    public static func today(now: Date = Date(), zone: TimeZone = .current) -> Day {
        Day(now, in: zone)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let d = Day(iso: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "Not a day: \(s)")
        }
        self = d
    }
}

/// Formats days for people, in their locale ("30 Oct 2026", "30 окт. 2026 г.").
public struct DayFormatter: @unchecked Sendable {
    private let formatter: DateFormatter

    /// `template`: the fields shown, in the locale's order ("EEEdMMMy": "Fri, Oct 25, 2024").
    public init(locale: Locale, template: String = "dMMMy") {
        formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(template)
    }

    public func string(_ day: Day) -> String { formatter.string(from: day.date) }
}
