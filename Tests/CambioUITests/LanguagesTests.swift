import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// The languages Cambio ships (po/LINGUAS), each under LANGUAGE over an English locale.
final class LanguagesTests: WindowTestCase {
    static var languages: [String] {
        let file = AppContext.sourceTree!.appendingPathComponent("po/LINGUAS")
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testTheLanguagesAreThoseShipped() {
        XCTAssertEqual(Set(Self.languages), ["ru", "it", "ko", "de", "fr", "es", "pt_BR", "zh_CN", "ja", "uk", "pl", "tr", "ar"])
    }

    /// The pages' titles in the language asked for (the messages), numbers still the locale's.
    func testThePagesAreTitledInGermanJapaneseAndArabic() async throws {
        for (language, titles) in [("de", ["Währungen", "Umrechner", "Verlauf", "Investitionen", "Rechner"]),
                                   ("ja", ["通貨", "コンバーター", "履歴", "投資", "電卓"]),
                                   ("ar", ["العملات", "المحوّل", "السجل", "الاستثمارات", "الآلة الحاسبة"])] {
            makeWindow(lang: "en_US.UTF-8", language: language)
            XCTAssertEqual(PageID.allCases.map(\.title), titles, language)
            XCTAssertEqual(window.currencies.entryText("USD"), "100", "\(language): the amount as typed")
        }
    }

    /// Under Arabic an amount typed in Arabic-Indic digits converts as one in ASCII digits.
    func testAnAmountTypedInArabicIndicDigitsIsConverted() async throws {
        makeWindow(lang: "en_US.UTF-8", language: "ar")
        window.currencies.type("١٠٠", into: "EUR")
        MainContext.drain()
        XCTAssertFalse(window.currencies.hasError("EUR"))
        XCTAssertEqual(window.currencies.entryText("USD"), "111.72", "100 EUR at 1.1172")
    }

    /// Every page of every language fits a phone's 360 px with text at 1.5 (a long word, a
    /// compound such as "Referenzwährung", breaks rather than widen the window).
    func testEveryPageFitsAPhoneWithLargeTextInEveryLanguage() async throws {
        AppStyles.load()
        defer { AppStyles.unload() }
        let settings = gpointerOf(gtk_settings_get_default())
        let dpi = cambio_object_get_uint(settings, "gtk-xft-dpi")
        defer { cambio_object_set_uint(settings, "gtk-xft-dpi", dpi) }
        cambio_object_set_uint(settings, "gtk-xft-dpi", guint(144 * 1024))
        for language in Self.languages {
            makeWindow(lang: "en_US.UTF-8", language: language, size: (360, 720))
            for id in PageID.allCases {
                window.showPage(id)
                MainContext.drain()
                let widths = minimumWidths(root: window.page(id).root.widget)
                XCTAssertLessThanOrEqual(widths.content, 360, "\(language): the \(id) page at text scale 1.5")
            }
        }
    }
}
