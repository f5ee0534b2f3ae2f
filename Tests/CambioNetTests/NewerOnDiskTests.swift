import XCTest
import CGtk
import CambioGLib
import CambioStore
@testable import CambioCore
@testable import CambioNet
import CambioTestSupport

/// The answer kept on disk is the one a new answer is weighed against, not the copy a
/// long-running window read at its start: another process may have kept a newer one since.
final class NewerOnDiskTests: XCTestCase {
    @MainActor static func service(answering day: String, cache: RateCache) -> RatesService {
        let server = "http://127.0.0.1:\(FaultServer.port)"
        let client = HTTPClient.open("Cambio/test")
        client.deadline = 5
        let s = RatesService(cache: cache, endpoints: Endpoints(environment: ["CAMBIO_CURRENCYAPI_URL": "\(server)/dated/\(day)/capi"]),
                             client: client)
        s.loadCache()
        return s
    }

    func testAnOlderAnswerNeverReplacesTheNewerOneAnotherProcessKept() throws {
        let cache = RateCache(directory: try tempDir())
        let result = runOnGLib { () async -> [String] in
            // `refresh --provider currencyapi`: the answer of day N.
            let first = await Self.service(answering: "2024-03-06", cache: cache).refresh(.currencyapi, trigger: .explicit, interval: .onStart)
            // The window opens, reading day N; its source will answer N+1.
            let window = Self.service(answering: "2024-03-07", cache: cache)
            let opened = window.answers[.currencyapi]?.snapshot.newestDay?.iso ?? "none"
            // `refresh` again from the command line: N+2.
            let again = await Self.service(answering: "2024-03-08", cache: cache).refresh(.currencyapi, trigger: .explicit, interval: .onStart)
            // F5 in the window.
            let f5 = await window.refresh(.currencyapi, trigger: .explicit, interval: .onStart)
            let inUse = window.answers[.currencyapi]?.snapshot.newestDay?.iso ?? "none"
            return ["\(first)", opened, "\(again)", "\(f5)", inUse]
        }
        XCTAssertEqual(try result.get(), ["updated", "2024-03-06", "updated", "updated", "2024-03-08"])
        guard case .loaded(_, let onDisk) = cache.load(.currencyapi, today: Day(Date())) else { return XCTFail("nothing kept") }
        XCTAssertEqual(onDisk.newestDay, Day(iso: "2024-03-08"), "the file keeps the newest answer")
    }

    func testANewerAnswerStillReplacesTheOneOnDisk() throws {
        let cache = RateCache(directory: try tempDir())
        let result = runOnGLib { () async -> String in
            _ = await Self.service(answering: "2024-03-06", cache: cache).refresh(.currencyapi, trigger: .explicit, interval: .onStart)
            let window = Self.service(answering: "2024-03-08", cache: cache)
            _ = await Self.service(answering: "2024-03-07", cache: cache).refresh(.currencyapi, trigger: .explicit, interval: .onStart)
            return "\(await window.refresh(.currencyapi, trigger: .explicit, interval: .onStart))"
        }
        XCTAssertEqual(try result.get(), "updated")
        guard case .loaded(_, let onDisk) = cache.load(.currencyapi, today: Day(Date())) else { return XCTFail("nothing kept") }
        XCTAssertEqual(onDisk.newestDay, Day(iso: "2024-03-08"))
    }
}
