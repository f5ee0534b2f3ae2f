import CambioCore
import CambioStore
import Foundation

/// Where each provider lives. Every base URL can be overridden for tests; the same paths are
/// appended to it as to the real host.
public struct Endpoints: Sendable, Equatable {
    public var bases: [Provider: String]

    public static let defaults: [Provider: String] = [
        .erapi: "https://open.er-api.com",
        .ecb: "https://www.ecb.europa.eu",
        .frankfurter: "https://api.frankfurter.dev/v2",
        .cbr: "https://www.cbr.ru",
        .currencyapi: "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest",
        .coinbase: "https://api.coinbase.com",
    ]

    /// Where a provider documents a second address for when the first fails: currency-api's
    /// Cloudflare Pages copy of the jsDelivr files.
    public var fallbacks: [Provider: String]

    public static let defaultFallbacks: [Provider: String] = [
        .currencyapi: "https://latest.currency-api.pages.dev",
    ]

    public static let environmentKeys: [Provider: String] = [
        .erapi: "CAMBIO_ERAPI_URL", .ecb: "CAMBIO_ECB_URL",
        .frankfurter: "CAMBIO_FRANKFURTER_URL", .cbr: "CAMBIO_CBR_URL",
        .currencyapi: "CAMBIO_CURRENCYAPI_URL", .coinbase: "CAMBIO_COINBASE_URL",
    ]

    /// The fallback's own variable. A provider whose first address is overridden has no
    /// fallback unless this names one (a test must not reach the real second address).
    public static let fallbackEnvironmentKeys: [Provider: String] = [
        .currencyapi: "CAMBIO_CURRENCYAPI_FALLBACK_URL",
    ]

    public init(environment: [String: String]) {
        func trimmed(_ v: String) -> String { v.hasSuffix("/") ? String(v.dropLast()) : v }
        var b = Self.defaults
        var f = Self.defaultFallbacks
        for (provider, key) in Self.environmentKeys {
            if let v = environment[key], !v.isEmpty { b[provider] = trimmed(v); f[provider] = nil }
        }
        for (provider, key) in Self.fallbackEnvironmentKeys {
            if let v = environment[key], !v.isEmpty { f[provider] = trimmed(v) }
        }
        bases = b
        fallbacks = f
    }

    /// The provider's newest rates at its first address, then at its fallback if it has one.
    public func addresses(_ provider: Provider) -> [String] {
        [latest(provider)] + (fallbacks[provider].map { [latest(provider, at: $0)] } ?? [])
    }

    /// The newest rates of every currency the provider has.
    public func latest(_ provider: Provider) -> String { latest(provider, at: bases[provider]!) }

    func latest(_ provider: Provider, at base: String) -> String {
        switch provider {
        case .erapi: return base + "/v6/latest/USD"
        case .ecb: return base + "/stats/eurofxref/eurofxref-daily.xml"
        case .frankfurter: return base + "/rates?expand=providers"
        case .cbr: return base + "/scripts/XML_daily.asp"
        case .currencyapi: return base + "/v1/currencies/\(provider.requestedBase.lowercased()).json"
        case .coinbase: return base + "/v2/exchange-rates?currency=\(provider.requestedBase)"
        }
    }

    /// The ECB's last 90 days, to fill the days between the bundled history and the daily file.
    public var ecbHistory90Days: String { bases[.ecb]! + "/stats/eurofxref/eurofxref-hist-90d.xml" }

    /// The ECB's own daily rates from `start` to `end`, through Frankfurter (`providers=ECB`).
    public func frankfurterRange(_ start: Day, _ end: Day) -> String {
        bases[.frankfurter]! + "/rates?from=\(start.iso)&to=\(end.iso)&providers=ECB"
    }

    /// A pair's official daily rates from `start` to `end`, with who published each:
    /// the average of the central banks, or one institution's own figures.
    /// `group`: "week" or "month" for averages.
    public func frankfurterPair(base: String, quote: String, from start: Day, to end: Day, institution: String?,
                                group: String? = nil) -> String {
        bases[.frankfurter]! + "/rates?from=\(start.iso)&to=\(end.iso)&base=\(base)&quotes=\(quote)&expand=providers"
            + (institution.map { "&providers=\($0)" } ?? "") + (group.map { "&group=\($0)" } ?? "")
    }
}

/// Fetches, validates and keeps each provider's rates. The last good answer stays in use and on
/// disk whatever goes wrong.
@MainActor public final class RatesService {
    public let cache: RateCache
    public let endpoints: Endpoints
    /// The app's one session, with its network gate (it makes its libsoup session on the first
    /// request, not at start-up).
    let client: HTTPClient
    let now: () -> Date
    public private(set) var answers: [Provider: (answer: CachedAnswer, snapshot: ProviderSnapshot)] = [:]
    /// Cache files that could not be read and were renamed aside.
    public private(set) var setAside: [(provider: Provider, path: String, reason: String)] = []
    public private(set) var refreshing: Set<Provider> = []
    /// The ECB's 90-day history, fetched when the daily rates run ahead of the known history.
    public private(set) var ecbHistory: (answer: CachedAnswer, snapshot: ProviderSnapshot)?
    /// The bundled ECB rates (the history already at hand): its last day, and its rates,
    /// which a 90-day history is checked against.
    public var bundled: RateTable?
    var historyEnd: Day? { bundled?.date }
    /// Told of every new answer once it is cached (the history store records it).
    public var onNewAnswer: (@MainActor (ProviderSnapshot) -> Void)?
    /// Told when an answer for the history is refused (the daily rates stay in use).
    public var onHistoryRefused: (@MainActor (Wording) -> Void)?

