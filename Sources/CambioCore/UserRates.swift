import Foundation

/// A rate the user set by hand: "1 CUP = 0.0082 USD", from a cash office, a pegged rate, or a
/// currency no provider covers. It is used instead of the providers' rates for `code`, in every
/// conversion, until it is removed.
public struct UserRate: Sendable, Equatable, Hashable {
    /// The currency whose rate this is.
    public let code: String
    /// How many units of `anchor` one `code` is worth: exact, above zero.
    public let value: Decimal
    /// The currency it is set against (one the providers cover).
    public let anchor: String
    /// The day it was set.
    public let day: Day

    public init(code: String, value: Decimal, anchor: String, day: Day) {
        self.code = code; self.value = value; self.anchor = anchor; self.day = day
    }

    /// The source the rates in use, the command line and the history name a user rate by.
    public static let source = "user"
    /// The history stores each currency's own rates under a source of their own (a source
    /// publishes once a day, and two currencies may be set on one day): "user:CUP".
    public static func historySource(_ code: String) -> String { "\(source):\(code)" }
    /// Whether a stored source name is a user rate's ("user", "user:CUP").
    public static func isUserSource(_ stored: String) -> Bool {
        stored == source || stored.hasPrefix(source + ":")
    }

    /// A stored source as people and scripts read it: the history keeps a user rate per currency
    /// ("user:CUP"), every surface says the one "user".
    public static func sharedSource(_ stored: String) -> String { isUserSource(stored) ? source : stored }

    /// Far more than anyone sets by hand.
    public static let maxCount = 500
    /// The largest value accepted (1 unit worth a trillion of another) and the most digits.
    public static let maxValue = Decimal(string: "1000000000000")!
    /// The smallest (a unit worth a millionth of a millionth of another): a value that small is a typo.
    public static let minValue = Decimal(string: "0.000000000001")!
    public static let maxDigits = 30

    /// "your rate · set 22 Nov 2026": how a user rate is labelled wherever a rate's source and
    /// day are shown (`day` already in the user's format).
    public static func label(day: String) -> Wording { Wording("your rate · set %@", .verbatim(day)) }

    /// "1 CUP = 0.0082 USD · your rate · set 22 Nov 2026": a rate line of a user rate, on every
    /// page and in the Shell's results (`rate`: the "1 CUP = 0.0082 USD" part).
    public static func line(_ rate: String, day: String, _ words: Translations) -> String {
        words.line([rate, label(day: day).text(words.translate)])
    }

    /// Why a value cannot be a rate, or nil.
    public static func problem(value: Decimal) -> UserRateProblem? {
        if value.isNaN || value <= 0 { return .notPositive }
        if value > maxValue { return .tooLarge }
        if value < minValue { return .tooSmall }
        if DecimalDigits.significant(value) > maxDigits { return .tooManyDigits }
        return nil
    }
}

/// Why a rate the user typed (or the data file holds) is refused.
public enum UserRateProblem: Error, Sendable, Equatable, Worded {
    /// The text is not a number: why, as for any amount typed ("“a” is not part of a number").
    case notANumber(AmountError)
    case notPositive
    case tooLarge
    case tooSmall
    case tooManyDigits
    case sameCurrency
    /// The anchor has no provider rate in the rates in use.
    case anchorWithoutRate(String)
    /// The anchor's own rate is set against `code`, directly or through others.
    case circular(anchor: String)

    public var wording: Wording {
        switch self {
        case .notANumber(.empty): return Wording("Enter a rate: a number above zero")
        case .notANumber(let error): return .verbatim(error.text(.english))
        case .notPositive: return Wording("The rate must be more than zero")
        case .tooLarge: return Wording("The rate is too large")
        case .tooSmall: return Wording("The rate is too small")
        case .tooManyDigits: return Wording("The rate has too many digits")
        case .sameCurrency: return Wording("Choose another currency to set the rate against")
        case .anchorWithoutRate(let code): return Wording("No provider rate for %@: choose another currency", .verbatim(code))
        case .circular(let anchor): return Wording("Your rate for %@ is set against this currency: choose another", .verbatim(anchor))
        }
    }

    /// In `words`' language. A text that is not a number says why as every amount field does.
    public func text(_ words: Translations) -> String {
        if case .notANumber(let error) = self, error != .empty { return error.text(words) }
        return wording.text(words.translate)
    }
}

enum DecimalDigits {
    /// Significant digits of a decimal's written form (0.0082 has 2).
    static func significant(_ value: Decimal) -> Int {
        var s = value.significand.magnitude.description
        while s.count > 1, s.hasSuffix("0") { s.removeLast() }
        return s.count
    }
}

/// The user's rates, as kept in the data file and edited in Preferences: at most one per
/// currency.
public struct UserRates: Sendable, Equatable {
    public private(set) var all: [UserRate]

    public init(_ rates: [UserRate] = []) {
        var seen = Set<String>()
        all = rates.filter { seen.insert($0.code).inserted }
    }

    public subscript(code: String) -> UserRate? { all.first { $0.code == code } }
    public var isEmpty: Bool { all.isEmpty }

    /// Sets (or replaces) a currency's rate, after checking it against the rates in use.
    public mutating func set(_ rate: UserRate, table: RateTable?) throws(UserRateProblem) {
        try Self.check(rate, among: self, table: table)
        if let i = all.firstIndex(where: { $0.code == rate.code }) { all[i] = rate } else { all.append(rate) }
    }

    /// Removes a currency's rate; false when it had none.
    @discardableResult
    public mutating func remove(_ code: String) -> Bool {
        guard let i = all.firstIndex(where: { $0.code == code }) else { return false }
        all.remove(at: i)
        return true
    }

