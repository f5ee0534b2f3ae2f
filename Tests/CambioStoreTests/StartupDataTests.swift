import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioGLib
@testable import CambioServices
import CambioTestSupport

final class StartupDataTests: XCTestCase {
    func testFirstStartOnBundledData() throws {
        let h = try tempDir()
        let data = StartupData.load(environment: ["HOME": h.path, "LANG": "ru_RU.UTF-8"],
                                    executable: h.appendingPathComponent("bin/cambio"), sourceTree: Fixture.repo)
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.rates?.date, day("2026-10-30"))
        XCTAssertEqual(data.rates?.source, "ECB")
        XCTAssertEqual(data.state.currencies.codes.first, "RUB")
        // The names as given (the app gives gettext's; GettextTests checks the Russian ones).
        XCTAssertEqual(data.catalog["USD"]?.localizedName, "US Dollar")
        XCTAssertEqual(data.catalog["USD"]?.englishName, "US Dollar")
    }

    func testMissingBundledDataIsReported() throws {
        let h = try tempDir()
        let data = StartupData.load(environment: ["HOME": h.path, "XDG_DATA_DIRS": h.path],
                                    executable: h.appendingPathComponent("bin/cambio"), sourceTree: nil)
        XCTAssertEqual(data.problems, [.bundledRatesMissing])
        XCTAssertNil(data.rates)
    }

    func testUnreadableStateIsSetAsideAndReported() throws {
        let h = try tempDir()
        let file = h.appendingPathComponent(".local/share/cambio/state.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00]).write(to: file)
        let data = StartupData.load(environment: ["HOME": h.path], executable: h, sourceTree: Fixture.repo)
        guard case .stateSetAside(let path, _) = data.problems.first else { return XCTFail("\(data.problems)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data([0xFF, 0xFE, 0x00]))
    }

    func testPreloadHandsOverTheSameData() throws {
        let h = try tempDir()
        let preload = StartupPreload(environment: ["HOME": h.path, "LANG": "de_DE.UTF-8"], executable: h, sourceTree: Fixture.repo)
        let first = preload.wait()
        let second = preload.wait()
        XCTAssertEqual(first.state, second.state)
        XCTAssertEqual(first.state.currencies.codes.first, "EUR")
    }
}
