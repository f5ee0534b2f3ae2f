import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The Investments page as the user reads it, without a display: the bundled sample's MSFT with
/// 1,000 USD at the start and 100 USD a month (the README's example), in en_US.
final class InvestmentsModelTests: XCTestCase {
    private static let en = Locale(identifier: "en_US")
    private static let sample = try! SampleStocks.parse(Data(contentsOf: Fixture.repo.appendingPathComponent("data/stocks.csv")))

    private func model(_ saved: InvestmentState = InvestmentState(), reference: String = "USD") -> InvestmentsModel {
        InvestmentsModel(saved: saved, reference: reference, format: DCAFormat(locale: Self.en), style: NumberStyle(locale: Self.en),
                         dates: Self.en, days: DayFormatter(locale: Self.en), catalog: testCatalog, words: .english)
    }

    /// `stock`'s prices read from the sample (or `series`), with the start month `savedStart`.
    private func open(_ m: inout InvestmentsModel, _ symbol: String = "MSFT", series: PriceSeries? = nil,
                      source: InvestmentsModel.PriceSource = .sample, savedStart: Month? = nil, now: Date = Date()) {
        let load = m.beginLoad(SampleStocks.info(symbol))
        m.loaded(load, series: series ?? Self.sample[symbol]!, source: source, problem: nil, savedStart: savedStart, now: now)
    }

    private func figures(_ m: InvestmentsModel) -> [String: String] {
        Dictionary(uniqueKeysWithValues: m.figures.map { ($0.key, $0.text) })
    }

    func testBeforeAStockIsChosenItSaysHowToFindOne() {
        var m = model()
        XCTAssertEqual(m.title, "No stock chosen")
        XCTAssertTrue(m.sourceLine.hasPrefix("Search above, or type a symbol of the bundled sample"), m.sourceLine)
        XCTAssertEqual(m.recompute(), .nothing)
        XCTAssertEqual(m.figures, [])
        XCTAssertFalse(m.outdated)
        XCTAssertEqual(m.problem, "")
        XCTAssertEqual(m.sliderName, "Start month slider")
        XCTAssertEqual(m.chartName, "Chart of money invested and value (Left and Right move along it)")
    }

    func testTheDocumentedExample() {
        var m = model()
        open(&m)
        XCTAssertEqual(m.title, "MSFT \u{00B7} Microsoft Corporation")
        XCTAssertEqual(m.sourceLine, "Bundled sample: one price a month, January 2000 \u{2013} March 2010, not dividend-adjusted \u{00B7} prices in USD")
        XCTAssertEqual(m.amountUnit, "USD")
        XCTAssertEqual(m.monthChoices.count, 123)
        XCTAssertEqual(m.monthChoices.first, "January 2000")
        XCTAssertEqual(m.startMonth, Month(iso: "2000-01"))
        XCTAssertEqual(m.sliderName, "Start month slider: January 2000")

        XCTAssertEqual(m.recompute(), .computed)
        XCTAssertEqual(m.figures.map(\.key), InvestmentsModel.figureKeys)
        let f = figures(m)
        XCTAssertEqual(f["value"], "15,369.66 USD")
        XCTAssertEqual(f["invested"], "13,200.00 USD in 123 purchases")
        XCTAssertEqual(f["gain"], "+2,169.66 USD \u{00B7} profit")
        XCTAssertEqual(f["yield"], "+16.44%")
        XCTAssertEqual(f["xirr"], "+2.77% a year")
        XCTAssertEqual(f["simple"], "+1.50% a year by (value ÷ invested)^(12 ÷ 123 months) − 1, which ignores when each amount was paid in")
        XCTAssertEqual(f["drawdown"], "\u{2212}47.57% (14,494.99 USD in Oct 2007 to 7,600.44 USD in Feb 2009)")
        XCTAssertTrue(f["lump"]!.hasPrefix("9,549.36 USD ("), f["lump"]!)
        XCTAssertTrue(f["lump"]!.hasSuffix(" USD against monthly purchases)"), f["lump"]!)
        XCTAssertEqual(m.figure("value")?.caption, "Value on Mar 1, 2010")
        XCTAssertEqual(m.figure("lump")?.caption, "All at once in Jan 2000")
        XCTAssertEqual(m.figure("yield")?.caption, "Yield (gain ÷ invested)")
        XCTAssertEqual(m.figures.filter { $0.tone == .profit }.map(\.key), ["value", "gain", "yield", "xirr"])
        XCTAssertEqual(m.figure("drawdown")?.tone, .loss)
        XCTAssertEqual(m.figure("simple")?.tone, .neutral)
        XCTAssertNil(m.skipped, "every month has a price")
        XCTAssertFalse(m.outdated)
        XCTAssertEqual(m.problem, "")
        XCTAssertEqual(m.chartName, "Chart of money invested and value, Jan 2000 to Mar 2010 (Left and Right move along it)")
        XCTAssertEqual(m.chartPoint, " ")
    }

