import Foundation

/// Currency signs as a locale writes them (CLDR, through Foundation's ICU): which sign each
/// currency has there and on which side of the amount it stands, with its spacing ("$1,234.56"
/// in English, "1 234,56 ₽" in Russian, "1.234,56 €" in German). CLDR keeps a sign unambiguous
/// within its locale: in English "$" is the US dollar and the Canadian one is "CA$"; a currency
/// with no sign of its own there keeps its code ("CHF 1,234.56", "1 234,56 USD" in Ukrainian).
///
/// Used two ways: for showing amounts with signs (the preference), and for reading a sign typed
/// into an amount ("$100", "100 €") as its currency, where the sign is one currency's alone.
/// Made once for a locale (ICU is asked for every ISO currency then, a few milliseconds): the
/// window makes it while it starts, on the thread that loads its data.
public struct CurrencySigns: Sendable {
    /// What stands before and after an amount of a currency; `sign` is "" where the locale has
    /// none but the code.
    public struct Affixes: Sendable, Equatable {
        public let prefix: String
        public let suffix: String
        public let sign: String
    }

    public let locale: Locale
    /// Every ISO currency's affixes here, looked up once (about 160 currencies, a few ms of ICU).
    private let known: [String: Affixes]
    /// The signs two or more of them share here (the CFA francs' "FCFA"): never shown, never read.
    private let shared: Set<String>
    /// Each sign that is one currency's alone, and that currency.
    private let bySign: [String: String]

    public init(locale: Locale) {
        self.locale = locale
        var known: [String: Affixes] = [:], seen: [String: String] = [:], shared: Set<String> = []
        for code in Locale.commonISOCurrencyCodes where code.count == 3 {
            let a = Self.lookUp(code, locale: locale)
            known[code] = a
            guard !a.sign.isEmpty else { continue }
            if let other = seen[a.sign], other != code { shared.insert(a.sign) } else { seen[a.sign] = code }
        }
        shared.forEach { seen[$0] = nil }
        for (sign, code) in Self.distinctSigns where seen[sign] == nil && !shared.contains(sign) { seen[sign] = code }
        self.known = known; self.shared = shared; bySign = seen
    }

    /// The locale's affixes for `code`: its sign (or code) and the spacing between, as ICU
    /// writes an amount of it; the digits themselves stay ours.
    public func affixes(_ code: String) -> Affixes { known[code] ?? Self.lookUp(code, locale: locale) }

