import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

private func month(_ s: String) -> Month { Month(iso: s)! }

/// A one-price-a-month series dated on the 1st, like the bundled sample.
private func series(_ start: String, _ prices: [String?], symbol: String = "TEST") -> PriceSeries {
    var list: [StockPrice] = []
    var m = month(start)
    for p in prices {
        if let p { list.append(StockPrice(day: m.firstDay, price: dec(p))) }
        m = m.adding(months: 1)
    }
    return PriceSeries(symbol: symbol, currency: "USD", kind: .sample, prices: list)
}

private func sample() throws -> [String: PriceSeries] {
    try SampleStocks.parse(Data(contentsOf: Fixture.repo.appendingPathComponent("data/stocks.csv")))
}

final class MonthTests: XCTestCase {
    func testParsingAndArithmetic() {
        XCTAssertEqual(month("2000-01").iso, "2000-01")
        XCTAssertNil(Month(iso: "2000-1"))
        XCTAssertNil(Month(iso: "2000-13"))
        XCTAssertNil(Month(iso: "20001-01"))
        XCTAssertNil(Month(iso: "abcd-ef"))
        XCTAssertEqual(month("2000-12").adding(months: 1), month("2001-01"))
        XCTAssertEqual(month("2000-01").adding(months: -1), month("1999-12"))
        XCTAssertEqual(month("2000-01").distance(to: month("2010-03")), 122)
        XCTAssertEqual(month("2024-02").lastDay, day("2024-02-29"))
        XCTAssertLessThan(month("1999-12"), month("2000-01"))
    }
}

final class StockParserTests: XCTestCase {
    func testSymbolSearchFixtures() throws {
        let ba = try AlphaVantageParser.search(Fixture.data("alphavantage_SYMBOL_SEARCH_BA.json"))
        XCTAssertFalse(ba.isEmpty)
        XCTAssertEqual(ba.first?.symbol, "BA")
        XCTAssertEqual(ba.first?.name, "The Boeing Company")
        XCTAssertEqual(ba.first?.currency, "USD")
        let tesco = try AlphaVantageParser.search(Fixture.data("alphavantage_SYMBOL_SEARCH_crazzyghost.json"))
        XCTAssertEqual(tesco.map(\.symbol), ["TSCO.LON", "TSCDF", "TSCDY", "TCO2.FRK", "TCO0.FRK"])
        XCTAssertEqual(tesco[0], StockInfo(symbol: "TSCO.LON", name: "Tesco PLC", region: "United Kingdom", currency: "GBX"))
    }

    func testMonthlyAdjustedFixture() throws {
        let s = try AlphaVantageParser.monthlyAdjusted(Fixture.data("alphavantage_TIME_SERIES_MONTHLY_ADJUSTED_IBM_trimmed.json"), currency: "USD")
        XCTAssertEqual(s.symbol, "IBM")
        XCTAssertEqual(s.kind, .adjusted)
        XCTAssertEqual(s.prices.map(\.day), [day("2020-04-30"), day("2020-05-08")])
        // April paid a dividend later: its purchase price is the adjusted open.
        XCTAssertEqual(s.prices[0].purchasePrice, dec("106.36") * dec("123.8942") / dec("125.56"))
        XCTAssertEqual(s.prices[0].valuePrice, dec("123.8942"))
        XCTAssertEqual(s.prices[1].purchasePrice, dec("123.19"))
    }

