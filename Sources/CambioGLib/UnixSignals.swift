import CGtk
import Foundation

/// Signals sent to the process (SIGTERM as the session ends, SIGINT from a terminal's Ctrl+C,
/// SIGHUP when the terminal goes) handled on the GLib main loop, between events, instead of
/// ending the process wherever it is.
public enum UnixSignals {
    final class Handler: @unchecked Sendable {
        let signal: Int32
        let body: @MainActor (Int32) -> Void
        init(_ signal: Int32, _ body: @escaping @MainActor (Int32) -> Void) { self.signal = signal; self.body = body }
    }

    /// Runs `body` on the main loop each time one of `signals` arrives (g_unix_signal_add). The
    /// handlers stay for the life of the process.
    @MainActor public static func handle(_ signals: [Int32], _ body: @escaping @MainActor (Int32) -> Void) {
        for signal in signals {
            let data = Unmanaged.passRetained(Handler(signal, body)).toOpaque()
            g_unix_signal_add_full(G_PRIORITY_HIGH, signal, { data in
                let handler = Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { handler.body(handler.signal) }
                return 1 // G_SOURCE_CONTINUE
            }, data, { data in Unmanaged<Handler>.fromOpaque(data!).release() })
        }
    }
}
