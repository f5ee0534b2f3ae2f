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

    /// An error in words: its own wording if it has one, else its description as it is.
    /// A file error is worded as a `FileProblem`; a database error keeps SQLite's words but not
    /// the statement it ran: never a Foundation dump or SQL text.
    public init(error: Error) {
        if let worded = error as? Worded { self = worded.wording; return }
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

    public init(translate: @escaping (String) -> String, translatePlural: @escaping (String, String, Int) -> String) {
        self.translate = translate; self.translatePlural = translatePlural
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
