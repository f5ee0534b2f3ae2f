import XCTest
@testable import CambioCore
import CambioTestSupport

final class ShellSearchTests: XCTestCase {
    let en = NumberStyle(locale: Locale(identifier: "en_US"))
    let ru = NumberStyle(locale: Locale(identifier: "ru_RU"))
    let de = NumberStyle(locale: Locale(identifier: "de_DE"))

    func query(_ text: String, _ style: NumberStyle? = nil) -> SearchQuery? {
        SearchQuery.parse(text.split(separator: " ").map(String.init), style: style ?? en, isCurrency: { testCatalog[$0] != nil })
    }

    func search(_ locale: String = "en_US") -> ShellSearch {
        ShellSearch(catalog: testCatalog, formatter: DecimalFormatter(locale: Locale(identifier: locale)),
                    days: DayFormatter(locale: Locale(identifier: locale)))
    }

    /// Reference GBP, favourites USD → JPY and EUR → KWD, the Converter on EUR → USD.
    let state = AppState(currencies: CurrencyListState(codes: ["GBP", "EUR", "USD", "JPY"], anchorCode: "GBP", anchorText: "1",
                                                       referenceCode: "GBP"),
                         converter: ConverterState(source: "EUR", targets: ["USD"], amountText: "1",
                                                   favourites: [FavouritePair(from: "EUR", to: "KWD"), FavouritePair(from: "USD", to: "JPY")]))

    func testTheIssuesQueriesAreConversions() {
        XCTAssertEqual(query("100 usd to eur"), SearchQuery(amount: 100, from: "USD", to: "EUR"))
        XCTAssertEqual(query("100 USD in EUR"), SearchQuery(amount: 100, from: "USD", to: "EUR"))
        XCTAssertEqual(query("12*3 gbp jpy"), SearchQuery(amount: 36, from: "GBP", to: "JPY"))
        XCTAssertEqual(query("100 usd"), SearchQuery(amount: 100, from: "USD", to: nil))
        XCTAssertEqual(query("1 234,5 RUB в USD", ru), SearchQuery(amount: dec("1234.5"), from: "RUB", to: "USD"))
    }

    func testOtherSpellings() {
        XCTAssertEqual(query("100usd to eur"), SearchQuery(amount: 100, from: "USD", to: "EUR"))
        XCTAssertEqual(query("100usd eur"), SearchQuery(amount: 100, from: "USD", to: "EUR"))
        XCTAssertEqual(query("100usd"), SearchQuery(amount: 100, from: "USD", to: nil))
        XCTAssertEqual(query("12 * 3 gbp → jpy"), SearchQuery(amount: 36, from: "GBP", to: "JPY"))
        XCTAssertEqual(query("(100+20)/3 eur = usd"), SearchQuery(amount: 40, from: "EUR", to: "USD"))
        XCTAssertEqual(query("1.234,5 eur usd", de), SearchQuery(amount: dec("1234.5"), from: "EUR", to: "USD"))
        XCTAssertEqual(query("0,5 eur usd", de), SearchQuery(amount: dec("0.5"), from: "EUR", to: "USD"))
        XCTAssertEqual(query("-5 eur"), SearchQuery(amount: -5, from: "EUR", to: nil))
    }

    /// A space groups digits and a comma before one or two digits is the decimal mark in every
    /// locale, so "1 234,5" is 1234.5 in English too; a comma before exactly three digits
    /// follows the locale ("1 234,567": 1234567 in English, 1234.567 in Russian).
    func testGroupingBySpaceAndDecimalCommaOutsideRussian() {
        XCTAssertEqual(query("1 234,5 RUB в USD", en)?.amount, dec("1234.5"))
        XCTAssertEqual(query("1 234,5 rub to usd", de)?.amount, dec("1234.5"))
        XCTAssertEqual(query("1 234,567 rub usd", en)?.amount, dec("1234567"))
        XCTAssertEqual(query("1 234,567 rub usd", ru)?.amount, dec("1234.567"))
    }