    func testErrorsAreTheirKeyNotTheirText() throws {
        XCTAssertThrowsError(try AlphaVantageParser.search(Fixture.data("alphavantage_error_invalid_function.json"))) {
            XCTAssertEqual($0 as? AlphaVantageError, .errorMessage("This API function (123) does not exist."))
        }
        let cases: [(String, AlphaVantageError)] = [
            (#"{"Note":"Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute"}"#, .note("Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute")),
            (#"{"Information":"We have detected your API key as XYZ and our standard API rate limit is 25 requests per day."}"#, .information("We have detected your API key as XYZ and our standard API rate limit is 25 requests per day.")),
            (#"{"Information":"Thank you for using Alpha Vantage! This is a premium endpoint."}"#, .information("Thank you for using Alpha Vantage! This is a premium endpoint.")),
            // The key decides, whatever the words say.
            (#"{"Error Message":"daily limit"}"#, .errorMessage("daily limit")),
            (#"{"Information":""}"#, .information("")),
        ]
        for (body, expected) in cases {
            for parse in [{ _ = try AlphaVantageParser.search(Data(body.utf8)) },
                          { _ = try AlphaVantageParser.monthlyAdjusted(Data(body.utf8), currency: "USD") }] {
                XCTAssertThrowsError(try parse()) { XCTAssertEqual($0 as? AlphaVantageError, expected, body) }
            }
        }
        XCTAssertTrue(AlphaVantageError.note("").description.contains("limit"))
        XCTAssertTrue(AlphaVantageError.information("").description.contains("daily limit"))
        XCTAssertTrue(AlphaVantageError.information("").description.contains("premium"))
        XCTAssertTrue(AlphaVantageError.errorMessage("").description.contains("symbol"))
    }

    func testWrongShapes() {
        let bodies = ["", "[]", "null", "<html>", #"{"bestMatches":3}"#, #"{"Meta Data":{}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-13-01":{}}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-05-08":{"1. open":"x","4. close":"1","5. adjusted close":"1"}}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-05-08":{"1. open":"-1","4. close":"1","5. adjusted close":"1"}}}"#,
                      // Garbled prices are refused, not bought at the number they start with.
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-05-08":{"1. open":"12.5abc","4. close":"1","5. adjusted close":"1"}}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-05-08":{"1. open":"1","4. close":"1e3","5. adjusted close":"1"}}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{"2020-05-08":{"1. open":"1","4. close":"1","5. adjusted close":"1,5"}}}"#,
                      #"{"Meta Data":{"2. Symbol":"IBM"},"Monthly Adjusted Time Series":{}}"#]
        for body in bodies {
            XCTAssertThrowsError(try AlphaVantageParser.monthlyAdjusted(Data(body.utf8), currency: "USD"), body) {
                guard case .wrongShape = $0 as? AlphaVantageError else { return XCTFail("\(body): \($0)") }
            }
        }
        XCTAssertThrowsError(try AlphaVantageParser.search(Data(#"{"bestMatches":3}"#.utf8)))
    }

    func testBundledSample() throws {
        let s = try sample()
        XCTAssertEqual(Set(s.keys), ["MSFT", "AMZN", "IBM", "AAPL", "GOOG"])
        XCTAssertEqual(s["MSFT"]?.prices.count, 123)
        XCTAssertEqual(s["MSFT"]?.firstMonth, month("2000-01"))
        XCTAssertEqual(s["MSFT"]?.newest, StockPrice(day: day("2010-03-01"), price: dec("28.8")))
        XCTAssertEqual(s["GOOG"]?.firstMonth, month("2004-08"))
        XCTAssertEqual(s["MSFT"]?.kind, .sample)
        XCTAssertEqual(SampleStocks.search("micro", in: Array(s.keys)).map(\.symbol), ["MSFT"])
        XCTAssertEqual(SampleStocks.search("AA", in: Array(s.keys)).map(\.symbol), ["AAPL"])
        XCTAssertEqual(SampleStocks.search("machines", in: Array(s.keys)).map(\.symbol), ["IBM"])
        XCTAssertEqual(SampleStocks.search("google", in: Array(s.keys)).map(\.symbol), ["GOOG"])
        XCTAssertEqual(SampleStocks.search("inc", in: Array(s.keys)).map(\.symbol), ["AAPL", "AMZN", "GOOG"])
        XCTAssertEqual(SampleStocks.search("  ", in: Array(s.keys)), [])
        XCTAssertThrowsError(try SampleStocks.parse(Data("symbol,date,price\nMSFT,Jan 1 2000,x\n".utf8)))
    }
}

final class DCATests: XCTestCase {
    /// The figures the issue gives for `cambio dca MSFT --initial 1000 --monthly 100 --start 2000-01`.
    func testTheDocumentedExample() throws {
        let msft = try XCTUnwrap(sample()["MSFT"])
        let r = try DCA.compute(DCAPlan(symbol: "MSFT", initial: 1000, monthly: 100, start: month("2000-01")), series: msft)
        XCTAssertEqual(DCASummary(r, minorUnits: 2).json,
                       #"{"symbol":"MSFT","start":"2000-01","end":"2010-03","months":123,"invested":"13200.00","value":"15369.66","gain":"2169.66","yield":"0.1644","xirr":"0.0277","simple_annual":"0.0150"}"#)
        XCTAssertEqual(r.purchases.count, 123)
        // The value is the exact sum of every purchase's shares at the newest price.
        var shares: Decimal = 1000 / dec("39.81")
        for p in msft.prices.dropFirst() { shares += 100 / p.close }
        XCTAssertEqual(r.shares, shares)
        XCTAssertEqual(r.value, shares * dec("28.8"))
    }

    func testZeroMonthlyAmount() throws {
        let msft = try XCTUnwrap(sample()["MSFT"])
        let r = try DCA.compute(DCAPlan(symbol: "MSFT", initial: 1000, monthly: 0, start: month("2000-01")), series: msft)
        XCTAssertEqual(r.invested, 1000)
        XCTAssertEqual(r.purchases.count, 1)
        XCTAssertEqual(r.value, 1000 / dec("39.81") * dec("28.8"))
        XCTAssertEqual(r.months, 123)
        // One outflow, one inflow 3,712 days later: (value/1000)^(365/3712) − 1.
        let ratio = (r.value as NSDecimalNumber).doubleValue / 1000
        XCTAssertEqual(try XCTUnwrap(r.xirr), pow(ratio, 365.0 / 3712) - 1, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(r.simpleAnnual), pow(ratio, 12.0 / 123) - 1, accuracy: 1e-12)
        XCTAssertLessThan(r.gain, 0)
        // Same total at once is the same thing here.
        XCTAssertEqual(r.lumpSumValue, r.value)
    }

    func testStartInTheNewestMonth() throws {
        let msft = try XCTUnwrap(sample()["MSFT"])
        let r = try DCA.compute(DCAPlan(symbol: "MSFT", initial: 1000, monthly: 100, start: month("2010-03")), series: msft)
        XCTAssertEqual(r.months, 1)
        XCTAssertEqual(r.invested, 1000)
        XCTAssertEqual(r.value, 1000 / dec("28.8") * dec("28.8"))
        XCTAssertEqual(r.simpleAnnual, 0)
        XCTAssertNil(r.xirr, "bought and valued on the same day: no annual rate")
        XCTAssertEqual(DCASummary(r, minorUnits: 2).xirr, nil)
        XCTAssertTrue(DCASummary(r, minorUnits: 2).json.contains(#""xirr":null"#))

        // Alpha Vantage dates the newest month by its last trading day: a week of IBM.
        let ibm = try AlphaVantageParser.monthlyAdjusted(Fixture.data("alphavantage_TIME_SERIES_MONTHLY_ADJUSTED_IBM_trimmed.json"), currency: "USD")
        let w = try DCA.compute(DCAPlan(symbol: "IBM", initial: 1000, monthly: 100, start: month("2020-05")), series: ibm)
        XCTAssertEqual(w.value, 1000 / dec("123.19") * dec("121.84"))
        XCTAssertEqual(w.valueDay, day("2020-05-08"))
        let ratio = (w.value as NSDecimalNumber).doubleValue / 1000
        XCTAssertEqual(try XCTUnwrap(w.xirr), pow(ratio, 365.0 / 7) - 1, accuracy: 1e-9)
    }

    func testAdjustedOpenBuysAndAdjustedCloseValues() throws {
        let ibm = try AlphaVantageParser.monthlyAdjusted(Fixture.data("alphavantage_TIME_SERIES_MONTHLY_ADJUSTED_IBM_trimmed.json"), currency: "USD")
        let r = try DCA.compute(DCAPlan(symbol: "IBM", initial: 1000, monthly: 100, start: month("2020-04")), series: ibm)
        let april = dec("106.36") * dec("123.8942") / dec("125.56")
        XCTAssertEqual(r.shares, 1000 / april + 100 / dec("123.19"))
        XCTAssertEqual(r.value, (1000 / april + 100 / dec("123.19")) * dec("121.84"))
        XCTAssertEqual(r.invested, 1100)
        XCTAssertEqual(r.timeline.map(\.value), [1000 / april * dec("123.8942"), r.value])
        XCTAssertEqual(r.lumpSumValue, 1100 / april * dec("121.84"))
    }

    func testAMonthWithoutAPriceIsSkippedAndReported() throws {
        let s = series("2020-01", ["10", "10", nil, "20"])
        let r = try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 100, start: month("2020-01")), series: s)
        XCTAssertEqual(r.skipped, [month("2020-03")])
        XCTAssertEqual(r.purchases.map(\.month), [month("2020-01"), month("2020-02"), month("2020-04")])
        XCTAssertEqual(r.invested, 300)
        XCTAssertEqual(r.shares, 10 + 10 + 5)
        XCTAssertEqual(r.value, 500)
        XCTAssertEqual(r.months, 4)
        XCTAssertEqual(r.yield, dec("200") / 300)
        XCTAssertEqual(DCASummary(r, minorUnits: 2).yield, "0.6667")
        // The start month must have a price.
        XCTAssertThrowsError(try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 100, start: month("2020-03")), series: s)) {
            XCTAssertEqual($0 as? DCAError, .noPriceInStartMonth(month("2020-03")))
        }
    }

    func testDrawdownAndLumpSum() throws {
        let s = series("2020-01", ["10", "20", "5", "8"])
        let r = try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 0, start: month("2020-01")), series: s)
        XCTAssertEqual(r.timeline.map(\.value), [100, 200, 50, 80])
        XCTAssertEqual(r.drawdown?.fraction, dec("0.75"))
        XCTAssertEqual(r.drawdown?.peak.month, month("2020-02"))
        XCTAssertEqual(r.drawdown?.trough.month, month("2020-03"))
        let monthly = try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 100, start: month("2020-01")), series: s)
        // 10 + 5 + 20 + 12.5 shares for 400; all 400 at 10 would be 40 shares.
        XCTAssertEqual(monthly.shares, dec("47.5"))
        XCTAssertEqual(monthly.value, 380)
        XCTAssertEqual(monthly.lumpSumValue, 320)
        XCTAssertEqual(monthly.timeline.map(\.invested), [100, 200, 300, 400])
        XCTAssertNil(try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 0, start: month("2020-01")),
                                     series: series("2020-01", ["1", "2", "3"])).drawdown)
    }

