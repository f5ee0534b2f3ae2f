import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading Cambio's own small files: missing is nil, a folder, a FIFO or a file far larger than
/// Cambio writes is refused before a byte is parsed, and every failure is a `FileProblem`.
public enum SmallFile {
    /// The contents of `url`, or nil when there is no such file.
    public static func read(_ url: URL, limit: Int) throws -> Data? {
        let path = url.path
        guard let fd = try openRegular(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileProblem.onDisk(errno: errno, path: path) }
        if Int(info.st_size) > limit { throw FileProblem.tooLarge(path: path, limit: limit) }
        var data = Data(count: Int(info.st_size))
        var total = 0
        while true {
            if total == data.count {
                if total > limit { throw FileProblem.tooLarge(path: path, limit: limit) }
                data.count += 64 * 1024 // the file grew while it was read
            }
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, $0.count - total) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileProblem.onDisk(errno: errno, path: path)
            }
            if n == 0 { break }
            total += n
        }
        data.count = total
        return data
    }

    /// Opens `path` for reading without ever waiting (O_NONBLOCK: a FIFO with no writer would
    /// block the open and every read), and refuses what is not a regular file. Nil when there is
    /// no such file; the caller closes the descriptor.
    public static func openRegular(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileProblem.onDisk(errno: errno, path: path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { let code = errno; close(fd); throw FileProblem.onDisk(errno: code, path: path) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            if type == S_IFDIR { throw FileProblem.isFolder(path: path) }
            throw FileProblem.notAFile(path: path, type: type)
        }
        // Regular files never block: reads need no more than the usual flags.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Throws unless `url` is a regular file (before a large file is mapped, which would wait on a FIFO).
    public static func requireRegular(_ url: URL) throws {
        guard let fd = try openRegular(url.path) else { throw FileProblem.notFound(path: url.path) }
        close(fd)
    }

    /// Writes `data` atomically: a temporary file beside `url`, flushed, then renamed over it.
    /// A folder, a FIFO or any other file that is not a regular one at `url` is refused (a
    /// rename would replace it). A symbolic link (a dotfiles folder's) stays a link: the file it
    /// points to is replaced, atomically, in its own folder.
    public static func write(_ data: Data, to given: URL, mode: mode_t = 0o644) throws {
        let url = try linkTarget(given)
        let path = url.path
        var existing = stat()
        if stat(path, &existing) == 0 {
            let type = existing.st_mode & S_IFMT
            if type == S_IFDIR { throw FileProblem.isFolder(path: path) }
            if type != S_IFREG { throw FileProblem.notAFile(path: path, type: type) }
        } else if url.path != given.path {
            // A link to a file not written yet, in a folder that is there (a dotfiles folder's),
            // names where to write it; a link into a folder that is not there leads nowhere:
            // no folder is created through it.
            var folder = stat()
            guard stat(url.deletingLastPathComponent().path, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                throw FileProblem.danglingLink(path: given.path, target: path)
            }
        }
        let dir = url.deletingLastPathComponent()
        try makeFolders(dir)
        let temporary = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileProblem.onDisk(errno: errno, path: errno == ENOSPC ? path : dir.path) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileProblem.onDisk(errno: failure, path: path)
        }
    }
}

extension SmallFile {
    /// Makes `dir` and the folders above it that are missing, one by one. A link among them
    /// that leads nowhere is refused (a folder made through it would be outside Cambio's own),
    /// as is a file where a folder belongs.
    static func makeFolders(_ dir: URL) throws {
        var missing: [URL] = []
        var current = dir.standardizedFileURL
        while current.path != "/" && !current.path.isEmpty {
            var info = stat()
            if lstat(current.path, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK {
                    var target = stat()
                    guard stat(current.path, &target) == 0 else {
                        throw FileProblem.danglingLink(path: current.path, target: (try? linkTarget(current).path) ?? current.path)
                    }
                    info = target
                }
                guard info.st_mode & S_IFMT == S_IFDIR else { throw FileProblem.notAFolder(path: current.path) }
                break
            }
            guard errno == ENOENT else { throw FileProblem.onDisk(errno: errno, path: current.path) }
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
            throw FileProblem.onDisk(errno: errno, path: folder.path)
        }
    }

    /// Where the symbolic links starting at `url` lead (`url` itself when it is none), followed
    /// link by link, so that a link to a file not written yet still names where to write it.
    static func linkTarget(_ url: URL) throws -> URL {
        var current = url
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current.path, &buffer, buffer.count - 1)
            guard n > 0 else { throw FileProblem.onDisk(errno: errno, path: current.path) }
            let text = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative link is read from its folder as the kernel reads it: `..` after any
            // link among the folders is followed first (realpath), not cut off as text.
            let folder = current.deletingLastPathComponent()
            let base = realpath(folder.path, nil).map { p -> URL in defer { free(p) }; return URL(fileURLWithPath: String(cString: p)) } ?? folder
            current = text.hasPrefix("/") ? URL(fileURLWithPath: text) : base.appendingPathComponent(text).standardizedFileURL
        }
        throw FileProblem.onDisk(errno: ELOOP, path: url.path)
    }
}
