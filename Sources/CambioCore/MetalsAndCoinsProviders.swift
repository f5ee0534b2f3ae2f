import Foundation

/// A JSON value read as a decimal number when it is one, and as nothing otherwise: a provider's
/// long tail may hold strings or nulls where numbers belong, which must not sink the answer.
/// `raw` is the value as a message shows it (1e+308, "abc", null).
private struct LenientNumber: Decodable {
    let value: Decimal?
    let raw: String
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let d = try? c.decode(Decimal.self), !d.isNaN {
            value = d; raw = AnswerCheck.shown(d); return
        }
        value = nil
        if c.decodeNil() {
            raw = "null"
        } else if let text = try? c.decode(String.self) {
            raw = "\u{201C}\(text)\u{201D}"
        } else if let number = try? c.decode(Double.self) {
            raw = String(format: "%g", number)
        } else if let flag = try? c.decode(Bool.self) {
            raw = flag ? "true" : "false"
        } else {
            raw = "not a number"
        }
    }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

extension ProviderParser {
    /// Whether a provider's code is kept: the curated metals and coins, and the fiat-looking
    /// three-letter codes they convert to. The long tail's tokens are never read.
    static func keptCode(_ upper: String) -> Bool {
        MetalsAndCoins.codes.contains(upper) || (upper.count == 3 && upper.allSatisfy { $0.isASCII && $0.isUppercase })
    }

    /// Splits a provider's numbers into the rates kept and the metals or coins refused (a value
    /// that is no positive number). A bad long-tail value is nobody's business.
    static func sorted(_ values: [String: Decimal?], raw: [String: String] = [:]) -> (rates: [String: Decimal], refused: [String: String]) {
        var rates: [String: Decimal] = [:], refused: [String: String] = [:]
        for (key, value) in values {
            let code = key.uppercased()
            guard keptCode(code) else { continue }
            if let v = value, AnswerCheck.isPlausibleRate(v) {
                rates[code] = v
            } else if MetalsAndCoins.codes.contains(code) {
                refused[code] = raw[key] ?? value.map(AnswerCheck.shown) ?? "not a number"
            }
        }
        return (rates, refused)
    }

    // MARK: currency-api (fawazahmed0)

    /// `{"date": "2024-03-06", "usd": {"eur": 0.918, "xau": 0.000467, "btc": 1.5e-05, …}}`: the
    /// table is keyed by the lower-case base code, which it holds with the value 1. Any other
    /// envelope (a publisher's re-wrapped `{"date","base","rates"}`) is refused as a shape: its
    /// numbers are not known to be the API's.
    static func currencyAPI(_ data: Data, today: Day) throws -> ProviderSnapshot {
        let object: [String: AnyDecodable]
        do {
            let container = try JSONDecoder().decode(TopLevel.self, from: data)
            object = container.keys
        } catch { throw jsonError(error) }
        guard let dateValue = object["date"] else { throw ProviderError.wrongShape("no “date”") }
        guard case .string(let date) = dateValue else { throw ProviderError.wrongShape("“date” is not a date") }
        guard let day = Day(iso: date) else { throw ProviderError.implausibleDate(date) }
        let tables = object.filter { $0.key != "date" }
        guard tables.count == 1, let (key, value) = tables.first, case .table(let numbers) = value,
              key == key.lowercased(), ConversionRequest.isCode(key) else {
            let names = tables.keys.sorted().joined(separator: ", ")
            throw ProviderError.wrongShape("expected “date” and one table named by its base code, found “\(names)”")
        }
        let base = key.uppercased()
        guard numbers[key]?.value == 1 else {
            throw ProviderError.wrongShape("the \(key) table does not hold \(key) as 1")
        }
        var (rates, refused) = sorted(numbers.mapValues(\.value), raw: numbers.mapValues(\.raw))
        rates[base] = nil
        refused[base] = nil
        return ProviderSnapshot(provider: .currencyapi, base: base, days: [day: rates], refused: refused)
    }

