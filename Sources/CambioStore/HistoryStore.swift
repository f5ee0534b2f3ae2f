import CambioCore
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Every publication Cambio knows, in SQLite: the bundled ECB history (imported once per
/// bundle), Frankfurter ranges newer than it, and every snapshot fetched from any provider, so
/// the history of non-ECB currencies grows over time. Rates are stored as decimal text, exactly
/// as published.
public final class HistoryStore: Sendable {
    let db: DatabaseQueue
    public let url: URL
    /// Opened read-only (a read-only folder or file): history is read, nothing is recorded.
    public let readOnly: Bool

    public enum OpenOutcome: Sendable {
        case opened
        /// The file was proven not to be a readable Cambio store; it was kept under this name and a
        /// new one begun (with what could still be read from it).
        case setAside(URL, reason: Wording)
        /// The store or its folder cannot be written: reading works, recording is skipped.
        case readOnly(reason: Wording)
    }

    /// How long a writer waits for another process's write (the bundle import takes about a second).
    static let busyTimeout: TimeInterval = 30

    /// Opens (creating or migrating) the store at `url`. Only a file proven not to be a Cambio
    /// store (not SQLite, damaged pages, a dropped table, another program's tables) is renamed
    /// aside, never one that is busy, read-only, on a full disk or not permitted: those are said.
    public static func open(at url: URL, now: Date = Date()) throws -> (HistoryStore, OpenOutcome) {
        try open(at: url, now: now, busy: .timeout(busyTimeout))
    }

    /// `busy`: how a connection waits for another's write (tests watch the wait begin).
    static func open(at url: URL, now: Date, busy: Database.BusyMode) throws -> (HistoryStore, OpenOutcome) {
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            let problem = FileProblem.from(error, path: dir.path)
            return (try HistoryStore(inMemoryFor: url), .readOnly(reason: problem.wording))
        }
        let exists = access(url.path, F_OK) == 0
        // A FIFO, a socket or a device there is neither opened nor replaced: said, and the
        // history is kept in memory for this run.
        if exists {
            do { try SmallFile.requireRegular(url) } catch let problem as FileProblem {
                if case .notAFile = problem { return (try HistoryStore(inMemoryFor: url), .readOnly(reason: problem.wording)) }
            }
        }
        let writable = exists ? access(url.path, W_OK) == 0 && access(dir.path, W_OK) == 0 : access(dir.path, W_OK) == 0
        if !writable {
            let why = FileProblem.from(errno: EACCES, path: exists && access(url.path, W_OK) != 0 ? url.path : dir.path).wording
            if !exists { return (try HistoryStore(inMemoryFor: url), .readOnly(reason: why)) }
            do {
                return (try HistoryStore(url: url, readOnly: true, busy: busy), .readOnly(reason: why))
            } catch {
                return (try HistoryStore(inMemoryFor: url), .readOnly(reason: why))
            }
        }
        do {
            return (try HistoryStore(url: url, readOnly: false, busy: busy), .opened)
        } catch let error as HistoryStoreError {
            guard error.provesNotAStore, exists else { throw error }
            let aside = try SetAside.move(url, now: now, companions: ["-wal", "-shm"])
            let store = try HistoryStore(url: url, readOnly: false, busy: busy)
            store.salvage(from: aside)
            return (store, .setAside(aside, reason: error.wording))
        }
    }

    public convenience init(url: URL) throws { try self.init(url: url, readOnly: false) }

    public convenience init(url: URL, readOnly: Bool) throws {
        try self.init(url: url, readOnly: readOnly, busy: .timeout(Self.busyTimeout))
    }

    init(url: URL, readOnly: Bool, busy: Database.BusyMode) throws {
        self.url = url
        self.readOnly = readOnly
        var config = Configuration()
        config.label = "cambio-history"
        config.readonly = readOnly
        config.busyMode = busy
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            // A file that is there already is looked at read-only first: nothing is written to a
            // file (not even its journal mode) before it is proven to be a Cambio store.
            let inspected = !readOnly && Self.hasContent(url) ? try Self.inspect(url, busy: busy) : false
            db = try DatabaseQueue(path: url.path, configuration: config)
            // Only one process sets a new store up: the others wait, then find it ready.
            try Self.exclusively(url) {
                // Readers and one writer together (the window and the command line). Switched
                // here, under the folder's lock, rather than by GRDB's .wal setting as the file
                // opens: the switch reads the header and then writes it in one transaction, and
                // SQLite answers a second process doing the same at that moment with SQLITE_BUSY
                // at once, without the busy timeout. On a store already in WAL mode this writes
                // nothing.
                if !readOnly { try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") } }
                // Checked once: by the read-only look, or here (a new file, or one the look
                // could not read).
                if !inspected { try Self.check(db) }
                if !readOnly { try Self.migrator.migrate(db) }
            }
        } catch {
            throw HistoryStoreError(error, path: url.path)
        }
    }

    /// The file exists and is not empty.
    static func hasContent(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && info.st_size > 0
    }

    /// Throws `.notAStore` or `.damaged` unless the file at `url`, opened read-only, is a sound
    /// Cambio store (or holds no table yet); false when it could not look (a journal only a writer can roll back).
    @discardableResult
    static func inspect(_ url: URL, busy: Database.BusyMode) throws -> Bool {
        var config = Configuration()
        config.readonly = true
        config.busyMode = busy
        do {
            let look = try DatabaseQueue(path: url.path, configuration: config)
            defer { try? look.close() }
            try check(look)
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A journal left by an interrupted write, which only a writer can roll back: the
            // writable open under the folder's lock looks at the file then.
            return false
        }
    }

    /// A store in memory, for a machine where the history cannot be written at all: reading the
    /// bundle and today's answers still works.
    init(inMemoryFor url: URL) throws {
        self.url = url
        readOnly = false
        db = try DatabaseQueue()
        try Self.migrator.migrate(db)
    }

    /// Runs `body` holding an advisory lock on the store's folder (not SQLite's own locks).
    ///
    /// Never on the database file itself: on Linux, closing any descriptor of a file drops every
    /// POSIX lock the process holds on it, SQLite's shared WAL lock included. Another process
    /// closing its connection would then find the store unused, checkpoint it and delete the
    /// write-ahead log this process is still writing to, and its rows would be lost. The folder
    /// can be locked when it is read-only too.
    static func exclusively<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        let fd = Glibc.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The tables a Cambio store has.
    static let ourTables: Set<String> = ["publication", "rate", "meta", "grdb_migrations"]

    /// Throws `.notAStore` or `.damaged` unless the file is empty, or a sound Cambio store.
    static func check(_ db: DatabaseQueue) throws {
        try db.read { db in
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            if tables.isEmpty { return }
            let foreign = tables.subtracting(ourTables)
            if !foreign.isEmpty || !tables.contains("grdb_migrations") {
                throw HistoryStoreError.notAStore(Wording("it holds another program's tables (%@)", .verbatim(foreign.sorted().joined(separator: ", "))))
            }
            let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
            if applied.contains("v1"), !tables.isSuperset(of: ["publication", "rate", "meta"]) {
                let missing = Set(["publication", "rate", "meta"]).subtracting(tables).sorted().joined(separator: ", ")
                throw HistoryStoreError.damaged(Wording("a table is missing (%@)", .verbatim(missing)))
            }
            let verdict = try String.fetchAll(db, sql: "PRAGMA quick_check")
            if verdict != ["ok"] { throw HistoryStoreError.damaged(.verbatim(verdict.prefix(2).joined(separator: "; "))) }
        }
    }

    /// Copies what can still be read of a set-aside store's publications into this one.
    ///
    /// A damaged page ends a scan, so a table that cannot be read whole is read again by parts:
    /// each currency (or source), from both ends. One bad page then loses the rows it holds,
    /// never every row after it.
    func salvage(from aside: URL) {
        var config = Configuration()
        config.readonly = true
        guard let old = try? DatabaseQueue(path: aside.path, configuration: config) else { return }
        defer { try? old.close() }
        var publications: [Row] = [], rates: [Row] = []
        try? old.read { db in
            rates = Self.salvageRows(db, columns: "code, day, source, value", table: "rate", key: "code",
                                     keys: { Self.allCodes })
            let sources = Set(rates.compactMap { $0[2] as String? } + ["ECB", "open.er-api.com", "Frankfurter", "Bank of Russia"])
            publications = Self.salvageRows(db, columns: "source, day, base, stored_at", table: "publication", key: "source",
                                            keys: { sources.sorted() })
        }
        try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -65536") }
        defer { try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -2000") } }
        try? db.write { db in
            let putPublication = try db.cachedStatement(sql: "INSERT OR REPLACE INTO publication (source, day, base, stored_at) VALUES (?, ?, ?, ?)")
            for p in publications { try putPublication.execute(arguments: [p[0], p[1], p[2], p[3]]) }
            let putRate = try db.cachedStatement(sql: "INSERT OR REPLACE INTO rate (code, day, source, value) VALUES (?, ?, ?, ?)")
            for r in rates { try putRate.execute(arguments: [r[0], r[1], r[2], r[3]]) }
        }
    }

    /// Every three-letter code, the keys a damaged rate table is read again by.
    static let allCodes: [String] = {
        let letters = (65...90).map { Character(UnicodeScalar($0)!) }
        return letters.flatMap { a in letters.flatMap { b in letters.map { c in String([a, b, c]) } } }
    }()

    /// The rows of `table` (keyed by `key`, then by day): whole if it reads, else by each of
    /// `keys`; a key whose rows cannot be read through is read from both ends, up to the bad
    /// page from its first day and back to it from its last.
    private static func salvageRows(_ db: Database, columns: String, table: String, key: String,
                                    keys: () -> [String]) -> [Row] {
        var rows: [Row] = []
        if scan(db, "SELECT \(columns) FROM \(table)", [], into: &rows) { return rows }
        rows.removeAll()
        for k in keys() {
            let sql = "SELECT \(columns) FROM \(table) WHERE \(key) = ? ORDER BY day"
            if scan(db, sql, [k], into: &rows) { continue }
            _ = scan(db, sql + " DESC", [k], into: &rows)
        }
        return rows
    }

    /// Appends `sql`'s rows to `rows` up to the first that cannot be read; true if none failed.
    private static func scan(_ db: Database, _ sql: String, _ arguments: StatementArguments, into rows: inout [Row]) -> Bool {
        guard let cursor = try? Row.fetchCursor(db, sql: sql, arguments: arguments) else { return false }
        while true {
            do {
                guard let row = try cursor.next() else { return true }
                rows.append(row.copy())
            } catch {
                return false
            }
        }
    }

    /// The schema's history. v1: publications and their rates; v2: when each publication was
    /// stored, and an index for the newest day of a source.
    public static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            // One statement a line (xgettext, which collects the messages, reads Swift as C).
            try db.execute(sql: "CREATE TABLE publication (source TEXT NOT NULL, day TEXT NOT NULL, base TEXT NOT NULL, "
                + "PRIMARY KEY (source, day)) WITHOUT ROWID")
            try db.execute(sql: "CREATE TABLE rate (code TEXT NOT NULL, day TEXT NOT NULL, source TEXT NOT NULL, value TEXT NOT NULL, "
                + "PRIMARY KEY (code, day, source)) WITHOUT ROWID")
            try db.execute(sql: "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        }
        m.registerMigration("v2") { db in
            try db.execute(sql: "ALTER TABLE publication ADD COLUMN stored_at TEXT")
            try db.execute(sql: "CREATE INDEX publication_by_day ON publication (day)")
        }
        return m
    }

    public var schemaVersions: [String] {
        get throws { try db.read { try Self.migrator.appliedMigrations($0) } }
    }

    // MARK: Writing

    /// Stores publications; a day a source published already is replaced by the new figures.
    public func record(_ publications: [DayPublication], storedAt: Date = Date()) throws {
        guard !readOnly, !publications.isEmpty else { return }
        let stamp = SetAside.stamp(storedAt)
        try worded { try db.write { db in
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
        } }
    }

    /// Runs a database call; its failure in words (never SQL text).
    func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw HistoryStoreError(error, path: url.path) }
    }

    /// Imports the bundled ECB history unless this very file was imported already (its newest
    /// day and size name it). Returns true when it imported.
    @discardableResult
    public func importBundle(_ csv: Data) throws -> Bool {
        guard !readOnly else { return false }
        let identity = "\(try ECBHistoryCSV.newestDay(csv).iso)/\(csv.count)"
        let stamp = SetAside.stamp(Date())
        // The whole import fits in the page cache: without room, WAL spills and rewrites the
        // same pages hundreds of thousands of times, and the import takes twenty times longer.
        try worded { try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -65536") } }
        defer { try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -2000") } }
        return try worded { try Self.exclusively(url) { try db.write { db -> Bool in
            // Asked again inside the write: another process may have imported it meanwhile.
            if try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'bundle'") == identity { return false }
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
            return true
        } } }
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
        return try worded { try db.read { db in
            var out: [DayPublication] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(codes + [low, high]))
            while let row = try rows.next() {
                guard let day = Day(iso: row[0] as String) else { continue }
                var rates: [String: Decimal] = [:]
                for (i, code) in codes.enumerated() {
                    if let text = row[3 + i] as String?, let v = Decimal(plain: text) { rates[code] = v }
                }
                out.append(DayPublication(day: day, source: row[1], base: row[2], rates: rates))
            }
            return out
        } }
    }

    /// A pair's history between two days.
    public func history(from: String, to: String, start: Day? = nil, end: Day? = nil) throws -> PairHistory {
        PairHistory(from: from, to: to, publications: try publications(codes: [from, to], from: start, to: end))
    }

    /// The newest day `source` published, if any.
    public func newestDay(source: String) throws -> Day? {
        try worded { try db.read { try String.fetchOne($0, sql: "SELECT max(day) FROM publication WHERE source = ?", arguments: [source]) } }
            .flatMap { Day(iso: $0) }
    }
}

