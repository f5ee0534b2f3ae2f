import XCTest
import CGtk
import CambioGLib
import CambioStore
@testable import CambioCore
@testable import CambioNet
@testable import CambioServices
import CambioTestSupport

/// currency-api and Coinbase against the local server: the recorded answers, a degraded day,
/// absurd values, the fallback address, and the metals and coins fetched beside the fiat source.
final class MetalsAndCoinsServiceTests: XCTestCase {
    var server: String { "http://127.0.0.1:\(FaultServer.port)" }
    let usdFixture = "fawazahmed0_v1_currencies_usd_2024-03-06.json"

    @MainActor static func service(_ environment: [String: String], cache: RateCache) -> RatesService {
        let client = HTTPClient.open("Cambio/test")
        client.deadline = 3
        let s = RatesService(cache: cache, endpoints: Endpoints(environment: environment), client: client)
        s.loadCache()
        return s
    }

    /// One explicit refresh of `provider` with these addresses: its outcome, refusals and answer.
    func refresh(_ provider: Provider, _ environment: [String: String], cache: RateCache, networkAllowed: Bool = true)
        -> (outcome: RefreshOutcome, refusals: [String], snapshot: ProviderSnapshot?, requests: Int) {
        let r = runOnGLib { () async -> (RefreshOutcome, [String], ProviderSnapshot?, Int) in
            let s = Self.service(environment, cache: cache)
            s.client.allowNetwork(networkAllowed)
            let outcome = await s.refresh(provider, trigger: .explicit, interval: .onStart)
            return (outcome, (s.refusals[provider] ?? []).map(\.description), s.answers[provider]?.snapshot, s.client.requestsSent)
        }
        let v = try! r.get()
        return (v.0, v.1, v.2, v.3)
    }

    func at(_ path: String) -> [String: String] { ["CAMBIO_CURRENCYAPI_URL": "\(server)/\(path)"] }

    func testTheRecordedAnswerIsTakenAndKeptAcrossRuns() throws {
        let cache = RateCache(directory: try tempDir())
        let first = refresh(.currencyapi, at("as/\(usdFixture)"), cache: cache)
        XCTAssertEqual(first.outcome, .updated)
        XCTAssertEqual(first.snapshot?.days[day("2024-03-06")]?["XAU"], dec("0.0004672166"))
        XCTAssertEqual(first.snapshot?.days[day("2024-03-06")]?["BTC"], dec("0.000015192"))
        // Another run reads the same rates from disk.
        let loaded = runOnGLib { () async -> ProviderSnapshot? in Self.service([:], cache: cache).answers[.currencyapi]?.snapshot }
        XCTAssertEqual(try loaded.get(), first.snapshot)
    }

