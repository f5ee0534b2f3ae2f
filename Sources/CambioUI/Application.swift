import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// The GtkApplication: one instance per user session; a second launch presents the window.
@MainActor public final class CambioApplication {
    public static let id = "io.github.cambio.Cambio"
    let app: Application
    private(set) var context: AppContext?
    private(set) var window: MainWindow?
    private var rates: RatesController?
    /// Catalogue, rates and saved state load on another core while GTK starts.
    private let preload: StartupPreload
    /// The process's environment, read once (Foundation builds the dictionary anew at each read).
    private let environment: [String: String]

    /// Marks the start of the process for CAMBIO_TRACE_STARTUP.
    public static func traceStart() { StartupTrace.mark("main") }

    public init() {
        // Translations first (it sets LANGUAGE, before any other thread runs).
        let environment = ProcessInfo.processInfo.environment
        self.environment = environment
        Gettext.prepare(environment: environment)
        preload = StartupPreload(environment: environment, executable: BundledData.executable,
                                 sourceTree: AppContext.sourceTree, names: Gettext.currencyName,
                                 words: { Gettext.translate($0) })
        // Before the application starts: AdwApplication loads its styles from them in "startup".
        AppResources.register()
        app = Application(id: Self.id)
        app.on("startup") { [weak self] in self?.startup() }
        app.on("activate") { [weak self] in self?.activate() }
        app.on("shutdown") { [weak self] in self?.context?.saveNow() }
    }

    /// Runs the main loop; returns the exit status.
    /// `--convert "100 USD EUR"` opens the Converter on that amount (POSIX digits) and pair, in
    /// the running instance when there is one.
    public func run(arguments: [String]) -> Int32 {
        MainLoopBridge.install()
        handleStopSignals()
        var arguments = arguments
        let convert = Self.takeConvert(&arguments)
        // Adwaita (and GTK) before the application registers, for a plain start that no running
        // Cambio takes (a second launch stays light; GApplication's own options, such as --help,
        // need no display). In "startup", GtkApplication creates the icon theme, which starts
        // loading on another thread, and adds the app's icon path at once; adw_init then adds
        // Adwaita's, and waits for that whole load before it can. Initialised first, Adwaita adds
        // its path as the theme is created, and the load is over by the time the application
        // adds its own (docs/BENCHMARKS.md has the figures).
        if arguments.count == 1 && !SessionBus.hasOwner(Self.id) { Adwaita.initialize() }
        if let convert {
            // The first instance runs "startup" here; a second one forwards the action. Without
            // registration there is nothing to activate: run() tries again and says why it fails.
            if app.register() { app.activateAction("convert", text: convert) }
        }
        return app.run(arguments: arguments)
    }

    /// Asked to stop (SIGTERM as the session ends, SIGINT, SIGHUP): what waits to be saved is
    /// saved, and the application quits as Ctrl+Q quits it. A second such signal, should the
    /// first not end it, ends the process at once.
    private func handleStopSignals() {
        var stopping = false
        UnixSignals.handle([SIGTERM, SIGINT, SIGHUP]) { [weak self] signal in
            if stopping { _exit(128 + signal) }
            stopping = true
            self?.quit()
        }
    }

    /// Takes `--convert VALUE` (or `--convert=VALUE`) out of `arguments`: GApplication would
    /// refuse an option it does not know.
    static func takeConvert(_ arguments: inout [String]) -> String? {
        guard let i = arguments.firstIndex(where: { $0 == "--convert" || $0.hasPrefix("--convert=") }) else { return nil }
        let word = arguments.remove(at: i)
        if word != "--convert" { return String(word.dropFirst("--convert=".count)) }
        return i < arguments.count ? arguments.remove(at: i) : ""
    }

    /// Opens the Converter on a `--convert` request, now or once the window exists.
    private var pendingConvert: ConvertArgument?
    func convert(_ text: String) {
        guard let context, let request = ConvertArgument.parse(text, isCurrency: { context.catalog[$0] != nil }) else {
            StandardError.write("cambio: --convert takes an amount and two currencies, as \u{201C}100 USD EUR\u{201D}\n")
            return
        }
        if let window { window.openConverter(request) } else { pendingConvert = request }
    }

    private func startup() {
        StartupTrace.mark("GTK started")
        IconThemeWarmUp.start(MainWindow.firstFrameIcons)
        let context = AppContext(data: preload.wait(), environment: environment)
        self.context = context
        StartupTrace.mark("context ready")
        let rates = RatesController(context: context)
        rates.notify = { [weak self] notice in self?.app.send(notice) }
        self.rates = rates
        let list = AppActions.list(for: self)
        shortcutsList = list
        Actions.install(on: app, list.specs)
        app.addAction("convert", text: { [weak self] in self?.convert($0) })
        // An alert's notification: clicked, History on its pair; its button, the alert armed again.
        app.addAction("show-history", text: { [weak self] in self?.showAlertPair($0) })
        app.addAction("rearm-alert", text: { [weak self] in self?.rearmAlert($0) })
    }