extension HistoryStore {
    /// The store as the app and the command line use it: opened (or begun anew beside an
    /// unreadable file), the bundled history imported when it is new, and the answers already
    /// fetched recorded. `problems` says what was set aside.
    public static func prepared(paths: AppPaths, bundle: URL?, cached: [ProviderSnapshot]) throws -> (HistoryStore, problems: [Wording]) {
        var problems: [Wording] = []
        let (store, outcome) = try open(at: paths.historyFile)
        switch outcome {
        case .opened: break
        case .setAside(let aside, let reason):
            problems.append(Wording("The rate history could not be read (%@). It was kept as %@ and rebuilt from the bundled rates and the answers it still held.",
                                    reason, .verbatim(aside.path)))
        case .readOnly(let reason):
            problems.append(Wording("The rate history cannot be written here (%@): it is read, but new rates are not recorded.",
                                    reason))
        }
        if let bundle {
            let csv: Data
            do {
                try SmallFile.requireRegular(bundle)
                csv = try Data(contentsOf: bundle, options: .alwaysMapped)
            } catch { throw FileProblem.from(error, path: bundle.path) }
            if store.readOnly, try store.newestECBDay() == nil {
                // A read-only file that never got the bundle: read it from memory instead.
                let memory = try HistoryStore(inMemoryFor: store.url)
                try memory.importBundle(csv)
                try memory.record(cached.flatMap(\.publications))
                return (memory, problems)
            }
            try store.importBundle(csv)
        }
        try store.record(cached.flatMap(\.publications))
        return (store, problems)
    }

