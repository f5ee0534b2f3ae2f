// Figures for `make bench` (never timed tests): per-keystroke recalculation of a list of every
// currency in the domain, and the time until the window shows it; the rate history (the shared
// ECB file beside a new user's store, a pair's official history from a local Frankfurter v2, the
// History chart at Max).
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import CambioUI
import CGtk
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// open.er-api.com's USD table (Tests/Fixtures): 162 real rates, the broadest list we have.
func everyCurrencyTable() -> RateTable {
    struct Payload: Decodable { let base_code: String; let rates: [String: Decimal] }
    let url = root.appendingPathComponent("Tests/Fixtures/erapi_open_latest_USD_2024-08-19.json")
    let payload = try! JSONDecoder().decode(Payload.self, from: Data(contentsOf: url))
    let day = Day(iso: "2024-08-19")!
    return RateTable(base: payload.base_code, date: day, source: "open.er-api.com", rates: payload.rates)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

let catalog = try! CurrencyCatalog.system(names: nil)
let table = everyCurrencyTable()
let codes = catalog.active.map(\.code).filter { table.has($0) }

/// Times the frames of a window: each change is followed by the frame that shows it. A frame's
/// work runs from "before-paint", which every frame has, to "after-paint" ("update" comes only
/// while something ticks, so timing from it could take in idle frames).
@MainActor final class FrameTimer {
    private var painted = 0
    private var start: UInt64 = 0
    private var work: [Double] = []
    private var recording = false

    /// `present` shows `widget`, a window, as the app would; three frames then pass.
    init(_ widget: UnsafeMutablePointer<GtkWidget>, present: () -> Void) {
        present()
        while gtk_widget_get_frame_clock(widget) == nil { g_main_context_iteration(nil, 0) }
        let clock = gtk_widget_get_frame_clock(widget)!
        Signal.connect(gpointerOf(clock), "before-paint") { [weak self] in self?.start = now() }
        Signal.connect(gpointerOf(clock), "after-paint") { [weak self] in
            guard let self else { return }
            painted += 1
            if recording { work.append(Double(now() - start) / 1e6) }
        }
        for _ in 0..<3 { waitForFrame { gtk_widget_queue_draw(widget) } }
    }

    /// Runs `change`, then the main loop until the next frame is painted; a change that brings
    /// no frame within 5 seconds stops the bench (the figures would be of nothing).
    private func waitForFrame(after change: () -> Void) {
        let before = painted
        final class Flag { var expired = false }
        let flag = Flag()
        let timeout = MainContext.after(milliseconds: 5000) { flag.expired = true }
        change()
        while painted == before && !flag.expired { g_main_context_iteration(nil, 1) }
        precondition(!flag.expired, "no frame painted within 5 s of a change")
        MainContext.cancel(timeout)
    }

    /// `count` changes, each then its frame: the time of the change itself, the frame's work,
    /// and the time from the change to the painted frame.
    func measure(_ count: Int, change: (Int) -> Void) -> (sync: [Double], work: [Double], latency: [Double]) {
        work.removeAll()
        recording = true
        defer { recording = false }
        var sync: [Double] = [], latency: [Double] = []
        for i in 0..<count {
            let t0 = now()
            waitForFrame { change(i); sync.append(Double(now() - t0) / 1e6) }
            latency.append(Double(now() - t0) / 1e6)
        }
        return (sync, work, latency)
    }
}

/// The shared, read-only ECB history (`make build` builds it from data/eurofxref-hist.csv).
let sharedHistory = root.appendingPathComponent("data/\(BundledData.sharedHistory)")

func requireSharedHistory() {
    guard FileManager.default.fileExists(atPath: sharedHistory.path) else {
        StandardError.write("cambio-bench: no \(sharedHistory.path) (make build builds it)\n")
        exit(1)
    }
}

/// The local imitation of Frankfurter v2 (Tests/CambioNetTests/fault_server.py, which bench.py
/// starts): its /fv2 base. The bench never asks the real service.
let frankfurterURL = ProcessInfo.processInfo.environment["CAMBIO_FRANKFURTER_URL"].flatMap { $0.isEmpty ? nil : $0 }
/// The local service's "today": the newest day of its data.
let serverToday = Day(iso: "2026-10-30")!
let ecbFirstDay = Day(iso: "1999-01-04")!

func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT MET" }

/// A folder made for this run, removed at exit.
func scratch(_ name: String) -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-bench-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// The size of a file in bytes (0 when it is not there).
func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// Every file under `dir`, by its path under it, with its size in bytes.
func filesUnder(_ dir: URL) -> [(name: String, bytes: Int)] {
    let paths = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []
    return paths.sorted().compactMap { path in
        var isDir: ObjCBool = false
        let url = dir.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue else { return nil }
        return (path, fileSize(url))
    }
}

/// The store's files: the database, its write-ahead log and its shared-memory index.
func storeFiles(_ url: URL) -> (db: Int, wal: Int, shm: Int) {
    (fileSize(url), fileSize(URL(fileURLWithPath: url.path + "-wal")), fileSize(URL(fileURLWithPath: url.path + "-shm")))
}

/// What fetching pairs from the local Frankfurter v2 came to.
struct Fetched: Sendable {
    /// Days stored, per pair.
    var added: [Int] = []
    /// Requests sent (HistorySync's count) and the requests the server saw (its /fv2-log).
    var requests = 0
    var logged: [String] = []
    var ms = 0.0
    var failure: String?
}

/// Fetches each pair's official history of `start ... end` into `store` as the app does
/// (`HistorySync.fetchPair`: the average of the central banks, in pieces of at most five years,
/// each answer checked), through the one kind of session the app uses, from the local server.
@MainActor func fetchPairs(_ store: HistoryStore, _ pairs: [(String, String)], start: Day, end: Day) -> Fetched {
    guard let url = frankfurterURL else { return Fetched(failure: "no CAMBIO_FRANKFURTER_URL") }
    let log = url.components(separatedBy: "/fv2").first! + "/fv2-log?reset=1"
    let endpoints = Endpoints(environment: ["CAMBIO_FRANKFURTER_URL": url])
    let result = MainContext.run(deadline: 900) { () async throws -> Fetched in
        struct Log: Decodable { let requests: [String] }
        let client = HTTPClient(userAgent: HTTPClient.userAgent)
        client.allowNetwork(true)
        _ = try await client.get(log)  // the log starts empty
        let sync = HistorySync(store: store, endpoints: endpoints, client: client)
        let sentBefore = client.requestsSent
        var fetched = Fetched()
        let t0 = now()
        for (from, to) in pairs {
            let outcome = await sync.fetchPair(from: from, to: to, start: start, end: end, institution: nil, today: serverToday)
            if let failure = outcome.failure { fetched.failure = "\(from)/\(to): \(failure)"; break }
            fetched.added.append(outcome.added)
        }
        fetched.ms = Double(now() - t0) / 1e6
        fetched.requests = client.requestsSent - sentBefore
        fetched.logged = try JSONDecoder().decode(Log.self, from: try await client.get(log).body).requests
        return fetched
    }
    switch result {
    case .success(let fetched)?: return fetched
    case .failure(let error)?: return Fetched(failure: "\(error)")
    case nil: return Fetched(failure: "no answer within 900 s")
    }
}

/// The toggle buttons under `root` by their label ("1Y", "Max": the History page's range buttons).
@MainActor func toggleButtons(under root: WidgetRef) -> [String: WidgetRef] {
    var found: [String: WidgetRef] = [:]
    func walk(_ w: WidgetRef) {
        if w.isA(gtk_toggle_button_get_type()), let child = gtk_button_get_child(cast(w)), child.isA(gtk_label_get_type()),
           let text = gtk_label_get_text(cast(child)) {
            found[String(cString: text)] = w
        }
        var child = gtk_widget_get_first_child(w)
        while let c = child { walk(c); child = gtk_widget_get_next_sibling(c) }
    }
    walk(root)
    return found
}

/// Runs the main loop until `done`, for at most `seconds`.
@MainActor func runLoop(until done: () -> Bool, seconds: UInt32 = 60, _ what: String) {
    final class Flag { var expired = false }
    let flag = Flag()
    let timeout = MainContext.after(milliseconds: seconds * 1000) { flag.expired = true }
    while !done() && !flag.expired { g_main_context_iteration(nil, 1) }
    precondition(!flag.expired, "\(what): not within \(seconds) s")
    MainContext.cancel(timeout)
}

/// GTK started with the look the user gets in the light style: libadwaita's style sheet, the
/// app's style.css and its icons, as AdwApplication loads them (without them GTK draws its own
/// default theme). The app's style sheet is returned, to be removed at the end.
@MainActor func startStyledGTK() -> StyleSheet {
    gtk_init()
    MainLoopBridge.install()
    Adwaita.initialize()
    let styles = AppResources.styleSheet()
    AppResources.addIcons()
    return styles
}

switch CommandLine.arguments.dropFirst().first {
case "history":
    // The rate history as the app reads it: the shared ECB file opened read-only beside the
    // user's own store. First, a new user's first start: opening (creating) the user's store
    // beside the shared file, as the app does when the history is first needed
    // (HistoryStore.prepared, nothing cached yet), in new home folders.
    requireSharedHistory()
    let dir = scratch("history")
    defer { try? FileManager.default.removeItem(at: dir) }
    var starts: [Double] = []
    var open: [(name: String, bytes: Int)] = [], closed: [(name: String, bytes: Int)] = []
    for i in 0..<11 {
        let home = dir.appendingPathComponent("home-\(i)")
        let paths = AppPaths(environment: ["HOME": home.path])
        do {
            let t0 = now()
            let (store, problems) = try! HistoryStore.prepared(paths: paths, bundle: sharedHistory, cached: [])
            starts.append(Double(now() - t0) / 1e6)
            precondition(problems.isEmpty, "\(problems)")
            precondition(try! store.newestECBDay() == serverToday, "the shared history is read beside the new store")
            if i == 0 { open = filesUnder(home) }
        }
        // The store is closed (the app's run ended): SQLite folds its log into the file.
        if i == 0 { closed = filesUnder(home) }
    }
    func listed(_ files: [(name: String, bytes: Int)]) -> String {
        files.map { String(format: "%@ %.1f", URL(fileURLWithPath: $0.name).lastPathComponent, Double($0.bytes) / 1024) }.joined(separator: ", ")
    }
    let userKB = Double(open.map(\.bytes).reduce(0, +)) / 1024
    print(String(format: "history first_start_ms=%.2f (median of 10 new users; the process's first %.2f: the shared file opened read-only, the user's store created beside it; the issue: milliseconds)",
                 median(Array(starts.dropFirst())), starts[0]))
    print(String(format: "history first_start_user_files_KB=%.1f (%@, store open; %.1f once closed: %@) (target < 1024: %@)",
                 userKB, listed(open), Double(closed.map(\.bytes).reduce(0, +)) / 1024, listed(closed), verdict(userKB < 1024)))
    // Reading ranges of a pair (a cross, USD/JPY, so both currencies' rows are read) from the
    // shared file, through a user's store that is empty (its first start).
    let bundle = try! HistoryStore.openBundle(sharedHistory)
    let (store, _) = try! HistoryStore.open(at: dir.appendingPathComponent("reader/history.sqlite"), bundle: bundle)
    let end = serverToday
    var line = "history shared_file"
    var fiveYears = 0.0
    for range in [HistoryRange.fiveYears, .max] {
        var samples: [Double] = []
        var points = 0
        for _ in 0..<20 {
            let t = now()
            let h = try! store.history(from: "USD", to: "JPY", start: range.start(end: end), end: end)
            samples.append(Double(now() - t) / 1e6)
            points = h.points.count
        }
        if range == .fiveYears { fiveYears = median(samples) }
        line += String(format: " read_%@_ms=%.2f (%d points)", range.rawValue, median(samples), points)
    }
    let all = try! store.history(from: "USD", to: "JPY")
    var drawSamples: [Double] = []
    for _ in 0..<50 {
        let t = now()
        _ = ChartGeometry(all.points[...]).polyline(width: 800, height: 300)
        drawSamples.append(Double(now() - t) / 1e6)
    }
    print(line + String(format: " chart_geometry_max_ms=%.2f (target: read 5Y < 20 ms: %@)", median(drawSamples), verdict(fiveYears < 20)))

case "history-fetch":
    // A pair's official history from Frankfurter v2 (the local imitation bench.py starts), into
    // new user stores beside the shared ECB file, as the app fetches it.
    requireSharedHistory()
    guard frankfurterURL != nil else {
        print("history_fetch skipped: no CAMBIO_FRANKFURTER_URL (bench.py starts Tests/CambioNetTests/fault_server.py)")
        exit(0)
    }
    let dir = scratch("history-fetch")
    defer { try? FileManager.default.removeItem(at: dir) }
    let bundle = try! HistoryStore.openBundle(sharedHistory)
    MainActor.assumeIsolated {
        // Ten years of AED/JPY (a pair the ECB never published: the dirham from its peg to the
        // dollar), each time into a new store: the requests sent and the time (the local server
        // answers from memory, so the time is mostly Cambio's: requests, checks, storing).
        let tenStart = Day(iso: "2016-10-31")!
        var times: [Double] = [], counts: [Int] = [], days: [Int] = []
        var logged: [String] = []
        for i in 0..<5 {
            let (store, _) = try! HistoryStore.open(at: dir.appendingPathComponent("ten-\(i)/history.sqlite"), bundle: bundle)
            let f = fetchPairs(store, [("AED", "JPY")], start: tenStart, end: serverToday)
            precondition(f.failure == nil, f.failure ?? "")
            precondition(f.requests == f.logged.count, "the server saw what was sent: \(f.logged)")
            times.append(f.ms)
            counts.append(f.requests)
            days.append(f.added[0])
            logged = f.logged
        }
        print(String(format: "history_fetch ten_years pair=AED/JPY %@..%@ requests=%d days_stored=%d median_ms=%.1f (median of 5, each into a new store) (target <= 3 requests: %@)",
                     tenStart.iso, serverToday.iso, counts.max()!, days[0], median(times), verdict(counts.max()! <= 3)))
        print("  requests: " + logged.joined(separator: "  "))

        // Twenty pairs the ECB never published, each over its whole history 1999-01-04 ..
        // 2026-10-30, into one user store: its size once closed. Each pair has a currency pegged
        // to one the ECB publishes (the service's pegs: the dirham, the riyal, the rial and the
        // dinar to the dollar, the CFA francs, the mark and the escudo to the euro, the Brunei
        // dollar to Singapore's, the pataca to Hong Kong's, the Falklands pound to sterling)
        // against a currency that floats against that anchor: real published rates (the ECB's)
        // through a real peg, as the service serves them.
        let pairs = [("AED", "JPY"), ("AED", "GBP"), ("AED", "CHF"), ("AED", "EUR"), ("SAR", "JPY"), ("SAR", "GBP"),
                     ("SAR", "EUR"), ("OMR", "JPY"), ("OMR", "GBP"), ("JOD", "JPY"), ("JOD", "CHF"), ("BMD", "JPY"),
                     ("BND", "USD"), ("MOP", "EUR"), ("XOF", "USD"), ("XOF", "JPY"), ("XAF", "GBP"), ("BAM", "USD"),
                     ("CVE", "JPY"), ("FKP", "USD")]
        let url = dir.appendingPathComponent("twenty/history.sqlite")
        var fetched = Fetched()
        var readMax = 0.0, readPoints = 0
        do {
            let (store, _) = try! HistoryStore.open(at: url, bundle: bundle)
            fetched = fetchPairs(store, pairs, start: ecbFirstDay, end: serverToday)
            precondition(fetched.failure == nil, fetched.failure ?? "")
            // Reading one of them whole, as the History page does (the shared file and the store).
            var samples: [Double] = []
            for _ in 0..<10 {
                let t = now()
                readPoints = try! store.history(from: "AED", to: "JPY").points.count
                samples.append(Double(now() - t) / 1e6)
            }
            readMax = median(samples)
        }
        // Closed: SQLite folds its log into the file (a checkpoint) and removes the log.
        let files = storeFiles(url)
        let mb = Double(files.db + files.wal + files.shm) / 1e6
        let stored = zip(pairs, fetched.added).map { "\($0.0.0)/\($0.0.1) \($0.1)" }.joined(separator: ", ")
        print(String(format: "history_fetch twenty_pairs store_MB=%.2f (history.sqlite %.2f + -wal %.2f + -shm %.2f, closed) days=%d requests=%d fetch_s=%.1f (target < 20 MB: %@)",
                     mb, Double(files.db) / 1e6, Double(files.wal) / 1e6, Double(files.shm) / 1e6, fetched.added.reduce(0, +),
                     fetched.requests, fetched.ms / 1000, verdict(mb < 20)))
        print("  stored, \(ecbFirstDay.iso)..\(serverToday.iso), days each: " + stored)
        print(String(format: "  reading AED/JPY whole from that store beside the shared file: %.2f ms (%d points, median of 10; no target)",
                     readMax, readPoints))
    }

case "recalc":
    let computation = CurrencyListComputation(catalog: catalog, formatter: DecimalFormatter(locale: Locale(identifier: "en_US")))
    // Both paths on the same keystrokes: exact fixed point (what the list uses) and plain Decimal;
    // then the list as it is with a card fee on (each row also with the fee, in the same pass),
    // and typed into a currency with a rate of the user's (1 KWD = 3.2571 USD, set by hand).
    let kwd = UserRate(code: "KWD", value: Decimal(string: "3.2571")!, anchor: "USD", day: Day(iso: "2024-08-19")!)
    let cases: [(fixedPoint: Bool, fee: Fee?, user: Bool)] = [
        (true, nil, false), (false, nil, false), (true, Fee(percent: Decimal(string: "2.2")!), false), (true, nil, true),
    ]
    for c in cases {
        let rates = c.user ? table.applying([kwd]) : table
        var state = CurrencyListState(codes: codes, anchorCode: c.user ? "KWD" : "USD", anchorText: "1", referenceCode: "USD")
        var samples: [Double] = []
        var sink = 0
        for i in 0..<2000 {
            state.anchorText = "\(1000 + i).5"
            let t0 = now()
            let rows = try! computation.rows(state, fee: c.fee, table: rates, fixedPoint: c.fixedPoint).get()
            samples.append(Double(now() - t0) / 1e6)
            sink &+= rows.rows.count
        }
        print(String(format: "recalc path=%@%@%@ currencies=%d median_ms=%.4f p95_ms=%.4f rows=%d (budget 1 ms)",
                     c.fixedPoint ? "fixed-point" : "decimal", c.fee == nil ? "" : " with_fee=2.2%",
                     c.user ? " typed_into_your_rate=KWD" : "", codes.count, median(samples),
                     samples.sorted()[samples.count * 95 / 100], sink / 2000))
    }

case "frame":
    MainActor.assumeIsolated {
        let styles = startStyledGTK()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-bench-\(getpid())")
        let context = AppContext(environment: ["HOME": home.path, "LANG": "en_US.UTF-8"])
        context.useRates(table)
        context.setCurrencies(CurrencyListState(codes: codes, anchorCode: "USD", anchorText: "1", referenceCode: "USD"))
        let window = MainWindow(application: nil, context: context)
        let cambio = FrameTimer(window.window.widget) { window.present() }
        // Baseline: the same window redrawn with nothing changed.
        let redraw = median(cambio.measure(30) { _ in gtk_widget_queue_draw(window.window.widget) }.work)
        // Each keystroke changes every row's amount before the next frame (the rows in view at
        // once, the others right after that frame): the frame that follows shows them.
        let top = codes.first { $0 != "USD" }!  // the list's first row, in view
        let typed = cambio.measure(60) { i in
            let before = window.currencies.entryText(top)
            window.currencies.type("\(100 + i)", into: "USD")
            precondition(window.currencies.entryText(top) != before, "the rows in view follow the keystroke before the frame")
        }
        window.window.destroy()
        // An AdwWindow of the same size with no content, drawn in full at each frame by a change
        // of its background colour: what any frame of a window costs the renderer here (under
        // Xvfb, GL redraws the whole window at every frame that changes anything: no buffer age).
        let shade = StyleSheet(css: "window.bench-shade { background-color: shade(@window_bg_color, 0.98); }")
        let empty = ApplicationWindow(application: nil)
        empty.window.defaultSize(width: 960, height: 720)
        let emptyFrames = FrameTimer(empty.widget) { empty.window.present() }.measure(60) { i in
            if i % 2 == 0 { empty.widget.addClass("bench-shade") } else { empty.widget.removeClass("bench-shade") }
        }
        empty.window.destroy()
        shade.remove()
        styles.remove()
        print(String(format: "frame rows=%d renderer=%@ keystroke_update_median_ms=%.3f frame_work_median_ms=%.3f unchanged_redraw_median_ms=%.3f shown_within_median_ms=%.3f empty_window_full_frame_median_ms=%.3f",
                     codes.count, ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default", median(typed.sync),
                     median(typed.work), redraw, median(typed.latency), median(emptyFrames.work)))
        try? FileManager.default.removeItem(at: home)
    }

case "history-chart":
    // The History chart at Max (27 years of days) in a real window styled as the app is: from
    // the range chosen (HistoryPage.setRange) to the frame that draws it. Two pairs: AED/JPY,
    // whose official history 1999-2026 was fetched once from the local Frankfurter v2 into the
    // user's store (the point: a pair the ECB never published), and USD/JPY from the shared ECB
    // file. The network is off while timing, as offline: setRange would otherwise ask for the
    // days since the local service's newest, a fetch beside the frame (its spinner animates).
    requireSharedHistory()
    MainActor.assumeIsolated {
        let styles = startStyledGTK()
        let home = scratch("history-chart")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "LANG": "en_US.UTF-8", "CAMBIO_DATA_DIR": root.appendingPathComponent("data").path]
        var pairs = [("USD", "JPY")]
        if frankfurterURL != nil {
            let bundle = try! HistoryStore.openBundle(sharedHistory)
            let (store, _) = try! HistoryStore.open(at: AppPaths(environment: environment).historyFile, bundle: bundle)
            let f = fetchPairs(store, [("AED", "JPY")], start: ecbFirstDay, end: serverToday)
            precondition(f.failure == nil, f.failure ?? "")
            precondition(f.added[0] > 7000, "AED/JPY 1999-2026 stored: \(f.added)")
            pairs.insert(("AED", "JPY"), at: 0)
        } else {
            print("history_chart AED/JPY skipped: no CAMBIO_FRANKFURTER_URL (bench.py starts Tests/CambioNetTests/fault_server.py)")
        }
        let context = AppContext(environment: environment)
        context.engine.networkAllowed = false
        context.useRates(table)
        let window = MainWindow(application: nil, context: context)
        window.showPage(.history)
        let page = window.history
        let frames = FrameTimer(window.window.widget) { window.present() }
        let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default"
        for (from, to) in pairs {
            page.setPair(from: from, to: to)
            runLoop(until: { page.isLoaded && !page.isLoading }, "reading \(from)/\(to)")
            precondition(page.from == from && page.to == to)
            let count = page.history?.points.count ?? 0
            precondition(count > 7000, "\(from)/\(to): the whole history read (\(count) points)")
            // At 1Y, then a few changes unmeasured; then Max and 1Y in turn, each followed by its frame.
            _ = frames.measure(5) { i in page.setRange(i % 2 == 0 ? .year : .max) }
            var shown = [HistoryRange: Int]()
            let runs = frames.measure(30) { i in
                let r: HistoryRange = i % 2 == 0 ? .max : .year
                page.setRange(r)
                shown[r] = page.shownPoints
            }
            precondition(runs.work.count == runs.latency.count, "one frame each change")
            precondition(shown[.max] == count, "Max shows the whole history")
            func at(_ xs: [Double], _ parity: Int) -> Double { median(xs.enumerated().filter { $0.offset % 2 == parity }.map(\.element)) }
            let within = at(runs.latency, 0)
            // The same through the range buttons, as a click leaves them: the button made active
            // (its "toggled" handler calls setRange; setRange called from code also makes its
            // button active, whose handler then calls setRange once more).
            let buttons = toggleButtons(under: page.root.widget)
            guard let maxButton = buttons["Max"], let yearButton = buttons["1Y"] else { fatalError("no range buttons: \(buttons.keys)") }
            let clicks = frames.measure(30) { i in
                gtk_toggle_button_set_active(cast(i % 2 == 0 ? maxButton : yearButton), 1)
                shown[i % 2 == 0 ? .max : .year] = page.shownPoints
            }
            precondition(clicks.work.count == clicks.latency.count && shown[.max] == count && page.range == .year)
            let clickWithin = at(clicks.latency, 0)
            // The model's part of setRange(.max) alone (the range's points, their geometry and
            // the low, high and average), on a model holding the same history.
            var model = HistoryModel(from: from, to: to, pastDay: serverToday, formatter: context.formatter, days: context.days,
                                     dates: context.locale.dates, catalog: context.catalog)
            model.finish(model.beginLoad(), .success(page.history!))
            var modelMax: [Double] = []
            for _ in 0..<15 {
                model.setRange(.year)
                let t0 = now()
                model.setRange(.max)
                modelMax.append(Double(now() - t0) / 1e6)
            }
            print(String(format: "history_chart pair=%@/%@ renderer=%@ points_max=%d points_1y=%d set_range_max_ms=%.3f (model alone %.3f) frame_work_max_ms=%.3f shown_within_max_ms=%.3f set_range_1y_ms=%.3f frame_work_1y_ms=%.3f shown_within_1y_ms=%.3f (median of 15 each; target: Max drawn within 50 ms%@)",
                         from, to, renderer, count, shown[.year] ?? 0, at(runs.sync, 0), median(modelMax), at(runs.work, 0), within,
                         at(runs.sync, 1), at(runs.work, 1), at(runs.latency, 1),
                         renderer == "gl" ? ", for information under GL" : ": " + verdict(within <= 50)))
            print(String(format: "  by its button (the button made active, as a click does): range_change_max_ms=%.3f frame_work_max_ms=%.3f shown_within_max_ms=%.3f range_change_1y_ms=%.3f shown_within_1y_ms=%.3f (%@)",
                         at(clicks.sync, 0), at(clicks.work, 0), clickWithin, at(clicks.sync, 1), at(clicks.latency, 1),
                         renderer == "gl" ? "for information" : "target within 50 ms: " + verdict(clickWithin <= 50)))
        }
        window.window.destroy()
        styles.remove()
    }

case "dca":
    // One Investments recomputation (what each keystroke in an amount costs): the longest
    // sample series, 123 months, with XIRR, drawdown and lump sum.
    let sample = try! SampleStocks.parse(Data(contentsOf: root.appendingPathComponent("data/stocks.csv")))
    let msft = sample["MSFT"]!
    let plan = DCAPlan(symbol: "MSFT", initial: 1000, monthly: 100, start: Month(iso: "2000-01")!)
    var samples: [Double] = []
    for _ in 0..<200 {
        let t0 = now()
        let r = try! DCA.compute(plan, series: msft)
        samples.append(Double(now() - t0) / 1e6)
        precondition(r.months == 123)
    }
    // A 27-year series (Alpha Vantage's IBM reaches back to 1999): 324 months of the same prices.
    var long: [StockPrice] = []
    var m = Month(iso: "1999-11")!
    for i in 0..<324 { long.append(StockPrice(day: m.firstDay, price: msft.prices[i % msft.prices.count].close)); m = m.adding(months: 1) }
    let longSeries = PriceSeries(symbol: "LONG", currency: "USD", kind: .sample, prices: long)
    let longPlan = DCAPlan(symbol: "LONG", initial: 1000, monthly: 100, start: Month(iso: "1999-11")!)
    var longSamples: [Double] = []
    for _ in 0..<100 {
        let t0 = now()
        _ = try! DCA.compute(longPlan, series: longSeries)
        longSamples.append(Double(now() - t0) / 1e6)
    }
    print(String(format: "dca months=123 median_ms=%.3f  months=324 median_ms=%.3f (per keystroke in an amount)",
                 median(samples), median(longSamples)))

default:
    StandardError.write("usage: cambio-bench recalc | frame | history | history-fetch | history-chart | dca\n")
    exit(2)
}
