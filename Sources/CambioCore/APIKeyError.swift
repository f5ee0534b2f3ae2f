import Foundation

/// Why an Alpha Vantage key was refused or not saved.
public enum APIKeyError: Error, Equatable, Sendable, Worded {
    /// Something else than letters and digits (a space, a quote, a whole URL).
    case invalid
    /// Letters and digits, but fewer than 4 (a paste cut short).
    case tooShort
    /// More than 64 (a paste doubled, or something else pasted).
    case tooLong
    case write(String)
    public var wording: Wording {
        switch self {
        case .invalid: return Wording("An Alpha Vantage key is letters and digits only")
        case .tooShort: return Wording("An Alpha Vantage key has 4 to 64 letters and digits: this one is too short")
        case .tooLong: return Wording("An Alpha Vantage key has 4 to 64 letters and digits: this one is too long")
        case .write(let why): return Wording("The key could not be saved (%@)", .verbatim(why))
        }
    }

    /// Keys are short runs of letters and digits ("demo", 16 for a free key); anything else is a
    /// paste gone wrong: why, or nil for a key that may be one.
    public static func problem(_ key: String) -> APIKeyError? {
        guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return .invalid }
        return key.count < 4 ? .tooShort : key.count > 64 ? .tooLong : nil
    }
}
