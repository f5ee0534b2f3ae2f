import Foundation

/// An Alpha Vantage answer as kept on disk: the body, when it was fetched, and (for a series)
/// the currency its search listed it in.
public struct CachedStockAnswer: Codable, Equatable, Sendable {
    public let fetchedAt: Date
    public let currency: String?
    public let body: Data

    public init(fetchedAt: Date, currency: String?, body: Data) {
        self.fetchedAt = fetchedAt; self.currency = currency; self.body = body
    }
}

/// `$XDG_CACHE_HOME/cambio/stocks/`: every series for a day, every search for an hour (a free
/// key allows 25 requests a day). An answer is stored only after it parsed; writes are atomic;
/// an unreadable file is renamed aside and reported. Older answers stay as the fallback when a
/// request fails.
public struct StockCache: Sendable {
    public static let seriesLifetime: TimeInterval = 24 * 3600
    public static let searchLifetime: TimeInterval = 3600

    public let directory: URL

    public init(directory: URL) { self.directory = directory }
    public init(paths: AppPaths) { directory = paths.cacheHome.appendingPathComponent("cambio/stocks") }

    public enum Kind: Sendable { case series(String), search(String) }

    /// A file name that no symbol or query can turn into a path: hex of the normalised text.
    public func url(_ kind: Kind) -> URL {
        switch kind {
        case .series(let symbol): return directory.appendingPathComponent("series-\(Self.hex(symbol.uppercased())).json")
        case .search(let query): return directory.appendingPathComponent("search-\(Self.hex(Self.normalised(query))).json")
        }
    }

    public static func normalised(_ query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    static func hex(_ s: String) -> String {
        let digits = Array("0123456789abcdef")
        return String(s.utf8.prefix(80).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }

    public enum Load<Value: Sendable>: Sendable {
        case missing
        case loaded(CachedStockAnswer, Value)
        case setAside(path: String, reason: String)
        case unreadable(path: String, reason: String)
    }

    public func loadSeries(_ symbol: String, now: Date = Date()) -> Load<PriceSeries> {
        load(.series(symbol), now: now) { answer in
            try AlphaVantageParser.monthlyAdjusted(answer.body, currency: answer.currency ?? "USD")
        }
    }

    public func loadSearch(_ query: String, now: Date = Date()) -> Load<[StockInfo]> {
        load(.search(query), now: now) { try AlphaVantageParser.search($0.body) }
    }

    func load<Value: Sendable>(_ kind: Kind, now: Date, parse: (CachedStockAnswer) throws -> Value) -> Load<Value> {
        switch CacheFile.read(url(kind), as: CachedStockAnswer.self, now: now, check: parse) {
        case .missing: return .missing
        case .loaded(let answer, let value): return .loaded(answer, value)
        case .setAside(let path, let reason): return .setAside(path: path, reason: reason)
        case .unreadable(let path, let reason): return .unreadable(path: path, reason: reason)
        }
    }

    public func store(_ answer: CachedStockAnswer, as kind: Kind) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The user's own: answers fetched with their key are nobody else's business.
        try CacheFile.write(answer, to: url(kind), mode: 0o600)
    }

    public static func isFresh(_ answer: CachedStockAnswer, lifetime: TimeInterval, now: Date) -> Bool {
        let age = now.timeIntervalSince(answer.fetchedAt)
        return age >= 0 && age < lifetime
    }
}

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

    public enum APIKeyError: Error, Equatable, Sendable, Worded {
        /// Something else than letters and digits (a space, a quote, a whole URL).
        case invalid
        /// Letters and digits, but fewer than 4 (a paste cut short).
        case tooShort
        /// More than 64 (a paste doubled, or something else pasted).
        case tooLong
        case write(String)
        public var wording: Wording {
            switch self {
            case .invalid: return Wording("An Alpha Vantage key is letters and digits only")
            case .tooShort: return Wording("An Alpha Vantage key has 4 to 64 letters and digits: this one is too short")
            case .tooLong: return Wording("An Alpha Vantage key has 4 to 64 letters and digits: this one is too long")
            case .write(let why): return Wording("The key could not be saved (%@)", .verbatim(why))
            }
        }
    }

    /// Keys are short runs of letters and digits ("demo", 16 for a free key); anything else is a
    /// paste gone wrong: why, or nil for a key that may be one.
    public static func problem(_ key: String) -> APIKeyError? {
        guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return .invalid }
        return key.count < 4 ? .tooShort : key.count > 64 ? .tooLong : nil
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
        if let problem = Self.problem(key) { throw problem }
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
