import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The History page without a display, over the bundled ECB history (4 Jan 1999 – 30 Oct 2026):
/// what the user reads in the list of days, beside the pair, on the chart and on a past date.
final class HistoryModelTests: XCTestCase {
    static let english = Locale(identifier: "en_US")
    /// The day the past conversions are asked on: a day after it has no rate yet.
    static let today = Day(iso: "2026-11-22")!
    /// Each pair's history, read once from the bundled file.
    nonisolated(unsafe) static var read: [String: PairHistory] = [:]

    /// The pair's history as the store gives it: every ECB day, with the pair's rates if it has them.
    func ecb(_ from: String, _ to: String) throws -> PairHistory {
        if let h = Self.read[from + to] { return h }
        let csv = try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv"))
        var publications: [DayPublication] = []
        try ECBHistoryCSV.forEachRow(csv) { day, rates in
            var pair: [String: Decimal] = [:]
            for (code, value) in rates where code == from || code == to { pair[code] = dec(value) }
            publications.append(DayPublication(day: day, source: "ECB", base: "EUR", rates: pair))
        }
        let h = PairHistory(from: from, to: to, publications: publications)
        Self.read[from + to] = h
        return h
    }

    /// The page's model for a pair, in American English, its history read.
    func loaded(_ from: String, _ to: String, pastDay: Day = day("2026-10-30"),
                places: DecimalPlaces = .auto) throws -> HistoryModel {
        var m = HistoryModel(from: from, to: to, pastDay: pastDay,
                             formatter: DecimalFormatter(locale: Self.english).with(places),
                             days: DayFormatter(locale: Self.english), dates: Self.english, catalog: testCatalog)
        let load = m.beginLoad()
        XCTAssertTrue(m.finish(load, .success(try ecb(load.from, load.to))))
        return m
    }

    /// The status line's message in English (nil for the coverage, whose words need a count).
    func message(_ status: HistoryStatus?) -> String? {
        if case .message(let w) = status { return w.description }
        return nil
    }

    // MARK: The last seven days

    func testTheLastSevenDaysOfACrossPair() throws {
        let week = try XCTUnwrap(try loaded("USD", "EUR").recentDays(today: day("2026-10-30")))
        XCTAssertEqual(week.title.description, "Last 7 days")
        XCTAssertEqual(week.rows.map(\.description), [
            "Fri, Oct 30, 0.8951, \u{25BC} \u{2212}0.0034, ECB",   // 1/1.1172 against 1/1.1130
            "Thu, Oct 29, 0.8985, \u{25B2} +0.0002, ECB",
            "Wed, Oct 28, 0.8982, \u{25B2} +0.0014, ECB",
            "Tue, Oct 27, 0.8969, \u{25B2} +0.0030, ECB",
            "Mon, Oct 26, 0.8938, \u{25B2} +0.0004, ECB",
            "Sun, Oct 25, no publication, weekend",
            "Sat, Oct 24, no publication, weekend",
        ])
        XCTAssertEqual(week.rows.map(\.mark), [.down, .up, .up, .up, .up, .noRate, .noRate])
    }

    func testAPairAgainstTheEuroShowsTheECBsFigureAsPublished() throws {
        let rows = try XCTUnwrap(try loaded("EUR", "USD").recentDays(today: day("2026-10-30"))).rows
        XCTAssertEqual(rows.prefix(2).map(\.description), [
            "Fri, Oct 30, 1.1172, \u{25B2} +0.0042, ECB",   // as published, every digit
            "Thu, Oct 29, 1.1130, \u{25BC} \u{2212}0.0003, ECB",
        ])
    }

    func testAPairWithoutTheEuroIsCrossedThroughIt() throws {
        let m = try loaded("USD", "JPY")
        XCTAssertEqual(try XCTUnwrap(m.recentDays(today: day("2026-10-30"))).rows.prefix(5).map(\.description), [
            "Fri, Oct 30, 157.2503, \u{25BC} \u{2212}0.8090, ECB",   // 175.68 / 1.1172
            "Thu, Oct 29, 158.0593, \u{25B2} +0.0965, ECB",          // 175.92 / 1.1130
            "Wed, Oct 28, 157.9628, \u{25B2} +0.1422, ECB",
            "Tue, Oct 27, 157.8206, \u{25B2} +0.3752, ECB",
            "Mon, Oct 26, 157.4455, \u{25B2} +0.6421, ECB",
        ])
    }

