import Foundation

/// How a save waits on the advisory lock on its folder (CambioStore takes it: `FileLock.holding`):
/// while one process holds it, another waits, so two Cambios (two windows on one home, two
/// logins) never interleave a read, change and write of the same file.
public enum FileLock {
    /// Whether to wait while another process holds the lock.
    public enum Wait: Sendable {
        /// Until it is free (the command line, the last save before the window closes).
        case untilFree
        /// Not at all: `Busy` is thrown (the window's saves while it runs: its main loop never
        /// waits on another process; the save is made again a little later).
        case never
    }

    /// Another process holds the lock, and `Wait.never` was asked.
    public struct Busy: Error, Sendable {
        public init() {}
    }
}
