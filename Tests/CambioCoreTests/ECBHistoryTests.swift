import XCTest
import Foundation
@testable import CambioCore
import CambioTestSupport

final class ECBHistoryTests: XCTestCase {
    func testFixtureNewestRow() throws {
        let table = try ECBHistoryCSV.latest(try Fixture.data("ecb_eurofxref-hist_head.csv"))
        XCTAssertEqual(table.date, day("2025-05-09"))
        XCTAssertEqual(table.source, "ECB")
        XCTAssertEqual(table.rates["USD"]?.value, dec("1.1252"))
        XCTAssertEqual(table.rates["JPY"]?.value, dec("163.36"))
        XCTAssertEqual(table.rates["EUR"]?.value, 1)
        XCTAssertNil(table.rates["CYP"], "dead currencies never had a rate in this excerpt")
    }

    func testBundledHistoryLatestAndFillBack() throws {
        let data = try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv"))
        let table = try ECBHistoryCSV.latest(data) { ["RUB", "HRK", "BGN"].contains($0) || $0.count == 3 && !["CYP", "EEK", "LTL", "LVL", "MTL", "ROL", "SIT", "SKK", "TRL"].contains($0) }
        XCTAssertEqual(table.date, day("2026-10-30"))
        XCTAssertEqual(table.rates["USD"]?.value, dec("1.1172"))
        XCTAssertEqual(table.rates["ISK"]?.value, dec("136"), "an integer-looking rate")
        // RUB has been N/A since March 2022: its last published rate, with its own date.
        let rub = try XCTUnwrap(table.rates["RUB"])
        XCTAssertEqual(rub.date, day("2022-03-01"))
        XCTAssertEqual(table.rate(from: "EUR", to: "RUB"), dec("117.201"))
        XCTAssertEqual(table.day(from: "USD", to: "RUB"), day("2022-03-01"))
        XCTAssertEqual(table.rate(from: "USD", to: "RUB"), dec("117.201") / dec("1.1162"), "a cross of one day")
        XCTAssertEqual(table.rates["HRK"]?.date, day("2022-12-30"))
        XCTAssertEqual(table.rates["BGN"]?.date, day("2025-12-31"))
        XCTAssertNil(table.rates["CYP"], "not asked for")
    }

    /// The app asks for every currency it knows, the withdrawn ones too: each gets its last
    /// published rate, which for the Turkish lira means the whole file (December 2004).
    func testFillBackReachesTheOldestRows() throws {
        let data = try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv"))
        let table = try ECBHistoryCSV.latest(data)
        XCTAssertEqual(table.date, day("2026-10-30"))
        XCTAssertEqual(table.rates["TRL"]?.date, day("2004-12-31"))
        XCTAssertEqual(table.rates["TRL"]?.value, dec("1836200"))
        XCTAssertEqual(table.rates["CYP"]?.date, day("2007-12-31"))
        XCTAssertEqual(table.rates["ROL"]?.date, day("2005-06-30"))
        XCTAssertEqual(table.rates["RUB"]?.date, day("2022-03-01"))
        // A filled day keeps its whole row: the euro's US dollar of that day, for crosses.
        XCTAssertEqual(table.day(from: "USD", to: "TRL"), day("2004-12-31"))
        XCTAssertEqual(table.rate(from: "USD", to: "TRL"), dec("1836200") / dec("1.3621"))
    }

