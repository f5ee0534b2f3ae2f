import XCTest
import CGtk
import CambioGLib
import CambioStore
import CambioServices
@testable import CambioCore
@testable import CambioUI

/// The data file (state.json) as the window writes it: what it saves is read back whole, what
/// cannot be read is set aside rather than written over, and two windows on one home keep each
/// other's changes.
final class SavedStateTests: WindowTestCase {
    var stateFile: URL { home.appendingPathComponent("data/cambio/state.json") }
    var folder: URL { stateFile.deletingLastPathComponent() }

    /// The first `count` pairs of currencies the catalogue knows.
    func pairs(_ count: Int) -> [FavouritePair] {
        let codes = context.catalog.all.map(\.code)
        var out: [FavouritePair] = []
        for from in codes {
            for to in codes where to != from {
                out.append(FavouritePair(from: from, to: to))
                if out.count == count { return out }
            }
        }
        return out
    }

    /// state.json as another writer left it (JSON built by hand: the window's own writer is not
    /// the one tested).
    func writeFile(favourites: [FavouritePair], amountText: String = "100") throws {
        let object: [String: Any] = [
            "version": 1,
            "currencies": ["codes": ["USD", "EUR", "JPY"], "anchorCode": "USD", "anchorText": "100", "referenceCode": "USD"],
            "converter": ["source": "USD", "targets": ["EUR"], "amountText": amountText,
                          "favourites": favourites.map { ["from": $0.from, "to": $0.to] }],
        ]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: stateFile)
    }

    /// The file read as the next start reads it; nil (and a failure) unless every entry was read.
    func loadedWhole(file: StaticString = #filePath, line: UInt = #line) -> AppState? {
        switch StateStore(url: stateFile).load() {
        case .loaded(let state): return state
        case let other:
            XCTFail("the next start does not read the file whole: \(other)", file: file, line: line)
            return nil
        }
    }

    /// Files set aside beside state.json.
    func setAside() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("state.json.unreadable-") }
            .map { folder.appendingPathComponent($0) }
    }

    // MARK: Point 3: the most the window saves is what the reader keeps

    func testTheStarAddsNoFavouriteBeyondWhatTheSavedFileKeeps() async throws {
        let most = pairs(AppState.maxCodes)
        try writeFile(favourites: most)
        makeWindow(lang: "en_US.UTF-8")
        window.showPage(.converter)
        MainContext.drain()
        let page = window.converter
        XCTAssertEqual(context.state.converter.favourites.count, 500, "all 500 read")
        page.setSource("XAU")
        page.setTarget(at: 0, to: "BTC")
        XCTAssertFalse(page.isStarred)
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "You have 500 favourites, as many as Cambio keeps: delete one to add another.")
        XCTAssertFalse(page.isStarred, "not added")
        XCTAssertEqual(context.state.converter.favourites, most)
        // One taken out makes room.
        page.favourites.onDelete?(most[0])
        page.toggleFavourite()
        XCTAssertEqual(page.noticeText, "XAU \u{2192} BTC added to favourites.")
        XCTAssertTrue(page.isStarred)
        XCTAssertEqual(context.state.converter.favourites, Array(most.dropFirst()) + [FavouritePair(from: "XAU", to: "BTC")])
        context.saveNow()
        XCTAssertEqual(loadedWhole()?.converter.favourites, context.state.converter.favourites, "read back whole")
    }

    func testTheAmountFieldsHoldNoMoreThanTheSavedFileKeeps() async throws {
        let long = String(repeating: "9", count: AppState.maxTextLength + 11)
        let kept = String(long.prefix(AppState.maxTextLength))
        window.currencies.type(long, into: "EUR")
        window.showPage(.converter)
        MainContext.drain()
        window.converter.type(long)
        XCTAssertEqual(window.converter.amountText, kept, "the field holds 1000 characters")
        await waitUntil { self.context.state.converter.amountText == kept && self.context.state.currencies.anchorText == kept }
        XCTAssertEqual(context.state.converter.amountText, kept)
        XCTAssertEqual(context.state.currencies.anchorText, kept)
        context.saveNow()
        let saved = loadedWhole()
        XCTAssertEqual(saved?.converter.amountText, kept, "read back as typed")
        XCTAssertEqual(saved?.currencies.anchorText, kept)
        XCTAssertEqual(saved?.currencies.anchorCode, "EUR")
    }

    func testAFileWithEntriesTheReaderCannotKeepIsSetAsideNotWrittenOver() async throws {
        // As 0.6.0 could save it: 501 favourites and an amount of 1,011 characters.
        let many = pairs(AppState.maxCodes + 1)
        let long = String(repeating: "9", count: AppState.maxTextLength + 11)
        try writeFile(favourites: many, amountText: long)
        let original = try Data(contentsOf: stateFile)
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.state.converter.favourites, Array(many.prefix(500)), "the first 500 are kept, not none")
        XCTAssertTrue(context.problems.joined().contains("converter.favourites: more than 500 (501); the first 500 are kept"),
                      "\(context.problems)")
        window.currencies.type("7", into: "EUR")
        await waitUntil { self.context.state.currencies.anchorText == "7" }
        context.saveNow()
        let aside = try setAside()
        XCTAssertEqual(aside.count, 1, "the file read in part is kept under another name")
        let kept = try XCTUnwrap(aside.first)
        XCTAssertEqual(try Data(contentsOf: kept), original, "as it was")
        let toast = try XCTUnwrap(context.notices.toasts.last)
        XCTAssertTrue(toast.hasPrefix("Your saved data could not all be read (") && toast.contains(kept.path), toast)
        let saved = loadedWhole()
        XCTAssertEqual(saved?.converter.favourites, Array(many.prefix(500)), "not an empty list")
        XCTAssertEqual(saved?.currencies.anchorText, "7")
        // The next save finds a file it reads whole: nothing more is set aside.
        window.currencies.type("8", into: "EUR")
        await waitUntil { self.context.state.currencies.anchorText == "8" }
        context.saveNow()
        XCTAssertEqual(try setAside().count, 1)
    }

    // MARK: Point 4: two windows on one home

    /// A second start of the app on the same home while the first runs (another login).
    func secondWindow() -> (AppContext, MainWindow) {
        let other = AppContext(environment: ["HOME": home.path, "LANG": "en_US.UTF-8",
                                             "XDG_DATA_HOME": home.appendingPathComponent("data").path]
                                   .merging(Self.deadEndpoints) { $1 },
                               preferences: preferences)
        let otherWindow = MainWindow(application: nil, context: other)
        otherWindow.present()
        otherWindow.showPage(.converter)
        MainContext.drain()
        return (other, otherWindow)
    }

    func star(_ pair: FavouritePair, on page: ConverterPage) {
        page.setSource(pair.from)
        page.setTarget(at: 0, to: pair.to)
        if !page.isStarred { page.toggleFavourite() }
    }

    func testTwoWindowsOnOneHomeKeepEachOthersChanges() async throws {
        let (usdEur, gbpJpy, chfSek, audNzd) = (FavouritePair(from: "USD", to: "EUR"), FavouritePair(from: "GBP", to: "JPY"),
                                                FavouritePair(from: "CHF", to: "SEK"), FavouritePair(from: "AUD", to: "NZD"))
        window.showPage(.converter)
        MainContext.drain()
        star(usdEur, on: window.converter)
        context.saveNow()
        let (other, otherWindow) = secondWindow()
        defer {
            gtk_window_destroy(cast(otherWindow.window.widget))
            // Nothing of this window's left to save once the test's home is gone.
            if other.savePending { other.saveNow() }
        }
        XCTAssertEqual(other.state.converter.favourites, [usdEur])
        // Each window stars a pair; the first saves, then the second.
        star(gbpJpy, on: window.converter)
        star(chfSek, on: otherWindow.converter)
        context.saveNow()
        other.saveNow()
        XCTAssertEqual(loadedWhole()?.converter.favourites, [usdEur, chfSek, gbpJpy], "both windows' favourites")
        // One takes a pair out while the other stars another, and types an amount.
        window.converter.favourites.onDelete?(usdEur)
        star(audNzd, on: otherWindow.converter)
        otherWindow.currencies.type("42", into: "JPY")
        await waitUntil { other.state.currencies.anchorText == "42" }
        other.saveNow()
        context.saveNow()
        let saved = loadedWhole()
        XCTAssertEqual(saved?.converter.favourites, [gbpJpy, chfSek, audNzd], "the removal and the addition")
        XCTAssertEqual(saved.map { [$0.currencies.anchorCode, $0.currencies.anchorText] }, ["JPY", "42"],
                       "what only the second window changed")
        // Closing saves again (the window's destroy, the application's shutdown): still both.
        other.saveNow()
        context.saveNow()
        XCTAssertEqual(loadedWhole()?.converter.favourites, [gbpJpy, chfSek, audNzd])
        // A restart shows it all.
        makeWindow(lang: "en_US.UTF-8")
        XCTAssertEqual(context.state.converter.favourites, [gbpJpy, chfSek, audNzd])
        XCTAssertEqual(context.state.currencies.anchorText, "42")
    }
}