    /// The ECB's figures of `day` (its own files or Frankfurter's copy), by currency.
    public func ecbRates(on day: Day) throws -> [String: Decimal] {
        try worded { try db.read { db in
            var rates: [String: Decimal] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT code, value FROM rate WHERE day = ? AND source IN ('ECB', 'Frankfurter')",
                                        arguments: [day.iso]) {
                let code: String = row[0], text: String = row[1]
                if let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { rates[code] = value }
            }
            return rates
        } }
    }

    /// The newest day of the ECB's figures known (its own files or Frankfurter's copy).
    public func newestECBDay() throws -> Day? {
        [try newestDay(source: "ECB"), try newestDay(source: "Frankfurter")].compactMap { $0 }.max()
    }
}

/// Why the rate history could not be used, in words (never SQL text).
public enum HistoryStoreError: Error, Equatable, Sendable, Worded {
    /// Another process held its write lock for longer than the busy timeout.
    case busy
    case diskFull(String)
    case readOnly(String)
    case permission(String)
    /// Not a Cambio store: not SQLite, or another program's tables.
    case notAStore(Wording)
    /// A Cambio store whose pages or tables are damaged (SQLite's own words stay as they are).
    case damaged(Wording)
    case other(Wording)

    /// Only these justify renaming the file aside.
    public var provesNotAStore: Bool {
        switch self {
        case .notAStore, .damaged: return true
        default: return false
        }
    }

