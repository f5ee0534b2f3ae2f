import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioNet
@testable import CambioServices
import CambioTestSupport

/// The engine the window and the command line share: preferences in GSettings (a memory
/// backend here), taken over once from the data file, and the network gate that follows them.
@MainActor final class EngineTests: XCTestCase {
    /// A start as the app makes it, from a home with `stateJSON` as its data file.
    func engine(stateJSON: String?, preferences: Preferences) throws -> Engine {
        let home = try tempDir()
        let environment = ["HOME": home.path, "LANG": "en_US.UTF-8", "CAMBIO_ERAPI_URL": "http://127.0.0.1:9"]
        if let stateJSON {
            let dir = home.appendingPathComponent(".local/share/cambio")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(stateJSON.utf8).write(to: dir.appendingPathComponent("state.json"))
        }
        let data = StartupData.load(environment: environment, executable: BundledData.executable, sourceTree: BundledData.sourceTree)
        return Engine(data: data, environment: environment, client: HTTPClient(userAgent: "t"), preferences: preferences)
    }

    func testTheDataFilesSettingsAreTakenOverOnceLosingNothing() async throws {
        let preferences = Preferences(backend: .memory)
        XCTAssertTrue(preferences.isBacked, "the schema is found (GSETTINGS_SCHEMA_DIR)")
        let first = try engine(stateJSON: #"{"version": 1, "currencies": {"codes": ["USD", "EUR"], "anchorCode": "USD", "anchorText": "1", "referenceCode": "USD"}, "settings": {"provider": "cbr", "refreshInterval": "weekly", "networkAllowed": false, "decimalPlaces": 4}}"#,
                               preferences: preferences)
        XCTAssertTrue(first.settingsMoved)
        XCTAssertEqual(preferences.all, PreferenceValues(provider: .cbr, refreshInterval: .weekly, networkAllowed: false, decimalPlaces: .fixed(4)))
        XCTAssertFalse(first.client.networkAllowed, "the gate follows the user's choice")
        XCTAssertEqual(first.client.requestsSent, 0)

        // Taken over once: a data file still carrying old settings does not undo a later choice.
        preferences.provider = .ecb
        _ = try engine(stateJSON: #"{"version": 1, "settings": {"provider": "frankfurter"}}"#, preferences: preferences)
        XCTAssertEqual(preferences.provider, .ecb)
    }

    func testAFreshStartKeepsTheDefaultsAndOpensTheGateOnlyThen() async throws {
        let client = HTTPClient(userAgent: "t")
        XCTAssertFalse(client.networkAllowed, "closed before the user's choice is read")
        let preferences = Preferences(backend: .memory)
        let home = try tempDir()
        let data = StartupData.load(environment: ["HOME": home.path], executable: BundledData.executable, sourceTree: BundledData.sourceTree)
        let engine = Engine(data: data, environment: ["HOME": home.path], client: client, preferences: preferences)
        XCTAssertFalse(engine.settingsMoved)
        XCTAssertEqual(preferences.all, PreferenceValues.firstStart)
        XCTAssertTrue(client.networkAllowed)
        // The switch, wherever it is turned, closes the gate.
        preferences.networkAllowed = false
        MainContext.drain()
        XCTAssertFalse(client.networkAllowed)
        preferences.networkAllowed = true
        MainContext.drain()
        XCTAssertTrue(client.networkAllowed)
    }

    /// A data file that exists but cannot be read may hold "network off": the network stays off
    /// (and the switch shows it) until the file can be read and its settings taken over.
    func testAnUnreadableDataFileKeepsTheNetworkOff() async throws {
        let preferences = Preferences(backend: .memory)
        let home = try tempDir()
        let dir = home.appendingPathComponent(".local/share/cambio")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // A folder where the file should be: it cannot be read, whoever asks.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("state.json"), withIntermediateDirectories: true)
        let data = StartupData.load(environment: ["HOME": home.path], executable: BundledData.executable, sourceTree: BundledData.sourceTree)
        let engine = Engine(data: data, environment: ["HOME": home.path], client: HTTPClient(userAgent: "t"), preferences: preferences)
        XCTAssertFalse(engine.client.networkAllowed)
        XCTAssertFalse(preferences.networkAllowed)
        XCTAssertFalse(preferences.settings!.bool("settings-migrated"), "taken over later, once readable")
    }
}
