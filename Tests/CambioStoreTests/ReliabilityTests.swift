import Foundation
import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioGLib
@testable import CambioServices
import CambioTestSupport

/// Saved state and files under locks, faults and hostile contents: nothing lost, nothing
/// mistaken for corruption, every failure in words.
final class SavedStateReliabilityTests: XCTestCase {
    func write(_ text: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("state.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    let list = #""currencies": {"codes": ["usd", " jpy ", "EUR"], "anchorCode": "usd", "anchorText": "5", "referenceCode": "eur"}"#

    func testOneInvalidFieldCostsThatFieldOnlyAndNeverTurnsTheNetworkOn() throws {
        let url = try write(#"{"version": 1, \#(list), "settings": {"decimalPlaces": 9, "networkAllowed": false, "provider": "ecb"}}"#,
                            in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail("not loaded") }
        XCTAssertFalse(state.settings.networkAllowed, "the privacy choice survives a bad neighbour")
        XCTAssertEqual(state.settings.provider, .ecb, "the other settings are kept")
        XCTAssertEqual(state.settings.decimalPlaces, .auto)
        XCTAssertEqual(ignored.count, 1)
        XCTAssertTrue(ignored[0].hasPrefix("settings.decimalPlaces"), "the ignored field is named: \(ignored)")
        XCTAssertEqual(state.currencies.codes, ["USD", "JPY", "EUR"], "the list is kept")
    }

    func testABadInvestmentsFieldCostsThatFieldOnly() throws {
        let stock = #""stock": {"symbol": "MSFT", "name": "Microsoft Corporation", "region": "United States", "currency": "USD"}"#
        let url = try write(#"{"version": 1, \#(list), "investments": {\#(stock), "initialText": "2 500", "monthlyText": 7, "start": "2000-13", "inReference": true}}"#,
                            in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail("not loaded") }
        XCTAssertEqual(state.currencies.codes, ["USD", "JPY", "EUR"], "the list is kept")
        XCTAssertEqual(state.investments.stock?.symbol, "MSFT", "the stock is kept")
        XCTAssertEqual(state.investments.initialText, "2 500", "the amount typed is kept")
        XCTAssertTrue(state.investments.inReference)
        XCTAssertEqual(state.investments.monthlyText, InvestmentState().monthlyText, "a number where text belongs: the default")
        XCTAssertNil(state.investments.start, "no such month: the series' first")
        XCTAssertEqual(ignored.count, 2, "\(ignored)")
        XCTAssertTrue(ignored.contains { $0.hasPrefix("investments.monthlyText") } && ignored.contains { $0.hasPrefix("investments.start") },
                      "each field named: \(ignored)")
        let long = String(repeating: "9", count: AppState.maxTextLength + 1)
        let url2 = try write(#"{"version": 1, \#(list), "investments": {\#(stock), "initialText": "\#(long)"}}"#, in: try tempDir())
        guard case .loadedIgnoring(let state2, let ignored2) = StateStore(url: url2).load() else { return XCTFail("not loaded") }
        XCTAssertEqual(state2.investments.stock?.symbol, "MSFT")
        XCTAssertEqual(state2.investments.initialText, InvestmentState().initialText)
        XCTAssertEqual(ignored2, ["investments.initialText: longer than 1000 characters"])
    }

    func testABadConverterFieldOrFavouriteCostsThatOneOnly() throws {
        let converter = #""converter": {"source": "usd", "targets": "EUR", "amountText": "12*3", "favourites": [{"from": "USD", "to": "JPY"}, {"from": 5}, "GBP", {"from": "eur", "to": "chf"}]}"#
        let url = try write(#"{"version": 1, \#(list), \#(converter)}"#, in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail("not loaded") }
        XCTAssertEqual(state.converter.favourites, [FavouritePair(from: "USD", to: "JPY"), FavouritePair(from: "EUR", to: "CHF")],
                       "the good favourites are kept")
        XCTAssertEqual(state.converter.source, "USD")
        XCTAssertEqual(state.converter.amountText, "12*3")
        XCTAssertEqual(state.converter.targets, [], "not a list: left to the first start's (sanitized)")
        XCTAssertEqual(ignored.count, 2, "\(ignored)")
        XCTAssertTrue(ignored.contains { $0.hasPrefix("converter.targets") }, "\(ignored)")
        XCTAssertTrue(ignored.contains("converter.favourites: 2 of 4 not a pair of currency codes"), "\(ignored)")
        let catalog = try CurrencyCatalog.system(names: nil)
        let shown = state.converter.sanitized(catalog: catalog, fallback: ConverterState.firstRun(home: "USD", catalog: catalog))
        XCTAssertEqual(shown.targets, ["EUR", "GBP"], "the first start's targets")
        XCTAssertEqual(shown.favourites.count, 2)
    }

    func testABadCurrenciesFieldCostsThatFieldOnlyNotTheFile() throws {
        let fav = #""converter": {"source": "USD", "targets": ["EUR"], "amountText": "5", "favourites": [{"from": "USD", "to": "JPY"}]}"#
        let url = try write(#"{"version": 1, "currencies": {"codes": ["USD", 7, "jpy"], "anchorCode": "JPY", "anchorText": 500, "referenceCode": "EUR"}, \#(fav)}"#,
                            in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail("set aside") }
        XCTAssertEqual(state.converter.favourites, [FavouritePair(from: "USD", to: "JPY")], "the favourites are kept")
        XCTAssertEqual(state.currencies.codes, ["USD", "JPY"])
        XCTAssertEqual(state.currencies.referenceCode, "EUR")
        XCTAssertEqual(ignored.count, 2, "\(ignored)")
        XCTAssertTrue(ignored.contains("currencies.codes: 1 of 3 not a currency code"), "\(ignored)")
        XCTAssertTrue(ignored.contains { $0.hasPrefix("currencies.anchorText") }, "\(ignored)")
        // The list on screen: the first row is the anchor, with the first start's amount.
        let catalog = try CurrencyCatalog.system(names: nil)
        let first = CurrencyListState.firstRun(localeCurrency: "USD", catalog: catalog)
        let shown = state.currencies.sanitized(catalog: catalog, fallback: first)
        XCTAssertEqual([shown.anchorCode, shown.anchorText, shown.referenceCode], ["USD", first.anchorText, "EUR"])
        XCTAssertEqual(shown.codes, ["USD", "JPY"])
    }

    func testAPrivacyValueThatIsNotTrueOrFalseTurnsTheNetworkOff() throws {
        let url = try write(#"{"version": 1, \#(list), "settings": {"networkAllowed": "yes"}}"#, in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertFalse(state.settings.networkAllowed)
        XCTAssertTrue(ignored.contains { $0.contains("networkAllowed") }, "\(ignored)")
    }

    func testAFileThatIsNotJSONKeepsItsPrivacyChoiceOrTurnsTheNetworkOff() throws {
        let dir = try tempDir()
        var url = try write(#"{"version": 1, "settings": {"networkAllowed" : false, "decimalPlaces": 2}, "currencies": [tru"#, in: dir)
        guard case .corrupt(_, _, let network) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertEqual(network, false, "read from the text")
        url = try write("\u{0}\u{1}garbage", in: dir)
        guard case .corrupt(_, _, let unknown) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertNil(unknown)

        // At start-up: an unknown choice is off, and the user is told.
        let home = try tempDir()
        let state = home.appendingPathComponent("data/cambio/state.json")
        try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: state)
        let data = StartupData.load(environment: ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                  "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "LANG": "en_US.UTF-8"],
                                    executable: URL(fileURLWithPath: "/nonexistent/bin/cambio"), sourceTree: Fixture.repo)
        XCTAssertFalse(data.state.settings.networkAllowed)
        XCTAssertTrue(data.problems.contains(.networkOffUntilChosen), "\(data.problems)")
    }

    func testCodesAreNormalisedOnLoad() throws {
        let url = try write(#"{"version": 1, \#(list), "converter": {"source": "usd", "targets": ["eur", "Jpy"], "amountText": "1", "favourites": [{"from": "gbp", "to": "usd"}]}}"#,
                            in: try tempDir())
        guard case .loaded(let state) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertEqual(state.currencies.anchorCode, "USD")
        XCTAssertEqual(state.currencies.referenceCode, "EUR")
        XCTAssertEqual(state.converter.source, "USD")
        XCTAssertEqual(state.converter.targets, ["EUR", "JPY"])
        XCTAssertEqual(state.converter.favourites, [FavouritePair(from: "GBP", to: "USD")])
    }

    func testAnOverLongAmountCostsThatAmountOnlyNotTheFavouritesOrTheList() throws {
        let long = String(repeating: "9", count: AppState.maxTextLength + 1)
        let json = #"{"version": 1, "currencies": {"codes": ["USD", "JPY"], "anchorCode": "JPY", "anchorText": "\#(long)", "referenceCode": "USD"}, "converter": {"source": "GBP", "targets": ["EUR"], "amountText": "\#(long)", "favourites": [{"from": "USD", "to": "JPY"}]}}"#
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: try write(json, in: try tempDir())).load() else {
            return XCTFail("not loaded")
        }
        XCTAssertEqual(state.converter.favourites, [FavouritePair(from: "USD", to: "JPY")], "the favourites are kept")
        XCTAssertEqual(state.converter.source, "GBP")
        XCTAssertEqual(state.converter.targets, ["EUR"])
        XCTAssertEqual(state.converter.amountText, "100", "the first start's amount")
        XCTAssertEqual(state.currencies.codes, ["USD", "JPY"], "the list is kept")
        XCTAssertEqual(ignored, ["currencies.anchorText: longer than 1000 characters", "converter.amountText: longer than 1000 characters"])
    }

    func testAHugeFileIsRefusedAtOnceAndSetAside() throws {
        let dir = try tempDir()
        let amount = String(repeating: "9", count: 50_000_000)
        let url = try write(#"{"version": 1, "currencies": {"codes": ["EUR"], "anchorCode": "EUR", "anchorText": "\#(amount)", "referenceCode": "EUR"}}"#, in: dir)
        guard case .corrupt(let aside, let reason, _) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertTrue(reason.contains("larger than 1 MB"), "refused by its size, before parsing: \(reason)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside.path), "kept, under another name")
    }

    func testAListOfTooManyCodesIsIgnoredWithAMessage() throws {
        let codes = (0..<2000).map { _ in "\"USD\"" }.joined(separator: ",")
        let url = try write(#"{"version": 1, "currencies": {"codes": [\#(codes)], "anchorCode": "USD", "anchorText": "1", "referenceCode": "EUR"}}"#,
                            in: try tempDir())
        guard case .loadedIgnoring(let state, let ignored) = StateStore(url: url).load() else { return XCTFail() }
        XCTAssertTrue(state.currencies.codes.isEmpty, "start-up fills the list from the locale")
        XCTAssertTrue(ignored[0].contains("more than 500"), "\(ignored)")
    }

    func testAFolderWhereTheFileBelongsIsSaidInWords() throws {
        let dir = try tempDir()
        let url = dir.appendingPathComponent("state.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let store = StateStore(url: url)
        guard case .unreadable(let reason) = store.load() else { return XCTFail() }
        XCTAssertTrue(reason.contains("is a folder, where a file belongs"), reason)
        XCTAssertThrowsError(try store.save(AppState(currencies: CurrencyListState(codes: ["EUR"], anchorCode: "EUR", anchorText: "1", referenceCode: "EUR")))) { error in
            let text = Wording(error: error).description
            XCTAssertTrue(text.contains("is a folder"), text)
            XCTAssertFalse(text.contains("NSCocoaErrorDomain"), text)
        }
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue, "left alone")
    }

    /// Tests run as root, which reads any file: the unreadable file is checked as the
    /// unprivileged user `nobody`, as a user's own session would meet it.
    func testAFileThatCannotBeReadIsNeverOverwritten() throws {
        let dir = try tempDir()
        chmod(dir.path, 0o777)
        let url = try write("{\"precious\": true}", in: dir)
        chmod(url.path, 0o000)
        let store = StateStore(url: url)
        XCTAssertEqual(getuid(), 0, "this test needs root to act as another user")
        XCTAssertEqual(setegid(65534), 0); XCTAssertEqual(seteuid(65534), 0)
        let outcome = store.load()
        var saveError: Error?
        do { try store.save(AppState(currencies: CurrencyListState(codes: ["EUR"], anchorCode: "EUR", anchorText: "1", referenceCode: "EUR"))) } catch { saveError = error }
        XCTAssertEqual(seteuid(0), 0); XCTAssertEqual(setegid(0), 0)
        guard case .unreadable(let reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reason.contains("permission denied"), reason)
        XCTAssertNotNil(saveError, "the save is refused")
        XCTAssertTrue(Wording(error: saveError!).description.contains("kept as it is"), "\(saveError!)")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "{\"precious\": true}", "the file is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["state.json"], "no copy, no temporary file")
    }
}

final class FileSafetyTests: XCTestCase {
    func testTwoSetAsidesInTheSameSecondNeverCollide() throws {
        let dir = try tempDir()
        let file = dir.appendingPathComponent("history.sqlite")
        let now = Date()
        var asides: [URL] = []
        for i in 0..<3 {
            try Data("copy \(i)".utf8).write(to: file)
            try Data("wal \(i)".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
            asides.append(try SetAside.move(file, now: now, companions: ["-wal"]))
        }
        XCTAssertEqual(Set(asides.map(\.path)).count, 3)
        for (i, aside) in asides.enumerated() {
            XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "copy \(i)", "nothing replaced")
            XCTAssertEqual(try String(contentsOfFile: aside.path + "-wal", encoding: .utf8), "wal \(i)", "the companion follows")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testSmallFileRefusesFoldersAndOversizeFiles() throws {
        let dir = try tempDir()
        XCTAssertNil(try SmallFile.read(dir.appendingPathComponent("missing"), limit: 10))
        XCTAssertThrowsError(try SmallFile.read(dir, limit: 10)) { XCTAssertEqual($0 as? FileProblem, .isFolder(path: dir.path)) }
        let big = dir.appendingPathComponent("big")
        try Data(count: 11).write(to: big)
        XCTAssertThrowsError(try SmallFile.read(big, limit: 10)) { XCTAssertEqual($0 as? FileProblem, .tooLarge(path: big.path, limit: 10)) }
        XCTAssertEqual(try SmallFile.read(big, limit: 11)?.count, 11)
    }

    func testFoundationErrorsAreWorded() {
        let error = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                            userInfo: [NSFilePathErrorKey: "/x/state.json",
                                       NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
        XCTAssertEqual(Wording(error: error).description, "the disk is full (/x/state.json)")
        let full = NSError(domain: NSCocoaErrorDomain, code: 640, userInfo: [NSFilePathErrorKey: "/y"])
        XCTAssertEqual(Wording(error: full).description, "the disk is full (/y)")
    }

    func testDayArithmeticNeverTraps() {
        let d = Day(iso: "2026-11-22")!
        XCTAssertEqual(d.adding(days: Int.max), Day.latest)
        XCTAssertEqual(d.adding(days: Int.min), Day.earliest)
        XCTAssertEqual(Day(iso: "1900-01-05")!.adding(days: -9), Day.earliest)
        XCTAssertEqual(d.adding(days: -50_000), Day.earliest)
        XCTAssertEqual(d.adding(days: -7), Day(iso: "2026-11-15"))
    }
}

final class RateCacheReliabilityTests: XCTestCase {
    func answer() throws -> CachedAnswer {
        CachedAnswer(provider: .erapi, fetchedAt: Date(), etag: nil, lastModified: nil, nextPublication: Date(),
                     body: try Fixture.data("erapi_open_latest_USD_2024-08-19.json"))
    }

    func testAFolderInTheCachesPlaceIsNotCorruption() throws {
        let cache = RateCache(directory: try tempDir())
        let file = cache.url(.erapi)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        guard case .unreadable(let path, let reason) = cache.load(.erapi, today: Day(iso: "2024-08-20")!) else {
            return XCTFail("a folder is not set aside as a corrupt file")
        }
        XCTAssertEqual(path, file.path)
        XCTAssertTrue(reason.contains("is a folder"), reason)
        XCTAssertThrowsError(try cache.store(try answer())) { XCTAssertEqual($0 as? FileProblem, .isFolder(path: file.path)) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path), ["erapi.json"], "nothing renamed")
    }

    /// As the unprivileged user `nobody` (root reads any file).
    func testACacheFileThatCannotBeReadIsKeptAndNotReplaced() throws {
        let dir = try tempDir()
        chmod(dir.path, 0o777)
        let cache = RateCache(directory: dir)
        let file = cache.url(.erapi)
        try Data("{\"kept\": 1}".utf8).write(to: file)
        chmod(file.path, 0o000)
        let fresh = try answer()
        XCTAssertEqual(setegid(65534), 0); XCTAssertEqual(seteuid(65534), 0)
        let outcome = cache.load(.erapi, today: Day(iso: "2024-08-20")!)
        var storeError: Error?
        do { try cache.store(fresh) } catch { storeError = error }
        XCTAssertEqual(seteuid(0), 0); XCTAssertEqual(setegid(0), 0)
        guard case .unreadable(_, let reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reason.contains("permission denied"), reason)
        XCTAssertEqual(storeError as? FileProblem, .permissionDenied(path: file.path))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "{\"kept\": 1}")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["erapi.json"])
    }
}

final class StockCacheReliabilityTests: XCTestCase {
    func testAFolderInTheCachesPlaceIsKeptAndSaid() throws {
        let cache = StockCache(directory: try tempDir())
        let file = cache.url(.series("IBM"))
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        guard case .unreadable(let path, let reason) = cache.loadSeries("IBM") else { return XCTFail("not said as unreadable") }
        XCTAssertEqual(path, file.path)
        XCTAssertTrue(reason.contains("is a folder"), reason)
        XCTAssertThrowsError(try cache.store(CachedStockAnswer(fetchedAt: Date(), currency: "USD", body: Data("{}".utf8)), as: .series("IBM")))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue)
    }
}

/// Other programs' files where Cambio's belong: FIFOs, links from a dotfiles folder.
final class ForeignFileTests: XCTestCase {
    func testAFIFOIsRefusedAtOnceNeverWaitedOn() throws {
        let dir = try tempDir()
        let fifo = dir.appendingPathComponent("state.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // A plain open would wait here for a writer that never comes.
        XCTAssertThrowsError(try SmallFile.read(fifo, limit: 1000)) { error in
            XCTAssertEqual(error as? FileProblem, .notAFile(path: fifo.path, type: S_IFIFO))
            XCTAssertEqual(Wording(error: error).description,
                           "\(fifo.path) is not a regular file (a FIFO); Cambio neither reads nor replaces it")
        }
        guard case .unreadable(let reason) = StateStore(url: fifo).load() else { return XCTFail("a FIFO loaded") }
        XCTAssertTrue(reason.contains("a FIFO"), reason)
        let state = AppState(currencies: CurrencyListState(codes: ["EUR"], anchorCode: "EUR", anchorText: "1", referenceCode: "EUR"))
        XCTAssertThrowsError(try StateStore(url: fifo).save(state)) { XCTAssertTrue(Wording(error: $0).description.contains("(a FIFO)"), "\($0)") }
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is neither read nor replaced")
    }

    func testASymlinkedStateFileStaysALinkAndItsTargetIsReplacedInItsOwnFolder() throws {
        let dir = try tempDir()
        let dotfiles = dir.appendingPathComponent("dotfiles"), home = dir.appendingPathComponent("data/cambio")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("cambio-state.json"), link = home.appendingPathComponent("state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../dotfiles/cambio-state.json")
        func state(_ codes: [String]) -> AppState {
            AppState(currencies: CurrencyListState(codes: codes, anchorCode: "EUR", anchorText: "1", referenceCode: "EUR"))
        }
        // Written through a link to a file not there yet, then again over it.
        try StateStore(url: link).save(state(["CHF", "EUR"]))
        try StateStore(url: link).save(state(["CHF", "EUR", "GBP"]))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "../../dotfiles/cambio-state.json")
        guard case .loaded(let read) = StateStore(url: target).load() else { return XCTFail("the target holds no state") }
        XCTAssertEqual(read.currencies.codes, ["CHF", "EUR", "GBP"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path), ["state.json"],
                       "no temporary file is left beside the link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path), ["cambio-state.json"])
    }

    /// A relative link inside a linked folder is followed as the kernel follows it: `..` from the
    /// folder the link really lies in, not from the path's text.
    func testARelativeLinkInALinkedFolderIsWrittenWhereTheKernelReadsIt() throws {
        let dir = try tempDir()
        let inner = dir.appendingPathComponent("deep/inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("data").path, withDestinationPath: inner.path)
        let link = dir.appendingPathComponent("data/state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../kept.json")
        try SmallFile.write(Data("{}".utf8), to: link)
        XCTAssertEqual(try SmallFile.read(dir.appendingPathComponent("deep/kept.json"), limit: 10), Data("{}".utf8))
        XCTAssertEqual(try SmallFile.read(link, limit: 10), Data("{}".utf8), "read back through the link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("kept.json").path))
    }

    func testADamagedCacheIsSaidInWordsNamingTheField() throws {
        let dir = try tempDir()
        let cache = RateCache(directory: dir)
        try Data(#"{"body": "e30=", "fetchedAt": 1}"#.utf8).write(to: cache.url(.erapi))
        guard case .setAside(let path, let reason) = cache.load(.erapi, today: Day(iso: "2026-11-27")!) else { return XCTFail("not set aside") }
        XCTAssertTrue(path.hasPrefix(cache.url(.erapi).path + ".unreadable-"), path)
        XCTAssertEqual(reason, "the field \u{201C}provider\u{201D} is missing")
        struct Nested: Decodable { let days: [Row]; struct Row: Decodable { let rate: Int } }
        XCTAssertThrowsError(try JSONDecoder().decode(Nested.self, from: Data(#"{"days": [{"rate": 1}, {"rate": "x"}]}"#.utf8))) {
            XCTAssertEqual(Wording(error: $0).description, "the field \u{201C}days[1].rate\u{201D} holds the wrong kind of value")
        }
        XCTAssertThrowsError(try JSONDecoder().decode(Nested.self, from: Data("not json".utf8))) {
            XCTAssertEqual(Wording(error: $0).description, "it is not valid JSON")
        }
    }
}

/// A server's words on the terminal and in the window.
final class ServerTextTests: XCTestCase {
    func testControlCharactersAreShownAsEscapesAndTheTextIsCapped() {
        XCTAssertEqual(ServerText.quoted("\u{1B}]0;pwned\u{07}\u{1B}[2J\rinvalid-key"), "\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{D}invalid-key")
        XCTAssertEqual(ServerText.quoted("  a\n\tb  "), "a b")
        XCTAssertEqual(ServerText.quoted("\u{9B}31m \u{7F} \u{202E}evil"), "\\u{9B}31m \\u{7F} \\u{202E}evil")
        XCTAssertEqual(ServerText.quoted("Nach Überweisung: 5 €"), "Nach Überweisung: 5 €", "ordinary text is untouched")
        let long = ServerText.quoted(String(repeating: "x", count: 5000))
        XCTAssertEqual(long.count, ServerText.limit + 1)
        XCTAssertTrue(long.hasSuffix("…"))
        let words = ProviderError.apiError("\u{1B}[2Jbad").description
        XCTAssertEqual(words, "the service answered with an error: \\u{1B}[2Jbad")
        XCTAssertEqual(AlphaVantageError.errorMessage("\u{07}Invalid").serverText, "\\u{7}Invalid")
    }
}

/// A time series of the ECB's days passes the same checks as a refresh before it is stored.
final class SeriesCheckTests: XCTestCase {
    func series(_ days: [String: [String: String]], base: String = "EUR") -> ProviderSnapshot {
        var rows: [Day: [String: Decimal]] = [:]
        for (day, row) in days { rows[Day(iso: day)!] = row.mapValues { Decimal(string: $0)! } }
        return ProviderSnapshot(provider: .frankfurter, base: base, days: rows)
    }
    let start = Day(iso: "2026-09-30")!, end = Day(iso: "2026-10-03")!

    func testAnAbsurdValueAgainstTheDayBeforeOrTheStoredOneIsRefused() {
        let stored = ["USD": Decimal(string: "1.1172")!]
        XCTAssertNoThrow(try AnswerCheck.checkSeries(series(["2026-09-30": ["USD": "1.1355"], "2026-10-01": ["USD": "1.1298"]]),
                                                     base: "EUR", from: start, to: end, before: stored))
        XCTAssertThrowsError(try AnswerCheck.checkSeries(series(["2026-09-30": ["USD": "111720000"]]),
                                                         base: "EUR", from: start, to: end, before: stored)) {
            XCTAssertEqual($0 as? ProviderError, .implausibleMove(code: "USD", kept: "1.1172", answer: "111720000"))
        }
        // One bad day inside a good series.
        XCTAssertThrowsError(try AnswerCheck.checkSeries(series(["2026-09-30": ["USD": "1.1355"], "2026-10-01": ["USD": "0.0011"]]),
                                                         base: "EUR", from: start, to: end, before: stored))
    }

    func testDaysOutsideTheRangeAskedForOrAnotherBaseAreRefused() {
        XCTAssertThrowsError(try AnswerCheck.checkSeries(series(["2000-09-29": ["USD": "0.87"]]), base: "EUR", from: start, to: end, before: [:])) {
            XCTAssertEqual($0 as? ProviderError, .outsideRange(first: "2000-09-29", last: "2000-09-29", askedFrom: "2026-09-30", askedTo: "2026-10-03"))
        }
        XCTAssertThrowsError(try AnswerCheck.checkSeries(series(["2026-10-01": ["EUR": "0.9"]], base: "USD"), base: "EUR", from: start, to: end, before: [:]))
        // Frankfurter starts a range on a holiday at the last published day before it.
        XCTAssertNoThrow(try AnswerCheck.checkSeries(series(["2026-09-29": ["USD": "1.13"], "2026-09-30": ["USD": "1.1355"]]),
                                                     base: "EUR", from: start, to: end, before: [:]))
    }
}
