import Foundation

/// Why an expression has no value. The UI words it; nothing ever shows NaN or inf.
public enum ExpressionError: Error, Equatable, Sendable {
    case empty
    case divisionByZero
    case overflow
    /// The exact result has more significant digits than are kept: it is not rounded silently.
    case tooManyDigits
    /// Something is out of place: an operator with no operand, an unbalanced parenthesis,
    /// an unknown character, a malformed number.
    case malformed(Wording)
}

extension ExpressionError: Worded {
    /// The same words in the window (translated) and on the command line.
    public var wording: Wording {
        switch self {
        case .empty: return Wording("Enter an amount")
        case .divisionByZero: return Wording("Division by zero")
        case .overflow: return Wording("The result is too large")
        case .tooManyDigits: return Wording("The exact result has more than 32 digits")
        case .malformed(let detail): return Wording("Not a calculation: %@", detail)
        }
    }
}

/// Exact decimal arithmetic on what a user types: `12.5*4`, `(100+20)/3`, `1 234,5` in a comma
/// locale, `200+10%`. One evaluator for every amount field and the Calculator.
///
/// Precedence: unary signs, then `%` (postfix), then `× ÷`, then `+ −`. Percent follows desktop
/// calculators: `50%` is 0.5; `a + b%` and `a − b%` add or take b percent of a; `a × b%` is
/// a × b / 100. Results are exact Decimal arithmetic rounded to 32 significant digits, so
/// `1/3*3` is 1 and `0.1+0.2` is 0.3. Only a division that does not end is rounded: a sum or
/// product whose exact value needs more digits is refused (`.tooManyDigits`), never shown as
/// if exact.
public enum ExpressionEvaluator {
    public static let significantDigits = 32

    public static func evaluate(_ text: String, style: NumberStyle) -> Result<Decimal, ExpressionError> {
        evaluation(text, style: style).map(\.value)
    }

    /// A value before it was cut to 32 digits, and how far it may be from the exact one: what a
    /// calculation going on from it needs.
    struct Unrounded: Sendable, Equatable {
        let value: Decimal
        /// A division did not end: digits may be dropped from what follows.
        let afterRoundedDivision: Bool
        /// The bound on its error (`Value.error`).
        let error: Decimal
    }

    /// A result a calculation goes on from: the text it was written back as, and the value before
    /// it was cut to 32 digits. `1/3` shows 32 threes; `*3` after it multiplies the unrounded
    /// value and gives 1, as `1/3*3` typed at once does, not 0.999….
    public struct Carry: Sendable, Equatable {
        public let text: String
        let unrounded: Unrounded
    }

    /// The value, the last operation done at the top level (`2+3` → "+ 3", which a repeated =
    /// applies again), and the value unrounded.
    public struct Evaluation: Sendable {
        public let value: Decimal
        public let `repeat`: RepeatOperation?
        let unrounded: Unrounded
        /// What goes on from this value once it is written back as `text`.
        public func carry(writtenAs text: String) -> Carry { Carry(text: text, unrounded: unrounded) }
    }

    /// Evaluates `text`; when it starts with `carrying`'s text followed by an operator, that
    /// number is the carried result's unrounded value.
    /// Digits of the locale's script read as ASCII ones (`NumberStyle.latinised`).
    public static func evaluation(_ text: String, style: NumberStyle, carrying: Carry? = nil) -> Result<Evaluation, ExpressionError> {
        let text = NumberStyle.latinised(text), style = style.latin
        let carriedText = carrying.map { NumberStyle.latinised($0.text) }
        do {
            var parser: Parser
            if let carrying, let carriedText, text.hasPrefix(carriedText),
               let rest = try? tokenize(String(text.dropFirst(carriedText.count)), style: style), case .op? = rest.first {
                let carried = carrying.unrounded
                parser = Parser(tokens: [.number(carried.value, error: carried.error)] + rest)
                parser.arithmetic.divisionRounded = carried.afterRoundedDivision
            } else {
                parser = Parser(tokens: try tokenize(text, style: style))
            }
            guard !parser.tokens.isEmpty else { return .failure(.empty) }
            let value = try parser.expression()
            guard parser.atEnd else { throw ExpressionError.malformed(Wording("unexpected %@", parser.peekDescription)) }
            let unrounded = Unrounded(value: value.value, afterRoundedDivision: parser.arithmetic.divisionRounded, error: value.error)
            return .success(Evaluation(value: try finish(unrounded), repeat: parser.lastTop, unrounded: unrounded))
        } catch let e as ExpressionError {
            return .failure(e)
        } catch {
            return .failure(.malformed(Wording(error: error)))
        }
    }

