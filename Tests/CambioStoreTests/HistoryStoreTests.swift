import Foundation
import GRDB
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import CambioCore
@testable import CambioStore
import CambioGLib
import CambioTestSupport

final class HistoryStoreTests: XCTestCase {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repo.appendingPathComponent("Tests/Fixtures")

    /// A store beside the shared ECB history, built once from the bundled CSV as `make` builds it.
    nonisolated(unsafe) static var shared: HistoryStore?
    nonisolated(unsafe) static var sharedBundle: DatabaseQueue?
    static var sharedDir: URL { FileManager.default.temporaryDirectory.appendingPathComponent("cambio-store-shared-\(getpid())") }

    override class func tearDown() {
        shared = nil
        sharedBundle = nil
        try? FileManager.default.removeItem(at: sharedDir)
        super.tearDown()
    }

    /// The shared ECB history, read-only.
    func bundle() throws -> DatabaseQueue {
        if let b = Self.sharedBundle { return b }
        let dir = Self.sharedDir
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(BundledData.sharedHistory)
        try HistoryStore.buildBundle(csv: Data(contentsOf: Self.repo.appendingPathComponent("data/eurofxref-hist.csv")), at: file)
        let b = try HistoryStore.openBundle(file)
        Self.sharedBundle = b
        return b
    }

    func bundled() throws -> HistoryStore {
        if let s = Self.shared { return s }
        let (store, _) = try HistoryStore.open(at: Self.sharedDir.appendingPathComponent("history.sqlite"), bundle: try bundle())
        Self.shared = store
        return store
    }

    func testPublishedFiguresComeBackToAllTheirDigits() throws {
        let store = try bundled()
        let h = try store.history(from: "EUR", to: "USD", start: day("2024-03-25"), end: day("2024-04-03"))
        XCTAssertEqual(h.points.map(\.day.iso), ["2024-03-25", "2024-03-26", "2024-03-27", "2024-03-28", "2024-04-02", "2024-04-03"])
        XCTAssertEqual(h.points.map { "\($0.rate)" }, ["1.0835", "1.0855", "1.0816", "1.0811", "1.0749", "1.0783"])
        XCTAssertTrue(h.points.allSatisfy { $0.published && $0.source == "ECB" })
        // A cross of the same day: JPY per USD = 163.45 / 1.0811.
        let cross = try store.history(from: "USD", to: "JPY", start: day("2024-03-28"), end: day("2024-03-28"))
        XCTAssertEqual(cross.points.first?.rate, dec("163.45") / dec("1.0811"))
        XCTAssertFalse(cross.points[0].published)
        XCTAssertEqual(HistoryFormat.rate(cross.points[0]), "151.1886")
        XCTAssertEqual(HistoryFormat.rate(h.points[3]), "1.0811")
    }

    func testASuspendedCurrencyIsAGapNotAnInventedValue() throws {
        let h = try bundled().history(from: "EUR", to: "RUB", start: day("2022-02-28"), end: day("2022-03-03"))
        XCTAssertEqual(h.points.map(\.day.iso), ["2022-02-28", "2022-03-01"])
        XCTAssertEqual(h.gaps.map(\.iso), ["2022-03-02", "2022-03-03"], "the ECB published those days without the rouble")
        let days = HistoryDay.lastDays(h, end: day("2022-03-03"), count: 4)
        XCTAssertEqual(days.map(\.status), [.notPublished(missing: ["RUB"]), .notPublished(missing: ["RUB"]),
                                            .rate(h.points[1], change: h.points[1].rate - h.points[0].rate),
                                            .rate(h.points[0], change: nil)])
        // Before the euro had a rate for a currency (ISK from 2018? no: from 1999) and after it
        // ended (HRK after 2022-12-30), likewise.
        let hrk = try bundled().history(from: "EUR", to: "HRK", start: day("2022-12-29"), end: day("2023-01-03"))
        XCTAssertEqual(hrk.points.last?.day.iso, "2022-12-30")
        XCTAssertEqual(hrk.gaps.map(\.iso), ["2023-01-02", "2023-01-03"])
    }

