import CambioCore
import Foundation
import XCTest

// What the unit test targets share: the recorded payloads, a scratch folder, and a few figures.

public enum Fixture {
    /// Tests/Fixtures: real answers of the providers.
    public static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The checkout.
    public static let repo = dir.deletingLastPathComponent().deletingLastPathComponent()
    public static func data(_ name: String) throws -> Data { try Data(contentsOf: dir.appendingPathComponent(name)) }
}

extension XCTestCase {
    /// A new empty folder, removed after the test.
    public func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cambio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}

public func dec(_ s: String) -> Decimal { Decimal(string: s, locale: Locale(identifier: "en_US_POSIX"))! }

public func day(_ s: String) -> Day { Day(iso: s)! }

/// A small catalogue for tests that do not read iso-codes.
public let testCatalog = CurrencyCatalog(currencies: [
    Currency(code: "EUR", englishName: "Euro", minorUnits: 2),
    Currency(code: "USD", englishName: "US Dollar", minorUnits: 2),
    Currency(code: "JPY", englishName: "Yen", minorUnits: 0),
    Currency(code: "KWD", englishName: "Kuwaiti Dinar", minorUnits: 3),
    Currency(code: "GBP", englishName: "Pound Sterling", minorUnits: 2),
    Currency(code: "RUB", englishName: "Russian Ruble", localizedName: "Российский рубль", minorUnits: 2),
    Currency(code: "IDR", englishName: "Rupiah", minorUnits: 2),
    Currency(code: "HRK", englishName: "Kuna", minorUnits: 2, isActive: false),
])

/// ECB rates of 30 Oct 2026 (data/eurofxref-hist.csv, first row), as published, and of
/// 1 Mar 2022, the last day with a rouble rate.
public let ecb20261030 = RateTable(base: "EUR", source: "ECB", days: [
    day("2026-10-30"): ["USD": dec("1.1172"), "JPY": dec("175.68"), "GBP": dec("0.8338"), "IDR": dec("20275.17")],
    day("2022-03-01"): ["USD": dec("1.1162"), "JPY": dec("128.15"), "GBP": dec("0.8329"), "RUB": dec("117.201")],
])
