import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

final class UserRatesFileTests: XCTestCase {
    let set = day("2026-11-22")
    var kwd: UserRate { UserRate(code: "KWD", value: dec("3.2571"), anchor: "USD", day: set) }
    let list = #""currencies": {"codes": ["USD", "KWD"], "anchorCode": "USD", "anchorText": "5", "referenceCode": "USD"}"#

    func write(_ text: String) throws -> StateStore {
        let url = try tempDir().appendingPathComponent("state.json")
        try Data(text.utf8).write(to: url)
        return StateStore(url: url)
    }

    func testOldFilesLoadUnchangedAndRatesRoundTripExactly() throws {
        guard case .loaded(let old) = try write(#"{"version": 1, \#(list)}"#).load() else { return XCTFail("not loaded") }
        XCTAssertTrue(old.userRates.isEmpty)
        var state = old
        state.userRates = UserRates([UserRate(code: "KWD", value: dec("3.25710000000000000000000000001"), anchor: "USD", day: set)])
        let store = try write("{}")
        try store.save(state)
        let text = try String(contentsOf: store.url, encoding: .utf8)
        XCTAssertTrue(text.contains(#""value" : "3.25710000000000000000000000001""#), text)
        XCTAssertTrue(text.contains(#""set" : "2026-11-22""#), text)
        guard case .loaded(let back) = store.load() else { return XCTFail("not loaded back") }
        XCTAssertEqual(back, state)
        state.userRates = UserRates()
        try store.save(state)
        XCTAssertFalse(try String(contentsOf: store.url, encoding: .utf8).contains("userRates"), "no rates, no entry")
    }

    func testHostileEntriesAreDroppedOneByOneAndNamed() throws {
        let entries = [
            #"{"code": "KWD", "value": "3.2571", "anchor": "USD", "set": "2026-11-22"}"#,
            #"{"code": "GBP", "value": 1.15, "anchor": "EUR", "set": "2026-11-22"}"#,          // a binary number
            #"{"code": "JPY", "value": "-1", "anchor": "EUR", "set": "2026-11-22"}"#,
            #"{"code": "JPY", "value": "1e400", "anchor": "EUR", "set": "2026-11-22"}"#,
            #"{"code": "JPY", "value": "0", "anchor": "EUR", "set": "2026-11-22"}"#,
            #"{"code": "../etc", "value": "1", "anchor": "EUR", "set": "2026-11-22"}"#,
            #"{"code": "JPY", "value": "1", "anchor": "JPY", "set": "2026-11-22"}"#,
            #"{"code": "JPY", "value": "1", "anchor": "EUR", "set": "yesterday"}"#,
            #"{"code": "KWD", "value": "9", "anchor": "EUR", "set": "2026-11-22"}"#,            // a second KWD
            #""just a string""#,
            #"{"code": "eur", "value": "\#(String(repeating: "9", count: 100))", "anchor": "usd", "set": "2026-11-22"}"#,
        ]
        let store = try write(#"{"version": 1, \#(list), "userRates": [\#(entries.joined(separator: ","))]}"#)
        guard case .loadedIgnoring(let state, let ignored) = store.load() else { return XCTFail("not loaded") }
        XCTAssertEqual(state.userRates.all, [kwd], "the good one is kept")
        XCTAssertEqual(state.currencies.codes, ["USD", "KWD"], "and the rest of the file")
        XCTAssertEqual(ignored.count, entries.count - 1, "\(ignored)")
        XCTAssertTrue(ignored.allSatisfy { $0.hasPrefix("userRates[") }, "each named: \(ignored)")
        XCTAssertTrue(ignored.contains { $0.hasPrefix("userRates[8]: a second rate for KWD") }, "\(ignored)")

        guard case .loadedIgnoring(let s2, let i2) = try write(#"{"version": 1, \#(list), "userRates": {"KWD": 3}}"#).load() else {
            return XCTFail("not loaded")
        }
        XCTAssertTrue(s2.userRates.isEmpty)
        XCTAssertEqual(i2, ["userRates: not a list"])
    }
}