    func testWeekendsAndTargetHolidaysSaySo() throws {
        let h = try bundled().history(from: "EUR", to: "USD", start: day("2024-03-20"), end: day("2024-04-02"))
        let days = HistoryDay.lastDays(h, end: day("2024-04-02"))
        XCTAssertEqual(days.map(\.day.iso), ["2024-04-02", "2024-04-01", "2024-03-31", "2024-03-30", "2024-03-29", "2024-03-28", "2024-03-27"])
        let kinds = days.map { d -> String in
            switch d.status {
            case .rate(let p, let change): return "\(p.rate) \(change.map { "\($0)" } ?? "-")"
            case .weekend: return "weekend"
            case .holiday: return "holiday"
            case .notPublished: return "not published"
            case .noData: return "no data"
            }
        }
        // 2 Apr 1.0749 against 28 Mar 1.0811: -0.0062. Easter Monday and Good Friday are TARGET holidays.
        XCTAssertEqual(kinds, ["1.0749 -0.0062", "holiday", "weekend", "weekend", "holiday", "1.0811 -0.0005", "1.0816 -0.0039"])
        // Past the newest data: unknown, not a holiday.
        XCTAssertEqual(HistoryDay.lastDays(h, end: day("2024-04-04"), count: 1).first?.status, .noData)
    }

    /// At 20:00 on Sunday 31 March 2024 in New York it is already 1 April in UTC. The History's
    /// last 7 days end on the user's Sunday, not on a Monday that has not begun for them.
    func testTheLastSevenDaysEndOnTheUsersOwnDay() throws {
        let h = try bundled().history(from: "EUR", to: "USD", start: day("2024-03-20"), end: day("2024-04-02"))
        let evening = ISO8601DateFormatter().date(from: "2024-04-01T00:00:00Z")! // 20:00 EDT on the 31st
        let newYork = TimeZone(identifier: "America/New_York")!
        XCTAssertEqual(Day.today(now: evening, zone: newYork).iso, "2024-03-31")
        XCTAssertEqual(Day.today(now: evening, zone: TimeZone(identifier: "Europe/Berlin")!).iso, "2024-04-01")
        let recent = HistoryDay.recent(h, today: Day.today(now: evening, zone: newYork))
        XCTAssertEqual(recent.days.map(\.day.iso), ["2024-03-31", "2024-03-30", "2024-03-29", "2024-03-28", "2024-03-27", "2024-03-26", "2024-03-25"])
        XCTAssertTrue(recent.endsToday)
        // Offline for weeks: the list ends on the newest day known, and says so.
        let later = HistoryDay.recent(h, today: day("2024-05-20"))
        XCTAssertEqual(later.end.iso, "2024-04-02")
        XCTAssertFalse(later.endsToday)
    }

    func testRangesStatisticsAndConversionOnADay() throws {
        let h = try bundled().history(from: "EUR", to: "USD")
        XCTAssertEqual(h.points.first?.day.iso, "1999-01-04")
        XCTAssertEqual(h.points.first.map { "\($0.rate)" }, "1.1789")
        XCTAssertGreaterThan(h.points.count, 7000)
        let end = h.newestDay!
        XCTAssertEqual(HistoryRange.week.start(end: day("2026-10-30"))?.iso, "2026-10-24")
        XCTAssertEqual(HistoryRange.month.start(end: day("2026-03-31"))?.iso, "2026-02-28")
        XCTAssertEqual(HistoryRange.fiveYears.start(end: day("2024-02-29"))?.iso, "2019-02-28")
        let year = h.points(from: HistoryRange.year.start(end: end), to: end)
        let stats = try XCTUnwrap(HistoryStats(year))
        XCTAssertLessThanOrEqual(stats.min.rate, stats.average)
        XCTAssertLessThanOrEqual(stats.average, stats.max.rate)
        XCTAssertEqual(stats.count, year.count)
        // A Saturday converts at Friday's rate, and says which day.
        XCTAssertEqual(h.point(onOrBefore: day("2024-10-26"))?.day.iso, "2024-10-25")
        XCTAssertNil(h.point(onOrBefore: day("1998-12-31")))
    }

