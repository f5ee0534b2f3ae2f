import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

final class ConverterStateFileTests: XCTestCase {
    func testTheConverterIsSavedWithTheRestAndOlderFilesStillLoad() throws {
        let dir = try tempDir()
        let store = StateStore(url: dir.appendingPathComponent("state.json"))
        var s = ConverterState(source: "USD", targets: ["EUR", "JPY"], amountText: "(100+20)/3")
        s.favourites = [FavouritePair(from: "GBP", to: "JPY"), FavouritePair(from: "USD", to: "EUR")]
        let list = CurrencyListState(codes: ["USD", "EUR"], anchorCode: "USD", anchorText: "1", referenceCode: "USD")
        try store.save(AppState(currencies: list, converter: s))
        guard case .loaded(let back) = store.load() else { return XCTFail("not loaded") }
        XCTAssertEqual(back.converter, s)
        XCTAssertTrue(back.hasSavedConverter)

        // A file from before the Converter page: loads, without a converter.
        try Data(#"{"version":1,"currencies":{"codes":["USD"],"anchorCode":"USD","anchorText":"5","referenceCode":"USD"}}"#.utf8)
            .write(to: store.url)
        guard case .loaded(let old) = store.load() else { return XCTFail("an older file was refused") }
        XCTAssertFalse(old.hasSavedConverter)
        XCTAssertEqual(old.currencies.anchorText, "5")
    }
}