    func testALossInWordsAndOnePurchase() {
        var m = model(InvestmentState(initialText: "1000", monthlyText: "0"))
        open(&m)
        m.recompute()
        XCTAssertEqual(m.figure("gain")?.text, "\u{2212}276.56 USD \u{00B7} loss")
        XCTAssertEqual(m.figure("gain")?.tone, .loss)
        XCTAssertEqual(m.figure("value")?.tone, .loss)
        XCTAssertEqual(m.figure("invested")?.text, "1,000.00 USD in one purchase")
    }

    func testBadInputIsNamedDimsTheResultsAndKeepsTheLastOnes() {
        var m = model()
        open(&m)
        m.recompute()
        for bad in ["12*(", "abc", "1/0"] {
            m.monthlyText = bad
            XCTAssertEqual(m.recompute(), .failed, bad)
            XCTAssertFalse(m.problem.isEmpty, bad)
            guard case .wrong(let why) = m.monthlyCheck else { return XCTFail("\(bad) is not marked") }
            XCTAssertEqual("Monthly amount: \(why)", m.problem, "the field is named (\(bad))")
            XCTAssertEqual(m.initialCheck, .fine)
            XCTAssertTrue(m.outdated, "the results are dimmed (\(bad))")
            XCTAssertEqual(m.figure("value")?.text, "15,369.66 USD", "the last results stay (\(bad))")
        }
        m.monthlyText = "1/0"
        m.recompute()
        XCTAssertEqual(m.problem, "Monthly amount: Division by zero")
        m.monthlyText = "-5"
        m.recompute()
        XCTAssertEqual(m.problem, "Monthly amount: Amounts cannot be negative")
        XCTAssertEqual(m.monthlyCheck, .wrong("Amounts cannot be negative"))
        m.monthlyText = "50*2"
        XCTAssertEqual(m.recompute(), .computed)
        XCTAssertEqual(m.problem, "")
        XCTAssertEqual(m.monthlyCheck, .fine)
        XCTAssertFalse(m.outdated)
        XCTAssertEqual(m.figure("value")?.text, "15,369.66 USD")

        // Both amounts wrong: both are marked and named, each with its reason.
        m.initialText = "abc"
        m.monthlyText = "1/0"
        XCTAssertEqual(m.recompute(), .failed)
        XCTAssertEqual(m.initialCheck, .wrong("Not a calculation: \u{201C}a\u{201D}"))
        XCTAssertEqual(m.monthlyCheck, .wrong("Division by zero"))
        XCTAssertEqual(m.problem, "Initial investment: Not a calculation: \u{201C}a\u{201D}\nMonthly amount: Division by zero")
        m.monthlyText = "100"
        XCTAssertEqual(m.recompute(), .failed)
        XCTAssertEqual(m.monthlyCheck, .fine, "fixed: no longer marked")
        XCTAssertEqual(m.problem, "Initial investment: Not a calculation: \u{201C}a\u{201D}")
    }

    func testNothingInvestedIsSaidAndDimmed() {
        var m = model(InvestmentState(initialText: "0", monthlyText: "0"))
        open(&m)
        XCTAssertEqual(m.recompute(), .failed)
        XCTAssertTrue(m.outdated)
        XCTAssertEqual(m.problem, DCAError.nothingInvested.description)
        XCTAssertEqual(m.figures, [])
    }

