import XCTest
import CGtk
import CambioGLib
import CambioServices
@testable import CambioCore
@testable import CambioUI
@testable import CambioStore

/// A real window in a private home, rebuilt by `makeWindow` (a restart) (run under Xvfb by `make test`).
@MainActor
class WindowTestCase: XCTestCase {
    var window: MainWindow!
    var context: AppContext!
    var home: URL!
    /// Every start's context in this test (`makeWindow`), the last one is `context`.
    private var contexts: [AppContext] = []

    override func setUp() async throws {
        if gtk_is_initialized() == 0 {
            XCTAssertNotEqual(gtk_init_check(), 0, "no display: run under xvfb-run")
        }
        // What AdwApplication does in "startup" (the window is an AdwWindow without one).
        Adwaita.initialize()
        // No MainLoopBridge here: XCTest's run loop drains the main queue while a test awaits, and
        // a bridge would take its wake-ups from inside the test's own main-actor job.
        home = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-ui-\(UUID().uuidString)")
        makeWindow(lang: "en_US.UTF-8")
    }

    override func tearDown() async throws {
        if let window { gtk_window_destroy(cast(window.window.widget)) }
        MainContext.drain()
        // XCTest keeps each test case (and so its context) until the whole run ends: a save still
        // waiting for typing to pause would fire during a later test and make this home again.
        // Saved now, as the app saves at shutdown; then the home goes.
        if context?.savePending == true { context.saveNow() }
        // A history being opened on another thread (the bundle imported: seconds), in this start
        // or an earlier one of the test, would make the home again once it is gone: awaited (its
        // end comes back to the main actor).
        let started = contexts
        await waitUntil(timeout: 60) { !started.contains(where: { $0.historyData.isOpening }) }
        window = nil
        context = nil
        contexts = []
        try? FileManager.default.removeItem(at: home)
    }

    /// Nothing answers here: a request would fail with "refused".
    static let deadEndpoints = ["CAMBIO_ERAPI_URL": "http://127.0.0.1:9", "CAMBIO_ECB_URL": "http://127.0.0.1:9",
                                "CAMBIO_FRANKFURTER_URL": "http://127.0.0.1:9", "CAMBIO_CBR_URL": "http://127.0.0.1:9",
                                "CAMBIO_ALPHAVANTAGE_URL": "http://127.0.0.1:9", "CAMBIO_CURRENCYAPI_URL": "http://127.0.0.1:9",
                                "CAMBIO_COINBASE_URL": "http://127.0.0.1:9"]
    var preferences: Preferences?
    /// Addresses that take the place of the dead ones (a local server's) at the next start.
    var endpoints: [String: String] = [:]

    /// Builds the window as a start of the app would, from what is saved in `home`.
    /// `size`: the window's size (else its default), set before it shows as a desktop would.
    /// `present`: false leaves the window built but not shown (the test shows it).
    /// `language`: LANGUAGE, the messages' language over `lang`'s (numbers and dates stay `lang`'s).
    func makeWindow(lang: String, language: String? = nil, size: (width: Int32, height: Int32)? = nil, present: Bool = true) {
        if let window { gtk_window_destroy(cast(window.window.widget)); MainContext.drain() }
        // One preferences store a test (in memory), kept across its restarts as dconf would be.
        if preferences == nil { preferences = Preferences(backend: .memory) }
        context = AppContext(environment: ["HOME": home.path, "LANG": lang, "LANGUAGE": language ?? "",
                                           "XDG_DATA_HOME": home.appendingPathComponent("data").path]
                                 .merging(Self.deadEndpoints) { $1 }.merging(endpoints) { $1 },
                             preferences: preferences)
        contexts.append(context)
        window = MainWindow(application: nil, context: context)
        if let size { window.window.defaultSize(width: size.width, height: size.height) }
        guard present else { return }
        window.present()
        MainContext.drain()
    }

