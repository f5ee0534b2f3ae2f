import CambioCore
import CambioGLib
import CambioServices
import CGtk
import Foundation

/// The GtkApplication: one instance per user session; a second launch presents the window.
@MainActor public final class CambioApplication {
    public static let id = "io.github.cambio.Cambio"
    let app: UnsafeMutablePointer<GtkApplication>
    private(set) var context: AppContext?
    private(set) var window: MainWindow?
    private var rates: RatesController?
    /// Enables the actions that apply to the page shown.
    private var enableActions: (@MainActor (String) -> Void)?
    /// Catalogue, rates and saved state load on another core while GTK starts.
    private let preload = StartupPreload(environment: ProcessInfo.processInfo.environment,
                                         executable: BundledData.executable,
                                         sourceTree: AppContext.sourceTree)

    /// Marks the start of the process for CAMBIO_TRACE_STARTUP.
    public static func traceStart() { AppContext.StartupTrace.shared.mark("main") }

    public init() {
        app = gtk_application_new(Self.id, G_APPLICATION_DEFAULT_FLAGS)!
        Signal.connect(gpointerOf(app), "startup") { [weak self] in self?.startup() }
        Signal.connect(gpointerOf(app), "activate") { [weak self] in self?.activate() }
        Signal.connect(gpointerOf(app), "shutdown") { [weak self] in self?.context?.saveNow() }
    }

