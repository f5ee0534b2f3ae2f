/// A strict reader of the small XML documents the ECB and the Bank of Russia publish: elements,
/// attributes, text, comments, processing instructions and CDATA, in UTF-8. It never expands an
/// entity other than XML's five and character references, never reads a document type
/// declaration (so no entity bomb and no external entity can be declared), and never recurses
/// (a document nested a million deep is read in a loop). A document that is not well-formed is
/// refused with where it went wrong.
public struct XMLReader {
    public enum Event: Equatable, Sendable {
        case start(name: String, attributes: [String: String])
        case end(name: String)
        case text(String)
    }

    /// Why a document was refused, in words.
    public enum Problem: Error, Equatable, Sendable {
        /// It ends before its root element closed.
        case truncated
        case malformed(line: Int, column: Int, what: String)
        /// A document type declaration: Cambio reads none.
        case documentType
        /// An entity other than XML's own five: Cambio expands none.
        case entity(String)

        public var description: String {
            switch self {
            case .truncated: return "truncated"
            case .malformed(let line, let column, let what): return "malformed XML at line \(line), column \(column): \(what)"
            case .documentType: return "a document type declaration, which Cambio does not read"
            case .entity(let name): return "the entity &\(name);, which Cambio does not expand"
            }
        }
    }

    private let bytes: [UInt8]
    private var i = 0

    public init(_ text: String) { bytes = Array(text.utf8) }

    /// Reads the whole document, handing each event to `handle` in order (which may throw to stop).
    public static func read(_ text: String, _ handle: (Event) throws -> Void) throws {
        var reader = XMLReader(text)
        try reader.run(handle)
    }

    private mutating func run(_ handle: (Event) throws -> Void) throws {
        var open: [String] = []
        var rootClosed = false
        var text: [UInt8] = []
        func flush() throws {
            guard !text.isEmpty else { return }
            if open.isEmpty {
                // Outside the root only white space may stand.
                guard text.allSatisfy(Self.isSpace) else { throw malformed("text outside the root element") }
            } else {
                try handle(.text(String(decoding: text, as: UTF8.self)))
            }
            text.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "&") {
                text += Array(try reference().utf8)
                continue
            }
            guard b == UInt8(ascii: "<") else { text.append(b); i += 1; continue }
            if has("<!--") {
                try skip(past: "-->", from: i + 4)
            } else if has("<?") {
                try skip(past: "?>", from: i + 2)
            } else if has("<![CDATA[") {
                guard !open.isEmpty else { throw malformed("CDATA outside the root element") }
                let start = i + 9
                try skip(past: "]]>", from: start)
                text += bytes[start..<(i - 3)]
            } else if has("<!DOCTYPE") || has("<!doctype") {
                throw Problem.documentType
            } else if has("<!") {
                throw malformed("a declaration Cambio does not read")
            } else if has("</") {
                try flush()
                let name = try endTag(closing: &open)
                try handle(.end(name: name))
                if open.isEmpty { rootClosed = true }
            } else {
                try flush()
                guard !rootClosed else { throw malformed("a second root element") }
                let (name, attributes) = try startTag()
                try handle(.start(name: name, attributes: attributes))
                if has("/>") {
                    i += 2
                    try handle(.end(name: name))
                    if open.isEmpty { rootClosed = true }
                } else {
                    i += 1
                    open.append(name)
                }
            }
        }
        if !open.isEmpty { throw Problem.truncated }
        try flush()
        guard rootClosed else { throw Problem.truncated }
    }

    // MARK: Pieces

    /// Reads an end tag, `</name>`, and takes the element it closes off `open`. Refused, said
    /// where the end tag starts, when it closes no element or another one.
    private mutating func endTag(closing open: inout [String]) throws -> String {
        let tag = i
        i += 2
        let name = try self.name()
        skipSpace()
        try expect(">")
        guard let last = open.popLast() else { i = tag; throw malformed("an end tag </\(name)> without its start") }
        guard last == name else { i = tag; throw malformed("</\(name)> closes <\(last)>") }
        return name
    }

    /// Reads a start tag's name and attributes, up to (not past) its `>` or `/>`.
    private mutating func startTag() throws -> (name: String, attributes: [String: String]) {
        i += 1
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else { throw Problem.truncated }
            if bytes[i] == UInt8(ascii: ">") || has("/>") { break }
            guard spaced else { throw malformed("no space before an attribute") }
            let key = try self.name()
            skipSpace()
            try expect("=")
            skipSpace()
            let value = try quoted()
            guard attributes.updateValue(value, forKey: key) == nil else { throw malformed("the attribute \(key) twice") }
        }
        return (name, attributes)
    }

    private func has(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in (0..<n).allSatisfy { bytes[i + $0] == buffer[$0] } }
    }

    /// Moves past the first `end` at or after `from`.
    private mutating func skip(past end: StaticString, from: Int) throws {
        i = from
        while i < bytes.count {
            if has(end) { i += end.utf8CodeUnitCount; return }
            i += 1
        }
        throw Problem.truncated
    }

    private mutating func expect(_ c: Unicode.Scalar) throws {
        guard i < bytes.count else { throw Problem.truncated }
        guard bytes[i] == UInt8(ascii: c) else { throw malformed("“\(c)” expected") }
        i += 1
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
        return i > start
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func name() throws -> String {
        guard i < bytes.count else { throw Problem.truncated }
        func starts(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
        }
        guard starts(bytes[i]) else { throw malformed("a name expected") }
        let start = i
        while i < bytes.count, starts(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == 0x2D || bytes[i] == 0x2E {
            i += 1
        }
        if i == bytes.count { throw Problem.truncated }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func quoted() throws -> String {
        guard i < bytes.count else { throw Problem.truncated }
        let quote = bytes[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw malformed("a quoted value expected") }
        i += 1
        var value: [UInt8] = []
        while i < bytes.count, bytes[i] != quote {
            switch bytes[i] {
            case UInt8(ascii: "<"): throw malformed("“<” in an attribute's value")
            case UInt8(ascii: "&"): value += Array(try reference().utf8)
            default: value.append(bytes[i]); i += 1
            }
        }
        guard i < bytes.count else { throw Problem.truncated }
        i += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#65;`, `&#x41;`; any other entity is refused.
    private mutating func reference() throws -> String {
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: ";") {
            guard i - start < 12 else { throw malformed("“&” that starts no reference") }
            i += 1
        }
        guard i < bytes.count else { throw Problem.truncated }
        let name = String(decoding: bytes[(start + 1)..<i], as: UTF8.self)
        i += 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                    throw malformed("the character reference &\(name); names no character")
                }
                return String(Character(scalar))
            }
            guard !name.isEmpty else { throw malformed("“&;”") }
            throw Problem.entity(name)
        }
    }

    /// Where the reader is, as a person counts: line and column (in characters) from 1.
    private func malformed(_ what: String) -> Problem {
        let upTo = min(i, bytes.count)
        var line = 1, lineStart = 0
        for (n, b) in bytes[..<upTo].enumerated() where b == 0x0A { line += 1; lineStart = n + 1 }
        let column = String(decoding: bytes[lineStart..<upTo], as: UTF8.self).count + 1
        return .malformed(line: line, column: column, what: what)
    }
}
