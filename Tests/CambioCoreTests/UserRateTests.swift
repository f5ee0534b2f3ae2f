import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The user's own rates: applied to the rates in use exactly and instead of the providers',
/// labelled as the user's wherever a rate's source shows, recorded for the history, and read
/// from the data file entry by entry.
final class UserRateTests: XCTestCase {
    let set = day("2026-11-22")
    /// KWD: a currency the ECB does not publish. 1 KWD = 3.2571 USD.
    var kwd: UserRate { UserRate(code: "KWD", value: dec("3.2571"), anchor: "USD", day: set) }
    var table: RateTable { ecb20261030.applying([kwd]) }

    // MARK: The rates in use

    func testACurrencyNoProviderHasConvertsExactlyAtTheUsersRate() throws {
        XCTAssertFalse(ecb20261030.has("KWD"))
        XCTAssertTrue(table.has("KWD"))
        XCTAssertEqual(table.rate(from: "KWD", to: "USD"), dec("3.2571"), "every digit as set")
        XCTAssertEqual(table.convert(dec("100"), from: "KWD", to: "USD"), dec("325.71"))
        XCTAssertEqual(table.convert(dec("325.71"), from: "USD", to: "KWD"), dec("100"))
        // Through the anchor's own publication: 3.2571 USD at 1.1172 USD a euro.
        XCTAssertEqual(table.convert(dec("1.1172"), from: "KWD", to: "EUR"), dec("3.2571"))
        XCTAssertEqual(table.convert(dec("100"), from: "KWD", to: "JPY"), dec("100") * dec("3.2571") * dec("175.68") / dec("1.1172"))
        XCTAssertEqual(table.userRate(for: "KWD"), kwd)
        XCTAssertEqual(table.userCodes, ["KWD"])
    }

    /// Typing into a currency with a user rate: the list turns the amount into the rate's own
    /// currency once and converts from there in fixed point; every row, the fee's figures too,
    /// is what the exact Decimal conversion from the typed currency gives.
    func testTypingIntoACurrencyWithYourRateGivesTheExactFiguresOfEveryRow() throws {
        let f = DecimalFormatter(locale: Locale(identifier: "en_US"))
        let computation = CurrencyListComputation(catalog: testCatalog, formatter: f)
        // KWD on USD; GBP on EUR; IDR on KWD (a chain to USD); RUB keeps the ECB's 2022 rate.
        let rates = [kwd, UserRate(code: "GBP", value: dec("1.15"), anchor: "EUR", day: set),
                     UserRate(code: "IDR", value: dec("0.0000301"), anchor: "KWD", day: set)]
        let table = ecb20261030.applying(rates)
        let codes = ["EUR", "USD", "JPY", "KWD", "GBP", "RUB", "IDR"]
        for anchor in ["KWD", "IDR", "GBP", "USD"] {
            for text in ["100", "0.07", "123456.789"] {
                let state = CurrencyListState(codes: codes, anchorCode: anchor, anchorText: text, referenceCode: "USD")
                let fee = Fee(percent: dec("2.2"))
                let fixed = try computation.rows(state, fee: fee, table: table, fixedPoint: true).get()
                let exact = try computation.rows(state, fee: fee, table: table, fixedPoint: false).get()
                XCTAssertEqual(fixed.rows, exact.rows, "\(text) \(anchor)")
                XCTAssertEqual(fixed.withFee, exact.withFee, "\(text) \(anchor) with the fee")
                XCTAssertEqual(fixed.rows.count, codes.count - 1)
            }
        }
        let state = CurrencyListState(codes: codes, anchorCode: "KWD", anchorText: "100", referenceCode: "USD")
        let rows = try computation.rows(state, table: table).get()
        XCTAssertEqual(rows["USD"], .amount("325.71"), "every digit of the rate as set")
        XCTAssertEqual(rows["EUR"], .amount("291.54"), "325.71 USD at 1.1172 USD a euro")
        XCTAssertEqual(table.inRoot(dec("100"), of: "IDR")?.root, "USD", "a chain ends at a provider's currency")
        XCTAssertNil(table.inRoot(dec("100"), of: "EUR"))
    }

    func testThePairIsLabelledAsTheUsersRateOfTheDayItWasSet() {
        XCTAssertEqual(table.publication(from: "KWD", to: "EUR"), Publication(day: set, source: "user"))
        XCTAssertEqual(table.publication(from: "GBP", to: "KWD"), Publication(day: set, source: "user"))
        XCTAssertEqual(table.publication(from: "USD", to: "EUR"), ecb20261030.current, "other pairs keep their source")
        XCTAssertEqual(table.rates["KWD"]?.source, "user")
    }

