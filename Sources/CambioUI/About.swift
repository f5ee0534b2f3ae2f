import CambioCore
import CambioGLib
import CambioNet
import CGtk

/// The About window (the primary menu's About Cambio): the app, its version and license, and
/// the data sources credited as their terms ask.
@MainActor enum AboutCambio {
    static let website = "https://github.com/cambio/cambio"
    static let issues = "https://github.com/cambio/cambio/issues"

    /// A new About window over `parent` (modal, transient, gone with it), presented.
    @discardableResult
    static func present(over parent: WidgetRef?) -> AboutWindow {
        let about = make()
        let window = about.window
        if let parent { window.transient(for: parent) }
        window.destroyWithParent = true
        window.present()
        return about
    }

    static func make() -> AboutWindow {
        let about = AboutWindow(name: "Cambio", icon: CambioApplication.id, version: CambioVersion.string,
                                developer: tr("The Cambio developers"), website: website, issues: issues,
                                copyright: tr("© The Cambio developers"),
                                comments: tr("Convert currencies with live and offline rates"))
        about.license(GTK_LICENSE_MIT_X11)
        // Translators: your names, one a line ("Name <email>" or "Name https://…").
        let translators = tr("translator-credits")
        if translators != "translator-credits" { about.translatorCredits(translators) }
        about.creditSection(tr("Data sources"), [
            tr("European Central Bank: euro foreign exchange reference rates") + " https://www.ecb.europa.eu",
            tr("Rates By Exchange Rate API") + " https://www.exchangerate-api.com",
            "Frankfurter https://frankfurter.app",
            tr("Bank of Russia") + " https://www.cbr.ru",
            tr("Stock prices: Alpha Vantage") + " https://www.alphavantage.co",
        ])
        about.legalSection(title: tr("European Central Bank"), copyright: "© European Central Bank",
                           text: tr("The euro foreign exchange reference rates are published by the European Central Bank for information purposes only. Source: European Central Bank, https://www.ecb.europa.eu."))
        about.legalSection(title: tr("Exchange Rate API"), copyright: nil,
                           text: tr("Rates from open.er-api.com: Rates By Exchange Rate API, https://www.exchangerate-api.com."))
        about.legalSection(title: tr("Frankfurter"), copyright: nil,
                           text: tr("Frankfurter (https://frankfurter.app) serves the European Central Bank’s reference rates."))
        about.legalSection(title: tr("Bank of Russia"), copyright: nil,
                           text: tr("Official exchange rates of the Bank of Russia. Source: Bank of Russia, https://www.cbr.ru."))
        about.legalSection(title: tr("Alpha Vantage"), copyright: nil,
                           text: tr("Stock data provided by Alpha Vantage, https://www.alphavantage.co, under its terms of service."))
        return about
    }
}
