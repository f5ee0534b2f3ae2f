import Foundation

/// A message for people, kept as an English template and its arguments ("the server answered
/// HTTP %@", "500") so that each surface words it in its language: the command line prints the
/// English, the window translates the template through gettext first. The domain has no gettext;
/// `scripts/update-po` collects every `Wording("…")` template for the translators.
public struct Wording: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let template: String
    public let arguments: [Wording]
    /// Text from outside (a server's words, a path, a number): never looked up.
    public let isVerbatim: Bool

    public init(_ template: String, _ arguments: Wording...) {
        self.template = template; self.arguments = arguments; isVerbatim = false
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Words that are not ours to translate.
    public static func verbatim(_ text: String) -> Wording { Wording(verbatim: text) }
    public static func verbatim(_ value: Int) -> Wording { Wording(verbatim: String(value)) }

    private init(verbatim: String) { template = verbatim; arguments = []; isVerbatim = true }

    /// A server's own words (an error type, a field it sent), made safe to show: see `ServerText`.
    public static func quoted(_ serverText: String) -> Wording { Wording(verbatim: ServerText.quoted(serverText)) }

    /// An error in words: its own wording if it has one, else its description as it is.
    /// A file error is worded as a `FileProblem`; a database error keeps SQLite's words but not
    /// the statement it ran: never a Foundation dump or SQL text.
    public init(error: Error) {
        if let worded = error as? Worded { self = worded.wording; return }
        if let decoding = error as? DecodingError { self = Self.decoding(decoding); return }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
            let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? "?"
            self = FileProblem.from(error, path: path).wording
            return
        }
        let text = "\(error)"
        if let cut = text.range(of: " - while executing") { self = .verbatim(String(text[..<cut.lowerBound])); return }
        self = .verbatim(text)
    }

    /// The message with every template passed through `translate` first.
    public func text(_ translate: (String) -> String) -> String {
        if isVerbatim { return template }
        let t = translate(template)
        if arguments.isEmpty { return t }
        return Template.fill(t, arguments.map { $0.text(translate) })
    }

    /// English.
    public var description: String { text { $0 } }

    /// The same message with `secret` cut out of every verbatim part (keys quoted by servers).
    public func redacting(_ secret: String) -> Wording {
        guard !secret.isEmpty else { return self }
        if isVerbatim {
            // In any case, and as it would stand in a URL.
            var text = template.replacingOccurrences(of: secret, with: "•••", options: .caseInsensitive)
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                text = text.replacingOccurrences(of: encoded, with: "•••", options: .caseInsensitive)
            }
            return .verbatim(text)
        }
        return Wording(template: template, arguments: arguments.map { $0.redacting(secret) })
    }

    private init(template: String, arguments: [Wording]) {
        self.template = template; self.arguments = arguments; isVerbatim = false
    }

    public static func == (a: Wording, b: Wording) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension Wording {
    /// What is wrong with a JSON file Foundation could not decode, in words: which field, and
    /// whether it is missing, of the wrong kind, or the file is not JSON at all (never the
    /// decoder's "keyNotFound … Debug description" dump).
    static func decoding(_ error: DecodingError) -> Wording {
        func field(_ path: [CodingKey], _ last: CodingKey? = nil) -> Wording {
            let keys = path + (last.map { [$0] } ?? [])
            let name = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return .quoted(name.hasPrefix(".") ? String(name.dropFirst()) : name)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return Wording("the field “%@” is missing", field(context.codingPath, key))
        case .valueNotFound(_, let context):
            return Wording("the field “%@” is empty", field(context.codingPath))
        case .typeMismatch(_, let context):
            return context.codingPath.isEmpty ? Wording("it holds something other than what Cambio writes there")
                : Wording("the field “%@” holds the wrong kind of value", field(context.codingPath))
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? Wording("it is not valid JSON")
                : Wording("the field “%@” holds a value that cannot be read", field(context.codingPath))
        @unknown default:
            return Wording("it could not be read")
        }
    }
}

/// Text that came from a server (an error message, a field's value) and is shown to the user on
/// the terminal or in the window. A hostile server could send terminal escapes (ESC, BEL, CR)
/// that retitle or clear the user's terminal, or text long enough to bury everything else:
/// control characters (C0, DEL, C1) and the bidirectional overrides are written as visible
/// escapes (`\u{1B}`), runs of spaces, tabs and line breaks become one space, and the text is cut at `limit`
/// characters with an ellipsis.
public enum ServerText {
    public static let limit = 200

    public static func quoted(_ text: String, limit: Int = ServerText.limit) -> String {
        var out = ""
        var count = 0
        var spacing = false
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar.value {
            case 0x09, 0x0A, 0x20:
                spacing = true
                continue
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                piece = String(scalar)
            }
            if spacing, count > 0 { out += " "; count += 1 }
            spacing = false
            // An escape counts as the characters it takes to show.
            if count + piece.count > limit { return out + "…" }
            out += piece
            count += piece.count
        }
        return out
    }
}

/// An error that can be worded for people in their language; its description is the English.
public protocol Worded: CustomStringConvertible {
    var wording: Wording { get }
}

