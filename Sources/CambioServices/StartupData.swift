import CambioCore
import CambioGLib
import CambioStore
import Foundation

/// Everything the app loads before its window: no GTK, so it can load on another core while
/// GTK starts.
public struct StartupData: Sendable {
    public let locale: LocaleEnvironment
    public let paths: AppPaths
    public let formatter: DecimalFormatter
    public let days: DayFormatter
    public let catalog: CurrencyCatalog
    public let rates: RateTable?
    public let state: AppState
    /// The state file as it was read, before the catalogue's clean-up (`adopting`); nil when
    /// there was none, or it was not read whole. A save that finds it unchanged replaces it.
    public let savedState: AppState?
    /// The data file, which the window saves to.
    public let stateFile: StateFile
    var store: StateStore { stateFile.store }
    /// Each provider's last good answer on disk.
    public let cached: [Provider: CachedRates]
    /// The ECB's 90-day history, if it was ever fetched to fill a gap.
    public let ecbHistory: CachedRates?
    public let problems: [StartupProblem]

    /// `names`: currency names in the user's language (the window passes gettext's; nil: English);
    /// `words`: Cambio's own words in it (the coins' names, "one troy ounce").
    public static func load(environment: [String: String], executable: URL, sourceTree: URL?,
                            names: (@Sendable (String) -> String)? = nil,
                            words: (@Sendable (String) -> String)? = nil) -> StartupData {
        let locale = LocaleEnvironment(environment: environment)
        let paths = AppPaths(environment: environment)
        var problems: [StartupProblem] = []
        let catalog = loadCatalog(names: names, words: words, &problems)
        let dataDir = BundledData.directory(environment: environment, executable: executable,
                                            paths: paths, sourceTree: sourceTree)
        let rates = loadBundledRates(in: dataDir, catalog: catalog, &problems)
        let store = StateStore(url: paths.stateFile)
        let (state, savedState) = loadState(store, catalog: catalog, locale: locale, &problems)
        let now = Date()
        if let clock = Day.clockProblem(now: now) { problems.append(.clock(clock)) }
        let all = loadCaches(paths: paths, now: now, &problems)

        // The day formatter opens ICU's date formatter on its first use, which takes a while:
        // done here, on the loading thread, rather than while the window builds its first page.
        let days = DayFormatter(locale: locale.dates)
        _ = days.string(Day(Date()))
        // The currency signs too (ICU asked for each currency's, a few ms).
        let formatter = DecimalFormatter(locale: locale.numbers, signs: CurrencySigns(locale: locale.numbers))
        return StartupData(locale: locale, paths: paths, formatter: formatter,
                           days: days, catalog: catalog, rates: rates, state: state, savedState: savedState,
                           stateFile: StateFile(store: store), cached: all.answers, ecbHistory: all.ecbHistory, problems: problems)
    }

    /// iso-codes' currencies with the metals and coins; without iso-codes, the popular codes
    /// named by their codes, and the problem said.
    private static func loadCatalog(names: (@Sendable (String) -> String)?, words: (@Sendable (String) -> String)?,
                                    _ problems: inout [StartupProblem]) -> CurrencyCatalog {
        do {
            return try CurrencyCatalog.system(names: names, words: words)
        } catch {
            problems.append(.catalogUnavailable(reason: Wording(error: error).description))
            return CurrencyCatalog(currencies: CurrencyListState.popular.map {
                Currency(code: $0, englishName: $0, minorUnits: CurrencyCatalog.minorUnitExceptions[$0] ?? 2)
            })
        }
    }

    /// The newest day of the bundled ECB history, the rates of the first start.
    private static func loadBundledRates(in dataDir: URL?, catalog: CurrencyCatalog, _ problems: inout [StartupProblem]) -> RateTable? {
        guard let dataDir else {
            problems.append(.bundledRatesMissing)
            return nil
        }
        let file = dataDir.appendingPathComponent(BundledData.marker)
        do {
            try SmallFile.requireRegular(file)
            let data = try Data(contentsOf: file, options: .alwaysMapped)
            return try ECBHistoryCSV.latest(data) { catalog[$0] != nil } // withdrawn ones too: BGN's last is 2025-12-31
        } catch {
            problems.append(.bundledRatesUnreadable(path: file.path, reason: Wording(error: error).description))
            return nil
        }
    }

    /// The saved state adopted against the catalogue (the first run's without one), and the file
    /// as read when it was read whole. A file set aside or unreadable never turns the network
    /// back on.
    private static func loadState(_ store: StateStore, catalog: CurrencyCatalog, locale: LocaleEnvironment,
                                  _ problems: inout [StartupProblem]) -> (state: AppState, saved: AppState?) {
        var state = AppState.firstRun(catalog: catalog, locale: locale)
        func adopt(_ saved: AppState) -> [String] {
            let adopted = AppState.adopting(saved, catalog: catalog, locale: locale)
            state = adopted.state
            return adopted.dropped
        }
        switch store.load() {
        case .missing:
            return (state, nil)
        case .loaded(let saved):
            let dropped = adopt(saved)
            if !dropped.isEmpty { problems.append(.stateFieldsIgnored(dropped)) }
            return (state, saved)
        case .loadedIgnoring(let saved, let ignored):
            problems.append(.stateFieldsIgnored(ignored + adopt(saved)))
        case .corrupt(let aside, let reason, let networkAllowed):
            problems.append(.stateSetAside(path: aside.path, reason: reason))
            // The privacy choice is never silently turned back on.
            state.settings.networkAllowed = networkAllowed ?? false
            if networkAllowed == nil { problems.append(.networkOffUntilChosen) }
        case .unreadable(let reason):
            problems.append(.stateUnreadable(reason: reason))
            state.settings.networkAllowed = false
            problems.append(.networkOffUntilChosen)
        }
        return (state, nil)
    }

    /// Each provider's last good answer on disk, with what was set aside, unreadable or dated
    /// after today said.
    private static func loadCaches(paths: AppPaths, now: Date, _ problems: inout [StartupProblem]) -> RateCache.All {
        let all = RateCache(paths: paths).loadAll(today: ProviderParser.today(now), now: now)
        problems += all.setAside.map { .cacheSetAside(provider: $0.provider, path: $0.path, reason: $0.reason) }
        if let folder = all.folderProblem {
            problems.append(.cacheFolderUnusable(reason: folder.description))
        } else {
            problems += all.unreadable.map { .cacheUnreadable(provider: $0.provider, reason: $0.reason) }
        }
        problems += all.notYet.map { .cacheNotYet(provider: $0.provider, day: $0.day, today: Day(now)) }
        return all
    }
}

extension StartupData {
    /// The data file saved again by the window or the command line, read as at start-up; nil when
    /// it cannot be read now (the state in use stays).
    public func reloadState() -> AppState? {
        switch store.load() {
        case .loaded(let saved), .loadedIgnoring(let saved, _): return AppState.adopting(saved, catalog: catalog, locale: locale).state
        case .missing, .corrupt, .unreadable: return nil
        }
    }
}