    func testAnythingElseIsNoConversion() {
        for text in ["", "100", "usd", "usd to eur", "100 usd to", "100 to eur", "100 xyz to eur", "100 usd to xyz",
                     "buy 100 usd", "100 dollars", "hello world", "100 usd usd", "firefox", "1/0 usd eur", "2+ usd",
                     "usd eur", "abcusd eur", "100 usd to eur now", String(repeating: "1", count: 300) + " usd"] {
            XCTAssertNil(query(text), text)
        }
    }

    func testWithoutATargetTheReferenceAndTheFirstFavouriteOfTheCurrency() {
        let all: (String) -> Bool = { _ in true }
        XCTAssertEqual(SearchTargets.defaults(for: "USD", state: state, convertible: all), ["GBP", "JPY"])
        // The reference itself: the favourite with it, then the first favourite's target.
        XCTAssertEqual(SearchTargets.defaults(for: "GBP", state: state, convertible: all), ["KWD", "EUR"])
        XCTAssertEqual(SearchTargets.defaults(for: "EUR", state: state, convertible: all), ["GBP", "KWD"])
        XCTAssertEqual(SearchTargets.defaults(for: "EUR", state: state, convertible: { $0 != "KWD" }), ["GBP", "USD"])
        var plain = state
        plain.converter.favourites = []
        XCTAssertEqual(SearchTargets.defaults(for: "JPY", state: plain, convertible: all), ["GBP", "EUR"])
    }

    func testResultsAtTheRatesInUse() throws {
        let s = search()
        XCTAssertEqual(s.results(["100", "usd", "to", "eur"], table: ecb20261030, state: state), ["100|USD|EUR"])
        XCTAssertEqual(s.results(["100", "usd"], table: ecb20261030, state: state), ["100|USD|GBP", "100|USD|JPY"])
        XCTAssertEqual(s.results(["12*3", "gbp", "jpy"], table: ecb20261030, state: state), ["36|GBP|JPY"])
        XCTAssertEqual(s.results(["1", "234,5", "RUB", "в", "USD"], table: ecb20261030, state: state), ["1234.5|RUB|USD"])
        // No rate for the pair, no rates at all, or not a conversion: nothing.
        XCTAssertEqual(s.results(["100", "kwd", "eur"], table: ecb20261030, state: state), [])
        XCTAssertEqual(s.results(["100", "usd", "eur"], table: nil, state: state), [])
        XCTAssertEqual(s.results(["weather"], table: ecb20261030, state: state), [])

        let a = try XCTUnwrap(s.answer(id: "100|USD|EUR", table: ecb20261030))
        XCTAssertEqual(a.value, dec("100") / dec("1.1172"), "exact, never rounded")
        XCTAssertEqual(a.quote.publication, Publication(day: day("2026-10-30"), source: "ECB"))
        XCTAssertEqual(a.convertArgument, "100 USD EUR")
        let m = s.meta(a)
        XCTAssertEqual(m.name, "100 USD = 89.51 EUR")
        XCTAssertEqual(m.description, "1 USD = 0.8951 EUR · ECB · Oct 30, 2026")
        XCTAssertEqual(m.clipboardText, "89.51")
        // The rouble converts in the Bank of Russia's… here the ECB's last publication that had it.
        let r = try XCTUnwrap(s.answer(id: "1234.5|RUB|USD", table: ecb20261030))
        XCTAssertEqual(s.meta(r).name, "1,234.5 RUB = 11.76 USD")
        XCTAssertEqual(s.meta(r).description, "1 RUB = 0.009524 USD · ECB · Mar 1, 2022")
    }

