import CambioCore
import CambioGLib
import CambioNet
import CGtk
import Foundation

/// What every screen shares: locale, catalogue, rates, saved state. Built once at start-up.
@MainActor public final class AppContext {
    public let locale: LocaleEnvironment
    public let paths: AppPaths
    public let catalog: CurrencyCatalog
    /// Locale marks and the user's choice of decimal places.
    public private(set) var formatter: DecimalFormatter
    public let days: DayFormatter
    /// The rates in use: the primary provider's last good answer, else the bundled ECB history.
    public private(set) var rates: RateTable?
    /// When the rates in use were fetched; nil for the bundled ones.
    public private(set) var ratesFetchedAt: Date?
    /// The bundled ECB rates, the last fallback.
    public let bundled: RateTable?
    /// Each provider's last good answer read from the cache at start-up.
    public let cachedAtStart: [Provider: CachedRates]
    public let ecbHistoryAtStart: CachedRates?
    public var state: AppState
    /// Problems found at start-up, shown in the window's banner.
    public let problems: [String]
    let store: StateStore
    private var saveTimer: guint = 0
    /// Called when a save fails, with the reason.
    var onSaveError: ((String) -> Void)?
    /// Called after a save succeeded (a failure's message goes away).
    var onSaved: (() -> Void)?
    /// The last save failed (its message is showing).
    private var saveFailed = false
    /// The message strip's key for a failed save.
    static let saveMessageKey = "state-save"
    /// Called with a problem found later than start-up (shown in the window's message strip).
    var onProblem: ((String) -> Void)?
    /// The rate history on disk, opened when first needed.
    private(set) lazy var historyData = HistoryData(context: self)
    /// Stock prices (Investments), made when the page is first shown.
    private(set) lazy var stocks: StockService = {
        let environment = ProcessInfo.processInfo.environment
        let dir = BundledData.directory(environment: environment, executable: BundledData.executable,
                                        paths: paths, sourceTree: AppContext.sourceTree)
        return StockService(cache: StockCache(paths: paths), keys: APIKeyStore(paths: paths),
                            endpoint: AlphaVantageEndpoint(environment: environment),
                            sampleFile: dir?.appendingPathComponent(SampleStocks.fileName))
    }()

