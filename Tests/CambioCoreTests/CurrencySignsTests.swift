import CambioCore
import CambioTestSupport
import Foundation
import XCTest

/// Currency signs as each locale writes them, and signs typed with an amount.
final class CurrencySignsTests: XCTestCase {
    let codes = ["USD", "CAD", "AUD", "EUR", "GBP", "JPY", "CNY", "RUB", "CHF", "UAH", "PLN", "INR", "XAU", "BTC"]

    func signs(_ id: String) -> CurrencySigns { CurrencySigns(locale: Locale(identifier: id)) }

    func testAmountsTakeTheSignWhereTheLocalePutsIt() {
        let en = DecimalFormatter(locale: Locale(identifier: "en_US"), signs: signs("en_US")).with(signs: true)
        XCTAssertEqual(en.money(dec("1234.56"), code: "USD", minorUnits: 2), "$1,234.56")
        XCTAssertEqual(en.money(dec("1234.56"), code: "EUR", minorUnits: 2), "€1,234.56")
        XCTAssertEqual(en.money(dec("1234.5"), code: "JPY", minorUnits: 0), "¥1,235", "rounded to the yen, then signed")
        // A dollar that is not the locale's own keeps a distinct sign; a currency with none, its code.
        XCTAssertEqual(en.money(dec("5"), code: "CAD", minorUnits: 2), "CA$5.00")
        XCTAssertEqual(en.money(dec("5"), code: "CHF", minorUnits: 2), "CHF\u{00A0}5.00")
        XCTAssertEqual(en.money(dec("-5"), code: "GBP", minorUnits: 2), "-£5.00", "the minus before it all")

        let ru = DecimalFormatter(locale: Locale(identifier: "ru_RU"), signs: signs("ru_RU")).with(signs: true)
        XCTAssertEqual(ru.money(dec("1234.56"), code: "RUB", minorUnits: 2), "1\u{00A0}234,56\u{00A0}₽")
        let de = DecimalFormatter(locale: Locale(identifier: "de_DE"), signs: signs("de_DE")).with(signs: true)
        XCTAssertEqual(de.money(dec("1234.56"), code: "EUR", minorUnits: 2), "1.234,56\u{00A0}€")
        XCTAssertEqual(de.money(dec("1234.56"), code: "USD", minorUnits: 2), "1.234,56\u{00A0}$")
        let ca = DecimalFormatter(locale: Locale(identifier: "en_CA"), signs: signs("en_CA")).with(signs: true)
        XCTAssertEqual(ca.money(dec("5"), code: "CAD", minorUnits: 2), "$5.00", "in Canada the dollar is Canada's")
        XCTAssertEqual(ca.money(dec("5"), code: "USD", minorUnits: 2), "US$5.00")
    }

    func testWithoutThePreferenceAmountsKeepTheirCodes() {
        let en = DecimalFormatter(locale: Locale(identifier: "en_US"), signs: signs("en_US"))
        XCTAssertEqual(en.money(dec("1234.56"), code: "USD", minorUnits: 2), "1,234.56 USD")
        XCTAssertEqual(en.signed("89.51", code: "EUR"), "89.51")
        let on = en.with(signs: true)
        XCTAssertEqual(on.signed("89.51", code: "EUR"), "€89.51", "beside its code: the sign")
        XCTAssertEqual(on.signed("89.51", code: "CHF"), "89.51", "never CHF 89.51 beside CHF")
        XCTAssertEqual(on.with(.fixed(0)).money(dec("89.51"), code: "EUR", minorUnits: 2), "€90", "decimal places keep the signs")
    }

    func testATypedSignIsReadAsItsCurrencyWhereItIsOneCurrencys() throws {
        let en = signs("en_US")
        XCTAssertEqual(en.split("$100", among: codes.contains)?.code, "USD")
        XCTAssertEqual(en.split("$100", among: codes.contains)?.amount, "100")
        XCTAssertEqual(en.split("100 €", among: codes.contains)?.code, "EUR")
        XCTAssertEqual(en.split("-€5", among: codes.contains)?.amount, "-5")
        XCTAssertEqual(en.split("CA$12*3", among: codes.contains)?.code, "CAD")
        XCTAssertEqual(en.split("100₽", among: codes.contains)?.code, "RUB", "a sign only the rouble has, though English writes RUB")
        XCTAssertNil(en.split("100", among: codes.contains))
        XCTAssertNil(en.split("100 xyz", among: codes.contains))
        XCTAssertEqual(signs("en_CA").split("$5", among: codes.contains)?.code, "CAD")
        XCTAssertEqual(signs("zh_CN").split("¥5", among: codes.contains)?.code, "CNY")
        XCTAssertEqual(signs("ja_JP").split("¥5", among: codes.contains)?.code, "JPY")
        XCTAssertEqual(signs("de_DE").split("100 €", among: codes.contains)?.code, "EUR")
    }

    func testASignNoCurrencyHasAloneIsNotGuessed() {
        XCTAssertNil(signs("fr_FR").split("$100", among: codes.contains), "in French every dollar is $US, $CA…: $ alone is none of them")
        XCTAssertEqual(signs("fr_FR").split("100 $US", among: codes.contains)?.code, "USD")
        // The two CFA francs share "FCFA" in every locale: neither is read from it, and each is
        // shown by its code.
        let cfa = signs("en_US")
        XCTAssertNil(cfa.split("100 FCFA", among: (codes + ["XAF", "XOF"]).contains))
        XCTAssertEqual(cfa.money("100", "XOF"), "100 XOF")
        XCTAssertEqual(cfa.signed("100", "XAF"), "100")
        // A coin's four letters are its own: Tether is never read as "$".
        XCTAssertEqual(cfa.split("$5", among: (codes + ["USDT", "USDC"]).contains)?.code, "USD")
        XCTAssertEqual(cfa.money("5", "USDT"), "5\u{00A0}USDT")
    }

    func testAFieldTakesItsOwnSignAndRefusesAnothers() {
        let en = DecimalFormatter(locale: Locale(identifier: "en_US"), signs: signs("en_US"))
        XCTAssertEqual(en.parseAmount("€89.51", of: "EUR", among: codes.contains), .success(dec("89.51")))
        XCTAssertEqual(en.parseAmount("89.51", of: "EUR", among: codes.contains), .success(dec("89.51")))
        XCTAssertEqual(en.parseAmount("$5", of: "EUR", among: codes.contains), .failure(.signOfAnother(code: "USD")))
        XCTAssertEqual(AmountError.signOfAnother(code: "USD").text(.english), "That is the sign of USD, another currency")
    }
}
