import Foundation
import XCTest
@testable import CambioCore
import CambioTestSupport

/// The Currencies page and its currency picker without a display: what each row's amount and
/// rate line read, as the user types, edits the list and changes the reference, and what a
/// search in the picker offers.
final class CurrenciesModelTests: XCTestCase {
    static let english = Locale(identifier: "en_US")

    /// The page's model in American English over the ECB rates of 30 Oct 2026 (and of
    /// 1 Mar 2022, the rouble's last).
    func model(_ codes: [String] = ["USD", "EUR", "JPY", "GBP", "KWD"], anchor: String = "USD", text: String = "100",
               reference: String = "USD", places: DecimalPlaces = .auto) -> CurrenciesModel {
        CurrenciesModel(list: CurrencyListState(codes: codes, anchorCode: anchor, anchorText: text, referenceCode: reference),
                        catalog: testCatalog, formatter: DecimalFormatter(locale: Self.english).with(places),
                        days: DayFormatter(locale: Self.english))
    }

    /// Every row's line in English.
    func lines(_ m: CurrenciesModel) -> [String: String] {
        Dictionary(uniqueKeysWithValues: m.codes.map { ($0, m.rateLine($0, table: ecb20261030).description) })
    }

    // MARK: Amounts

    func testEveryRowFollowsTheAnchor() {
        var m = model()
        let update = m.recalculate(table: ecb20261030)
        XCTAssertEqual(update.amounts, ["EUR": "89.51", "JPY": "15,725", "GBP": "74.63", "KWD": ""])
        XCTAssertEqual(update.relabeled, [])
        XCTAssertEqual(lines(m), ["USD": "Reference currency", "EUR": "1 EUR = 1.1172 USD", "JPY": "1 JPY = 0.006359 USD",
                                  "GBP": "1 GBP = 1.3399 USD", "KWD": "No rate for KWD in the ECB data"])
        XCTAssertTrue(m.hasRate("EUR", table: ecb20261030))
        XCTAssertFalse(m.hasRate("KWD", table: ecb20261030), "its field takes no input")
    }

