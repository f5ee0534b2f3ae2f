import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The Converter page without a display: what each row, the amount's line, the buttons and the
/// favourites say, on the ECB rates of 30 Oct 2026 (1 EUR = 1.1172 USD, 0.8338 GBP, 175.68 JPY).
final class ConverterModelTests: XCTestCase {
    let en = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "en_US")))
    let days = DayFormatter(locale: Locale(identifier: "en_US"))
    /// 23 days after the rates.
    let today = day("2026-11-22")

    func model(_ source: String = "USD", _ targets: [String] = ["EUR", "GBP"], amount: String = "100",
               favourites: [FavouritePair] = [], words: ConverterModel.Words = .english) -> ConverterModel {
        ConverterModel(state: ConverterState(source: source, targets: targets, amountText: amount, favourites: favourites),
                       formatter: en, days: days, catalog: testCatalog, words: words)
    }

    func amounts(_ m: ConverterModel) -> [String] { m.rows.map(\.amountText) }

    // MARK: Results

    func testEachTargetShowsItsAmountRateSourceDayAndAge() {
        var m = model()
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.rows.map(\.code), ["EUR", "GBP"])
        XCTAssertEqual(amounts(m), ["89.51", "74.63"])     // 100 / 1.1172; 100 × 0.8338 / 1.1172
        XCTAssertEqual(m.row("EUR")?.rateLine, "1 USD = 0.8951 EUR \u{00B7} ECB \u{00B7} Oct 30, 2026 \u{00B7} 23 days old")
        XCTAssertEqual(m.row("GBP")?.rateLine, "1 USD = 0.7463 GBP \u{00B7} ECB \u{00B7} Oct 30, 2026 \u{00B7} 23 days old")
        XCTAssertEqual(m.row("EUR")?.accessibleName, "EUR, Euro: 89.51")
        XCTAssertEqual(m.row("EUR")?.isStale, true, "23 days old is marked")
        XCTAssertEqual(m.evaluatedText, "", "a plain number needs no evaluated value")
        XCTAssertFalse(m.amountHasError)
        XCTAssertNil(m.row("JPY"))
    }

    /// Frankfurter's newest rates name who published each: a blend of several central banks, or
    /// one institution's own (Tests/Fixtures/frankfurter_v2_rates_2026-04-09_*.json).
    func testFrankfurtersRatesSayWhoPublishedThem() throws {
        let blend = try FrankfurterV2.latest(Fixture.data("frankfurter_v2_rates_2026-04-09_expand.json"), today: day("2026-04-10")).table
        var m = model("EUR", ["EGP", "USD"])
        m.recalculate(table: blend, today: day("2026-04-10"))
        XCTAssertEqual(m.row("EGP")?.rateLine, "1 EUR = 62.1670 EGP \u{00B7} Frankfurter: average of 3 central banks \u{00B7} Apr 9, 2026 \u{00B7} yesterday")
        XCTAssertEqual(m.row("USD")?.rateLine, "1 EUR = 1.1672 USD \u{00B7} Frankfurter: average of 4 central banks \u{00B7} Apr 9, 2026 \u{00B7} yesterday")
        let cbe = try FrankfurterV2.latest(Fixture.data("frankfurter_v2_rates_2026-04-09_CBE.json"), today: day("2026-04-10")).table
        var usd = model("USD", ["EGP"])
        usd.recalculate(table: cbe, today: day("2026-04-10"))
        // 62.1154 / 1.1689: both the Central Bank of Egypt's.
        XCTAssertEqual(usd.row("EGP")?.rateLine, "1 USD = 53.1400 EGP \u{00B7} Frankfurter: Central Bank of Egypt \u{00B7} Apr 9, 2026 \u{00B7} yesterday")
        // A cross of two institutions' rates names both.
        let sides = [["ECB"], ["CBE"]]
        XCTAssertEqual(Institution.publisher(sides: sides)?.description, "European Central Bank, Central Bank of Egypt")
    }

    func testTheRatesAgeInWordsAndWhenItIsMarked() {
        var m = model()
        for (today, age, stale) in [("2026-10-30", "today", false), ("2026-10-31", "yesterday", false),
                                    ("2026-11-03", "4 days old", false), ("2026-11-04", "5 days old", true)] {
            m.recalculate(table: ecb20261030, today: day(today))
            XCTAssertTrue(m.row("EUR")!.rateLine.hasSuffix("\u{00B7} \(age)"), m.row("EUR")!.rateLine)
            XCTAssertEqual(m.row("EUR")?.isStale, stale, today)
        }
    }

    func testTheRateOfAnOlderPublicationCarriesItsOwnDay() {
        // The rouble's last ECB rate is of 1 March 2022.
        var m = model("USD", ["RUB", "EUR"])
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.row("RUB")?.amountText, "10,500.00")   // 100 × 117.201 / 1.1162 = 10500
        XCTAssertEqual(m.row("RUB")?.rateLine, "1 USD = 105.0000 RUB \u{00B7} ECB \u{00B7} Mar 1, 2022 \u{00B7} 1727 days old")
        XCTAssertEqual(m.row("RUB")?.isStale, true)
    }

    func testACurrencyWithoutARateSaysSoAndHasNothingToCopy() {
        var m = model("USD", ["KWD", "JPY"])
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.row("KWD")?.amountText, "\u{2014}")
        XCTAssertEqual(m.row("KWD")?.rateLine, "No ECB rate for USD and KWD")
        XCTAssertEqual(m.row("KWD")?.accessibleName, "KWD, Kuwaiti Dinar: no rate")
        XCTAssertEqual(m.row("KWD")?.isStale, false)
        XCTAssertNil(m.copy("KWD"))
        XCTAssertEqual(m.row("JPY")?.amountText, "15,725")      // 100 × 175.68 / 1.1172 = 15725.0…
    }

    func testCopyTakesTheShownAmountAndSaysSo() {
        var m = model()
        XCTAssertNil(m.copy("EUR"), "nothing shown yet")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.copy("GBP")?.text, "74.63")
        XCTAssertEqual(m.copy("GBP")?.notice, "Copied 74.63 GBP.")
        XCTAssertNil(m.copy("JPY"), "not a target")
    }

    // MARK: The amount

    func testArithmeticShowsItsValueAndTheResultsFollowIt() {
        var m = model()
        for (typed, evaluated, eur) in [("12*3", "= 36", "32.22"), ("(100+20)/3", "= 40", "35.80"),
                                        ("100/3", "\u{2248} 33.3333333333", "29.84"), ("7", "", "6.27")] {
            m.type(typed)
            m.recalculate(table: ecb20261030, today: today)
            XCTAssertEqual(m.amountText, typed)
            XCTAssertEqual(m.evaluatedText, evaluated, typed)
            XCTAssertEqual(m.row("EUR")?.amountText, eur, typed)
            XCTAssertEqual(m.state.amountText, typed, "what is saved is exactly what was typed")
        }
    }

    func testABadAmountSaysWhyAndTheRowsKeepTheirLastGoodFigures() {
        var m = model(amount: "12*3")
        m.recalculate(table: ecb20261030, today: today)
        for (bad, reason) in [("1/0", "Division by zero"), ("12*", "Not a calculation"), ("abc", "Not a calculation"),
                              ("", "Enter an amount"), (String(repeating: "9", count: 40), "The result is too large")] {
            m.type(bad)
            m.recalculate(table: ecb20261030, today: today)
            XCTAssertTrue(m.amountHasError, bad)
            XCTAssertTrue(m.evaluatedText.hasPrefix(reason), "\(bad): \(m.evaluatedText)")
            XCTAssertEqual(amounts(m), ["32.22", "26.87"], "the last good results stay for \(bad)")
            XCTAssertEqual(m.copy("EUR")?.text, "32.22")
        }
        m.type("7")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertFalse(m.amountHasError)
        XCTAssertEqual(m.evaluatedText, "")
        XCTAssertEqual(amounts(m), ["6.27", "5.22"])
    }

    func testWhileTheAmountIsRefusedRowsShowTheLastGoodOneUntilTheSourceChanges() {
        var m = model(amount: "1/0")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(amounts(m), ["", ""], "no good amount yet")
        XCTAssertEqual(m.row("EUR")?.rateLine, "")
        XCTAssertEqual(m.row("EUR")?.accessibleName, "EUR, Euro", "the row is named before it has a figure")
        m.type("10")
        m.recalculate(table: ecb20261030, today: today)
        m.addTarget("JPY")
        XCTAssertEqual(amounts(m), ["", "", ""], "new rows until the next recalculation")
        // Half-way through "10/2": the rows show 10's figures, the target just added too.
        m.type("10/")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertTrue(m.amountHasError)
        XCTAssertEqual(amounts(m), ["8.95", "7.46", "1,573"])
        XCTAssertEqual(m.row("JPY")?.rateLine.hasPrefix("1 USD = 157.2503 JPY"), true, m.row("JPY")?.rateLine ?? "")
        m.moveTarget("JPY", by: -1)
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(amounts(m), ["8.95", "1,573", "7.46"], "moved with its figure")
        // 10 USD's figures say nothing of another source: blank until an amount is good.
        m.swap()
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(amounts(m), ["", "", ""])
        m.type("10")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertFalse(amounts(m).contains(""))
    }

    func testWithoutRatesTheAmountIsStillEvaluated() {
        var m = model(amount: "12*3")
        m.recalculate(table: nil, today: today)
        XCTAssertEqual(m.evaluatedText, "= 36")
        XCTAssertEqual(amounts(m), ["", ""])
    }

    func testTheUsersChoiceOfDigitsAndLocaleMarks() {
        var m = model()
        m.formatter = DecimalFormatter(style: NumberStyle(locale: Locale(identifier: "de_DE")))
        m.type("12,5*4")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.evaluatedText, "= 50")
        XCTAssertEqual(m.row("EUR")?.amountText, "44,75")     // 50 / 1.1172 = 44.754…
        XCTAssertTrue(m.row("EUR")!.rateLine.hasPrefix("1 USD = 0,8951 EUR"), m.row("EUR")!.rateLine)
    }

    // MARK: Currencies

    func testButtonsAreNamedAfterTheirCurrencies() {
        let m = model()
        XCTAssertEqual(m.fromButtonName, "From USD (US Dollar)")
        XCTAssertEqual(m.rows.map(\.buttonName), ["To EUR (Euro)", "To GBP (Pound Sterling)"])
        XCTAssertEqual(m.rows.map(\.name), ["Euro", "Pound Sterling"])
        XCTAssertEqual(m.row("EUR")?.copyName, "Copy the EUR amount")
        XCTAssertEqual(m.row("EUR")?.actionsName, "Actions for EUR")
        XCTAssertEqual(m.sourcePickerExcludes, ["USD"])
        XCTAssertEqual(m.addPickerExcludes, ["USD", "EUR", "GBP"])
    }

    func testSwapChoosingAndOrderingCurrenciesKeepTheAmount() {
        var m = model(amount: "36")
        m.swap()
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.fromButtonName, "From EUR (Euro)")
        XCTAssertEqual(m.rows.map(\.code), ["USD", "GBP"])
        XCTAssertEqual(amounts(m), ["40.22", "30.02"])      // 36 × 1.1172; 36 × 0.8338
        m.setSource("GBP")                                  // a target: EUR takes its place
        XCTAssertEqual(m.rows.map(\.code), ["USD", "EUR"])
        XCTAssertTrue(m.addTarget("JPY"))
        XCTAssertFalse(m.addTarget("JPY"), "no repeats")
        XCTAssertFalse(m.moveTarget("USD", by: -1), "the first stays first")
        XCTAssertTrue(m.moveTarget("JPY", by: -1))
        m.moveTarget("JPY", to: 0)
        XCTAssertEqual(m.rows.map(\.code), ["JPY", "USD", "EUR"])
        m.setTarget(at: 0, to: "GBP")                       // the source: they exchange
        XCTAssertEqual(m.fromButtonName, "From JPY (Yen)")
        XCTAssertNil(m.removeTarget("USD"))
        XCTAssertNil(m.removeTarget("EUR"))
        XCTAssertEqual(m.removeTarget("GBP"), "The last target currency can’t be removed.")
        XCTAssertEqual(m.rows.map(\.code), ["GBP"])
        XCTAssertEqual(m.amountText, "36")
    }

    func testAnAmountFromTheCalculatorBringsItsPair() {
        var m = model()
        m.useAmount("12*3", pair: FavouritePair(from: "GBP", to: "JPY"))
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.fromButtonName, "From GBP (Pound Sterling)")
        XCTAssertEqual(m.rows.first?.code, "JPY")
        XCTAssertEqual(m.row("JPY")?.amountText, "7,585")   // 36 × 175.68 / 0.8338 = 7585.2…
        m.useAmount("5", pair: nil)
        XCTAssertEqual(m.fromButtonName, "From GBP (Pound Sterling)")
        XCTAssertEqual(m.amountText, "5")
    }

    // MARK: Favourites

    func testTheStarAddsThePairAndTakesItOutAgainWithUndo() throws {
        var m = model()
        XCTAssertFalse(m.isStarred)
        XCTAssertEqual(m.starTooltip, "Add to favourites (Ctrl+D)")
        XCTAssertEqual(m.starName, "Add favourite")
        XCTAssertEqual(m.toggleFavourite(), .added(message: "USD \u{2192} EUR added to favourites."))
        XCTAssertTrue(m.isStarred)
        XCTAssertEqual(m.starTooltip, "Remove from favourites (Ctrl+D)")
        XCTAssertEqual(m.starName, "Remove favourite")
        let removal = ConverterModel.FavouriteRemoval(pair: FavouritePair(from: "USD", to: "EUR"), index: 0,
                                                      message: "USD \u{2192} EUR removed from favourites.")
        XCTAssertEqual(m.toggleFavourite(), .removed(removal))
        XCTAssertFalse(m.isStarred)
        m.restoreFavourite(removal)
        XCTAssertTrue(m.isStarred, "Undo")
        XCTAssertEqual(m.state.favourites, [FavouritePair(from: "USD", to: "EUR")])
        m.setTarget(at: 0, to: "JPY")
        XCTAssertFalse(m.isStarred)
        XCTAssertEqual(m.toggleFavourite(), .added(message: "USD \u{2192} JPY added to favourites."))
        XCTAssertTrue(m.moveFavourite(FavouritePair(from: "USD", to: "JPY"), by: -1))
        XCTAssertEqual(m.state.favourites.first, FavouritePair(from: "USD", to: "JPY"))
        m.moveFavourite(FavouritePair(from: "USD", to: "JPY"), to: 5)
        XCTAssertEqual(m.state.favourites.last, FavouritePair(from: "USD", to: "JPY"))
        XCTAssertEqual(m.removeFavourite(FavouritePair(from: "USD", to: "JPY"))?.message, "USD \u{2192} JPY removed from favourites.")
        XCTAssertFalse(m.isStarred)
        m.load(FavouritePair(from: "USD", to: "EUR"))
        XCTAssertEqual(m.rows.map(\.code), ["EUR", "JPY", "GBP"], "the other targets stay after it")
        XCTAssertTrue(m.isStarred)
    }

    func favourites(_ pairs: [FavouritePair]) -> FavouritesModel {
        var f = FavouritesModel(catalog: testCatalog, locale: Locale(identifier: "en_US"))
        f.pairs = pairs
        return f
    }

    func testChipsAndTheListButton() {
        var f = favourites([])
        XCTAssertTrue(f.isEmpty)
        XCTAssertEqual(f.chips, [])
        XCTAssertEqual(f.listButtonLabel, "Favourites")
        let codes = ["EUR", "USD", "JPY", "KWD", "GBP", "RUB", "IDR"]
        f.pairs = codes.flatMap { a in codes.filter { $0 != a }.map { FavouritePair(from: a, to: $0) } }.prefix(10).map { $0 }
        XCTAssertEqual(f.chips.count, 8)
        XCTAssertEqual(f.listButtonLabel, "Favourites (2 more)")
        let chip = f.chips[0]
        XCTAssertEqual(chip.title, "EUR \u{2192} USD")
        XCTAssertEqual(chip.accessibleName, "Load EUR \u{2192} USD")
        XCTAssertEqual(chip.tooltip, "Euro to US Dollar")
        f.pairs = Array(f.pairs.prefix(8))
        XCTAssertEqual(f.listButtonLabel, "Favourites")
    }

    func testTheListFiltersByCodeOrNameAsTheUserTypes() {
        var f = favourites([FavouritePair(from: "USD", to: "EUR"), FavouritePair(from: "GBP", to: "JPY"),
                            FavouritePair(from: "RUB", to: "USD")])
        XCTAssertEqual(f.listed.count, 3)
        XCTAssertNil(f.emptyText)
        let line = f.listed[0]
        XCTAssertEqual(line.title, "USD \u{2192} EUR")
        XCTAssertEqual(line.names, "US Dollar to Euro")
        XCTAssertEqual(line.accessibleName, "USD \u{2192} EUR, US Dollar to Euro")
        XCTAssertEqual(line.deleteName, "Delete favourite USD \u{2192} EUR")
        XCTAssertEqual(line.historyName, "History of USD \u{2192} EUR")
        for (query, found) in [("dollar", ["USD \u{2192} EUR", "RUB \u{2192} USD"]), ("yen gbp", ["GBP \u{2192} JPY"]),
                               ("рубль", ["RUB \u{2192} USD"]), ("usd > eur", ["USD \u{2192} EUR"])] {
            f.query = query
            XCTAssertEqual(f.listed.map(\.title), found, query)
        }
        f.query = "chf"
        XCTAssertEqual(f.listed, [])
        XCTAssertEqual(f.emptyText, "No favourite matches “chf”.")
        f.pairs = []
        f.query = ""
        XCTAssertEqual(f.emptyText, "No favourites yet. Ctrl+D or the star saves the current pair.")
    }

    func testAPairTravelsInADragAsItsKey() {
        let pair = FavouritePair(from: "USD", to: "EUR")
        XCTAssertEqual(FavouritesModel.key(pair), "USD>EUR")
        XCTAssertEqual(FavouritesModel.pair("USD>EUR"), pair)
        XCTAssertNil(FavouritesModel.pair("USD"))
    }

    // MARK: Language

    func testEveryTextGoesThroughTheUsersLanguage() {
        // A stand-in translation: each message marked, plurals by their count.
        let words = ConverterModel.Words(translate: { "[\($0)]" }, translatePlural: { _, _, _ in "[%d d]" })
        var m = model("USD", ["EUR", "KWD"], words: words)
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.fromButtonName, "[From USD (US Dollar)]")
        XCTAssertEqual(m.row("EUR")?.rateLine, "[1 USD = 0.8951 EUR] \u{00B7} [ECB] \u{00B7} Oct 30, 2026 \u{00B7} [23 d]")
        XCTAssertEqual(m.row("KWD")?.rateLine, "[No [ECB] rate for USD and KWD]")
        XCTAssertEqual(m.row("KWD")?.accessibleName, "KWD, Kuwaiti Dinar: [no rate]")
        m.type("1/0")
        m.recalculate(table: ecb20261030, today: today)
        XCTAssertEqual(m.evaluatedText, "[Division by zero]")
    }
}