    func testItReplacesAProvidersRateAndRemovingItGivesThatRateBack() {
        let gbp = UserRate(code: "GBP", value: dec("1.15"), anchor: "EUR", day: set)
        let mine = ecb20261030.applying([gbp])
        XCTAssertEqual(mine.rate(from: "GBP", to: "EUR"), dec("1.15"), "a cash office's rate, not the ECB's 1/0.8338")
        XCTAssertEqual(mine.convert(dec("100"), from: "EUR", to: "GBP")!.rounded(places: 2), dec("86.96"))
        let back = mine.applying([])
        XCTAssertEqual(back, ecb20261030)
        XCTAssertEqual(back.rate(from: "EUR", to: "GBP"), dec("0.8338"))
        XCTAssertEqual(back.publication(from: "GBP", to: "EUR"), ecb20261030.current)
    }

    func testTheFixedPointPathGivesTheSameFigures() {
        let list = CurrencyListState(codes: ["KWD", "USD", "EUR", "JPY"], anchorCode: "KWD", anchorText: "100", referenceCode: "USD")
        let c = CurrencyListComputation(catalog: testCatalog, formatter: DecimalFormatter(locale: Locale(identifier: "en_US")))
        let fixed = try? c.rows(list, table: table).get(), decimal = try? c.rows(list, table: table, fixedPoint: false).get()
        XCTAssertEqual(fixed, decimal)
        XCTAssertEqual(fixed?["USD"], .amount("325.71"))
        XCTAssertNotNil(table.fixed(from: "KWD", to: "EUR"), "the fast path is taken")
    }

    func testChainsOfUserRatesResolveAndCirclesAreLeftOut() {
        let usd = UserRate(code: "USD", value: dec("0.9"), anchor: "EUR", day: set)
        let both = ecb20261030.applying([kwd, usd])
        XCTAssertEqual(both.rate(from: "KWD", to: "EUR"), dec("3.2571") * dec("0.9"))
        XCTAssertEqual(both.rate(from: "KWD", to: "USD"), dec("3.2571"))
        let circle = ecb20261030.applying([usd, UserRate(code: "EUR", value: dec("1.2"), anchor: "USD", day: set)])
        XCTAssertEqual(circle.userCodes, [], "neither applies: the providers' rates stay in use")
        let nowhere = ecb20261030.applying([UserRate(code: "HRK", value: dec("1"), anchor: "KWD", day: set)])
        XCTAssertFalse(nowhere.has("HRK"), "an anchor without any rate gives no rate")
    }

    // MARK: Checks when setting

    func testSettingChecksTheValueTheAnchorAndCircles() {
        var rates = UserRates()
        XCTAssertNoThrow(try rates.set(kwd, table: ecb20261030))
        XCTAssertThrowsError(try rates.set(UserRate(code: "USD", value: dec("2"), anchor: "KWD", day: set), table: ecb20261030.applying(rates.all))) {
            XCTAssertEqual($0 as? UserRateProblem, .circular(anchor: "KWD"))
        }
        XCTAssertThrowsError(try rates.set(UserRate(code: "GBP", value: dec("1"), anchor: "IDRX", day: set), table: ecb20261030)) {
            XCTAssertEqual($0 as? UserRateProblem, .anchorWithoutRate("IDRX"))
        }
        XCTAssertThrowsError(try rates.set(UserRate(code: "GBP", value: dec("1"), anchor: "GBP", day: set), table: ecb20261030)) {
            XCTAssertEqual($0 as? UserRateProblem, .sameCurrency)
        }
        XCTAssertThrowsError(try rates.set(UserRate(code: "GBP", value: 0, anchor: "EUR", day: set), table: ecb20261030))
        // Setting again replaces.
        XCTAssertNoThrow(try rates.set(UserRate(code: "KWD", value: dec("3.3"), anchor: "EUR", day: set), table: ecb20261030))
        XCTAssertEqual(rates.all.map(\.value), [dec("3.3")])
        XCTAssertTrue(rates.remove("KWD"))
        XCTAssertFalse(rates.remove("KWD"))
    }

