import Foundation

/// What asking one provider for its rates did.
public enum RefreshOutcome: Equatable, Sendable {
    case updated
    /// The server confirmed the cached rates (HTTP 304).
    case unchanged
    case skipped(until: Date)
    case networkOff
    case failed(Wording)
    /// The server asked (HTTP 429) not to be asked again before this time.
    case waitUntil(Date)

    /// The provider answered with rates, new or confirmed.
    public var answered: Bool {
        switch self {
        case .updated, .unchanged: return true
        case .skipped, .networkOff, .failed, .waitUntil: return false
        }
    }
}

/// What a refresh did, provider by provider, in the order they were asked: the primary source,
/// the source asked for what it lacks, the metals' and coins' sources.
public struct RefreshReport: Equatable, Sendable {
    /// Why a provider was asked.
    public enum Role: Equatable, Sendable {
        /// The chosen source (or the one a command named).
        case primary
        /// The broadest other source, for currencies the primary lacks.
        case filler
        /// A source of metal and coin prices.
        case metalsAndCoins
    }

    public struct Asked: Equatable, Sendable {
        public let provider: Provider
        public let role: Role
        public let outcome: RefreshOutcome
        /// Values of its answer that were refused, in words (the rest is in use).
        public let refused: [Wording]

        public init(provider: Provider, role: Role, outcome: RefreshOutcome, refused: [Wording] = []) {
            self.provider = provider; self.role = role; self.outcome = outcome; self.refused = refused
        }
    }

    public private(set) var asked: [Asked]

    public init(_ asked: [Asked] = []) { self.asked = asked }

    public mutating func append(_ entry: Asked) { asked.append(entry) }

    /// The primary source's outcome; nil when it was not asked (metals and coins alone).
    public var primary: RefreshOutcome? { asked.first { $0.role == .primary }?.outcome }

    /// Whether the metals' and coins' sources were asked.
    public var askedMetalsAndCoins: Bool { asked.contains { $0.role == .metalsAndCoins } }

    /// What went wrong with the metals and coins, in words (a failed request, a refused value);
    /// empty when all went well or they were not asked.
    public var metalsAndCoinsProblems: [Wording] {
        asked.filter { $0.role == .metalsAndCoins }.flatMap { Self.problem($0.outcome, $0.provider) + $0.refused }
    }

    /// Whether any provider's rates in use changed.
    public var changedAny: Bool { asked.contains { $0.outcome == .updated } }

    /// A refresh that did not work, in words.
    static func problem(_ outcome: RefreshOutcome, _ provider: Provider) -> [Wording] {
        switch outcome {
        case .failed(let reason): return [Wording("Could not refresh %@: %@", provider.sourceWording, reason)]
        case .waitUntil: return [Wording("%@ asked not to be asked again for a while", provider.sourceWording)]
        case .updated, .unchanged, .skipped, .networkOff: return []
        }
    }
}
