import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The user's Alpha Vantage key: `$XDG_CONFIG_HOME/cambio/alphavantage-key`, readable by the user
/// only (0600, in a 0700 folder), written atomically, never printed.
public struct APIKeyStore: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }
    public init(paths: AppPaths) { url = paths.configHome.appendingPathComponent("cambio/alphavantage-key") }

    /// The key, or nil. A file others could read is narrowed to 0600 first.
    public func load() -> String? {
        let fm = FileManager.default
        narrowFolder()
        guard let attributes = try? fm.attributesOfItem(atPath: url.path) else { return nil }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            try? fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }
        guard let data = try? SmallFile.read(url, limit: 4096),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return text
    }

    /// The key's folder is the user's alone (an existing ~/.config/cambio made 0755 is narrowed).
    func narrowFolder() {
        let dir = url.deletingLastPathComponent().path
        var info = stat()
        guard stat(dir, &info) == 0, info.st_mode & 0o077 != 0, info.st_uid == getuid() else { return }
        chmod(dir, info.st_mode & 0o700)
    }

    /// Saves `key` (nil or empty: forgets it). The file is created 0600 before anything is
    /// written to it, then renamed over the old one.
    public func save(_ key: String?) throws {
        let fm = FileManager.default
        let key = key?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if key.isEmpty {
            if fm.fileExists(atPath: url.path) {
                do { try fm.removeItem(at: url) } catch { throw APIKeyError.write(Wording(error: error).description) }
            }
            return
        }
        if let problem = APIKeyError.problem(key) { throw problem }
        let dir = url.deletingLastPathComponent()
        do {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw APIKeyError.write(Wording(error: error).description) }
        narrowFolder()
        let temporary = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        unlink(temporary.path)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw APIKeyError.write(String(cString: strerror(errno))) }
        let bytes = Array((key + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary.path, url.path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary.path)
            throw APIKeyError.write(why)
        }
    }
}
