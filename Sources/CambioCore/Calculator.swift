import Foundation

/// `100 USD to EUR`, `100 usd in eur`, `12*3 GBP to JPY`: an amount (any calculation), a
/// currency, a joining word, and a currency, as GNOME Calculator reads them.
public struct ConversionRequest: Equatable, Sendable {
    public let amountText: String
    public let from: String
    public let to: String

    /// Joining words: English, Russian, Italian, and arrows.
    public static let joiners: Set<String> = ["to", "in", "into", "as", "\u{0432}", "\u{0432}\u{043E}", "a", "in", "=", "\u{2192}", "->"]

    /// Reads a conversion, or nil when `text` is not one (then it is plain arithmetic).
    /// `signs`: currency signs are read too, where one is a single currency's that
    /// `isCurrency` knows ("$100 to EUR", "100 € in $").
    public static func parse(_ text: String, signs: CurrencySigns? = nil, isCurrency: (String) -> Bool = { _ in false }) -> ConversionRequest? {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 3 else { return nil }
        let toWord = words.removeLast()
        let joiner = words.removeLast().lowercased()
        guard joiners.contains(joiner),
              let to = currency(toWord) ?? signs?.code(ofSign: toWord, among: isCurrency) else { return nil }
        if let signs, let signed = signs.split(words.joined(separator: " "), among: isCurrency), !signed.amount.isEmpty {
            return ConversionRequest(amountText: signed.amount, from: signed.code, to: to)
        }
        guard let last = words.popLast() else { return nil }
        let from: String
        if let code = currency(last) {
            from = code
        } else {
            // The source code may be stuck to the amount: "100USD", "0.5btc".
            guard let (amount, code) = stuck(last) else { return nil }
            from = code
            words.append(amount)
        }
        dropOunce(&words, before: from)
        guard !words.isEmpty else { return nil }
        return ConversionRequest(amountText: words.joined(separator: " "), from: from, to: to)
    }

    /// A code: three letters (USD), or four for the coins that have them (USDT).
    static func isCode(_ s: String) -> Bool { (3...4).contains(s.count) && s.allSatisfy { $0.isASCII && $0.isLetter } }

    /// The currency a word names, upper case: a code ("usd", "USDT") or a metal's or coin's
    /// name in a language Cambio knows ("gold", "Bitcoin", "золото").
    public static func currency(_ word: String) -> String? {
        if let code = MetalsAndCoins.code(forWord: word) { return code }
        return isCode(word) ? word.uppercased() : nil
    }

    /// "100usd" as ("100", "USD"); "0.5usdt" as ("0.5", "USDT"): a code stuck after something
    /// that is not a letter. Four letters only for a coin whose code has four.
    static func stuck(_ word: String) -> (amount: String, code: String)? {
        for length in [4, 3] where word.count > length {
            let code = String(word.suffix(length)).uppercased()
            guard isCode(code), length == 3 || MetalsAndCoins.codes.contains(code),
                  let before = word.dropLast(length).last, !before.isLetter else { continue }
            return (String(word.dropLast(length)), code)
        }
        return nil
    }

    /// "1 oz gold": the unit's words before a metal are not part of the amount.
    static func dropOunce(_ words: inout [String], before code: String) {
        guard MetalsAndCoins.metals.contains(code) else { return }
        while let w = words.last, MetalsAndCoins.ounceWords.contains(w.lowercased()) { words.removeLast() }
    }
}

/// What `=` produced on the Calculator page.
public enum CalculatorResult: Equatable, Sendable {
    case number(Decimal, repeat: RepeatOperation?)
    /// `amount` of `quote.from` is `value` of `quote.to`, converted at `quote`.
    case conversion(amount: Decimal, value: Decimal, quote: Quote)

    /// The exact value (never rounded for display).
    public var value: Decimal {
        switch self {
        case .number(let v, _): return v
        case .conversion(_, let v, _): return v
        }
    }
}

public enum CalculatorError: Error, Equatable, Sendable {
    case expression(ExpressionError)
    case unknownCurrency(String)
    /// No publication has both currencies.
    case noRate(from: String, to: String)
    case noRates
}

/// The Calculator's rules: exact arithmetic through the shared evaluator, conversions at the
/// current rates, repeated =, the ± key, and how results are written back into the display.
public struct Calculator: Sendable {
    public let formatter: DecimalFormatter
    public let catalog: CurrencyCatalog

    public init(formatter: DecimalFormatter, catalog: CurrencyCatalog) {
        self.formatter = formatter; self.catalog = catalog
    }

    public func evaluate(_ text: String, rates: RateTable?) -> Result<CalculatorResult, CalculatorError> {
        evaluate(text, rates: rates, carrying: nil).map(\.result)
    }

    /// `=`: the result, and what a calculation going on from it carries (a number written back
    /// into the display). `carrying`: the previous result, when the display goes on from it
    /// (`1/3=` then `*3=` is 1: the 32 threes shown stand for the unrounded third).
    public func evaluate(_ text: String, rates: RateTable?,
                         carrying: ExpressionEvaluator.Carry?) -> Result<(result: CalculatorResult, carry: ExpressionEvaluator.Carry?), CalculatorError> {
        if let request = ConversionRequest.parse(text, signs: formatter.signs, isCurrency: { catalog[$0] != nil }) {
            return convert(request, rates: rates).map { ($0, nil) }
        }
        switch ExpressionEvaluator.evaluation(text, style: formatter.style, carrying: carrying) {
        case .success(let r): return .success((.number(r.value, repeat: r.repeat), r.carry(writtenAs: exact(r.value))))
        case .failure(let e): return .failure(.expression(e))
        }
    }

