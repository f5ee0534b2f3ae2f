import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `$XDG_CACHE_HOME/cambio/rates/<provider>.json`, one file per provider. An answer replaces the
/// old one only after it parsed and validated completely; writes are atomic; a file that cannot
/// be read is renamed aside and reported, never overwritten in place.
public struct RateCache: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }
    public init(paths: AppPaths) { directory = paths.cacheHome.appendingPathComponent("cambio/rates") }

    /// `<provider>.json`; `ecb-hist-90d.json` for the ECB's 90-day history (`history: true`).
    public func url(_ provider: Provider, history: Bool = false) -> URL {
        directory.appendingPathComponent(history ? "\(provider.rawValue)-hist-90d.json" : "\(provider.rawValue).json")
    }

    public enum Load: Sendable {
        case missing
        case loaded(CachedAnswer, ProviderSnapshot)
        case setAside(path: String, reason: String)
        /// It exists but could not be read (permissions, a folder in its place): kept as it is.
        case unreadable(path: String, reason: String)
        /// Its rates are dated after `today` (a clock behind, or set back): kept as it is, not
        /// used until that day comes.
        case notYet(path: String, day: Day)
    }

    public func load(_ provider: Provider, today: Day, now: Date = Date(), history: Bool = false) -> Load {
        let read = CacheFile.read(url(provider, history: history), as: CachedAnswer.self, now: now) { answer in
            guard answer.provider == provider else { throw ProviderError.wrongShape("cached for \(answer.provider)") }
            // Read as if any day had come: a date after today says when to use it, not that it is broken.
            return try answer.checkedSnapshot(today: .last)
                ?? ProviderParser.parse(provider, answer.body, today: .last, expecting: history ? .history : .latest)
        }
        switch read {
        case .missing: return .missing
        case .loaded(let answer, let snapshot):
            if let newest = snapshot.newestDay, newest > ProviderParser.newestPlausible(provider, today: today) {
                return .notYet(path: url(provider, history: history).path, day: newest)
            }
            return .loaded(answer, snapshot)
        case .setAside(let path, let reason): return .setAside(path: path, reason: reason)
        case .unreadable(let path, let reason): return .unreadable(path: path, reason: reason)
        }
    }

    /// Why the folder cannot hold the saved rates (a file in its place, no permission to read
    /// it); nil when it can, or does not exist yet.
    public func folderProblem() -> FileProblem? {
        var info = stat()
        guard stat(directory.path, &info) == 0 else {
            return errno == ENOENT ? nil : FileProblem.onDisk(errno: errno, path: directory.path)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notAFolder(path: directory.path) }
        return access(directory.path, R_OK | X_OK) == 0 ? nil : FileProblem.onDisk(errno: errno, path: directory.path)
    }

    /// A server's "not before" after HTTP 429, kept so that later runs wait too; never more than
    /// `RetryAfter.cap` from `now` (a file written before the cap existed cannot block for years).
    public func retryNotBefore(_ provider: Provider, now: Date = Date()) -> Date? {
        let file = directory.appendingPathComponent("\(provider.rawValue).retry-after")
        guard let data = try? SmallFile.read(file, limit: 100), let text = String(data: data, encoding: .utf8),
              let seconds = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines)), seconds.isFinite else { return nil }
        return min(Date(timeIntervalSince1970: seconds), now.addingTimeInterval(RetryAfter.cap))
    }

    public func setRetryNotBefore(_ provider: Provider, _ date: Date?) throws {
        let file = directory.appendingPathComponent("\(provider.rawValue).retry-after")
        guard let date else { try? FileManager.default.removeItem(at: file); return }
        try SmallFile.write(Data("\(Int(date.timeIntervalSince1970.rounded(.up)))\n".utf8), to: file)
    }

    /// Every provider's last good answer and the ECB's 90-day history, with what was set aside.
    public struct All: Sendable {
        public var answers: [Provider: CachedRates] = [:]
        public var ecbHistory: CachedRates?
        public var setAside: [(provider: Provider, path: String, reason: String)] = []
        /// Files kept as they are because they could not be read.
        public var unreadable: [(provider: Provider, path: String, reason: String)] = []
        /// Files kept as they are because their rates are dated after today.
        public var notYet: [(provider: Provider, path: String, day: Day)] = []
        /// Why none can be read: the folder's problem, said once rather than for each file.
        public var folderProblem: FileProblem?
    }

    public func loadAll(today: Day, now: Date = Date()) -> All {
        var all = All()
        all.folderProblem = folderProblem()
        if all.folderProblem != nil { return all }
        for (provider, history) in Provider.allCases.map({ ($0, false) }) + [(.ecb, true)] {
            switch load(provider, today: today, now: now, history: history) {
            case .missing: break
            case .loaded(let answer, let snapshot):
                let c = CachedRates(answer: answer, snapshot: snapshot)
                if history { all.ecbHistory = c } else { all.answers[provider] = c }
            case .setAside(let path, let reason): all.setAside.append((provider, path, reason))
            case .unreadable(let path, let reason): all.unreadable.append((provider, path, reason))
            case .notYet(let path, let day): all.notYet.append((provider, path, day))
            }
        }
        return all
    }

    /// Replaces the provider's answer atomically. A file that exists but cannot be read is not
    /// replaced (nor is a folder in its place): the failure is said instead.
    public func store(_ answer: CachedAnswer, history: Bool = false) throws {
        try CacheFile.write(answer, to: url(answer.provider, history: history))
    }
}
