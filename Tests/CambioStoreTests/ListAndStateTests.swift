import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioGLib
@testable import CambioServices
import CambioTestSupport

final class ListAndStateTests: XCTestCase {
    func testEditing() {
        var s = CurrencyListState(codes: ["USD", "EUR", "GBP"], anchorCode: "USD", anchorText: "100", referenceCode: "EUR")
        XCTAssertFalse(s.add("EUR"), "no duplicates")
        XCTAssertTrue(s.add("JPY"))
        XCTAssertEqual(s.codes, ["USD", "EUR", "GBP", "JPY"])
        XCTAssertTrue(s.move("JPY", by: -1))
        XCTAssertEqual(s.codes, ["USD", "EUR", "JPY", "GBP"])
        XCTAssertFalse(s.move("USD", by: -1), "the first row cannot go up")
        XCTAssertFalse(s.move("GBP", by: 1), "the last row cannot go down")
        s.move("GBP", to: 0)
        XCTAssertEqual(s.codes, ["GBP", "USD", "EUR", "JPY"])
        s.move("GBP", to: 99)
        XCTAssertEqual(s.codes, ["USD", "EUR", "JPY", "GBP"])
        s.remove("USD")
        XCTAssertEqual(s.codes, ["EUR", "JPY", "GBP"])
        XCTAssertEqual(s.anchorCode, "USD", "removing the anchor row keeps the amount the others derive from")
        XCTAssertEqual(s.anchorText, "100")
    }

    func testSanitizeRestoredList() {
        let fallback = CurrencyListState.firstRun(localeCurrency: "EUR", catalog: testCatalog)
        let saved = CurrencyListState(codes: ["USD", "ZZZ", "USD", "EUR"], anchorCode: "ZZZ", anchorText: "5", referenceCode: "QQQ")
        let s = saved.sanitized(catalog: testCatalog, fallback: fallback)
        XCTAssertEqual(s.codes, ["USD", "EUR"])
        XCTAssertEqual(s.anchorCode, "USD")
        XCTAssertEqual(s.referenceCode, fallback.referenceCode)
        let good = CurrencyListState(codes: ["JPY", "EUR"], anchorCode: "JPY", anchorText: "1 234,5", referenceCode: "USD")
        XCTAssertEqual(good.sanitized(catalog: testCatalog, fallback: fallback), good, "a valid list comes back exactly")
    }

    func testStateRoundTripsExactly() throws {
        let store = StateStore(url: try tempDir().appendingPathComponent("sub/state.json"))
        XCTAssertEqual(store.load(), .missing)
        let state = AppState(currencies: CurrencyListState(codes: ["RUB", "USD"], anchorCode: "USD",
                                                           anchorText: "1 234,50", referenceCode: "RUB"))
        try store.save(state)
        XCTAssertEqual(store.load(), .loaded(state))
    }

    func testCorruptFileIsSetAsideNotOverwritten() throws {
        let dir = try tempDir()
        let url = dir.appendingPathComponent("state.json")
        try Data("{\"version\": 1, \"currencies\": [tru".utf8).write(to: url)
        let store = StateStore(url: url)
        guard case .corrupt(let aside, let reason, _) = store.load() else { return XCTFail("not reported as corrupt") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "{\"version\": 1, \"currencies\": [tru", "the bytes are kept")
        try store.save(AppState(currencies: CurrencyListState(codes: ["EUR"], anchorCode: "EUR", anchorText: "1", referenceCode: "EUR")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside.path), "saving anew does not touch the set-aside file")
    }

    func testWrongShapeIsCorrupt() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        try Data("{\"version\": 1}".utf8).write(to: url)
        guard case .corrupt(_, let reason, _) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertTrue(reason.contains("currencies"), reason)
    }

    func testNewerFormatIsSetAside() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        try Data(#"{"version": 99, "currencies": {"codes": [], "anchorCode": "EUR", "anchorText": "1", "referenceCode": "EUR"}}"#.utf8).write(to: url)
        guard case .corrupt = StateStore(url: url).load() else { return XCTFail() }
    }

    func testSaveIsAtomicAndLeavesNoTemporaryFiles() throws {
        let dir = try tempDir()
        let store = StateStore(url: dir.appendingPathComponent("state.json"))
        for i in 0..<5 {
            try store.save(AppState(currencies: CurrencyListState(codes: ["EUR"], anchorCode: "EUR", anchorText: "\(i)", referenceCode: "EUR")))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["state.json"])
    }

    func testXDGPaths() {
        let p = AppPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "relative"])
        XCTAssertEqual(p.stateFile.path, "/x/data/cambio/state.json")
        XCTAssertEqual(p.cacheHome.path, "/home/u/.cache", "relative XDG paths are ignored, as the spec says")
        XCTAssertEqual(p.dataDirs.map(\.path), ["/usr/local/share", "/usr/share"])
    }

    func testBundledDataFoundBesideAnInstalledBinary() throws {
        let prefix = try tempDir()
        let share = prefix.appendingPathComponent("share/cambio")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data("Date,USD,\n".utf8).write(to: share.appendingPathComponent(BundledData.marker))
        let found = BundledData.directory(environment: [:], executable: prefix.appendingPathComponent("bin/cambio"),
                                          paths: AppPaths(environment: ["HOME": "/nonexistent"]), sourceTree: nil)
        XCTAssertEqual(found?.standardizedFileURL.path, share.standardizedFileURL.path)
        let none = BundledData.directory(environment: [:], executable: URL(fileURLWithPath: "/nonexistent/bin/cambio"),
                                         paths: AppPaths(environment: ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]), sourceTree: nil)
        XCTAssertNil(none)
    }
}
