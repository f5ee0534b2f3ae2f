// Figures for `make bench` (never timed tests): per-keystroke recalculation of a list of every
// currency in the domain, and the time until the window shows it.
import CambioCore
import CambioGLib
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

switch CommandLine.arguments.dropFirst().first {
case "history":
    // The rate history: the first import of the bundled ECB file, and reading ranges of a pair
    // (a cross, USD/JPY, so both currencies' rows are read).
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-bench-history-\(getpid())")
    defer { try? FileManager.default.removeItem(at: dir) }
    try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let store = try! HistoryStore(url: dir.appendingPathComponent("history.sqlite"))
    let csv = try! Data(contentsOf: root.appendingPathComponent("data/eurofxref-hist.csv"))
    let t0 = now()
    try! store.importBundle(csv)
    let importMs = Double(now() - t0) / 1e6
    let end = Day(iso: "2026-10-30")!
    var line = String(format: "history import_ms=%.0f", importMs)
    for range in [HistoryRange.fiveYears, .max] {
        var samples: [Double] = []
        var points = 0
        for _ in 0..<20 {
            let t = now()
            let h = try! store.history(from: "USD", to: "JPY", start: range.start(end: end), end: end)
            samples.append(Double(now() - t) / 1e6)
            points = h.points.count
        }
        line += String(format: " read_%@_ms=%.2f (%d points)", range.rawValue, median(samples), points)
    }
    let all = try! store.history(from: "USD", to: "JPY")
    var drawSamples: [Double] = []
    for _ in 0..<50 {
        let t = now()
        _ = ChartGeometry(all.points[...]).polyline(width: 800, height: 300)
        drawSamples.append(Double(now() - t) / 1e6)
    }
    print(line + String(format: " chart_geometry_max_ms=%.2f (target: read 5Y < 20 ms)", median(drawSamples)))

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
        gtk_init()
        MainLoopBridge.install()
        // The look the user gets in the light style: libadwaita's style sheet, the app's
        // style.css and its icons, as AdwApplication loads them (without them GTK draws its own
        // default theme).
        Adwaita.initialize()
        let styles = AppResources.styleSheet()
        AppResources.addIcons()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-bench-\(getpid())")
        let context = AppContext(environment: ["HOME": home.path, "LANG": "en_US.UTF-8"])
        context.useRates(table)
        context.state.currencies = CurrencyListState(codes: codes, anchorCode: "USD", anchorText: "1", referenceCode: "USD")
        let window = MainWindow(application: nil, context: context)
        let cambio = FrameTimer(window.window) { window.present() }
        // Baseline: the same window redrawn with nothing changed.
        let redraw = median(cambio.measure(30) { _ in gtk_widget_queue_draw(window.window) }.work)
        // Each keystroke changes every row's amount before the next frame (the rows in view at
        // once, the others right after that frame): the frame that follows shows them.
        let top = codes.first { $0 != "USD" }!  // the list's first row, in view
        let typed = cambio.measure(60) { i in
            let before = window.currencies.entryText(top)
            window.currencies.type("\(100 + i)", into: "USD")
            precondition(window.currencies.entryText(top) != before, "the rows in view follow the keystroke before the frame")
        }
        Window(existing: window.window).destroy()
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
    FileHandle.standardError.write(Data("usage: cambio-bench recalc | frame | history | dca\n".utf8))
    exit(2)
}
