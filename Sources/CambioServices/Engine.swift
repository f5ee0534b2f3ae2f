import CambioCore
import CambioGLib
import CambioNet
import CambioStore
import Foundation

/// The one engine behind the window and the command line: the preferences, the network gate,
/// the rates in use and how they are refreshed (with the provider fallback), the rate history,
/// stock prices, and the start-up problems in words. Neither surface wires a service itself.
@MainActor public final class Engine {
    public nonisolated let data: StartupData
    nonisolated let environment: [String: String]
    /// The one HTTP session; its gate follows the "Use the network" preference (`networkAllowed`).
    let client: HTTPClient
    public let preferences: Preferences
    let endpoints: Endpoints
    let rates: RatesService
    /// The rate history on disk, opened when first needed.
    public var history: any HistoryOpening { historyAccess }
    let historyAccess: HistoryAccess
    /// The rates in use: the primary provider's last good answer with what it lacks filled from
    /// the others, else the bundled ECB rates; the user's own rates in place of theirs.
    public private(set) var table: RateTable?
    /// The rates the user set by hand (the data file's list), applied to every conversion.
    public private(set) var userRates: UserRates
    /// When the primary provider's rates in use were fetched; nil for the bundled ones.
    public private(set) var fetchedAt: Date?
    /// The data file's settings were taken over by GSettings: the file need not carry them.
    public let settingsMoved: Bool
    private var rateObservers: [@MainActor () -> Void] = []
    private var preferencesObservation: Observation?
    private let sourceTree: URL?

    public convenience init(data: StartupData, environment: [String: String] = ProcessInfo.processInfo.environment,
                            preferences: Preferences = Preferences(), sourceTree: URL? = BundledData.sourceTree) {
        self.init(data: data, environment: environment, client: HTTPClient(userAgent: HTTPClient.userAgent),
                  preferences: preferences, sourceTree: sourceTree)
    }

    /// With a session of the caller's (tests).
    init(data: StartupData, environment: [String: String] = ProcessInfo.processInfo.environment,
         client: HTTPClient, preferences: Preferences = Preferences(), sourceTree: URL? = BundledData.sourceTree) {
        self.data = data
        self.environment = environment
        self.client = client
        self.preferences = preferences
        self.sourceTree = sourceTree
        userRates = data.state.userRates
        let readable = !data.problems.contains { if case .stateUnreadable = $0 { return true }; return false }
        settingsMoved = preferences.adopt(fromDataFile: data.state.savedSettings, readable: readable)
        endpoints = Endpoints(environment: environment)
        let bundle = BundledData.directory(environment: environment, executable: BundledData.executable,
                                           paths: data.paths, sourceTree: sourceTree)?.appendingPathComponent(BundledData.sharedHistory)
        let (endpoints, client) = (endpoints, client)
        historyAccess = HistoryAccess(paths: data.paths, bundle: bundle,
                                cached: data.cached.values.map(\.snapshot) + [data.ecbHistory?.snapshot].compactMap { $0 },
                                sync: { HistorySync(store: $0, endpoints: endpoints, client: client) })
        rates = RatesService(cache: RateCache(paths: data.paths), endpoints: endpoints, client: client)
        rates.seed(data.cached, ecbHistory: data.ecbHistory)
        rates.bundled = data.rates
        rates.onNewAnswer = { [historyAccess] snapshot in historyAccess.record(snapshot) }
        rates.onHistoryRefused = { [historyAccess] reason in historyAccess.onProblem?(reason) }
        // The gate opens only now that the user's choice is read, and follows it.
        client.allowNetwork(preferences.networkAllowed)
        preferencesObservation = preferences.observe { [weak self] key in
            guard let self else { return }
            switch key {
            case .networkAllowed: self.client.allowNetwork(self.preferences.networkAllowed)
            case .provider: self.useCurrentProvider()
            case .metalsAndCoins, .refreshInterval, .decimalPlaces, .feeEnabled, .feePercent, .officialSource, .currencySigns: break
            }
        }
        useCurrentProvider()
    }

    /// Stops following the preferences and telling the screens (their window is gone).
    public func close() {
        preferencesObservation?.cancel()
        rateObservers.removeAll()
    }

    /// The problems found at start-up, in words (the data file, caches, bundle, catalogue, and
    /// preferences that cannot be kept).
    public var startupProblems: [Wording] {
        data.problems.map(\.wording) + [preferences.problem, preferences.feeProblem].compactMap { $0 }
    }

    // MARK: Rates

    /// Told when the rates in use change.
    public func observeRates(_ body: @escaping @MainActor () -> Void) { rateObservers.append(body) }

    /// Whether requests may leave: the "Use the network" preference, which the one HTTP session
    /// follows. Off, no request leaves (rates, history, stocks); what is saved stays in use.
    /// Set: the choice is saved (the preference) and the session follows it at once.
    public var networkAllowed: Bool {
        get { client.networkAllowed }
        set {
            client.allowNetwork(newValue)
            if preferences.networkAllowed != newValue { preferences.networkAllowed = newValue }
        }
    }

    /// A refresh is under way (the window's Refresh button spins).
    public var isRefreshing: Bool { !rates.refreshing.isEmpty }

    /// Puts the primary provider's last good answer in use (else the bundled ECB rates), with
    /// what it lacks filled from the other providers' answers.
    func useCurrentProvider() {
        let provider = preferences.provider
        guard let composed = RateTable.compose(primary: provider, answers: rates.answers.mapValues(\.snapshot),
                                               bundled: data.rates) else { return }
        table = composed.applying(userRates.all)
        fetchedAt = rates.answers[provider]?.answer.fetchedAt
        rateObservers.forEach { $0() }
    }

