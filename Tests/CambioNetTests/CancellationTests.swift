import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioNet
@testable import CambioServices
@testable import CambioStore
import CambioTestSupport

/// Work that is superseded or abandoned stops, its request included: the local server holds a
/// request open (`/hold/<name>`, headers and then nothing) and says whether the client closed the
/// connection or the server gave up after its seconds (`/hold-log`).
final class CancellationTests: XCTestCase {
    var server: String { "http://127.0.0.1:\(FaultServer.port)" }

    struct Hold: Decodable, Equatable {
        let ended: String?
        let after: Double
    }

    /// The server's holds once `name` has begun (`started`) or ended (`ended`), asked through a
    /// session of its own.
    @MainActor static func holds(_ server: String, _ which: String, _ name: String) async throws -> [String: Hold] {
        let body = try await HTTPClient.open("Cambio/test").get("\(server)/hold-log?\(which)=\(name)").body
        return try JSONDecoder().decode([String: Hold].self, from: body)
    }

    /// A request's task cancelled while the server holds it: the connection is closed at once
    /// and the request ends with "cancelled"; a task cancelled before it asks sends nothing.
    func testCancellingATaskClosesItsRequestsConnectionAtOnce() throws {
        let server = self.server, name = "cancel-\(UUID().uuidString.prefix(8))"
        let r = runOnGLib(deadline: 90) { () async throws -> (NetworkError?, Hold?, NetworkError?, Int) in
            let client = HTTPClient.open("Cambio/test")
            client.deadline = 60
            let task = Task { @MainActor in try await client.get("\(server)/hold/\(name)?seconds=45") }
            _ = try await Self.holds(server, "started", name)
            task.cancel()
            var failure: NetworkError?
            do { _ = try await task.value } catch { failure = error as? NetworkError }
            let hold = try await Self.holds(server, "ended", name)[name]
            // Cancelled before it begins: nothing is sent.
            let sentBefore = client.requestsSent
            let early = Task { @MainActor in
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.get("\(server)/fixture/ecb_eurofxref-daily.xml")
            }
            var earlyError: NetworkError?
            do { _ = try await early.value } catch let e { earlyError = e as? NetworkError }
            return (failure, hold, earlyError, client.requestsSent - sentBefore)
        }
        let (error, hold, earlyError, sentAfter) = try r.get()
        XCTAssertEqual(error, .cancelled)
        XCTAssertEqual(hold?.ended, "client", "the client closed the connection: \(String(describing: hold))")
        XCTAssertLessThan(hold?.after ?? 99, 5, "at once, not at the server's end or the client's deadline")
        XCTAssertEqual(earlyError, .cancelled)
        XCTAssertEqual(sentAfter, 0, "a request whose task was cancelled before it began is not sent")
    }

    /// The command line's `MainContext.run` at its deadline: the work it gives up on is
    /// cancelled, its request closed, rather than left running unseen.
    func testMainContextRunCancelsTheWorkItAbandonsAtItsDeadline() throws {
        let server = self.server, name = "abandoned-\(UUID().uuidString.prefix(8))"
        let outcome = MainActor.assumeIsolated {
            MainContext.run(deadline: 1) { () async throws -> HTTPResponse in
                let client = HTTPClient.open("Cambio/test")
                client.deadline = 60
                return try await client.get("\(server)/hold/\(name)?seconds=45")
            }
        }
        XCTAssertNil(outcome, "the deadline passed")
        let hold = try runOnGLib(deadline: 60) { try await Self.holds(server, "ended", name)[name] }.get()
        XCTAssertEqual(hold?.ended, "client", "the abandoned request was closed by the client: \(String(describing: hold))")
        XCTAssertLessThan(hold?.after ?? 99, 5, "at the deadline, not at the request's own")
    }