    /// Why `rate` cannot be set among `rates` (the one it replaces left out), or nothing.
    public static func check(_ rate: UserRate, among rates: UserRates, table: RateTable?) throws(UserRateProblem) {
        if let p = UserRate.problem(value: rate.value) { throw p }
        if rate.code == rate.anchor { throw .sameCurrency }
        // The anchor's chain of user rates must end at a provider's currency, never at `code`.
        guard let (root, _) = resolve(rate, through: { rates[$0] }) else { throw .circular(anchor: rate.anchor) }
        if let table, !table.hasProviderRate(root) { throw .anchorWithoutRate(root) }
    }

    /// Where `rate`'s chain of anchors ends (the first anchor without a user rate of its own,
    /// looked up by `through`) and how many of it one `rate.code` is worth; nil when the chain
    /// goes round in a circle or comes back to `rate.code`.
    static func resolve(_ rate: UserRate, through userRate: (String) -> UserRate?) -> (root: String, factor: Decimal)? {
        var root = rate.anchor, factor = rate.value, seen: Set<String> = [rate.code]
        while let next = userRate(root) {
            guard seen.insert(root).inserted else { return nil }
            factor *= next.value
            root = next.anchor
        }
        return seen.contains(root) ? nil : (root, factor)
    }

    /// The rate typed by the user: `text` in the user's locale.
    public static func parse(_ text: String, style: NumberStyle) -> Result<Decimal, UserRateProblem> {
        switch AmountParser.parse(text, style: style) {
        case .success(let v):
            if let p = UserRate.problem(value: v) { return .failure(p) }
            return .success(v)
        case .failure(.tooManyDigits): return .failure(.tooManyDigits)
        case .failure(let error): return .failure(.notANumber(error))
        }
    }
}

// MARK: The data file

/// One rate in the data file: `{"code": "CUP", "value": "0.0082", "anchor": "USD", "set": "2026-11-22"}`.
/// The value is a decimal string, never a binary floating-point number.
extension UserRate: Codable {
    enum CodingKeys: String, CodingKey { case code, value, anchor, day = "set" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func currency(_ key: CodingKeys) throws -> String {
            let text = CurrencyCode.normalised(try c.decode(String.self, forKey: key))
            guard text.count == 3, text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not a currency code")
            }
            return text
        }
        code = try currency(.code)
        anchor = try currency(.anchor)
        let text = try c.decode(String.self, forKey: .value)
        guard text.count <= 64, let v = Decimal(plain: text) else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: "not a decimal number")
        }
        if let p = UserRate.problem(value: v) {
            throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: p.description)
        }
        value = v
        guard let d = Day(iso: try c.decode(String.self, forKey: .day)) else {
            throw DecodingError.dataCorruptedError(forKey: .day, in: c, debugDescription: "not a day (YYYY-MM-DD)")
        }
        day = d
        if code == anchor {
            throw DecodingError.dataCorruptedError(forKey: .anchor, in: c, debugDescription: "the same currency as the code")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode("\(value)", forKey: .value)
        try c.encode(anchor, forKey: .anchor)
        try c.encode(day.iso, forKey: .day)
    }
}

extension UserRates {
    /// The data file's list, entry by entry: a bad entry is named in `ignored` and dropped, the
    /// others are kept.
    static func decode(_ value: Any, _ ignored: inout [String]) -> UserRates {
        guard let list = value as? [Any] else {
            ignored.append("userRates: not a list")
            return UserRates()
        }
        if list.count > UserRate.maxCount {
            ignored.append("userRates: more than \(UserRate.maxCount) rates")
            return UserRates()
        }
        var out: [UserRate] = []
        var seen = Set<String>()
        for (i, item) in list.enumerated() {
            var problems: [String] = []
            guard let rate: UserRate = SavedStateReader.field(["userRates[\(i)]": item], "userRates[\(i)]", &problems) else {
                ignored += problems
                continue
            }
            guard seen.insert(rate.code).inserted else {
                ignored.append("userRates[\(i)]: a second rate for \(rate.code)")
                continue
            }
            out.append(rate)
        }
        return UserRates(out)
    }

    /// Rates of currencies the catalogue does not know are dropped (and named).
    func sanitized(catalog: CurrencyCatalog) -> (UserRates, dropped: [String]) {
        let known = all.filter { catalog[$0.code] != nil && catalog[$0.anchor] != nil }
        let dropped = all.filter { !known.contains($0) }.map {
            "userRates: unknown currency \(catalog[$0.code] == nil ? $0.code : $0.anchor)"
        }
        return (UserRates(known), dropped)
    }
}

// MARK: The rates in use

/// A user rate as the rate table applies it: one `code` is worth `factor` of `root`, a currency
/// the providers cover (through the anchors' own user rates, if any).
struct AppliedUserRate: Sendable, Equatable {
    let rate: UserRate
    let root: String
    let factor: Decimal
}

extension RateTable {
    /// The history's record of a user rate on the day it is set: a publication of its own
    /// source with `code` as base, holding what one `code` bought in every currency of these
    /// rates (the anchor exactly as set).
    public func userPublication(_ code: String) -> DayPublication? {
        guard let rate = userRate(for: code) else { return nil }
        var rates: [String: Decimal] = [:]
        for other in self.rates.keys where other != code {
            if let r = self.rate(from: code, to: other) { rates[other] = r }
        }
        return DayPublication(day: rate.day, source: UserRate.historySource(code), base: code, rates: rates)
    }
}
