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

        let dataDir = BundledData.directory(environment: environment, executable: executable,
                                            paths: paths, sourceTree: sourceTree)
        let catalog: CurrencyCatalog
        do {
            catalog = try CurrencyCatalog.system(names: names, words: words)
        } catch {
            problems.append(.catalogUnavailable(reason: Wording(error: error).description))
            catalog = CurrencyCatalog(currencies: CurrencyListState.popular.map {
                Currency(code: $0, englishName: $0, minorUnits: CurrencyCatalog.minorUnitExceptions[$0] ?? 2)
            })
        }

        var rates: RateTable? = nil
        if let dataDir {
            let file = dataDir.appendingPathComponent(BundledData.marker)
            do {
                try SmallFile.requireRegular(file)
                let data = try Data(contentsOf: file, options: .alwaysMapped)
                rates = try ECBHistoryCSV.latest(data) { catalog[$0] != nil } // withdrawn ones too: BGN's last is 2025-12-31
            } catch {
                problems.append(.bundledRatesUnreadable(path: file.path, reason: Wording(error: error).description))
            }
        } else {
            problems.append(.bundledRatesMissing)
        }

        let store = StateStore(url: paths.stateFile)
        var state = AppState.firstRun(catalog: catalog, locale: locale)
        var savedState: AppState? = nil
        func adopt(_ saved: AppState) -> [String] {
            let adopted = AppState.adopting(saved, catalog: catalog, locale: locale)
            state = adopted.state
            return adopted.dropped
        }
        switch store.load() {
        case .missing:
            break
        case .loaded(let saved):
            savedState = saved
            let dropped = adopt(saved)
            if !dropped.isEmpty { problems.append(.stateFieldsIgnored(dropped)) }
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

        let now = Date()
        if let clock = Day.clockProblem(now: now) { problems.append(.clock(clock)) }
        let all = RateCache(paths: paths).loadAll(today: ProviderParser.today(now), now: now)
        problems += all.setAside.map { .cacheSetAside(provider: $0.provider, path: $0.path, reason: $0.reason) }
        if let folder = all.folderProblem {
            problems.append(.cacheFolderUnusable(reason: folder.description))
        } else {
            problems += all.unreadable.map { .cacheUnreadable(provider: $0.provider, reason: $0.reason) }
        }
        problems += all.notYet.map { .cacheNotYet(provider: $0.provider, day: $0.day, today: Day(now)) }
        let cached = all.answers, ecbHistory = all.ecbHistory

        // The day formatter opens ICU's date formatter on its first use, which takes a while:
        // done here, on the loading thread, rather than while the window builds its first page.
        let days = DayFormatter(locale: locale.dates)
        _ = days.string(Day(Date()))
        return StartupData(locale: locale, paths: paths, formatter: DecimalFormatter(locale: locale.numbers),
                           days: days, catalog: catalog, rates: rates, state: state,
                           savedState: savedState, stateFile: StateFile(store: store), cached: cached, ecbHistory: ecbHistory, problems: problems)
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
