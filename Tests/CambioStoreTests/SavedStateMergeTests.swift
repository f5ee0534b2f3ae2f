import Foundation
import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

/// The data file between its writer and its reader: what the window can save is read back whole,
/// what the reader cannot keep is set aside before a save, and two Cambios saving the same file
/// keep each other's changes.
final class SavedStateMergeTests: XCTestCase {
    let usdEur = FavouritePair(from: "USD", to: "EUR"), gbpJpy = FavouritePair(from: "GBP", to: "JPY")
    let chfSek = FavouritePair(from: "CHF", to: "SEK"), audNzd = FavouritePair(from: "AUD", to: "NZD")

    func state(favourites: [FavouritePair], codes: [String] = ["USD", "EUR", "JPY"], anchor: (String, String) = ("USD", "100"),
               amount: String = "100") -> AppState {
        AppState(currencies: CurrencyListState(codes: codes, anchorCode: anchor.0, anchorText: anchor.1, referenceCode: "USD"),
                 converter: ConverterState(source: "USD", targets: ["EUR"], amountText: amount, favourites: favourites))
    }

    /// `count` distinct pairs.
    func pairs(_ count: Int) -> [FavouritePair] {
        (0..<count).map { FavouritePair(from: "A\($0 / 26)", to: "B\($0 % 26)") }
    }

