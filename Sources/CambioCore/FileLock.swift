import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock (flock) on the folder that holds a file: while one process holds it, another
/// waits, so two Cambios (two windows on one home, two logins) never interleave a read, change
/// and write of the same file. Locking the folder itself leaves no lock file behind.
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
    public struct Busy: Error, Sendable {}

    /// Runs `body` holding the lock on `folder` (made when missing). Where the file system
    /// cannot lock (some network shares), `body` runs without it rather than not at all.
    public static func holding<T>(_ folder: URL, _ wait: Wait = .untilFree, _ body: () throws -> T) throws -> T {
        try SmallFile.makeFolders(folder)
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileProblem.from(errno: errno, path: folder.path) }
        // Closing the descriptor releases the lock.
        defer { close(fd) }
        switch wait {
        case .untilFree:
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        case .never:
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if errno == EWOULDBLOCK { throw Busy() }
                if errno != EINTR { break }
            }
        }
        return try body()
    }
}
