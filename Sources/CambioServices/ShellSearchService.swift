import CambioCore
import CambioGLib
import CambioStore
import Foundation

/// `cambio --search-provider`: Cambio's answers in the GNOME Shell overview
/// (`org.gnome.Shell.SearchProvider2`), started by the session bus when the Shell first asks and
/// gone again after `idleSeconds` without a call. No display, no network: the answers come from
/// the rates in use on disk, as the window composes them (the engine, seeded from the cache and
/// the bundled ECB file), read again when the window has written new ones.
@MainActor public final class ShellSearchService {
    public static let busName = "io.github.cambio.Cambio.SearchProvider"
    public static let objectPath = "/io/github/cambio/Cambio/SearchProvider"
    /// The app's icon beside each result.
    static let iconName = "io.github.cambio.Cambio"
    /// Seconds without a call before the process exits, as GNOME Calculator's provider does;
    /// CAMBIO_SEARCH_IDLE_SECONDS overrides it (tests).
    public static let idleSeconds: Double = 20

    /// The interface, as the Shell calls it (one line per element: scripts/update-po reads this
    /// file as C, where a multi-line string literal does not parse).
    static let interfaceXML = [
        "<node><interface name='org.gnome.Shell.SearchProvider2'>",
        "<method name='GetInitialResultSet'><arg type='as' name='terms' direction='in'/>",
        "<arg type='as' name='results' direction='out'/></method>",
        "<method name='GetSubsearchResultSet'><arg type='as' name='previous_results' direction='in'/>",
        "<arg type='as' name='terms' direction='in'/><arg type='as' name='results' direction='out'/></method>",
        "<method name='GetResultMetas'><arg type='as' name='identifiers' direction='in'/>",
        "<arg type='aa{sv}' name='metas' direction='out'/></method>",
        "<method name='ActivateResult'><arg type='s' name='identifier' direction='in'/>",
        "<arg type='as' name='terms' direction='in'/><arg type='u' name='timestamp' direction='in'/></method>",
        "<method name='LaunchSearch'><arg type='as' name='terms' direction='in'/>",
        "<arg type='u' name='timestamp' direction='in'/></method>",
        "</interface></node>",
    ].joined()

    let engine: Engine
    private var state: AppState
    private let days: DayFormatter
    private let words = Translations.gettext
    /// Opens the window: `cambio --convert "<amount> FROM TO"`, or `cambio` alone.
    private let launch: @MainActor ([String]) -> Void
    /// What the rate cache and the data file looked like when last read.
    private var cacheStamp: [String]
    private var stateStamp: [String]
    private let cacheFiles: [URL]
    private var idleTimer: UInt32 = 0
    private let idle: Double
    /// Called once no call came for `idle` seconds.
    var onIdle: (@MainActor () -> Void)?

    init(engine: Engine, idle: Double, launch: @escaping @MainActor ([String]) -> Void) {
        self.engine = engine
        self.idle = idle
        self.launch = launch
        state = engine.data.state
        days = engine.data.days
        let cache = RateCache(paths: engine.data.paths)
        cacheFiles = Provider.allCases.map { cache.url($0) } + [cache.url(.ecb, history: true)]
        cacheStamp = Self.stamp(cacheFiles)
        stateStamp = Self.stamp([engine.data.store.url])
    }

    /// The rules, with the user's locale and current choice of digits and signs.
    var search: ShellSearch {
        ShellSearch(catalog: engine.data.catalog,
                    formatter: engine.data.formatter.with(engine.preferences.decimalPlaces).with(signs: engine.preferences.currencySigns),
                    days: days, words: words)
    }