    /// Past the newest row only the columns still missing are read (a row passed over may end
    /// after them); a row too short for them, with a bad day, or found but not whole is refused.
    func testOlderRowsAreReadUpToTheColumnsMissing() throws {
        let csv = "Date,USD,JPY,GBP,\n2026-10-30,1.1,N/A,0.85,\n2026-10-29,1.2,N/A\n2026-10-28,1.3,151,0.9,\n"
        let t = try ECBHistoryCSV.latest(Data(csv.utf8))
        XCTAssertEqual(t.rates["JPY"]?.value, dec("151"))
        XCTAssertEqual(t.rates["JPY"]?.date, day("2026-10-28"))
        XCTAssertEqual(t.rate(from: "USD", to: "JPY"), dec("151") / dec("1.3"), "the found day's whole row")
        for older in ["2026-10-29,1.2\n", "2026-10-29,1.2,150\n"] {
            XCTAssertThrowsError(try ECBHistoryCSV.latest(Data(("Date,USD,JPY,GBP,\n2026-10-30,1.1,N/A,0.85,\n" + older).utf8))) {
                XCTAssertEqual($0 as? ECBHistoryCSV.ParseError, .badRow(line: 3), older)
            }
        }
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data("Date,USD,JPY,\n2026-10-30,1.1,N/A,\nyesterday,1.2,150,\n".utf8))) {
            XCTAssertEqual($0 as? ECBHistoryCSV.ParseError, .badRow(line: 3))
        }
        XCTAssertEqual(try ECBHistoryCSV.latest(Data("Date,USD,\r\n2026-10-30,1.1,\r\n".utf8)).rates["USD"]?.value, dec("1.1"), "CRLF lines")
    }

    /// Several columns missing: each is filled from its own newest row (two may share one), a rate
    /// may end a line without a trailing comma or before a CR, and a row long enough for the
    /// first missing column but not the last is refused.
    func testSeveralMissingColumnsAreEachFilledFromTheirOwnRow() throws {
        let csv = "Date,USD,JPY,GBP,CHF\r\n2026-10-30,1.1,N/A,0.85,N/A\r\n2026-10-29,1.2,N/A,0.86,0.95\r\n"
            + "2026-10-28,1.3,151,0.87,N/A\r\n2026-10-27,1.4,152,0.88,0.96\r\n"
        let t = try ECBHistoryCSV.latest(Data(csv.utf8))
        XCTAssertEqual(t.rates["CHF"]?.value, dec("0.95"), "the last field, before a CR and no comma")
        XCTAssertEqual(t.rates["CHF"]?.date, day("2026-10-29"))
        XCTAssertEqual(t.rates["JPY"]?.value, dec("151"))
        XCTAssertEqual(t.rates["JPY"]?.date, day("2026-10-28"))
        XCTAssertEqual(t.rates["GBP"]?.date, day("2026-10-30"))
        let shared = "Date,USD,JPY,GBP,CHF,\n2026-10-30,1.1,N/A,0.85,N/A,\n2026-10-29,1.2,150,0.86,0.95,\n"
        let both = try ECBHistoryCSV.latest(Data(shared.utf8))
        XCTAssertEqual([both.rates["JPY"]?.date, both.rates["CHF"]?.date], [day("2026-10-29"), day("2026-10-29")], "one row fills both")
        let short = "Date,USD,JPY,GBP,CHF,\n2026-10-30,1.1,N/A,0.85,N/A,\n2026-10-29,1.2,N/A,0.86\n"
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data(short.utf8))) {
            XCTAssertEqual($0 as? ECBHistoryCSV.ParseError, .badRow(line: 3), "too short for CHF")
        }
        let empty = "Date,USD,JPY,\n2026-10-30,1.1,N/A,\n2026-10-29,1.2,,\n2026-10-28,1.3,151,\n"
        XCTAssertEqual(try ECBHistoryCSV.latest(Data(empty.utf8)).rates["JPY"]?.date, day("2026-10-28"), "an empty field is no rate")
    }

    /// The word-at-a-time search finds what a byte-by-byte one finds, at every offset and length.
    func testFindingABytePassesOverWholeWords() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                [UInt8(0x2C), 0x0A, 0x2B, 0x2D, 0x8C, 0xAC, 0x00, 0xFF, 0x31].randomElement(using: &generator)!
            }
            bytes.withUnsafeBytes { raw in
                let start = Int.random(in: 0...bytes.count, using: &generator)
                let end = Int.random(in: start...bytes.count, using: &generator)
                for byte: UInt8 in [0x2C, 0x0A] {
                    let expected = bytes[start..<end].firstIndex(of: byte) ?? end
                    XCTAssertEqual(ECBHistoryCSV.find(byte, in: raw, from: start, to: end), expected, "\(bytes) \(start)..<\(end)")
                }
            }
        }
    }

    func testRejectsOtherFiles() {
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data("<html>captive portal</html>".utf8)))
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data()))
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data("Date,USD,\nyesterday,1.1,\n".utf8)))
        XCTAssertThrowsError(try ECBHistoryCSV.latest(Data("Date,USD,\n2026-10-30,N/A,\n".utf8)))
    }

    func testRatesMustBePositiveNumbers() throws {
        let t = try ECBHistoryCSV.latest(Data("Date,USD,JPY,XXX,\n2026-10-30,1.1,-5,NaN,\n".utf8)) { _ in false }
        XCTAssertEqual(t.rates["USD"]?.value, dec("1.1"))
        XCTAssertNil(t.rates["JPY"])
        XCTAssertNil(t.rates["XXX"])
    }

    /// The import into the history store keeps what the newest rates would read, and only that:
    /// a garbled or cut field is no rate, not the number it starts with.
    func testImportedRowsHoldOnlyRatesTheReaderTakes() throws {
        let csv = Data("Date,USD,JPY,GBP,CHF,SEK,NOK,\n2026-10-30,1.1172,1.2.3,0.000,1.,N/A,12.5abc,\n".utf8)
        var rows: [(Day, [String: String])] = []
        try ECBHistoryCSV.forEachRow(csv) { day, rates in
            rows.append((day, Dictionary(uniqueKeysWithValues: rates.map { ($0.code, $0.value) })))
        }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?.0, day("2026-10-30"))
        XCTAssertEqual(rows.first?.1, ["USD": "1.1172"])
        let latest = try ECBHistoryCSV.latest(csv) { _ in false }
        XCTAssertEqual(Set(latest.rates.keys), ["EUR", "USD"])
    }

    /// The GResource bundle embedded in the app is the one Resources/ compiles to today.
    func testEmbeddedResourcesMatchResources() throws {
        let repo = Fixture.repo
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-\(UUID().uuidString).gresource")
        defer { try? FileManager.default.removeItem(at: target) }
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-resources")
        compile.arguments = ["--sourcedir=\(repo.appendingPathComponent("Resources").path)", "--target=\(target.path)",
                             repo.appendingPathComponent("Resources/cambio.gresource.xml").path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0)
        let source = try String(contentsOf: repo.appendingPathComponent("Sources/CambioUI/Generated/Resources.swift"), encoding: .utf8)
        let body = source.components(separatedBy: "\"\"\"")[1].filter { !$0.isWhitespace }
        XCTAssertEqual(Data(base64Encoded: body), try Data(contentsOf: target), "run scripts/gen-resources after editing Resources/")
    }
}
