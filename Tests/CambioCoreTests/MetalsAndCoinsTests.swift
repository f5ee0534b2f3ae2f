import XCTest
@testable import CambioCore
import CambioTestSupport

/// Precious metals and cryptocurrencies: currency-api's and Coinbase's recorded answers, the
/// code-by-code checks, the catalogue's names and digits, and the words that name them.
final class MetalsAndCoinsTests: XCTestCase {
    let today = day("2026-11-22")

    func parse(_ p: Provider, _ data: Data) throws -> ProviderSnapshot {
        try ProviderParser.parse(p, data, today: today)
    }

    /// The number text the payload holds for `key` in its table, read from the bytes (not
    /// through a parser under test).
    func payloadNumber(_ data: Data, _ key: String) -> Decimal? {
        let text = String(decoding: data, as: UTF8.self)
        guard let r = text.range(of: "\"\(key)\":\\s*(-?[0-9.eE+-]+)", options: .regularExpression) else { return nil }
        let number = text[r].split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
        return Decimal(string: number, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The degraded day's numbers inside the API's own envelope, `{"date", "eur": {…}}`
    /// (the recorded file wraps them as `{"date","base","rates"}`, which is refused).
    func degradedInAPIEnvelope(change: [String: String] = [:]) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: Fixture.data("fawazahmed0_v1_eur_2026-02-12_RESHAPED_degraded.json")) as! [String: Any]
        var rates = object["rates"] as! [String: Any]
        for (k, v) in change { rates[k] = v == "null" ? NSNull() : (Double(v).map { $0 as Any } ?? v as Any) }
        return try JSONSerialization.data(withJSONObject: ["date": object["date"]!, "eur": rates])
    }

    /// The 2024-03-06 answer re-based on the euro (each code divided by the euro's value):
    /// what an earlier day kept would hold, from real numbers.
    func keptEuroDay() throws -> ProviderSnapshot {
        let usd = try parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"))
        let row = usd.days[day("2024-03-06")]!
        let eur = row["EUR"]!
        var rebased = row.mapValues { $0 / eur }
        rebased["EUR"] = nil
        rebased["USD"] = 1 / eur
        return ProviderSnapshot(provider: .currencyapi, base: "EUR", days: [day("2024-03-06"): rebased])
    }

    // MARK: currency-api

    func testCurrencyAPIKeepsTheCuratedSetWithThePayloadsValues() throws {
        let data = try Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json")
        let s = try parse(.currencyapi, data)
        XCTAssertEqual(s.base, "USD")
        XCTAssertEqual(s.days.keys.sorted(), [day("2024-03-06")])
        let row = try XCTUnwrap(s.days[day("2024-03-06")])
        for entry in MetalsAndCoins.entries {
            XCTAssertEqual(row[entry.code], payloadNumber(data, entry.code.lowercased()), entry.code)
        }
        XCTAssertEqual(row["XAU"], dec("0.0004672166"), "metal per dollar, as published")
        XCTAssertEqual(row["BTC"], dec("0.000015192"), "1.5192e-05")
        XCTAssertEqual(row["EUR"], dec("0.91865517"), "fiat kept for converting to the metals and coins")
        XCTAssertNil(row["USD"], "the base is implied")
        // The long tail is never read: tokens with odd codes, and three-letter ones priced wrong.
        for code in ["1INCH", "$MYRO", "BTC.B", "00"] { XCTAssertNil(row[code], code) }
        XCTAssertTrue(s.refused.isEmpty)
    }

    func testTheLongTailsThreeLetterTokensNeverPriceAnything() throws {
        let s = try parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"))
        let table = s.table
        for code in ["LEO", "UNI", "DEM", "FRF"] { XCTAssertFalse(table.has(code), code) }
        for code in ["EUR", "GBP", "JPY"] { XCTAssertFalse(table.has(code), "currency-api never prices fiat: \(code)") }
        XCTAssertTrue(table.has("XAU"))
        XCTAssertNil(table.rate(from: "LEO", to: "BTC"))
    }

