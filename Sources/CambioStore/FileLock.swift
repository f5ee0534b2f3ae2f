import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The advisory lock (flock) itself. Locking the folder leaves no lock file behind.
extension FileLock {
    /// Runs `body` holding the lock on `folder` (made when missing). Where the file system
    /// cannot lock (some network shares), `body` runs without it rather than not at all.
    public static func holding<T>(_ folder: URL, _ wait: Wait = .untilFree, _ body: () throws -> T) throws -> T {
        try SmallFile.makeFolders(folder)
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileProblem.onDisk(errno: errno, path: folder.path) }
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
