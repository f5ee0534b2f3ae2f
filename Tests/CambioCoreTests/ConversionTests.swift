import XCTest
@testable import CambioCore
import CambioTestSupport

final class ConversionTests: XCTestCase {
    let f = DecimalFormatter(locale: Locale(identifier: "en_US"))

    func testEuroPairsUseThePublishedRateExactly() {
        XCTAssertEqual(ecb20261030.convert(dec("100"), from: "EUR", to: "USD"), dec("111.72"))
        XCTAssertEqual(ecb20261030.convert(dec("100"), from: "EUR", to: "JPY"), dec("17568"))
        XCTAssertEqual(ecb20261030.rate(from: "EUR", to: "GBP"), dec("0.8338"))
    }

    func testCrossRatesGoThroughTheEuro() throws {
        // 100 USD in JPY = 100 * 175.68 / 1.1172 = 15724.9373...
        let v = try XCTUnwrap(ecb20261030.convert(dec("100"), from: "USD", to: "JPY"))
        XCTAssertEqual(f.amount(v, minorUnits: 0), "15,725")
        XCTAssertEqual(f.amount(try XCTUnwrap(ecb20261030.convert(dec("100"), from: "USD", to: "EUR")), minorUnits: 2), "89.51")
        XCTAssertEqual(f.rate(try XCTUnwrap(ecb20261030.rate(from: "USD", to: "EUR"))), "0.8951")
        XCTAssertEqual(ecb20261030.rate(from: "USD", to: "USD"), 1)
    }

    func testUnknownCurrenciesHaveNoRate() {
        XCTAssertNil(ecb20261030.convert(dec("1"), from: "USD", to: "KWD"))
        XCTAssertNil(ecb20261030.rate(from: "XYZ", to: "EUR"))
    }

    func testAPairConvertsOnOneDayNeverMixingDays() throws {
        XCTAssertEqual(ecb20261030.rates["RUB"]?.date, day("2022-03-01"))
        XCTAssertEqual(ecb20261030.day(from: "USD", to: "EUR"), day("2026-10-30"))
        // USD to RUB: both rates of 1 Mar 2022, the rouble's last ECB day.
        XCTAssertEqual(ecb20261030.day(from: "USD", to: "RUB"), day("2022-03-01"))
        XCTAssertEqual(ecb20261030.rate(from: "USD", to: "RUB"), dec("117.201") / dec("1.1162"))
        XCTAssertEqual(ecb20261030.convert(dec("100"), from: "EUR", to: "RUB"), dec("11720.1"))
        XCTAssertEqual(f.rate(try XCTUnwrap(ecb20261030.rate(from: "USD", to: "RUB"))), "105.0000") // exactly 105: 1.1162 * 105 = 117.201
        // IDR has no rate on 1 Mar 2022 in this table: no common day, no rate.
        XCTAssertNil(ecb20261030.day(from: "IDR", to: "RUB"))
        XCTAssertNil(ecb20261030.convert(dec("1"), from: "IDR", to: "RUB"))
    }

    func testConvertingBackAndForthDoesNotDrift() throws {
        // Derive from the typed anchor, never from a rounded display.
        var state = CurrencyListState(codes: ["USD", "EUR", "JPY"], anchorCode: "USD", anchorText: "100", referenceCode: "EUR")
        let computation = CurrencyListComputation(catalog: testCatalog, formatter: f)
        let first = try computation.rows(state, table: ecb20261030).get()
        XCTAssertEqual(first["EUR"], .amount("89.51"))
        XCTAssertEqual(first["JPY"], .amount("15,725"))
        XCTAssertNil(first["USD"]) // the anchor keeps its own text
        // Looking at EUR does not change anything; typing there does.
        state.type("89.51", into: "EUR")
        let second = try computation.rows(state, table: ecb20261030).get()
        XCTAssertEqual(second["USD"], .amount("100.00")) // 89.51 * 1.1172 = 99.9999...
        state.type("100", into: "USD")
        XCTAssertEqual(try computation.rows(state, table: ecb20261030).get()["EUR"], .amount("89.51"))
    }

    func testMinorUnitsPerCurrency() throws {
        let table = RateTable(base: "EUR", date: day("2026-10-30"), source: "test",
                              rates: ["KWD": dec("0.3412345"), "JPY": dec("175.68")])
        let state = CurrencyListState(codes: ["EUR", "KWD", "JPY"], anchorCode: "EUR", anchorText: "10", referenceCode: "EUR")
        let rows = try CurrencyListComputation(catalog: testCatalog, formatter: f).rows(state, table: table).get()
        XCTAssertEqual(rows["KWD"], .amount("3.412"))
        XCTAssertEqual(rows["JPY"], .amount("1,757"))
    }