    func testResultsInAnotherCurrencyUseEachPurchaseDaysRate() throws {
        let s = series("2020-01", ["10", "20"])
        let rates: [Day: Decimal] = [day("2020-01-01"): 2, day("2020-02-01"): 4]
        let r = try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 100, start: month("2020-01")), series: s,
                                shownCurrency: "EUR", rate: { rates[$0] })
        XCTAssertEqual(r.currency, "EUR")
        XCTAssertEqual(r.invested, 600)        // 100 × 2 + 100 × 4
        XCTAssertEqual(r.value, 15 * 20 * 4)   // 15 shares at 20, at the newest day's rate
        XCTAssertEqual(r.lumpSumValue, 600 / 2 / 10 * 20 * 4)
        XCTAssertEqual(r.purchases.map(\.shownAmount), [200, 400])
        XCTAssertThrowsError(try DCA.compute(DCAPlan(symbol: "TEST", initial: 100, monthly: 100, start: month("2020-01")),
                                             series: s, shownCurrency: "EUR", rate: { $0 == day("2020-01-01") ? 2 : nil })) {
            XCTAssertEqual($0 as? DCAError, .noRate(currency: "EUR", on: day("2020-02-01")))
        }
    }

    func testRefusedPlans() {
        let s = series("2020-01", ["10", "20"])
        func error(_ initial: Decimal, _ monthly: Decimal, _ start: String) -> DCAError? {
            do { _ = try DCA.compute(DCAPlan(symbol: "T", initial: initial, monthly: monthly, start: month(start)), series: s); return nil }
            catch { return error as? DCAError }
        }
        XCTAssertEqual(error(100, 0, "2019-12"), .startBeforeFirstPrice(first: month("2020-01")))
        XCTAssertEqual(error(100, 0, "2020-03"), .startAfterNewestPrice(newest: month("2020-02")))
        XCTAssertEqual(error(-1, 0, "2020-01"), .negativeAmount)
        XCTAssertEqual(error(0, 0, "2020-01"), .nothingInvested)
        XCTAssertEqual(error(0, 100, "2020-02"), .nothingInvested, "the start month buys only the initial amount")
        XCTAssertNil(error(0, 100, "2020-01"))
        XCTAssertThrowsError(try DCA.compute(DCAPlan(symbol: "T", initial: 1, monthly: 1, start: month("2020-01")),
                                             series: PriceSeries(symbol: "T", currency: "USD", kind: .sample, prices: [])))
    }

    func testXIRRAgainstHandCheckedCases() throws {
        // A year of 366 days (2020 is a leap year): 10 % over 366/365 years.
        XCTAssertEqual(try XCTUnwrap(XIRR.solve([(day("2020-01-01"), -1000), (day("2021-01-01"), 1100)])),
                       pow(1.1, 365.0 / 366) - 1, accuracy: 1e-12)
        // Two deposits, one value: 0.168049… (solved independently in Python by bisection).
        let r = try XCTUnwrap(XIRR.solve([(day("2020-01-01"), -1000), (day("2020-07-01"), -1000), (day("2021-01-01"), 2250)]))
        let years1 = 366.0 / 365, years2 = 184.0 / 365
        XCTAssertEqual(1000 * pow(1 + r, years1) + 1000 * pow(1 + r, years2), 2250, accuracy: 1e-6)
        XCTAssertEqual(r, 0.1680493448, accuracy: 1e-9)
        // A total loss.
        XCTAssertEqual(try XCTUnwrap(XIRR.solve([(day("2020-01-01"), -1000), (day("2021-01-01"), dec("0.0001"))])), -1, accuracy: 1e-6)
        XCTAssertNil(XIRR.solve([(day("2020-01-01"), -1000), (day("2020-01-01"), 1100)]))
        XCTAssertNil(XIRR.solve([(day("2020-01-01"), -1000), (day("2021-01-01"), -1100)]))
        XCTAssertNil(XIRR.solve([]))
    }

    func testSummaryNumbers() {
        XCTAssertEqual(DCASummary.plain(dec("13200"), places: 2), "13200.00")
        XCTAssertEqual(DCASummary.plain(dec("-0.001"), places: 2), "0.00")
        XCTAssertEqual(DCASummary.plain(dec("-12.345"), places: 2), "-12.35")
        XCTAssertEqual(DCASummary.plain(dec("5"), places: 0), "5")
        XCTAssertEqual(DCASummary.plain(dec("0.16437"), places: 4), "0.1644")
    }
}

final class StockStorageTests: XCTestCase {
}
