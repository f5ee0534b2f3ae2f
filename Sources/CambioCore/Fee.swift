import Foundation

/// A card or exchange fee: banks charge 1–3 % on payments in a foreign currency, and exchange
/// offices take a spread. The amount with the fee is the converted amount × (1 + percent / 100),
/// in exact decimal, figured from the unrounded conversion and rounded only for display, to the
/// target currency's minor units. One setting for the whole app (the window and `cambio convert`).
public struct Fee: Sendable, Hashable, CustomStringConvertible {
    /// The percent, exactly as given: 2.2 is 2.2, never 2.2000000000000001.
    public let percent: Decimal

    /// More than 0 and less than 100; nil otherwise (0 is no fee, and 100 % or more is no fee
    /// anyone charges on a payment).
    public init?(percent: Decimal) {
        guard percent > 0, percent < 100 else { return nil }
        self.percent = percent
    }

    /// Significant digits a percent may have ("2.25" has three).
    public static let digitLimit = 10

    /// Why a typed percent was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not a number at all.
        case notANumber(AmountError)
        /// A number, but not more than 0 and less than 100.
        case outOfRange
    }

    /// What the user typed, in their locale's marks ("2,2" in Russian; "2.2 %" and "2.2%" too).
    /// `allowZero`: "0" reads as no fee (nil), as `cambio convert --fee 0` does.
    public static func parse(_ text: String, style: NumberStyle, allowZero: Bool = false) -> Result<Fee?, Refusal> {
        var t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.hasSuffix("%") || t.hasSuffix("\u{FF05}") { t = String(t.dropLast()) }
        switch AmountParser.parse(t, style: style, digitLimit: digitLimit) {
        case .failure(let error): return .failure(.notANumber(error))
        case .success(let value):
            if allowZero && value.isZero { return .success(nil) }
            guard let fee = Fee(percent: value) else { return .failure(.outOfRange) }
            return .success(fee)
        }
    }

    /// A value as GSettings keeps it ("2.2": POSIX digits); nil when it is not one.
    public init?(stored: String) {
        guard Decimal(plain: stored) != nil, case .success(let fee?) = Self.parse(stored, style: .posix) else { return nil }
        self = fee
    }

    /// The value to keep in GSettings: POSIX digits, every one ("2.2", "0.35").
    public var stored: String { DecimalFormatter(style: .plain).exact(percent) }

    /// What one unit becomes: 1.022 for 2.2 %.
    public var factor: Decimal { 1 + percent / 100 }

    /// `value` with the fee, exactly (no rounding: that is for display).
    public func applied(to value: Decimal) -> Decimal { value * factor }

    /// The percent with every digit, in the locale's marks, and the sign: "2.2 %", "2,2 %".
    public func percentText(_ formatter: DecimalFormatter) -> String { formatter.exact(percent) + " %" }

    /// "with 2.2 % fee: 91.48 EUR", in `words`' language. `amount`: the amount with the fee as
    /// shown (already rounded), `code` its currency.
    public func words(amount: String, code: String, formatter: DecimalFormatter, words: Translations) -> String {
        // TRANSLATORS: next to a converted amount; the first %@ is the fee ("2.2 %"), the second
        // the amount with it ("91.48 EUR").
        Template.fill(words.tr("with %@ fee: %@"), percentText(formatter), formatter.money(text: amount, code: code))
    }

    /// `amount` converted with the fee, by `convert` (a conversion that multiplies first and
    /// divides once, as `RateTable.convert`): the fee goes on the amount before the division, so
    /// the value is as exact as the conversion itself. Applied after it, to a quotient already cut
    /// to 38 digits, an exact half (3.625) would come out a hair below and round down (3.62).
    public func converting(_ amount: Decimal, by convert: (Decimal) -> Decimal?) -> Decimal? {
        convert(applied(to: amount))
    }

    /// "with 2.2 % fee: 91.48 EUR" under `amount` of `from` converted into `to` at `table`'s
    /// rates: the unrounded conversion with the fee, rounded once to `to`'s places. Nil without
    /// a rate.
    public func line(converting amount: Decimal, from: String, to: String, table: RateTable, catalog: CurrencyCatalog,
                     formatter: DecimalFormatter, words: Translations) -> String? {
        converting(amount, by: { table.convert($0, from: from, to: to) }).map {
            self.words(amount: formatter.amount($0, minorUnits: catalog.minorUnits(to)), code: to, formatter: formatter, words: words)
        }
    }

    /// English, POSIX digits: "2.2 %".
    public var description: String { "\(stored) %" }
}

extension Fee.Refusal {
    /// Why a typed percent was refused, in `words`' language.
    public func text(_ words: Translations) -> String {
        switch self {
        case .notANumber(.empty), .outOfRange: return words.tr("Enter a percent more than 0 and less than 100")
        case .notANumber(let error): return error.text(words)
        }
    }

    /// In English, for the command line.
    public var english: String {
        switch self {
        case .notANumber(let error): return error.english
        case .outOfRange: return "more than 0 and less than 100; 0 for no fee"
        }
    }
}