    func testBadAnchorTextIsAnErrorNotANumber() {
        let state = CurrencyListState(codes: ["USD", "EUR"], anchorCode: "USD", anchorText: "1e999", referenceCode: "EUR")
        let result = CurrencyListComputation(catalog: testCatalog, formatter: f).rows(state, table: ecb20261030)
        XCTAssertEqual(result.map { _ in 0 }, .failure(.invalidCharacter("e")))
    }

    func testRowWithoutRate() throws {
        let state = CurrencyListState(codes: ["USD", "KWD"], anchorCode: "USD", anchorText: "1", referenceCode: "USD")
        let rows = try CurrencyListComputation(catalog: testCatalog, formatter: f).rows(state, table: ecb20261030).get()
        XCTAssertEqual(rows["KWD"], .noRate)
    }

    func testAQuoteReadsAsOneRateLine() {
        XCTAssertEqual(ecb20261030.quote(from: "USD", to: "EUR")?.pair(f).description, "1 USD = 0.8951 EUR")
        XCTAssertEqual(ecb20261030.quote(from: "IDR", to: "EUR")?.pair(f).description, "1 IDR = 0.00004932 EUR")
        XCTAssertEqual(ecb20261030.quote(from: "EUR", to: "USD")?.rate, dec("1.1172"))
        XCTAssertEqual(ecb20261030.quote(from: "EUR", to: "USD")?.publication, ecb20261030.current)
        XCTAssertEqual(ecb20261030.quote(from: "EUR", to: "EUR")?.rate, 1)
        XCTAssertNil(ecb20261030.quote(from: "USD", to: "KWD"), "no publication has both")
        // A translation words and orders it (here as a right-to-left language might put it).
        let reordered = Translations(translate: { $0 == "1 %1$@ = %2$@ %3$@" ? "%2$@ %3$@ = 1 %1$@" : $0 },
                                     translatePlural: { one, _, _ in one })
        XCTAssertEqual(ecb20261030.quote(from: "USD", to: "EUR")?.pair(f).text(reordered.translate), "0.8951 EUR = 1 USD")
        XCTAssertEqual(Quote.around("CUP", "USD", .english).before, "1 CUP =")
        XCTAssertEqual(Quote.around("CUP", "USD", .english).after, "USD")
        XCTAssertEqual(Quote.around("CUP", "USD", reordered).before, "")
        XCTAssertEqual(Quote.around("CUP", "USD", reordered).after, "USD = 1 CUP")
    }
}

final class FillingTests: XCTestCase {
    func bundled() throws -> RateTable {
        try ECBHistoryCSV.latest(try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv")))
    }

    func cbr() throws -> RateTable {
        try ProviderParser.parse(.cbr, try Fixture.data("cbr_XML_daily.asp.xml"), today: day("2026-11-22")).table
    }

    func testTheBankOfRussiaFillsInTheRoubleInItsOwnPublication() throws {
        let table = try bundled().filling(from: [try cbr()])
        XCTAssertEqual(table.source, "ECB")
        XCTAssertEqual(table.date, day("2026-10-30"))
        XCTAssertEqual(table.current, Publication(day: day("2026-10-30"), source: "ECB"))
        // The rouble: the Bank of Russia's of 25 Apr 2026 beats the ECB's last of 1 Mar 2022.
        XCTAssertEqual(table.publication(from: "USD", to: "RUB"), Publication(day: day("2026-04-25"), source: "Bank of Russia"))
        XCTAssertEqual(table.publication(from: "RUB", to: "EUR"), Publication(day: day("2026-04-25"), source: "Bank of Russia"))
        // Pairs the ECB publishes today stay the ECB's.
        XCTAssertEqual(table.publication(from: "USD", to: "JPY"), table.current)
        XCTAssertEqual(table.rate(from: "EUR", to: "USD"), dec("1.1172"))
        // USD to RUB is the Bank of Russia's own figure, never an ECB USD mixed with a CBR RUB.
        let cbrOnly = try cbr()
        XCTAssertEqual(table.rate(from: "USD", to: "RUB"), cbrOnly.rate(from: "USD", to: "RUB"))
        // The kuna: nobody publishes it any more; the ECB's last day stands.
        XCTAssertEqual(table.publication(from: "EUR", to: "HRK"), Publication(day: day("2022-12-30"), source: "ECB"))
    }

    func testThePrimaryWinsWhereItHasTheCurrency() throws {
        // With the Bank of Russia primary, its own pairs stay its own; the ECB fills the rest.
        let table = try cbr().filling(from: [try bundled()])
        XCTAssertEqual(table.source, "Bank of Russia")
        XCTAssertEqual(table.publication(from: "USD", to: "EUR")?.source, "Bank of Russia")
        XCTAssertEqual(table.publication(from: "EUR", to: "ISK")?.source, "ECB", "a currency the Bank of Russia lacks")
    }

    func testFillingFromNothingIsTheSameTable() throws {
        let b = try bundled()
        XCTAssertEqual(b.filling(from: []), b)
    }
}