    func testTypedRatesAreReadInTheLocaleAndRefusedWithAReason() {
        let de = NumberStyle(locale: Locale(identifier: "de_DE")), en = NumberStyle(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(try UserRates.parse("0,0082", style: de).get(), dec("0.0082"))
        XCTAssertEqual(try UserRates.parse("1,234.5", style: en).get(), dec("1234.5"))
        XCTAssertEqual(UserRates.parse("abc", style: en), .failure(.notANumber(.invalidCharacter("a"))))
        // Each unreadable text says what is wrong with it, in the words used for any amount.
        XCTAssertEqual(UserRates.parse("abc", style: en).failureText, "“a” is not part of a number")
        XCTAssertEqual(UserRates.parse("", style: en).failureText, "Enter a rate: a number above zero")
        XCTAssertEqual(UserRates.parse("1-2", style: en).failureText, "A sign can only stand at the start")
        XCTAssertEqual(UserRates.parse("1.2.3", style: en).failureText, "Misplaced decimal or group mark")
        XCTAssertEqual(UserRates.parse("0,0082", style: de).failureText, "", "the locale's decimal comma is read")
        XCTAssertEqual(UserRates.parse("1" + String(repeating: "0", count: 40), style: en).failureText,
                       "The rate has too many digits")
        XCTAssertEqual(UserRates.parse("-2", style: en), .failure(.notPositive))
        XCTAssertEqual(UserRates.parse("0", style: en), .failure(.notPositive))
        XCTAssertEqual(UserRates.parse("99999999999999", style: en), .failure(.tooLarge))
        XCTAssertEqual(UserRates.parse("0.0000000000001", style: en), .failure(.tooSmall))
        XCTAssertEqual(UserRateProblem.notPositive.description, "The rate must be more than zero")
    }

    // MARK: Labels

    func testEveryRateLineSaysYourRateAndTheDayItWasSet() {
        let english = Locale(identifier: "en_US")
        let currencies = CurrenciesModel(list: CurrencyListState(codes: ["USD", "KWD"], anchorCode: "USD", anchorText: "1", referenceCode: "USD"),
                                         catalog: testCatalog, formatter: DecimalFormatter(locale: english), days: DayFormatter(locale: english))
        XCTAssertEqual(currencies.rateLine("KWD", table: table).description, "1 KWD = 3.2571 USD · your rate · set Nov 22, 2026")
        XCTAssertFalse(currencies.rateLine("KWD", table: table).isStale)

        var converter = ConverterModel(state: ConverterState(source: "KWD", targets: ["USD", "EUR"], amountText: "100"),
                                       formatter: DecimalFormatter(locale: english), days: DayFormatter(locale: english),
                                       catalog: testCatalog, words: .english)
        converter.recalculate(table: table, today: day("2026-12-30"))
        XCTAssertEqual(converter.rows.map(\.amountText), ["325.71", "291.54"])
        XCTAssertEqual(converter.rows[0].rateLine, "1 KWD = 3.2571 USD · your rate · set Nov 22, 2026")
        XCTAssertFalse(converter.rows[0].isStale, "a rate the user set is not a provider's late publication")

        let calc = Calculator(formatter: DecimalFormatter(locale: english), catalog: testCatalog)
        guard case .success(.conversion(_, let value, let quote)) = calc.evaluate("100 KWD to USD", rates: table) else {
            return XCTFail("not converted")
        }
        XCTAssertEqual(value, dec("325.71"))
        XCTAssertEqual(quote.publication, Publication(day: set, source: "user"))
    }

    // MARK: The history

    func testTheHistoryRecordsTheRateAsSetAndItShowsForPairsWithThatCurrencyOnly() {
        guard let p = table.userPublication("KWD") else { return XCTFail("no record") }
        XCTAssertEqual(p.source, "user:KWD")
        XCTAssertEqual(p.base, "KWD")
        XCTAssertEqual(p.day, set)
        XCTAssertEqual(p.rates["USD"], dec("3.2571"), "as set")
        let ecb = DayPublication(day: set, source: "ECB", base: "EUR", rates: ["USD": dec("1.1"), "KWD": dec("3")])
        let pair = PairHistory(from: "KWD", to: "USD", publications: [ecb, p])
        XCTAssertEqual(pair.points.map(\.source), ["user:KWD"], "the user's rate was the one in use that day")
        XCTAssertEqual(pair.points.first?.rate, dec("3.2571"))
        let other = PairHistory(from: "EUR", to: "USD", publications: [p])
        XCTAssertEqual(other.points, [], "it says nothing of pairs without KWD")
        XCTAssertEqual(other.gaps, [], "nor makes a gap in them")
        XCTAssertEqual(Publication.sourceName("user:KWD").description, "your rate")
    }

    func testStartUpDropsRatesOfCurrenciesTheCatalogueDoesNotKnow() throws {
        let rates = UserRates([kwd, UserRate(code: "XYZ", value: 1, anchor: "USD", day: set)])
        let (kept, dropped) = rates.sanitized(catalog: testCatalog)
        XCTAssertEqual(kept.all, [kwd])
        XCTAssertEqual(dropped, ["userRates: unknown currency XYZ"])
    }
}

private extension Result where Success == Decimal, Failure == UserRateProblem {
    /// The reason shown under the field, in English; empty when the text is a rate.
    var failureText: String {
        if case .failure(let problem) = self { return problem.description }
        return ""
    }
}