    private enum AnyDecodable: Decodable {
        case string(String)
        case table([String: LenientNumber])
        case other
        init(from decoder: Decoder) throws {
            if let s = try? decoder.singleValueContainer().decode(String.self) { self = .string(s); return }
            if let c = try? decoder.container(keyedBy: AnyKey.self) {
                var table: [String: LenientNumber] = [:]
                for key in c.allKeys { table[key.stringValue] = try? c.decode(LenientNumber.self, forKey: key) }
                self = .table(table)
                return
            }
            self = .other
        }
    }

    private struct TopLevel: Decodable {
        let keys: [String: AnyDecodable]
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            var keys: [String: AnyDecodable] = [:]
            for key in c.allKeys { keys[key.stringValue] = try c.decode(AnyDecodable.self, forKey: key) }
            self.keys = keys
        }
    }

    // MARK: Coinbase

    /// `{"data": {"currency": "BTC", "rates": {"EUR": "3645.16", "ETH": "12.14624074", …}}}`:
    /// strings, rounded to each target's usual digits. Its metals are whole numbers (or "0"
    /// against the dollar) and are never read; "0" means missing. The answer has no date: it is
    /// today's.
    static func coinbase(_ data: Data, today: Day) throws -> ProviderSnapshot {
        struct Answer: Decodable {
            struct Payload: Decodable { let currency: String; let rates: [String: String] }
            struct Problem: Decodable { let id: String?; let message: String? }
            let data: Payload?
            let errors: [Problem]?
        }
        let answer: Answer
        do { answer = try JSONDecoder().decode(Answer.self, from: data) } catch { throw jsonError(error) }
        if let problem = answer.errors?.first { throw ProviderError.apiError(problem.message ?? problem.id ?? "error") }
        guard let payload = answer.data else { throw ProviderError.wrongShape("no “data”") }
        let base = payload.currency.uppercased()
        var values: [String: Decimal?] = [:]
        for (code, text) in payload.rates where !MetalsAndCoins.metals.contains(code.uppercased()) {
            let value = Decimal(plain: text.trimmingCharacters(in: .whitespaces))
            // "0": Coinbase has no price for it today.
            if value == 0 { continue }
            values[code] = value
        }
        var (rates, refused) = sorted(values, raw: payload.rates)
        rates[base] = nil
        refused[base] = nil
        return ProviderSnapshot(provider: .coinbase, base: base, days: [today: rates], refused: refused)
    }
}

/// The metals' and coins' own checks, code by code, before an answer of theirs replaces the kept
/// one: a value that is no positive number, a code missing today, or a move of more than
/// `maxMove` times against the last kept value (of the last `recentDays`) is refused with a reason, and that code's last
/// good value stays in use (its day's publication is carried along). A fiat source's answer
/// stands or falls as a whole; here one odd token must not cost the others.
public enum MetalsAndCoinsCheck {
    public static let maxMove: Decimal = 3
    /// How old a kept value may be and still bound today's move.
    public static let recentDays = 31

    public struct Result: Sendable, Equatable {
        /// The answer's day with its refused codes taken out, and the kept days that still
        /// supply a code today's lacks.
        public let snapshot: ProviderSnapshot
        /// Why each metal or coin was not taken from the answer.
        public let refusals: [Wording]
        /// The kept days carried along (day → rates): every day but the answer's.
        public var carried: [Day: [String: Decimal]] { snapshot.days.filter { $0.key != snapshot.newestDay } }
    }

    /// `kept`: the last good snapshot of the same provider and base (with its own carried days).
    /// Throws when the base itself is a coin (Coinbase's bitcoin) and moved more than threefold
    /// against the dollar (or the euro) since a kept value of the last month: every figure of the
    /// answer stands on it, so none is taken.
    public static func merge(_ answer: ProviderSnapshot, kept: ProviderSnapshot?) throws -> Result {
        guard let day = answer.newestDay else { return Result(snapshot: answer, refusals: []) }
        var today = answer.days[day] ?? [:]
        let kept = kept?.base == answer.base ? kept : nil
        try checkBaseMove(answer, today: today, day: day, kept: kept)
        let last = lastGood(kept)
        let refusals = refuseOdd(answer, today: &today, day: day, last: last)
        var days = carryMissing(answer, today: &today, day: day, kept: kept, last: last)
        days[day] = today
        let snapshot = ProviderSnapshot(provider: answer.provider, base: answer.base, days: days, nextUpdate: answer.nextUpdate)
        return Result(snapshot: snapshot, refusals: refusals)
    }

