import Foundation

/// Prints how long each start-up step took since `main` (CAMBIO_TRACE_STARTUP=1), to stderr:
/// cambio and the bench's empty windows mark the same steps, so their traces compare.
public enum StartupTrace {
    public static let enabled = ProcessInfo.processInfo.environment["CAMBIO_TRACE_STARTUP"] != nil
    nonisolated(unsafe) private static var origin: UInt64 = 0

    /// Marks `step`; the first mark is the origin.
    public static func mark(_ step: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if origin == 0 { origin = now }
        FileHandle.standardError.write(Data(String(format: "startup %8.2f ms  %@\n", Double(now - origin) / 1e6, step).utf8))
    }
}
