import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
            return (file.path, "\(reason); it could not be renamed: \(FileProblem.onDisk(error, path: file.path))")
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
                    throw FileProblem.onDisk(errno: code, path: file.path)
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
                guard Glibc.rename(file.path, target) == 0 else { throw FileProblem.onDisk(errno: errno, path: file.path) }
                for suffix in companions where access(file.path + suffix, F_OK) == 0 {
                    _ = Glibc.rename(file.path + suffix, target + suffix)
                }
                return URL(fileURLWithPath: target)
            default:
                throw FileProblem.onDisk(errno: errno, path: file.path)
            }
        }
        throw FileProblem.system(path: file.path, detail: "no free name to set it aside")
    }
}
