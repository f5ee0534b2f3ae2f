import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

final class ConverterTests: XCTestCase {
    let en = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US")))
    let de = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "de_DE")))

    func state(_ source: String = "USD", _ targets: [String] = ["EUR", "JPY"], amount: String = "100") -> ConverterState {
        ConverterState(source: source, targets: targets, amountText: amount)
    }

    // MARK: Currencies

    func testFirstRunUsesTheLocalesCurrency() {
        XCTAssertEqual(ConverterState.firstRun(home: "RUB", catalog: testCatalog),
                       ConverterState(source: "RUB", targets: ["USD", "EUR"], amountText: "100"))
        XCTAssertEqual(ConverterState.firstRun(home: "USD", catalog: testCatalog).targets, ["EUR", "GBP"])
        // A withdrawn or unknown locale currency falls back to USD.
        XCTAssertEqual(ConverterState.firstRun(home: "HRK", catalog: testCatalog).source, "USD")
        XCTAssertEqual(ConverterState.firstRun(home: nil, catalog: testCatalog).source, "USD")
    }

    /// A Converter never used starts from the reference currency chosen in Preferences, not the
    /// locale's; a Converter used keeps its own source.
    func testAnUnusedConverterStartsFromTheReferenceCurrency() {
        let locale = LocaleEnvironment(environment: ["LANG": "en_US.UTF-8"])
        let chosen = CurrencyListState(codes: ["USD", "GBP", "JPY"], anchorCode: "USD", anchorText: "100", referenceCode: "GBP")
        let unused = AppState.adopting(AppState(currencies: chosen), catalog: testCatalog, locale: locale).state
        XCTAssertEqual(unused.converter.source, "GBP")
        XCTAssertEqual(unused.converter.targets, ["USD", "EUR"])
        let used = AppState(currencies: chosen, converter: state("JPY", ["EUR"]))
        XCTAssertEqual(AppState.adopting(used, catalog: testCatalog, locale: locale).state.converter.source, "JPY")
    }

    func testSwapExchangesSourceAndFirstTargetAndKeepsTheAmount() {
        var s = state(amount: "12*3")
        s.swap()
        XCTAssertEqual(s, state("EUR", ["USD", "JPY"], amount: "12*3"))
        s.swap()
        XCTAssertEqual(s, state(amount: "12*3"))
    }

    func testChoosingACurrencyThatIsAlreadyInUseExchangesPlaces() {
        var s = state()
        s.setSource("JPY")              // a target becomes the source: the old source takes its place
        XCTAssertEqual(s, state("JPY", ["EUR", "USD"]))
        s.setTarget(at: 0, to: "JPY")   // the source becomes a target: they exchange
        XCTAssertEqual(s, state("EUR", ["JPY", "USD"]))
        s.setTarget(at: 0, to: "USD")   // another target: the two targets exchange
        XCTAssertEqual(s, state("EUR", ["USD", "JPY"]))
        s.setTarget(at: 1, to: "GBP")
        XCTAssertEqual(s, state("EUR", ["USD", "GBP"]))
        s.setTarget(at: 5, to: "RUB")   // out of range: nothing
        XCTAssertEqual(s, state("EUR", ["USD", "GBP"]))
    }

    func testAddingRemovingAndReorderingTargets() {
        var s = state()
        XCTAssertFalse(s.addTarget("USD"), "the source is not a target")
        XCTAssertFalse(s.addTarget("EUR"), "no repeats")
        XCTAssertTrue(s.addTarget("GBP"))
        XCTAssertEqual(s.targets, ["EUR", "JPY", "GBP"])
        XCTAssertTrue(s.moveTarget("GBP", by: -1))
        XCTAssertEqual(s.targets, ["EUR", "GBP", "JPY"])
        XCTAssertFalse(s.moveTarget("EUR", by: -1), "the first stays first")
        s.moveTarget("JPY", to: 0)
        XCTAssertEqual(s.targets, ["JPY", "EUR", "GBP"])
        XCTAssertTrue(s.removeTarget("EUR"))
        XCTAssertTrue(s.removeTarget("JPY"))
        XCTAssertFalse(s.removeTarget("GBP"), "the last target stays")
        XCTAssertEqual(s.targets, ["GBP"])
    }

    func testSanitizingARestoredState() {
        let fallback = state()
        var saved = state("XXX", ["USD", "EUR", "EUR", "ZZZ"])
        saved.favourites = [FavouritePair(from: "USD", to: "EUR"), FavouritePair(from: "USD", to: "EUR"),
                            FavouritePair(from: "ZZZ", to: "EUR"), FavouritePair(from: "GBP", to: "GBP")]
        let s = saved.sanitized(catalog: testCatalog, fallback: fallback)
        XCTAssertEqual(s.source, "USD", "an unknown source falls back")
        XCTAssertEqual(s.targets, ["EUR"], "the source, repeats and unknown codes are dropped")
        XCTAssertEqual(s.favourites, [FavouritePair(from: "USD", to: "EUR")])
        XCTAssertEqual(s.amountText, "100")
        // Nothing left: the fallback's targets.
        XCTAssertEqual(state("USD", ["USD"]).sanitized(catalog: testCatalog, fallback: fallback).targets, ["EUR", "JPY"])
    }

    // MARK: Favourites

    func testTheStarAddsAPairAndASecondPressTakesItOutFromItsPlace() {
        var s = state()
        let usdEur = FavouritePair(from: "USD", to: "EUR"), eurUsd = FavouritePair(from: "EUR", to: "USD")
        XCTAssertEqual(s.toggleFavourite(), .added(usdEur))
        s.swap()
        XCTAssertEqual(s.toggleFavourite(), .added(eurUsd), "the reverse pair is another pair")
        s.swap()
        XCTAssertEqual(s.toggleFavourite(), .removed(usdEur, index: 0))
        XCTAssertEqual(s.favourites, [eurUsd])
        s.restoreFavourite(usdEur, at: 0)
        XCTAssertEqual(s.favourites, [usdEur, eurUsd], "Undo puts it back where it was")
        s.restoreFavourite(usdEur, at: 1)
        XCTAssertEqual(s.favourites, [usdEur, eurUsd], "a favourite again is not added twice")
        XCTAssertEqual(s.removeFavourite(eurUsd), 1)
        XCTAssertNil(s.removeFavourite(eurUsd), "not a favourite: nothing to put back")
        s.favourites = []
        s.restoreFavourite(eurUsd, at: 5)
        XCTAssertEqual(s.favourites, [eurUsd], "a place past the end is the end")
    }

    func testRemovingAndReorderingFavourites() {
        var s = state()
        let a = FavouritePair(from: "USD", to: "EUR"), b = FavouritePair(from: "GBP", to: "JPY"), c = FavouritePair(from: "EUR", to: "RUB")
        s.favourites = [a, b, c]
        XCTAssertTrue(s.moveFavourite(c, by: -1))
        XCTAssertEqual(s.favourites, [a, c, b])
        XCTAssertFalse(s.moveFavourite(b, by: 1))
        s.moveFavourite(b, to: 0)
        XCTAssertEqual(s.favourites, [b, a, c])
        s.removeFavourite(a)
        XCTAssertEqual(s.favourites, [b, c])
    }

    func testLoadingAFavouritePutsItsTargetFirstAndKeepsTheOthers() {
        var s = state("USD", ["EUR", "JPY", "GBP"])
        s.load(FavouritePair(from: "GBP", to: "JPY"))
        XCTAssertEqual(s.source, "GBP")
        XCTAssertEqual(s.targets, ["JPY", "EUR", "USD"])
        s.load(FavouritePair(from: "JPY", to: "GBP"))   // the reverse of the current pair
        XCTAssertEqual(s.source, "JPY")
        XCTAssertEqual(s.targets, ["GBP", "EUR", "USD"])
        s.load(FavouritePair(from: "RUB", to: "KWD"))   // neither in use
        XCTAssertEqual(s.source, "RUB")
        XCTAssertEqual(s.targets, ["KWD", "GBP", "EUR", "USD"])
        XCTAssertEqual(s.amountText, "100")
    }

    func testSearchingFavouritesByCodeAndByNameInTheUsersLanguage() {
        let usdEur = FavouritePair(from: "USD", to: "EUR"), gbpJpy = FavouritePair(from: "GBP", to: "JPY"),
            rubUsd = FavouritePair(from: "RUB", to: "USD")
        let all = [usdEur, gbpJpy, rubUsd]
        let search = FavouriteSearch(catalog: testCatalog, locale: Locale(identifier: "ru_RU"))
        XCTAssertEqual(search.filter(all, query: ""), all)
        XCTAssertEqual(search.filter(all, query: "  "), all)
        XCTAssertEqual(search.filter(all, query: "usd"), [usdEur, rubUsd], "either side, any case")
        XCTAssertEqual(search.filter(all, query: "jp"), [gbpJpy])
        XCTAssertEqual(search.filter(all, query: "usd eur"), [usdEur], "every word must match")
        XCTAssertEqual(search.filter(all, query: "USD→EUR"), [usdEur])
        XCTAssertEqual(search.filter(all, query: "gbp/jpy"), [gbpJpy])
        XCTAssertEqual(search.filter(all, query: "pound"), [gbpJpy], "English name")
        XCTAssertEqual(search.filter(all, query: "рубль"), [rubUsd], "localized name")
        XCTAssertEqual(search.filter(all, query: "РУБЛЬ доллар"), [], "no currency here is named доллар")
        XCTAssertEqual(search.filter(all, query: "dollar ruble"), [rubUsd])
        XCTAssertEqual(search.filter(all, query: "chf"), [])
    }

    // MARK: Debounce

    func testDebounceWaitsForAPauseInTyping() {
        var d = Debouncer(delay: 0.3)
        XCTAssertFalse(d.isPending)
        XCTAssertNil(d.remaining(at: 0))
        XCTAssertFalse(d.fire(at: 10), "nothing typed, nothing to do")
        d.input(at: 10.0)
        d.input(at: 10.1)
        d.input(at: 10.25)                  // keys 0.1-0.15 s apart: still typing
        XCTAssertFalse(d.fire(at: 10.3), "0.3 s after the first key, but only 0.05 s after the last")
        XCTAssertEqual(d.remaining(at: 10.3)!, 0.25, accuracy: 1e-9)
        XCTAssertTrue(d.fire(at: 10.55), "0.3 s after the last key")
        XCTAssertFalse(d.fire(at: 10.6), "once")
        XCTAssertFalse(d.isPending)
    }

    func testEnterRunsAtOnceAndOnlyWhenSomethingWaits() {
        var d = Debouncer(delay: 0.3)
        XCTAssertFalse(d.flush())
        d.input(at: 1)
        XCTAssertTrue(d.flush())
        XCTAssertFalse(d.fire(at: 5), "flushed work does not run again")
        d.input(at: 6)
        d.cancel()
        XCTAssertFalse(d.fire(at: 7))
    }

    // MARK: Results

    func testResultsUseTheExactEvaluatedAmount() {
        let c = ConverterComputation(catalog: testCatalog, formatter: en)
        guard case .success(let amount) = c.evaluate("12*3") else { return XCTFail() }
        XCTAssertEqual(amount, 36)
        let results = c.results(amount: amount, state: state("USD", ["EUR", "JPY", "RUB"]), table: ecb20261030)
        XCTAssertEqual(results[0].text, "32.22")     // 36 / 1.1172 = 32.2234...
        XCTAssertEqual(results[0].value, amount / dec("1.1172"))
        XCTAssertEqual(results[0].quote?.rate, 1 / dec("1.1172"))
        XCTAssertEqual(results[0].quote?.pair(en).description, "1 USD = 0.8951 EUR")
        XCTAssertEqual(results[0].quote?.publication, Publication(day: day("2026-10-30"), source: "ECB"))
        XCTAssertEqual(results[1].text, "5,661")     // 36 * 175.68 / 1.1172 = 5661.0...
        // RUB's last ECB rate is of 1 Mar 2022: converted in that day's publication, and says so.
        XCTAssertEqual(results[2].quote?.day, day("2022-03-01"))
        XCTAssertEqual(results[2].text, "3,780.00")  // 36 × 117.201 / 1.1162, exactly
    }

    func testAThirdOfAnAmountIsConvertedExactlyAndRoundedOnlyForDisplay() {
        let c = ConverterComputation(catalog: testCatalog, formatter: de)
        guard case .success(let amount) = c.evaluate("(100+20)/3,5") else { return XCTFail() }
        XCTAssertEqual(c.evaluatedText(amount), "\u{2248} 34,2857142857")
        guard case .success(let whole) = c.evaluate("1.234,5") else { return XCTFail() }
        XCTAssertEqual(c.evaluatedText(whole), "= 1.234,5")
        let r = c.results(amount: amount, state: state("EUR", ["KWD"]), table: RateTable(
            base: "EUR", date: day("2026-10-30"), source: "ECB", rates: ["KWD": dec("0.3")]))
        XCTAssertEqual(r[0].text, "10,286", "34.2857142857142857… × 0.3 = 10.2857…, three places")
    }

    func testACurrencyWithoutARateHasNoResult() {
        let c = ConverterComputation(catalog: testCatalog, formatter: en)
        let r = c.results(amount: 1, state: state("USD", ["KWD"]), table: ecb20261030)
        XCTAssertNil(r[0].text)
        XCTAssertNil(r[0].quote)
    }

    func testErrorsAreValuesNotCrashes() {
        let c = ConverterComputation(catalog: testCatalog, formatter: en)
        XCTAssertEqual(c.evaluate("1/0"), .failure(.divisionByZero))
        XCTAssertEqual(c.evaluate(""), .failure(.empty))
        XCTAssertEqual(c.evaluate("0.1+0.2"), .success(dec("0.3")))
    }

    func testRateAge() {
        XCTAssertEqual(RateAge.days(day("2026-10-30"), today: day("2026-11-22")), 23)
        XCTAssertEqual(RateAge.days(day("2026-11-22"), today: day("2026-11-22")), 0)
        XCTAssertFalse(RateAge.isStale(day("2026-04-02"), today: day("2026-04-06")), "Easter: Thursday to Monday")
        XCTAssertTrue(RateAge.isStale(day("2026-10-30"), today: day("2026-11-04")))
        XCTAssertEqual(RateAge.days(day("2026-11-23"), today: day("2026-11-22")), 0, "a day ahead (time zones) is not negative")
    }
}

