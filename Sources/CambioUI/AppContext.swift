import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// What a screen may be given of the app's context: each page and window takes only the parts
/// it uses (an `AppContext` is all of them).

/// How figures, days and currency names are written, and when that changes (Preferences).
@MainActor protocol DisplayContext: AnyObject {
    var formatter: DecimalFormatter { get }
    /// The card or exchange fee shown with converted amounts; nil when off.
    var fee: Fee? { get }
    var days: DayFormatter { get }
    var catalog: CurrencyCatalog { get }
    var locale: LocaleEnvironment { get }
    func name(_ code: String) -> String
    func observeDisplay(_ body: @escaping @MainActor () -> Void)
    /// The digits amounts show (Preferences): every page writes its figures again.
    func setDecimalPlaces(_ places: DecimalPlaces)
}

/// The rates in use, in words too, and when they change.
@MainActor protocol RatesContext: AnyObject {
    var rates: RateTable? { get }
    func observeRates(_ body: @escaping @MainActor () -> Void)
    func ratesDescription(now: Date) -> String
    func staleDays(now: Date) -> Int?
}

extension RatesContext {
    func ratesDescription() -> String { ratesDescription(now: Date()) }
    func staleDays() -> Int? { staleDays(now: Date()) }
}

/// The user's data (lists, favourites, amounts, plans, own rates): read as `state`, changed
/// through these methods, saved once typing pauses.
@MainActor protocol UserDataContext: AnyObject {
    var state: AppState { get }
    func setCurrencies(_ list: CurrencyListState)
    func setConverter(_ converter: ConverterState)
    func updateInvestments(_ change: (inout InvestmentState) -> Void)
    func setReference(_ code: String)
    func setUserRate(_ rate: UserRate) throws(UserRateProblem)
    func removeUserRateSaying(_ code: String, toast: @MainActor (String) -> Void)
    /// The rate alerts' file (shared with `cambio alert`).
    var alerts: Alerts { get }
}

/// Toasts and the status line.
@MainActor protocol NoticesContext: AnyObject {
    var notices: Notices { get }
}

/// The engine's services: refreshing rates, the history, stocks, the preferences.
@MainActor protocol ServicesContext: AnyObject {
    var engine: Engine { get }
    var historyData: any HistoryOpening { get }
    var stocks: any StockPrices { get }
    var preferences: Preferences { get }
}

/// What every screen shares: the engine (rates, preferences, history, stocks), the locale's
/// formatters, and the user's data (the list, favourites, typed amounts), whose changes go
/// through methods that save.
@MainActor public final class AppContext: DisplayContext, RatesContext, UserDataContext, NoticesContext, ServicesContext {
    /// The engine the command line uses too.
    public let engine: Engine
    public let locale: LocaleEnvironment
    public let paths: AppPaths
    public var alerts: Alerts { Alerts(paths: paths) }
    public let catalog: CurrencyCatalog
    /// Locale marks and the user's choice of decimal places.
    public private(set) var formatter: DecimalFormatter
    /// The card or exchange fee results show with them; nil when off (Preferences).
    public private(set) var fee: Fee?
    public let days: DayFormatter
    /// The user's data, saved in the data file. Every change to it is saved (once typing
    /// pauses): no screen has to remember to. Changed only through the methods below.
    public private(set) var state: AppState {
        didSet { if state != oldValue { scheduleSave() } }
    }
    /// Problems found at start-up, shown in the window's status line.
    public let problems: [String]
    /// Toasts and the status line: what the window tells the user.
    let notices = Notices()
    let store: StateFile
    /// The state as this window last read or wrote the file: a save applies the changes made
    /// here since onto what the file holds then (another window may have saved in between)...
    private var saved: AppState
    /// ...unless the file still holds this, what was read at start-up or this window saved
    /// alone: then the window's state replaces it.
    private var fileThen: AppState?
    private(set) var saveTimer: TimerHandle?
    /// Called when a save fails, with the reason.
    var onSaveError: ((String) -> Void)?
    /// Called after a save succeeded (a failure's message goes away).
    var onSaved: (() -> Void)?
    /// The last save failed (its message is showing).
    private var saveFailed = false
    /// Called with a problem found later than start-up (shown in the window's message strip).
    var onProblem: ((String) -> Void)?
    private var preferencesObservation: Observation?

