import Foundation

/// A compiled gettext catalogue (.mo file), read without libintl.
///
/// Reading the file directly keeps translations working even when the system has not
/// generated the user's locale (setlocale would then fall back to "C" and gettext to English).
public struct MessageCatalog: Sendable {
    private let table: [String: String]
    /// Plural entries: the singular msgid → every form, in the header's order.
    private let plurals: [String: [String]]
    /// The header's Plural-Forms rule; nil: English's (n != 1).
    private let rule: PluralRule?

    public init(translations: [String: String], plurals: [String: [String]] = [:], rule: PluralRule? = nil) {
        table = translations; self.plurals = plurals; self.rule = rule
    }

    /// Parses the bytes of a .mo file. Returns nil for anything that is not a valid catalogue.
    public init?(data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 28 else { return nil }
        func u32(_ offset: Int, _ bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            let v = bigEndian ? (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3])
                              : (b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
            return Int(v)
        }
        let big: Bool
        switch u32(0, false) {
        case 0x9504_12de: big = false
        case 0xde12_0495: big = true
        default: return nil
        }
        guard let count = u32(8, big), let originals = u32(12, big), let translations = u32(16, big),
              count < 1_000_000 else { return nil }
        func string(_ table: Int, _ index: Int) -> String? {
            guard let length = u32(table + index * 8, big), let offset = u32(table + index * 8 + 4, big),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var result: [String: String] = [:], forms: [String: [String]] = [:]
        var rule: PluralRule?
        result.reserveCapacity(count)
        for i in 0..<count {
            guard let key = string(originals, i), let value = string(translations, i) else { return nil }
            if key.isEmpty { // the header entry
                rule = value.split(separator: "\n").first { $0.hasPrefix("Plural-Forms:") }.flatMap { PluralRule(header: String($0)) }
                continue
            }
            // Plural entries hold "singular\0plural" and one translation per form.
            let keys = key.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            let values = value.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            if keys.count > 1 { if !values.allSatisfy(\.isEmpty) { forms[keys[0]] = values } }
            else if !value.isEmpty { result[key] = value }
        }
        table = result
        plurals = forms
        self.rule = rule
    }

    /// Loads `<dir>/<language>/LC_MESSAGES/<domain>.mo` for the first language that has one.
    public static func load(domain: String, languages: [String], localeDirs: [String]) -> MessageCatalog? {
        for language in languages {
            for dir in localeDirs {
                let path = "\(dir)/\(language)/LC_MESSAGES/\(domain).mo"
                if let data = FileManager.default.contents(atPath: path), let catalog = MessageCatalog(data: data) {
                    return catalog
                }
            }
        }
        return nil
    }

    public func translate(_ message: String) -> String { table[message] ?? message }

    /// The form of a message for `n` (ngettext): the language's rule picks among its forms.
    public func translate(_ singular: String, _ plural: String, _ n: Int) -> String {
        guard let forms = plurals[singular], let rule else { return n == 1 ? singular : plural }
        let index = rule.index(n)
        return forms.indices.contains(index) && !forms[index].isEmpty ? forms[index] : (n == 1 ? singular : plural)
    }

    public var count: Int { table.count + plurals.count }
}

/// A catalogue's "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);" rule: the C
/// expression gettext evaluates, parsed once (ternary, logic, comparison, arithmetic, n).
public struct PluralRule: Sendable {
    public let count: Int
    private let expression: Node

    indirect enum Node: Sendable {
        case n, number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case ternary(Node, Node, Node)
    }

    public init?(header: String) {
        let fields = header.dropFirst("Plural-Forms:".count).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let countField = fields.first(where: { $0.hasPrefix("nplurals=") }),
              let count = Int(countField.dropFirst("nplurals=".count)), count > 0,
              let plural = fields.first(where: { $0.hasPrefix("plural=") }) else { return nil }
        var parser = Parser(String(plural.dropFirst("plural=".count)))
        guard let node = parser.parse() else { return nil }
        self.count = count
        expression = node
    }

    /// The form for `n`, within 0..<count.
    public func index(_ n: Int) -> Int {
        let i = Self.evaluate(expression, n)
        return i >= 0 && i < count ? i : 0
    }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let v): return v
        case .not(let a): return evaluate(a, n) == 0 ? 1 : 0
        case .ternary(let c, let a, let b): return evaluate(c, n) != 0 ? evaluate(a, n) : evaluate(b, n)
        case .binary(let op, let a, let b):
            let x = evaluate(a, n), y = evaluate(b, n)
            switch op {
            case "||": return x != 0 || y != 0 ? 1 : 0
            case "&&": return x != 0 && y != 0 ? 1 : 0
            case "==": return x == y ? 1 : 0
            case "!=": return x != y ? 1 : 0
            case "<": return x < y ? 1 : 0
            case "<=": return x <= y ? 1 : 0
            case ">": return x > y ? 1 : 0
            case ">=": return x >= y ? 1 : 0
            case "+": return x &+ y
            case "-": return x &- y
            case "*": return x &* y
            case "/": return y == 0 ? 0 : x / y
            case "%": return y == 0 ? 0 : x % y
            default: return 0
            }
        }
    }

    /// Recursive descent over C's precedence levels used by Plural-Forms.
    struct Parser {
        private var tokens: [String] = []
        private var at = 0

        init(_ text: String) {
            var chars = Array(text)[...]
            while let c = chars.first {
                if c.isWhitespace { chars.removeFirst(); continue }
                if c.isNumber {
                    let digits = chars.prefix { $0.isNumber }
                    tokens.append(String(digits)); chars.removeFirst(digits.count); continue
                }
                let two = String(chars.prefix(2))
                if ["||", "&&", "==", "!=", "<=", ">="].contains(two) { tokens.append(two); chars.removeFirst(2); continue }
                tokens.append(String(c)); chars.removeFirst()
            }
        }

        mutating func parse() -> Node? {
            guard let node = ternary() else { return nil }
            return at == tokens.count ? node : nil
        }

        private var next: String? { at < tokens.count ? tokens[at] : nil }
        private mutating func take(_ t: String) -> Bool {
            guard next == t else { return false }
            at += 1
            return true
        }

        private mutating func ternary() -> Node? {
            guard let c = binary(0) else { return nil }
            guard take("?") else { return c }
            guard let a = ternary(), take(":"), let b = ternary() else { return nil }
            return .ternary(c, a, b)
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(_ level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while let op = next, Self.levels[level].contains(op) {
                at += 1
                guard let right = binary(level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Node? {
            if take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let inner = ternary(), take(")") else { return nil }
                return inner
            }
            guard let t = next else { return nil }
            at += 1
            if t == "n" { return .n }
            return Int(t).map { .number($0) }
        }
    }
}