    func testHolidaysAndWeekendsSayWhyThereIsNoRate() throws {
        let week = try XCTUnwrap(try loaded("EUR", "USD").recentDays(today: day("2024-12-27")))
        XCTAssertEqual(week.title.description, "Last 7 days")
        XCTAssertEqual(week.rows.map(\.description), [
            "Fri, Dec 27, 1.0435, \u{25B2} +0.0040, ECB",   // from Tue 24, the day published before
            "Thu, Dec 26, no publication, TARGET holiday",
            "Wed, Dec 25, no publication, TARGET holiday",
            "Tue, Dec 24, 1.0395, \u{25B2} +0.0002, ECB",
            "Mon, Dec 23, 1.0393, \u{25B2} +0.0003, ECB",
            "Sun, Dec 22, no publication, weekend",
            "Sat, Dec 21, no publication, weekend",
        ])
    }

    func testOfflineTheListEndsOnTheNewestDayKnown() throws {
        let week = try XCTUnwrap(try loaded("USD", "EUR").recentDays(today: day("2026-11-22")))
        XCTAssertEqual(week.title.description, "7 days to Oct 30, 2026 (newest known)")
        XCTAssertEqual(week.rows.first?.description, "Fri, Oct 30, 0.8951, \u{25BC} \u{2212}0.0034, ECB")
        XCTAssertEqual(week.rows.count, 7)
    }

    func testASuspendedCurrencyNamesTheCurrencyThatIsMissing() throws {
        // Whichever side the rouble is on, and whether or not the other is the ECB's base, the ECB
        // published without it: the rouble is named, never the dollar the ECB did publish.
        for (from, to) in [("EUR", "RUB"), ("RUB", "EUR"), ("RUB", "USD"), ("USD", "RUB")] {
            let rows = try XCTUnwrap(try loaded(from, to).recentDays(today: day("2026-10-30"))).rows
            XCTAssertEqual(rows.first?.description, "Fri, Oct 30, no RUB rate, not published that day", "\(from) → \(to)")
            XCTAssertEqual(rows.first?.mark, .noRate)
        }
        let before = try XCTUnwrap(try loaded("EUR", "RUB").recentDays(today: day("2022-03-02"))).rows
        XCTAssertEqual(before.prefix(2).map(\.description), [
            "Wed, Mar 2, no RUB rate, not published that day",
            "Tue, Mar 1, 117.2010, \u{25B2} +1.7168, ECB",
        ])
    }

    /// The model for `from` → `to` over `publications` (one day's, from several sources).
    func model(_ from: String, _ to: String, _ publications: [DayPublication]) -> HistoryModel {
        var m = HistoryModel(from: from, to: to, pastDay: day("2026-10-30"), formatter: DecimalFormatter(locale: Self.english),
                             days: DayFormatter(locale: Self.english), dates: Self.english, catalog: testCatalog)
        let load = m.beginLoad()
        XCTAssertTrue(m.finish(load, .success(PairHistory(from: from, to: to, publications: publications))))
        return m
    }

    func testADayWithoutEitherCurrencyNamesBothAndOneHadElsewhereIsNotNamed() throws {
        let friday = day("2026-10-30")
        func first(_ m: HistoryModel) -> String? { m.recentDays(today: friday)?.rows.first?.description }
        let ecb = DayPublication(day: friday, source: "ECB", base: "EUR", rates: ["USD": dec("1.1617")])
        // Neither the ECB nor anyone else published the North Korean won or the Cuban peso.
        XCTAssertEqual(first(model("KPW", "CUP", [ecb])), "Fri, Oct 30, no KPW or CUP rate, not published that day")
        // The Bank of Russia's day has the rouble (its base) without the won; the ECB's has neither:
        // the won is what that day lacks.
        let cbr = DayPublication(day: friday, source: "Bank of Russia", base: "RUB", rates: ["USD": dec("0.01234")])
        XCTAssertEqual(first(model("KPW", "RUB", [ecb, cbr])), "Fri, Oct 30, no KPW rate, not published that day")
        XCTAssertEqual(first(model("RUB", "KPW", [cbr, ecb])), "Fri, Oct 30, no KPW rate, not published that day")
        // Each currency in one publication, never both in one: what the preferred one (the ECB's) lacks.
        let ecbWithGBP = DayPublication(day: friday, source: "ECB", base: "EUR", rates: ["GBP": dec("0.8712")])
        let erapi = DayPublication(day: friday, source: "open.er-api.com", base: "USD", rates: ["RUB": dec("81.2")])
        XCTAssertEqual(first(model("GBP", "RUB", [erapi, ecbWithGBP])), "Fri, Oct 30, no RUB rate, not published that day")
    }

