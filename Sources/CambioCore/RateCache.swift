import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A provider's last good answer, as kept on disk: the validated body and what the next
/// request needs (validators for a conditional request, when new rates appear).
public struct CachedAnswer: Codable, Equatable, Sendable {
    public let provider: Provider
    public let fetchedAt: Date
    public let etag: String?
    public let lastModified: String?
    /// When the provider publishes next (its own word, or the ECB's calendar).
    public let nextPublication: Date
    public let body: Data
    /// For the metals' and coins' sources: the rates in use as checked code by code (day →
    /// code → decimal), the answer's own without what was refused, with the kept days that
    /// still supply a metal or coin it lacked. Nil for the fiat sources, whose body is all.
    public let checked: [String: [String: String]]?

    public init(provider: Provider, fetchedAt: Date, etag: String?, lastModified: String?, nextPublication: Date, body: Data,
                checked: [Day: [String: Decimal]]? = nil) {
        self.provider = provider; self.fetchedAt = fetchedAt; self.etag = etag
        self.lastModified = lastModified; self.nextPublication = nextPublication; self.body = body
        self.checked = checked.map { days in
            Dictionary(uniqueKeysWithValues: days.map { ($0.key.iso, $0.value.mapValues { "\($0)" }) })
        }
    }

    private init(_ other: CachedAnswer, fetchedAt: Date, nextPublication: Date) {
        provider = other.provider; self.fetchedAt = fetchedAt; etag = other.etag; lastModified = other.lastModified
        self.nextPublication = nextPublication; body = other.body; checked = other.checked
    }

    /// The same answer, confirmed unchanged (HTTP 304) at `date`.
    public func confirmed(at date: Date, nextPublication: Date) -> CachedAnswer {
        CachedAnswer(self, fetchedAt: date, nextPublication: nextPublication)
    }

    /// The rates in use as checked, when the answer has them (a metal's or coin's source): each a
    /// positive decimal of a plausible day, else the file is not Cambio's. The body was checked
    /// when it came and is not read again. Nil for a fiat source's answer, which is its body.
    func checkedSnapshot(today: Day) throws -> ProviderSnapshot? {
        guard let checked else { return nil }
        var days: [Day: [String: Decimal]] = [:]
        for (iso, row) in checked {
            guard let day = Day(iso: iso) else { throw ProviderError.implausibleDate(iso) }
            days[day] = try row.mapValues { text in
                guard let v = Decimal(plain: text) else { throw ProviderError.invalidRate(code: "?", value: text) }
                return v
            }
        }
        let snapshot = ProviderSnapshot(provider: provider, base: provider.requestedBase, days: days)
        try ProviderParser.validate(snapshot, today: today)
        return snapshot
    }
}

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
            return errno == ENOENT ? nil : FileProblem.from(errno: errno, path: directory.path)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notAFolder(path: directory.path) }
        return access(directory.path, R_OK | X_OK) == 0 ? nil : FileProblem.from(errno: errno, path: directory.path)
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

/// How long a server's HTTP 429 can keep Cambio from asking.
public enum RetryAfter {
    /// A day: longer than any real provider's block.
    public static let cap: TimeInterval = 24 * 3600
}

/// How often Cambio asks for new rates.
public enum RefreshInterval: String, Codable, CaseIterable, Sendable {
    /// Only when asked (F5, Ctrl+R, cambio refresh).
    case never
    /// Once at each start, when new rates may exist.
    case onStart
    case daily
    case weekly
}

public enum RefreshPolicy {
    public enum Trigger: Sendable { case start, timer, explicit }

    public enum Decision: Equatable, Sendable {
        case request
        /// Nothing new can exist yet, or the interval has not passed.
        case skip(until: Date)
        /// The user turned the network off.
        case networkOff
    }

    public static func decide(trigger: Trigger, interval: RefreshInterval, networkAllowed: Bool,
                              cached: CachedAnswer?, now: Date) -> Decision {
        if !networkAllowed { return .networkOff }
        if trigger == .explicit { return .request }
        if interval == .never { return .skip(until: .distantFuture) }
        guard let cached else { return .request }
        let spacing: TimeInterval
        switch interval {
        case .never: return .skip(until: .distantFuture)
        case .onStart:
            guard trigger == .start else { return .skip(until: .distantFuture) }
            spacing = 0
        case .daily: spacing = 86_400
        case .weekly: spacing = 7 * 86_400
        }
        let next = max(cached.nextPublication, cached.fetchedAt.addingTimeInterval(spacing))
        return now >= next ? .request : .skip(until: next)
    }

    /// When a provider next publishes after the rates of `day`: er-api says so itself; the ECB
    /// publishes on TARGET business days at about 16:00 Frankfurt time; Frankfurter gathers 84
    /// institutions publishing at their own hours, some on weekends (asked a day after its
    /// newest); the Bank of Russia sets the next day's rates at about 11:30 Moscow time on
    /// business days (asked for at 12:00).
    public static func nextPublication(_ provider: Provider, after day: Day, providerSays: Date?) -> Date {
        switch provider {
        case .erapi:
            return providerSays ?? day.date.addingTimeInterval(86_400)
        case .frankfurter:
            return day.date.addingTimeInterval(86_400)
        case .ecb:
            return at(hour: 16, in: "Europe/Berlin", on: TargetCalendar.nextBusinessDay(after: day))
        case .cbr:
            var d = day
            while TargetCalendar.isWeekend(d) { d = d.next }
            return at(hour: 12, in: "Europe/Moscow", on: d)
        case .currencyapi:
            // A new file every day, published shortly after midnight UTC.
            return day.date.addingTimeInterval(86_400 + 3600)
        case .coinbase:
            // Prices move all the time: asked again after the hour every answer is kept at least.
            return day.date
        }
    }

    static func at(hour: Int, in zone: String, on day: Day) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))!
    }
}

extension Day {
    /// The following calendar day.
    public var next: Day { Day(date.addingTimeInterval(86_400)) }
}