    /// Runs the main loop; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        MainLoopBridge.install()
        return withCStringArray(arguments) { argv in
            g_application_run(cast(app), Int32(arguments.count),
                              UnsafeMutablePointer(mutating: UnsafeMutableRawPointer(argv).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)))
        }
    }

    private func startup() {
        AppContext.StartupTrace.shared.mark("GTK started")
        Style.load()
        AppContext.StartupTrace.shared.mark("style loaded")
        let context = AppContext(data: preload.wait())
        self.context = context
        AppContext.StartupTrace.shared.mark("context ready")
        let rates = RatesController(context: context)
        self.rates = rates
        let general = tr("General"), pages = tr("Pages"), converter = tr("Converter and History"), lists = tr("Lists")
        var specs = [
            ActionSpec(name: "quit", accels: ["<Control>q"], group: general, title: tr("Quit")) { [weak self] in
                self?.context?.saveNow()
                if let app = self?.app { g_application_quit(cast(app)) }
            },
            ActionSpec(name: "close-window", accels: ["<Control>w"], group: general, title: tr("Close the window")) { [weak self] in
                if let w = self?.window?.window { gtk_window_close(cast(w) as UnsafeMutablePointer<GtkWindow>) }
            },
            ActionSpec(name: "preferences", accels: ["<Control>comma"], group: general, title: tr("Preferences")) { [weak self] in
                self?.showPreferences()
            },
            ActionSpec(name: "refresh", accels: ["F5", "<Control>r"], group: general, title: tr("Refresh the rates")) { [weak self] in
                self?.rates?.refresh(.explicit)
            },
            ActionSpec(name: "add-currency", accels: ["<Control>n"], group: lists, title: tr("Add a currency")) { [weak self] in
                guard let w = self?.window else { return }
                w.showPage(0)
                w.currencies.openPicker()
            },
            ActionSpec(name: "swap", accels: ["<Control>s"], pages: ["converter", "history"], group: converter,
                       title: tr("Swap the currencies")) { [weak self] in
                guard let w = self?.window else { return }
                w.visiblePage == "history" ? w.history.swap() : w.converter.swap()
            },
            ActionSpec(name: "add-favourite", accels: ["<Control>d"], pages: ["converter"], group: converter,
                       title: tr("Add the pair to the favourites")) { [weak self] in
                self?.window?.converter.addFavourite()
            },
            ActionSpec(name: "search", accels: ["<Control>f"], pages: ["currencies", "converter", "investments"], group: converter,
                       title: tr("Search the favourites, the currencies to add, or the stocks")) { [weak self] in
                guard let w = self?.window else { return }
                switch w.visiblePage {
                case "converter": w.converter.focusSearch()
                case "investments": w.investments.focusPrimary()
                default: w.currencies.openPicker()
                }
            },
        ]
        let titles = [tr("Currencies"), tr("Converter"), tr("History"), tr("Investments"), tr("Calculator")]
        specs += MainWindow.pageNames.indices.map { i in
            ActionSpec(name: "page-\(i + 1)", accels: ["<Alt>\(i + 1)"], group: pages, title: titles[i]) { [weak self] in self?.window?.showPage(i) }
        }
        let local = [
            LocalShortcut(group: lists, title: tr("Move the focused row up or down"), accels: ["<Alt>Up", "<Alt>Down"]),
            LocalShortcut(group: converter, title: tr("Copy the focused result"), accels: ["<Control>c"]),
            LocalShortcut(group: lists, title: tr("Remove the focused target or favourite"), accels: ["Delete"]),
            LocalShortcut(group: tr("Calculator"), title: tr("Result (repeated: the last operation again)"), accels: ["Return", "equal"]),
            LocalShortcut(group: tr("Calculator"), title: tr("Clear"), accels: ["Escape"]),
        ]
        // The window lists every action, itself included.
        final class Listed { var specs: [ActionSpec] = [] }
        let listed = Listed()
        specs.append(ActionSpec(name: "shortcuts", accels: ["<Control>question"], group: general, title: tr("Keyboard shortcuts")) { [weak self] in
            self?.showShortcuts(listed.specs, local)
        })
        listed.specs = specs
        enableActions = Actions.install(on: app, specs)
    }

    private var shortcutsWindow: WidgetRef?
    private var preferences: PreferencesWindow?

    /// Ctrl+,: the preferences window, built when first asked for and kept while open.
    func showPreferences() {
        guard let context, let rates else { return }
        if preferences == nil {
            let p = PreferencesWindow(context: context, rates: rates)
            p.onKeyChange = { [weak self] in self?.window?.builtInvestmentsPage?.keyChanged() }
            Signal.connect(gpointerOf(p.window), "destroy") { [weak self] in self?.preferences = nil }
            preferences = p
        }
        preferences?.present(over: window?.window)
    }

    /// Ctrl+?: the shortcuts window, built when first asked for.
    private func showShortcuts(_ specs: [ActionSpec], _ local: [LocalShortcut]) {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow.make(specs, local)
            if let w = shortcutsWindow { gtk_window_set_hide_on_close(cast(w), 1) }
        }
        guard let shortcuts = shortcutsWindow else { return }
        if let w = window?.window { gtk_window_set_transient_for(cast(shortcuts), cast(w)) }
        gtk_window_present(cast(shortcuts))
    }

    private func activate() {
        if let window { window.present(); return }
        guard let context else { return }
        let w = MainWindow(application: app, context: context)
        AppContext.StartupTrace.shared.mark("window built")
        window = w
        Signal.connect(gpointerOf(w.window), "destroy") { [weak self] in
            self?.context?.saveNow()
            self?.window = nil
        }
        w.onPageChanged = { [weak self] page in self?.enableActions?(page) }
        enableActions?(w.visiblePage)
        if let rates {
            rates.attach(w)
            // The network waits for the window: the first refresh starts once it has painted.
            FirstFrame.after(w.window) { [weak rates] in rates?.refresh(.start) }
        }
        w.present()
        w.currencies.focusPrimary()
        AppContext.StartupTrace.shared.mark("window presented")
    }
}

/// The app's stylesheet, loaded once for the display.
@MainActor public enum Style {
    private static var loaded = false
    public static func load() {
        guard !loaded, let display = gdk_display_get_default() else { return }
        loaded = true
        let provider = gtk_css_provider_new()!
        let css = GeneratedStyle.css
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count))
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