    /// True when `text` is more than a plain number (so the UI shows the evaluated value).
    public static func isArithmetic(_ text: String) -> Bool {
        text.contains { "+*/×÷%()".contains($0) } || text.dropFirst().contains { $0 == "-" || $0 == "\u{2212}" }
    }

    /// The value kept: at most 32 significant digits. Dropping digits is rounding only after a
    /// division that did not end (1/3*3 is 1); else the exact value does not fit, and is refused.
    /// No digit at or below its error (how far it may be from the exact value after a rounded
    /// division) is kept, so `1/3*3-1` is 0, not the −0.00…01 left of the rounded third.
    static func finish(_ unrounded: Unrounded) throws -> Decimal {
        let v = unrounded.value, error = unrounded.error
        if v.isNaN || !v.isFinite { throw ExpressionError.overflow }
        let magnitude = v.isZero ? 0 : v.magnitude10
        var places = significantDigits - 1 - magnitude
        // Two digits of margin above the error: a digit kept is one the error cannot reach.
        if error > 0 { places = min(places, -error.magnitude10 - 2) }
        let rounded = v.rounded(places: places)
        if rounded.isNaN { throw ExpressionError.overflow }
        if rounded != v && !unrounded.afterRoundedDivision { throw ExpressionError.tooManyDigits }
        // -0 reads as 0.
        return rounded.isZero ? 0 : rounded
    }

    /// + − × ÷ on Decimal, saying when a result lost digits: a sum, difference or product that
    /// does (before any rounded division) is refused; a division that does not end is rounded.
    struct Arithmetic {
        /// A division (or percent) did not end and was rounded: what follows is approximate.
        var divisionRounded = false

        mutating func add(_ a: Decimal, _ b: Decimal) throws -> Decimal {
            try exact(a, b, NSDecimalAdd) { sum in Self.undoes(sum, a, b, NSDecimalSubtract) }
        }
        mutating func subtract(_ a: Decimal, _ b: Decimal) throws -> Decimal {
            // a − b = d exactly when d + b gives a back and a − d gives b.
            try exact(a, b, NSDecimalSubtract) { d in Self.undoes(a, d, b, NSDecimalSubtract) }
        }
        mutating func multiply(_ a: Decimal, _ b: Decimal) throws -> Decimal {
            try exact(a, b, NSDecimalMultiply) { _ in Self.productFits(a, b) }
        }

        /// Whether `whole` is exactly `x` + `y`: taking either part away leaves the other. (Had
        /// the sum been rounded, taking the larger part away leaves the smaller one changed at a
        /// digit it has.)
        private static func undoes(_ whole: Decimal, _ x: Decimal, _ y: Decimal, _ minus: Operation) -> Bool {
            (try? run(minus, whole, x)) == y && (try? run(minus, whole, y)) == x
        }

        /// Whether a × b fits a Decimal's 128-bit significand exactly: the product of the two
        /// significands in full (256 bits), its trailing zeros taken off, fits 128 bits.
        /// (Foundation rounds a longer product without saying so.)
        static func productFits(_ a: Decimal, _ b: Decimal) -> Bool {
            guard let x = significand(a), let y = significand(b) else { return false }
            var (high, low) = x.multipliedFullWidth(by: y)
            while high != 0 {
                let (q, r) = high.quotientAndRemainder(dividingBy: 10)
                let (lowQ, rest) = UInt128(10).dividingFullWidth((r, low))
                guard rest == 0 else { return false }
                (high, low) = (q, lowQ)
            }
            return true
        }

        private static func significand(_ d: Decimal) -> UInt128? {
            d.isZero ? 0 : UInt128(d.significand.magnitude.description)
        }

        mutating func divide(_ a: Decimal, _ b: Decimal) throws -> Decimal {
            guard !b.isZero else { throw ExpressionError.divisionByZero }
            let quotient = try Self.run(NSDecimalDivide, a, b)
            // Foundation does not always say that a quotient was rounded (1/3): it ended when
            // multiplying back gives the dividend exactly.
            if (try? Self.run(NSDecimalMultiply, quotient, b)) != a || !Self.productFits(quotient, b) { divisionRounded = true }
            return quotient
        }

        private typealias Operation = (UnsafeMutablePointer<Decimal>, UnsafePointer<Decimal>, UnsafePointer<Decimal>,
                                       NSDecimalNumber.RoundingMode) -> NSDecimalNumber.CalculationError