extension Worded {
    public var description: String { wording.description }
}

/// Puts a view model's messages in the user's language: the window passes gettext, tests
/// English. Messages are marked `tr("…")` and `trn("…", "…", n)` in the models, so
/// `scripts/update-po` collects them like the screens' own.
public struct Translations {
    public var translate: (String) -> String
    public var translatePlural: (String, String, Int) -> String
    /// Whether the language is written right to left (Arabic): lines then start right to left,
    /// and figures and pairs inside them keep reading left to right.
    public var isRightToLeft: Bool

    public init(translate: @escaping (String) -> String, translatePlural: @escaping (String, String, Int) -> String,
                isRightToLeft: Bool = false) {
        self.translate = translate; self.translatePlural = translatePlural; self.isRightToLeft = isRightToLeft
    }

    /// A figure or a pair that reads left to right wherever it stands ("+16.44%", "1 USD =
    /// 0.8951 EUR"): under a right-to-left language it is isolated (LRI … PDI), so that a sign
    /// stays before its digits and a code on its side; else it is as it is.
    public func leftToRight(_ text: String) -> String { isRightToLeft && !text.isEmpty ? "\u{2066}" + text + "\u{2069}" : text }

    /// The parts of a line, joined with " · " in the language's direction: under a right-to-left
    /// language the line starts right to left (RLM) even when its first part is a figure, and each
    /// part is isolated, so that the parts follow one another from the right.
    public func line(_ parts: [String]) -> String {
        guard isRightToLeft else { return parts.joined(separator: " \u{00B7} ") }
        return "\u{200F}" + parts.map { "\u{2068}" + $0 + "\u{2069}" }.joined(separator: " \u{00B7} ")
    }

    /// The English messages, untranslated.
    public static var english: Translations {
        Translations(translate: { $0 }, translatePlural: { one, many, n in n == 1 ? one : many })
    }

    public func tr(_ message: String) -> String { translate(message) }
    public func trn(_ singular: String, _ plural: String, _ n: Int) -> String { translatePlural(singular, plural, n) }

    /// An age in these words: "just now", "5 min ago", "3 h ago", "2 days ago".
    public func ago(_ seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return tr("just now") }
        if s < 3600 { return Template.fill(trn("%d min ago", "%d min ago", s / 60), String(s / 60)) }
        if s < 86_400 { return Template.fill(trn("%d h ago", "%d h ago", s / 3600), String(s / 3600)) }
        return Template.fill(trn("%d day ago", "%d days ago", s / 86_400), String(s / 86_400))
    }
}

/// Fills a message's template as `String(format:)` does for the arguments messages take: texts
/// for `%@`, whole numbers (given as their digits) for `%d`, `%i`, `%u` and their `l`/`ll` forms,
/// in order or by position (`%2$@`, as translations reorder them); `%%` is a percent sign. A `%`
/// that starts none of these, or names an argument that is not there, stays as it is (where
/// `String(format:)` would read memory that was never passed).
/// Foundation's formatter checks each argument's type at run time: the first messages of a start
/// cost about a millisecond of protocol look-ups that this does without.
public enum Template {
    public static func fill(_ template: String, _ arguments: String...) -> String { fill(template, arguments) }

    public static func fill(_ template: String, _ arguments: [String]) -> String {
        let percent = UInt8(ascii: "%")
        let bytes = Array(template.utf8)
        guard bytes.contains(percent) else { return template }
        var out = ""
        var copied = 0, i = 0, next = 0
        func digit(_ b: UInt8) -> Int? { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") ? Int(b - UInt8(ascii: "0")) : nil }
        while i < bytes.count {
            guard bytes[i] == percent else { i += 1; continue }
            var j = i + 1
            // "%%": one percent sign.
            if j < bytes.count, bytes[j] == percent {
                out += String(decoding: bytes[copied..<i], as: UTF8.self) + "%"
                i = j + 1; copied = i
                continue
            }
            // An argument's position ("%2$@"), then the length ("l", "ll"), then the conversion.
            var position: Int?
            var k = j, n = 0
            // (Capped: a broken translation's long run of digits names no argument, and must not overflow.)
            while k < bytes.count, let d = digit(bytes[k]) { n = min(n * 10 + d, 10_000); k += 1 }
            if k > j, k < bytes.count, bytes[k] == UInt8(ascii: "$"), n > 0 { position = n; j = k + 1 }
            var length = 0
            while j + length < bytes.count, bytes[j + length] == UInt8(ascii: "l"), length < 2 { length += 1 }
            let end = j + length
            guard end < bytes.count else { break }
            let conversion = bytes[end]
            let isText = conversion == UInt8(ascii: "@") && length == 0
            let isNumber = conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i") || conversion == UInt8(ascii: "u")
            let index = position.map { $0 - 1 } ?? next
            guard isText || isNumber, index < arguments.count else { i += 1; continue }
            if position == nil { next += 1 }
            out += String(decoding: bytes[copied..<i], as: UTF8.self) + arguments[index]
            i = end + 1; copied = i
        }
        return out + String(decoding: bytes[copied...], as: UTF8.self)
    }
}