    func convert(_ request: ConversionRequest, rates: RateTable?) -> Result<CalculatorResult, CalculatorError> {
        for code in [request.from, request.to] where catalog[code] == nil {
            return .failure(.unknownCurrency(code))
        }
        let amount: Decimal
        switch ExpressionEvaluator.evaluate(request.amountText, style: formatter.style) {
        case .success(let v): amount = v
        case .failure(let e): return .failure(.expression(e))
        }
        guard let table = rates else { return .failure(.noRates) }
        guard let value = table.convert(amount, from: request.from, to: request.to),
              let quote = table.quote(from: request.from, to: request.to) else {
            return .failure(.noRate(from: request.from, to: request.to))
        }
        return .success(.conversion(amount: amount, value: value, quote: quote))
    }

    /// Under a conversion, as in the Converter: the amount with the card or exchange fee ("with
    /// 2.2 % fee: 91.48 EUR"), from the unrounded conversion; nil for a number or without a fee.
    public func feeLine(_ result: CalculatorResult, fee: Fee?, rates: RateTable?, words: Translations) -> String? {
        guard let fee, let rates, case .conversion(let amount, _, let quote) = result else { return nil }
        return fee.line(converting: amount, from: quote.from, to: quote.to, table: rates, catalog: catalog, formatter: formatter, words: words)
    }

    /// `=` pressed again on an unchanged result: the last operation once more.
    public func repeatLast(_ previous: CalculatorResult) -> Result<CalculatorResult, CalculatorError>? {
        guard case .number(let value, let op?) = previous else { return nil }
        switch op.apply(to: value) {
        case .success(let v): return .success(.number(v, repeat: op))
        case .failure(let e): return .failure(.expression(e))
        }
    }

    /// The exact value as the display shows it, in the user's locale, every digit kept (at most
    /// 32 significant ones), so that going on from it loses nothing.
    public func exact(_ value: Decimal) -> String { formatter.exact(value) }

    /// The big result line: a number in full, a conversion rounded to the currency's minor units.
    public func display(_ result: CalculatorResult) -> String {
        switch result {
        case .number(let v, _): return exact(v)
        case .conversion(_, let v, let quote): return formatter.money(v, code: quote.to, minorUnits: catalog.minorUnits(quote.to))
        }
    }

    /// ±: changes the sign of the last number in `text` (or of the whole of a lone number).
    /// `5+3` → `5-3`, `5-3` → `5+3`, `5*3` → `5*-3`, `-3` → `3`, `7` → `-7`.
    public static func toggleSign(_ text: String) -> String {
        var chars = Array(text)
        // The start of the last number: back over digits, marks and grouping spaces.
        var start = chars.count
        while start > 0, chars[start - 1].isNumber || ".,'\u{2019}\u{00A0}\u{202F} ".contains(chars[start - 1]) {
            start -= 1
        }
        while start < chars.count, chars[start] == " " { start += 1 }
        let minus: Set<Character> = ["-", "\u{2212}"]
        if start == chars.count {
            // No number at the end: a closing parenthesis signs its group; else a sign to come.
            if chars.last == ")" {
                var depth = 0, i = chars.count - 1
                while i >= 0 {
                    if chars[i] == ")" { depth += 1 } else if chars[i] == "(" { depth -= 1; if depth == 0 { break } }
                    i -= 1
                }
                guard i >= 0 else { return text }
                start = i
            } else if let last = chars.last, minus.contains(last) {
                chars.removeLast()
                return String(chars)
            } else {
                return text + "-"
            }
        }
        var before = start - 1
        while before >= 0, chars[before] == " " { before -= 1 }
        if before >= 0, minus.contains(chars[before]) || chars[before] == "+" {
            // Is that sign unary (at the start, or after an operator or "(")?
            var prev = before - 1
            while prev >= 0, chars[prev] == " " { prev -= 1 }
            let unary = prev < 0 || "+-\u{2212}*/×÷(:·".contains(chars[prev])
            if unary {
                if minus.contains(chars[before]) { chars.remove(at: before) } else { chars[before] = "-" }
            } else {
                chars[before] = minus.contains(chars[before]) ? "+" : "-"
            }
        } else {
            chars.insert("-", at: start)
        }
        return String(chars)
    }
}

/// The calculations of this session, newest first.
public struct CalculatorHistory: Sendable {
    public struct Entry: Equatable, Sendable {
        public let expression: String
        public let result: CalculatorResult
    }

    public private(set) var entries: [Entry] = []
    public let limit: Int

    public init(limit: Int = 100) { self.limit = limit }

    public mutating func add(_ expression: String, _ result: CalculatorResult) {
        entries.insert(Entry(expression: expression, result: result), at: 0)
        if entries.count > limit { entries.removeLast(entries.count - limit) }
    }

    public mutating func clear() { entries.removeAll() }
}