    func testAPublishersReWrappedEnvelopeIsRefusedAsAShape() throws {
        XCTAssertThrowsError(try parse(.currencyapi, Fixture.data("fawazahmed0_v1_eur_2026-02-12_RESHAPED_degraded.json"))) { error in
            guard case .wrongShape(let why)? = error as? ProviderError else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("base, rates"), why)
        }
    }

    func testOtherShapesAreRefusedInWords() {
        for (body, expected) in [
            (#"{"usd":{"usd":1,"eur":0.9}}"#, ProviderError.wrongShape("no “date”")),
            (#"{"date":"yesterday","usd":{"usd":1}}"#, .implausibleDate("yesterday")),
            (#"{"date":"2026-02-12","usd":{"usd":2,"eur":0.9}}"#, .wrongShape("the usd table does not hold usd as 1")),
            (#"[1,2]"#, .wrongShape("not a JSON object")),
            (#"{"date":"2026-02-12","base":"eur","rates":{"eur":1}}"#, .wrongShape("expected “date” and one table named by its base code, found “base, rates”")),
        ] {
            XCTAssertThrowsError(try parse(.currencyapi, Data(body.utf8)), body) { XCTAssertEqual($0 as? ProviderError, expected, body) }
        }
    }

    func testTheAPIsEnvelopeAroundTheDegradedDayParsesWithoutPlatinumAndPalladium() throws {
        let s = try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(), today: day("2026-02-13"))
        XCTAssertEqual(s.base, "EUR")
        let row = try XCTUnwrap(s.days[day("2026-02-12")])
        XCTAssertEqual(row["XAU"], dec("0.000235"))
        XCTAssertNil(row["XPT"])
        XCTAssertNil(row["XPD"])
    }

    func testMissingCodesKeepTheirLastGoodValues() throws {
        let kept = try keptEuroDay()
        let answer = try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(), today: day("2026-02-13"))
        let merged = try MetalsAndCoinsCheck.merge(answer, kept: kept)
        let table = merged.snapshot.table
        XCTAssertEqual(table.rates["XPT"]?.value, kept.days[day("2024-03-06")]!["XPT"], "the kept platinum")
        XCTAssertEqual(table.rates["XPT"]?.date, day("2024-03-06"))
        XCTAssertEqual(table.rates["XAU"]?.value, dec("0.000235"), "today's gold")
        XCTAssertEqual(table.rates["XAU"]?.date, day("2026-02-12"))
        let said = merged.refusals.map(\.description)
        XCTAssertTrue(said.contains("currency-api: XPT is missing from today’s answer; its last good value stays in use"), "\(said)")
        XCTAssertTrue(said.contains { $0.hasPrefix("currency-api: XPD is missing") }, "\(said)")
        XCTAssertEqual(merged.carried.keys.sorted(), [day("2024-03-06")])
        // Platinum converts within its own day's publication, to any fiat that day held.
        XCTAssertNotNil(merged.snapshot.days[day("2024-03-06")]?["USD"])
        XCTAssertEqual(table.day(from: "XPT", to: "XAU"), day("2024-03-06"), "the older of the two")
    }

    /// The degraded day's numbers as the day before's, kept: a recent value for the move check.
    func keptDayBefore() throws -> ProviderSnapshot {
        let s = try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(), today: day("2026-02-13"))
        return ProviderSnapshot(provider: .currencyapi, base: "EUR", days: [day("2026-02-11"): s.days[day("2026-02-12")]!])
    }

    func testAValueThatIsNoPositiveNumberIsRefusedAndTheOthersTaken() throws {
        let kept = try keptDayBefore()
        let data = try degradedInAPIEnvelope(change: ["btc": "0", "eth": "null", "sol": "-1"])
        let answer = try ProviderParser.parse(.currencyapi, data, today: day("2026-02-13"))
        XCTAssertEqual(Set(answer.refused.keys), ["BTC", "ETH", "SOL"])
        let merged = try MetalsAndCoinsCheck.merge(answer, kept: kept)
        XCTAssertEqual(merged.snapshot.table.rates["BTC"]?.date, day("2026-02-11"), "the last good bitcoin")
        XCTAssertEqual(merged.snapshot.table.rates["XAU"]?.date, day("2026-02-12"))
        let said = merged.refusals.map(\.description)
        XCTAssertTrue(said.contains("currency-api: the value for BTC is not a positive number (0); its last good value stays in use"), "\(said)")
        XCTAssertTrue(said.contains("currency-api: the value for ETH is not a positive number (null); its last good value stays in use"), "\(said)")
        XCTAssertEqual(said.count, 3, "nothing else refused: \(said)")
    }

    func testAMoveOfMoreThanThreefoldIsRefusedCodeByCode() throws {
        let kept = try keptDayBefore()
        let keptBTC = kept.days[day("2026-02-11")]!["BTC"]!
        // Ten times the euro's bitcoin figure of the day, the rest as published.
        let jumped = "\(NSDecimalNumber(decimal: keptBTC * 10).doubleValue)"
        let answer = try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(change: ["btc": jumped]), today: day("2026-02-13"))
        let merged = try MetalsAndCoinsCheck.merge(answer, kept: kept)
        XCTAssertEqual(merged.snapshot.table.rates["BTC"]?.value, keptBTC)
        XCTAssertEqual(merged.snapshot.table.rates["ETH"]?.date, day("2026-02-12"), "the other coins are taken")
        XCTAssertTrue(merged.refusals.contains { $0.description.contains("BTC moved from") && $0.description.contains("more than threefold") },
                      "\(merged.refusals)")
        // A 2.9-fold move is a market's, not an error.
        let near = "\(NSDecimalNumber(decimal: keptBTC * dec("2.9")).doubleValue)"
        let ok = try MetalsAndCoinsCheck.merge(try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(change: ["btc": near]),
                                                                     today: day("2026-02-13")), kept: kept)
        XCTAssertEqual(ok.snapshot.table.rates["BTC"]?.date, day("2026-02-12"))
        // Against a value years old, silver's tripling since 2024 is no error.
        let years = try MetalsAndCoinsCheck.merge(try ProviderParser.parse(.currencyapi, degradedInAPIEnvelope(), today: day("2026-02-13")),
                                              kept: try keptEuroDay())
        XCTAssertEqual(years.snapshot.table.rates["XAG"]?.value, dec("0.014283"))
    }

    func testAnAnswerWithNoMetalOrCoinIsRefused() throws {
        var rates: [String: Double] = [:]
        for code in ["usd", "eur", "gbp", "jpy", "chf", "cny"] + (0..<120).map({ "a" + String(format: "%02d", $0) }) { rates[code] = 1.5 }
        rates["usd"] = 1
        let body = try JSONSerialization.data(withJSONObject: ["date": "2026-11-20", "usd": rates])
        XCTAssertThrowsError(try parse(.currencyapi, body)) {
            guard case .missingCurrencies? = $0 as? ProviderError else { return XCTFail("\($0)") }
        }
    }

    // MARK: Coinbase

    func testCoinbaseAgainstBitcoin() throws {
        let s = try parse(.coinbase, Fixture.data("coinbase_v2_exchange-rates_BTC_2017-09-04.json"))
        XCTAssertEqual(s.base, "BTC")
        XCTAssertEqual(s.days.keys.sorted(), [today], "no date in the answer: today's")
        let row = try XCTUnwrap(s.days[today])
        XCTAssertEqual(row["EUR"], dec("3645.16"))
        XCTAssertEqual(row["ETH"], dec("12.14624074"))
        XCTAssertEqual(row["LTC"], dec("70.62146893"))
        for metal in ["XAU", "XAG", "XPT", "XPD"] { XCTAssertNil(row[metal], "whole numbers, not prices: \(metal)") }
        XCTAssertEqual(row["USD"], dec("4360.60"))
    }

    func testCoinbaseZeroIsMissing() throws {
        let s = try parse(.coinbase, Fixture.data("coinbase_v2_exchange-rates_USD_2019-03-20.json"))
        XCTAssertEqual(s.base, "USD")
        let row = try XCTUnwrap(s.days[today])
        XCTAssertNil(row["XAU"])
        XCTAssertEqual(row["BTC"], dec("0.00025000"))
        XCTAssertEqual(row["USDC"], dec("1.000000"))
        XCTAssertTrue(s.refused.isEmpty, "\"0\" is missing, not refused")
    }

    func testCoinbaseErrors() {
        XCTAssertThrowsError(try parse(.coinbase, Data(#"{"errors":[{"id":"not_found","message":"Invalid currency"}]}"#.utf8))) {
            XCTAssertEqual($0 as? ProviderError, .apiError("Invalid currency"))
        }
    }

    func testCoinbaseAskedAgainTheSameDayKeepsWhatItLacksAndRefusesABitcoinThatJumped() throws {
        let first = try parse(.coinbase, Fixture.data("coinbase_v2_exchange-rates_BTC_2017-09-04.json"))
        // An hour later, the same day: litecoin left out, ether ten times dearer.
        var row = first.days[today]!
        row["LTC"] = nil
        row["ETH"] = row["ETH"]! / 10
        let later = ProviderSnapshot(provider: .coinbase, base: "BTC", days: [today: row])
        let merged = try MetalsAndCoinsCheck.merge(later, kept: first)
        XCTAssertEqual(merged.snapshot.days.keys.sorted(), [today], "the same day: no second publication")
        XCTAssertEqual(merged.snapshot.days[today]?["LTC"], dec("70.62146893"), "the kept litecoin, put back")
        XCTAssertEqual(merged.snapshot.days[today]?["ETH"], dec("12.14624074"), "the kept ether, not the jump")
        XCTAssertEqual(merged.refusals.count, 2, "\(merged.refusals)")
        // Bitcoin itself five times dearer in dollars and euros: every figure stands on it.
        var dearer = first.days[today]!
        for code in dearer.keys where !MetalsAndCoins.codes.contains(code) { dearer[code] = dearer[code]! * 5 }
        XCTAssertThrowsError(try MetalsAndCoinsCheck.merge(ProviderSnapshot(provider: .coinbase, base: "BTC", days: [today.next: dearer]), kept: first)) {
            XCTAssertEqual($0 as? ProviderError, .implausibleMove(code: "BTC (USD)", kept: "4360.6", answer: "21803"))
        }
    }

    // MARK: In the rates in use

    func testFiatStaysTheFiatSourcesAndAMetalConvertsInItsOwnPublication() throws {
        let ecb = ProviderSnapshot(provider: .ecb, base: "EUR", days: [day("2024-03-06"): ["USD": dec("1.0885"), "JPY": dec("163.34"), "GBP": dec("0.85505"), "CHF": dec("0.9626")]])
        let api = try parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"))
        let table = try XCTUnwrap(RateTable.compose(primary: .ecb, answers: [.ecb: ecb, .currencyapi: api], bundled: nil))
        XCTAssertEqual(table.rates["USD"]?.source, "ECB")
        XCTAssertEqual(table.rate(from: "EUR", to: "USD"), dec("1.0885"), "a metal's source never prices fiat")
        XCTAssertEqual(table.rates["XAU"]?.source, "currency-api")
        XCTAssertEqual(table.publication(from: "XAU", to: "EUR")?.source, "currency-api")
        XCTAssertEqual(table.convert(1, from: "XAU", to: "EUR"), dec("0.91865517") / dec("0.0004672166"))
        // One troy ounce of gold in dollars: the inverse of the published figure.
        XCTAssertEqual(table.convert(1, from: "XAU", to: "USD"), 1 / dec("0.0004672166"))
    }

    func testCoinbaseFillsACoinCurrencyAPILacksButNeverReplacesIt() throws {
        let api = try parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"))
        var row = api.days[day("2024-03-06")]!
        row["LTC"] = nil
        let lacking = ProviderSnapshot(provider: .currencyapi, base: "USD", days: [day("2024-03-06"): row])
        let coinbase = ProviderSnapshot(provider: .coinbase, base: "BTC",
                                        days: [day("2024-03-06"): ["USD": dec("66000.12"), "EUR": dec("60600.10"), "LTC": dec("820.5"), "ETH": dec("17.5")]])
        let ecb = RateTable(base: "EUR", date: day("2024-03-05"), source: "ECB", rates: ["USD": dec("1.0858"), "JPY": dec("163.1")])
        let table = try XCTUnwrap(RateTable.compose(primary: .erapi, answers: [.currencyapi: lacking, .coinbase: coinbase], bundled: ecb))
        XCTAssertEqual(table.rates["LTC"]?.source, "Coinbase")
        XCTAssertEqual(table.rates["ETH"]?.source, "currency-api", "the same day: currency-api first")
        // Gold (currency-api) against litecoin (Coinbase only): neither publication has both; the
        // best of their sources' publications that does is used, here none.
        XCTAssertNil(table.rate(from: "XAU", to: "LTC"))
        // With yesterday's currency-api day carried (it had both), that day converts them.
        let yesterday = ProviderSnapshot(provider: .currencyapi, base: "USD",
                                         days: [day("2024-03-06"): row, day("2024-03-05"): api.days[day("2024-03-06")]!])
        let carried = try XCTUnwrap(RateTable.compose(primary: .erapi, answers: [.currencyapi: yesterday, .coinbase: coinbase], bundled: ecb))
        XCTAssertEqual(carried.day(from: "XAU", to: "LTC"), day("2024-03-05"))
        XCTAssertEqual(carried.rate(from: "XAU", to: "LTC"), dec("0.012139884") / dec("0.0004672166"))
    }

    // MARK: Names, digits and words

    func testTheCatalogueNamesThemAndKnowsTheirDigits() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        XCTAssertEqual(catalog["XAU"]?.localizedName, "Gold (one troy ounce)")
        XCTAssertEqual(catalog["XAG"]?.englishName, "Silver (one troy ounce)")
        XCTAssertEqual(catalog["XAU"]?.minorUnits, 4)
        XCTAssertEqual(catalog["BTC"]?.minorUnits, 8)
        XCTAssertEqual(catalog["ETH"]?.minorUnits, 8)
        XCTAssertEqual(catalog["BTC"]?.symbol, "₿")
        XCTAssertEqual(catalog["USDT"]?.localizedName, "Tether")
        XCTAssertNil(catalog["XTS"], "test codes stay out")
        XCTAssertNil(catalog["XBA"], "bond units stay out")
        // A metal's name is Cambio's, whole: iso-codes' Russian "Тройская унция золота" already
        // says the unit, and is not said twice.
        let ru = try CurrencyCatalog.isoCodes(names: { $0 == "Gold" ? "Тройская унция золота" : $0 },
                                            words: { $0 == "Gold (one troy ounce)" ? "Золото (тройская унция)" : $0 == "Bitcoin" ? "Биткоин" : $0 })
        XCTAssertEqual(ru["XAU"]?.localizedName, "Золото (тройская унция)")
        XCTAssertEqual(ru["XAU"]?.englishName, "Gold (one troy ounce)")
        XCTAssertEqual(ru["BTC"]?.localizedName, "Биткоин")
    }

    /// The API's own list of its codes and English names: every curated code is one of them, and
    /// our name or a word we find it by begins the API's name (no code stands for another coin).
    func testEveryCuratedCodeIsInTheAPIsOwnListUnderTheSameName() throws {
        let list = try JSONDecoder().decode([String: String].self, from: Fixture.data("fawazahmed0_gh1_currencies.min_2023-08-08.json"))
        XCTAssertEqual(list.count, 490)
        for entry in MetalsAndCoins.entries {
            let theirs = try XCTUnwrap(list[entry.code.lowercased()], entry.code).lowercased()
            let ours = [entry.name, entry.code].map { $0.lowercased() } + entry.synonyms
            XCTAssertTrue(ours.contains { theirs.hasPrefix($0) }, "\(entry.code): theirs “\(theirs)”, ours \(ours)")
        }
        XCTAssertLessThanOrEqual(MetalsAndCoins.coins.subtracting(["BTC", "ETH"]).count, 12, "at most a dozen beside bitcoin and ether")
    }

    func testSearchFindsThemByCodeNameAndSynonym() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        let en = Locale(identifier: "en_US")
        for (query, code) in [("gold", "XAU"), ("Gol", "XAU"), ("oro", "XAU"), ("золото", "XAU"), ("bitcoin", "BTC"),
                              ("btc", "BTC"), ("xau", "XAU"), ("ether", "ETH"), ("silver", "XAG"), ("argento", "XAG"), ("usdt", "USDT")] {
            XCTAssertEqual(catalog.search(query, locale: en).first?.code, code, query)
        }
    }

    func testDigits() {
        let f = DecimalFormatter(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(f.amount(100 / dec("91234.56"), minorUnits: 8), "0.00109608")
        XCTAssertEqual(f.amount(dec("91234.56"), minorUnits: 2), "91,234.56")
        XCTAssertEqual(f.amount(1 / dec("2140.33"), minorUnits: 4), "0.0005")
    }

    func testTheCalculatorConvertsAMetalOrCoinByCodeOrName() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        let calculator = Calculator(formatter: DecimalFormatter(locale: Locale(identifier: "en_US")), catalog: catalog)
        let ecb = RateTable(base: "EUR", date: day("2024-03-06"), source: "ECB", rates: ["USD": dec("1.0890")])
        let api = try ProviderParser.parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"), today: day("2024-03-07"))
        let rates = try XCTUnwrap(RateTable.compose(primary: .ecb, answers: [.currencyapi: api], bundled: ecb))
        let bitcoin = try calculator.evaluate("1 BTC to EUR", rates: rates).get()
        XCTAssertEqual(bitcoin.value, dec("0.91865517") / dec("0.000015192"))
        XCTAssertEqual(calculator.display(bitcoin), "60,469.67 EUR")
        let gold = try calculator.evaluate("2 oz gold in usd", rates: rates).get()
        XCTAssertEqual(calculator.display(gold), "4,280.67 USD")
        XCTAssertEqual(calculator.display(try calculator.evaluate("100 usd to btc", rates: rates).get()), "0.00151920 BTC")
    }

    func testTheFeeRoundsToTheCoinsOwnDigits() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        let ecb = RateTable(base: "EUR", date: day("2024-03-06"), source: "ECB", rates: ["USD": dec("1.0890")])
        let api = try ProviderParser.parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"), today: day("2024-03-07"))
        let rates = try XCTUnwrap(RateTable.compose(primary: .ecb, answers: [.currencyapi: api], bundled: ecb))
        let fee = try XCTUnwrap(Fee(stored: "2"))
        let f = DecimalFormatter(locale: Locale(identifier: "en_US"))
        // 100 USD × 1.02 × 0.000015192 BTC = 0.0015495840: to the satoshi.
        XCTAssertEqual(fee.line(converting: 100, from: "USD", to: "BTC", table: rates, catalog: catalog, formatter: f, words: .english),
                       "with 2 % fee: 0.00154958 BTC")
        XCTAssertEqual(fee.line(converting: 100, from: "USD", to: "XAU", table: rates, catalog: catalog, formatter: f, words: .english),
                       "with 2 % fee: 0.0477 XAU")
    }

    func testTheSignIsShownOnlyWhereTheFontsDrawIt() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        let bitcoin = CurrencyFace(code: "BTC", catalog: catalog)
        XCTAssertEqual(bitcoin.shownName(drawable: { _ in true }), "Bitcoin · ₿")
        XCTAssertEqual(bitcoin.shownName(drawable: { _ in false }), "Bitcoin", "never a box in its place")
        XCTAssertEqual(CurrencyFace(code: "USD", catalog: catalog).shownName(drawable: { _ in true }), "US Dollar")
    }

    func testConversionWordsNameThem() {
        XCTAssertEqual(ConversionRequest.parse("1 oz gold in usd"), ConversionRequest(amountText: "1", from: "XAU", to: "USD"))
        XCTAssertEqual(ConversionRequest.parse("1 btc to eur"), ConversionRequest(amountText: "1", from: "BTC", to: "EUR"))
        XCTAssertEqual(ConversionRequest.parse("2 bitcoin в рублях"), nil, "an inflected word is not a code")
        XCTAssertEqual(ConversionRequest.parse("0.5usdt to eur"), ConversionRequest(amountText: "0.5", from: "USDT", to: "EUR"))
        XCTAssertEqual(ConversionRequest.parse("100usd to btc"), ConversionRequest(amountText: "100", from: "USD", to: "BTC"))
        XCTAssertEqual(ConversionRequest.parse("3 troy ounces of silver in eur"), ConversionRequest(amountText: "3", from: "XAG", to: "EUR"))
        let known: (String) -> Bool = { ["USD", "EUR", "XAU", "BTC"].contains($0) }
        XCTAssertEqual(SearchQuery.parse(["1", "xau", "usd"], style: .posix, isCurrency: known), SearchQuery(amount: 1, from: "XAU", to: "USD"))
        XCTAssertEqual(SearchQuery.parse(["1", "oz", "gold", "in", "usd"], style: .posix, isCurrency: known), SearchQuery(amount: 1, from: "XAU", to: "USD"))
        XCTAssertEqual(SearchQuery.parse(["1", "btc", "to", "eur"], style: .posix, isCurrency: known), SearchQuery(amount: 1, from: "BTC", to: "EUR"))
        XCTAssertEqual(SearchQuery.parse(["2", "gold"], style: .posix, isCurrency: known), SearchQuery(amount: 2, from: "XAU", to: nil))
    }
}