    func testTheStartMonthIsKeptWithinTheListAndRestored() {
        var m = model()
        open(&m)
        XCTAssertEqual(m.setStart(24), Month(iso: "2002-01"))
        XCTAssertEqual(m.sliderName, "Start month slider: January 2002")
        m.recompute()
        // 99 months from January 2002: 1,000 then 98 × 100.
        XCTAssertEqual(m.figure("invested")?.text, "10,800.00 USD in 99 purchases")
        XCTAssertEqual(m.setStart(-3), Month(iso: "2000-01"))
        XCTAssertEqual(m.setStart(1000), Month(iso: "2010-03"))

        open(&m, savedStart: Month(iso: "2001-01"))
        XCTAssertEqual(m.startMonth, Month(iso: "2001-01"))
        open(&m, savedStart: Month(iso: "2020-05"))
        XCTAssertEqual(m.startMonth, Month(iso: "2010-03"), "later than every price: the newest")
        open(&m, savedStart: Month(iso: "1990-05"))
        XCTAssertEqual(m.startMonth, Month(iso: "2000-01"), "earlier than every price: the first")
        var empty = model()
        XCTAssertNil(empty.setStart(3), "no months before a stock is chosen")
    }

    func testMonthsWithoutAPriceAreNamed() {
        let prices = ["2000-01": "10", "2000-02": nil, "2000-03": "12", "2000-04": nil, "2000-05": "11"]
        let series = PriceSeries(symbol: "TEST", currency: "USD", kind: .sample, prices: prices.keys.sorted().compactMap { key in
            prices[key]!.map { StockPrice(day: Month(iso: key)!.firstDay, price: dec($0)) }
        })
        var m = model()
        open(&m, series: series)
        XCTAssertEqual(m.monthChoices, ["January 2000", "March 2000", "May 2000"])
        m.recompute()
        XCTAssertEqual(m.skipped, "No price, so nothing bought, in: Feb 2000, Apr 2000")
        XCTAssertEqual(m.figure("invested")?.text, "1,200.00 USD in 3 purchases")
    }

    func testResultsInTheReferenceCurrencyAtEachPurchaseDaysRate() {
        var m = model(InvestmentState(initialText: "1000", monthlyText: "0"), reference: "EUR")
        open(&m, "IBM")
        m.setStart(m.months.firstIndex(of: Month(iso: "2005-01")!)!)
        XCTAssertEqual(m.referenceChoice, .init(label: "Show results in EUR, converted at each purchase day’s rate",
                                               name: "Show results in EUR", enabled: true, tooltip: nil))
        m.recompute()
        XCTAssertEqual(m.figure("invested")?.text, "1,000.00 USD in one purchase")
        XCTAssertFalse(m.method.contains("In another currency"))

        m.inReference = true
        XCTAssertTrue(m.method.hasSuffix("In another currency, each purchase is converted at the rate of its day and the value at the newest price’s day."))
        XCTAssertEqual(m.recompute(), .needsRates(from: "USD", to: "EUR"))
        XCTAssertEqual(m.chartPoint, "Reading the EUR rates…")
        XCTAssertEqual(m.figure("invested")?.text, "1,000.00 USD in one purchase", "the last results stay while the rates are read")
        // 1 January 2005 takes the rate of 31 December 2004 (1 EUR = 1.3621 USD), as `cambio dca` does.
        let ecb = [DayPublication(day: day("2004-12-31"), source: "ECB", base: "EUR", rates: ["USD": dec("1.3621")]),
                   DayPublication(day: day("2010-03-01"), source: "ECB", base: "EUR", rates: ["USD": dec("1.3607")])]
        m.ratesRead(from: "USD", to: "EUR", PairHistory(from: "USD", to: "EUR", publications: ecb))
        XCTAssertEqual(m.recompute(), .computed)
        XCTAssertEqual(m.figure("invested")?.text, "734.16 EUR in one purchase")
        XCTAssertEqual(m.result?.currency, "EUR")

        m.inReference = false
        m.recompute()
        XCTAssertEqual(m.figure("invested")?.text, "1,000.00 USD in one purchase")

        m.reference = "USD"
        XCTAssertEqual(m.referenceChoice, .init(label: "Show results in USD, converted at each purchase day’s rate",
                                               name: "Show results in USD", enabled: false,
                                               tooltip: "The stock is priced in USD already"))
    }