    func testYourOwnRateAnswersAndIsLabelledAsYours() throws {
        let s = search()
        let table = ecb20261030.applying([UserRate(code: "KWD", value: dec("0.0082"), anchor: "USD", day: day("2026-11-22"))])
        XCTAssertEqual(s.results(["100", "kwd", "to", "usd"], table: table, state: state), ["100|KWD|USD"])
        let a = try XCTUnwrap(s.answer(id: "100|KWD|USD", table: table))
        XCTAssertEqual(a.value, dec("0.82"), "exactly the rate set")
        XCTAssertEqual(s.meta(a).name, "100 KWD = 0.82 USD")
        XCTAssertEqual(s.meta(a).description, "1 KWD = 0.008200 USD · your rate · set Nov 22, 2026")
        // Without it, KWD has no rate: no result.
        XCTAssertEqual(s.results(["100", "kwd", "to", "usd"], table: ecb20261030, state: state), [])
    }

    func testTextsFollowTheLocale() throws {
        let s = search("ru_RU")
        let a = try XCTUnwrap(s.answer(id: "1234.5|RUB|USD", table: ecb20261030))
        XCTAssertEqual(s.meta(a).name, "1\u{00A0}234,5 RUB = 11,76 USD")
        XCTAssertTrue(s.meta(a).description.hasPrefix("1 RUB = 0,009524 USD · ECB · 1 мар"), s.meta(a).description)
        let big = try XCTUnwrap(search("de_DE").answer(id: "100000|USD|JPY", table: ecb20261030))
        XCTAssertEqual(search("de_DE").meta(big).name, "100.000 USD = 15.725.027 JPY")
        XCTAssertEqual(search("de_DE").meta(big).clipboardText, "15725027", "no grouping marks to paste")
        let eur = try XCTUnwrap(search("de_DE").answer(id: "100|USD|EUR", table: ecb20261030))
        XCTAssertEqual(search("de_DE").meta(eur).clipboardText, "89,51")
        // With currency signs on: each amount with its sign where the language puts it.
        let signed = ShellSearch(catalog: testCatalog, formatter: DecimalFormatter(locale: Locale(identifier: "de_DE"),
                                                                                   signs: CurrencySigns(locale: Locale(identifier: "de_DE"))).with(signs: true),
                                 days: DayFormatter(locale: Locale(identifier: "de_DE")))
        XCTAssertEqual(signed.meta(eur).name, "100\u{00A0}$ = 89,51\u{00A0}€")
        XCTAssertEqual(signed.meta(eur).clipboardText, "89,51", "the number alone to paste")
        // The source's name goes through the translations.
        let words = Translations(translate: { $0 == "ECB" ? "ЕЦБ" : $0 }, translatePlural: { a, _, _ in a })
        let translated = ShellSearch(catalog: testCatalog, formatter: s.formatter, days: s.days, words: words)
        XCTAssertTrue(translated.meta(a).description.contains("ЕЦБ"), translated.meta(a).description)
    }

    func testIdsReadBackExactlyAndNothingElse() {
        XCTAssertEqual(SearchAnswer.parse(id: "0.333333|USD|EUR")?.amount, dec("0.333333"))
        XCTAssertEqual(SearchAnswer.parse(id: "-5|EUR|USD")?.amount, -5)
        for id in ["", "100", "100|USD", "abc|USD|EUR", "100|usd|EUR", "100|USD|EUR|x", "1,5|USD|EUR", "1e5|USD|EUR"] {
            XCTAssertNil(SearchAnswer.parse(id: id), id)
        }
        XCTAssertNil(search().answer(id: "100|USD|XYZ", table: ecb20261030))
    }

    func testTheConvertArgumentOfTheWindow() {
        let known: (String) -> Bool = { testCatalog[$0] != nil }
        XCTAssertEqual(ConvertArgument.parse("100 USD EUR", isCurrency: known),
                       ConvertArgument(amount: 100, pair: FavouritePair(from: "USD", to: "EUR")))
        XCTAssertEqual(ConvertArgument.parse("1234.5 rub usd", isCurrency: known)?.amount, dec("1234.5"))
        XCTAssertEqual(ConvertArgument.parse("12*3 GBP JPY", isCurrency: known)?.amount, 36)
        for text in ["", "100 USD", "100 USD XYZ", "x USD EUR", "100 USD USD"] {
            XCTAssertNil(ConvertArgument.parse(text, isCurrency: known), text)
        }
    }
}
