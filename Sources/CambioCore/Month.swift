import Foundation

/// A calendar month, as monthly prices and the Investments page's start month are dated.
public struct Month: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1900...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year; self.month = month
    }

    public init(_ day: Day) { year = day.year; month = day.month }

    /// "2000-01".
    public init?(iso: some StringProtocol) {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    public var iso: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
    public var description: String { iso }
    public var firstDay: Day { Day(year: year, month: month, day: 1)! }
    public var lastDay: Day { Day(year: year, month: month, day: Day.daysIn(month: month, year: year))! }

    public static func < (a: Month, b: Month) -> Bool { (a.year, a.month) < (b.year, b.month) }

    /// The month `n` months later (earlier for negative `n`).
    public func adding(months n: Int) -> Month {
        let index = year * 12 + (month - 1) + n
        return Month(year: index / 12, month: index % 12 + 1)!
    }

    /// Months from `self` to `other` (positive when `other` is later).
    public func distance(to other: Month) -> Int { (other.year * 12 + other.month) - (year * 12 + month) }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let m = Month(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a month: \(text)"))
        }
        self = m
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso)
    }
}
