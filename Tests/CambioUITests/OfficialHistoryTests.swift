import XCTest
import CGtk
import CambioGLib
@testable import CambioServices
@testable import CambioCore
@testable import CambioUI

/// Pairs the ECB never published (EGP/USD, AED/JPY) on the History page, their official history
/// fetched from a local imitation of Frankfurter v2 that serves real published rates (the
/// National Bank of Romania, the Central Bank of Egypt, the Bank of Russia, the Central Bank of
/// Uzbekistan; the dirham from its peg to the dollar and the ECB's dollar and yen), wide and at
/// 360 px, with who published each day, and again offline.
final class OfficialHistoryTests: WindowTestCase {
    var page: HistoryPage { window.history }

    override func setUp() async throws {
        try await super.setUp()
        endpoints = ["CAMBIO_FRANKFURTER_URL": LocalServer.url("/fv2")]
        makeWindow(lang: "en_US.UTF-8", size: (1280, 800))
        context.preferences.networkAllowed = true
        window.showPage(.history)
    }

    /// Waits until the pair is read and fetched and `also` holds.
    func settle(_ what: String, also: @escaping () -> Bool = { true }) async {
        let done = await waitUntil(timeout: 60) { self.page.isLoaded && !self.page.isLoading && !self.page.isFetching && also() }
        XCTAssertTrue(done, "\(what): \(page.statusText)")
    }

