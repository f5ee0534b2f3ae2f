import CambioGLib

/// The window's pages, in the switcher's order: each one's name in the view stack, its title
/// and icon, its shortcut (Alt+1 … Alt+5) and how it is built. The window, the actions, the
/// shortcuts window and the tests name pages by it.
public enum PageID: String, CaseIterable, Sendable {
    case currencies, converter, history, investments, calculator

    /// Its title in the switcher and the shortcuts window.
    @MainActor var title: String {
        switch self {
        case .currencies: tr("Currencies")
        case .converter: tr("Converter")
        case .history: tr("History")
        case .investments: tr("Investments")
        case .calculator: tr("Calculator")
        }
    }

    /// Its symbolic icon in the switcher.
    var icon: String {
        switch self {
        case .currencies: "view-list-symbolic"
        case .converter: "media-playlist-repeat-symbolic"
        case .history: "document-open-recent-symbolic"
        case .investments: "cambio-investments-symbolic"
        case .calculator: "accessories-calculator-symbolic"
        }
    }

    /// Its place in the switcher, from 1.
    var number: Int { Self.allCases.firstIndex(of: self)! + 1 }

    /// The application action that shows it, and its keys.
    var actionName: String { "page-\(number)" }
    var shortcut: String { "<Alt>\(number)" }

    /// A new page of this kind for `window`, wired to the window where it leads to another page.
    @MainActor func build(for window: MainWindow) -> Page {
        let context = window.context
        switch self {
        case .currencies:
            return CurrenciesPage(context: context)
        case .converter:
            let page = ConverterPage(context: context)
            page.onShowHistory = { [weak window] pair in window?.showHistory(pair) }
            return page
        case .history:
            let page = HistoryPage(context: context, data: context.historyData)
            page.onSyncFailure = { [weak window] reason in window?.historySyncFailed(reason) }
            return page
        case .investments:
            return InvestmentsPage(context: context)
        case .calculator:
            let page = CalculatorPage(context: context)
            page.onConvert = { [weak window] amount, pair in window?.openConverter(amountText: amount, pair: pair) }
            return page
        }
    }
}