    /// The History page's fetch of a pair, superseded by another: the first one's request stops
    /// (its connection closed by the client) and only the newest fetch's outcome is applied.
    func testASupersededPairFetchStopsItsRequestAndOnlyTheNewestIsApplied() throws {
        let server = self.server, name = "pair-\(UUID().uuidString.prefix(8))"
        let store = try HistoryStore(url: try tempDir().appendingPathComponent("history.sqlite"))
        let today = Day(iso: "2026-10-30")!
        let r = runOnGLib(deadline: 90) { () async throws -> ([String], HistorySync.PairOutcome, Hold?) in
            let client = HTTPClient.open("Cambio/test")
            client.deadline = 60
            @MainActor func sync(_ base: String) -> HistorySync {
                HistorySync(store: store, endpoints: Endpoints(environment: ["CAMBIO_FRANKFURTER_URL": "\(server)\(base)"]), client: client)
            }
            let held = sync("/hold/\(name)"), served = sync("/fv2")
            let fetches = Superseding<HistorySync.PairOutcome>()
            final class Applied { var names: [String] = [] }
            let applied = Applied()
            fetches.start {
                await held.fetchPair(from: "EGP", to: "USD", start: Day(iso: "2026-03-01")!, end: Day(iso: "2026-03-09")!,
                                     institution: nil, today: today)
            } apply: { _ in applied.names.append("EGP/USD March") }
            _ = try await Self.holds(server, "started", name)
            let newest = await withCheckedContinuation { (done: CheckedContinuation<HistorySync.PairOutcome, Never>) in
                fetches.start {
                    await served.fetchPair(from: "EGP", to: "USD", start: Day(iso: "2026-04-01")!, end: Day(iso: "2026-04-09")!,
                                           institution: nil, today: today)
                } apply: { outcome in
                    applied.names.append("EGP/USD April")
                    done.resume(returning: outcome)
                }
            }
            let hold = try await Self.holds(server, "ended", name)[name]
            return (applied.names, newest, hold)
        }
        let (applied, newest, hold) = try r.get()
        XCTAssertEqual(hold?.ended, "client", "the superseded request was closed by the client: \(String(describing: hold))")
        XCTAssertLessThan(hold?.after ?? 99, 5)
        XCTAssertEqual(applied, ["EGP/USD April"], "only the newest fetch is applied")
        XCTAssertNil(newest.failure)
        XCTAssertGreaterThanOrEqual(newest.added, 7)
        XCTAssertEqual(try store.history(from: "EGP", to: "USD", start: Day(iso: "2026-03-01")!, end: Day(iso: "2026-03-09")!).points, [],
                       "nothing of the superseded fetch was stored")
    }

    /// Alpha Vantage allows 25 requests a day: a search superseded while it waits for its answer
    /// stops that request, and one superseded before it asked sends nothing.
    func testASupersededSearchStopsItsRequestAndSendsNoMore() throws {
        let server = self.server, tag = UUID().uuidString.prefix(8).lowercased()
        let dir = try tempDir()
        let keys = APIKeyStore(url: dir.appendingPathComponent("config/alphavantage-key"))
        try keys.save("TESTKEY7Q3Z")
        let cache = StockCache(directory: dir.appendingPathComponent("stocks"))
        let sampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/stocks.csv")
        let r = runOnGLib(deadline: 90) { () async throws -> ([String], StockSearchAnswer, Hold?, Int) in
            let client = HTTPClient.open("Cambio/test")
            client.deadline = 60
            let stocks = StockService(cache: cache, keys: keys,
                                      endpoint: AlphaVantageEndpoint(environment: [AlphaVantageEndpoint.environmentKey: "\(server)/av"]),
                                      sampleFile: sampleFile, client: client)
            let searches = Superseding<StockSearchAnswer>()
            final class Applied { var queries: [String] = [] }
            let applied = Applied()
            searches.start { await stocks.search("hold-\(tag)") } apply: { _ in applied.queries.append("hold-\(tag)") }
            _ = try await Self.holds(server, "started", String(tag))
            // Typed on: a search that is superseded before it asks, then the one that stays.
            searches.start { await stocks.search("never-\(tag)") } apply: { _ in applied.queries.append("never-\(tag)") }
            let newest = await withCheckedContinuation { (done: CheckedContinuation<StockSearchAnswer, Never>) in
                searches.start { await stocks.search("ba") } apply: { answer in
                    applied.queries.append("ba")
                    done.resume(returning: answer)
                }
            }
            let hold = try await Self.holds(server, "ended", String(tag))[String(tag)]
            return (applied.queries, newest, hold, stocks.requestsSent)
        }
        let (applied, newest, hold, sent) = try r.get()
        XCTAssertEqual(hold?.ended, "client", "the superseded search's request was closed by the client: \(String(describing: hold))")
        XCTAssertLessThan(hold?.after ?? 99, 5)
        XCTAssertEqual(applied, ["ba"], "only the newest search is applied")
        XCTAssertEqual(newest.listings.first?.symbol, "BA")
        XCTAssertEqual(sent, 2, "the held search and the newest: the one superseded before it asked sent nothing")
        let body = try runOnGLib { try await HTTPClient.open("t").get("\(server)/av-log").body }.get()
        let counts = try XCTUnwrap((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["counts"] as? [String: Int])
        XCTAssertEqual(counts["SYMBOL_SEARCH:hold-\(tag)"], 1)
        XCTAssertNil(counts["SYMBOL_SEARCH:never-\(tag)"], "Alpha Vantage was not asked for the search superseded before it began")
    }
}
