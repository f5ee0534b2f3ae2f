import CambioCore
import Foundation

/// Prints how long each start-up step took since `main` (CAMBIO_TRACE_STARTUP=1), to stderr:
/// cambio and the bench's empty windows mark the same steps, so their traces compare.
public enum StartupTrace {
    public static let enabled = getenv("CAMBIO_TRACE_STARTUP") != nil
    /// CAMBIO_TRACE_STARTUP=cpu: the main thread's processor time instead of the time passed
    /// (since the process started: the dynamic loader's work before `main` is in the first mark).
    /// It leaves out waiting (for the X server, the session bus, another core's work), so it
    /// changes much less from run to run than the time passed.
    static let processorTime = getenv("CAMBIO_TRACE_STARTUP").map { String(cString: $0) } == "cpu"
    nonisolated(unsafe) private static var origin: UInt64 = 0

    /// Marks `step`; the first mark is the origin.
    public static func mark(_ step: String) {
        guard enabled else { return }
        if processorTime {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            let ms = Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
            write(ms, step)
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        if origin == 0 { origin = now }
        write(Double(now - origin) / 1e6, step)
    }

    /// "startup   123.45 ms  step" (as `%8.2f`), without Foundation's formatter: its run-time
    /// type checks would add to the start-up being measured.
    static func line(_ ms: Double, _ step: String) -> String {
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        let number = "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        return "startup " + String(repeating: " ", count: max(0, 8 - number.count)) + number + " ms  " + step + "\n"
    }

    private static func write(_ ms: Double, _ step: String) {
        StandardError.write(line(ms, step))
    }
}

/// Reports the first frame a window paints, for `make bench`.
public enum StartupProbe {
    /// When `CAMBIO_BENCH_FIRST_FRAME` is set, prints "first-frame" to stdout at the window's
    /// first paint; set to "exit", it then ends the process (the bench counts the instructions
    /// of a start up to that frame, and no further).
    @MainActor public static func attach(_ window: some Widget) {
        guard let value = getenv("CAMBIO_BENCH_FIRST_FRAME") else { return }
        let exits = String(cString: value) == "exit"
        FirstFrame.after(window) {
            FileHandle.standardOutput.write(Data("first-frame\n".utf8))
            StartupTrace.mark("first frame painted")
            if exits { _exit(0) } // no atexit work while other threads run
        }
    }
}