    func testFetchedAnswersGrowTheHistory() throws {
        let dir = try tempDir()
        let (store, outcome) = try HistoryStore.open(at: dir.appendingPathComponent("history.sqlite"))
        guard case .opened = outcome else { return XCTFail("\(outcome)") }
        let today = day("2026-11-22")
        let series = try FrankfurterV2.ecbDays(Data(contentsOf: Self.fixtures.appendingPathComponent("frankfurter_v2_rates_ECB_2026-09-30_2026-10-02.json")),
                                               today: today)
        try store.record(series.publications)
        let h = try store.history(from: "USD", to: "INR")
        XCTAssertEqual(h.points.map(\.day.iso), ["2026-09-30", "2026-10-01", "2026-10-02"])
        XCTAssertEqual(h.points[2].rate, dec("108.1245") / dec("1.1225"))
        XCTAssertEqual(h.points[2].source, "Frankfurter")
        XCTAssertEqual(h.points[2].institutions, ["ECB"], "the ECB's own figures, through Frankfurter")
        XCTAssertEqual(h.points[2].publisher.description, "European Central Bank")

        let ninety = try ProviderParser.parse(.ecb, Data(contentsOf: Self.fixtures.appendingPathComponent("ecb_eurofxref-hist-90d.xml")),
                                              today: today, expecting: .history)
        try store.record(ninety.publications)
        let ecb = try store.history(from: "EUR", to: "USD")
        XCTAssertEqual(ecb.points.count, ninety.days.count + 3 - Set(ninety.days.keys).intersection(h.points.map(\.day)).count)
        // Where both published a day, the ECB's own figure is used.
        for p in ecb.points where ninety.days[p.day] != nil { XCTAssertEqual(p.source, "ECB") }

        let erapi = try ProviderParser.parse(.erapi, Data(contentsOf: Self.fixtures.appendingPathComponent("erapi_open_latest_USD_2024-08-19.json")),
                                             today: today)
        try store.record(erapi.publications)
        let kzt = try store.history(from: "USD", to: "KZT")
        XCTAssertEqual(kzt.points.count, 1, "a currency the ECB never had, from a snapshot")
        XCTAssertEqual(kzt.points[0].source, "open.er-api.com")
        XCTAssertTrue(kzt.points[0].published)
        XCTAssertEqual(try store.newestDay(source: "open.er-api.com")?.iso, "2024-08-19")
    }