    func testRatesThatCannotBeReadAreNamed() {
        var m = model(InvestmentState(inReference: true), reference: "EUR")
        open(&m)
        XCTAssertEqual(m.recompute(), .needsRates(from: "USD", to: "EUR"))
        m.ratesUnavailable()
        XCTAssertEqual(m.problem, "The rate history could not be opened.")
        m.ratesFailed(to: "EUR", FileProblem.notFound(path: "/x"))
        XCTAssertTrue(m.problem.hasPrefix("The EUR rates could not be read: "), m.problem)
    }

    func testPenceAreShownInPoundsWithoutReadingRates() {
        let pence = Self.sample["MSFT"]!
        let series = PriceSeries(symbol: "TSCO.LON", currency: "GBX", kind: .adjusted, prices: pence.prices)
        var m = model(InvestmentState(initialText: "1000", monthlyText: "0", inReference: true), reference: "GBP")
        let load = m.beginLoad(StockInfo(symbol: "TSCO.LON", name: "Tesco PLC", region: "United Kingdom", currency: "GBX"))
        m.loaded(load, series: series, source: .sample, problem: nil, savedStart: nil)
        XCTAssertTrue(m.sourceLine.hasSuffix("prices in GBX (pence sterling)"), m.sourceLine)
        XCTAssertTrue(m.referenceChoice.enabled)
        XCTAssertEqual(m.recompute(), .computed)
        XCTAssertEqual(m.figure("invested")?.text, "10.00 GBP in one purchase")
    }

    func testWhereThePricesComeFromAndAFailedLoad() {
        var m = model()
        let load = m.beginLoad(SampleStocks.info("IBM"))
        XCTAssertEqual(m.title, "IBM \u{00B7} International Business Machines")
        XCTAssertEqual(m.sourceLine, "Loading the prices of IBM…")
        m.loadFailed(load, AlphaVantageError.note("limit"))
        XCTAssertEqual(m.problem, "IBM: \(AlphaVantageError.note("limit").description)")
        XCTAssertEqual(m.sourceLine, "", "nothing was shown before")
        XCTAssertNil(m.stock)

        let now = Date()
        open(&m, source: .alphaVantage(fetchedAt: now.addingTimeInterval(-7200)), now: now)
        XCTAssertEqual(m.sourceLine, "Alpha Vantage monthly adjusted prices, January 2000 \u{2013} March 2010 \u{00B7} fetched 2 h ago \u{00B7} prices in USD")
        XCTAssertEqual(m.problem, "")
        let next = m.beginLoad(SampleStocks.info("AAPL"))
        XCTAssertEqual(m.title, "MSFT \u{00B7} Microsoft Corporation", "the stock shown stays while another loads")
        let newer = m.beginLoad(SampleStocks.info("GOOG"))
        XCTAssertFalse(m.isCurrent(next), "a newer load supersedes it")
        XCTAssertTrue(m.isCurrent(newer))
        m.loaded(newer, series: Self.sample["GOOG"]!, source: .sample, problem: nil, savedStart: nil)
        XCTAssertEqual(m.title, "GOOG \u{00B7} Alphabet Inc. (Google)")
        let shown = m.sourceLine
        let failing = m.beginLoad(SampleStocks.info("AMZN"))
        m.loadFailed(failing, AlphaVantageError.note("limit"))
        XCTAssertEqual(m.sourceLine, shown, "the prices shown stay, with their source")
        XCTAssertEqual(m.stock?.symbol, "GOOG")
        XCTAssertEqual(m.title, "GOOG \u{00B7} Alphabet Inc. (Google)")
        XCTAssertTrue(m.problem.hasPrefix("AMZN: Alpha Vantage's request limit"), m.problem)

        let load2 = m.beginLoad(SampleStocks.info("MSFT"))
        m.loaded(load2, series: Self.sample["MSFT"]!, source: .sample, problem: Wording("Alpha Vantage did not answer"), savedStart: nil)
        XCTAssertEqual(m.problem, "MSFT: Alpha Vantage did not answer")
    }

