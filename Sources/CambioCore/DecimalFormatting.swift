import Foundation

extension Decimal {
    /// Rounded half away from zero ("half-up") to `places` digits after the decimal mark.
    public func rounded(places: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }

    /// The number of digits before the decimal mark minus one: 1234 -> 3, 0.0012 -> -3.
    var magnitude10: Int {
        let m = self.magnitude
        if m.isZero { return 0 }
        // Decimal stores significand * 10^exponent; count the significand's digits.
        let digits = m.significand.description.count
        return digits - 1 + Int(m.exponent)
    }
}

extension Decimal {
    /// The Double's shortest round-trip digits as a Decimal; nil for NaN and infinities. Never
    /// through printf, which writes "0,0277" once GTK has set a comma locale's LC_NUMERIC.
    public init?(shortest value: Double) {
        guard value.isFinite, let d = Decimal(string: value.description, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = d
    }
}

extension Decimal {
    /// A plain decimal in POSIX form, as files and answers write them: ASCII digits, then
    /// optionally "." and more digits ("136", "1.1252"); nil for anything else, such as a sign,
    /// an exponent, spaces, "1.", ".5" or "12.5abc". Foundation's `Decimal(string:)` reads the
    /// longest prefix it can and drops the rest ("12.5abc" is 12.5, "1,5" is 1, "0x10" is 0),
    /// so a number from outside is read through this one.
    public init?<Text: StringProtocol>(plain text: Text) {
        self.init(plainBytes: text.utf8)
    }

