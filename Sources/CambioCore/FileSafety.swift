import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read or written, in words: never Foundation's error dumps
/// (`NSCocoaErrorDomain Code=640 …`). A lock, a permission or a full disk is never corruption:
/// callers keep the file and say which of these it was.
public enum FileProblem: Error, Equatable, Sendable, Worded {
    case permissionDenied(path: String)
    /// A folder stands where a file belongs.
    case isFolder(path: String)
    /// A file (or anything but a folder) stands where a folder belongs.
    case notAFolder(path: String)
    /// A symbolic link leads into a folder that is not there: Cambio creates no folder through it.
    case danglingLink(path: String, target: String)
    /// Something that is no regular file (a FIFO, a socket, a device) stands where a file belongs:
    /// reading a FIFO would wait for a writer forever.
    case notAFile(path: String, type: mode_t)
    case diskFull(path: String)
    case readOnly(path: String)
    case notFound(path: String)
    /// Larger than anything Cambio writes there; not read.
    case tooLarge(path: String, limit: Int)
    /// Any other failure of the system, with its own (strerror) words.
    case system(path: String, detail: String)

    public var path: String {
        switch self {
        case .danglingLink(let p, _): return p
        case .permissionDenied(let p), .isFolder(let p), .notAFolder(let p), .diskFull(let p), .readOnly(let p), .notFound(let p),
             .tooLarge(let p, _), .system(let p, _), .notAFile(let p, _): return p
        }
    }

    public var wording: Wording {
        switch self {
        case .permissionDenied(let p): return Wording("permission denied (%@)", .verbatim(p))
        case .isFolder(let p): return Wording("%@ is a folder, where a file belongs", .verbatim(p))
        case .notAFolder(let p): return Wording("%@ is a file, where Cambio keeps a folder; Cambio neither reads nor replaces it", .verbatim(p))
        case .danglingLink(let p, let target):
            return Wording("%@ is a link to %@, whose folder does not exist; Cambio creates no folder through a link", .verbatim(p), .verbatim(target))
        case .notAFile(let p, let type):
            let kind: Wording
            switch type {
            case S_IFIFO: kind = Wording("a FIFO")
            case S_IFSOCK: kind = Wording("a socket")
            case S_IFCHR: kind = Wording("a character device")
            case S_IFBLK: kind = Wording("a block device")
            default: kind = Wording("not a file")
            }
            return Wording("%@ is not a regular file (%@); Cambio neither reads nor replaces it", .verbatim(p), kind)
        case .diskFull(let p): return Wording("the disk is full (%@)", .verbatim(p))
        case .readOnly(let p): return Wording("the file system is read-only (%@)", .verbatim(p))
        case .notFound(let p): return Wording("%@ does not exist", .verbatim(p))
        case .tooLarge(let p, let limit):
            return Wording("%@ is larger than %@ MB, far more than Cambio writes there", .verbatim(p),
                           .verbatim(String(limit / 1_000_000)))
        case .system(let p, let detail): return Wording("%@ (%@)", .verbatim(detail), .verbatim(p))
        }
    }

    /// From a system error number.
    public static func from(errno code: Int32, path: String) -> FileProblem {
        switch code {
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EISDIR: return .isFolder(path: path)
        case ENOSPC, EDQUOT: return .diskFull(path: path)
        case EROFS: return .readOnly(path: path)
        case ENOENT: return .notFound(path: path)
        case ENOTDIR: return .notAFolder(path: notAFolder(above: path))
        default: return .system(path: path, detail: String(cString: strerror(code)))
        }
    }

    /// The nearest of `path`'s folders that exists but is no folder: what makes a path under it
    /// fail with ENOTDIR. `path` itself when none is.
    static func notAFolder(above path: String) -> String {
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            var info = stat()
            if stat(url.path, &info) == 0 {
                return info.st_mode & S_IFMT == S_IFDIR ? path : url.path
            }
            url = url.deletingLastPathComponent()
        }
        return path
    }

    /// From any error Foundation threw for the file at `path`: its underlying POSIX error when
    /// there is one, else what its Cocoa code means.
    public static func from(_ error: Error, path: String) -> FileProblem {
        if let p = error as? FileProblem { return p }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return from(errno: Int32(ns.code), path: path) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return from(errno: Int32(underlying.code), path: path)
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileReadNoPermission, .fileWriteNoPermission: return .permissionDenied(path: path)
            case .fileWriteOutOfSpace: return .diskFull(path: path)
            case .fileWriteVolumeReadOnly: return .readOnly(path: path)
            case .fileReadNoSuchFile, .fileNoSuchFile: return .notFound(path: path)
            case .fileWriteFileExists:
                // Making a folder where a file stands (or under one).
                let blocker = notAFolder(above: path + "/.")
                if blocker != path + "/." { return .notAFolder(path: blocker) }
            default: break
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                return .isFolder(path: path)
            }
        }
        return .system(path: path, detail: "error \(ns.code)")
    }
}