    /// A notification clicked: the window (opened when closed) on History for the pair ("USD>EUR").
    func showAlertPair(_ key: String) {
        guard let context, let pair = FavouritesModel.pair(key),
              context.catalog[pair.from] != nil, context.catalog[pair.to] != nil else { return }
        activate()
        window?.showHistory(pair)
    }

    /// A notification's Re-arm: the alert armed again from today, said on the window.
    func rearmAlert(_ text: String) {
        guard let context, let id = Int(text) else { return }
        activate()
        context.alerts.apply({ try $0.rearm(id, today: Day.today()) }, done: tr("Alert armed again: %@"),
                             failed: tr("The alert could not be armed again: %@"), formatter: context.formatter, tell: { context.notices.toast($0) })
    }

    private var shortcutsWindow: Window?
    /// The actions and the widgets' own keys, as the shortcuts window lists them.
    private var shortcutsList: (specs: [ActionSpec], local: [LocalShortcut])?
    private var preferences: PreferencesWindow?

    /// Ctrl+,: the preferences window, built when first asked for and kept while open.
    func showPreferences() {
        guard let context, let rates else { return }
        if preferences == nil {
            let p = PreferencesWindow(context: context, rates: rates)
            p.onKeyChange = { [weak self] in self?.window?.builtInvestmentsPage?.keyChanged() }
            p.window.onDestroy { [weak self] in self?.preferences = nil }
            preferences = p
        }
        preferences?.present(over: window?.window)
    }

    /// Ctrl+?: the shortcuts window, built when first asked for.
    func showShortcuts() {
        let built = shortcutsWindow == nil
        if built, let list = shortcutsList {
            shortcutsWindow = ShortcutsWindow.make(list.specs, list.local)
            shortcutsWindow?.hideOnClose = true
        }
        guard let shortcuts = shortcutsWindow else { return }
        if let w = window?.window { shortcuts.transient(for: w) }
        shortcuts.present()
        // Named once, when first shown: GTK 4.8 did not map a shortcuts window whose parts were
        // named before it was presented.
        if built { shortcuts.nameBuiltInParts(icons: ["edit-find-symbolic": tr("Search shortcuts")], menu: tr("Sections")) }
    }

    /// The primary menu's About Cambio: a new About window over the main window each time.
    func showAbout() {
        AboutCambio.present(over: window?.window)
    }

    private func activate() {
        if let window { window.present(); return }
        guard let context else { return }
        let w = MainWindow(application: app, context: context)
        StartupTrace.mark("window built")
        window = w
        w.window.onDestroy { [weak self] in
            self?.context?.saveNow()
            self?.window = nil
        }
        if let rates {
            rates.attach(w)
            // The network waits for the window: the first refresh starts once it has painted.
            FirstFrame.after(w.window) { [weak rates] in rates?.refresh(.start) }
        }
        // Focused before it is shown: the window's first styling already has the field's focus
        // (GTK would otherwise focus the first page button at map, and restyle both paths when
        // the focus moves).
        w.currencies.focusPrimary()
        w.present()
        if let request = pendingConvert {
            pendingConvert = nil
            w.openConverter(request)
        }
        StartupTrace.mark("window presented")
    }
}

extension CambioApplication: ActionTarget {
    func quit() {
        context?.saveNow()
        app.quit()
    }

    func closeWindow() {
        window?.window.close()
    }

    func refresh() { rates?.refresh(.explicit) }

    func addCurrency() {
        guard let w = window else { return }
        w.showPage(.currencies)
        w.currencies.openPicker()
    }

    func showPage(_ id: PageID) { window?.showPage(id) }
}

/// The app's resources (style.css, style-dark.css, the icon), embedded in the binary by
/// scripts/gen-resources; AdwApplication finds them under its resource base path.
@MainActor public enum AppResources {
    /// Where they are (AdwApplication's resource base path for the id io.github.cambio.Cambio).
    static let basePath = "/io/github/cambio/Cambio"

    /// style.css on the display, for a window built without the application (tests, benchmarks):
    /// what AdwApplication loads in "startup". In place until the sheet is removed.
    public static func styleSheet() -> StyleSheet {
        register()
        return StyleSheet(resource: basePath + "/style.css")
    }

    /// The app's icons in the display's icon theme, as GtkApplication adds them in "startup"
    /// (an icon theme keeps its paths: call it once).
    public static func addIcons() {
        register()
        IconTheme.addResourcePath(basePath + "/icons")
    }

    private static var registered = false
    public static func register() {
        guard !registered else { return }
        registered = true
        let bundle = Data(base64Encoded: GeneratedResources.bundle, options: .ignoreUnknownCharacters) ?? Data()
        let ok = Resources.register(bundle: [UInt8](bundle))
        assert(ok, "the embedded resource bundle is damaged: run scripts/gen-resources")
    }
}