    /// The preferences (GSettings).
    public var preferences: Preferences { engine.preferences }
    /// The rates in use: the primary provider's last good answer, else the bundled ECB history.
    public var rates: RateTable? { engine.table }
    /// When the rates in use were fetched; nil for the bundled ones.
    public var ratesFetchedAt: Date? { engine.fetchedAt }
    /// The rate history on disk, opened when first needed.
    var historyData: any HistoryOpening { engine.history }
    /// Stock prices (Investments).
    var stocks: any StockPrices { engine.stocks }

    /// Loads everything now, on this thread (tests, tools).
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executable: URL = BundledData.executable,
                            sourceTree: URL? = AppContext.sourceTree,
                            preferences: Preferences? = nil) {
        Gettext.prepare(environment: environment, executable: executable, sourceTree: sourceTree)
        self.init(data: StartupData.load(environment: environment, executable: executable, sourceTree: sourceTree,
                                         names: Gettext.currencyName, words: { Gettext.translate($0) }),
                  environment: environment, preferences: preferences ?? Preferences())
    }

    public init(data: StartupData, environment: [String: String] = ProcessInfo.processInfo.environment,
                preferences: Preferences = Preferences()) {
        engine = Engine(data: data, environment: environment, preferences: preferences)
        locale = data.locale
        paths = data.paths
        formatter = data.formatter.with(preferences.decimalPlaces).with(signs: preferences.currencySigns)
        fee = preferences.fee
        days = data.days
        catalog = data.catalog
        state = data.state
        saved = data.state
        fileThen = data.savedState
        if engine.settingsMoved { state.dropSettings() }
        store = data.stateFile
        problems = engine.startupProblems.map(say)
        engine.history.onProblem = { [weak self] in self?.onProblem?(say($0)) }
        preferencesObservation = preferences.observe { [weak self] key in
            guard let self else { return }
            switch key {
            case .decimalPlaces: self.formatter = self.formatter.with(self.preferences.decimalPlaces)
            case .currencySigns: self.formatter = self.formatter.with(signs: self.preferences.currencySigns)
            case .feeEnabled, .feePercent:
                // A percent set by hand elsewhere (gsettings) may be unusable: said, and left out.
                if let problem = self.preferences.feeProblem { self.onProblem?(say(problem)) }
                guard self.preferences.fee != self.fee else { return }
                self.fee = self.preferences.fee
            default: return
            }
            self.displayObservers.forEach { $0() }
        }
    }

    /// The package's source tree in a development build (nil in release builds).
    public nonisolated static var sourceTree: URL? { BundledData.sourceTree }

    /// The window is gone: nothing reports to it or redraws it any more.
    func detach() {
        notices.detach()
        onProblem = nil
        onSaveError = nil
        onSaved = nil
        preferencesObservation?.cancel()
        displayObservers.removeAll()
        engine.close()
    }

    /// Screens that show rates, told when the rates in use change.
    func observeRates(_ body: @escaping @MainActor () -> Void) { engine.observeRates(body) }

    /// Screens that show amounts of money, told when the way they are written or the reference
    /// currency changes.
    private var displayObservers: [@MainActor () -> Void] = []

    func observeDisplay(_ body: @escaping @MainActor () -> Void) { displayObservers.append(body) }

    /// Preferences: the digits shown in amounts of money, applied to every screen at once.
    public func setDecimalPlaces(_ places: DecimalPlaces) {
        guard places != preferences.decimalPlaces else { return }
        preferences.decimalPlaces = places // the observer above writes every screen again
    }

    /// The currency rates are shown against (Currencies) and results can be shown in (Investments).
    public func setReference(_ code: String) {
        guard code != state.currencies.referenceCode, catalog[code] != nil else { return }
        state.currencies.referenceCode = code
        displayObservers.forEach { $0() }
    }

    /// Puts a rate table in use and refreshes every screen that shows rates (tests, the benchmark).
    public func useRates(_ table: RateTable, fetchedAt: Date? = nil) {
        engine.useRates(table, fetchedAt: fetchedAt)
    }

    /// The rates in use in words (`RatesInUse`): "ECB rates of Oct 30, 2026 · updated 3 h ago".
    public func ratesDescription(now: Date = Date()) -> String {
        RatesInUse.description(rates, fetchedAt: ratesFetchedAt, now: now, days: days, words: L10n.translations)
    }

    /// Days the rates in use are old, when that is worth saying (`RatesInUse`).
    public func staleDays(now: Date = Date()) -> Int? { RatesInUse.staleDays(rates, now: now) }

    /// Sets (or replaces) a currency's own rate: checked against the rates in use, saved in the
    /// data file, applied to every screen at once, and recorded in the rate history.
    func setUserRate(_ rate: UserRate) throws(UserRateProblem) {
        var rates = state.userRates
        try rates.set(rate, table: engine.table)
        state.userRates = rates
        engine.useUserRates(rates)
        engine.recordUserRate(rate.code)
    }

    /// Removes a currency's own rate: the providers' rate is in use again at once. What the
    /// history recorded stays (it was the rate in use on that day).
    @discardableResult
    func removeUserRate(_ code: String) -> Bool {
        var rates = state.userRates
        guard rates.remove(code) else { return false }
        state.userRates = rates
        engine.useUserRates(rates)
        return true
    }

    /// Removes a currency's own rate and says so.
    func removeUserRateSaying(_ code: String, toast: @MainActor (String) -> Void) {
        guard removeUserRate(code) else { return }
        toast(Template.fill(tr("Your rate for %@ is removed"), code))
    }

    /// The user's data on the Investments page, changed in one go (and saved once typing pauses).
    func updateInvestments(_ change: (inout InvestmentState) -> Void) {
        var investments = state.investments
        change(&investments)
        state.investments = investments
    }

    /// The list of currencies as the Currencies page has it now (or the benchmark sets).
    public func setCurrencies(_ list: CurrencyListState) {
        if state.currencies != list { state.currencies = list }
    }

    /// The Converter's amount, currencies and favourites as its page has them now.
    func setConverter(_ converter: ConverterState) {
        if state.converter != converter { state.converter = converter }
    }

    /// Saves soon, once typing pauses.
    func scheduleSave() {
        saveTimer?.cancel()
        saveTimer = TimerHandle.once(milliseconds: 400) { [weak self] in self?.saveNow(lock: .never) }
    }

    /// Saves now (also at shutdown). What another window saved since this one last read or
    /// wrote the file is kept (`StateStore.save`). A failure is reported, the previous file
    /// stays; a file that could not all be read is set aside first, and the user told where.
    /// `lock`: whether to wait while another Cambio is saving (at shutdown), or to try again a
    /// little later (while the window runs: its main loop never waits on another process).
    public func saveNow(lock: FileLock.Wait = .untilFree) {
        saveTimer?.cancel()
        saveTimer = nil
        do {
            let report = try store.save(state, mergingSince: saved, fileThen: fileThen, lock: lock)
            saved = state
            // A file that holds another window's changes besides this one's is merged with at
            // every later save, even when nothing else wrote it since: this window lacks them.
            fileThen = report.written == state ? report.written : nil
            if let aside = report.setAside {
                onProblem?(Template.fill(tr("Your saved data could not all be read (%@). The file was kept as %@, and what Cambio shows is saved in its place."),
                                         aside.reason, aside.path))
            }
            if saveFailed { saveFailed = false; onSaved?() }
        } catch is FileLock.Busy {
            scheduleSave()
        } catch {
            saveFailed = true
            onSaveError?(Template.fill(tr("Your changes could not be saved: %@"), say(Wording(error: error))))
        }
    }

    /// The localized name of a currency, or its code.
    func name(_ code: String) -> String { catalog[code]?.localizedName ?? code }
}
