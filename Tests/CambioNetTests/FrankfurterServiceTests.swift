import XCTest
import CGtk
import CambioGLib
@testable import CambioCore
@testable import CambioNet
@testable import CambioServices
@testable import CambioStore
import CambioTestSupport

/// A pair's official history from Frankfurter v2, fetched on demand through the one session,
/// checked, stored and read back, against the local imitation of the service
/// (Tests/CambioNetTests/frankfurter_v2.py: real published rates of the ECB, the National Bank of
/// Romania, the Central Bank of Egypt, the Bank of Russia and the Central Bank of Uzbekistan).
final class FrankfurterServiceTests: XCTestCase {
    var server: String { "http://127.0.0.1:\(FaultServer.port)" }
    let today = Day(iso: "2026-10-30")!

    func store() throws -> HistoryStore { try HistoryStore(url: try tempDir().appendingPathComponent("history.sqlite")) }

    /// The requests the server saw since the last call.
    func requests() throws -> [String] {
        struct Log: Decodable { let requests: [String] }
        let url = "\(server)/fv2-log?reset=1"
        let data = try runOnGLib { try await HTTPClient.open("Cambio/test").get(url).body }.get()
        return try JSONDecoder().decode(Log.self, from: data).requests
    }

    func fetch(_ store: HistoryStore, _ from: String, _ to: String, _ start: String, _ end: String, institution: String? = nil,
               base: String = "fv2", network: Bool = true, group: FrankfurterV2.Grouping? = nil) -> HistorySync.PairOutcome {
        let url = "\(server)/\(base)", today = today
        let r = runOnGLib(deadline: 60) { () async -> HistorySync.PairOutcome in
            let client = HTTPClient.open("Cambio/test")
            client.allowNetwork(network)
            let sync = HistorySync(store: store, endpoints: Endpoints(environment: ["CAMBIO_FRANKFURTER_URL": url]), client: client)
            return await sync.fetchPair(from: from, to: to, start: Day(iso: start)!, end: Day(iso: end)!, institution: institution, today: today,
                                        group: group)
        }
        return (try? r.get()) ?? { var o = HistorySync.PairOutcome(); o.failure = "test harness"; return o }()
    }