    /// The Central Bank of Egypt's published dollar (its buying rates of 1 - 9 April 2026, in
    /// Tests/Fixtures/frankfurter_v2), one day also published by the National Bank of Romania.
    func testEachDaySaysWhoPublishedItAndTheListIsOneClickAway() throws {
        let cbe = [("2026-04-01", "53.5566"), ("2026-04-02", "54.2989"), ("2026-04-05", "54.4269"), ("2026-04-06", "54.3735"),
                   ("2026-04-07", "54.648"), ("2026-04-08", "53.2558"), ("2026-04-09", "53.0734")]
        let publications = cbe.map { d, v in
            DayPublication(day: day(d), source: "Frankfurter", base: "USD", rates: ["EGP": dec(v)],
                           institutions: ["EGP": d == "2026-04-08" ? ["BNR", "CBE"] : ["CBE"]])
        }
        var m = model("USD", "EGP", publications)
        let rows = try XCTUnwrap(m.recentDays(today: day("2026-04-09"))).rows.map(\.description)
        XCTAssertEqual(rows.prefix(3), ["Thu, Apr 9, 53.0734, \u{25BC} \u{2212}0.1824, Central Bank of Egypt",
                                        "Wed, Apr 8, 53.2558, \u{25BC} \u{2212}1.3922, average of 2 central banks",
                                        "Tue, Apr 7, 54.6480, \u{25B2} +0.2745, Central Bank of Egypt"])
        // Sunday 5 April: the Central Bank of Egypt publishes on Sundays.
        XCTAssertEqual(rows[4], "Sun, Apr 5, 54.4269, \u{25B2} +0.1280, Central Bank of Egypt")
        XCTAssertEqual(m.institutions.map { "\($0.name) (\($0.key)): \($0.days)" },
                       ["Central Bank of Egypt (CBE): 7", "Banca Națională a României (BNR): 1"])
        guard case .coverage(let c)? = m.status else { return XCTFail("\(String(describing: m.status))") }
        XCTAssertEqual(c.sources.map(\.description), ["2 central banks"])
        m.setRange(.week)
        XCTAssertTrue(m.setCursor(m.shownPoints - 2))
        XCTAssertEqual(m.pointText?.description, "Wed, Apr 8, 2026: 1 USD = 53.2558 EGP (average of 2 central banks)")
        m.pastDay = day("2026-04-04")
        XCTAssertEqual(m.past(today: day("2026-04-09")).description, "100 USD = 5,429.89 EGP · rate of Thu, Apr 2, 2026 (Central Bank of Egypt)")
    }

    /// What the page asks Frankfurter for: each day of the range up to a year; the averages of
    /// a week (5Y) or a month (Max) where a chart cannot show every day; the fortnight before a
    /// past date outside them.
    func testTheDaysWantedFollowTheRangeAndThePastDate() throws {
        var m = model("USD", "EGP", [])
        func spans() -> [String] {
            m.wantedSpans(today: day("2026-11-28")).map { "\($0.first.iso)…\($0.last.iso)\($0.group.map { " " + $0.rawValue } ?? "")" }
        }
        m.setRange(.month)
        XCTAssertEqual(spans(), ["2026-10-28…2026-11-28"])
        m.pastDay = day("2025-04-08")
        XCTAssertEqual(spans(), ["2026-10-28…2026-11-28", "2025-03-25…2025-04-08"])
        m.setRange(.fiveYears)
        XCTAssertEqual(spans(), ["2025-11-28…2026-11-28", "2021-11-28…2026-11-28 week", "2025-03-25…2025-04-08"])
        m.setRange(.max)
        m.pastDay = day("2026-11-27")
        XCTAssertEqual(spans(), ["2025-11-28…2026-11-28", "1999-01-04…2026-11-28 month"])
    }