    public init(cache: RateCache, endpoints: Endpoints, client: HTTPClient, now: @escaping () -> Date = Date.init) {
        self.cache = cache; self.endpoints = endpoints; self.client = client; self.now = now
    }

    /// Starts from answers already read from the cache (at start-up, on another thread).
    public func seed(_ cached: [Provider: CachedRates], ecbHistory: CachedRates? = nil) {
        for (provider, c) in cached { answers[provider] = (c.answer, c.snapshot) }
        if let h = ecbHistory { self.ecbHistory = (h.answer, h.snapshot) }
    }

    public func loadCache() {
        let all = cache.loadAll(today: ProviderParser.today(now()), now: now())
        seed(all.answers, ecbHistory: all.ecbHistory)
        setAside = all.setAside
    }

    /// The bundle's rates per euro, read only when a 90-day history is checked.
    private var bundledEuroRates: [String: Decimal] {
        guard let bundled, bundled.base == "EUR" else { return [:] }
        return bundled.rates.mapValues(\.value)
    }

    /// Days the ECB published that neither the bundled history nor the 90-day file cover,
    /// before `day`.
    func ecbGap(before day: Day) -> Bool {
        let known = [historyEnd, ecbHistory?.snapshot.newestDay].compactMap { $0 }.max()
        guard let known else { return false }
        return TargetCalendar.nextBusinessDay(after: known) < day
    }

    /// Fetches the ECB's 90-day history when the daily rates are ahead of the known history.
    /// A failure here leaves everything as it was; the daily rates are already stored.
    func fillECBGap(before day: Day) async {
        guard ecbGap(before: day) else { return }
        do {
            let response = try await client.get(endpoints.ecbHistory90Days)
            let fetchedAt = now()
            let snapshot = try ProviderParser.parse(.ecb, response.body, today: ProviderParser.today(fetchedAt), expecting: .history)
            try AnswerCheck.check(snapshot, base: "EUR", kept: nil, today: ProviderParser.today(fetchedAt))
            // Each day against the one before it; and the first against the bundle's last day when
            // it follows that day within a month (an older bundle says nothing of today's rates).
            if let first = snapshot.days.keys.min() {
                let near = historyEnd.map { first <= $0.adding(days: 31) } ?? false
                try AnswerCheck.checkSeries(snapshot, base: "EUR", from: first, to: ProviderParser.today(fetchedAt).adding(days: 1),
                                            before: near ? bundledEuroRates : [:])
            }
            let answer = CachedAnswer(provider: .ecb, fetchedAt: fetchedAt, etag: response.etag, lastModified: response.lastModified,
                                      nextPublication: fetchedAt.addingTimeInterval(86_400), body: response.body)
            try cache.store(answer, history: true)
            ecbHistory = (answer, snapshot)
            onNewAnswer?(snapshot)
        } catch NetworkError.networkOff {
        } catch {
            // Past-date conversions fall back to the bundled history; nothing is lost. A refused
            // answer is said; a failed request is not (the daily rates were stored).
            if error is ProviderError {
                onHistoryRefused?(Wording("The ECB's history of the last 90 days was not used: %@", Wording(error: error)))
            }
        }
    }

    /// Asks `provider` for new rates when the policy allows; keeps the old ones on any failure.
    /// With the network off (the client's gate), nothing is asked and `.networkOff` comes back.
    public func refresh(_ provider: Provider, trigger: RefreshPolicy.Trigger, interval: RefreshInterval) async -> RefreshOutcome {
        let cached = answers[provider]?.answer
        switch RefreshPolicy.decide(trigger: trigger, interval: interval, networkAllowed: client.networkAllowed, cached: cached, now: now()) {
        case .networkOff: return .networkOff
        case .skip(let until): return .skipped(until: until)
        case .request: break
        }
        guard !refreshing.contains(provider) else { return .skipped(until: now()) }
        // Retry-After is honoured even for an explicit refresh: the server said when.
        if let notBefore = cache.retryNotBefore(provider, now: now()), notBefore > now() { return .waitUntil(notBefore) }
        refreshing.insert(provider)
        defer { refreshing.remove(provider) }
        // The first address, then the fallback (currency-api's): a failure of both is said of both;
        // a server's "not now" (HTTP 429) holds only when no address answered.
        var failures: [Wording] = []
        var limited: TimeInterval?? = nil
        for url in endpoints.addresses(provider) {
            do {
                return try await ask(provider, at: url, cached: cached)
            } catch NetworkError.networkOff {
                return .networkOff
            } catch NetworkError.rateLimited(let after) {
                limited = .some(after)
            } catch {
                failures.append(Wording(error: error))
            }
        }
        if let after = limited {
            // Without a Retry-After, wait 20 minutes (open.er-api.com's usual block).
            let until = now().addingTimeInterval(min(after ?? 1200, RetryAfter.cap))
            try? cache.setRetryNotBefore(provider, until)
            return .waitUntil(until)
        }
        if failures.count > 1 {
            return .failed(Wording("%@; at its second address: %@", failures[0], failures[1]))
        }
        return .failed(failures.first ?? Wording("no answer"))
    }