/// A metal's or coin's history: only their sources' days, from the first one fetched.
final class MetalsAndCoinsHistoryTests: XCTestCase {
    /// The ECB's real days around it, and currency-api's recorded answer of 6 March 2024 with the
    /// degraded day's EUR table re-based on the dollar (two real days of currency-api).
    func publications() throws -> [DayPublication] {
        let csv = try Data(contentsOf: Fixture.repo.appendingPathComponent("data/eurofxref-hist.csv"))
        var out: [DayPublication] = []
        try ECBHistoryCSV.forEachRow(csv) { day, rates in
            guard day >= Day(iso: "2024-02-26")!, day <= Day(iso: "2024-03-08")! else { return }
            var pair: [String: Decimal] = [:]
            for (code, value) in rates where code == "USD" { pair[code] = dec(value) }
            out.append(DayPublication(day: day, source: "ECB", base: "EUR", rates: pair))
        }
        let usd = try ProviderParser.parse(.currencyapi, Fixture.data("fawazahmed0_v1_currencies_usd_2024-03-06.json"), today: day("2024-03-07"))
        out += usd.publications
        return out
    }

    func testAMetalsHistoryReadsOnlyItsSourcesAndAFiatPairNeverThem() throws {
        let all = try publications()
        let gold = PairHistory(from: "XAU", to: "EUR", publications: all)
        XCTAssertEqual(gold.points.map(\.day), [day("2024-03-06")])
        XCTAssertEqual(gold.points.first?.source, "currency-api")
        XCTAssertEqual(gold.points.first?.rate, dec("0.91865517") / dec("0.0004672166"))
        XCTAssertTrue(gold.gaps.isEmpty, "an ECB day says nothing of gold")
        let dollar = PairHistory(from: "USD", to: "EUR", publications: all)
        XCTAssertFalse(dollar.points.contains { $0.source == "currency-api" }, "currency-api never prices fiat")
        XCTAssertEqual(dollar.points.first(where: { $0.day == day("2024-03-06") })?.source, "ECB")
    }