    /// Waits until `done` holds, or `timeout` seconds have passed; true if it held. GLib runs
    /// between the checks (timers, frames, signals), and the test awaits, so that work coming
    /// back to the main actor from other threads (a history read, a store opened) gets in too.
    /// The one wait of the tests that await; `runMainLoop` runs GLib alone for layouts.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 10, _ done: () -> Bool) async -> Bool {
        let end = MainContext.monotonicSeconds + timeout
        while !done() {
            guard MainContext.monotonicSeconds < end else { return false }
            // A few iterations, not a drain: a spinner always has a frame to draw.
            for _ in 0..<5 { g_main_context_iteration(nil, 0) }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return true
    }

    /// The bundled ECB history is the shared file `make` builds (data/ecb-history.sqlite), read
    /// beside each test's own store: nothing to import.
    func installImportedHistory() throws {
        let shared = AppContext.sourceTree!.appendingPathComponent("data").appendingPathComponent(BundledData.sharedHistory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shared.path), "make builds \(shared.path)")
    }

    /// A signal without arguments, as GTK emits it when the user acts ("stop-search" for Escape in
    /// a search entry).
    func emit(_ signal: String, on widget: WidgetRef, type: GType) {
        var instance = GValue()
        g_value_init(&instance, type)
        g_value_set_object(&instance, gpointerOf(widget))
        defer { g_value_unset(&instance) }
        g_signal_emitv(&instance, g_signal_lookup(signal, type), 0, nil)
    }

    /// Clicks the button of the toast on screen ("clicked", as a click emits it), then lets the
    /// toast go as it does after a click; false when no toast with a button shows.
    @discardableResult
    func pressToastButton() -> Bool {
        guard let button = context.notices.toastButtonShown else { return false }
        emit("clicked", on: button.widget, type: gtk_button_get_type())
        MainContext.drain()
        return true
    }

    /// Enter in an entry: its "activate" signal (gtk_widget_activate does not reach entries).
    func emitActivate(_ widget: WidgetRef, type: GType) {
        var instance = GValue()
        g_value_init(&instance, type)
        g_value_set_object(&instance, gpointerOf(widget))
        defer { g_value_unset(&instance) }
        g_signal_emitv(&instance, g_signal_lookup("activate", type), 0, nil)
    }
}

/// A window with its Preferences window: `openPreferences` presents it over the main window
/// (it goes with its parent, destroy-with-parent; then there is nothing left to destroy).
@MainActor
extension WindowTestCase {
    /// Runs until the History page has loaded (and `also` holds) or 60 s have passed. Loads run
    /// off the main thread and come back to the main actor: awaiting lets them in (a GLib spin
    /// inside this test's own main-actor job would not).
    func waitForHistory(_ page: HistoryPage, also: () -> Bool = { true }) async throws {
        await waitUntil(timeout: 60) { page.isLoaded && !page.isLoading && also() }
    }
}

class PreferencesTestCase: WindowTestCase {
    var rates: RatesController!
    var prefs: PreferencesWindow!

    /// Opens Preferences over the window (at `size`, a phone's for instance, when given).
    func openPreferences(size: (width: Int32, height: Int32)? = nil) {
        rates = RatesController(context: context)
        rates.attach(window)
        prefs = PreferencesWindow(context: context, rates: rates)
        prefs.window.onDestroy { [weak self] in self?.prefs = nil }
        if let size { prefs.window.defaultSize(width: size.width, height: size.height) }
        prefs.present(over: window.window)
        MainContext.drain()
    }

    override func tearDown() async throws {
        if let prefs { prefs.window.destroy() }
        try await super.tearDown()
    }
}

/// Tests/CambioNetTests/fault_server.py on 127.0.0.1 (real payloads, and an imitation of
/// Frankfurter v2 at /fv2), started once per test process; it exits when this process ends and
/// its standard input closes.
enum LocalServer {
    nonisolated(unsafe) private static var process: Process?
    nonisolated(unsafe) private static var input: Pipe?

    static let port: Int = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", AppContext.sourceTree!.appendingPathComponent("Tests/CambioNetTests/fault_server.py").path]
        let out = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardInput = inp
        try! p.run()
        var line = Data()
        while !line.contains(0x0A) { line.append(out.fileHandleForReading.availableData) }
        process = p
        input = inp
        return Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
    }()

    static func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
