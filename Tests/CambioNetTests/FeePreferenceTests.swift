import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioNet
@testable import CambioServices
import CambioTestSupport

/// The card or exchange fee in GSettings (a memory backend here): off by default, kept as exact
/// decimal text, observed when it changes, and a kept value that is not a percent left out and said.
@MainActor final class FeePreferenceTests: XCTestCase {
    func testOffByDefaultWithTwoPercentReady() async {
        let preferences = Preferences(backend: .memory)
        XCTAssertTrue(preferences.isBacked, "the schema is found (GSETTINGS_SCHEMA_DIR)")
        XCTAssertFalse(preferences.feeEnabled)
        XCTAssertEqual(preferences.feePercentText, "2")
        XCTAssertNil(preferences.fee, "off: no fee")
        XCTAssertNil(preferences.feeProblem)
        preferences.feeEnabled = true
        XCTAssertEqual(preferences.fee, Fee(percent: 2))
    }

    func testAPercentIsKeptExactlyAndTheObserversAreTold() async {
        let preferences = Preferences(backend: .memory)
        var told: [Preferences.Setting] = []
        let observation = preferences.observe { told.append($0) }
        preferences.feeEnabled = true
        preferences.setFeePercent(Fee(percent: Decimal(string: "2.2", locale: Locale(identifier: "en_US_POSIX"))!)!)
        XCTAssertEqual(told, [.feeEnabled, .feePercent])
        XCTAssertEqual(preferences.settings?.string("fee-percent"), "2.2", "text, so 2.2 stays 2.2")
        XCTAssertEqual(preferences.fee?.stored, "2.2")
        XCTAssertEqual(preferences.fee?.factor, Decimal(string: "1.022", locale: Locale(identifier: "en_US_POSIX")))
        observation.cancel()
    }

    func testAKeptValueThatIsNoPercentIsLeftOutAndSaid() async throws {
        let preferences = Preferences(backend: .memory)
        // As `gsettings set io.github.cambio.Cambio fee-percent '2,2'` would leave it.
        preferences.settings?.setString("fee-percent", "2,2")
        XCTAssertNil(preferences.feeProblem, "it does not matter while the fee is off")
        preferences.feeEnabled = true
        XCTAssertNil(preferences.fee)
        XCTAssertEqual(preferences.feeProblem?.description,
                       "The card fee in the settings (“2,2”) is not a percent more than 0 and less than 100: no fee is added.")
        // Said at start, as every unusable preference is (the window's status line, the command line's stderr).
        let home = try tempDir()
        let environment = ["HOME": home.path, "LANG": "en_US.UTF-8", "CAMBIO_ERAPI_URL": "http://127.0.0.1:9"]
        let data = StartupData.load(environment: environment, executable: BundledData.executable, sourceTree: BundledData.sourceTree)
        let engine = Engine(data: data, environment: environment, client: HTTPClient(userAgent: "t"), preferences: preferences)
        XCTAssertTrue(engine.startupProblems.contains { $0.description.contains("(“2,2”)") }, "\(engine.startupProblems)")
        preferences.settings?.setString("fee-percent", "150")
        XCTAssertNil(preferences.fee)
        preferences.settings?.setString("fee-percent", "1.5")
        XCTAssertEqual(preferences.fee?.stored, "1.5")
        XCTAssertNil(preferences.feeProblem)
    }
}