    /// Puts in use the provider's answer on disk (`onDisk`, read just now) when it is newer than
    /// the one in use (kept by another process since). True when it was adopted.
    func adopt(_ provider: Provider, _ onDisk: RateCache.Load) -> Bool {
        switch onDisk {
        case .loaded(let answer, let snapshot):
            guard let disk = snapshot.newestDay else { return false }
            let newer = answers[provider].map { old in
                guard let day = old.snapshot.newestDay else { return true }
                return disk > day || (disk == day && answer.fetchedAt > old.answer.fetchedAt)
            } ?? true
            guard newer else { return false }
            answers[provider] = (answer, snapshot)
            onNewAnswer?(snapshot)
            return true
        case .setAside(let path, let reason):
            setAside.append((provider, path, reason))
            return false
        case .notYet, .missing, .unreadable:
            // One dated after today is kept as it is: an answer that passes every check by this
            // clock's today sets it aside only when it replaces it.
            return false
        }
    }

    /// Metals and coins the last answer of each provider did not give, and why: their last good
    /// values stayed in use (`MetalsAndCoinsCheck`).
    public private(set) var refusals: [Provider: [Wording]] = [:]

    /// One request to one address; the answer checked and stored, or the reason it was not.
    private func ask(_ provider: Provider, at url: String, cached: CachedAnswer?) async throws -> RefreshOutcome {
        var headers: [String: String] = [:]
        if let etag = cached?.etag { headers["If-None-Match"] = etag }
        if let modified = cached?.lastModified { headers["If-Modified-Since"] = modified }
        let response = try await client.get(url, headers: cached == nil ? [:] : headers)
        let fetchedAt = now(), today = ProviderParser.today(fetchedAt)
        // Another process (the command line, a second window) may have kept a newer answer
        // since this one was read: the answer is weighed against the file as it is now.
        let onDisk = cache.load(provider, today: today, now: fetchedAt)
        let adopted = adopt(provider, onDisk)
        if adopted && response.status == 304 { return .updated }
        if response.status == 304, let old = answers[provider] {
            let next = RefreshPolicy.nextPublication(provider, after: old.snapshot.newestDay!, providerSays: old.snapshot.nextUpdate)
            let confirmed = old.answer.confirmed(at: fetchedAt, nextPublication: max(next, fetchedAt.addingTimeInterval(3600)))
            try cache.store(confirmed)
            answers[provider] = (confirmed, old.snapshot)
            return .unchanged
        }
        var snapshot = try ProviderParser.parse(provider, response.body, today: today)
        if adopted, let answerDay = snapshot.newestDay, answerDay <= answers[provider]!.snapshot.newestDay! { return .updated }
        // Nothing replaces the kept answer unless it is what was asked, and no older or wilder.
        try AnswerCheck.check(snapshot, base: provider.requestedBase, kept: answers[provider]?.snapshot, today: today)
        var checked: [Day: [String: Decimal]]? = nil
        refusals[provider] = []
        if provider.isMetalsAndCoins {
            // Code by code: a refused or missing metal or coin keeps its last good value.
            let merged = try MetalsAndCoinsCheck.merge(snapshot, kept: answers[provider]?.snapshot)
            snapshot = merged.snapshot
            checked = merged.snapshot.days
            refusals[provider] = merged.refusals
        }
        let next = RefreshPolicy.nextPublication(provider, after: snapshot.newestDay!, providerSays: snapshot.nextUpdate)
        let answer = CachedAnswer(provider: provider, fetchedAt: fetchedAt, etag: response.etag,
                                  lastModified: response.lastModified,
                                  nextPublication: max(next, fetchedAt.addingTimeInterval(3600)), body: response.body,
                                  checked: checked)
        if case .notYet(let path, let day) = onDisk {
            // Dated after today by this clock: renamed aside, not written over, and said.
            let reason = Wording("its rates are dated %@, after today by this computer’s clock (%@)", .verbatim(day.iso), .verbatim(today.iso)).description
            let aside = SetAside.rename(URL(fileURLWithPath: path), reason: reason, now: fetchedAt)
            setAside.append((provider, aside.path, aside.reason))
        }
        try cache.store(answer) // only now does the old copy get replaced, atomically
        answers[provider] = (answer, snapshot)
        onNewAnswer?(snapshot)
        if provider == .ecb, let newest = snapshot.newestDay { await fillECBGap(before: newest) }
        return .updated
    }
}