    /// A long chart: each known day, and a week's average where none of its days is known.
    func testALongChartDrawsAveragesWhereNoDayIsKnown() throws {
        // The National Bank of Romania's EGP of 17 - 19 Aug 2026, and weekly averages (Tests/Fixtures/frankfurter_v2).
        let days = [("2026-08-17", "0.01991"), ("2026-08-18", "0.0198"), ("2026-08-19", "0.01974")].map { d, v in
            DayPublication(day: day(d), source: "Frankfurter", base: "EGP", rates: ["USD": dec(v)], institutions: ["USD": ["BNR"]])
        }
        var history = PairHistory(from: "EGP", to: "USD", publications: days)
        history.grouped = [("2026-07-30", "0.0202"), ("2026-08-06", "0.02005"), ("2026-08-13", "0.01995"), ("2026-08-20", "0.0198")].map { d, v in
            HistoryPoint(day: day(d), rate: dec(v), source: "Frankfurter|week", published: true, institutions: ["BNR", "CBE"])
        }
        var m = HistoryModel(from: "EGP", to: "USD", pastDay: day("2026-08-19"), formatter: DecimalFormatter(locale: Self.english),
                             days: DayFormatter(locale: Self.english), dates: Self.english, catalog: testCatalog)
        let load = m.beginLoad()
        XCTAssertTrue(m.finish(load, .success(history)))
        m.setRange(.fiveYears)
        // The weeks of 30 Jul and 6 Aug have no day known: their averages; those of 13 and 20 Aug
        // lie within a week of a known day: the days themselves.
        XCTAssertEqual(m.chart?.points.map { "\($0.day.iso) \($0.rate)" },
                       ["2026-07-30 0.0202", "2026-08-06 0.02005", "2026-08-17 0.01991", "2026-08-18 0.0198", "2026-08-19 0.01974"])
        XCTAssertEqual(m.averagesNote?.description, "Weekly averages up to Aug 6, 2026")
        XCTAssertEqual(m.chart?.polyline(width: 300, height: 100).count, 1, "one line through the averages and on to the days")
        XCTAssertTrue(m.setCursor(1))
        XCTAssertEqual(m.pointText?.description, "Week of Aug 6, 2026: 1 EGP = 0.02005 USD on average (average of 2 central banks)")
        // Months' averages (stored by a chart of every year) are not a five-year chart's.
        var both = history
        both.grouped.append(HistoryPoint(day: day("2026-07-01"), rate: dec("0.0201"), source: "Frankfurter|month", published: true))
        both.grouped.sort { $0.day < $1.day }
        var five = HistoryModel(from: "EGP", to: "USD", pastDay: day("2026-08-19"), formatter: DecimalFormatter(locale: Self.english),
                                days: DayFormatter(locale: Self.english), dates: Self.english, catalog: testCatalog)
        let read = five.beginLoad()
        XCTAssertTrue(five.finish(read, .success(both)))
        five.setRange(.fiveYears)
        XCTAssertFalse(five.chart?.points.contains { $0.grouping == .month } ?? true)
        five.setRange(.max)
        XCTAssertEqual(five.chart?.points.filter { $0.grouping != nil }.map(\.day.iso), ["2026-07-01"])
        // The list of days and a past date never use an average.
        XCTAssertEqual(m.past(today: day("2026-08-19")).description, "100 EGP = 1.97 USD · rate of Wed, Aug 19, 2026 (Banca Națională a României)")
        m.pastDay = day("2026-08-07")
        XCTAssertTrue(m.past(today: day("2026-08-19")).description.hasPrefix("No published rate"), m.past(today: day("2026-08-19")).description)
    }

    func testNothingIsListedBeforeTheHistoryIsRead() {
        let m = HistoryModel(from: "USD", to: "EUR", pastDay: day("2026-10-30"), formatter: DecimalFormatter(locale: Self.english),
                             days: DayFormatter(locale: Self.english), dates: Self.english, catalog: testCatalog)
        XCTAssertNil(m.recentDays(today: day("2026-10-30")))
        XCTAssertNil(m.statsText)
        XCTAssertNil(m.pointText)
        XCTAssertEqual(m.shownPoints, 0)
        XCTAssertEqual(m.past(today: Self.today), .notLoaded)
        XCTAssertEqual(m.past(today: Self.today).description, "")
        XCTAssertNil(m.past(today: Self.today).amountIsValid)
    }

    // MARK: The pair and reading its history

    func testChoosingTheOtherSidesCurrencyExchangesThem() throws {
        var m = try loaded("USD", "EUR")
        XCTAssertEqual(m.currencyButton(isFrom: true).spoken.description, "From USD (US Dollar)")
        XCTAssertEqual(m.currencyButton(isFrom: false).spoken.description, "To EUR (Euro)")
        XCTAssertEqual(m.pickerExcludes(isFrom: true), ["USD"])
        XCTAssertTrue(m.choose("EUR", isFrom: true))
        XCTAssertEqual([m.from, m.to], ["EUR", "USD"])
        XCTAssertTrue(m.choose("RUB", isFrom: false))
        XCTAssertEqual([m.from, m.to], ["EUR", "RUB"])
        XCTAssertEqual(m.currencyButton(isFrom: false).name, "Российский рубль")
        XCTAssertTrue(m.swap())
        XCTAssertEqual([m.from, m.to], ["RUB", "EUR"])
        // The euro against the euro is no pair.
        XCTAssertFalse(m.setPair(from: "EUR", to: "EUR"))
        XCTAssertEqual([m.from, m.to], ["RUB", "EUR"])
    }

