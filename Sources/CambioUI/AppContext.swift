import CambioCore
import CambioGLib
import CGtk
import Foundation

/// What every screen shares: locale, catalogue, rates, saved state. Built once at start-up.
@MainActor public final class AppContext {
    public let locale: LocaleEnvironment
    public let paths: AppPaths
    public let catalog: CurrencyCatalog
    public let formatter: DecimalFormatter
    public let days: DayFormatter
    public private(set) var rates: RateTable?
    public var state: AppState
    /// Problems found at start-up, shown in the window's banner.
    public private(set) var problems: [String] = []
    let store: StateStore
    private var saveTimer: guint = 0
    /// Called when a save fails, with the reason.
    var onSaveError: ((String) -> Void)?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]),
                sourceTree: URL? = AppContext.sourceTree) {
        let trace = StartupTrace(enabled: environment["CAMBIO_TRACE_STARTUP"] != nil)
        defer { trace.mark("context ready") }
        locale = LocaleEnvironment(environment: environment)
        paths = AppPaths(environment: environment)
        formatter = DecimalFormatter(locale: locale.numbers)
        days = DayFormatter(locale: locale.dates)
        trace.mark("locale and formatters")

        let dataDir = BundledData.directory(environment: environment, executable: executable,
                                            paths: paths, sourceTree: sourceTree)
        if let dataDir {
            L10n.catalog = MessageCatalog.load(domain: "cambio", languages: locale.languages,
                                               localeDirs: [dataDir.appendingPathComponent("locale").path, "/usr/share/locale"])
        }
        var problems: [String] = []
        var catalog: CurrencyCatalog
        do {
            catalog = try CurrencyCatalog.system(languages: locale.languages)
        } catch {
            problems.append(String(format: tr("Currency names are unavailable: %@"), "\(error)"))
            catalog = CurrencyCatalog(currencies: CurrencyListState.popular.map {
                Currency(code: $0, englishName: $0, minorUnits: CurrencyCatalog.minorUnitExceptions[$0] ?? 2)
            })
        }
        self.catalog = catalog
        trace.mark("currency catalogue")

        if let dataDir {
            let file = dataDir.appendingPathComponent(BundledData.marker)
            do {
                let data = try Data(contentsOf: file, options: .alwaysMapped)
                rates = try ECBHistoryCSV.latest(data) { catalog[$0]?.isActive == true }
            } catch {
                problems.append(String(format: tr("The bundled rates could not be read (%@): %@"), file.path, "\(error)"))
            }
        } else {
            problems.append(tr("The bundled rates were not found; set CAMBIO_DATA_DIR to Cambio's data folder."))
        }

        trace.mark("bundled rates")
        store = StateStore(url: paths.stateFile)
        let firstRun = CurrencyListState.firstRun(localeCurrency: locale.localeCurrencyCode, catalog: catalog)
        switch store.load() {
        case .missing:
            state = AppState(currencies: firstRun)
        case .loaded(let saved):
            var s = saved
            s.currencies = saved.currencies.sanitized(catalog: catalog, fallback: firstRun)
            state = s
        case .corrupt(let aside, let reason):
            problems.append(String(format: tr("Your saved currencies could not be read (%@). The file was kept as %@ and the default list is shown."), reason, aside.path))
            state = AppState(currencies: firstRun)
        case .unreadable(let reason):
            problems.append(String(format: tr("Your saved currencies could not be read: %@"), reason))
            state = AppState(currencies: firstRun)
        }
        self.problems = problems
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

    /// The package's source tree, for a development build run from `.build/`.
    public nonisolated static var sourceTree: URL? {
        let here = URL(fileURLWithPath: #filePath) // <tree>/Sources/CambioUI/AppContext.swift
        let tree = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: tree.appendingPathComponent("Package.swift").path) ? tree : nil
    }

    /// Screens that show rates, told when the rates in use change.
    private var rateObservers: [@MainActor () -> Void] = []

    func observeRates(_ body: @escaping @MainActor () -> Void) { rateObservers.append(body) }

    /// Puts a new rate table in use and refreshes every screen that shows rates.
    public func useRates(_ table: RateTable) {
        rates = table
        rateObservers.forEach { $0() }
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
        } catch {
            onSaveError?(String(format: tr("Your changes could not be saved: %@"), error.localizedDescription))
        }
    }

    /// "ECB · 30 Oct 2026".
    func sourceLine(_ rate: Rate) -> String {
        "\(rate.source) \u{00B7} \(days.string(rate.date))"
    }

    /// The localized name of a currency, or its code.
    func name(_ code: String) -> String { catalog[code]?.localizedName ?? code }
}
