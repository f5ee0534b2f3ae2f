import XCTest
import CGtk
import CambioGLib
import CambioServices
import CambioStore
@testable import CambioCore
import CambioTestSupport

/// Translations through glibc's gettext: the app's catalogues and iso-codes' currency names.
final class GettextTests: XCTestCase {
    override func tearDown() {
        Gettext.prepare(environment: ["LANG": "en_US.UTF-8"])
    }

    func testTranslatedNamesFromIsoCodes() throws {
        Gettext.prepare(environment: ["LANG": "ru_RU.UTF-8"])
        let ru = try CurrencyCatalog.system(names: Gettext.currencyName)
        XCTAssertEqual(ru["USD"]?.localizedName, "Доллар США")
        XCTAssertEqual(ru["USD"]?.englishName, "US Dollar")
        Gettext.prepare(environment: ["LANG": "ko_KR.UTF-8"])
        let ko = try CurrencyCatalog.system(names: Gettext.currencyName)
        XCTAssertNotEqual(ko["EUR"]?.localizedName, "Euro")
    }

    /// A first start in Russian on the bundled data, as the window makes it: names in Russian.
    func testFirstStartOnBundledDataInRussian() throws {
        let h = try tempDir()
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let environment = ["HOME": h.path, "LANG": "ru_RU.UTF-8"]
        Gettext.prepare(environment: environment, executable: h.appendingPathComponent("bin/cambio"), sourceTree: repo)
        let data = StartupData.load(environment: environment, executable: h.appendingPathComponent("bin/cambio"), sourceTree: repo,
                                    names: Gettext.currencyName, words: { Gettext.translate($0) })
        XCTAssertEqual(data.problems, [])
        XCTAssertEqual(data.state.currencies.codes.first, "RUB")
        XCTAssertEqual(data.catalog["USD"]?.localizedName, "Доллар США")
        // iso-codes has no Russian name for these: Cambio's catalogue says them.
        XCTAssertEqual(data.catalog["AZN"]?.localizedName, "Азербайджанский манат")
        XCTAssertEqual(data.catalog["LAK"]?.localizedName, "Лаосский кип")
    }

    /// Why a store was set aside is worded in the user's language, down to the reason inside;
    /// SQLite's own words and the table names stay as they are.
    func testAStoreSetAsideIsSaidInTheUsersLanguage() throws {
        Gettext.prepare(environment: ["LANG": "ru_RU.UTF-8"], sourceTree: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        let russian = { (w: Wording) in w.text { Gettext.translate($0) } }
        XCTAssertEqual(russian(HistoryStoreError.notAStore(Wording("it is not an SQLite database")).wording),
                       Gettext.translate("it is not Cambio's rate history: %@").replacingOccurrences(of: "%@", with: "это не база данных SQLite"))
        XCTAssertTrue(russian(HistoryStoreError.notAStore(Wording("it holds another program's tables (%@)", .verbatim("notes"))).wording)
            .hasSuffix("в нём таблицы другой программы (notes)"))
        XCTAssertEqual(HistoryStoreError.damaged(Wording("a table is missing (%@)", .verbatim("rate"))).wording.description,
                       "the rate history is damaged: a table is missing (rate)", "the command line's English")
    }

    func testSearchByCodeEnglishAndLocalizedName() throws {
        Gettext.prepare(environment: ["LANG": "ru_RU.UTF-8"])
        let ru = try CurrencyCatalog.system(names: Gettext.currencyName)
        let locale = Locale(identifier: "ru_RU")
        XCTAssertEqual(ru.search("usd", locale: locale).first?.code, "USD")
        XCTAssertEqual(ru.search("US", locale: locale).first?.code, "USD") // exact code first
        XCTAssertTrue(ru.search("доллар", locale: locale).contains { $0.code == "USD" })
        XCTAssertTrue(ru.search("yen", locale: locale).contains { $0.code == "JPY" })
        XCTAssertTrue(ru.search("ZLOTY", locale: locale).contains { $0.code == "PLN" })
        XCTAssertTrue(ru.search("", locale: locale).count > 150)
        XCTAssertTrue(ru.search("qqqq", locale: locale).isEmpty)
    }

    /// A catalogue compiled by msgfmt, read back through gettext: singular, and plural forms by
    /// the header's rule (Russian's three).
    func testCompiledCatalogueWithPlurals() throws {
        let dir = try tempDir()
        let folder = dir.appendingPathComponent("ru/LC_MESSAGES")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let po = dir.appendingPathComponent("ru.po"), mo = folder.appendingPathComponent("cambio-test.mo")
        try Data("""
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        msgid "Preferences"
        msgstr "Параметры"

        msgid "%d purchase"
        msgid_plural "%d purchases"
        msgstr[0] "%d покупка"
        msgstr[1] "%d покупки"
        msgstr[2] "%d покупок"

        """.utf8).write(to: po)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["msgfmt", "--check", "-o", mo.path, po.path]
        try p.run(); p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        Gettext.prepare(environment: ["LANG": "ru_RU.UTF-8"])
        bindtextdomain("cambio-test", dir.path)
        bind_textdomain_codeset("cambio-test", "UTF-8")
        XCTAssertEqual(Gettext.translate("Preferences", domain: "cambio-test"), "Параметры")
        let forms = [1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 0].map { Gettext.translate("%d purchase", "%d purchases", $0, domain: "cambio-test") }
        XCTAssertEqual(forms, ["%d покупка", "%d покупки", "%d покупок", "%d покупок", "%d покупок", "%d покупка", "%d покупки",
                               "%d покупок", "%d покупка", "%d покупок", "%d покупок"])
        XCTAssertEqual(Gettext.translate("%d day", "%d days", 2, domain: "cambio-test"), "%d days", "untranslated: English forms")
        // The app's own catalogue, found beside the sources (make compiles it into data/locale).
        XCTAssertEqual(Gettext.translate("Preferences"), "Параметры")
        XCTAssertEqual([1, 3, 5].map { Gettext.translate("%d day ago", "%d days ago", $0) }, ["%d день назад", "%d дня назад", "%d дней назад"])
    }
}
