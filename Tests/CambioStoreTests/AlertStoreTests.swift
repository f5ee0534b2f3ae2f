import XCTest
@testable import CambioCore
@testable import CambioStore
import CambioTestSupport

/// The alerts' file: changed atomically under the lock, set aside (never written over) when it
/// is not an alerts file, kept as it is when it cannot be read.
final class AlertStoreTests: XCTestCase {
    func alert(_ id: Int, _ condition: RateAlert.Condition = .above(dec("0.9"))) -> RateAlert {
        RateAlert(id: id, from: "USD", to: "EUR", condition: condition, armedOn: day("2026-11-29"))
    }

    func testAlertsAreAddedAndRemovedAndKept() throws {
        let store = AlertStore(url: try tempDir().appendingPathComponent("cambio/alerts.json"))
        XCTAssertEqual(store.load(), AlertStore.Loaded(alerts: [], problem: nil), "no file: no alerts")
        try store.update { $0.append(alert(1)) }
        try store.update { $0.append(alert(2, .move(percent: dec("1.5")))) }
        XCTAssertEqual(store.load().alerts, [alert(1), alert(2, .move(percent: dec("1.5")))])
        try store.update { $0.removeAll { $0.id == 1 } }
        XCTAssertEqual(store.load().alerts.map(\.id), [2])
        let names = try FileManager.default.contentsOfDirectory(atPath: store.lockFolder.path)
        XCTAssertEqual(names, ["alerts.json"], "no temporary file left behind")
    }

    func testAFileThatIsNotAlertsIsSetAsideAndSaid() throws {
        let store = AlertStore(url: try tempDir().appendingPathComponent("alerts.json"))
        try Data("{\"version\":1,\"alerts\":[{\"id\":1}]}".utf8).write(to: store.url)
        let loaded = store.load()
        XCTAssertEqual(loaded.alerts, [])
        let said = try XCTUnwrap(loaded.problem).description
        XCTAssertTrue(said.hasPrefix("Your alerts could not be read ("), said)
        let aside = try FileManager.default.contentsOfDirectory(atPath: store.lockFolder.path).filter { $0.hasPrefix("alerts.json.unreadable-") }
        XCTAssertEqual(aside.count, 1, "renamed, never written over")
        XCTAssertEqual(try String(contentsOf: store.lockFolder.appendingPathComponent(aside[0]), encoding: .utf8), "{\"version\":1,\"alerts\":[{\"id\":1}]}")
        // A new alert then starts a new file.
        try store.update { $0.append(alert(1)) }
        XCTAssertEqual(store.load().alerts, [alert(1)])
    }

    func testAFileThatCannotBeReadIsKeptAsItIs() throws {
        let store = AlertStore(url: try tempDir().appendingPathComponent("alerts.json"))
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)
        XCTAssertNotNil(store.load().problem)
        XCTAssertThrowsError(try store.update { $0.append(alert(1)) }, "a folder in its place is not replaced")
        var folder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.url.path, isDirectory: &folder) && folder.boolValue)
    }
}
