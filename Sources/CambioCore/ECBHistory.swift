import Foundation

/// The ECB's daily reference rates history (`eurofxref-hist.csv`): newest row first,
/// `Date,USD,JPY,...,` with a trailing comma, `N/A` where a currency had no rate that day.
public enum ECBHistoryCSV {
    /// The ECB's first day of euro reference rates.
    public static let firstDay = Day(year: 1999, month: 1, day: 4)!

    /// The currencies the ECB publishes today (the euro with them): a pair of two of them has
    /// its history from the ECB itself, daily since 1999 or since the currency joined.
    public static let published: Set<String> = ["EUR", "AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "GBP", "HKD", "HUF",
        "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY",
        "USD", "ZAR"]

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
    /// the file's bytes, the byte ranges of the line's fields (no copies, no strings) and of the
    /// whole line; `body` returns false to stop. `fieldLimit` says how many fields of the next
    /// line are wanted: the rest is only passed over (the newest rates read the whole file for a
    /// few columns).
    static func forEachLine(_ data: Data, fieldLimit: () -> Int = { .max },
                            _ body: (_ line: Int, _ codes: [String], _ bytes: UnsafeRawBufferPointer, _ fields: [Range<Int>],
                                     _ whole: Range<Int>) throws -> Bool) throws {
        try data.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
            var lineNumber = 0
            var codes: [String] = []
            var start = 0
            var fields: [Range<Int>] = []
            while start < all.count {
                let end = newline(in: all, from: start)
                var lineEnd = end
                if lineEnd > start && all[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let lineStart = start
                start = end + 1
                if lineEnd == lineStart { continue }
                lineNumber += 1
                split(all, lineStart..<lineEnd, into: &fields, limit: lineNumber == 1 ? .max : fieldLimit())
                if lineNumber == 1 {
                    let names = fields.map { text(all, $0).trimmingCharacters(in: .whitespaces) }
                    guard names.first == "Date" else { throw ParseError.notECBHistory }
                    codes = Array(names.dropFirst())
                    continue
                }
                if try !body(lineNumber, codes, all, fields, lineStart..<lineEnd) { return }
            }
            if codes.isEmpty { throw ParseError.notECBHistory }
        }
    }

    /// The byte ranges of a line's first `limit` fields, split at commas.
    static func split(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>, into fields: inout [Range<Int>], limit: Int = .max) {
        fields.removeAll(keepingCapacity: true)
        var fieldStart = line.lowerBound
        while fields.count < limit {
            let comma = find(0x2C, in: bytes, from: fieldStart, to: line.upperBound)
            if comma == line.upperBound { break }
            fields.append(fieldStart..<comma)
            fieldStart = comma + 1
        }
        if fields.count < limit { fields.append(fieldStart..<line.upperBound) }
    }

    /// The offset of the next line feed at or after `start` (the end of `bytes` if none).
    static func newline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        find(0x0A, in: bytes, from: start, to: bytes.count)
    }

    /// The offset of the first `byte` in `start..<end` (`end` if none), eight bytes at a time:
    /// most of a long file is only passed over.
    static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let pattern = ones &* UInt64(byte)
        while i + 8 <= end {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ pattern
            // A zero byte in `word` is `byte`; the lowest flagged byte is the first one.
            let found = (word &- ones) & ~word & highs
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < end && bytes[i] != byte { i += 1 }
        return i
    }

    static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Which of `columns` (in order; 1 is the first after the date) have a rate in the line
    /// whose date field is `date`; nil when the line ends before the last of them.
    static func filledColumns(_ columns: [Int], _ bytes: UnsafeRawBufferPointer, after date: Range<Int>,
                              in line: Range<Int>) -> [Int]? {
        var found: [Int] = []
        var column = 1, start = date.upperBound + 1
        for wanted in columns {
            // Passes over the fields before the wanted one, a comma at a time.
            while column < wanted {
                guard start < line.upperBound else { return nil }
                start = find(0x2C, in: bytes, from: start, to: line.upperBound) + 1
                column += 1
            }
            guard start <= line.upperBound else { return nil }
            let end = find(0x2C, in: bytes, from: start, to: line.upperBound)
            if value(bytes, start..<end) != nil { found.append(wanted) }
            start = end + 1
            column += 1
        }
        return found
    }

    /// A rate field: a positive plain decimal; nil for "N/A", empty or anything else.
    static func value(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Decimal? {
        guard let v = Decimal(plainBytes: UnsafeRawBufferPointer(rebasing: bytes[range])), v > 0 else { return nil }
        return v
    }

    /// The newest day's rates. A currency without a rate that day (RUB since March 2022) gets
    /// its last published one, with that rate's own day, when `fillBack` says so; the whole row
    /// of that day is kept, so its crosses are of one day.
    public static func latest(_ data: Data, fillBack: (String) -> Bool = { _ in true }) throws -> RateTable {
        var days: [Day: [String: Decimal]] = [:]
        // The columns without a rate in the newest row, in order (filled back ones leave).
        var missing: [Int] = []
        // The fields split of each line: the newest row whole, then the date only.
        var limit = Int.max
        var whole: [Range<Int>] = []
        try forEachLine(data, fieldLimit: { limit }) { line, codes, bytes, fields, lineRange in
            let first = days.isEmpty
            guard let day = Day(isoBytes: UnsafeRawBufferPointer(rebasing: bytes[fields[0]])) else {
                throw ParseError.badRow(line: line)
            }
            var filled = false
            if !first {
                // Only the columns still missing are looked at, in one pass over the line up to
                // the last of them: the fill-back reads thousands of rows (TRL's last is 2004).
                guard let found = filledColumns(missing, bytes, after: fields[0], in: lineRange) else {
                    throw ParseError.badRow(line: line)
                }
                if !found.isEmpty {
                    missing.removeAll { found.contains($0) }
                    filled = true
                }
            }
            if first || filled {
                // The day's whole row, so that crosses are of one day.
                split(bytes, lineRange, into: &whole)
                guard whole.count >= codes.count + 1 else { throw ParseError.badRow(line: line) }
                var row: [String: Decimal] = [:]
                for (i, code) in codes.enumerated() where !code.isEmpty {
                    if let v = value(bytes, whole[i + 1]) {
                        row[code] = v
                    } else if first && fillBack(code) {
                        missing.append(i + 1)
                    }
                }
                days[day] = row
                limit = 1
            }
            return !missing.isEmpty
        }
        guard let newest = days.keys.max(), !(days[newest]?.isEmpty ?? true) else { throw ParseError.noRates }
        return RateTable(base: "EUR", source: "ECB", days: days)
    }
}