    func testTypingIntoAnyRowMakesItTheAnchorExactlyAsTyped() {
        var m = model()
        m.type("250", into: "EUR")
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts, ["USD": "279.30", "JPY": "43,920", "GBP": "208.45", "KWD": ""])
        XCTAssertEqual(m.list.anchorCode, "EUR")
        XCTAssertEqual(m.list.anchorText, "250")
        m.type("1 234.5", into: "JPY")
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["EUR"], "7.03") // 1234.5 / 175.68
        XCTAssertEqual(m.list.anchorText, "1 234.5", "what was typed, not a reformatted number")
    }

    func testTheDigitsPreferenceAppliesToEveryRow() {
        var m = model(places: .fixed(4))
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["EUR"], "89.5095")
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["JPY"], "15,725.0269")
        m.formatter = DecimalFormatter(locale: Self.english)
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["EUR"], "89.51")
    }

    func testBadInputSaysWhyAndTheOthersKeepTheirValues() {
        var m = model()
        m.type("12", into: "GBP")
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["EUR"], "14.39")
        let bad = [("abc", "“a” is not part of a number"), ("1..2", "Misplaced decimal or group mark"),
                   ("--5", "A sign can only stand at the start"), (String(repeating: "9", count: 40), "More than 30 digits"),
                   ("", "Enter an amount")]
        for (text, why) in bad {
            m.type(text, into: "GBP")
            let update = m.recalculate(table: ecb20261030)
            XCTAssertNil(update.amounts, "the other rows keep their last good values for \(text)")
            XCTAssertEqual(update.relabeled, ["GBP"])
            XCTAssertEqual(lines(m)["GBP"], why, text)
            XCTAssertTrue(m.rateLine("GBP", table: ecb20261030).isRefused, "its field is marked")
            XCTAssertEqual(m.rateLine("EUR", table: ecb20261030).description, "1 EUR = 1.1172 USD")
        }
        m.type("12", into: "GBP")
        let update = m.recalculate(table: ecb20261030)
        XCTAssertEqual(update.amounts?["EUR"], "14.39")
        XCTAssertEqual(update.relabeled, ["GBP"], "its rate line comes back")
        XCTAssertEqual(m.rateLine("GBP", table: ecb20261030).description, "1 GBP = 1.3399 USD")
    }

    func testANumberTooLargeForTheRatesIsRefused() {
        var m = model()
        m.type("1e999", into: "USD")
        XCTAssertNil(m.recalculate(table: ecb20261030).amounts)
        XCTAssertEqual(lines(m)["USD"], "“e” is not part of a number")
    }

    func testARefusedRowStaysMarkedUntilAnAmountIsTaken() {
        var m = model()
        m.type("abc", into: "GBP")
        _ = m.recalculate(table: ecb20261030)
        m.type("x", into: "EUR")
        XCTAssertEqual(m.recalculate(table: ecb20261030).relabeled, ["EUR"])
        XCTAssertEqual(lines(m)["GBP"], "“a” is not part of a number", "still says why")
        m.type("5", into: "EUR")
        let update = m.recalculate(table: ecb20261030)
        XCTAssertEqual(update.relabeled, ["EUR", "GBP"], "both lines show their rates again")
        XCTAssertEqual(update.amounts?["GBP"], "4.17") // 5 × 0.8338
        XCTAssertEqual(lines(m)["EUR"], "1 EUR = 1.1172 USD")
    }

    // MARK: Rate lines

    func testARateOlderThanTheOthersSaysWhose() {
        let m = model(["RUB", "USD", "EUR", "IDR"], anchor: "EUR", reference: "RUB")
        XCTAssertEqual(lines(m), [
            "RUB": "Reference currency",
            "USD": "1 USD = 105.0000 RUB \u{00B7} rate of ECB \u{00B7} Mar 1, 2022",
            "EUR": "1 EUR = 117.2010 RUB \u{00B7} rate of ECB \u{00B7} Mar 1, 2022",
            "IDR": "No ECB rate of a day shared with RUB",
        ])
        XCTAssertTrue(m.rateLine("USD", table: ecb20261030).isStale, "in the warning colour")
        XCTAssertFalse(m.rateLine("RUB", table: ecb20261030).isStale)
        // Each part in the user's language: the template, the source's name.
        let russian = ["rate of %@": "курс %@", "ECB": "ЕЦБ", "Reference currency": "Опорная валюта",
                       "Enter an amount": "Введите сумму"]
        let words = Translations(translate: { russian[$0] ?? $0 }, translatePlural: { one, _, _ in one })
        XCTAssertEqual(m.rateLine("USD", table: ecb20261030).text(words),
                       "1 USD = 105.0000 RUB \u{00B7} курс ЕЦБ \u{00B7} Mar 1, 2022")
        XCTAssertEqual(m.rateLine("RUB", table: ecb20261030).text(words), "Опорная валюта")
        XCTAssertEqual(CurrencyRateLine.refused(.empty).text(words), "Введите сумму")
    }

    func testAReferenceWithoutARateSaysSo() {
        let m = model(["USD", "KWD"], reference: "KWD")
        XCTAssertEqual(lines(m), ["USD": "No rate for the reference currency KWD", "KWD": "No rate for KWD in the ECB data"])
    }

    func testTheReferenceCanChange() {
        var m = model()
        m.list.referenceCode = "EUR"
        XCTAssertEqual(lines(m)["USD"], "1 USD = 0.8951 EUR")
        XCTAssertEqual(lines(m)["EUR"], "Reference currency")
    }

    // MARK: The list

    func testRowsAreNamedForPeopleAndScreenReaders() {
        let m = model(["USD", "RUB", "XYZ"])
        XCTAssertEqual(m.face("USD").name, "US Dollar")
        XCTAssertEqual(m.face("USD").spoken, "USD, US Dollar")
        XCTAssertEqual(m.face("USD").amountName.description, "Amount in USD (US Dollar)")
        XCTAssertEqual(m.face("USD").actionsName.description, "Actions for USD")
        XCTAssertEqual(m.face("RUB").spoken, "RUB, Российский рубль", "the name in the user's language")
        XCTAssertEqual(m.face("XYZ").spoken, "XYZ", "a code without a name: said once")
    }

    func testAddRemoveMoveAndDrop() {
        var m = model()
        XCTAssertFalse(m.add("EUR"), "already listed")
        XCTAssertTrue(m.add("RUB"))
        XCTAssertEqual(m.codes, ["USD", "EUR", "JPY", "GBP", "KWD", "RUB"])
        XCTAssertTrue(m.remove("KWD"))
        XCTAssertFalse(m.remove("KWD"))
        XCTAssertTrue(m.move("RUB", by: -1))
        XCTAssertFalse(m.move("USD", by: -1), "the first row goes no higher")
        XCTAssertFalse(m.move("GBP", by: 1), "the last row goes no lower")
        XCTAssertEqual(m.codes, ["USD", "EUR", "JPY", "RUB", "GBP"])
        XCTAssertTrue(m.drop("GBP", on: "EUR"), "takes EUR's place")
        XCTAssertEqual(m.codes, ["USD", "GBP", "EUR", "JPY", "RUB"])
        XCTAssertFalse(m.drop("GBP", on: "CHF"))
        m.move("RUB", to: 0)
        XCTAssertEqual(m.codes, ["RUB", "USD", "GBP", "EUR", "JPY"])
    }

    func testUndoPutsTheRemovedRowBackWhereItWas() {
        var m = model(anchor: "JPY")
        XCTAssertNil(m.undoRemoval(), "nothing removed, nothing to undo")
        m.remove("EUR")
        m.remove("JPY")
        XCTAssertEqual(m.undoRemoval(), "JPY", "the last removal only")
        XCTAssertEqual(m.codes, ["USD", "JPY", "GBP", "KWD"])
        XCTAssertEqual(m.list.anchorCode, "JPY", "the anchor came back with its row")
        XCTAssertNil(m.undoRemoval(), "undone once")
        m.remove("KWD")
        m.move("USD", by: 1)
        XCTAssertEqual(m.undoRemoval(), "KWD")
        XCTAssertEqual(m.codes, ["JPY", "USD", "GBP", "KWD"], "back at its index")
        m.remove("GBP")
        XCTAssertTrue(m.add("GBP"))
        XCTAssertNil(m.undoRemoval(), "added again: nothing to undo")
        XCTAssertEqual(m.codes, ["JPY", "USD", "KWD", "GBP"])
    }

    func testAnEarlierRemovalsUndoBringsBackThatRowNotTheLast() throws {
        var m = model(anchor: "JPY")
        let before = m.codes
        m.remove("EUR")
        let eur = try XCTUnwrap(m.lastRemoval)
        m.remove("GBP")
        XCTAssertEqual(m.restore(eur), "EUR", "the first toast's Undo")
        XCTAssertEqual(m.codes, before.filter { $0 != "GBP" })
        XCTAssertEqual(m.undoRemoval(), "GBP", "Ctrl+Z still undoes the last")
        XCTAssertEqual(m.codes, before, "both back in their places")
        XCTAssertNil(m.restore(eur), "in the list again: nothing to do")
    }

    func testTheFocusGoesToTheRowTypedIntoElseTheFirst() {
        var m = model(anchor: "JPY")
        XCTAssertEqual(m.primaryCode, "JPY")
        m.remove("JPY")
        XCTAssertEqual(m.primaryCode, "USD")
        XCTAssertEqual(m.list.anchorCode, "JPY", "the anchor stays: the other rows keep their values")
        m.remove("USD"); m.remove("EUR"); m.remove("GBP"); m.remove("KWD")
        XCTAssertNil(m.primaryCode)
    }

    func testACurrencyAddedWhileTheTextIsRefusedShowsTheLastGoodAmount() {
        var m = model()
        m.type("12", into: "GBP")
        _ = m.recalculate(table: ecb20261030)
        m.type("12..3", into: "EUR")
        XCTAssertNil(m.recalculate(table: ecb20261030).amounts)
        m.add("IDR")
        let update = m.recalculate(table: ecb20261030)
        // 12 GBP in rupiah (12 × 20,275.17 / 0.8338), and the others as they were; the refused text
        // is not touched and still says why.
        XCTAssertEqual(update.amounts, ["USD": "16.08", "JPY": "2,528", "KWD": "", "IDR": "291,799.04"], "GBP shows its 12 already")
        XCTAssertEqual(update.relabeled, ["EUR"])
        XCTAssertEqual(lines(m)["EUR"], "Misplaced decimal or group mark")
        XCTAssertEqual(m.list.anchorText, "12..3")
        // Once an amount is taken, every row follows it as before.
        m.type("10", into: "EUR")
        XCTAssertEqual(m.recalculate(table: ecb20261030).amounts?["IDR"], "202,751.70")
    }

    func testARemovedRefusedRowComesBackClean() {
        var m = model()
        m.type("abc", into: "GBP")
        _ = m.recalculate(table: ecb20261030)
        m.remove("GBP")
        m.add("GBP")
        XCTAssertEqual(lines(m)["GBP"], "1 GBP = 1.3399 USD")
    }

    // MARK: The picker

    static let catalog = try! CurrencyCatalog.isoCodes(names: nil)

    func picker(popular: Bool, localeCurrency: String? = "USD") -> CurrencyPickerModel {
        CurrencyPickerModel(catalog: Self.catalog, locale: Self.english, localeCurrency: localeCurrency, popularOnly: popular)
    }

    func testThePickerOffersEveryActiveCurrencyOnce() {
        let p = picker(popular: false)
        XCTAssertEqual(p.codes, Self.catalog.active.map(\.code))
        XCTAssertEqual(Set(p.codes).count, p.codes.count)
        XCTAssertFalse(p.codes.contains("HRK"), "the kuna is gone")
        XCTAssertEqual(p.face("SEK").spoken, "SEK, Swedish Krona")
    }

    func testASearchShowsTheBestMatchesFirstWithoutTheTakenOnes() {
        let p = picker(popular: false)
        XCTAssertEqual(p.search("Swedish", excluding: []), .init(codes: ["SEK"], note: nil))
        XCTAssertEqual(p.search("eur", excluding: []).codes.first, "EUR", "the exact code first")
        let us = p.search("us", excluding: []).codes
        XCTAssertEqual(us.first, "USD", "codes that start with it, then names")
        XCTAssertTrue(us.contains("AUD"), "Australian Dollar: in the name")
        XCTAssertFalse(p.search("us", excluding: ["USD"]).codes.contains("USD"))
        XCTAssertEqual(p.search("", excluding: ["USD"]).codes.count, Self.catalog.active.count - 1)
        XCTAssertEqual(p.search("  yen ", excluding: []).codes, ["JPY"], "spaces around do not count")
    }

    func testThePopularViewAndItsNotes() {
        var p = picker(popular: true, localeCurrency: "UAH")
        let popular = p.search("", excluding: ["USD", "EUR"])
        XCTAssertNil(popular.note)
        XCTAssertEqual(Set(popular.codes), Set(CurrencyCatalog.popular + ["UAH"]).subtracting(["USD", "EUR"]),
                       "the most traded and the locale's own")
        XCTAssertEqual(p.search("dinar", excluding: []),
                       .init(codes: p.search("dinar", excluding: []).codes, note: Wording("No popular currency matches; showing all currencies.")))
        XCTAssertTrue(p.search("dinar", excluding: []).codes.contains("KWD"), "found among all currencies")
        XCTAssertEqual(p.search("zzz", excluding: []).note?.description, "No currency matches “zzz”.")
        // Only currencies left out match: say where they are, not that nothing matches.
        XCTAssertEqual(p.search("usd", excluding: ["USD", "EUR"]), .init(codes: ["USDC", "USDT"], note: Wording("Already chosen: USD.")),
                       "the stablecoins whose codes begin so are offered; the dollar is said to be chosen")
        XCTAssertEqual(p.search("eur", excluding: ["USD", "EUR"]), .init(codes: [], note: Wording("Already chosen: EUR.")))
        let all = CurrencyPickerModel(catalog: try! CurrencyCatalog.isoCodes(names: nil), locale: Locale(identifier: "en_US"), localeCurrency: "USD",
                                      popularOnly: false, taken: .inYourList)
        XCTAssertEqual(all.search("oro", excluding: ["XAU"]), .init(codes: ["NIO", "MAD"], note: Wording("Already in your list: XAU.")),
                       "gold by its Italian name is in the list; the córdoba oro is offered")
        XCTAssertEqual(p.search("usd", excluding: ["USD", "EUR"]).note?.description, "Already chosen: USD.")
        let list = CurrencyPickerModel(catalog: Self.catalog, locale: Locale(identifier: "en_US"), localeCurrency: "USD",
                                       popularOnly: false, taken: .inYourList)
        XCTAssertEqual(list.search(" usd ", excluding: ["USD"]).note?.description, "Already in your list: USD.")
        XCTAssertEqual(list.search("zzz", excluding: ["USD"]).note?.description, "No currency matches “zzz”.")
        XCTAssertEqual(p.search("zzz", excluding: []).codes, [])
        p.popularOnly = false
        XCTAssertNil(p.search("dinar", excluding: []).note, "all currencies were asked for")
        XCTAssertEqual(p.search("", excluding: Set(p.codes)), .init(codes: [], note: Wording("No currency left to add.")))
    }
}