    func testTheChartCursorSaysWhatAMonthHolds() {
        var m = model()
        open(&m)
        XCTAssertFalse(m.setCursor(0), "no chart before the results")
        m.recompute()
        XCTAssertEqual(m.chartLabels?.start, "Jan 2000")
        XCTAssertEqual(m.chartLabels?.end, "Mar 2010")
        XCTAssertTrue(m.chartLabels?.top.hasSuffix(" USD") ?? false)
        XCTAssertTrue(m.setCursor(0))
        XCTAssertEqual(m.cursor, 0)
        XCTAssertEqual(m.chartPoint, "Jan 2000: invested 1,000.00 USD, value 1,000.00 USD")
        XCTAssertEqual(m.chartName, m.chartPoint)
        XCTAssertFalse(m.setCursor(123))
        XCTAssertEqual(m.cursor, 0)
        m.recompute()
        XCTAssertNil(m.cursor, "new results: nothing highlighted")
        XCTAssertEqual(m.chartPoint, " ")
    }

    // MARK: The search

    private let msft = SampleStocks.info("MSFT"), aapl = SampleStocks.info("AAPL")
    private let boeing = StockInfo(symbol: "BA", name: "The Boeing Company", region: "United States", currency: "USD")
    private let tesco = StockInfo(symbol: "TSCO.LON", name: "Tesco PLC", region: "United Kingdom", currency: "GBX")

    func testListingsComeFirstAndASampleStockTheyListIsShownOnce() {
        var m = model()
        let search = m.beginSearch("m", asksAlphaVantage: true)!
        XCTAssertEqual(m.searchNote, "Searching Alpha Vantage for “m”…")
        let listedMSFT = StockInfo(symbol: "MSFT", name: "Microsoft Corp", region: "United States", currency: "USD")
        let answer = m.finishSearch(search, listings: [boeing, listedMSFT, tesco], sample: [aapl, msft],
                                    sampleSeries: Self.sample, hasKey: true, problem: nil)
        XCTAssertEqual(answer, .shown(open: nil))
        XCTAssertEqual(m.found.map(\.stock.symbol), ["BA", "MSFT", "TSCO.LON", "AAPL"])
        XCTAssertEqual(m.found[1].stock.name, "Microsoft Corp", "as listed")
        XCTAssertEqual(m.found.map(\.details), ["United States \u{00B7} USD", "United States \u{00B7} USD",
                                                "United Kingdom \u{00B7} GBX (pence sterling)",
                                                "United States \u{00B7} USD \u{00B7} bundled sample 2000-01 \u{2013} 2010-03"])
        XCTAssertEqual(m.found[3].name, "AAPL, Apple Inc., United States, USD, bundled sample 2000-01 \u{2013} 2010-03")
        XCTAssertEqual(m.searchNote, "")
        XCTAssertFalse(m.searchNoteIsProblem)
    }

    func testWithoutAKeyOnlyTheSampleIsSearchedAndItSaysSo() {
        var m = model()
        var search = m.beginSearch("zzzz", asksAlphaVantage: false)!
        XCTAssertEqual(m.searchNote, "", "nothing is asked of Alpha Vantage")
        m.finishSearch(search, listings: [], sample: [], sampleSeries: Self.sample, hasKey: false, problem: nil)
        XCTAssertEqual(m.found, [])
        XCTAssertEqual(m.searchNote, "No stock matches “zzzz”. Without an Alpha Vantage key only the bundled sample (MSFT, AMZN, IBM, AAPL, GOOG) is searched; IBM's prices come from Alpha Vantage's demo key.")

        // A listing from an earlier search's cache that the sample has too says so.
        search = m.beginSearch("micro", asksAlphaVantage: false)!
        m.finishSearch(search, listings: [msft], sample: [msft], sampleSeries: Self.sample, hasKey: false, problem: nil)
        XCTAssertEqual(m.found.map(\.details), ["United States \u{00B7} USD \u{00B7} bundled sample"])
    }

