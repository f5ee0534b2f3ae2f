import CGtk
import Foundation

/// Runs Swift concurrency's main-actor jobs inside the GLib main loop.
///
/// Under `g_application_run` nothing drains libdispatch's main queue, so `Task { @MainActor in }`
/// would never run. libdispatch signals its main queue through an eventfd (the handle
/// CoreFoundation's run loop watches); a GLib unix-fd source watches it and drains the queue
/// when it fires. Event-driven: no polling.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var installed = false

    @MainActor public static func install() {
        guard !installed else { return }
        installed = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        guard fd >= 0 else { return }
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1 // G_SOURCE_CONTINUE
        }, nil, nil)
    }
}

/// One-shot callbacks on the GLib main loop; the box is owned by the source.
public enum MainContext {
    /// GLib's monotonic clock, in seconds (never goes back, whatever the wall clock does).
    public nonisolated static var monotonicSeconds: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    final class Job: @unchecked Sendable {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Runs `body` once after `milliseconds`; returns the source id (for `cancel`).
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> guint {
        let data = Unmanaged.passRetained(Job(body)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.body() }
            return 0 // G_SOURCE_REMOVE
        }, data, { data in Unmanaged<Job>.fromOpaque(data!).release() })
    }

    public static func cancel(_ id: guint) {
        if id != 0 { g_source_remove(id) }
    }

    final class Outcome<T>: @unchecked Sendable { var result: Result<T, Error>?; var expired = false }

    /// Runs `body` on the main actor while iterating only the GLib main loop, until it finishes
    /// or `deadline` passes (the command line, tests); nil when the deadline passed. Work still
    /// under way then is cancelled (its requests stop) and given up to `windDown` seconds to
    /// end, so that nothing it started goes on unseen. Call on the main thread, outside any
    /// dispatch job and before any other loop runs.
    @MainActor public static func run<T: Sendable>(deadline: TimeInterval, windDown: TimeInterval = 2,
                                                   _ body: @escaping @MainActor () async throws -> T) -> Result<T, Error>? {
        MainLoopBridge.install()
        let box = Outcome<T>()
        let task = Task { @MainActor in
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        }
        let timer = after(milliseconds: UInt32(deadline * 1000)) { box.expired = true }
        while box.result == nil && !box.expired { g_main_context_iteration(nil, 1) }
        if box.result != nil {
            cancel(timer)
            return box.result
        }
        task.cancel()
        let ended = Outcome<Void>()
        let grace = after(milliseconds: UInt32(windDown * 1000)) { ended.expired = true }
        while box.result == nil && !ended.expired { g_main_context_iteration(nil, 1) }
        if box.result != nil { cancel(grace) }
        return nil
    }

    /// Iterates the default context until nothing is pending (tests), for at most `limit`
    /// seconds: while something animates (a spinner during a refresh) a frame is always due, and
    /// an unbounded drain would draw frames until its iteration cap (1000 frames, 24 s).
    @MainActor public static func drain(maxIterations: Int = 1000, limit: TimeInterval = 0.5) {
        var n = 0
        let end = Date().addingTimeInterval(limit)
        while g_main_context_iteration(nil, 0) != 0 && n < maxIterations && Date() < end { n += 1 }
    }
}

/// The first frame a window paints.
public enum FirstFrame {
    /// Runs `body` once, right after `window` has painted its first frame (or its next one,
    /// when it is already on screen).
    @MainActor public static func after(_ window: some Widget, _ body: @escaping @MainActor () -> Void) {
        let window = window.widget
        let once = Once()
        let hook: @MainActor () -> Void = {
            guard !once.done, let clock = gtk_widget_get_frame_clock(window) else { return }
            Signal.connect(gpointerOf(clock), "after-paint") {
                if once.done { return }
                once.done = true
                body()
            }
            gtk_widget_queue_draw(window)
        }
        if gtk_widget_get_mapped(window) != 0 { hook() } else { Signal.connect(gpointerOf(window), "map", hook) }
    }
}

/// A timer on the GLib main loop, as a handle: cancelling it (or letting go of it) stops it.
/// Screens hold these instead of raw source ids.
@MainActor public final class TimerHandle {
    private var id: guint

    /// Runs `body` once after `milliseconds`.
    public static func once(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerHandle {
        let handle = TimerHandle(id: 0)
        handle.id = MainContext.after(milliseconds: milliseconds) { [weak handle] in
            handle?.id = 0
            body()
        }
        return handle
    }

    /// Runs `body` once when the main loop is idle: after pending input and the frame being drawn.
    /// `beforeNextFrame`: before the next frame is laid out instead (a size to set in time for it).
    public static func idle(beforeNextFrame: Bool = false, _ body: @escaping @MainActor () -> Void) -> TimerHandle {
        let handle = TimerHandle(id: 0)
        let job = Unmanaged.passRetained(MainContext.Job { [weak handle] in
            handle?.id = 0
            body()
        }).toOpaque()
        // GDK lays out and draws a frame at G_PRIORITY_HIGH_IDLE + 20.
        handle.id = g_idle_add_full(beforeNextFrame ? G_PRIORITY_HIGH_IDLE : G_PRIORITY_DEFAULT_IDLE, { data in
            let job = Unmanaged<MainContext.Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.body() }
            return 0 // G_SOURCE_REMOVE
        }, job, { data in Unmanaged<MainContext.Job>.fromOpaque(data!).release() })
        return handle
    }

    /// Runs `body` every `seconds`, at idle priority (ages, timed refreshes), until cancelled.
    public static func every(seconds: UInt32, _ body: @escaping @MainActor () -> Void) -> TimerHandle {
        let job = Unmanaged.passRetained(MainContext.Job(body)).toOpaque()
        let id = g_timeout_add_seconds_full(G_PRIORITY_DEFAULT_IDLE, seconds, { data in
            let job = Unmanaged<MainContext.Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.body() }
            return 1 // G_SOURCE_CONTINUE
        }, job, { data in Unmanaged<MainContext.Job>.fromOpaque(data!).release() })
        return TimerHandle(id: id)
    }

    private init(id: guint) { self.id = id }

    /// Whether it has yet to fire (a one-shot) or still repeats.
    public var isPending: Bool { id != 0 }

    public func cancel() {
        if id != 0 { g_source_remove(id) }
        id = 0
    }

    isolated deinit { cancel() }
}

/// Whether something that is to happen once has happened.
@MainActor private final class Once { var done = false }