    func testTheChartSaysWhereItStartsAndTheDaysAreNotWeekends() throws {
        let english = Locale(identifier: "en_US")
        var m = HistoryModel(from: "BTC", to: "EUR", pastDay: day("2024-03-10"), formatter: DecimalFormatter(locale: english),
                             days: DayFormatter(locale: english), dates: english, catalog: testCatalog)
        let load = m.beginLoad()
        m.finish(load, .success(PairHistory(from: "BTC", to: "EUR", publications: try publications())))
        m.setRange(.year)
        XCTAssertEqual(m.recordedSince?.description, "Recorded since Mar 6, 2024; no earlier price is known")
        XCTAssertEqual(m.chartCaption.first, m.recordedSince)
        m.setRange(.week)
        XCTAssertNotNil(m.recordedSince, "a week back from the only day recorded still reaches before it")
        var dollar = HistoryModel(from: "USD", to: "EUR", pastDay: day("2024-03-10"), formatter: DecimalFormatter(locale: english),
                                  days: DayFormatter(locale: english), dates: english, catalog: testCatalog)
        let fiat = dollar.beginLoad()
        dollar.finish(fiat, .success(PairHistory(from: "USD", to: "EUR", publications: try publications())))
        dollar.setRange(.max)
        XCTAssertNil(dollar.recordedSince, "a fiat pair's history is published, not recorded")
        // Saturday 9 March 2024: no price known, not "weekend".
        let rows = try XCTUnwrap(m.recentDays(today: day("2024-03-10"))).rows
        XCTAssertEqual(rows[1].rate.description, "not known yet")
        XCTAssertEqual(rows[4].day, "Wed, Mar 6")

        var empty = HistoryModel(from: "XAU", to: "EUR", pastDay: day("2024-03-10"), formatter: DecimalFormatter(locale: english),
                                 days: DayFormatter(locale: english), dates: english, catalog: testCatalog)
        let none = empty.beginLoad()
        empty.finish(none, .success(PairHistory(from: "XAU", to: "EUR", publications: [])))
        guard case .message(let said)? = empty.status else { return XCTFail() }
        XCTAssertEqual(said.description, "No price of XAU recorded yet: Cambio records metals and coins from the first day it fetches them")
    }
}