    func setAside(in dir: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("state.json.unreadable-") }
            .map { dir.appendingPathComponent($0) }
    }

    // MARK: The writer's limits are the reader's

    func testTheStarAddsNoFavouriteBeyondTheMostTheFileKeepsAndUndoNone() throws {
        let most = pairs(ConverterState.maxFavourites)
        XCTAssertEqual(ConverterState.maxFavourites, AppState.maxCodes, "one limit for the window and the reader")
        var model = ConverterModel(state: ConverterState(source: "USD", targets: ["EUR"], amountText: "1", favourites: most),
                                   formatter: DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US"))),
                                   days: DayFormatter(locale: Locale(identifier: "en_US")), catalog: testCatalog, words: .english)
        XCTAssertEqual(model.toggleFavourite(),
                       .refused(message: "You have 500 favourites, as many as Cambio keeps: delete one to add another."))
        XCTAssertEqual(model.state.favourites, most)
        // Taken out, then the room taken by another: Undo cannot put it back, and says why.
        let removal = try XCTUnwrap(model.removeFavourite(most[3]))
        XCTAssertEqual(model.toggleFavourite(), .added(message: "USD \u{2192} EUR added to favourites."))
        XCTAssertEqual(model.restoreFavourite(removal), "You have 500 favourites, as many as Cambio keeps: delete one to add another.")
        XCTAssertEqual(model.state.favourites.count, 500)
        XCTAssertFalse(model.state.favourites.contains(most[3]))
    }

    func testAStateAtTheLimitsIsReadBackWhole() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        let long = String(repeating: "9", count: AppState.maxTextLength)
        var saved = state(favourites: pairs(ConverterState.maxFavourites), anchor: ("USD", long), amount: long)
        saved.investments = InvestmentState(initialText: long, monthlyText: long)
        try StateStore(url: url).save(saved)
        XCTAssertEqual(StateStore(url: url).load(), .loaded(saved))
    }

    func testFavouritesBeyondTheMostAreReadUpToItNotDropped() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        let many = pairs(AppState.maxCodes + 1)
        let object: [String: Any] = ["version": 1, "currencies": ["codes": ["USD"], "anchorCode": "USD", "anchorText": "1", "referenceCode": "USD"],
                                     "converter": ["source": "USD", "targets": ["EUR"], "amountText": "1",
                                                   "favourites": many.map { ["from": $0.from, "to": $0.to] }]]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        guard case .loadedIgnoring(let loaded, let ignored) = StateStore(url: url).load() else { return XCTFail("not loaded") }
        XCTAssertEqual(loaded.converter.favourites, Array(many.prefix(500)))
        XCTAssertEqual(ignored, ["converter.favourites: more than 500 (501); the first 500 are kept"])
    }

    // MARK: What the reader cannot keep is set aside, never written over

    func testASaveSetsAsideAFileItCannotReadWholeInsteadOfWritingOverIt() throws {
        let dir = try tempDir()
        let url = dir.appendingPathComponent("state.json")
        let long = String(repeating: "9", count: AppState.maxTextLength + 11)
        let original = Data(#"{"version": 1, "currencies": {"codes": ["USD", "JPY"], "anchorCode": "JPY", "anchorText": "5", "referenceCode": "USD"}, "converter": {"source": "GBP", "targets": ["EUR"], "amountText": "\#(long)", "favourites": [{"from": "USD", "to": "JPY"}]}}"#.utf8)
        try original.write(to: url)
        let mine = state(favourites: [usdEur])
        try StateStore(url: url).save(mine)
        let aside = try setAside(in: dir)
        XCTAssertEqual(aside.count, 1, "kept under another name")
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(aside.first)), original, "as it was")
        XCTAssertEqual(StateStore(url: url).load(), .loaded(mine), "the save in its place")
    }

    func testTheSaveReportSaysWhereAFileItCouldNotReadWholeWent() throws {
        let dir = try tempDir()
        let url = dir.appendingPathComponent("state.json")
        let original = Data(#"{"version": 1, "currencies": {"codes": ["USD"], "anchorCode": "USD", "anchorText": "5", "referenceCode": "USD"}, "converter": {"source": "GBP", "targets": ["EUR"], "amountText": 12}}"#.utf8)
        try original.write(to: url)
        let mine = state(favourites: [usdEur])
        let report = try StateStore(url: url).save(mine)
        XCTAssertEqual(report.setAside?.reason, "converter.amountText: the wrong type")
        XCTAssertEqual(try setAside(in: dir).map(\.path), [try XCTUnwrap(report.setAside?.path)])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: XCTUnwrap(report.setAside?.path))), original)
        XCTAssertEqual(report.written, mine)
    }

    func testASaveSetsAsideAFileFarLargerThanCambioWritesInsteadOfWritingOverIt() throws {
        let dir = try tempDir()
        let url = dir.appendingPathComponent("state.json")
        try Data(repeating: 0x20, count: AppState.maxFileBytes + 1).write(to: url)
        try StateStore(url: url).save(state(favourites: []))
        let aside = try setAside(in: dir)
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: XCTUnwrap(aside.first).path)[.size] as? Int, AppState.maxFileBytes + 1)
    }

    // MARK: Two Cambios on one file

    /// Two windows each adding a favourite to a list one short of the most: the merge keeps
    /// what the file keeps (this window's first), never a list the reader would cut.
    func testAMergeOfTwoFullListsKeepsNoMoreThanTheFileKeeps() throws {
        let base = pairs(ConverterState.maxFavourites - 1)
        let mine = base + [FavouritePair(from: "MIN", to: "EUR")], theirs = base + [FavouritePair(from: "THE", to: "EUR")]
        let merged = AppState.merged(base: state(favourites: base), mine: state(favourites: mine), theirs: state(favourites: theirs))
        XCTAssertEqual(merged.converter.favourites, mine)
        let url = try tempDir().appendingPathComponent("state.json")
        try StateStore(url: url).save(merged)
        guard case .loaded(let read) = StateStore(url: url).load() else { return XCTFail("not read back whole") }
        XCTAssertEqual(read.converter.favourites, mine)
    }

    func testTwoWritersKeepEachOthersFavourites() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        let store = StateStore(url: url)
        let start = state(favourites: [usdEur])
        try store.save(start)
        // Both started from the same file; each stars a pair and saves.
        let first = state(favourites: [usdEur, gbpJpy]), second = state(favourites: [usdEur, chfSek])
        try store.save(first, mergingSince: start)
        let report = try store.save(second, mergingSince: start)
        XCTAssertEqual(report.written.converter.favourites, [usdEur, chfSek, gbpJpy])
        XCTAssertNil(report.setAside)
        guard case .loaded(let onDisk) = store.load() else { return XCTFail() }
        XCTAssertEqual(onDisk.converter.favourites, [usdEur, chfSek, gbpJpy])
        // The first takes one out, knowing only its own save; the second's stays.
        try store.save(state(favourites: [gbpJpy]), mergingSince: first)
        guard case .loaded(let after) = store.load() else { return XCTFail() }
        XCTAssertEqual(after.converter.favourites, [gbpJpy, chfSek])
    }

    /// While another Cambio holds the lock (its read, change and write), a save that must not
    /// wait (the window's) is refused as busy and writes nothing; once the lock is free, the
    /// save reads the file as the other left it and keeps its changes.
    func testASaveNeverWritesWhileAnotherCambioHoldsTheLock() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        let store = StateStore(url: url)
        let start = state(favourites: [usdEur]), mine = state(favourites: [usdEur, gbpJpy]), theirs = state(favourites: [usdEur, chfSek])
        try store.save(start)
        // A lock taken through a descriptor of its own is another holder's, even in this process.
        try FileLock.holding(store.lockFolder) {
            XCTAssertThrowsError(try store.save(mine, mergingSince: start, fileThen: start, lock: .never)) {
                XCTAssertTrue($0 is FileLock.Busy, "\($0)")
            }
            try SmallFile.write(try JSONEncoder().encode(theirs), to: url)
        }
        XCTAssertEqual(try store.save(mine, mergingSince: start, fileThen: start, lock: .never).written.converter.favourites,
                       [usdEur, gbpJpy, chfSek])
    }

    func testAFileNoOtherCambioSavedSinceIsReplacedNotMerged() throws {
        let url = try tempDir().appendingPathComponent("state.json")
        let store = StateStore(url: url)
        // As read at start-up, and as the window uses it once pairs it does not know are left out.
        let read = state(favourites: [usdEur, FavouritePair(from: "XYZ", to: "USD")]), used = state(favourites: [usdEur])
        try store.save(read)
        let mine = state(favourites: [usdEur, gbpJpy])
        XCTAssertEqual(try store.save(mine, mergingSince: used, fileThen: read).written, mine, "the file as it was read: replaced")
        // Saved by another Cambio in between, what it holds is kept.
        try store.save(read)
        XCTAssertEqual(try store.save(mine, mergingSince: used).written.converter.favourites,
                       [usdEur, gbpJpy, FavouritePair(from: "XYZ", to: "USD")])
    }

    func testAMergeTakesEachSidesChangesAndThisSidesWhereBothChangedOne() {
        let base = state(favourites: [usdEur, gbpJpy], codes: ["USD", "EUR", "JPY"])
        var mine = state(favourites: [gbpJpy, audNzd], codes: ["EUR", "USD", "JPY", "CHF"], amount: "7")
        var theirs = state(favourites: [usdEur, gbpJpy, chfSek], codes: ["USD", "EUR"], anchor: ("EUR", "5"), amount: "9")
        mine.investments = InvestmentState(initialText: "500")
        theirs.investments = InvestmentState(monthlyText: "50", inReference: true)
        let day = Day(iso: "2026-10-30")!
        theirs.userRates = UserRates([UserRate(code: "ARS", value: 1, anchor: "USD", day: day)])
        mine.userRates = UserRates([UserRate(code: "VES", value: 2, anchor: "USD", day: day)])
        let merged = AppState.merged(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(merged.converter.favourites, [gbpJpy, audNzd, chfSek], "each side's removal and addition; this side's order")
        XCTAssertEqual(merged.currencies.codes, ["EUR", "USD", "CHF"], "JPY taken out there, CHF added here")
        XCTAssertEqual([merged.currencies.anchorCode, merged.currencies.anchorText], ["EUR", "5"], "changed there only")
        XCTAssertEqual(merged.converter.amountText, "7", "changed on both sides: this one's")
        XCTAssertEqual(merged.investments, InvestmentState(initialText: "500", monthlyText: "50", inReference: true), "field by field")
        XCTAssertEqual(merged.userRates.all.map(\.code), ["VES", "ARS"])
        XCTAssertEqual(AppState.merged(base: base, mine: base, theirs: theirs), theirs, "nothing changed here: the file as it is")
        XCTAssertEqual(AppState.merged(base: base, mine: mine, theirs: base), mine, "nothing changed there: this side's")
    }
}
