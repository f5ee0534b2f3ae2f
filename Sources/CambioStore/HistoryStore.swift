import CambioCore
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Every publication Cambio knows, in SQLite. The ECB's history from 1999 is one read-only file
/// built with the program and shared by every user (`bundle`); the user's own store holds only
/// what was fetched or set: the ECB's newer days, every snapshot fetched from any provider, and
/// the pairs' official histories fetched from Frankfurter on demand, with the institutions that
/// published each day. Rates are stored as decimal text, exactly as published.
public final class HistoryStore: Sendable {
    let db: DatabaseQueue
    public let url: URL
    /// Opened read-only (a read-only folder or file): history is read, nothing is recorded.
    public let readOnly: Bool
    /// Waits for another process's write as SQLite's busy timeout does (up to `busyTimeout`, in
    /// steps of 10 ms), and tells `watch` once the wait has lasted 0.2 s.
    static func waiting(_ watch: LockWatch) -> Database.BusyMode {
        .callback { tries in
            if tries == 20 { watch.began() }
            guard Double(tries) * 0.01 < busyTimeout else { return false }
            usleep(10_000)
            return true
        }
    }

    /// The thread the window's store work runs on, one piece after another: a write waiting for
    /// another process's lock (up to the busy timeout) holds up only what comes after it here.
    static let worker = DispatchQueue(label: "cambio.history-store")

    /// Runs `body` with the store on the store's thread and hands back what it came to; the
    /// caller's thread (the window's) goes on meanwhile.
    public func off<T: Sendable>(_ body: @escaping @Sendable (HistoryStore) throws -> T) async -> Result<T, Error> {
        await Self.onWorker {
            let outcome = Result { try body(self) }
            self.lockWatch.ended()
            return outcome
        }
    }

    /// Puts `body` on the store's thread now, behind what is there and before whatever is put
    /// there after it (a write before the reads that must see it), and hands what it came to to
    /// `then` on the main thread.
    public func offNow<T: Sendable>(_ body: @escaping @Sendable (HistoryStore) throws -> T,
                                    then: @escaping @MainActor @Sendable (Result<T, Error>) -> Void) {
        Self.worker.async {
            let outcome = Result { try body(self) }
            self.lockWatch.ended()
            Task { @MainActor in then(outcome) }
        }
    }

