import CambioCore
import Foundation
import GRDB

/// Every publication Cambio knows, in SQLite: the bundled ECB history (imported once per
/// bundle), Frankfurter ranges newer than it, and every snapshot fetched from any provider, so
/// the history of non-ECB currencies grows over time. Rates are stored as decimal text, exactly
/// as published.
public final class HistoryStore: Sendable {
    let db: DatabaseQueue
    public let url: URL

    public enum OpenOutcome: Sendable {
        case opened
        /// The file was not a readable store; it was kept under this name and a new one begun.
        case setAside(URL, reason: String)
    }

    /// Opens (creating or migrating) the store at `url`. A file that is not a Cambio store is
    /// renamed aside, never overwritten.
    public static func open(at url: URL, now: Date = Date()) throws -> (HistoryStore, OpenOutcome) {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            return (try HistoryStore(url: url), .opened)
        } catch {
            guard FileManager.default.fileExists(atPath: url.path) else { throw error }
            let aside = URL(fileURLWithPath: url.path + ".unreadable-" + Self.stamp(now))
            try FileManager.default.moveItem(at: url, to: aside)
            return (try HistoryStore(url: url), .setAside(aside, reason: "\(error)"))
        }
    }

    static func stamp(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!,
                                    formatOptions: [.withYear, .withMonth, .withDay, .withTime])
    }

    public init(url: URL) throws {
        self.url = url
        var config = Configuration()
        config.label = "cambio-history"
        db = try DatabaseQueue(path: url.path, configuration: config)
        // Reading checks the file really is SQLite before migrating it.
        _ = try db.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        try Self.migrator.migrate(db)
    }

    /// The schema's history. v1: publications and their rates; v2: when each publication was
    /// stored, and an index for the newest day of a source.
    public static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE publication (source TEXT NOT NULL, day TEXT NOT NULL, base TEXT NOT NULL,
                                          PRIMARY KEY (source, day)) WITHOUT ROWID;
                CREATE TABLE rate (code TEXT NOT NULL, day TEXT NOT NULL, source TEXT NOT NULL, value TEXT NOT NULL,
                                   PRIMARY KEY (code, day, source)) WITHOUT ROWID;
                CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                """)
        }
        m.registerMigration("v2") { db in
            try db.execute(sql: """
                ALTER TABLE publication ADD COLUMN stored_at TEXT;
                CREATE INDEX publication_by_day ON publication (day);
                """)
        }
        return m
    }

    public var schemaVersions: [String] {
        get throws { try db.read { try Self.migrator.appliedMigrations($0) } }
    }

    // MARK: Writing

    /// Stores publications; a day a source published already is replaced by the new figures.
    public func record(_ publications: [DayPublication], storedAt: Date = Date()) throws {
        let stamp = Self.stamp(storedAt)
        try db.write { db in
            let putPublication = try db.cachedStatement(sql:
                "INSERT OR REPLACE INTO publication (source, day, base, stored_at) VALUES (?, ?, ?, ?)")
            let putRate = try db.cachedStatement(sql: "INSERT OR REPLACE INTO rate (code, day, source, value) VALUES (?, ?, ?, ?)")
            for p in publications {
                let day = p.day.iso
                try putPublication.execute(arguments: [p.source, day, p.base, stamp])
                for (code, value) in p.rates where code != p.base {
                    try putRate.execute(arguments: [code, day, p.source, "\(value)"])
                }
            }
        }
    }

    /// Imports the bundled ECB history unless this very file was imported already (its newest
    /// day and size name it). Returns true when it imported.
    @discardableResult
    public func importBundle(_ csv: Data) throws -> Bool {
        let identity = "\(try ECBHistoryCSV.newestDay(csv).iso)/\(csv.count)"
        if try db.read({ try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'bundle'") }) == identity {
            return false
        }
        let stamp = Self.stamp(Date())
        try db.write { db in
            let putPublication = try db.cachedStatement(sql:
                "INSERT OR REPLACE INTO publication (source, day, base, stored_at) VALUES ('ECB', ?, 'EUR', ?)")
            // One statement per day (its rates as one multi-row insert): 7,000 statements, not 200,000.
            try ECBHistoryCSV.forEachRow(csv) { day, rates in
                let iso = day.iso
                try putPublication.execute(arguments: [iso, stamp])
                guard !rates.isEmpty else { return }
                let putRates = try db.cachedStatement(sql: "INSERT OR REPLACE INTO rate (code, day, source, value) VALUES "
                    + Array(repeating: "(?, ?, 'ECB', ?)", count: rates.count).joined(separator: ", "))
                var values: [(any DatabaseValueConvertible)?] = []
                values.reserveCapacity(rates.count * 3)
                for r in rates { values += [r.code, iso, r.value] }
                try putRates.execute(arguments: StatementArguments(values))
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('bundle', ?)", arguments: [identity])
        }
        return true
    }

    // MARK: Reading

    /// The publications between `start` and `end` (inclusive; nil: open), with the rates of
    /// `codes` only. A publication without any of them is still listed (it makes a gap).
    public func publications(codes: [String], from start: Day? = nil, to end: Day? = nil) throws -> [DayPublication] {
        let low = start?.iso ?? "0000-00-00", high = end?.iso ?? "9999-99-99"
        // One row per publication with each code's value beside it: index seeks, no grouping
        // in Swift (a five-year range of a pair reads in a few milliseconds).
        let joins = codes.indices.map { i in
            "LEFT JOIN rate r\(i) ON r\(i).code = ? AND r\(i).day = p.day AND r\(i).source = p.source"
        }.joined(separator: " ")
        let columns = codes.indices.map { ", r\($0).value" }.joined()
        let sql = "SELECT p.day, p.source, p.base\(columns) FROM publication p \(joins) WHERE p.day BETWEEN ? AND ? ORDER BY p.day"
        return try db.read { db in
            var out: [DayPublication] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(codes + [low, high]))
            while let row = try rows.next() {
                guard let day = Day(iso: row[0] as String) else { continue }
                var rates: [String: Decimal] = [:]
                for (i, code) in codes.enumerated() {
                    if let text = row[3 + i] as String?, let v = Self.decimal(text) { rates[code] = v }
                }
                out.append(DayPublication(day: day, source: row[1], base: row[2], rates: rates))
            }
            return out
        }
    }

    /// A stored rate ("1.0811") back to the exact decimal, without Foundation's slow locale parser.
    static func decimal(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var exponent = 0, digits = 0, seenPoint = false
        for b in text.utf8 {
            if b == 0x2E { if seenPoint { return nil }; seenPoint = true; continue }
            guard b >= 0x30 && b <= 0x39 else { return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }
            digits += 1
            if digits > 18 { return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }
            significand = significand * 10 + UInt64(b - 0x30)
            if seenPoint { exponent -= 1 }
        }
        guard digits > 0 else { return nil }
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// A pair's history between two days.
    public func history(from: String, to: String, start: Day? = nil, end: Day? = nil) throws -> PairHistory {
        PairHistory(from: from, to: to, publications: try publications(codes: [from, to], from: start, to: end))
    }

    /// The newest day `source` published, if any.
    public func newestDay(source: String) throws -> Day? {
        try db.read { try String.fetchOne($0, sql: "SELECT max(day) FROM publication WHERE source = ?", arguments: [source]) }
            .flatMap { Day(iso: $0) }
    }
}

extension HistoryStore {
    /// The store as the app and the command line use it: opened (or begun anew beside an
    /// unreadable file), the bundled history imported when it is new, and the answers already
    /// fetched recorded. `problems` says what was set aside.
    public static func prepared(paths: AppPaths, bundle: URL?, cached: [ProviderSnapshot]) throws -> (HistoryStore, problems: [String]) {
        var problems: [String] = []
        let (store, outcome) = try open(at: paths.historyFile)
        if case .setAside(let aside, let reason) = outcome {
            problems.append("the rate history could not be read (\(reason)); it was kept as \(aside.path)")
        }
        if let bundle { try store.importBundle(Data(contentsOf: bundle, options: .alwaysMapped)) }
        try store.record(cached.flatMap(\.publications))
        return (store, problems)
    }

    /// The newest day of the ECB's figures known (its own files or Frankfurter's copy).
    public func newestECBDay() throws -> Day? {
        [try newestDay(source: "ECB"), try newestDay(source: "Frankfurter")].compactMap { $0 }.max()
    }
}
