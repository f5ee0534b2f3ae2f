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
    public let store: StateStore
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
        var state = firstRunState(catalog: catalog, locale: locale)
        var savedState: AppState? = nil
        func adopt(_ saved: AppState) -> [String] {
            let adopted = adopting(saved, catalog: catalog, locale: locale)
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
                           savedState: savedState, store: store, cached: cached, ecbHistory: ecbHistory, problems: problems)
    }
}

extension StartupData {
    /// What a first start shows: the locale's currency first.
    static func firstRunState(catalog: CurrencyCatalog, locale: LocaleEnvironment) -> AppState {
        AppState(currencies: CurrencyListState.firstRun(localeCurrency: locale.localeCurrencyCode, catalog: catalog),
                 converter: ConverterState.firstRun(localeCurrency: locale.localeCurrencyCode, catalog: catalog))
    }

    /// A saved state as the app uses it: what the catalogue does not know goes (the first start's
    /// lists stand in for a list left empty), and so do user rates that cannot be used, named in
    /// `dropped`.
    static func adopting(_ saved: AppState, catalog: CurrencyCatalog, locale: LocaleEnvironment) -> (state: AppState, dropped: [String]) {
        let first = firstRunState(catalog: catalog, locale: locale)
        var state = saved
        state.currencies = saved.currencies.sanitized(catalog: catalog, fallback: first.currencies)
        state.converter = saved.hasSavedConverter ? saved.converter.sanitized(catalog: catalog, fallback: first.converter) : first.converter
        let (userRates, dropped) = saved.userRates.sanitized(catalog: catalog)
        state.userRates = userRates
        return (state, dropped)
    }

    /// The data file saved again by the window or the command line, read as at start-up; nil when
    /// it cannot be read now (the state in use stays).
    public func reloadState() -> AppState? {
        switch store.load() {
        case .loaded(let saved), .loadedIgnoring(let saved, _): return Self.adopting(saved, catalog: catalog, locale: locale).state
        case .missing, .corrupt, .unreadable: return nil
        }
    }
}

/// A provider's answer from the cache, parsed.
public struct CachedRates: Sendable, Equatable {
    public let answer: CachedAnswer
    public let snapshot: ProviderSnapshot
    public init(answer: CachedAnswer, snapshot: ProviderSnapshot) { self.answer = answer; self.snapshot = snapshot }
}

/// Loads `StartupData` on its own thread; `wait()` hands it over.
public final class StartupPreload: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: StartupData?

    public init(environment: [String: String], executable: URL, sourceTree: URL?, names: (@Sendable (String) -> String)? = nil,
                words: (@Sendable (String) -> String)? = nil) {
        Thread.detachNewThread { [self] in
            data = StartupData.load(environment: environment, executable: executable, sourceTree: sourceTree, names: names, words: words)
            done.signal()
        }
    }

    public func wait() -> StartupData {
        done.wait()
        done.signal() // later calls return at once
        return data!
    }
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