    /// Runs the service until it has been idle for a while; the exit status.
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        setlocale(LC_ALL, "")
        Gettext.prepare(environment: environment)
        let data = StartupData.load(environment: environment, executable: BundledData.executable,
                                    sourceTree: BundledData.sourceTree, names: Gettext.currencyName,
                                 words: { Gettext.translate($0) })
        let engine = Engine(data: data, environment: environment)
        // Said where a D-Bus service's output goes (the journal): the answers may lack something.
        engine.startupProblems.forEach { warn($0.description) }
        let idle = environment["CAMBIO_SEARCH_IDLE_SECONDS"].flatMap(Double.init).map { max(0.05, $0) } ?? idleSeconds
        let executable = BundledData.executable.path
        let service = ShellSearchService(engine: engine, idle: idle) { arguments in
            if let problem = Spawn.detached([executable] + arguments) { warn("cannot open the window: \(problem)") }
        }
        let loop = MainLoop()
        var status: Int32 = 0
        let bus: DBusService
        do {
            bus = try DBusService(objectPath: objectPath, introspectionXML: interfaceXML) { method, parameters in
                service.handle(method, parameters)
            }
        } catch {
            warn("\(error)")
            return 1
        }
        service.onIdle = { loop.quit() }
        var acquired = false
        bus.own(name: busName, onAcquired: { acquired = true; service.touch() }, onLost: {
            // Lost after it was ours: the bus went away (the session ended).
            if !acquired {
                warn("cannot own \(busName) on the session bus (no bus, or another instance has it)")
                status = 1
            }
            loop.quit()
        })
        loop.run()
        bus.unown()
        return status
    }

    static func warn(_ message: String) {
        StandardError.write("cambio --search-provider: \(message)\n")
    }

    /// Restarts the idle countdown.
    func touch() {
        MainContext.cancel(idleTimer)
        idleTimer = MainContext.after(milliseconds: UInt32(idle * 1000)) { [weak self] in
            self?.idleTimer = 0
            self?.onIdle?()
        }
    }

    // MARK: The interface

    func handle(_ method: String, _ parameters: DBusValue) -> Result<DBusValue, DBusError> {
        // The countdown starts again once the call is answered.
        defer { touch() }
        let p = parameters.items
        switch method {
        case "GetInitialResultSet":
            guard let terms = p.first?.strings else { return .failure(DBusError("terms: as")) }
            return .success(.tuple([.strings(results(terms))]))
        case "GetSubsearchResultSet":
            // Narrowing the previous results cannot reach a new pair ("100 usd" → "100 usd to jpy"): ask again.
            guard p.count == 2, let terms = p[1].strings else { return .failure(DBusError("previous results: as, terms: as")) }
            return .success(.tuple([.strings(results(terms))]))
        case "GetResultMetas":
            guard let ids = p.first?.strings else { return .failure(DBusError("identifiers: as")) }
            return .success(.tuple([.array(metas(ids), elementType: "a{sv}")]))
        case "ActivateResult":
            // The Shell itself copies the result's clipboardText when it is chosen (on Wayland and
            // X11 alike), and a service that exits when idle could not keep a clipboard anyway.
            return .success(.tuple([]))
        case "LaunchSearch":
            guard let terms = p.first?.strings else { return .failure(DBusError("terms: as, timestamp: u")) }
            openWindow(terms)
            return .success(.tuple([]))
        default:
            return .failure(DBusError(name: "org.freedesktop.DBus.Error.UnknownMethod", "no method \(method)"))
        }
    }

    /// The ids of the answers to `terms`; none for anything that is not a conversion.
    func results(_ terms: [String]) -> [String] {
        followDisk()
        return search.results(terms, table: engine.table, state: state)
    }

    func metas(_ ids: [String]) -> [DBusValue] {
        followDisk()
        let search = search
        return ids.compactMap { id in
            guard let answer = search.answer(id: id, table: engine.table) else { return nil }
            let m = search.meta(answer)
            return .dictionary([("id", .string(id)), ("name", .string(m.name)), ("description", .string(m.description)),
                                ("clipboardText", .string(m.clipboardText)), ("gicon", .string(Self.iconName)),
                                ("icon", .themedIcon(Self.iconName))])
        }
    }

    /// The window, on the Converter with the first answer's amount and pair (or just the window).
    func openWindow(_ terms: [String]) {
        guard let id = results(terms).first, let answer = search.answer(id: id, table: engine.table) else {
            launch([])
            return
        }
        launch(["--convert", answer.convertArgument])
    }

    // MARK: Following the window's writes

    /// Reads the rate cache again when the window (or `cambio refresh`) wrote new answers, and the
    /// data file when it saved new favourites or another reference currency: a stat of a few files
    /// per call.
    func followDisk() {
        let caches = Self.stamp(cacheFiles)
        if caches != cacheStamp {
            cacheStamp = caches
            engine.rates.loadCache()
            engine.useCurrentProvider()
        }
        let saved = Self.stamp([engine.data.store.url])
        if saved != stateStamp {
            stateStamp = saved
            // As at start-up; a file that cannot be read now leaves the state in use as it was.
            if let s = engine.data.reloadState() {
                state = s
                // Rates set or removed in the window since: in use for the next answer.
                if s.userRates != engine.userRates { engine.useUserRates(s.userRates) }
            }
        }
    }

    /// Each file's modification time and size ("-" when missing).
    static func stamp(_ files: [URL]) -> [String] {
        files.map { url in
            guard let a = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "-" }
            let time = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(time) \((a[.size] as? NSNumber)?.int64Value ?? -1)"
        }
    }
}