        /// `operation` on a and b; digits lost (`isExact` false) refuse it unless a division was
        /// rounded before, when the result is approximate anyway.
        private func exact(_ a: Decimal, _ b: Decimal, _ operation: Operation, isExact: (Decimal) -> Bool) throws -> Decimal {
            let result = try Self.run(operation, a, b)
            if !divisionRounded && !isExact(result) { throw ExpressionError.tooManyDigits }
            return result
        }

        /// One of Foundation's operations, its overflow an error (its word on lost digits is
        /// not relied on: it does not always give it).
        private static func run(_ operation: Operation, _ a: Decimal, _ b: Decimal) throws -> Decimal {
            var (result, left, right) = (Decimal(), a, b)
            switch operation(&result, &left, &right, .plain) {
            case .noError, .lossOfPrecision: return result
            case .overflow, .underflow: throw ExpressionError.overflow
            case .divideByZero: throw ExpressionError.divisionByZero
            @unknown default: throw ExpressionError.overflow
            }
        }
    }

    enum Token: Equatable {
        /// A number, and how far it may be from the exact value (a carried result's; typed: 0).
        case number(Decimal, error: Decimal = 0)
        case op(Character) // + - * / %
        case open, close
    }

    static func tokenize(_ text: String, style: NumberStyle) throws -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        var i = 0
        func isNumberChar(_ c: Character) -> Bool {
            (c.isASCII && c.isNumber) || c == "." || c == "," || c == "'" || c == "\u{2019}" || c == style.decimalSeparator
                || (c == style.groupingSeparator && !"+-*/%()".contains(c))
        }
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            switch c {
            case "+": tokens.append(.op("+")); i += 1
            case "-", "\u{2212}": tokens.append(.op("-")); i += 1
            case "*", "×", "x", "X", "·": tokens.append(.op("*")); i += 1
            case "/", "÷", ":": tokens.append(.op("/")); i += 1
            case "%": tokens.append(.op("%")); i += 1
            case "(": tokens.append(.open); i += 1
            case ")": tokens.append(.close); i += 1
            default:
                guard isNumberChar(c) else { throw ExpressionError.malformed(.verbatim("\u{201C}\(c)\u{201D}")) }
                // A number: its characters, and spaces between digits (grouping in "1 234,5").
                var j = i
                var run = ""
                while j < chars.count {
                    if isNumberChar(chars[j]) { run.append(chars[j]); j += 1; continue }
                    if chars[j].isWhitespace, j + 1 < chars.count, chars[j + 1].isASCII, chars[j + 1].isNumber,
                       let last = run.last, last.isNumber {
                        run.append(chars[j]); j += 1; continue
                    }
                    break
                }
                switch AmountParser.parse(run, style: style, digitLimit: significantDigits + 2) {
                case .success(let v): tokens.append(.number(v))
                case .failure(.tooManyDigits): throw ExpressionError.overflow
                case .failure: throw ExpressionError.malformed(.verbatim(run))
                }
                i = j
            }
        }
        return tokens
    }

    /// A value, and whether it was written as a percentage ("10%"), for the percent rules.
    struct Value {
        var value: Decimal
        var percent: Bool
        /// How far `value` may be from the exact value: 0 until a division is rounded, then a
        /// bound carried through every operation (38-digit arithmetic, one unit of the last digit
        /// lost per rounded result).
        var error: Decimal = 0
    }

    struct Parser {
        let tokens: [Token]
        var position = 0
        var depth = 0

        init(tokens: [Token]) { self.tokens = tokens }

        var atEnd: Bool { position >= tokens.count }
        var peek: Token? { atEnd ? nil : tokens[position] }
        var peekDescription: Wording {
            switch peek {
            case .number(let d, _)?: return .verbatim("\(d)")
            case .op(let c)?: return .verbatim("\u{201C}\(c)\u{201D}")
            case .open?: return .verbatim("\u{201C}(\u{201D}")
            case .close?: return .verbatim("\u{201C})\u{201D}")
            case nil: return Wording("the end")
            }
        }

        /// The last operation of the whole expression, for a repeated =.
        var lastTop: RepeatOperation?
        /// The operations, and whether a division was rounded.
        var arithmetic = Arithmetic()
        /// The last × or ÷ of a term at the top level.
        private var lastTopProduct: RepeatOperation?

        /// One unit of the 38th significant digit of `v`: what a rounded result may have lost.
        static func unit(_ v: Decimal) -> Decimal {
            v.isZero ? 0 : Decimal(sign: .plus, exponent: v.magnitude10 - 37, significand: 1)
        }

        /// The error bound of a result: what its operands' errors make of it, and, once results
        /// may be rounded, one unit of its last digit.
        func bound(_ propagated: Decimal, _ result: Decimal) -> Decimal {
            arithmetic.divisionRounded ? propagated + Self.unit(result) : 0
        }

        mutating func sum(_ a: Value, _ b: Value, subtract: Bool) throws -> Value {
            let v = subtract ? try arithmetic.subtract(a.value, b.value) : try arithmetic.add(a.value, b.value)
            return Value(value: v, percent: false, error: bound(a.error + b.error, v))
        }

        mutating func product(_ a: Value, _ b: Value) throws -> Value {
            let v = try arithmetic.multiply(a.value, b.value)
            let propagated = a.error.isZero && b.error.isZero ? 0 : a.value.magnitude * b.error + b.value.magnitude * a.error + a.error * b.error
            return Value(value: v, percent: false, error: bound(propagated, v))
        }

        mutating func quotient(_ a: Value, _ b: Value) throws -> Value {
            // A divisor no further from 0 than its error may be 0 exactly: 1/(1/3*3-1).
            if !b.error.isZero && b.value.magnitude <= b.error { throw ExpressionError.divisionByZero }
            let q = try arithmetic.divide(a.value, b.value)
            // (a ± ea) / (b ± eb) − a/b is at most (ea + |q|·eb) / (|b| − eb).
            let propagated = a.error.isZero && b.error.isZero ? 0 : (a.error + q.magnitude * b.error) / (b.value.magnitude - b.error)
            return Value(value: q, percent: false, error: bound(propagated, q))
        }

        mutating func expression() throws -> Value {
            let top = depth == 0
            var left = try term()
            var lastSum: RepeatOperation?
            while case .op(let c)? = peek, c == "+" || c == "-" {
                position += 1
                let right = try term()
                // a ± b% adds or takes b percent of a.
                let r = right.percent ? try product(left, right) : right
                left = try sum(left, r, subtract: c == "-")
                try check(left.value)
                lastSum = RepeatOperation(op: c == "+" ? .add : .subtract, operand: r.value)
            }
            if top { lastTop = lastSum ?? lastTopProduct }
            return left
        }

        mutating func term() throws -> Value {
            var left = try unary()
            while case .op(let c)? = peek, c == "*" || c == "/" {
                position += 1
                let right = try unary()
                left = c == "*" ? try product(left, right) : try quotient(left, right)
                try check(left.value)
                if depth == 0 { lastTopProduct = RepeatOperation(op: c == "*" ? .multiply : .divide, operand: right.value) }
            }
            return left
        }

        mutating func unary() throws -> Value {
            if case .op(let c)? = peek, c == "+" || c == "-" {
                position += 1
                var v = try unary()
                if c == "-" { v.value = -v.value }
                return v
            }
            return try postfix()
        }

        mutating func postfix() throws -> Value {
            var v = try primary()
            while case .op("%")? = peek {
                position += 1
                v = try quotient(v, Value(value: 100, percent: false))
                v.percent = true
            }
            return v
        }

        mutating func primary() throws -> Value {
            switch peek {
            case .number(let d, let error)?:
                position += 1
                return Value(value: d, percent: false, error: error)
            case .open?:
                position += 1
                depth += 1
                guard depth <= 100 else { throw ExpressionError.malformed(Wording("too deeply nested")) }
                let v = try expression()
                guard case .close? = peek else { throw ExpressionError.malformed(Wording("a missing “)”")) }
                position += 1
                depth -= 1
                return Value(value: v.value, percent: false, error: v.error)
            default:
                throw ExpressionError.malformed(atEnd ? Wording("an operator with nothing after it") : Wording("unexpected %@", peekDescription))
            }
        }

        func check(_ v: Decimal) throws {
            if v.isNaN || !v.isFinite { throw ExpressionError.overflow }
        }
    }
}

/// An operation a repeated = applies again: `2+3=` gives 5, `=` again 8.
public struct RepeatOperation: Equatable, Sendable {
    public enum Op: Sendable { case add, subtract, multiply, divide }
    public let op: Op
    public let operand: Decimal

    public init(op: Op, operand: Decimal) { self.op = op; self.operand = operand }

    public func apply(to value: Decimal) -> Result<Decimal, ExpressionError> {
        var arithmetic = ExpressionEvaluator.Arithmetic()
        return Result {
            let out: Decimal
            switch op {
            case .add: out = try arithmetic.add(value, operand)
            case .subtract: out = try arithmetic.subtract(value, operand)
            case .multiply: out = try arithmetic.multiply(value, operand)
            case .divide: out = try arithmetic.divide(value, operand)
            }
            return try ExpressionEvaluator.finish(.init(value: out, afterRoundedDivision: arithmetic.divisionRounded, error: 0))
        }.mapError { $0 as? ExpressionError ?? .overflow }
    }
}