    /// EGP/USD, a pair the ECB never published: fetched for the days asked, stored with its
    /// institutions, then read offline; a range partly stored asks only for the rest.
    func testAPairsHistoryIsFetchedOnceAndWorksOffline() throws {
        let s = try store()
        _ = try requests()
        let first = fetch(s, "EGP", "USD", "2026-04-01", "2026-04-09")
        XCTAssertNil(first.failure)
        XCTAssertGreaterThanOrEqual(first.added, 7)
        XCTAssertEqual(try requests(), ["/fv2/rates?from=2026-04-01&to=2026-04-09&base=EGP&quotes=USD&expand=providers"])
        let h = try s.history(from: "EGP", to: "USD", start: day("2026-04-01"), end: day("2026-04-09"))
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.rate)" }.prefix(3), ["2026-04-01 0.01855", "2026-04-02 0.0185", "2026-04-03 0.0184"])
        XCTAssertEqual(h.points[0].institutions, ["BNR", "CBE", "CBU"])
        XCTAssertEqual(h.points[0].publisher.description, "average of 3 central banks")
        XCTAssertTrue(h.points[0].published)
        // Sunday 5 April: the Central Bank of Egypt publishes on Sundays.
        XCTAssertTrue(h.points.contains { $0.day == day("2026-04-05") })
        // The same days again: nothing is sent. A wider range: only the days not asked yet.
        XCTAssertEqual(fetch(s, "USD", "EGP", "2026-04-01", "2026-04-09").added, 0)
        XCTAssertEqual(try requests(), [])
        XCTAssertNil(fetch(s, "EGP", "USD", "2026-03-25", "2026-04-14").failure)
        XCTAssertEqual(try requests(), ["/fv2/rates?from=2026-03-25&to=2026-03-31&base=EGP&quotes=USD&expand=providers",
                                        "/fv2/rates?from=2026-04-10&to=2026-04-14&base=EGP&quotes=USD&expand=providers"])
        // Offline: nothing is sent, and what is stored is read.
        let off = fetch(s, "EGP", "USD", "2025-01-01", "2026-04-14", network: false)
        XCTAssertEqual(off.failure, NetworkError.networkOff.wording)
        XCTAssertEqual(try requests(), [])
        XCTAssertEqual(try s.history(from: "USD", to: "EGP", start: day("2026-04-09"), end: day("2026-04-09")).points.map(\.rate),
                       [1 / dec("0.01878")], "the other way round, offline")
    }

    /// One institution's own figures, the average on the days it has none; an institution that
    /// does not publish the pair gives the average, and says so.
    func testOneInstitutionOrTheAverageWhereItHasNone() throws {
        let s = try store()
        _ = try requests()
        let cbe = fetch(s, "USD", "EGP", "2026-04-01", "2026-04-09", institution: "CBE")
        XCTAssertNil(cbe.failure)
        XCTAssertFalse(cbe.institutionLacks)
        let h = try s.history(from: "USD", to: "EGP", start: day("2026-04-01"), end: day("2026-04-01"), institution: "CBE")
        XCTAssertEqual(h.points.map(\.publisher.description), ["Central Bank of Egypt"])
        // Its own rates, and the average for the days it has none.
        XCTAssertEqual(try requests(), ["/fv2/rates?from=2026-04-01&to=2026-04-09&base=EGP&quotes=USD&expand=providers&providers=CBE",
                                        "/fv2/rates?from=2026-04-01&to=2026-04-09&base=EGP&quotes=USD&expand=providers"])
        // Egypt's bank published nothing on 30 and 31 March: the average stands in.
        let mixed = try s.history(from: "USD", to: "EGP", start: day("2026-03-30"), end: day("2026-04-02"), institution: "CBE")
        XCTAssertEqual(try s.pairDays(base: "EGP", quote: "USD", source: "Frankfurter:CBE", from: day("2026-03-30"), to: day("2026-03-31")), 0)
        _ = fetch(s, "USD", "EGP", "2026-03-30", "2026-04-02", institution: "CBE")
        let both = try s.history(from: "USD", to: "EGP", start: day("2026-03-30"), end: day("2026-04-02"), institution: "CBE")
        XCTAssertEqual(both.points.map { "\($0.day.iso) \($0.source)" },
                       ["2026-03-30 Frankfurter", "2026-03-31 Frankfurter", "2026-04-01 Frankfurter:CBE", "2026-04-02 Frankfurter:CBE"])
        XCTAssertEqual(mixed.points.count, 2)
        _ = try requests()
        // The Bank of Canada has no figures here: the answer is empty, and the average is asked.
        let boc = fetch(s, "AED", "JPY", "2026-10-26", "2026-10-30", institution: "BOC")
        XCTAssertTrue(boc.institutionLacks)
        XCTAssertNil(boc.failure)
        XCTAssertEqual(try requests(), ["/fv2/rates?from=2026-10-26&to=2026-10-30&base=AED&quotes=JPY&expand=providers&providers=BOC",
                                        "/fv2/rates?from=2026-10-26&to=2026-10-30&base=AED&quotes=JPY&expand=providers"])
        let aed = try s.history(from: "AED", to: "JPY", start: day("2026-10-30"), end: day("2026-10-30"), institution: "BOC")
        XCTAssertEqual(aed.points.count, 1)
        XCTAssertEqual(aed.points[0].source, "Frankfurter", "the average")
    }

    /// Ten years in at most three requests; Frankfurter's cap on ranges with institutions (422)
    /// and its deadline (503) narrowed and asked once more.
    func testLongRangesAndNarrowedRequests() throws {
        let s = try store()
        _ = try requests()
        XCTAssertNil(fetch(s, "AED", "JPY", "2016-10-30", "2026-10-30").failure)
        let sent = try requests()
        XCTAssertLessThanOrEqual(sent.count, 3, "\(sent)")
        XCTAssertGreaterThan(try s.history(from: "AED", to: "JPY", start: day("2016-10-30"), end: day("2026-10-30")).points.count, 2_500)
        for fault in ["422long", "503"] {
            let t = try store()
            let outcome = fetch(t, "AED", "JPY", "2024-01-01", "2025-06-30", base: "fv2fault/\(fault)")
            XCTAssertNil(outcome.failure, fault)
            XCTAssertEqual(try requests().count, 3, "\(fault): asked, then in two halves")
            XCTAssertGreaterThan(try t.history(from: "AED", to: "JPY").points.count, 350, fault)
        }
    }

    /// A chart of every year: the months' averages in one request, stored apart from the days
    /// (a past date never uses one); asked again, nothing is sent but the month not complete yet.
    func testAChartOfEveryYearAsksTheMonthsAveragesOnce() throws {
        let s = try store()
        _ = try requests()
        XCTAssertNil(fetch(s, "AED", "JPY", "1999-01-04", "2026-10-30", group: .month).failure)
        XCTAssertEqual(try requests(), ["/fv2/rates?from=1999-01-04&to=2026-10-30&base=AED&quotes=JPY&expand=providers&group=month"])
        let h = try s.history(from: "AED", to: "JPY")
        XCTAssertEqual(h.points, [], "no day's rate")
        XCTAssertGreaterThan(h.grouped.count, 320)
        XCTAssertEqual(Set(h.grouped.map { $0.day.iso.suffix(2) }), ["01"], "dated the 1st of each month")
        XCTAssertEqual(h.grouped.first?.grouping, .month)
        XCTAssertEqual(h.grouped.first?.publisher.description, "European Central Bank", "the yen's publisher; the dirham is pegged")
        XCTAssertNil(fetch(s, "JPY", "AED", "1999-01-04", "2026-10-30", group: .month).failure)
        let again = try requests()
        XCTAssertEqual(again.count, 1, "only the month not complete yet: \(again)")
    }

    /// Every fault is said in words, and nothing of the answer is stored.
    func testEveryFaultIsSaidAndNothingStored() throws {
        let faults: [(String, String)] = [
            ("404", "Frankfurter has no rates for EGP/USD (not found)"),
            ("503always", "Frankfurter could not answer in time, even for a narrower request (request exceeded 90s timeout)"),
            ("truncated", "the answer was not JSON"),
            ("zero", "the rate for USD is not a positive number (0)"),
            ("outside", "are not the days asked for"),
            ("otherbase", "the rates are against USD, but EGP was asked for"),
            ("twice", "twice; the answer was not used"),
            ("jump", "jumped from"),
        ]
        for (fault, words) in faults {
            let s = try store()
            let outcome = fetch(s, "EGP", "USD", "2026-03-02", "2026-04-30", base: "fv2fault/\(fault)")
            let said = outcome.failure?.description ?? "nothing"
            XCTAssertTrue(said.contains(words), "\(fault): \(said)")
            XCTAssertEqual(try s.history(from: "EGP", to: "USD").points.count, 0, "\(fault): nothing stored")
            XCTAssertEqual(try s.missingSpans(base: "EGP", quote: "USD", source: "Frankfurter", from: day("2026-03-02"), to: day("2026-04-30")).count, 1,
                           "\(fault): the days will be asked again")
        }
        // A currency the service does not know.
        let unknown = fetch(try store(), "XYZ", "USD", "2026-04-01", "2026-04-09")
        XCTAssertTrue(unknown.failure?.description.contains("Frankfurter does not know the currency") ?? false, "\(String(describing: unknown.failure))")
        _ = try requests()
    }

    /// The ECB's days newer than the store's newest, asked with providers=ECB: exactly the ECB's figures.
    func testTheECBsNewerDaysAreItsOwnFigures() throws {
        let s = try store()
        // The ECB's figures of 23 October 2026 (data/eurofxref-hist.csv).
        try s.record([DayPublication(day: day("2026-10-23"), source: "ECB", base: "EUR", rates: ["USD": dec("1.1193"), "JPY": dec("175.51")])])
        _ = try requests()
        let url = "\(server)/fv2"
        let r = runOnGLib(deadline: 30) { () async -> HistorySync.Outcome in
            let client = HTTPClient.open("Cambio/test")
            let sync = HistorySync(store: s, endpoints: Endpoints(environment: ["CAMBIO_FRANKFURTER_URL": url]), client: client)
            return await sync.fetchNewerDays(today: Day(iso: "2026-10-30")!)
        }
        XCTAssertEqual(try r.get(), .added(days: 5))
        XCTAssertEqual(try requests(), ["/fv2/rates?from=2026-10-24&to=2026-10-30&providers=ECB"])
        let h = try s.history(from: "EUR", to: "USD", start: day("2026-10-26"), end: day("2026-10-30"))
        XCTAssertEqual(h.points.map { "\($0.day.iso) \($0.rate) \($0.source)" }.last, "2026-10-30 1.1172 ECB")
    }
}