    /// Puts a rate table in use (tests, the benchmark), with the user's rates applied to it.
    public func useRates(_ table: RateTable, fetchedAt: Date? = nil) {
        self.table = table.applying(userRates.all)
        self.fetchedAt = fetchedAt
        rateObservers.forEach { $0() }
    }

    // MARK: The user's own rates

    /// Puts the user's rates in use at once (set or removed), for every screen and conversion.
    public func useUserRates(_ rates: UserRates) {
        userRates = rates
        // `applying` starts again from the providers' rates: the previous user rates go.
        table = table?.applying(rates.all)
        rateObservers.forEach { $0() }
    }

    /// Records a user rate in the rate history, on the day it was set, as the rates in use
    /// convert it then (what one unit bought in every currency), under a source of its own.
    public func recordUserRate(_ code: String) {
        guard let publication = table?.userPublication(code) else { return }
        historyAccess.record([publication])
        historyAccess.whenReady { _ in } // opens the store if this run has not yet, so the record is written
    }

    /// Asks the primary provider when the policy allows (always when asked explicitly), puts
    /// a good answer in use, then, when `wanted` has currencies it lacks, asks the broadest
    /// other source too. Any failure leaves the rates in use as they were.
    /// `metalsAndCoins`: whether to ask for them too (when the preference allows): the window
    /// always does; a command only when it names one. The report has every provider's outcome.
    public func refresh(_ trigger: RefreshPolicy.Trigger, wanted: [String] = [], metalsAndCoins: Bool = true) async -> RefreshReport {
        let provider = preferences.provider
        var report = await refresh(only: provider, trigger: trigger)
        let missing = Self.missing(from: rates.answers[provider]?.snapshot, wanted: wanted)
        if !missing.isEmpty, let filler = Self.filler(for: provider) {
            let outcome = await rates.refresh(filler, trigger: trigger, interval: preferences.refreshInterval)
            report.append(.init(provider: filler, role: .filler, outcome: outcome, refused: rates.refusals[filler] ?? []))
            if case .updated = outcome { useCurrentProvider() }
        }
        if metalsAndCoins && preferences.metalsAndCoins {
            for asked in await refreshMetalsAndCoins(trigger).asked { report.append(asked) }
        }
        return report
    }

    /// Asks `provider` alone (the command line's `refresh --provider`), as the primary source,
    /// and puts a good answer in use.
    public func refresh(only provider: Provider, trigger: RefreshPolicy.Trigger) async -> RefreshReport {
        let outcome = await rates.refresh(provider, trigger: trigger, interval: preferences.refreshInterval)
        if outcome.answered { useCurrentProvider() }
        return RefreshReport([.init(provider: provider, role: .primary, outcome: outcome, refused: rates.refusals[provider] ?? [])])
    }

    /// The metals and coins, alongside whichever fiat source is chosen: currency-api first;
    /// Coinbase when currency-api failed or lacks a coin today. A failure keeps the last good
    /// values and is said in the report (`metalsAndCoinsProblems`).
    public func refreshMetalsAndCoins(_ trigger: RefreshPolicy.Trigger) async -> RefreshReport {
        let interval = preferences.refreshInterval
        var report = RefreshReport()
        let first = await rates.refresh(.currencyapi, trigger: trigger, interval: interval)
        report.append(.init(provider: .currencyapi, role: .metalsAndCoins, outcome: first, refused: rates.refusals[.currencyapi] ?? []))
        let coins = rates.answers[.currencyapi].flatMap { a in a.snapshot.newestDay.flatMap { a.snapshot.days[$0] } } ?? [:]
        let failed: Bool
        switch first {
        case .failed, .waitUntil: failed = true
        case .updated, .unchanged, .skipped, .networkOff: failed = false
        }
        if failed || !MetalsAndCoins.coins.isSubset(of: Set(coins.keys).union([Provider.currencyapi.requestedBase])) {
            let second = await rates.refresh(.coinbase, trigger: trigger, interval: interval)
            report.append(.init(provider: .coinbase, role: .metalsAndCoins, outcome: second, refused: rates.refusals[.coinbase] ?? []))
        }
        if report.changedAny { useCurrentProvider() }
        return report
    }

    /// The currencies of `wanted` the primary's newest publication lacks.
    static func missing(from primary: ProviderSnapshot?, wanted: [String]) -> [String] {
        guard let primary, let newest = primary.newestDay, let row = primary.days[newest] else { return [] }
        let have = Set(row.keys).union([primary.base])
        // A metal or coin is no fiat source's to give: its own sources are asked for it.
        return wanted.filter { !have.contains($0) && !MetalsAndCoins.codes.contains($0) }
    }

    /// The broadest other source, asked for what the primary lacks.
    static func filler(for primary: Provider) -> Provider? {
        [Provider.erapi, .cbr, .ecb, .frankfurter].first { $0 != primary }
    }

    // MARK: Stocks

    /// Stock prices: Alpha Vantage through the one session, the stock cache, the bundled sample.
    public var stocks: any StockPrices { stockService }

    private(set) lazy var stockService: StockService = {
        let dir = BundledData.directory(environment: environment, executable: BundledData.executable,
                                        paths: data.paths, sourceTree: sourceTree)
        return StockService(cache: StockCache(paths: data.paths), keys: APIKeyStore(paths: data.paths),
                            endpoint: AlphaVantageEndpoint(environment: environment),
                            sampleFile: dir?.appendingPathComponent(SampleStocks.fileName), client: client)
    }()
}