    func testTheStatusSaysWhatTheHistoryCovers() throws {
        var m = try loaded("USD", "EUR")
        guard case .coverage(let c) = m.status else { return XCTFail("\(String(describing: m.status))") }
        XCTAssertEqual([c.first, c.last], ["Jan 4, 1999", "Oct 30, 2026"])
        XCTAssertEqual(c.days, m.history?.points.count)
        XCTAssertGreaterThan(c.days, 7000)
        XCTAssertEqual(c.sources.map(\.description), ["ECB"])
        XCTAssertFalse(m.isLoading)

        m.setPair(from: "EUR", to: "XYZ")
        let load = m.beginLoad()
        XCTAssertTrue(m.isLoading)
        XCTAssertEqual(message(m.status), "Loading the history…")
        m.finish(load, .success(try ecb("EUR", "XYZ")))
        XCTAssertEqual(message(m.status), "No published rate for EUR and XYZ")
    }

    func testTheNewestReadWins() throws {
        var m = try loaded("USD", "EUR")
        m.swap()
        let first = m.beginLoad()
        m.swap()
        let second = m.beginLoad()
        XCTAssertTrue(m.finish(second, .success(try ecb(second.from, second.to))))
        XCTAssertFalse(m.finish(first, .success(try ecb(first.from, first.to))), "an older answer is dropped")
        XCTAssertEqual(m.history?.from, "USD")
        XCTAssertEqual(m.recentDays(today: day("2026-10-30"))?.rows.first?.description, "Fri, Oct 30, 0.8951, \u{25BC} \u{2212}0.0034, ECB")

        struct Broken: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
        let third = m.beginLoad()
        m.finish(third, .failure(Broken()))
        XCTAssertFalse(m.isLoading)
        XCTAssertEqual(message(m.status), "The history could not be read: disk I/O error")
        m.cannotOpen(Wording("not Cambio's rate history"))
        XCTAssertEqual(message(m.status), "The rate history could not be opened: not Cambio's rate history")
    }

    // MARK: The chart

    func testTheRangesAndThePointsEachShows() throws {
        XCTAssertEqual(HistoryModel.ranges.map(\.shortName.description), ["1W", "1M", "1Y", "5Y", "Max"])
        XCTAssertEqual(HistoryModel.ranges.map(\.buttonName.description),
                       ["Range one week", "Range one month", "Range one year", "Range five years", "Range everything since 1999"])
        var m = try loaded("USD", "EUR")
        XCTAssertEqual(m.range, .year)
        var counts: [HistoryRange: Int] = [:]
        for r in HistoryModel.ranges {
            m.setRange(r)
            counts[r] = m.shownPoints
        }
        XCTAssertEqual(counts[.week], 5)                       // Mon 26 – Fri 30 Oct
        XCTAssertEqual(counts[.month], 23)                     // 30 Sep – 30 Oct, business days
        XCTAssertGreaterThan(counts[.year]!, 250)
        XCTAssertGreaterThan(counts[.fiveYears]!, 1270)
        XCTAssertEqual(counts[.max], m.history?.points.count)

        m.setRange(.week)
        XCTAssertEqual(m.statsText?.description, "Low 0.8938 (Oct 26, 2026) \u{00B7} high 0.8985 (Oct 29, 2026) \u{00B7} average 0.8965")
        XCTAssertEqual(m.spanLabels?.first, "Oct 26, 2026")
        XCTAssertEqual(m.spanLabels?.last, "Oct 30, 2026")
        XCTAssertEqual(m.extremeLabels?.high.text, "0.8985")
        XCTAssertEqual(m.extremeLabels?.low.text, "0.8938")

        m.setRange(.max)
        XCTAssertTrue(m.statsText?.description.contains("Jul 15, 2008") == true, "the euro's high against the dollar: \(String(describing: m.statsText))")
        XCTAssertEqual(m.spanLabels?.first, "Jan 4, 1999")
    }