    /// `init(plain:)` over the text's UTF-8 bytes (a field of a file read in place).
    public init?<Bytes: Collection<UInt8>>(plainBytes bytes: Bytes) {
        var significand: UInt64 = 0
        var exponent = 0, whole = 0, fraction = 0, seenPoint = false
        for b in bytes {
            if b == 0x2E {
                guard !seenPoint, whole > 0 else { return nil }
                seenPoint = true
                continue
            }
            guard b >= 0x30 && b <= 0x39 else { return nil }
            if seenPoint { fraction += 1; exponent -= 1 } else { whole += 1 }
            if whole + fraction <= 19 { significand = significand &* 10 &+ UInt64(b &- 0x30) }
        }
        guard whole > 0, !seenPoint || fraction > 0 else { return nil }
        if whole + fraction <= 19 {
            self.init(sign: .plus, exponent: exponent, significand: Decimal(significand))
        } else {
            // More digits than a UInt64 holds: Foundation's parser, on text known to be plain.
            guard let d = Decimal(string: String(decoding: bytes, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            self = d
        }
    }
}

/// Formats decimals for display in a locale, without binary floating point.
public struct DecimalFormatter: Sendable {
    public let style: NumberStyle
    /// The user's choice of digits for money (Preferences); rates and exact values ignore it.
    public let decimalPlaces: DecimalPlaces
    /// The locale's currency signs: read when typed with an amount, and shown when `showsSigns`.
    public let signs: CurrencySigns?
    /// The user's choice (Preferences): amounts with their currency's sign ("€89.51") rather
    /// than its code ("89.51 EUR").
    public let showsSigns: Bool

    public init(style: NumberStyle, decimalPlaces: DecimalPlaces = .auto, signs: CurrencySigns? = nil, showsSigns: Bool = false) {
        self.style = style; self.decimalPlaces = decimalPlaces; self.signs = signs; self.showsSigns = showsSigns && signs != nil
    }
    /// `signs`: the locale's currency signs (`CurrencySigns(locale:)`, made once: it asks ICU
    /// for every currency); without them no sign is read or shown.
    public init(locale: Locale, signs: CurrencySigns? = nil) { self.init(style: NumberStyle(locale: locale), signs: signs) }

    /// The same marks with another choice of digits.
    public func with(_ places: DecimalPlaces) -> DecimalFormatter {
        DecimalFormatter(style: style, decimalPlaces: places, signs: signs, showsSigns: showsSigns)
    }

    /// The same, showing currency signs or not.
    public func with(signs shown: Bool) -> DecimalFormatter {
        DecimalFormatter(style: style, decimalPlaces: decimalPlaces, signs: signs, showsSigns: shown)
    }

    /// An amount of money with its currency, as the user asked to see it: "89.51 EUR", or with
    /// signs where the locale puts them, "€89.51", "89,51 €" ("CHF 89.51" where it has none).
    public func money(_ value: Decimal, code: String, minorUnits: Int) -> String {
        money(text: amount(value, minorUnits: minorUnits), code: code)
    }

    /// The same for an amount already written ("89.51").
    public func money(text: String, code: String) -> String {
        guard showsSigns, let signs else { return text + " " + code }
        return signs.money(text, code)
    }

    /// An amount shown beside its currency's code (a Currencies row, a Converter result): with
    /// the sign when signs are shown and the currency has one here ("€89.51"), else plain.
    public func signed(_ text: String, code: String) -> String {
        guard showsSigns, let signs, !text.isEmpty else { return text }
        return signs.signed(text, code)
    }

    /// An amount typed in `code`'s field: its own sign may stand with it ("€5", "5 €"); the sign
    /// of another currency (`isCurrency`: the catalogue has it) is refused by name. Then read as
    /// `AmountParser` reads it.
    public func parseAmount(_ text: String, of code: String, among isCurrency: (String) -> Bool) -> Result<Decimal, AmountError> {
        var text = text
        if let signs, let split = signs.split(text, among: isCurrency) {
            guard split.code == code else { return .failure(.signOfAnother(code: split.code)) }
            text = split.amount
        }
        return AmountParser.parse(text, style: style)
    }

    /// The digits an amount of a currency with `minorUnits` is shown with.
    public func places(minorUnits: Int) -> Int { decimalPlaces.places(minorUnits: minorUnits) }

    /// An amount of money: rounded half-up to the currency's minor units (or the user's fixed
    /// number of places), grouped.
    public func amount(_ value: Decimal, minorUnits: Int) -> String {
        let places = places(minorUnits: minorUnits)
        return format(value.rounded(places: places), fractionDigits: places)
    }

    /// A rate: four decimals, and at least `significant` significant digits for small values,
    /// so a rate is never shown as "0.00".
    public func rate(_ value: Decimal, significant: Int = 4) -> String {
        let places = Self.ratePlaces(value, significant: significant)
        return format(value.rounded(places: places), fractionDigits: places)
    }

    public static func ratePlaces(_ value: Decimal, significant: Int = 4) -> Int {
        if value.isZero { return 4 }
        let mag = value.magnitude10
        return mag >= 0 ? 4 : max(4, significant - 1 - mag)
    }

    /// Every digit of the value, none added: "36", "0.5", "33.333…".
    public func exact(_ value: Decimal) -> String {
        format(value, fractionDigits: Swift.max(0, -value.normalizedExponent))
    }

    /// Writes an already rounded value with exactly `fractionDigits` digits after the mark.
    public func format(_ value: Decimal, fractionDigits: Int) -> String {
        let plain = value.magnitude.description // POSIX digits: "1234.5"
        var integerPart = Substring(plain)
        var fractionPart = Substring("")
        if let dot = plain.firstIndex(of: ".") {
            integerPart = plain[..<dot]
            fractionPart = plain[plain.index(after: dot)...]
        }
        var frac = String(fractionPart.prefix(fractionDigits))
        while frac.count < fractionDigits { frac.append("0") }
        let negative = value < 0 && !value.rounded(places: fractionDigits).isZero
        return assemble(negative: negative, integer: Array(integerPart), fraction: frac)
    }

    /// Writes `units` of 10^-fractionDigits ("123456", 2 -> "1,234.56").
    public func format(units: Int128, fractionDigits: Int) -> String {
        var digits = Array(String(units.magnitude))
        if digits.count <= fractionDigits {
            digits.insert(contentsOf: repeatElement("0", count: fractionDigits - digits.count + 1), at: 0)
        }
        let split = digits.count - fractionDigits
        return assemble(negative: units < 0, integer: Array(digits[..<split]), fraction: String(digits[split...]))
    }

    private func assemble(negative: Bool, integer digits: [Character], fraction: String) -> String {
        var out = ""
        out.reserveCapacity(digits.count * 4 / 3 + fraction.count + 2)
        if negative { out.append("-") }
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % style.groupingSize == 0 { out.append(style.groupingSeparator) }
            out.append(d)
        }
        if !fraction.isEmpty {
            out.append(style.decimalSeparator)
            out += fraction
        }
        return out
    }
}