    public var wording: Wording {
        switch self {
        case .busy: return Wording("the rate history is busy in another Cambio; try again in a moment")
        case .diskFull(let p): return Wording("the disk is full (%@); the rate history is kept as it was", .verbatim(p))
        case .readOnly(let p): return Wording("the rate history is read-only (%@)", .verbatim(p))
        case .permission(let p): return Wording("permission denied (%@)", .verbatim(p))
        case .notAStore(let why): return Wording("it is not Cambio's rate history: %@", why)
        case .damaged(let why): return Wording("the rate history is damaged: %@", why)
        case .other(let why): return why
        }
    }

    init(_ error: Error, path: String) {
        if let e = error as? HistoryStoreError { self = e; return }
        guard let e = error as? DatabaseError else { self = .other(Wording(error: error)); return }
        switch e.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
        case .SQLITE_FULL: self = .diskFull(path)
        case .SQLITE_READONLY: self = .readOnly(path)
        case .SQLITE_PERM, .SQLITE_AUTH: self = .permission(path)
        case .SQLITE_CANTOPEN:
            self = access(path, F_OK) == 0 ? .permission(path) : .other(Wording("the file could not be opened (%@)", .verbatim(path)))
        case .SQLITE_NOTADB: self = .notAStore(Wording("it is not an SQLite database"))
        case .SQLITE_CORRUPT: self = .damaged(e.message.map { .verbatim($0) } ?? Wording("damaged pages"))
        case .SQLITE_IOERR: self = .other(Wording("the disk could not be read or written (%@)", .verbatim(path)))
        default: self = .other(.verbatim(e.message ?? "SQLite error \(e.resultCode.rawValue)"))
        }
    }
}