    func testTheCursorReadsThePointUnderIt() throws {
        var m = try loaded("USD", "EUR")
        m.setRange(.max)
        XCTAssertNil(m.pointText)
        XCTAssertTrue(m.setCursor(0))
        XCTAssertEqual(m.pointText?.description, "Mon, Jan 4, 1999: 1 USD = 0.8482 EUR (ECB)")   // 1 / 1.1789
        XCTAssertTrue(m.setCursor(m.shownPoints - 1))
        XCTAssertEqual(m.pointText?.description, "Fri, Oct 30, 2026: 1 USD = 0.8951 EUR (ECB)")
        XCTAssertFalse(m.setCursor(m.shownPoints), "no point there")
        XCTAssertEqual(m.cursor, m.shownPoints - 1)
        m.setRange(.week)
        XCTAssertNil(m.cursor, "another range starts without a cursor")
        XCTAssertNil(m.pointText)
    }

    // MARK: On a past date

    func testAConversionOnASaturdayUsesTheFridayBefore() throws {
        var m = try loaded("EUR", "USD", pastDay: day("2024-10-26"))
        XCTAssertEqual(m.pastDayText, "Oct 26, 2024")
        XCTAssertEqual(m.pastDayName.description, "Date: Oct 26, 2024")
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 108.25 USD \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")
        XCTAssertEqual(m.past(today: Self.today).amountIsValid, true)
        m.pastAmount = "12*3"
        XCTAssertEqual(m.past(today: Self.today).description, "36 EUR = 38.97 USD \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")   // 36 × 1.0825
        m.pastAmount = "1/0"
        XCTAssertEqual(m.past(today: Self.today).description, "Division by zero")
        XCTAssertEqual(m.past(today: Self.today).amountIsValid, false)
        m.pastAmount = "abc"
        XCTAssertEqual(m.past(today: Self.today).amountIsValid, false)
    }

    func testTheDaysAPastConversionCanUse() throws {
        var m = try loaded("EUR", "USD")
        m.pastDay = day("2024-12-25")   // a TARGET holiday: the day before
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 103.95 USD \u{00B7} rate of Tue, Dec 24, 2024 (ECB)")
        m.pastDay = day("1999-01-04")   // the first day the ECB published
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 117.89 USD \u{00B7} rate of Mon, Jan 4, 1999 (ECB)")
        m.pastDay = day("1999-01-03")
        XCTAssertEqual(m.past(today: Self.today).description, "No published rate for EUR and USD on or before Jan 3, 1999")
        XCTAssertEqual(m.past(today: Self.today).amountIsValid, true)
        m.pastDay = day("2026-11-05")   // after the newest day known: the newest
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 111.72 USD \u{00B7} rate of Fri, Oct 30, 2026 (ECB)")
        m.pastDay = day("2026-11-22")   // today: the newest known too
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 111.72 USD \u{00B7} rate of Fri, Oct 30, 2026 (ECB)")
        m.pastDay = day("2026-11-23")   // tomorrow: nothing is known of it
        XCTAssertEqual(m.past(today: Self.today).description, "Nov 23, 2026 is in the future: no rate is known for it yet")
        XCTAssertEqual(m.past(today: Self.today).amountIsValid, true, "the amount is fine; the day is not")
    }

    func testAmountsFollowTheTargetsMinorUnitsAndThePreference() throws {
        var m = try loaded("EUR", "JPY", pastDay: day("2024-10-25"))
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 16,445 JPY \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")
        m.formatter = m.formatter.with(.fixed(3))
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 16,445.000 JPY \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")
        let cross = try loaded("USD", "EUR", pastDay: day("2024-10-25"))
        XCTAssertEqual(cross.past(today: Self.today).description, "100 USD = 92.38 EUR \u{00B7} rate of Fri, Oct 25, 2024 (ECB)")   // 100 / 1.0825
    }

    func testADayThePairWasNotPublishedSaysSo() throws {
        var m = try loaded("EUR", "RUB", pastDay: day("2023-01-10"))
        XCTAssertEqual(m.past(today: Self.today).description,
                       "100 EUR = 11,720.10 RUB \u{00B7} rate of Tue, Mar 1, 2022 (ECB) \u{00B7} not published on the day asked")
        m.pastDay = day("2022-03-01")
        XCTAssertEqual(m.past(today: Self.today).description, "100 EUR = 11,720.10 RUB \u{00B7} rate of Tue, Mar 1, 2022 (ECB)")
    }
}
