import Foundation

/// The ECB's daily reference rates history (`eurofxref-hist.csv`): newest row first,
/// `Date,USD,JPY,...,` with a trailing comma, `N/A` where a currency had no rate that day.
public enum ECBHistoryCSV {
    /// The ECB's first day of euro reference rates.
    public static let firstDay = Day(year: 1999, month: 1, day: 4)!

    public enum ParseError: Error, Equatable, Worded {
        case notECBHistory
        case badRow(line: Int)
        case noRates

        public var wording: Wording {
            switch self {
            case .notECBHistory: return Wording("not an ECB history file (no Date header)")
            case .badRow(let line): return Wording("ECB history: malformed row at line %@", .verbatim(line))
            case .noRates: return Wording("ECB history: no rates")
            }
        }
    }

    /// Calls `body` for each data line after the header, newest first, with the header's codes,
    /// the line's bytes and the byte ranges of its fields (no copies, no strings); `body`
    /// returns false to stop.
    static func forEachLine(_ data: Data, _ body: (_ line: Int, _ codes: [String], _ bytes: UnsafeRawBufferPointer, _ fields: [Range<Int>]) throws -> Bool) throws {
        try data.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            var lineNumber = 0
            var codes: [String] = []
            var start = 0
            var fields: [Range<Int>] = []
            while start < all.count {
                var end = start
                while end < all.count && all[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start && all[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = end + 1
                if lineEnd == lineStart { continue }
                lineNumber += 1
                fields.removeAll(keepingCapacity: true)
                var fieldStart = lineStart
                for i in lineStart..<lineEnd where all[i] == 0x2C { // ","
                    fields.append(fieldStart..<i)
                    fieldStart = i + 1
                }
                fields.append(fieldStart..<lineEnd)
                if lineNumber == 1 {
                    let names = fields.map { text(all, $0).trimmingCharacters(in: .whitespaces) }
                    guard names.first == "Date" else { throw ParseError.notECBHistory }
                    codes = Array(names.dropFirst())
                    continue
                }
                if try !body(lineNumber, codes, all, fields) { return }
            }
            if codes.isEmpty { throw ParseError.notECBHistory }
        }
    }

    static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A rate field: a positive decimal number; nil for "N/A", empty or anything else.
    static func value(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Decimal? {
        guard !range.isEmpty else { return nil }
        for i in range {
            let b = bytes[i]
            guard (b >= 0x30 && b <= 0x39) || b == 0x2E else { return nil } // digits and "."
        }
        guard let v = Decimal(string: text(bytes, range), locale: Locale(identifier: "en_US_POSIX")), v > 0 else { return nil }
        return v
    }

    /// The newest day's rates. A currency without a rate that day (RUB since March 2022) gets
    /// its last published one, with that rate's own day, when `fillBack` says so; the whole row
    /// of that day is kept, so its crosses are of one day.
    public static func latest(_ data: Data, fillBack: (String) -> Bool = { _ in true }) throws -> RateTable {
        var days: [Day: [String: Decimal]] = [:]
        var missing: [(column: Int, code: String)] = []
        try forEachLine(data) { line, codes, bytes, fields in
            guard fields.count >= codes.count + 1, let day = Day(iso: text(bytes, fields[0])) else {
                throw ParseError.badRow(line: line)
            }
            let first = days.isEmpty
            var filled = false
            if !first {
                // Only the columns still missing are looked at, until one is found.
                missing.removeAll { column, _ in
                    guard value(bytes, fields[column]) != nil else { return false }
                    filled = true
                    return true
                }
            }
            if first || filled {
                var row: [String: Decimal] = [:]
                for (i, code) in codes.enumerated() where !code.isEmpty {
                    if let v = value(bytes, fields[i + 1]) {
                        row[code] = v
                    } else if first && fillBack(code) {
                        missing.append((i + 1, code))
                    }
                }
                days[day] = row
            }
            return !missing.isEmpty
        }
        guard let newest = days.keys.max(), !(days[newest]?.isEmpty ?? true) else { throw ParseError.noRates }
        return RateTable(base: "EUR", source: "ECB", days: days)
    }
}