    func testAFailedOrCachedSearchSaysSo() {
        var m = model()
        var search = m.beginSearch("tesco", asksAlphaVantage: true)!
        m.finishSearch(search, listings: [tesco], sample: [], sampleSeries: Self.sample, hasKey: true,
                       problem: Wording("%@; showing the results of an earlier search", "Alpha Vantage did not answer"))
        XCTAssertEqual(m.searchNote, "Alpha Vantage did not answer; showing the results of an earlier search")
        XCTAssertTrue(m.searchNoteIsProblem)
        let now = Date()
        search = m.beginSearch("tesco", asksAlphaVantage: true)!
        m.finishSearch(search, listings: [tesco], sample: [], sampleSeries: Self.sample, hasKey: true, problem: nil,
                       fromCache: true, fetchedAt: now.addingTimeInterval(-1800), now: now)
        XCTAssertEqual(m.searchNote, "Results of a search 30 min ago (searches are kept for an hour).")
        XCTAssertFalse(m.searchNoteIsProblem)
    }

    func testOnlyTheNewestSearchIsShownAndEmptyTextClosesTheResults() {
        var m = model()
        let first = m.beginSearch("a", asksAlphaVantage: false)!
        let second = m.beginSearch("ap", asksAlphaVantage: false)!
        XCTAssertEqual(m.finishSearch(first, listings: [], sample: [aapl, msft], sampleSeries: Self.sample, hasKey: false, problem: nil), .dropped)
        XCTAssertEqual(m.found, [])
        XCTAssertTrue(m.searchRunning)
        m.finishSearch(second, listings: [], sample: [aapl], sampleSeries: Self.sample, hasKey: false, problem: nil)
        XCTAssertEqual(m.found.map(\.stock), [aapl])
        XCTAssertFalse(m.searchRunning)

        XCTAssertNil(m.beginSearch("  ", asksAlphaVantage: true), "nothing to search")
        XCTAssertEqual(m.found, [])
        XCTAssertEqual(m.searchNote, "")

        let third = m.beginSearch("ibm", asksAlphaVantage: false)!
        m.closeSearch()
        XCTAssertEqual(m.finishSearch(third, listings: [], sample: [msft], sampleSeries: Self.sample, hasKey: false, problem: nil), .dropped,
                       "Escape drops the search under way")
        XCTAssertEqual(m.found, [])
    }

    func testEnterOpensTheFirstStockFoundEvenBeforeTheAnswer() {
        var m = model()
        // Typed, then Enter before the pause is over: search at once, open the first found.
        m.typed()
        XCTAssertTrue(m.searchIsDue)
        XCTAssertEqual(m.enter(), .search)
        var search = m.beginSearch("apple", asksAlphaVantage: false)!
        XCTAssertFalse(m.searchIsDue)
        XCTAssertEqual(m.enter(), .wait, "the search under way answers soon")
        XCTAssertEqual(m.finishSearch(search, listings: [], sample: [aapl], sampleSeries: Self.sample, hasKey: false, problem: nil),
                       .shown(open: aapl))
        // Results shown: Enter opens the first at once.
        XCTAssertEqual(m.enter(), .open(aapl))

        // Typing after Enter: the answer no longer opens anything.
        m.typed()
        XCTAssertEqual(m.enter(), .search)
        search = m.beginSearch("appl", asksAlphaVantage: false)!
        m.typed()
        XCTAssertEqual(m.finishSearch(search, listings: [], sample: [aapl], sampleSeries: Self.sample, hasKey: false, problem: nil),
                       .shown(open: nil))

        // Enter with nothing found searches again.
        m.closeSearch()
        XCTAssertEqual(m.enter(), .search)
    }
}