final class DayTests: XCTestCase {
    func testISODaysReadAndWriteExactly() {
        for text in ["1999-01-04", "2024-02-29", "2026-10-30", "9999-12-31"] {
            XCTAssertEqual(Day(iso: text)?.iso, text)
        }
        for bad in ["2024-1-05", "20240105", "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "24-01-05",
                    "2024-01-05-", "2024--01-05", "2024-01-0x", "", "-", "2024-01-05 ", "1899-12-31"] {
            XCTAssertNil(Day(iso: bad), bad)
        }
        XCTAssertEqual(Day(iso: "2024-03-01")!.previous.iso, "2024-02-29")
        XCTAssertEqual(Day(iso: "2024-02-28")!.adding(days: 2).iso, "2024-03-01")
    }
}

/// How the window speaks of the rates in use, without a display.
final class RatesInUseTests: XCTestCase {
    func testTheRatesSourceDayAndAgeInWordsAndWhenTheyAreOld() {
        let days = DayFormatter(locale: Locale(identifier: "en_US"))
        let words = Translations.english
        let table = RateTable(base: "EUR", source: "ECB", days: [Day(iso: "2026-10-30")!: ["USD": Decimal(string: "1.1172")!]])
        let now = Day(iso: "2026-11-27")!.date.addingTimeInterval(12 * 3600)
        XCTAssertEqual(RatesInUse.description(table, fetchedAt: nil, now: now, days: days, words: words), "ECB rates of Oct 30, 2026")
        XCTAssertEqual(RatesInUse.description(table, fetchedAt: now.addingTimeInterval(-3 * 3600), now: now, days: days, words: words),
                       "ECB rates of Oct 30, 2026 \u{00B7} updated 3 h ago")
        XCTAssertEqual(RatesInUse.description(nil, fetchedAt: nil, now: now, days: days, words: words), "No rates available")
        XCTAssertEqual(RatesInUse.staleDays(table, now: now), 28)
        XCTAssertNil(RatesInUse.staleDays(table, now: Day(iso: "2026-10-30")!.date.addingTimeInterval(20 * 3600)), "the day's own rates")
    }
}
