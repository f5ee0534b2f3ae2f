import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension FileProblem {
    /// From a system error number, naming for ENOTDIR the folder on the way that is no folder.
    public static func onDisk(errno code: Int32, path: String) -> FileProblem {
        code == ENOTDIR ? .notAFolder(path: notAFolder(above: path)) : from(errno: code, path: path)
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

    /// From any error Foundation threw for the file at `path`, looking on the disk where its
    /// code leaves it open: a file where a folder was to be made, a folder where a file is.
    public static func onDisk(_ error: Error, path: String) -> FileProblem {
        if let p = error as? FileProblem { return p }
        let ns = error as NSError
        let posix = ns.domain == NSPOSIXErrorDomain ? ns
            : (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
        if let posix { return onDisk(errno: Int32(posix.code), path: path) }
        let problem = from(error, path: path)
        guard ns.domain == NSCocoaErrorDomain, case .system = problem else { return problem }
        if CocoaError.Code(rawValue: ns.code) == .fileWriteFileExists {
            // Making a folder where a file stands (or under one).
            let blocker = notAFolder(above: path + "/.")
            if blocker != path + "/." { return .notAFolder(path: blocker) }
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return .isFolder(path: path)
        }
        return problem
    }
}
