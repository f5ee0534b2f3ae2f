import CambioCore
import CambioGLib
import CambioServices

/// The About window (the primary menu's About Cambio): the app, its version and license, and
/// the data sources credited as their terms ask.
@MainActor enum AboutCambio {
    static let website = "https://github.com/cambio/cambio"
    static let issues = "https://github.com/cambio/cambio/issues"

    /// A new About window over `parent` (modal, transient, gone with it), presented.
    @discardableResult
    static func present(over parent: (any Widget)?) -> AboutWindow {
        let about = make()
        let window = about.window
        if let parent { window.transient(for: parent) }
        window.destroyWithParent = true
        window.present()
        about.nameBuiltInParts(icons: ["go-previous-symbolic": tr("Back")], list: tr("About Cambio"),
                               text: tr("Troubleshooting information"))
        return about
    }

    static func make() -> AboutWindow {
        let about = AboutWindow(name: "Cambio", icon: CambioApplication.id, version: AppVersion.string,
                                developer: tr("The Cambio developers"), website: website, issues: issues,
                                copyright: tr("© The Cambio developers"),
                                comments: tr("Convert currencies with live and offline rates"), license: .mitX11)
        // Translators: your names, one a line ("Name <email>" or "Name https://…").
        let translators = tr("translator-credits")
        if translators != "translator-credits" { about.translatorCredits(translators) }
        // Each source as its terms ask: open.er-api.com's wants exactly "Rates By Exchange Rate
        // API" linked to its site (a name: not translated).
        about.creditSection(tr("Data sources"), [
            tr("European Central Bank: euro foreign exchange reference rates") + " https://www.ecb.europa.eu",
            "Rates By Exchange Rate API https://www.exchangerate-api.com",
            "Frankfurter https://frankfurter.dev",
            tr("Bank of Russia") + " https://www.cbr.ru",
            tr("Precious metals and cryptocurrencies: currency-api") + " https://github.com/fawazahmed0/exchange-api",
            tr("Cryptocurrencies: Coinbase") + " https://www.coinbase.com",
            tr("Stock prices: Alpha Vantage") + " https://www.alphavantage.co",
        ])
        // The institutions whose official rates Frankfurter serves, each with its own page.
        about.creditSection(tr("Official rates through Frankfurter"),
                            Institution.all.sorted { $0.name < $1.name }.map { i in [i.name, i.dataURL].compactMap { $0 }.joined(separator: " ") })
        // Each source's terms: its words, with %@ standing for the link to it.
        let terms: [(title: String, copyright: String?, words: String, url: String, linkTitle: String)] = [
            (tr("European Central Bank"), "© European Central Bank",
             tr("The euro foreign exchange reference rates are published by the European Central Bank for information purposes only. Source: %@."),
             "https://www.ecb.europa.eu", tr("European Central Bank")),
            ("ExchangeRate-API", nil, tr("Rates from open.er-api.com: %@."), "https://www.exchangerate-api.com", "Rates By Exchange Rate API"),
            ("Frankfurter", nil,
             tr("%@ (MIT licence) gathers the official rates of 84 central banks and institutions, each published under its own terms; they are listed in the credits."),
             "https://frankfurter.dev", "Frankfurter"),
            (tr("Bank of Russia"), nil, tr("Official exchange rates of the Bank of Russia. Source: %@."), "https://www.cbr.ru", tr("Bank of Russia")),
            ("currency-api", nil,
             tr("Prices of precious metals and cryptocurrencies from %@ by Fawaz Ahmed, dedicated to the public domain (CC0 1.0)."),
             "https://github.com/fawazahmed0/exchange-api", "currency-api"),
            ("Coinbase", nil, tr("Cryptocurrency exchange rates from the %@, under Coinbase’s terms of service."),
             "https://docs.cdp.coinbase.com/coinbase-app/track-apis/exchange-rates", "Coinbase API"),
            ("Alpha Vantage", nil, tr("Stock data provided by %@, under its terms of service."), "https://www.alphavantage.co", "Alpha Vantage"),
        ]
        for t in terms {
            about.legalSection(title: t.title, copyright: t.copyright, text: Template.fill(escaped(t.words), link(t.url, t.linkTitle)))
        }
        return about
    }

    /// A legal section's text is Pango markup: the words escaped, the links marked up.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static func link(_ url: String, _ title: String) -> String { "<a href=\"\(url)\">\(escaped(title))</a>" }
}
