import Foundation

/// Something that went wrong while loading at start-up; the window words and shows it.
public enum StartupProblem: Sendable, Equatable {
    case catalogUnavailable(reason: String)
    case bundledRatesUnreadable(path: String, reason: String)
    case bundledRatesMissing
    case stateSetAside(path: String, reason: String)
    case stateUnreadable(reason: String)
    case cacheSetAside(provider: Provider, path: String, reason: String)
    /// A provider's cached answer could not be read (kept as it is; the next answer cannot replace it).
    case cacheUnreadable(provider: Provider, reason: String)
    /// The saved state was read, but these entries were invalid and left at their defaults.
    case stateFieldsIgnored([String])
    /// The privacy choice could not be read: no request is sent until the user turns the network on.
    case networkOffUntilChosen
    /// A provider's cached answer is dated after today by this computer's clock: kept, not used yet.
    case cacheNotYet(provider: Provider, day: Day, today: Day)
    /// The folder of the saved rates cannot hold them (a file in its place): said once, not per file.
    case cacheFolderUnusable(reason: String)
    /// The clock is outside the years Cambio counts in.
    case clock(Wording)
}

extension StartupProblem {
    /// The problem in words: the command line prints the English, the window translates it.
    public var wording: Wording {
        switch self {
        case .catalogUnavailable(let reason):
            return Wording("Currency names are unavailable: %@", .verbatim(reason))
        case .bundledRatesUnreadable(let path, let reason):
            return Wording("The bundled rates could not be read (%@): %@", .verbatim(path), .verbatim(reason))
        case .bundledRatesMissing:
            return Wording("The bundled rates were not found; set CAMBIO_DATA_DIR to Cambio's data folder.")
        case .stateSetAside(let path, let reason):
            return Wording("Your saved currencies could not be read (%@). The file was kept as %@ and the default list is shown.",
                           .verbatim(reason), .verbatim(path))
        case .stateUnreadable(let reason):
            return Wording("Your saved currencies could not be read: %@. The file is kept as it is, and changes are not saved.",
                           .verbatim(reason))
        case .stateFieldsIgnored(let fields):
            return Wording("Some saved settings could not be read and were left at their defaults: %@",
                           .verbatim(fields.joined(separator: "; ")))
        case .cacheUnreadable(let provider, let reason):
            return Wording("The saved %@ rates could not be read (%@); the file is kept as it is.",
                           provider.sourceWording, .verbatim(reason))
        case .networkOffUntilChosen:
            return Wording("Your choice about using the network could not be read, so Cambio sends nothing until you turn the network on in Preferences.")
        case .cacheNotYet(let provider, let day, let today):
            return Wording("The saved %@ rates are dated %@, after today by this computer’s clock (%@): they are kept, and used from that day. Is the clock right?",
                           provider.sourceWording, .verbatim(day.iso), .verbatim(today.iso))
        case .cacheFolderUnusable(let reason):
            return Wording("The saved rates cannot be read or kept: %@", .verbatim(reason))
        case .clock(let words):
            return words
        case .cacheSetAside(let provider, let path, let reason):
            return Wording("The saved %@ rates could not be read (%@); the file was kept as %@.",
                           provider.sourceWording, .verbatim(reason), .verbatim(path))
        }
    }
}

extension Provider {
    /// The source's name as people read it: "ECB" and "Bank of Russia" are translated, the
    /// others are names.
    public var sourceWording: Wording {
        switch self {
        case .ecb: return Wording("ECB")
        case .cbr: return Wording("Bank of Russia")
        case .erapi, .frankfurter, .currencyapi, .coinbase: return .verbatim(sourceName)
        }
    }
}
