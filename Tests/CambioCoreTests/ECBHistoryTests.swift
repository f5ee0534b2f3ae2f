import XCTest
import Foundation
@testable import CambioCore

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