    /// Runs `body` on the store's thread before there is a store to hand it (its opening, which
    /// may wait for another process's migration), never on the threads Swift's tasks share.
    public static func onWorker<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in worker.async { continuation.resume(returning: body()) } }
    }

    /// Waits until what the store's thread was given so far is done (the command line, before
    /// it uses the store on its own thread).
    public static func finishWork() { worker.sync {} }

    /// Told on the store's thread: true when work here begins to wait for another process's
    /// write (an import on the command line), false once that work is done.
    public func onLockWait(_ body: @escaping @Sendable (Bool) -> Void) { lockWatch.body = body }

    /// The bundled ECB history, opened read-only; nil when none was given or it could not be read.
    let bundle: DatabaseQueue?
    /// The store has the pairs' tables (a read-only store of an older version may not).
    let hasPairTables: Bool
    /// Says when work on the store begins to wait for another process's write, and when it is done.
    let lockWatch = LockWatch()

    public enum OpenOutcome: Sendable {
        case opened
        /// The file was proven not to be a readable Cambio store; it was kept under this name and a
        /// new one begun (with what could still be read from it).
        case setAside(URL, reason: Wording)
        /// The store or its folder cannot be written: reading works, recording is skipped.
        case readOnly(reason: Wording)
    }

    /// How long a writer waits for another process's write.
    static let busyTimeout: TimeInterval = 30

    /// Opens (creating or migrating) the store at `url`. Only a file proven not to be a Cambio
    /// store (not SQLite, damaged pages, a dropped table, another program's tables) is renamed
    /// aside, never one that is busy, read-only, on a full disk or not permitted: those are said.
    /// `bundle`: the shared ECB history, read beside the store (a store written by 0.6.0 drops
    /// its own copy of it, keeping every day it fetched).
    public static func open(at url: URL, bundle: DatabaseQueue? = nil, now: Date = Date()) throws -> (HistoryStore, OpenOutcome) {
        try open(at: url, bundle: bundle, now: now, busy: nil)
    }

    /// `busy`: how a connection waits for another's write (tests watch the wait begin); nil: up to
    /// the busy timeout, saying so to `onLockWait`.
    static func open(at url: URL, bundle: DatabaseQueue? = nil, now: Date, busy: Database.BusyMode?) throws -> (HistoryStore, OpenOutcome) {
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            let problem = FileProblem.onDisk(error, path: dir.path)
            return (try HistoryStore(inMemoryFor: url, bundle: bundle), .readOnly(reason: problem.wording))
        }
        let exists = access(url.path, F_OK) == 0
        // A FIFO, a socket or a device there is neither opened nor replaced: said, and the
        // history is kept in memory for this run.
        if exists {
            do { try SmallFile.requireRegular(url) } catch let problem as FileProblem {
                if case .notAFile = problem { return (try HistoryStore(inMemoryFor: url, bundle: bundle), .readOnly(reason: problem.wording)) }
            }
        }
        let writable = exists ? access(url.path, W_OK) == 0 && access(dir.path, W_OK) == 0 : access(dir.path, W_OK) == 0
        if !writable {
            let why = FileProblem.onDisk(errno: EACCES, path: exists && access(url.path, W_OK) != 0 ? url.path : dir.path).wording
            if !exists { return (try HistoryStore(inMemoryFor: url, bundle: bundle), .readOnly(reason: why)) }
            do {
                return (try HistoryStore(url: url, readOnly: true, busy: busy, bundle: bundle), .readOnly(reason: why))
            } catch {
                return (try HistoryStore(inMemoryFor: url, bundle: bundle), .readOnly(reason: why))
            }
        }
        do {
            return (try HistoryStore(url: url, readOnly: false, busy: busy, bundle: bundle), .opened)
        } catch let error as HistoryStoreError {
            guard error.provesNotAStore, exists else { throw error }
            let aside = try SetAside.move(url, now: now, companions: ["-wal", "-shm"])
            let store = try HistoryStore(url: url, readOnly: false, busy: busy, bundle: bundle)
            store.salvage(from: aside)
            return (store, .setAside(aside, reason: error.wording))
        }
    }

    public convenience init(url: URL, bundle: DatabaseQueue? = nil) throws { try self.init(url: url, readOnly: false, bundle: bundle) }

    public convenience init(url: URL, readOnly: Bool, bundle: DatabaseQueue? = nil) throws {
        try self.init(url: url, readOnly: readOnly, busy: nil, bundle: bundle)
    }

    init(url: URL, readOnly: Bool, busy: Database.BusyMode?, bundle: DatabaseQueue? = nil) throws {
        self.url = url
        self.readOnly = readOnly
        self.bundle = bundle
        let busy = busy ?? Self.waiting(lockWatch)
        var config = Configuration()
        config.label = "cambio-history"
        config.readonly = readOnly
        config.busyMode = busy
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            // A file that is there already is looked at read-only first: nothing is written to a
            // file (not even its journal mode) before it is proven to be a Cambio store.
            let inspected = !readOnly && Self.hasContent(url) ? try Self.inspect(url, busy: busy) : false
            let db = try DatabaseQueue(path: url.path, configuration: config)
            self.db = db
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
                if !readOnly { try Self.migrate(db) }
                if !readOnly, let bundle { try Self.dropBundleCopy(db, bundle: bundle) }
            }
            hasPairTables = try db.read { try $0.tableExists("pair_rate") && $0.tableExists("pair_span") }
        } catch {
            throw HistoryStoreError(error, path: url.path)
        }
    }

    /// Brings the schema up to date; the space a migration freed (a 0.6.0 store's copy of the
    /// bundle) is given back to the disk.
    static func migrate(_ db: DatabaseQueue) throws {
        try migrator.migrate(db)
    }

    /// A store that imported its own copy of the bundled ECB history (0.6.0) drops it once the
    /// shared history is read beside it: every ECB day up to the older of that copy's newest and
    /// the shared history's newest. Every day it fetched stays (the ECB's days after the copy,
    /// every other source's), and the space goes back to the disk (a failure to give it back
    /// costs nothing but space).
    static func dropBundleCopy(_ db: DatabaseQueue, bundle: DatabaseQueue) throws {
        guard let identity = try db.read({ try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'bundle'") }),
              let copied = identity.split(separator: "/").first.map(String.init), Day(iso: copied) != nil,
              let shared = try bundle.read({ try String.fetchOne($0, sql: "SELECT max(day) FROM publication WHERE source = 'ECB'") })
        else { return }
        let newest = min(copied, shared)
        try db.write { db in
            try db.execute(sql: "DELETE FROM rate WHERE source = 'ECB' AND day <= ?", arguments: [newest])
            try db.execute(sql: "DELETE FROM publication WHERE source = 'ECB' AND day <= ?", arguments: [newest])
            try db.execute(sql: "DELETE FROM meta WHERE key = 'bundle'")
        }
        try? db.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
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
    init(inMemoryFor url: URL, bundle: DatabaseQueue? = nil) throws {
        self.url = url
        readOnly = false
        self.bundle = bundle
        db = try DatabaseQueue()
        try Self.migrator.migrate(db)
        hasPairTables = true
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
    static let ourTables: Set<String> = ["publication", "rate", "meta", "grdb_migrations", "pair_rate", "pair_span"]

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
        var publications: [Row] = [], rates: [Row] = [], pairs: [Row] = []
        try? old.read { db in
            rates = Self.salvageRows(db, columns: "code, day, source, value", table: "rate", key: "code",
                                     keys: { Self.allCodes })
            if try db.tableExists("pair_rate") {
                pairs = Self.salvageRows(db, columns: "base, quote, source, day, value, institutions", table: "pair_rate", key: "base",
                                         keys: { Self.allCodes })
            }
            let sources = Set(rates.compactMap { $0[2] as String? } + ["ECB", "open.er-api.com", "Frankfurter", "Bank of Russia"])
            publications = Self.salvageRows(db, columns: "source, day, base, stored_at", table: "publication", key: "source",
                                            keys: { sources.sorted() })
        }
        // A copy of the shared history (a 0.6.0 store's) is not taken back.
        if let shared = try? newestBundleDay()?.iso {
            publications.removeAll { ($0[0] as String?) == "ECB" && ($0[1] as String? ?? "") <= shared }
            rates.removeAll { ($0[2] as String?) == "ECB" && ($0[1] as String? ?? "") <= shared }
        }
        try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -65536") }
        defer { try? db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -2000") } }
        try? db.write { db in
            let putPublication = try db.cachedStatement(sql: "INSERT OR REPLACE INTO publication (source, day, base, stored_at) VALUES (?, ?, ?, ?)")
            for p in publications { try putPublication.execute(arguments: [p[0], p[1], p[2], p[3]]) }
            let putRate = try db.cachedStatement(sql: "INSERT OR REPLACE INTO rate (code, day, source, value) VALUES (?, ?, ?, ?)")
            for r in rates { try putRate.execute(arguments: [r[0], r[1], r[2], r[3]]) }
            let putPair = try db.cachedStatement(sql: "INSERT OR REPLACE INTO pair_rate (base, quote, source, day, value, institutions) VALUES (?, ?, ?, ?, ?, ?)")
            for r in pairs { try putPair.execute(arguments: [r[0], r[1], r[2], r[3], r[4], r[5]]) }
        }
    }

    /// The newest day of the shared ECB history, if one is attached.
    func newestBundleDay() throws -> Day? {
        try bundle?.read { try String.fetchOne($0, sql: "SELECT max(day) FROM publication WHERE source = 'ECB'") }.flatMap { Day(iso: $0) }
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
    /// stored, and an index for the newest day of a source; v3: the pairs' official histories.
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
        // v3: a pair's official history from Frankfurter, with who published each day, and the
        // spans of days already asked. (A store's own copy of the bundle, 0.6.0's, goes once the
        // shared history is there to stand in for it: `dropBundleCopy`.)
        m.registerMigration("v3") { db in
            try db.execute(sql: "CREATE TABLE pair_rate (base TEXT NOT NULL, quote TEXT NOT NULL, source TEXT NOT NULL, day TEXT NOT NULL, "
                + "value TEXT NOT NULL, institutions TEXT NOT NULL, PRIMARY KEY (base, quote, source, day)) WITHOUT ROWID")
            try db.execute(sql: "CREATE TABLE pair_span (base TEXT NOT NULL, quote TEXT NOT NULL, source TEXT NOT NULL, "
                + "first TEXT NOT NULL, last TEXT NOT NULL)")
            // Who published each rate, where its source says (Frankfurter's newest rates).
            try db.execute(sql: "ALTER TABLE rate ADD COLUMN institutions TEXT")
            // Frankfurter's first version served the ECB's own figures: its days are the ECB's.
            // Now "Frankfurter" names its blend of the central banks.
            try db.execute(sql: "UPDATE OR IGNORE rate SET source = 'ECB' WHERE source = 'Frankfurter'")
            try db.execute(sql: "UPDATE OR IGNORE publication SET source = 'ECB' WHERE source = 'Frankfurter'")
            try db.execute(sql: "DELETE FROM rate WHERE source = 'Frankfurter'")
            try db.execute(sql: "DELETE FROM publication WHERE source = 'Frankfurter'")
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
            let putRate = try db.cachedStatement(sql: hasPairTables
                ? "INSERT OR REPLACE INTO rate (code, day, source, value, institutions) VALUES (?, ?, ?, ?, ?)"
                : "INSERT OR REPLACE INTO rate (code, day, source, value) VALUES (?, ?, ?, ?)")
            for p in publications {
                let day = p.day.iso
                try putPublication.execute(arguments: [p.source, day, p.base, stamp])
                for (code, value) in p.rates where code != p.base {
                    var values: [(any DatabaseValueConvertible)?] = [code, day, p.source, "\(value)"]
                    if hasPairTables { values.append(p.institutions[code].map { $0.joined(separator: ",") }) }
                    try putRate.execute(arguments: StatementArguments(values))
                }
            }
        } }
    }

    /// Runs a database call; its failure in words (never SQL text).
    func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw HistoryStoreError(error, path: url.path) }
    }

    /// Writes the ECB history `csv` into `db` unless that very file is there already.
    static func insertBundle(_ csv: Data, into db: Database) throws -> Bool {
        let identity = "\(try ECBHistoryCSV.newestDay(csv).iso)/\(csv.count)"
        let stamp = SetAside.stamp(Date())
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
    }

    /// Builds the shared, read-only ECB history at `url` from the bundled CSV (at build time):
    /// written beside it, compacted, then renamed into place, so that a reader never finds half
    /// a file. Rollback journal, not WAL: it is opened read-only from a read-only folder.
    public static func buildBundle(csv: Data, at url: URL) throws {
        let building = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).building")
        try? FileManager.default.removeItem(at: building)
        do {
            let db = try DatabaseQueue(path: building.path)
            try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -65536") }
            try migrator.migrate(db)
            _ = try db.write { try insertBundle(csv, into: $0) }
            try db.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
            try db.close()
            guard rename(building.path, url.path) == 0 else { throw FileProblem.onDisk(errno: errno, path: url.path) }
        } catch {
            try? FileManager.default.removeItem(at: building)
            throw HistoryStoreError(error, path: url.path)
        }
    }

    /// Opens the shared ECB history read-only, checked as any store is (a file that is not one
    /// is said, never used).
    public static func openBundle(_ url: URL) throws -> DatabaseQueue {
        do {
            try SmallFile.requireRegular(url)
            var config = Configuration()
            config.readonly = true
            config.label = "cambio-bundle"
            let db = try DatabaseQueue(path: url.path, configuration: config)
            try check(db)
            guard try db.read({ try $0.tableExists("publication") && $0.tableExists("rate") }) else {
                throw HistoryStoreError.notAStore(Wording("it holds no rates"))
            }
            return db
        } catch let problem as FileProblem {
            throw problem
        } catch {
            throw HistoryStoreError(error, path: url.path)
        }
    }

    // MARK: Pairs from Frankfurter

    /// Stores a pair's checked records under `source`, and that the days `span` were asked (a
    /// day of it without a record had no publication).
    public func recordPair(_ records: [FrankfurterRecord], source: String, span: (first: Day, last: Day)) throws {
        guard !readOnly, hasPairTables else { return }
        try worded { try db.write { db in
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO pair_rate (base, quote, source, day, value, institutions) VALUES (?, ?, ?, ?, ?, ?)")
            for r in records {
                try put.execute(arguments: [r.base, r.quote, source, r.day.iso, "\(r.rate)", r.institutions.joined(separator: ",")])
            }
            if let r = records.first {
                try db.execute(sql: "INSERT INTO pair_span (base, quote, source, first, last) VALUES (?, ?, ?, ?, ?)",
                               arguments: [r.base, r.quote, source, span.first.iso, span.last.iso])
            }
        } }
    }

    /// Records that `span` of a pair was asked and had no publication at all.
    public func recordEmptySpan(base: String, quote: String, source: String, span: (first: Day, last: Day)) throws {
        guard !readOnly, hasPairTables else { return }
        try worded { try db.write { db in
            try db.execute(sql: "INSERT INTO pair_span (base, quote, source, first, last) VALUES (?, ?, ?, ?, ?)",
                           arguments: [base, quote, source, span.first.iso, span.last.iso])
        } }
    }

    /// The parts of `start ... end` not yet asked for the pair under `source`, oldest first.
    public func missingSpans(base: String, quote: String, source: String, from start: Day, to end: Day) throws -> [(first: Day, last: Day)] {
        guard hasPairTables else { return [(start, end)] }
        let spans: [(Day, Day)] = try worded { try db.read { db in
            try Row.fetchAll(db, sql: "SELECT first, last FROM pair_span WHERE base = ? AND quote = ? AND source = ? AND last >= ? AND first <= ? ORDER BY first",
                             arguments: [base, quote, source, start.iso, end.iso]).compactMap { row in
                guard let a = Day(iso: row[0] as String), let b = Day(iso: row[1] as String) else { return nil }
                return (a, b)
            }
        } }
        var out: [(first: Day, last: Day)] = []
        var cursor = start
        for (a, b) in spans {
            if a > cursor { out.append((cursor, min(a.previous, end))) }
            if b >= cursor { cursor = b.next }
            if cursor > end { break }
        }
        if cursor <= end { out.append((cursor, end)) }
        return out
    }

    /// How many days of the pair are stored under `source` between two days.
    public func pairDays(base: String, quote: String, source: String, from start: Day, to end: Day) throws -> Int {
        guard hasPairTables else { return 0 }
        return try worded { try db.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM pair_rate WHERE base = ? AND quote = ? AND source = ? AND day BETWEEN ? AND ?",
                             arguments: [base, quote, source, start.iso, end.iso]) ?? 0
        } }
    }

    /// The pair's newest stored rate before `day` under `source` (what a range is checked against).
    public func pairRate(before day: Day, base: String, quote: String, source: String) throws -> Decimal? {
        guard hasPairTables else { return nil }
        return try worded { try db.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM pair_rate WHERE base = ? AND quote = ? AND source = ? AND day < ? ORDER BY day DESC LIMIT 1",
                                arguments: [base, quote, source, day.iso]).flatMap { Decimal(plain: $0) }
        } }
    }

    /// The pair's stored records under `sources` between two days, as publications.
    func pairPublications(from: String, to: String, sources: [String], start: Day?, end: Day?) throws -> [DayPublication] {
        guard hasPairTables, !sources.isEmpty else { return [] }
        let pair = FrankfurterV2.stored(from, to)
        let low = start?.iso ?? "0000-00-00", high = end?.iso ?? "9999-99-99"
        let marks = sources.map { _ in "?" }.joined(separator: ", ")
        return try worded { try db.read { db in
            var out: [DayPublication] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT day, source, value, institutions FROM pair_rate WHERE base = ? AND quote = ? "
                + "AND source IN (\(marks)) AND day BETWEEN ? AND ? ORDER BY day",
                arguments: StatementArguments([pair.base, pair.quote] + sources + [low, high]))
            while let row = try rows.next() {
                guard let day = Day(iso: row[0] as String), let value = Decimal(plain: row[2] as String) else { continue }
                let keys = (row[3] as String).split(separator: ",").map(String.init)
                out.append(DayPublication(day: day, source: row[1], base: pair.base, rates: [pair.quote: value],
                                          institutions: keys.isEmpty ? [:] : [pair.quote: keys]))
            }
            return out
        } }
    }

    // MARK: Reading

    /// The publications between `start` and `end` (inclusive; nil: open), with the rates of
    /// `codes` only. A publication without any of them is still listed (it makes a gap).
    public func publications(codes: [String], from start: Day? = nil, to end: Day? = nil) throws -> [DayPublication] {
        let own = try Self.publications(in: db, codes: codes, from: start, to: end, institutions: hasPairTables, path: url.path)
        guard let bundle else { return own }
        let shared = try Self.publications(in: bundle, codes: codes, from: start, to: end, institutions: false, path: url.path)
        if own.isEmpty { return shared }
        // Both by day; a publication the store has itself (a 0.6.0 store opened read-only keeps
        // its copy) is taken from the store.
        let ownKeys = Set(own.map { Publication(day: $0.day, source: $0.source) })
        var merged = shared.filter { !ownKeys.contains(Publication(day: $0.day, source: $0.source)) }
        merged += own
        merged.sort { $0.day < $1.day }
        return merged
    }

    /// `institutions`: the store has who published each rate (schema v3).
    static func publications(in db: DatabaseQueue, codes: [String], from start: Day?, to end: Day?, institutions: Bool,
                             path: String) throws -> [DayPublication] {
        let low = start?.iso ?? "0000-00-00", high = end?.iso ?? "9999-99-99"
        // One row per publication with each code's value beside it: index seeks, no grouping
        // in Swift (a five-year range of a pair reads in a few milliseconds).
        let joins = codes.indices.map { i in
            "LEFT JOIN rate r\(i) ON r\(i).code = ? AND r\(i).day = p.day AND r\(i).source = p.source"
        }.joined(separator: " ")
        let columns = codes.indices.map { ", r\($0).value" + (institutions ? ", r\($0).institutions" : "") }.joined()
        let width = institutions ? 2 : 1
        let sql = "SELECT p.day, p.source, p.base\(columns) FROM publication p \(joins) WHERE p.day BETWEEN ? AND ? ORDER BY p.day"
        do { return try db.read { db in
            var out: [DayPublication] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(codes + [low, high]))
            while let row = try rows.next() {
                guard let day = Day(iso: row[0] as String) else { continue }
                var rates: [String: Decimal] = [:]
                var keys: [String: [String]] = [:]
                for (i, code) in codes.enumerated() {
                    if let text = row[3 + width * i] as String?, let v = Decimal(plain: text) { rates[code] = v }
                    if institutions, let list = row[4 + width * i] as String?, !list.isEmpty {
                        keys[code] = list.split(separator: ",").map(String.init)
                    }
                }
                out.append(DayPublication(day: day, source: row[1], base: row[2], rates: rates, institutions: keys))
            }
            return out
        } } catch { throw HistoryStoreError(error, path: path) }
    }

    /// A pair's history between two days: every publication with the pair, and the pair's
    /// official history from Frankfurter: the average of the central banks, or, with
    /// `institution`, that institution's figures first.
    public func history(from: String, to: String, start: Day? = nil, end: Day? = nil, institution: String? = nil) throws -> PairHistory {
        var publications = try publications(codes: [from, to], from: start, to: end)
        let sources = [FrankfurterV2.source(institution: nil)] + (institution.map { [FrankfurterV2.source(institution: $0)] } ?? [])
        let pairs = try pairPublications(from: from, to: to, sources: sources, start: start, end: end)
        if !pairs.isEmpty {
            publications += pairs
            publications.sort { $0.day < $1.day }
        }
        var history = PairHistory(from: from, to: to, publications: publications,
                                  preferred: institution.map { FrankfurterV2.source(institution: $0) })
        // The weeks' and months' averages a long chart was drawn from, each grouping on its own
        // (the institution's first where it has them).
        for g in FrankfurterV2.Grouping.allCases {
            let sources = [FrankfurterV2.source(institution: nil, group: g)] + (institution.map { [FrankfurterV2.source(institution: $0, group: g)] } ?? [])
            let grouped = try pairPublications(from: from, to: to, sources: sources, start: start, end: end)
            if grouped.isEmpty { continue }
            history.grouped += PairHistory(from: from, to: to, publications: grouped,
                                           preferred: institution.map { FrankfurterV2.source(institution: $0, group: g) }).points
        }
        history.grouped.sort { $0.day < $1.day }
        return history
    }

    /// The newest day `source` published, if any (in the store or the bundle).
    public func newestDay(source: String) throws -> Day? {
        let sql = "SELECT max(day) FROM publication WHERE source = ?"
        let own = try worded { try db.read { try String.fetchOne($0, sql: sql, arguments: [source]) } }
        let shared = try worded { try bundle?.read { try String.fetchOne($0, sql: sql, arguments: [source]) } }
        return [own, shared].compactMap { $0.flatMap { Day(iso: $0) } }.max()
    }
}