    /// A new user's store holds only what was fetched: the ECB's history is read from the
    /// shared file, nothing is imported, and the user's files stay small.
    func testANewUsersStoreImportsNothingAndStaysSmall() throws {
        let home = try tempDir()
        let paths = AppPaths(environment: ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path])
        _ = try bundle()
        let erapi = try ProviderParser.parse(.erapi, Data(contentsOf: Self.fixtures.appendingPathComponent("erapi_open_latest_USD_2024-08-19.json")),
                                             today: day("2026-11-22"))
        let (store, problems) = try HistoryStore.prepared(paths: paths, bundle: Self.sharedDir.appendingPathComponent(BundledData.sharedHistory),
                                                          cached: [erapi])
        XCTAssertEqual(problems, [])
        let h = try store.history(from: "EUR", to: "USD", start: day("1999-01-04"), end: day("1999-01-06"))
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.rate) \($0.source)" }, ["1999-01-04 1.1789 ECB", "1999-01-05 1.179 ECB", "1999-01-06 1.1743 ECB"])
        XCTAssertEqual(try store.db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM publication") }, 1, "only the fetched answer")
        try store.db.close()
        let files = try FileManager.default.contentsOfDirectory(at: paths.historyFile.deletingLastPathComponent(), includingPropertiesForKeys: [.fileSizeKey])
        let size = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        XCTAssertLessThan(size, 1_000_000, "\(files.map(\.lastPathComponent))")
    }

    /// A store written by 0.6.0 (Tests/Fixtures/history-0.6.0.sqlite, made by that version with a
    /// bundle of 2026-01-02 … 2026-09-29, then its answers: the Bank of Russia, open.er-api.com
    /// and Frankfurter's 30 Sep - 2 Oct) drops its copy of the bundle and keeps every day it fetched.
    func testA060StoreMigratesKeepingEveryFetchedDay() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("history-0.6.0.sqlite"), to: url)
        let (store, outcome) = try HistoryStore.open(at: url, bundle: try bundle())
        guard case .opened = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try store.schemaVersions, ["v1", "v2", "v3"])
        let own = try store.db.read { try Row.fetchAll($0, sql: "SELECT source, count(*), min(day), max(day) FROM publication GROUP BY source ORDER BY source") }
        // Frankfurter's first version served the ECB's figures: its days are kept as the ECB's.
        XCTAssertEqual(own.map { "\($0[0] as String) \($0[1] as Int) \($0[2] as String) \($0[3] as String)" },
                       ["Bank of Russia 1 2026-04-25 2026-04-25", "ECB 3 2026-09-30 2026-10-02", "open.er-api.com 1 2024-08-19 2024-08-19"])
        XCTAssertNil(try store.db.read { try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'bundle'") })
        // The ECB's days now come from the shared history, the fetched ones from the store.
        let h = try store.history(from: "EUR", to: "USD", start: day("2026-09-28"), end: day("2026-10-02"))
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.rate)" },
                       ["2026-09-28 1.1378", "2026-09-29 1.1355", "2026-09-30 1.1355", "2026-10-01 1.1298", "2026-10-02 1.1225"])
        XCTAssertEqual(try store.history(from: "USD", to: "KZT").points.filter { $0.source == "open.er-api.com" }.map(\.day.iso),
                       ["2024-08-19"], "er-api's answer kept")
        XCTAssertEqual(try store.history(from: "RUB", to: "USD").points.filter { $0.source == "Bank of Russia" }.map(\.day.iso),
                       ["2026-04-25"], "the Bank of Russia's kept")
    }

    /// Without the shared history (a build without it, a damaged copy), a 0.6.0 store keeps its
    /// own copy of the bundle: it goes only once the shared one stands in for it.
    func testA060StoreKeepsItsCopyWhileThereIsNoSharedHistory() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("history-0.6.0.sqlite"), to: url)
        let (alone, _) = try HistoryStore.open(at: url)
        XCTAssertEqual(try alone.schemaVersions, ["v1", "v2", "v3"])
        // Its 190 ECB days, and the Bank of Russia's Saturday.
        XCTAssertEqual(try alone.history(from: "EUR", to: "USD", start: day("2026-01-02"), end: day("2026-09-29")).points.count, 191)
        try alone.db.close()
        let (shared, _) = try HistoryStore.open(at: url, bundle: try bundle())
        XCTAssertEqual(try shared.db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM publication WHERE source = 'ECB' AND day <= '2026-09-29'") }, 0)
        XCTAssertEqual(try shared.history(from: "EUR", to: "USD", start: day("2026-01-02"), end: day("2026-09-29")).points.count, 191,
                       "read from the shared history now")
    }

    /// A 0.6.0 store with the whole bundle in it (13.8 MB) shrinks below 1 MB when it migrates.
    func testA060StoreGivesItsCopyOfTheBundleBack() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        let old = try DatabaseQueue(path: url.path)
        try HistoryStore.migrator.migrate(old, upTo: "v2")
        _ = try old.write { try HistoryStore.insertBundle(Data(contentsOf: Self.repo.appendingPathComponent("data/eurofxref-hist.csv")), into: $0) }
        try old.write { db in
            try db.execute(sql: "INSERT INTO publication (source, day, base) VALUES ('ECB', '2026-11-02', 'EUR')")
            try db.execute(sql: "INSERT INTO rate (code, day, source, value) VALUES ('USD', '2026-11-02', 'ECB', '1.1163')")
        }
        try old.close()
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        XCTAssertGreaterThan(before, 10_000_000)
        let (store, _) = try HistoryStore.open(at: url, bundle: try bundle())
        try store.db.close()
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        XCTAssertLessThan(after, 1_000_000)
        let (again, _) = try HistoryStore.open(at: url, bundle: try bundle())
        XCTAssertEqual(try again.history(from: "EUR", to: "USD", start: day("2026-10-30"), end: day("2026-11-02")).points.map { "\($0.day.iso) \($0.rate)" },
                       ["2026-10-30 1.1172", "2026-11-02 1.1163"], "the ECB's day fetched after the bundle is kept")
    }

    /// A pair's official history: stored with its institutions, the spans asked remembered, the
    /// average and one institution's figures kept apart.
    func testAPairsOfficialHistoryIsStoredWithWhoPublishedIt() throws {
        let (store, _) = try HistoryStore.open(at: try tempDir().appendingPathComponent("history.sqlite"), bundle: try bundle())
        // The Central Bank of Egypt's published EGP per USD (Tests/Fixtures/frankfurter_v2), as USD per EGP.
        let average = [FrankfurterRecord(day: day("2026-04-01"), base: "EGP", quote: "USD", rate: dec("0.01912"), institutions: ["CBE", "CBR", "FRED"]),
                       FrankfurterRecord(day: day("2026-04-02"), base: "EGP", quote: "USD", rate: dec("0.01913"), institutions: ["CBE"])]
        try store.recordPair(average, source: FrankfurterV2.source(institution: nil), span: (day("2026-03-30"), day("2026-04-02")))
        let cbr = [FrankfurterRecord(day: day("2026-04-01"), base: "EGP", quote: "USD", rate: dec("0.01901"), institutions: ["CBR"])]
        try store.recordPair(cbr, source: FrankfurterV2.source(institution: "CBR"), span: (day("2026-04-01"), day("2026-04-01")))

        let h = try store.history(from: "USD", to: "EGP")
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.publisher)" }, ["2026-04-01 average of 3 central banks", "2026-04-02 Central Bank of Egypt"])
        XCTAssertEqual(h.points[0].rate, 1 / dec("0.01912"), "the other way round is the inverse")
        XCTAssertFalse(h.points[0].published)
        XCTAssertTrue(try store.history(from: "EGP", to: "USD").points[0].published)
        // One institution first where it published; the average where it did not.
        let chosen = try store.history(from: "EGP", to: "USD", institution: "CBR")
        XCTAssertEqual(chosen.points.map { "\($0.day.iso) \($0.rate) \($0.publisher)" },
                       ["2026-04-01 0.01901 Central Bank of Russia", "2026-04-02 0.01913 Central Bank of Egypt"])
        // What was asked is remembered: only the rest is missing.
        let missing = try store.missingSpans(base: "EGP", quote: "USD", source: "Frankfurter", from: day("2026-03-01"), to: day("2026-04-10"))
        XCTAssertEqual(missing.map { "\($0.first.iso)…\($0.last.iso)" }, ["2026-03-01…2026-03-29", "2026-04-03…2026-04-10"])
        XCTAssertEqual(try store.missingSpans(base: "EGP", quote: "USD", source: "Frankfurter", from: day("2026-03-31"), to: day("2026-04-02")).count, 0)
        XCTAssertEqual(try store.pairRate(before: day("2026-04-02"), base: "EGP", quote: "USD", source: "Frankfurter"), dec("0.01912"))
    }

    /// The shared history is not a Cambio store, or missing: said, and the history holds what was fetched.
    func testAnUnreadableSharedHistoryIsSaid() throws {
        let home = try tempDir()
        let paths = AppPaths(environment: ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path])
        let bogus = home.appendingPathComponent(BundledData.sharedHistory)
        try Data("not a database at all, just text".utf8).write(to: bogus)
        let (store, problems) = try HistoryStore.prepared(paths: paths, bundle: bogus, cached: [])
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].description.hasPrefix("The bundled rate history could not be read (it is not Cambio's rate history"), problems[0].description)
        XCTAssertEqual(try store.history(from: "EUR", to: "USD").points.count, 0)
        XCTAssertEqual(try Data(contentsOf: bogus), Data("not a database at all, just text".utf8), "never written to")
    }

    func testAVersionOneStoreIsMigratedAndKeepsItsData() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        let old = try DatabaseQueue(path: url.path)
        try HistoryStore.migrator.migrate(old, upTo: "v1")
        try old.write { db in
            try db.execute(sql: "INSERT INTO publication (source, day, base) VALUES ('ECB', '2026-10-30', 'EUR')")
            try db.execute(sql: "INSERT INTO rate (code, day, source, value) VALUES ('USD', '2026-10-30', 'ECB', '1.1172')")
        }
        try old.close()
        let store = try HistoryStore(url: url)
        XCTAssertEqual(try store.schemaVersions, ["v1", "v2", "v3"])
        let h = try store.history(from: "EUR", to: "USD")
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.rate)" }, ["2026-10-30 1.1172"])
    }

    func testAFileThatIsNotAStoreIsSetAside() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        try Data("not a database, just text that is long enough to fill a header page".utf8).write(to: url)
        let (store, outcome) = try HistoryStore.open(at: url)
        guard case .setAside(let aside, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8).prefix(10), "not a data")
        XCTAssertEqual(try store.history(from: "EUR", to: "USD").points, [])
    }

    /// A damaged page in the middle of the rates loses the rows it holds, not every row after
    /// it: what can still be read is copied into the new store, reading by currency and month
    /// past the bad page.
    func testADamagedPageLosesOnlyItsOwnRows() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        let codes = ["AUD", "CAD", "CHF", "CNY", "GBP", "JPY", "NOK", "SEK", "USD", "ZAR"]
        var start = DateComponents(); start.year = 2020; start.month = 1; start.day = 1
        let calendar = Foundation.Calendar(identifier: .gregorian)
        let first = calendar.date(from: start)!
        let publications = (0..<600).map { i -> DayPublication in
            let date = calendar.date(byAdding: .day, value: i, to: first)!
            let iso = String(format: "%04d-%02d-%02d", calendar.component(.year, from: date), calendar.component(.month, from: date),
                             calendar.component(.day, from: date))
            return DayPublication(day: day(iso), source: "ECB", base: "EUR",
                                  rates: Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, Decimal(i * 10 + $0 + 1) / 1000) }))
        }
        let store = try HistoryStore(url: url)
        try store.record(publications)
        try store.db.close()
        let total = codes.count * publications.count
        XCTAssertEqual(try sqlite(url, "SELECT count(*) FROM rate"), "\(total)")
        // A leaf page of the rates in the middle of their order, written over.
        let leaves = try sqlite(url, "SELECT pageno FROM dbstat WHERE name = 'rate' AND pagetype = 'leaf' ORDER BY path")
            .split(separator: "\n").compactMap { Int($0) }
        XCTAssertGreaterThan(leaves.count, 10)
        let victim = leaves[leaves.count / 2]
        let pageSize = Int(try sqlite(url, "PRAGMA page_size"))!
        let file = try FileHandle(forUpdating: url)
        try file.seek(toOffset: UInt64((victim - 1) * pageSize))
        file.write(Data(repeating: 0xA5, count: pageSize))
        try file.close()

        let (salvaged, outcome) = try HistoryStore.open(at: url)
        guard case .setAside = outcome else { return XCTFail("\(outcome)") }
        let kept = Int(try salvaged.db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM rate") } ?? 0)
        // One page holds at most a few hundred of these rows; everything else is back.
        XCTAssertLessThan(total - kept, 400, "kept \(kept) of \(total)")
        XCTAssertGreaterThan(total - kept, 0, "the written-over page's rows are gone")
        // The rows after the damage in key order are there: the last currency's last day.
        let last = try salvaged.history(from: "EUR", to: "ZAR")
        XCTAssertEqual(last.points.last?.day.iso, publications.last!.day.iso)
        XCTAssertEqual(try salvaged.db.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM publication") }, publications.count)
    }

    /// Another process writing (here, another connection holding the write lock) is a wait,
    /// never a reason to set the store aside.
    func testALockedStoreIsAWaitNotCorruption() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        _ = try HistoryStore(url: url)
        var config = Configuration()
        config.journalMode = .wal
        let other = try DatabaseQueue(path: url.path, configuration: config)
        let writer = OtherWriter(other, writing: "INSERT INTO meta (key, value) VALUES ('other', 'writer')")
        let erapi = try ProviderParser.parse(.erapi, Data(contentsOf: Self.fixtures.appendingPathComponent("erapi_open_latest_USD_2024-08-19.json")),
                                             today: day("2026-11-22"))
        // The other writer lets go once this one has been told the store is busy and waits.
        let waits = Counter()
        let (store, outcome) = try HistoryStore.open(at: url, now: Date(), busy: .callback { tries in
            if waits.increment() == 1 { writer.commit() }
            usleep(1000)
            return tries < 30_000
        })
        try store.record(erapi.publications)
        writer.waitUntilCommitted()
        guard case .opened = outcome else { return XCTFail("\(outcome)") }
        XCTAssertGreaterThan(waits.value, 0, "the record waited for the other writer")
        XCTAssertEqual(try store.newestDay(source: "open.er-api.com")?.iso, "2024-08-19")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.contains("unreadable") }, [])
    }

    /// Twenty first runs in a fresh home all switch the new store to WAL mode. The switch reads
    /// the file's header and then writes it in one transaction; SQLite answers a second process
    /// that does the same at that moment with SQLITE_BUSY at once (a read turned into a write is
    /// never given the busy timeout). So the switch happens only under the folder's lock, which
    /// the other process setting the store up holds: here another Cambio holds that lock and
    /// SQLite's write lock on the new file; this open waits for the folder's lock, then succeeds.
    func testAStoreBeingSetUpByAnotherProcessIsWaitedForNeverBusy() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        // The other Cambio: the folder's lock, then the new file's write lock.
        let folder = Glibc.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertEqual(flock(folder, LOCK_EX), 0)
        let other = try DatabaseQueue(path: url.path)
        let writer = OtherWriter(other, writing: nil)
        let result = Locked<Result<(HistoryStore, HistoryStore.OpenOutcome), Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.value = Result { try HistoryStore.open(at: url, now: Date()) }
            done.signal()
        }
        // Let go once this open either ended or waits for the folder's lock (flock is system
        // call 73 on x86-64, 32 on arm64): a wait for a condition, not for a time.
        let flockCall = { () -> String in
            #if arch(x86_64)
            return "73 "
            #else
            return "32 "
            #endif
        }()
        while result.value == nil {
            let waiting = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.contains { task in
                (try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8))?.hasPrefix(flockCall) == true
            } ?? false
            if waiting { break }
            usleep(1000)
        }
        writer.commit()
        writer.waitUntilCommitted()
        try other.close()
        flock(folder, LOCK_UN)
        close(folder)
        done.wait()
        let (store, outcome) = try XCTUnwrap(result.value).get()
        guard case .opened = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try store.db.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
        XCTAssertEqual(try store.schemaVersions, ["v1", "v2", "v3"])
    }

    /// The window keeps its store open for hours while the command line opens and closes its own.
    /// A command closing last must not take the window's write-ahead log away: the window still
    /// holds SQLite's shared lock on the file, so the log stays until the window closes, and what
    /// a third process recorded meanwhile survives the window's close.
    func testAnotherProcessClosingKeepsTheWindowsWriteAheadLog() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        let (window, _) = try HistoryStore.open(at: url)
        let erapi = try ProviderParser.parse(.erapi, Data(contentsOf: Self.fixtures.appendingPathComponent("erapi_open_latest_USD_2024-08-19.json")),
                                             today: day("2026-11-22"))
        try window.record(erapi.publications)
        // Another process (the command line) opens the store, reads and closes.
        XCTAssertEqual(try sqlite(url, "SELECT count(*) FROM publication"), "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path + "-wal"), "the window's log is still in use")
        // A third records a publication, then the window records and closes.
        _ = try sqlite(url, "INSERT INTO publication (source, day, base, stored_at) VALUES ('Other', '2026-11-20', 'EUR', 'x')")
        let frankfurter = try FrankfurterV2.ecbDays(Data(contentsOf: Self.fixtures.appendingPathComponent("frankfurter_v2_rates_ECB_2026-09-30_2026-10-02.json")),
                                                    today: day("2026-11-22"))
        try window.record(frankfurter.publications)
        try window.db.close()
        XCTAssertEqual(try sqlite(url, "SELECT DISTINCT source FROM publication ORDER BY source"), "Frankfurter\nOther\nopen.er-api.com")
    }

    /// Runs one statement in a separate process (python3's sqlite3), as another program would.
    func sqlite(_ url: URL, _ sql: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], timeout=30)
            rows = c.execute(sys.argv[2]).fetchall()
            c.commit()
            c.close()
            print("\\n".join(str(r[0]) for r in rows), end="")
            """, url.path, sql]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, sql)
        return text
    }

    /// A full disk is said in words and keeps the store; nothing is set aside.
    func testAFullDiskIsSaidAndTheStoreKept() throws {
        let url = try tempDir().appendingPathComponent("history.sqlite")
        let (store, _) = try HistoryStore.open(at: url)
        try store.db.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count")!
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let erapi = try ProviderParser.parse(.erapi, Data(contentsOf: Self.fixtures.appendingPathComponent("erapi_open_latest_USD_2024-08-19.json")),
                                             today: day("2026-11-22"))
        XCTAssertThrowsError(try store.record(erapi.publications)) { error in
            XCTAssertEqual(error as? HistoryStoreError, .diskFull(url.path))
            XCTAssertFalse("\(error)".contains("INSERT"), "\(error)")
        }
        XCTAssertNil(try store.newestDay(source: "open.er-api.com"), "the failed write left nothing half done")
        let (again, outcome) = try HistoryStore.open(at: url)
        guard case .opened = outcome else { return XCTFail("\(outcome)") }
        _ = again
    }
}

/// A count several threads may bump.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// A value several threads may read and set.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); defer { lock.unlock() }; stored = newValue }
    }
}

/// Another process's connection holding SQLite's write lock (BEGIN IMMEDIATE, and `writing` if
/// given) from its creation until `commit()`.
final class OtherWriter: Sendable {
    private let release = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)

    init(_ connection: DatabaseQueue, writing sql: String?) {
        let locked = DispatchSemaphore(value: 0)
        let release = release, released = released
        DispatchQueue.global().async {
            try? connection.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                if let sql { try db.execute(sql: sql) }
                locked.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
            released.signal()
        }
        locked.wait()
    }

    func commit() { release.signal() }
    func waitUntilCommitted() { released.wait() }
}
