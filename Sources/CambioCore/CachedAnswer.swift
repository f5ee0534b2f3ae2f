import Foundation

/// A provider's last good answer, as kept on disk: the validated body and what the next
/// request needs (validators for a conditional request, when new rates appear).
public struct CachedAnswer: Codable, Equatable, Sendable {
    public let provider: Provider
    public let fetchedAt: Date
    public let etag: String?
    public let lastModified: String?
    /// When the provider publishes next (its own word, or the ECB's calendar).
    public let nextPublication: Date
    public let body: Data
    /// For the metals' and coins' sources: the rates in use as checked code by code (day →
    /// code → decimal), the answer's own without what was refused, with the kept days that
    /// still supply a metal or coin it lacked. Nil for the fiat sources, whose body is all.
    public let checked: [String: [String: String]]?

    public init(provider: Provider, fetchedAt: Date, etag: String?, lastModified: String?, nextPublication: Date, body: Data,
                checked: [Day: [String: Decimal]]? = nil) {
        self.provider = provider; self.fetchedAt = fetchedAt; self.etag = etag
        self.lastModified = lastModified; self.nextPublication = nextPublication; self.body = body
        self.checked = checked.map { days in
            Dictionary(uniqueKeysWithValues: days.map { ($0.key.iso, $0.value.mapValues { "\($0)" }) })
        }
    }

    private init(_ other: CachedAnswer, fetchedAt: Date, nextPublication: Date) {
        provider = other.provider; self.fetchedAt = fetchedAt; etag = other.etag; lastModified = other.lastModified
        self.nextPublication = nextPublication; body = other.body; checked = other.checked
    }

    /// The same answer, confirmed unchanged (HTTP 304) at `date`.
    public func confirmed(at date: Date, nextPublication: Date) -> CachedAnswer {
        CachedAnswer(self, fetchedAt: date, nextPublication: nextPublication)
    }

    /// The rates in use as checked, when the answer has them (a metal's or coin's source): each a
    /// positive decimal of a plausible day, else the file is not Cambio's. The body was checked
    /// when it came and is not read again. Nil for a fiat source's answer, which is its body.
    public func checkedSnapshot(today: Day) throws -> ProviderSnapshot? {
        guard let checked else { return nil }
        var days: [Day: [String: Decimal]] = [:]
        for (iso, row) in checked {
            guard let day = Day(iso: iso) else { throw ProviderError.implausibleDate(iso) }
            days[day] = try row.mapValues { text in
                guard let v = Decimal(plain: text) else { throw ProviderError.invalidRate(code: "?", value: text) }
                return v
            }
        }
        let snapshot = ProviderSnapshot(provider: provider, base: provider.requestedBase, days: days)
        try ProviderParser.validate(snapshot, today: today)
        return snapshot
    }
}

/// A provider's answer from the cache, parsed.
public struct CachedRates: Sendable, Equatable {
    public let answer: CachedAnswer
    public let snapshot: ProviderSnapshot
    public init(answer: CachedAnswer, snapshot: ProviderSnapshot) { self.answer = answer; self.snapshot = snapshot }
}