/// Reading Cambio's own small files: missing is nil, a folder, a FIFO or a file far larger than
/// Cambio writes is refused before a byte is parsed, and every failure is a `FileProblem`.
public enum SmallFile {
    /// The contents of `url`, or nil when there is no such file.
    public static func read(_ url: URL, limit: Int) throws -> Data? {
        let path = url.path
        guard let fd = try openRegular(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileProblem.from(errno: errno, path: path) }
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
                throw FileProblem.from(errno: errno, path: path)
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
            throw FileProblem.from(errno: errno, path: path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { let code = errno; close(fd); throw FileProblem.from(errno: code, path: path) }
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
        guard fd >= 0 else { throw FileProblem.from(errno: errno, path: errno == ENOSPC ? path : dir.path) }
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
            throw FileProblem.from(errno: failure, path: path)
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
            guard errno == ENOENT else { throw FileProblem.from(errno: errno, path: current.path) }
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
            throw FileProblem.from(errno: errno, path: folder.path)
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
            guard n > 0 else { throw FileProblem.from(errno: errno, path: current.path) }
            let text = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative link is read from its folder as the kernel reads it: `..` after any
            // link among the folders is followed first (realpath), not cut off as text.
            let folder = current.deletingLastPathComponent()
            let base = realpath(folder.path, nil).map { p -> URL in defer { free(p) }; return URL(fileURLWithPath: String(cString: p)) } ?? folder
            current = text.hasPrefix("/") ? URL(fileURLWithPath: text) : base.appendingPathComponent(text).standardizedFileURL
        }
        throw FileProblem.from(errno: ELOOP, path: url.path)
    }
}

/// A file that is proven unreadable is renamed `<name>.unreadable-<UTC time>` (with `-2`, `-3` …
/// when that name is taken: two in the same second never collide), never overwritten.
public enum SetAside {
    /// The name a file set aside at `now` gets, before any counter.
    public static func stamp(_ now: Date) -> String {
        ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                    formatOptions: [.withYear, .withMonth, .withDay, .withTime])
    }

    /// Renames `file` aside (and each `companions` suffix beside it, such as SQLite's `-wal`,
    /// to the same new name with that suffix). Returns where it now is, and why it was set aside
    /// (with why the rename failed, if it did: then it stays where it was).
    public static func rename(_ file: URL, reason: String, now: Date, companions: [String] = []) -> (path: String, reason: String) {
        do {
            let aside = try move(file, now: now, companions: companions)
            return (aside.path, reason)
        } catch {
            return (file.path, "\(reason); it could not be renamed: \(FileProblem.from(error, path: file.path))")
        }
    }

    /// Renames `file` to a free `.unreadable-` name without replacing anything there.
    public static func move(_ file: URL, now: Date, companions: [String] = []) throws -> URL {
        let base = file.path + ".unreadable-" + stamp(now)
        for attempt in 1...1000 {
            let target = attempt == 1 ? base : "\(base)-\(attempt)"
            // link() never replaces an existing name: taking the name is atomic.
            if link(file.path, target) == 0 {
                guard unlink(file.path) == 0 else {
                    let code = errno
                    unlink(target)
                    throw FileProblem.from(errno: code, path: file.path)
                }
                for suffix in companions where access(file.path + suffix, F_OK) == 0 {
                    _ = Glibc.rename(file.path + suffix, target + suffix)
                }
                return URL(fileURLWithPath: target)
            }
            switch errno {
            case EEXIST: continue
            case EPERM, EXDEV, EMLINK, ENOTSUP:
                // A file system without hard links: take the name if it is free.
                if access(target, F_OK) == 0 { continue }
                guard Glibc.rename(file.path, target) == 0 else { throw FileProblem.from(errno: errno, path: file.path) }
                for suffix in companions where access(file.path + suffix, F_OK) == 0 {
                    _ = Glibc.rename(file.path + suffix, target + suffix)
                }
                return URL(fileURLWithPath: target)
            default:
                throw FileProblem.from(errno: errno, path: file.path)
            }
        }
        throw FileProblem.system(path: file.path, detail: "no free name to set it aside")
    }
}
