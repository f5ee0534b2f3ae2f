import Foundation

/// The Calculator page without a display: what the keys and `=` do to the text typed, what the
/// last `=` gave (so that `=` again repeats the last operation and an operator goes on from the
/// result), what the next key does after a result or an error, and the session's history.
/// The page keeps the text field and its cursor; this says what to do with them.
public struct CalculatorModel: Sendable {
    /// The calculations of this session, newest first.
    public private(set) var history = CalculatorHistory(limit: 100)
    /// The last good result, the display's text right after it, and the result unrounded for
    /// what goes on from it: while the display still shows that text, `=` repeats the last
    /// operation and an operator goes on from the result.
    public private(set) var last: (result: CalculatorResult, text: String, carry: ExpressionEvaluator.Carry?)?
    /// What the next character typed does: nothing special, or start afresh.
    private var fresh = Fresh.no
    private enum Fresh { case no, afterResult, afterError }

    public init() {}

    /// Keys that go on from a result rather than replace it.
    public static let operators: Set<Character> = ["+", "-", "*", "/", "%", "\u{00D7}", "\u{00F7}", "\u{2212}"]

    /// Where keypad text goes.
    public enum Insertion: Equatable, Sendable {
        /// At the cursor, as typed.
        case atCursor
        /// After everything: an operator going on from the result shown.
        case atEnd
        /// In place of everything: a digit after a result, anything after an error.
        case replacingAll
        /// Not at all: a second decimal mark in the number at the cursor ("12.5" stays "12.5").
        case ignored
    }

    /// A keypad key's text (or a typed character) is about to go in: `text` is the display
    /// without its selection, `cursor` where the key goes in it (in Unicode scalars, as GTK
    /// counts), `decimalMark` the locale's.
    public mutating func insert(_ key: String, into text: String, at cursor: Int, decimalMark: Character) -> Insertion {
        let isOperator = key.count == 1 && Self.operators.contains(key.first!)
        defer { fresh = .no }
        switch fresh {
        case .afterError: return .replacingAll
        case .afterResult: return isOperator ? .atEnd : .replacingAll
        case .no:
            let secondMark = key == String(decimalMark) && Self.number(in: text, at: cursor).contains(decimalMark)
            return secondMark ? .ignored : .atCursor
        }
    }

    /// The number the cursor is in or beside: the digits, marks and grouping around it
    /// ("12.5" in "3+12.5" with the cursor at the end).
    static func number(in text: String, at cursor: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        func inNumber(_ s: Unicode.Scalar) -> Bool {
            s.properties.numericType != nil || ".,'\u{2019}\u{00A0}\u{202F}\u{066B}\u{066C}".unicodeScalars.contains(s)
        }
        var start = min(max(cursor, 0), scalars.count), end = start
        while start > 0, inNumber(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, inNumber(scalars[end]) { end += 1 }
        var number = String.UnicodeScalarView()
        number.append(contentsOf: scalars[start..<end])
        return String(number)
    }

    /// The text was edited by hand (⌫, CE): the next key goes in where it is typed.
    public mutating func edited() { fresh = .no }

    /// AC: the result and what goes on from it are gone (the history stays).
    public mutating func clearAll() {
        last = nil
        fresh = .no
    }

    /// True while the display shows the last result unchanged.
    public func showsResult(_ text: String) -> Bool { last.map { $0.text == text } ?? false }

    /// ±: the text with the sign of its last number changed; the whole result when the display
    /// shows it (all its digits, so that nothing is lost).
    public mutating func toggleSign(_ text: String, calculator: Calculator) -> String {
        let current = showsResult(text) ? calculator.exact(last!.result.value) : text
        fresh = .no
        return Calculator.toggleSign(current)
    }

    /// What `=` did.
    public struct Evaluation: Equatable, Sendable {
        /// The line above the result: "12*3 =", the repeated operation, or the text refused.
        public let expression: String
        public let outcome: Result<CalculatorResult, CalculatorError>
        /// The display's new text: a number in full (so that going on loses nothing); a
        /// conversion or a refused text stays as typed.
        public let text: String
    }

    /// `=` on `text`: evaluated, or, pressed again on an unchanged result, the last operation
    /// once more. A good result joins the history.
    public mutating func equals(_ text: String, calculator: Calculator, rates: RateTable?) -> Evaluation {
        let outcome: Result<CalculatorResult, CalculatorError>
        let expression: String
        var carry: ExpressionEvaluator.Carry?
        if let last, last.text == text, case .number(let value, let op?) = last.result,
           let repeated = calculator.repeatLast(last.result) {
            outcome = repeated
            expression = calculator.exact(value) + " " + Self.symbol(op.op) + " " + calculator.exact(op.operand)
        } else {
            let evaluated = calculator.evaluate(text, rates: rates, carrying: last?.carry)
            outcome = evaluated.map(\.result)
            carry = try? evaluated.get().carry
            expression = text
        }
        switch outcome {
        case .success(let result):
            history.add(expression, result)
            var shown = text
            if case .number(let v, _) = result { shown = calculator.exact(v) }
            last = (result, shown, carry)
            fresh = .afterResult
            return Evaluation(expression: expression + " =", outcome: outcome, text: shown)
        case .failure:
            last = nil
            fresh = .afterError
            return Evaluation(expression: text, outcome: outcome, text: text)
        }
    }

    /// What "Convert" sends to the Converter once `text` is the result shown: the amount, and
    /// the pair of a conversion; nil when the display shows something else.
    public func conversion(of text: String, calculator: Calculator) -> (amount: String, pair: FavouritePair?)? {
        guard let last, last.text == text else { return nil }
        switch last.result {
        case .number(let v, _): return (calculator.exact(v), nil)
        case .conversion(let amount, _, let quote): return (calculator.exact(amount), FavouritePair(from: quote.from, to: quote.to))
        }
    }

    /// A history line: "12*3 = 36".
    public func historyLine(_ entry: CalculatorHistory.Entry, calculator: Calculator) -> String {
        "\(entry.expression) = \(calculator.display(entry.result))"
    }

    public mutating func clearHistory() { history.clear() }

    public static func symbol(_ op: RepeatOperation.Op) -> String {
        switch op {
        case .add: return "+"
        case .subtract: return "\u{2212}"
        case .multiply: return "\u{00D7}"
        case .divide: return "\u{00F7}"
        }
    }
}