    /// Throws when the base is a coin that moved more than `maxMove` times against the dollar
    /// (or the euro) since a kept value of the last `recentDays`.
    private static func checkBaseMove(_ answer: ProviderSnapshot, today: [String: Decimal], day: Day, kept: ProviderSnapshot?) throws {
        guard MetalsAndCoins.codes.contains(answer.base), let kept,
              let keptDay = kept.days.keys.filter({ $0 >= day.adding(days: -recentDays) }).max(), let keptRow = kept.days[keptDay],
              let anchor = ["USD", "EUR"].first(where: { today[$0] != nil && keptRow[$0] != nil }),
              let now = today[anchor], let before = keptRow[anchor] else { return }
        let ratio = now / before
        if ratio > maxMove || ratio * maxMove < 1 {
            throw ProviderError.implausibleMove(code: "\(answer.base) (\(anchor))", kept: "\(before)", answer: "\(now)")
        }
    }

    /// The last good value of each metal or coin in `kept`, and the kept day it is from.
    private static func lastGood(_ kept: ProviderSnapshot?) -> [String: (value: Decimal, day: Day)] {
        var last: [String: (value: Decimal, day: Day)] = [:]
        guard let kept else { return last }
        for keptDay in kept.days.keys.sorted() {
            for (code, value) in kept.days[keptDay] ?? [:] where MetalsAndCoins.codes.contains(code) {
                last[code] = (value, keptDay)
            }
        }
        return last
    }

    /// Why each metal or coin is not taken from the answer: refused by the parser, missing from
    /// today's answer though kept before, or moved more than threefold within the last month
    /// (taken out of `today`).
    private static func refuseOdd(_ answer: ProviderSnapshot, today: inout [String: Decimal], day: Day,
                                  last: [String: (value: Decimal, day: Day)]) -> [Wording] {
        var refusals: [Wording] = []
        let name = answer.provider.sourceWording
        func stays(_ code: String) -> Wording {
            last[code] == nil ? Wording("it has no rate yet") : Wording("its last good value stays in use")
        }
        for code in answer.refused.keys.sorted() {
            let value = answer.refused[code] ?? ""
            refusals.append(AnswerCheck.isPositiveNumber(value)
                ? Wording("%@: the value for %@ is outside any plausible range (%@); %@", name, .verbatim(code), .quoted(value), stays(code))
                : Wording("%@: the value for %@ is not a positive number (%@); %@", name, .verbatim(code), .quoted(value), stays(code)))
        }
        for code in MetalsAndCoins.entries.map(\.code) {
            guard let value = today[code] else {
                if last[code] != nil && answer.refused[code] == nil {
                    refusals.append(Wording("%@: %@ is missing from today’s answer; %@", name, .verbatim(code), stays(code)))
                }
                continue
            }
            // Against a value of the last month only: over years a metal may well triple (silver did).
            guard let previous = last[code], previous.day >= day.adding(days: -recentDays) else { continue }
            let ratio = value / previous.value
            if ratio > maxMove || ratio * maxMove < 1 {
                today[code] = nil
                refusals.append(Wording("%@: %@ moved from %@ to %@ against %@, more than threefold; %@",
                                        name, .verbatim(code), .verbatim("\(previous.value)"), .verbatim("\(value)"),
                                        .verbatim(answer.base), stays(code)))
            }
        }
        return refusals
    }

    /// Each metal or coin today's answer cannot give, from the newest kept day that has it: a
    /// day before, carried as its own publication (returned, day → rates); the same day (asked
    /// again: Coinbase's day is always today), put back into `today`.
    private static func carryMissing(_ answer: ProviderSnapshot, today: inout [String: Decimal], day: Day, kept: ProviderSnapshot?,
                                     last: [String: (value: Decimal, day: Day)]) -> [Day: [String: Decimal]] {
        var carried: [Day: [String: Decimal]] = [:]
        guard let kept else { return carried }
        for code in MetalsAndCoins.codes where today[code] == nil && code != answer.base {
            guard let from = last[code] else { continue }
            if from.day >= day {
                today[code] = from.value
            } else if let row = kept.days[from.day] {
                carried[from.day] = row
            }
        }
        return carried
    }
}
