import Foundation

/// The ECB's daily reference rates history (`eurofxref-hist.csv`): newest row first,
/// `Date,USD,JPY,...,` with a trailing comma, `N/A` where a currency had no rate that day.
public enum ECBHistoryCSV {
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notECBHistory
        case badRow(line: Int)
        case noRates

        public var description: String {
            switch self {
            case .notECBHistory: return "not an ECB history file (no Date header)"
            case .badRow(let line): return "ECB history: malformed row at line \(line)"
            case .noRates: return "ECB history: no rates"
            }
        }
    }

    /// Calls `body` for each data row, newest first, with the header's codes and the row's
    /// fields; `body` returns false to stop.
    static func forEachRow(_ data: Data, _ body: (_ line: Int, _ codes: [String], _ fields: [Substring]) throws -> Bool) throws {
        let bytes = [UInt8](data)
        var lineNumber = 0
        var codes: [String] = []
        var start = 0
        // Lazy: stops reading as soon as `body` has what it needs.
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let rawLine = Substring(String(decoding: bytes[start..<lineEnd], as: UTF8.self))
            start = end + 1
            if rawLine.isEmpty { continue }
            lineNumber += 1
            let fields = rawLine.split(separator: ",", omittingEmptySubsequences: false)
            if lineNumber == 1 {
                guard fields.first?.trimmingCharacters(in: .whitespaces) == "Date" else { throw ParseError.notECBHistory }
                codes = fields.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            if try !body(lineNumber, codes, fields) { return }
        }
        if codes.isEmpty { throw ParseError.notECBHistory }
    }

    static func value(_ field: Substring) -> Decimal? {
        if field.isEmpty || field == "N/A" { return nil }
        guard field.allSatisfy({ $0.isNumber || $0 == "." }),
              let v = Decimal(string: String(field), locale: Locale(identifier: "en_US_POSIX")), v > 0 else { return nil }
        return v
    }

    /// The newest day's rates. A currency without a rate that day (RUB since March 2022) gets
    /// its last published one, with that rate's own date, when `fillBack` says so.
    public static func latest(_ data: Data, fillBack: (String) -> Bool = { _ in true }) throws -> RateTable {
        var newest: Day? = nil
        var rates: [String: Rate] = [:]
        var missing: Set<String> = []
        try forEachRow(data) { line, codes, fields in
            guard fields.count >= codes.count + 1, let day = Day(iso: fields[0]) else {
                throw ParseError.badRow(line: line)
            }
            if newest == nil {
                newest = day
                for (i, code) in codes.enumerated() where !code.isEmpty {
                    if let v = value(fields[i + 1]) {
                        rates[code] = Rate(value: v, date: day, source: "ECB")
                    } else if fillBack(code) {
                        missing.insert(code)
                    }
                }
            } else {
                for (i, code) in codes.enumerated() where missing.contains(code) {
                    if let v = value(fields[i + 1]) {
                        rates[code] = Rate(value: v, date: day, source: "ECB")
                        missing.remove(code)
                    }
                }
            }
            return !missing.isEmpty
        }
        guard let newest, !rates.isEmpty else { throw ParseError.noRates }
        return RateTable(base: "EUR", date: newest, source: "ECB", rates: rates)
    }
}