    private static func lookUp(_ code: String, locale: Locale) -> Affixes {
        // ICU reads three letters of a code: a coin's four (USDT) would come out as the dollar's sign.
        guard code.count == 3 else { return Affixes(prefix: "", suffix: "\u{00A0}" + code, sign: "") }
        let f = NumberFormatter()
        f.locale = locale
        f.numberStyle = .currency
        f.currencyCode = code
        let probe = f.string(from: 1) ?? ""
        // Everything before the first digit and after the last (any script's digits): the sign
        // and its spacing, and the direction marks a right-to-left locale puts there.
        let scalars = Array(probe.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.properties.numericType == .decimal }),
              let last = scalars.lastIndex(where: { $0.properties.numericType == .decimal }) else {
            return Affixes(prefix: "", suffix: "\u{00A0}" + code, sign: "")
        }
        let prefix = String(String.UnicodeScalarView(scalars[..<first]))
        let suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
        let sign = (prefix + suffix).unicodeScalars.filter { !isSpaceOrMark($0) }
        let text = String(String.UnicodeScalarView(sign))
        return Affixes(prefix: prefix, suffix: suffix, sign: text == code ? "" : text)
    }

    private static func isSpaceOrMark(_ s: Unicode.Scalar) -> Bool {
        s.properties.isWhitespace || s.value == 0x200E || s.value == 0x200F || s.value == 0x061C
            || s.properties.generalCategory == .spaceSeparator
    }

    /// `amount` (already rounded and in the user's digits) with `code`'s sign or code where the
    /// locale puts it: "$89.51", "89,51 €", "CHF 89.51"; the code where the sign is shared by
    /// another currency here ("100 XOF", not "100 FCFA"). A sign (+, −) stays in front of it all.
    public func money(_ amount: String, _ code: String) -> String {
        var a = affixes(code)
        if !a.sign.isEmpty, shared.contains(a.sign) {
            a = Affixes(prefix: "", suffix: " " + code, sign: "")
        }
        if let first = amount.first, first == "-" || first == "\u{2212}" || first == "+" {
            return String(amount.prefix(1)) + a.prefix + amount.dropFirst() + a.suffix
        }
        return a.prefix + amount + a.suffix
    }

    /// `amount` with `code`'s sign where the currency has one here, else as it is: for a field
    /// that names its currency beside it (a Currencies row, a Converter result), "€89.51" but
    /// never "CHF 89.51" next to "CHF".
    public func signed(_ amount: String, _ code: String) -> String {
        let sign = affixes(code).sign
        return sign.isEmpty || shared.contains(sign) ? amount : money(amount, code)
    }

    // MARK: Reading a typed sign

    /// Signs that are one currency's the world over, read even where the locale writes that
    /// currency by its code (₽ typed in an English locale).
    static let distinctSigns: [String: String] = [
        "€": "EUR", "£": "GBP", "₽": "RUB", "₹": "INR", "₩": "KRW", "₴": "UAH", "₺": "TRY", "₪": "ILS",
        "₦": "NGN", "₱": "PHP", "₫": "VND", "฿": "THB", "₸": "KZT", "₾": "GEL", "₼": "AZN", "zł": "PLN",
        "R$": "BRL", "₿": "BTC",
    ]

    /// The currency a typed sign stands for here, if `isCurrency` (the catalogue has it); nil
    /// when the sign is no currency's or more than one's ("$" in French: "$US", "$CA"…).
    public func code(ofSign sign: String, among isCurrency: (String) -> Bool) -> String? {
        guard let code = bySign[sign] ?? bySign[sign.uppercased()], isCurrency(code) else { return nil }
        return code
    }

    /// An amount typed with a sign, as its currency and the rest: "$100" → (USD, "100"),
    /// "100 €" → (EUR, "100"), "-€5" → (EUR, "-5"); nil when the text starts and ends with no
    /// sign of one currency (then it is read as a plain amount). `isCurrency`: whether the
    /// catalogue has a code (a lookup, not a list built at each keystroke).
    public func split(_ text: String, among isCurrency: (String) -> Bool) -> (code: String, amount: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var body = Substring(trimmed)
        var minus = ""
        if let f = body.first, f == "-" || f == "\u{2212}" { minus = "-"; body = body.dropFirst() }
        func isSignCharacter(_ c: Character) -> Bool {
            !(c.isNumber || c == "." || c == "," || c == "(" || c == ")" || c == "+" || c == "-" || c == "*" || c == "/"
              || c == "\u{2212}" || c == "\u{00D7}" || c == "\u{00F7}" || c == "'" || c == "\u{066B}" || c == "\u{066C}") && !c.isWhitespace
        }
        let lead = body.prefix(while: isSignCharacter)
        let trail = body.reversed().prefix(while: isSignCharacter)
        if !lead.isEmpty, lead.count < body.count, let code = code(ofSign: String(lead), among: isCurrency) {
            let rest = body.dropFirst(lead.count).trimmingCharacters(in: .whitespaces)
            return (code, minus + rest)
        }
        if !trail.isEmpty, trail.count < body.count, let code = code(ofSign: String(trail.reversed()), among: isCurrency) {
            let rest = body.dropLast(trail.count).trimmingCharacters(in: .whitespaces)
            return (code, minus + rest)
        }
        return nil
    }
}