    func testADegradedDayKeepsTheMissingCodesLastGoodValuesOnDiskToo() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(refresh(.currencyapi, at("as/\(usdFixture)"), cache: cache).outcome, .updated)
        let degraded = refresh(.currencyapi, at("fault/capimissing"), cache: cache)
        XCTAssertEqual(degraded.outcome, .updated)
        XCTAssertEqual(degraded.refusals.sorted(), [
            "currency-api: SOL is missing from today’s answer; its last good value stays in use",
            "currency-api: XPD is missing from today’s answer; its last good value stays in use",
            "currency-api: XPT is missing from today’s answer; its last good value stays in use",
        ])
        let table = try XCTUnwrap(degraded.snapshot).table
        XCTAssertEqual(table.rates["XPT"]?.date, day("2024-03-06"))
        XCTAssertEqual(table.rates["XPT"]?.value, dec("0.0011106886"))
        XCTAssertEqual(table.rates["XAU"]?.date, day("2024-03-07"))
        // What is on disk is what is in use: the next run has the kept platinum as well.
        let loaded = try runOnGLib { () async -> ProviderSnapshot? in Self.service([:], cache: cache).answers[.currencyapi]?.snapshot }.get()
        XCTAssertEqual(loaded, degraded.snapshot)
    }

    func testAbsurdValuesAreRefusedOneByOne() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(refresh(.currencyapi, at("as/\(usdFixture)"), cache: cache).outcome, .updated)
        let absurd = refresh(.currencyapi, at("fault/capiabsurd"), cache: cache)
        XCTAssertEqual(absurd.outcome, .updated, "the sound values are taken")
        XCTAssertEqual(absurd.refusals, [
            "currency-api: the value for ETH is not a positive number (0); its last good value stays in use",
            "currency-api: the value for SOL is not a positive number (“NaN”); its last good value stays in use",
            "currency-api: the value for XAU is not a positive number (-1); its last good value stays in use",
            "currency-api: BTC moved from 0.000015192 to 0.00015192 against USD, more than threefold; its last good value stays in use",
        ])
        let table = try XCTUnwrap(absurd.snapshot).table
        for (code, value) in [("BTC", "0.000015192"), ("ETH", "0.0002658303"), ("XAU", "0.0004672166"), ("SOL", "0.0079287503")] {
            XCTAssertEqual(table.rates[code]?.value, dec(value), code)
            XCTAssertEqual(table.rates[code]?.date, day("2024-03-06"), code)
        }
        XCTAssertEqual(table.rates["XAG"]?.date, day("2024-03-07"))
    }

    func testARewrappedEnvelopeAndOtherFaultsLeaveTheKeptAnswer() throws {
        let cache = RateCache(directory: try tempDir())
        XCTAssertEqual(refresh(.currencyapi, at("as/\(usdFixture)"), cache: cache).outcome, .updated)
        let before = try Data(contentsOf: cache.url(.currencyapi))
        for (path, words) in [("fault/capirewrapped", "expected “date” and one table named by its base code, found “base, rates”"),
                              ("fault/500", "HTTP 500"), ("fault/html", "a web page"), ("fault/garbage", "not JSON")] {
            let r = refresh(.currencyapi, at(path), cache: cache)
            guard case .failed(let reason) = r.outcome else { XCTFail("\(path): \(r.outcome)"); continue }
            XCTAssertTrue(reason.description.contains(words), "\(path): \(reason)")
            XCTAssertEqual(try Data(contentsOf: cache.url(.currencyapi)), before, path)
        }
    }

    func testTheFallbackAddressIsAskedWhenTheFirstFails() throws {
        let cache = RateCache(directory: try tempDir())
        let env = ["CAMBIO_CURRENCYAPI_URL": "\(server)/fault/503", "CAMBIO_CURRENCYAPI_FALLBACK_URL": "\(server)/as/\(usdFixture)"]
        let r = refresh(.currencyapi, env, cache: cache)
        XCTAssertEqual(r.outcome, .updated)
        XCTAssertEqual(r.requests, 2)
        let both = refresh(.currencyapi, ["CAMBIO_CURRENCYAPI_URL": "\(server)/fault/503", "CAMBIO_CURRENCYAPI_FALLBACK_URL": "\(server)/fault/html"],
                           cache: cache)
        XCTAssertEqual(both.outcome, .failed(Wording("%@; at its second address: %@", "the server answered HTTP 503",
                                                     "the answer was a web page, not rates (a captive portal or an error page?)")))
        // Overridden without a fallback of its own: the real second address is never asked.
        XCTAssertEqual(Endpoints(environment: at("x")).addresses(.currencyapi), ["\(server)/x/v1/currencies/usd.json"])
        XCTAssertEqual(Endpoints(environment: [:]).addresses(.currencyapi), [
            "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/usd.json",
            "https://latest.currency-api.pages.dev/v1/currencies/usd.json",
        ])
        XCTAssertEqual(Endpoints(environment: ["CAMBIO_COINBASE_URL": "\(server)/c/"]).latest(.coinbase), "\(server)/c/v2/exchange-rates?currency=BTC")
    }

    func testATooManyRequestsAtTheFirstAddressTriesTheFallback() throws {
        let cache = RateCache(directory: try tempDir())
        let env = ["CAMBIO_CURRENCYAPI_URL": "\(server)/429?after=60", "CAMBIO_CURRENCYAPI_FALLBACK_URL": "\(server)/as/\(usdFixture)"]
        XCTAssertEqual(refresh(.currencyapi, env, cache: cache).outcome, .updated)
        XCTAssertNil(cache.retryNotBefore(.currencyapi), "the fallback answered: nothing to wait for")
        let both = ["CAMBIO_CURRENCYAPI_URL": "\(server)/429?after=60", "CAMBIO_CURRENCYAPI_FALLBACK_URL": "\(server)/fault/500"]
        guard case .waitUntil = refresh(.currencyapi, both, cache: cache).outcome else { return XCTFail() }
    }

    func testNoRequestWithTheNetworkOff() throws {
        let r = refresh(.currencyapi, at("as/\(usdFixture)"), cache: RateCache(directory: try tempDir()), networkAllowed: false)
        XCTAssertEqual(r.outcome, .networkOff)
        XCTAssertEqual(r.requests, 0)
    }

    func testCoinbaseRecordedAnswer() throws {
        let r = refresh(.coinbase, ["CAMBIO_COINBASE_URL": "\(server)/as/coinbase_v2_exchange-rates_BTC_2017-09-04.json"],
                        cache: RateCache(directory: try tempDir()))
        XCTAssertEqual(r.outcome, .updated)
        XCTAssertEqual(r.snapshot?.base, "BTC")
        XCTAssertEqual(r.snapshot?.newestDay.flatMap { r.snapshot?.days[$0]?["ETH"] }, dec("12.14624074"))
    }

    // MARK: Beside the fiat source

    @MainActor static func engine(_ environment: [String: String], home: URL) -> Engine {
        var env = environment
        env["HOME"] = home.path
        env["LANG"] = "en_US.UTF-8"
        let data = StartupData.load(environment: env, executable: BundledData.executable, sourceTree: BundledData.sourceTree)
        let client = HTTPClient(userAgent: "t")
        client.deadline = 3
        return Engine(data: data, environment: env, client: client, preferences: Preferences(backend: .memory))
    }

    func testTheMetalsAndCoinsComeWithEveryFiatSourceAndCoinbaseOnlyForWhatIsLacking() throws {
        let home = try tempDir()
        let base = ["CAMBIO_ERAPI_URL": "\(server)/as/erapi_open_latest_USD_2024-08-19.json",
                    "CAMBIO_ECB_URL": "\(server)/ecb",
                    "CAMBIO_COINBASE_URL": "\(server)/as/coinbase_v2_exchange-rates_BTC_2017-09-04.json"]
        let full = base.merging(at("as/\(usdFixture)")) { $1 }, missing = base.merging(at("fault/capimissing")) { $1 }
        let otherHome = try tempDir()
        let complete = try runOnGLib { () async -> (Set<Provider>, String?, String?) in
            let e = Self.engine(full, home: home)
            e.preferences.provider = .ecb
            _ = await e.refresh(.explicit)
            return (Set(e.rates.answers.keys), e.table?.rates["XAU"]?.source, e.table?.rates["USD"]?.source)
        }.get()
        XCTAssertEqual(complete.0, [.ecb, .currencyapi], "every coin was there: Coinbase was not asked")
        XCTAssertEqual(complete.1, "currency-api")
        XCTAssertEqual(complete.2, "ECB")

        let lacking = try runOnGLib { () async -> (Set<Provider>, String?, [String]) in
            let e = Self.engine(missing, home: home)
            let report = await e.refresh(.explicit)
            return (Set(e.rates.answers.keys), e.table?.rates["LTC"]?.source, report.metalsAndCoinsProblems.map(\.description))
        }.get()
        XCTAssertTrue(lacking.0.isSuperset(of: [.erapi, .currencyapi, .coinbase]), "SOL was missing: Coinbase asked too")
        XCTAssertEqual(lacking.2.count, 3, "\(lacking.2)")

        // currency-api down (both addresses): Coinbase is asked, though the kept answer had every coin.
        let down = base.merging(at("fault/503")) { $1 }
        let failing = try runOnGLib { () async -> (Set<Provider>, [String]) in
            let e = Self.engine(down, home: home)
            let report = await e.refresh(.explicit)
            XCTAssertEqual(report.asked.map(\.provider), [.erapi, .currencyapi, .coinbase], "every provider's outcome is in the report")
            XCTAssertEqual(report.asked.map(\.role), [.primary, .metalsAndCoins, .metalsAndCoins])
            return (Set(e.rates.answers.keys), report.metalsAndCoinsProblems.map(\.description))
        }.get()
        XCTAssertTrue(failing.0.contains(.coinbase))
        XCTAssertEqual(failing.1.first, "Could not refresh currency-api: the server answered HTTP 503", "\(failing.1)")

        // Gold in the list is no reason to ask another fiat source.
        let lacking2 = try runOnGLib { () async -> [String] in
            Engine.missing(from: ProviderSnapshot(provider: .ecb, base: "EUR", days: [day("2024-03-06"): ["USD": 1]]),
                           wanted: ["USD", "XAU", "BTC", "RUB"])
        }.get()
        XCTAssertEqual(lacking2, ["RUB"])

        // Turned off in Preferences: neither is asked.
        let off = try runOnGLib { () async -> Int in
            let e = Self.engine(full, home: otherHome)
            e.preferences.metalsAndCoins = false
            _ = await e.refresh(.explicit)
            return e.client.requestsSent
        }.get()
        XCTAssertEqual(off, 1, "the fiat source only")
    }
}

