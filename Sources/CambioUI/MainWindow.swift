import CambioCore
import CambioGLib
import CGtk

/// The actions of the page shown ("page.swap"): each page says which it answers and what they
/// do there; the others are disabled while it shows, with their buttons and keys.
enum PageAction: String, CaseIterable {
    case swap, addFavourite = "add-favourite", search

    /// The detailed name buttons and accelerators use.
    var detailed: String { "page.\(rawValue)" }
}

/// What a page offers the window: its widget, where the focus goes, and its page actions.
@MainActor protocol Page: AnyObject {
    var root: WidgetRef { get }
    func focusPrimary()
    var pageActions: [PageAction: @MainActor () -> Void] { get }
}

extension Page {
    var pageActions: [PageAction: @MainActor () -> Void] { [:] }
}

extension CurrenciesPage: Page {
    var pageActions: [PageAction: @MainActor () -> Void] { [.search: { [weak self] in self?.openPicker() }] }
}

extension ConverterPage: Page {
    var pageActions: [PageAction: @MainActor () -> Void] {
        [.swap: { [weak self] in self?.swap() }, .addFavourite: { [weak self] in self?.addFavourite() },
         .search: { [weak self] in self?.focusSearch() }]
    }
}

extension HistoryPage: Page {
    var pageActions: [PageAction: @MainActor () -> Void] { [.swap: { [weak self] in self?.swap() }] }
}

extension InvestmentsPage: Page {
    var pageActions: [PageAction: @MainActor () -> Void] { [.search: { [weak self] in self?.focusPrimary() }] }
}

extension CalculatorPage: Page {}

/// The window: a header bar with the page switcher, a message strip, and the five pages.
@MainActor public final class MainWindow {
    public let window: WidgetRef
    public let currencies: CurrenciesPage
    private let context: AppContext
    /// Pages other than the first are built when first shown: start-up pays for one page.
    private var holders: [String: Box] = [:]
    /// The page actions, enabled for the page shown.
    let pageActions = ActionGroup()
    private var builtConverter: ConverterPage?
    private var builtCalculator: CalculatorPage?
    private var builtHistory: HistoryPage?
    private var builtInvestments: InvestmentsPage?

    public var investments: InvestmentsPage {
        if let builtInvestments { return builtInvestments }
        let page = InvestmentsPage(context: context)
        builtInvestments = page
        place(page.root, in: "investments")
        return page
    }

    /// The Investments page if it was built (nothing to update otherwise).
    var builtInvestmentsPage: InvestmentsPage? { builtInvestments }

    public var history: HistoryPage {
        if let builtHistory { return builtHistory }
        let page = HistoryPage(context: context, data: context.historyData)
        builtHistory = page
        page.onSyncFailure = { [weak self] reason in
            self?.banner.show(String(format: tr("Could not fetch the newest days of the history from Frankfurter: %@."), reason),
                              key: "history-sync")
        }
        place(page.root, in: "history")
        return page
    }

    /// Shows the History page for a pair (the Converter's current one, a favourite).
    public func showHistory(_ pair: FavouritePair) {
        history.setPair(from: pair.from, to: pair.to)
        showPage(2)
    }

    public var converter: ConverterPage {
        if let builtConverter { return builtConverter }
        let page = ConverterPage(context: context)
        builtConverter = page
        page.onShowHistory = { [weak self] pair in self?.showHistory(pair) }
        place(page.root, in: "converter")
        return page
    }

    public var calculator: CalculatorPage {
        if let builtCalculator { return builtCalculator }
        let page = CalculatorPage(context: context)
        builtCalculator = page
        page.onConvert = { [weak self] amount, pair in
            self?.converter.useAmount(amount, pair: pair)
            self?.showPage(1)
        }
        place(page.root, in: "calculator")
        return page
    }

    private func place(_ root: WidgetRef, in page: String) {
        root.vexpand = true
        holders[page]?.append(root)
    }

    /// The pages in the order of `pageNames`, each built when first asked for.
    private static let pages: [@MainActor (MainWindow) -> Page] = [
        { $0.currencies }, { $0.converter }, { $0.history }, { $0.investments }, { $0.calculator },
    ]

    /// The page named `name` (built now if it was not yet).
    private func page(named name: String) -> Page? {
        Self.pageNames.firstIndex(of: name).map { Self.pages[$0](self) }
    }
    /// Messages for every page: failures, stale rates, problems found at start-up.
    let banner = Banner()
    private let stack: Stack

    /// The pages in order; Alt+1..Alt+5 follow it.
    public static let pageNames = ["currencies", "converter", "history", "investments", "calculator"]

    public init(application: UnsafeMutablePointer<GtkApplication>?, context: AppContext) {
        self.context = context
        // Tests build the window without an application.
        let win = application.map { Application(existing: $0).newWindow() } ?? Window()
        window = win.widget
        win.title = tr("Cambio")
        win.defaultSize(width: 720, height: 680)

        stack = Stack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Only the visible page is measured (homogeneous stacks measure every page).
        stack.homogeneous = false
        stack.vexpand = true
        currencies = CurrenciesPage(context: context, banner: banner)
        let titles = [tr("Currencies"), tr("Converter"), tr("History"), tr("Investments"), tr("Calculator")]
        for (i, name) in Self.pageNames.enumerated() {
            if i == 0 {
                stack.add(currencies.root, name: name, title: titles[i])
            } else {
                let holder = Box.vertical()
                holders[name] = holder
                stack.add(holder, name: name, title: titles[i])
            }
        }
        banner.root.margins(12, 12, 0, 12)
        win.child = Box.vertical([banner.root, stack]).widget

        let header = HeaderBar()
        let switcher = StackSwitcher(for: stack)
        switcher.accessibleLabel(tr("Pages"))
        header.titleWidget(switcher)
        header.packEnd(MainMenu.make())
        win.titlebar(header)
        for action in PageAction.allCases {
            pageActions.add(action.rawValue) { [weak self] in self?.visible?.pageActions[action]?() }
        }
        pageActions.insert(into: win, prefix: "page")

        context.problems.forEach { banner.show($0) }
        context.onProblem = { [weak self] message in self?.banner.show(message) }
        context.onSaveError = { [weak self] message in self?.banner.show(message, key: AppContext.saveMessageKey) }
        context.onSaved = { [weak self] in self?.banner.remove(key: AppContext.saveMessageKey) }
        // Work that ends after the window (a history import, a save at shutdown) reports to nobody.
        win.onDestroy { [weak context] in context?.detach() }
        stack.onPageChanged { [weak self] in self?.pageShown() }
        pageShown()
        StartupProbe.attach(window)
    }

    /// Another page shows: it is built if need be, and the page actions follow it.
    private func pageShown() {
        let page = visible
        for action in PageAction.allCases { pageActions.setEnabled(action.rawValue, page?.pageActions[action] != nil) }
    }

    public var visiblePage: String { stack.visibleChildName ?? "" }

    /// The page shown.
    var visible: Page? { page(named: visiblePage) }

    /// Shows page `index` (0-based) and puts the focus on its main control.
    public func showPage(_ index: Int) {
        guard Self.pageNames.indices.contains(index) else { return }
        let page = Self.pages[index](self)
        stack.visibleChildName = Self.pageNames[index]
        page.focusPrimary()
    }

    /// The pages built so far that show rates, for the rates controller.
    var ratesViews: [RatesView] { [currencies as RatesView?, builtConverter].compactMap { $0 } }

    public func present() { Window(existing: window).present() }
}