extension HistoryStore {
    /// The store as the app and the command line use it: the shared ECB history (`bundle`)
    /// opened read-only, the user's store opened beside it (or begun anew beside an unreadable
    /// file), and the answers already fetched recorded. `problems` says what could not be used.
    public static func prepared(paths: AppPaths, bundle: URL?, cached: [ProviderSnapshot]) throws -> (HistoryStore, problems: [Wording]) {
        var problems: [Wording] = []
        var shared: DatabaseQueue?
        if let bundle {
            do { shared = try openBundle(bundle) } catch {
                problems.append(Wording("The bundled rate history could not be read (%@): the history holds only the rates fetched.",
                                        Wording(error: error)))
            }
        }
        let (store, outcome) = try open(at: paths.historyFile, bundle: shared)
        switch outcome {
        case .opened: break
        case .setAside(let aside, let reason):
            problems.append(Wording("The rate history could not be read (%@). It was kept as %@ and begun anew with the answers it still held.",
                                    reason, .verbatim(aside.path)))
        case .readOnly(let reason):
            problems.append(Wording("The rate history cannot be written here (%@): it is read, but new rates are not recorded.",
                                    reason))
        }
        try store.record(cached.flatMap(\.publications))
        return (store, problems)
    }

    /// The ECB's figures of `day` (the shared history, or fetched since), by currency.
    public func ecbRates(on day: Day) throws -> [String: Decimal] {
        var rates: [String: Decimal] = try worded { try bundle?.read { db in
            var rates: [String: Decimal] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT code, value FROM rate WHERE day = ? AND source = 'ECB'", arguments: [day.iso]) {
                let code: String = row[0], text: String = row[1]
                if let value = Decimal(plain: text) { rates[code] = value }
            }
            return rates
        } } ?? [:]
        let own: [String: Decimal] = try worded { try db.read { db in
            var rates: [String: Decimal] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT code, value FROM rate WHERE day = ? AND source = 'ECB'",
                                        arguments: [day.iso]) {
                let code: String = row[0], text: String = row[1]
                if let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { rates[code] = value }
            }
            return rates
        } }
        rates.merge(own) { $1 }
        return rates
    }

    /// The newest day of the ECB's figures known (the shared history, or fetched since).
    public func newestECBDay() throws -> Day? {
        try newestDay(source: "ECB")
    }
}

/// Whether work on the store is waiting for another process's write, told to whoever listens.
final class LockWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting = false
    private var listener: (@Sendable (Bool) -> Void)?

    var body: (@Sendable (Bool) -> Void)? {
        get { lock.withLock { listener } }
        set { lock.withLock { listener = newValue } }
    }

    func began() {
        let tell = lock.withLock { () -> (@Sendable (Bool) -> Void)? in
            if waiting { return nil }
            waiting = true
            return listener
        }
        tell?(true)
    }

    func ended() {
        let tell = lock.withLock { () -> (@Sendable (Bool) -> Void)? in
            guard waiting else { return nil }
            waiting = false
            return listener
        }
        tell?(false)
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
