import XCTest
import CGtk
import CambioGLib
@testable import CambioServices
import CambioStore
@testable import CambioCore
@testable import CambioUI

/// The window while another process (a command-line import, say) holds the rate history's write
/// lock: it keeps drawing, every frame on time, while the History page's fetch and a refresh's
/// answers wait to be written; both are written once the lock goes.
final class StoreLockTests: WindowTestCase {
    var page: HistoryPage { window.history }

    override func setUp() async throws {
        try await super.setUp()
        endpoints = ["CAMBIO_FRANKFURTER_URL": LocalServer.url("/fv2"),
                     "CAMBIO_ERAPI_URL": LocalServer.url("/as/erapi_open_latest_USD_2024-08-19.json")]
        makeWindow(lang: "en_US.UTF-8", size: (1000, 700))
        context.preferences.networkAllowed = true
        window.showPage(.history)
    }

    /// The time between frames: a tick callback on the window (which keeps its frame clock
    /// running) notes the longest gap between two frames.
    final class FrameGaps {
        var last: gint64 = 0
        var longest: gint64 = 0
        var frames = 0
        var measuring = false

        /// Stops measuring; the time since the last frame counts as a gap too.
        func stop() {
            measuring = false
            longest = max(longest, g_get_monotonic_time() - last)
        }
    }

    func watchFrames() -> FrameGaps {
        let gaps = FrameGaps()
        let widget: UnsafeMutablePointer<GtkWidget> = cast(window.window.widget)
        gtk_widget_add_tick_callback(widget, { _, _, data in
            let gaps = Unmanaged<FrameGaps>.fromOpaque(data!).takeUnretainedValue()
            let now = g_get_monotonic_time()
            if gaps.measuring {
                if gaps.last != 0 { gaps.longest = max(gaps.longest, now - gaps.last) }
                gaps.frames += 1
            }
            gaps.last = now
            return 1 // G_SOURCE_CONTINUE
        }, Unmanaged.passRetained(gaps).toOpaque(), { data in Unmanaged<FrameGaps>.fromOpaque(data!).release() })
        return gaps
    }

    /// Another process holds the store's write lock (BEGIN IMMEDIATE) for `seconds`; returns once
    /// it holds it.
    func holdWriteLock(_ file: URL, seconds: Int) throws -> Process {
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(float(sys.argv[2]))
            db.execute("COMMIT")
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, file.path, String(seconds)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        XCTAssertEqual(String(decoding: line, as: UTF8.self), "locked\n", "the other process holds the write lock")
        return p
    }

    func testTheWindowKeepsDrawingWhileAnotherProcessHoldsTheHistorysWriteLock() async throws {
        // The page's first pair read and fetched: the store is open.
        let opened = await waitUntil(timeout: 60) { self.page.isLoaded && !self.page.isLoading && !self.page.isFetching }
        XCTAssertTrue(opened, page.statusText)
        let gaps = watchFrames()
        let rates = RatesController(context: context)
        rates.attach(window)

        let holder = try holdWriteLock(context.engine.data.paths.historyFile, seconds: 10)
        let locked = MainContext.monotonicSeconds
        gaps.measuring = true
        // A pair whose official history is fetched and written, and new rates, recorded in the history.
        page.setPair(from: "EGP", to: "USD")
        rates.refresh(.explicit)
        var waitedForTheLock = false, saidSo = false
        let waiting = "Waiting for the rate history: another program is writing to it. What is new is written once it is done."
        await waitUntil(timeout: 60) {
            if holder.isRunning, MainContext.monotonicSeconds - locked > 5, self.page.isFetching {
                waitedForTheLock = true
                saidSo = saidSo || self.page.statusText.hasSuffix(waiting)
            }
            return !holder.isRunning
        }
        XCTAssertFalse(holder.isRunning, "the other process let go of the lock")
        XCTAssertTrue(waitedForTheLock, "the fetch's answer waited for the lock: \(page.statusText)")
        XCTAssertTrue(saidSo, "the page said why it waited")

        // Once the lock is gone, what waited is written and shown.
        let written = await waitUntil(timeout: 60) {
            self.page.isLoaded && !self.page.isLoading && !self.page.isFetching && self.context.engine.historyAccess.allWritten
                && (self.page.history?.points.count ?? 0) > 7
        }
        gaps.stop()
        XCTAssertTrue(written, page.statusText)
        XCTAssertFalse(page.statusText.contains(waiting), "no longer waiting: \(page.statusText)")
        XCTAssertGreaterThan(gaps.frames, 100, "frames were drawn all along")
        XCTAssertLessThanOrEqual(gaps.longest, 100_000, "no frame came more than 100 ms after the one before")
        XCTAssertTrue(page.dayTexts.first?.hasSuffix("Banca Națională a României") ?? false, page.dayTexts.first ?? "no day")
        let store = try XCTUnwrap(context.engine.historyAccess.store)
        let recorded = try store.publications(codes: ["EUR"], from: Day(iso: "2024-08-19")!, to: Day(iso: "2024-08-19")!)
        XCTAssertTrue(recorded.contains { $0.source == Provider.erapi.sourceName }, "the refresh's answer was recorded: \(recorded.map(\.source))")
    }
}