    func testEGPAgainstTheDollarWithWhoPublishedEachDayWideAndOnAPhoneThenOffline() async throws {
        page.setPair(from: "EGP", to: "USD")
        await settle("EGP/USD fetched") { self.page.history?.points.count ?? 0 > 100 }
        // The local service's newest EGP day is 19 Aug 2026 (the National Bank of Romania's).
        XCTAssertEqual(page.dayTexts.prefix(3), [
            "Wed, Aug 19, 0.01974, \u{25BC} \u{2212}0.00006, Banca Națională a României",
            "Tue, Aug 18, 0.01980, \u{25BC} \u{2212}0.00011, Banca Națională a României",
            "Mon, Aug 17, 0.01991, \u{25B2} +0.00002, Banca Națională a României",
        ])
        XCTAssertEqual(page.dayTexts[3], "Sun, Aug 16, no publication, weekend")
        XCTAssertTrue(page.statusText.hasPrefix("Jan 5, 2026 \u{2013} Aug 19, 2026 \u{00B7} 158 published days \u{00B7} 4 central banks"), page.statusText)
        XCTAssertEqual(page.institutionsText, """
            Published by
            Banca Națională a României (BNR): 158 days
            Central Bank of Egypt (CBE): 16 days
            Central Bank of Russia (CBR): 13 days
            Central Bank of Uzbekistan (CBU): 12 days
            """)
        // A day several published: the average, named so; the Central Bank of Egypt on a Sunday.
        page.setPastDay(Day(iso: "2026-04-01")!)
        XCTAssertEqual(page.pastText, "100 EGP = 1.86 USD \u{00B7} rate of Wed, Apr 1, 2026 (average of 3 central banks)")
        page.setPastDay(Day(iso: "2026-04-05")!)
        XCTAssertTrue(page.pastText.hasPrefix("100 EGP = 1.84 USD \u{00B7} rate of Sun, Apr 5, 2026 ("), page.pastText)
        page.setRange(.month)
        page.setCursor(page.shownPoints - 1)
        XCTAssertEqual(page.pointText, "Wed, Aug 19, 2026: 1 EGP = 0.01974 USD (Banca Națională a României)")

        // A phone's width: the days above the chart, none of the words cut.
        let root = AnyWidget(page.root)
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.daysBesideChart }, "a phone")
        XCTAssertEqual(cutLabels(in: root), [])
        let days = frame(of: page.week.root, in: root)
        XCTAssertLessThanOrEqual(days.x + days.width, Double(root.width), "the days are not cut off")
        XCTAssertTrue(page.pairBar.sourcesButton.isMapped, "who published them, one click away")

        // Offline, after a restart: the same days from the store, nothing sent, and said.
        let shown = page.dayTexts
        context.preferences.networkAllowed = false
        makeWindow(lang: "en_US.UTF-8", size: (1280, 800))
        window.showPage(.history)
        page.setPair(from: "EGP", to: "USD")
        await settle("EGP/USD offline") { !self.page.dayTexts.isEmpty }
        XCTAssertEqual(page.dayTexts, shown)
        XCTAssertTrue(page.statusText.hasSuffix("Network access is off: the days fetched before are shown"), page.statusText)
        XCTAssertEqual(context.engine.client.requestsSent, 0, "nothing is sent with the network off")
    }

    func testAEDAgainstTheYenFromThePegAndTheECBsYenOnAPastDate() async throws {
        page.setPair(from: "AED", to: "JPY")
        page.setRange(.fiveYears)
        page.setPastDay(Day(iso: "2025-04-08")!)
        await settle("AED/JPY fetched") { self.page.pastText.contains("Apr 8, 2025") }
        // The dirham is pegged at 3.6725 per dollar; the dollar and the yen are the ECB's of the day.
        let yen = Decimal(string: "160.65")!, dollar = Decimal(string: "1.095")!   // data/eurofxref-hist.csv, 2025-04-08
        let expected = NSDecimalNumber(decimal: yen / (dollar * Decimal(string: "3.6725")!)).doubleValue
        let point = try XCTUnwrap(page.history?.point(onOrBefore: Day(iso: "2025-04-08")!))
        XCTAssertEqual(point.day, Day(iso: "2025-04-08")!)
        XCTAssertEqual(NSDecimalNumber(decimal: point.rate).doubleValue, expected, accuracy: expected * 0.0005)
        // The yen's publisher is named: the dirham's side is the peg, which no institution publishes.
        XCTAssertEqual(page.pastText, "100 AED = 3,995 JPY \u{00B7} rate of Tue, Apr 8, 2025 (European Central Bank)")
        XCTAssertEqual(page.dayTexts.count, 7)
        // Five years: each day of the last year, weekly averages before it (one request).
        XCTAssertGreaterThan(page.shownPoints, 400)
        XCTAssertLessThan(page.shownPoints, 600)
        XCTAssertTrue(page.statsText.contains("Weekly averages up to "), page.statsText)

        let root = AnyWidget(page.root)
        resize(width: 360, height: 640, until: { root.width > 0 && root.width <= 360 && !self.page.daysBesideChart }, "a phone")
        XCTAssertEqual(cutLabels(in: root), [])
    }

    /// A pair no institution publishes: asked, nothing published, and the page says so.
    func testAPairNobodyPublishesSaysSoAfterAsking() async throws {
        page.setPair(from: "KPW", to: "USD")
        await settle("KPW/USD asked") { self.page.showsEmptyState }
        XCTAssertEqual(page.emptyState.details, "No rate between KPW and USD has been published. Choose other currencies above.")
        XCTAssertGreaterThan(context.engine.client.requestsSent, 0, "Frankfurter was asked")
    }

    /// The source of official rates chosen in Preferences: the Bank of Russia's own figures where
    /// it has them; where it has none, the average, and the page says so.
    func testOneInstitutionsRatesAndTheAverageWhereItHasNone() async throws {
        context.preferences.officialSource = "CBR"
        page.setPair(from: "RUB", to: "USD")
        page.setPastDay(Day(iso: "2026-03-04")!)
        await settle("RUB/USD fetched") { self.page.pastText.contains("Mar 4, 2026") }
        XCTAssertTrue(page.pastText.hasSuffix("rate of Wed, Mar 4, 2026 (Central Bank of Russia)"), page.pastText)
        page.setPair(from: "AED", to: "JPY")
        await settle("AED/JPY fetched") { self.page.statusText.contains("does not publish") }
        XCTAssertTrue(page.statusText.hasSuffix("Central Bank of Russia does not publish AED/JPY: the average of the central banks is shown"),
                      page.statusText)
    }
}