    /// Loads everything now, on this thread (tests, tools).
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executable: URL = BundledData.executable,
                            sourceTree: URL? = AppContext.sourceTree) {
        self.init(data: StartupData.load(environment: environment, executable: executable, sourceTree: sourceTree))
    }

    public init(data: StartupData) {
        locale = data.locale
        paths = data.paths
        formatter = data.formatter.with(data.state.settings.decimalPlaces)
        days = data.days
        catalog = data.catalog
        bundled = data.rates
        cachedAtStart = data.cached
        ecbHistoryAtStart = data.ecbHistory
        state = data.state
        rates = RateTable.compose(primary: data.state.settings.provider,
                                  answers: data.cached.mapValues(\.snapshot), bundled: data.rates)
        ratesFetchedAt = data.cached[data.state.settings.provider]?.answer.fetchedAt
        store = data.store
        L10n.catalog = data.messages
        problems = data.problems.map(Self.describe)
    }

    static func describe(_ problem: StartupProblem) -> String {
        switch problem {
        case .catalogUnavailable(let reason):
            return String(format: tr("Currency names are unavailable: %@"), reason)
        case .bundledRatesUnreadable(let path, let reason):
            return String(format: tr("The bundled rates could not be read (%@): %@"), path, reason)
        case .bundledRatesMissing:
            return tr("The bundled rates were not found; set CAMBIO_DATA_DIR to Cambio's data folder.")
        case .stateSetAside(let path, let reason):
            return String(format: tr("Your saved currencies could not be read (%@). The file was kept as %@ and the default list is shown."), reason, path)
        case .stateUnreadable(let reason):
            return String(format: tr("Your saved currencies could not be read: %@. The file is kept as it is, and changes are not saved."), reason)
        case .stateFieldsIgnored(let fields):
            return String(format: tr("Some saved settings could not be read and were left at their defaults: %@"),
                          fields.joined(separator: "; "))
        case .cacheUnreadable(let provider, let reason):
            return String(format: tr("The saved %@ rates could not be read (%@); the file is kept as it is."),
                          sourceName(provider.sourceName), reason)
        case .networkOffUntilChosen:
            return tr("Your choice about using the network could not be read, so Cambio sends nothing until you turn the network on in Preferences.")
        case .cacheSetAside(let provider, let path, let reason):
            return String(format: tr("The saved %@ rates could not be read (%@); the file was kept as %@."),
                          sourceName(provider.sourceName), reason, path)
        }
    }

    /// Prints how long each start-up step took (CAMBIO_TRACE_STARTUP=1), to stderr.
    struct StartupTrace {
        let enabled: Bool
        nonisolated(unsafe) private static var processStart: UInt64 = DispatchTime.now().uptimeNanoseconds
        private var start: UInt64 { Self.processStart }
        init(enabled: Bool) { self.enabled = enabled }
        static var shared: StartupTrace { StartupTrace(enabled: ProcessInfo.processInfo.environment["CAMBIO_TRACE_STARTUP"] != nil) }
        func mark(_ step: String) {
            guard enabled else { return }
            let origin = start // read first: the origin is set on first use
            let ms = Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e6
            FileHandle.standardError.write(Data(String(format: "startup %8.2f ms  %@\n", ms, step).utf8))
        }
    }

    /// The package's source tree in a development build (nil in release builds).
    public nonisolated static var sourceTree: URL? { BundledData.sourceTree }

    /// Screens that show rates, told when the rates in use change.
    private var rateObservers: [@MainActor () -> Void] = []

    func observeRates(_ body: @escaping @MainActor () -> Void) { rateObservers.append(body) }

    /// Screens that show amounts of money, told when the way they are written or the reference
    /// currency changes.
    private var displayObservers: [@MainActor () -> Void] = []

    func observeDisplay(_ body: @escaping @MainActor () -> Void) { displayObservers.append(body) }

    /// Preferences: the digits shown in amounts of money, applied to every screen at once.
    public func setDecimalPlaces(_ places: DecimalPlaces) {
        guard places != state.settings.decimalPlaces else { return }
        state.settings.decimalPlaces = places
        formatter = formatter.with(places)
        scheduleSave()
        displayObservers.forEach { $0() }
    }

    /// The currency rates are shown against (Currencies) and results can be shown in (Investments).
    public func setReference(_ code: String) {
        guard code != state.currencies.referenceCode, catalog[code] != nil else { return }
        state.currencies.referenceCode = code
        scheduleSave()
        displayObservers.forEach { $0() }
    }

    /// Puts a new rate table in use and refreshes every screen that shows rates.
    public func useRates(_ table: RateTable, fetchedAt: Date? = nil) {
        rates = table
        ratesFetchedAt = fetchedAt
        rateObservers.forEach { $0() }
    }

    /// "ECB rates of 30 Oct 2026" or "open.er-api.com rates of 22 Nov 2026 · updated 3 h ago".
    public func ratesDescription(now: Date = Date()) -> String {
        guard let table = rates else { return tr("No rates available") }
        var text = String(format: tr("%@ rates of %@"), sourceName(table.source), days.string(table.date))
        if let fetched = ratesFetchedAt {
            text += " \u{00B7} " + Self.age(now.timeIntervalSince(fetched))
        }
        return text
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago".
    static func agoText(_ seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return tr("just now") }
        if s < 3600 { return String(format: trn("%d min ago", "%d min ago", s / 60), s / 60) }
        if s < 86_400 { return String(format: trn("%d h ago", "%d h ago", s / 3600), s / 3600) }
        return String(format: trn("%d day ago", "%d days ago", s / 86_400), s / 86_400)
    }

    static func age(_ seconds: TimeInterval) -> String {
        String(format: tr("updated %@"), agoText(seconds))
    }

    /// Days between the rates' publication and today; nil when they are current enough
    /// (the ECB publishes no rates at weekends and on TARGET holidays).
    public func staleDays(now: Date = Date()) -> Int? {
        guard let table = rates, RateAge.isStale(table.date, today: Day(now)) else { return nil }
        return RateAge.days(table.date, today: Day(now))
    }

    /// Saves soon, once typing pauses.
    func scheduleSave() {
        MainContext.cancel(saveTimer)
        saveTimer = MainContext.after(milliseconds: 400) { [weak self] in
            self?.saveTimer = 0
            self?.saveNow()
        }
    }

    /// Saves now (also at shutdown). A failure is reported, the previous file stays.
    public func saveNow() {
        MainContext.cancel(saveTimer)
        saveTimer = 0
        do {
            try store.save(state)
            if saveFailed { saveFailed = false; onSaved?() }
        } catch {
            saveFailed = true
            onSaveError?(String(format: tr("Your changes could not be saved: %@"), say(Wording(error: error))))
        }
    }

    /// "ECB · 30 Oct 2026".
    func sourceLine(_ source: String, _ day: Day) -> String {
        "\(sourceName(source)) \u{00B7} \(days.string(day))"
    }

    /// The localized name of a currency, or its code.
    func name(_ code: String) -> String { catalog[code]?.localizedName ?? code }
}
