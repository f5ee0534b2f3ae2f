import XCTest
@testable import CambioCore

final class CatalogAndLocaleTests: XCTestCase {
    func testLocaleFromEnvironment() {
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "ru_RU.UTF-8"]).numbers.identifier, "ru_RU")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"]).numbers.identifier, "de_DE")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]).numbers.identifier, "de_DE")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]).dates.identifier, "en_US")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "C"]).numbers.identifier, "en_US")
        XCTAssertEqual(LocaleEnvironment(environment: [:]).numbers.identifier, "en_US")
        XCTAssertEqual(LocaleEnvironment.identifier(fromPOSIX: "sr_RS.UTF-8@latin"), "sr_RS")
    }

    func testLocaleCurrency() {
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "ru_RU.UTF-8"]).localeCurrencyCode, "RUB")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "de_DE.UTF-8"]).localeCurrencyCode, "EUR")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "en_US.UTF-8"]).localeCurrencyCode, "USD")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "ko_KR.UTF-8"]).localeCurrencyCode, "KRW")
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "en_US.UTF-8", "LC_MONETARY": "ja_JP.UTF-8"]).localeCurrencyCode, "JPY")
    }

    func testLanguages() {
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "ru_RU.UTF-8"]).languages, ["ru_RU", "ru"])
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "it_IT.UTF-8", "LANGUAGE": "ko:en"]).languages, ["ko", "en", "it_IT", "it"])
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "C", "LANGUAGE": "ko"]).languages, [])
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "POSIX", "LANGUAGE": "ko"]).languages, [])
        // As glibc: C.UTF-8 (a container's, a minimal system's) takes LANGUAGE.
        XCTAssertEqual(LocaleEnvironment(environment: ["LANG": "C.UTF-8", "LANGUAGE": "de"]).languages, ["de"])
    }

    func testSystemCatalogue() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        XCTAssertGreaterThan(catalog.active.count, 150)
        XCTAssertEqual(catalog["JPY"]?.minorUnits, 0)
        XCTAssertEqual(catalog["KWD"]?.minorUnits, 3)
        XCTAssertEqual(catalog["EUR"]?.minorUnits, 2)
        XCTAssertEqual(catalog["USD"]?.englishName, "US Dollar")
        XCTAssertEqual(catalog["XAU"]?.englishName, "Gold (one troy ounce)", "a troy ounce of gold converts like a currency")
        XCTAssertNil(catalog["XTS"], "a test code is not money")
        XCTAssertEqual(catalog["HRK"]?.isActive, false, "the kuna was replaced by the euro")
        XCTAssertEqual(catalog["CYP"]?.isActive, false)
        XCTAssertFalse(catalog.active.contains { $0.code == "HRK" })
    }

    func testFirstRunListFollowsTheLocale() throws {
        let catalog = try CurrencyCatalog.isoCodes(names: nil)
        let ru = CurrencyListState.firstRun(localeCurrency: "RUB", catalog: catalog)
        XCTAssertEqual(ru.codes.prefix(3), ["RUB", "USD", "EUR"])
        XCTAssertEqual(ru.referenceCode, "RUB")
        XCTAssertEqual(ru.anchorCode, "RUB")
        let de = CurrencyListState.firstRun(localeCurrency: "EUR", catalog: catalog)
        XCTAssertEqual(de.codes.prefix(2), ["EUR", "USD"])
        XCTAssertEqual(Set(de.codes).count, de.codes.count)
        XCTAssertEqual(de.referenceCode, "EUR")
        let none = CurrencyListState.firstRun(localeCurrency: nil, catalog: catalog)
        XCTAssertEqual(none.codes.first, "USD")
        XCTAssertGreaterThanOrEqual(none.codes.count, 5)
    }
}
