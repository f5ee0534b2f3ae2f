import Foundation

/// The user's locale, read from the process environment.
///
/// On Linux `Locale.current` ignores `LANG` and `LC_*`, so every formatter in Cambio gets the
/// locale built here, explicitly.
public struct LocaleEnvironment: Sendable, Equatable {
    /// Locale for numbers (LC_ALL, then LC_NUMERIC, then LANG).
    public let numbers: Locale
    /// Locale for dates and month names (LC_ALL, then LC_TIME, then LANG).
    public let dates: Locale
    /// Locale that decides the default currency (LC_ALL, then LC_MONETARY, then LANG).
    public let monetary: Locale
    /// Languages for translated text, most preferred first (LANGUAGE, then LC_ALL,
    /// LC_MESSAGES, LANG), each as "ll_CC" and then "ll".
    public let languages: [String]

    public init(environment: [String: String]) {
        func pick(_ category: String) -> String? {
            for key in ["LC_ALL", category, "LANG"] {
                if let value = environment[key], !value.isEmpty { return value }
            }
            return nil
        }
        numbers = Self.locale(fromPOSIX: pick("LC_NUMERIC"))
        dates = Self.locale(fromPOSIX: pick("LC_TIME"))
        monetary = Self.locale(fromPOSIX: pick("LC_MONETARY"))

        var langs: [String] = []
        let messages = pick("LC_MESSAGES")
        // glibc ignores LANGUAGE when the message locale is C or POSIX, not C.UTF-8.
        if let messages, !Self.ignoresLanguage(messages),
           let language = environment["LANGUAGE"], !language.isEmpty {
            for part in language.split(separator: ":") { langs += Self.languageChain(String(part)) }
        }
        if let messages { langs += Self.languageChain(messages) }
        var seen = Set<String>()
        languages = langs.filter { seen.insert($0).inserted }
    }

    /// The current process's environment.
    public static var current: LocaleEnvironment {
        LocaleEnvironment(environment: ProcessInfo.processInfo.environment)
    }

    /// Whether glibc ignores LANGUAGE under this messages locale: plain C or POSIX.
    static func ignoresLanguage(_ value: String) -> Bool {
        let name = value.split(separator: "@").first.map(String.init) ?? value
        return name == "C" || name == "POSIX"
    }

    /// "ru_RU.UTF-8@euro" -> "ru_RU"; "C" and "POSIX" -> nil.
    public static func identifier(fromPOSIX value: String) -> String? {
        var id = Substring(value)
        if let at = id.firstIndex(of: "@") { id = id[..<at] }
        if let dot = id.firstIndex(of: ".") { id = id[..<dot] }
        if id.isEmpty || id == "C" || id == "POSIX" { return nil }
        return String(id)
    }

    static func locale(fromPOSIX value: String?) -> Locale {
        guard let value, let id = identifier(fromPOSIX: value) else {
            return Locale(identifier: "en_US")
        }
        return Locale(identifier: id)
    }

    static func languageChain(_ value: String) -> [String] {
        guard let id = identifier(fromPOSIX: value) else { return [] }
        let language = id.split(separator: "_").first.map(String.init) ?? id
        return id == language ? [id] : [id, language]
    }

    /// The ISO code of the locale's currency (RUB for ru_RU, EUR for de_DE), if it has one.
    public var localeCurrencyCode: String? {
        monetary.currency?.identifier
    }
}
