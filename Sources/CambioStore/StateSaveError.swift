import CambioCore

/// Why the state was not saved.
public enum StateSaveError: Error, Equatable, Sendable, Worded {
    /// The saved file exists but cannot be read; it is kept as it is, so nothing is saved.
    case keptUnreadable(FileProblem)
    /// The saved file, or part of it, cannot be read and could not be set aside: it is kept as
    /// it is, so nothing is saved.
    case keptAsItIs(reason: String)

    public var wording: Wording {
        switch self {
        case .keptUnreadable(let p):
            return Wording("the saved file cannot be read (%@), so it is kept as it is and changes are not saved", p.wording)
        case .keptAsItIs(let reason):
            return Wording("the saved file could not all be read (%@), so it is kept as it is and changes are not saved",
                           .verbatim(reason))
        }
    }
}
