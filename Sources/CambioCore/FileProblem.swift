import Foundation

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

    /// From a system error number, as the number says. (CambioStore's `onDisk` also looks on
    /// the disk for the folder that is no folder.)
    public static func from(errno code: Int32, path: String) -> FileProblem {
        switch code {
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EISDIR: return .isFolder(path: path)
        case ENOSPC, EDQUOT: return .diskFull(path: path)
        case EROFS: return .readOnly(path: path)
        case ENOENT: return .notFound(path: path)
        case ENOTDIR: return .notAFolder(path: path)
        default: return .system(path: path, detail: String(cString: strerror(code)))
        }
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
            default: break
            }
        }
        return .system(path: path, detail: "error \(ns.code)")
    }
}
