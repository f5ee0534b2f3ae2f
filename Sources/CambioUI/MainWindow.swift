import CambioCore
import CambioGLib
import CGtk

/// The window: a header bar with the page switcher, a message strip, and the five pages.
@MainActor public final class MainWindow {
    public let window: WidgetRef
    public let currencies: CurrenciesPage
    private let context: AppContext
    /// Pages other than the first are built when first shown: start-up pays for one page.
    private var holders: [String: WidgetRef] = [:]
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
        gtk_widget_set_vexpand(root, 1)
        if let holder = holders[page] { gtk_box_append(cast(holder), root) }
    }

    /// Builds the page named `name` if it is one built on demand.
    private func build(_ name: String) {
        switch name {
        case "converter": _ = converter
        case "calculator": _ = calculator
        case "history": _ = history
        case "investments": _ = investments
        default: break
        }
    }
    /// Messages for every page: failures, stale rates, problems found at start-up.
    let banner = Banner()
    private let stack: WidgetRef
    /// Told when another page is shown, with its name.
    var onPageChanged: (@MainActor (String) -> Void)?

    /// The pages in order; Alt+1..Alt+5 follow it.
    public static let pageNames = ["currencies", "converter", "history", "investments", "calculator"]

    public init(application: UnsafeMutablePointer<GtkApplication>?, context: AppContext) {
        self.context = context
        // Tests build the window without an application.
        window = application.map { gtk_application_window_new($0)! } ?? gtk_window_new()!
        let win: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(win, tr("Cambio"))
        gtk_window_set_default_size(win, 720, 680)

        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(cast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Only the visible page is measured (homogeneous stacks measure every page).
        gtk_stack_set_hhomogeneous(cast(stack), 0)
        gtk_stack_set_vhomogeneous(cast(stack), 0)
        gtk_widget_set_vexpand(stack, 1)
        currencies = CurrenciesPage(context: context, banner: banner)
        let titles = [tr("Currencies"), tr("Converter"), tr("History"), tr("Investments"), tr("Calculator")]
        for (i, name) in Self.pageNames.enumerated() {
            let child: WidgetRef
            if i == 0 {
                child = currencies.root
            } else {
                child = UI.box(GTK_ORIENTATION_VERTICAL)
                holders[name] = child
            }
            gtk_stack_add_titled(cast(stack), child, name, titles[i])
        }
        banner.root.margins(12, 12, 0, 12)
        gtk_window_set_child(win, UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [banner.root, stack]))

        let header = gtk_header_bar_new()!
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(cast(switcher), cast(stack))
        switcher.accessibleLabel(tr("Pages"))
        gtk_header_bar_set_title_widget(cast(header), switcher)
        gtk_header_bar_pack_end(cast(header), MainMenu.make())
        gtk_window_set_titlebar(win, header)

        context.problems.forEach { banner.show($0) }
        context.onProblem = { [weak self] message in self?.banner.show(message) }
        context.onSaveError = { [weak self] message in self?.banner.show(message, key: AppContext.saveMessageKey) }
        context.onSaved = { [weak self] in self?.banner.remove(key: AppContext.saveMessageKey) }
        // Work that ends after the window (a history import, a save at shutdown) reports to nobody.
        Signal.connect(gpointerOf(win), "destroy") { [weak context] in context?.detach() }
        Signal.connect(gpointerOf(stack), "notify::visible-child-name", withArgument: { [weak self] _ in
            guard let self else { return }
            self.build(self.visiblePage)
            self.onPageChanged?(self.visiblePage)
        })
        StartupProbe.attach(window)
    }

    public var visiblePage: String {
        gtk_stack_get_visible_child_name(cast(stack)).map { String(cString: $0) } ?? ""
    }

    /// Shows page `index` (0-based) and puts the focus on its main control.
    public func showPage(_ index: Int) {
        guard Self.pageNames.indices.contains(index) else { return }
        build(Self.pageNames[index])
        gtk_stack_set_visible_child_name(cast(stack), Self.pageNames[index])
        switch index {
        case 0: currencies.focusPrimary()
        case 1: converter.focusPrimary()
        case 2: history.focusPrimary()
        case 3: investments.focusPrimary()
        case 4: calculator.focusPrimary()
        default: break
        }
    }

    /// The pages built so far that show rates, for the rates controller.
    var ratesViews: [RatesView] { [currencies as RatesView?, builtConverter].compactMap { $0 } }

    public func present() { gtk_window_present(cast(window) as UnsafeMutablePointer<GtkWindow>) }
}
