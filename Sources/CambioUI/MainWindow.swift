import CambioCore
import CambioGLib

/// The actions of the page shown ("page.swap"): each page says which it answers and what they
/// do there; the others are disabled while it shows, with their buttons and keys.
enum PageAction: String, CaseIterable {
    case swap, toggleFavourite = "toggle-favourite", search

    /// The detailed name buttons and accelerators use.
    var detailed: String { "page.\(rawValue)" }
}

/// What a page offers the window: its widget, where the focus goes, and its page actions.
@MainActor protocol Page: AnyObject {
    var root: AnyWidget { get }
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
        [.swap: { [weak self] in self?.swap() }, .toggleFavourite: { [weak self] in self?.toggleFavourite() },
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

/// The window (libadwaita): a header bar whose title is the page switcher while it fits (at the
/// bottom edge otherwise), the status line, and the five pages, with toasts over them.
@MainActor public final class MainWindow {
    public let window: Window
    public let currencies: CurrenciesPage
    let context: AppContext
    /// Pages other than the first are built when first shown: start-up pays for one page.
    private var holders: [PageID: Box] = [:]
    private var built: [PageID: Page] = [:]
    /// The page actions, enabled for the page shown.
    let pageActions = ActionGroup()

    /// The page `id`, built now if it was not yet.
    func page(_ id: PageID) -> Page {
        if let page = built[id] { return page }
        let page = id.build(for: self)
        built[id] = page
        page.root.vexpand = true
        holders[id]?.append(page.root)
        Clamp.prepareSizeClasses(under: page.root, width: layoutWidth)
        return page
    }

    // The pages by their own types (`PageID.build` makes each of its kind).
    public var converter: ConverterPage { page(.converter) as! ConverterPage }
    public var history: HistoryPage { page(.history) as! HistoryPage }
    public var investments: InvestmentsPage { page(.investments) as! InvestmentsPage }
    public var calculator: CalculatorPage { page(.calculator) as! CalculatorPage }

    /// The Investments page if it was built (nothing to update otherwise).
    var builtInvestmentsPage: InvestmentsPage? { built[.investments] as? InvestmentsPage }

    /// Shows the History page for a pair (the Converter's current one, a favourite).
    public func showHistory(_ pair: FavouritePair) {
        history.setPair(from: pair.from, to: pair.to)
        showPage(.history)
    }

    /// The History page could not fetch a pair's newest days. Offline is already on the status
    /// line: no toast for each pair read while it lasts.
    func historySyncFailed(_ reason: String) {
        guard notices.states[.offline] == nil else { return }
        notices.toast(Template.fill(tr("Could not fetch the newest days of the history from Frankfurter: %@."), reason))
    }

    /// The width the pages are laid out at: the stack's, or the window's default before it shows.
    private var layoutWidth: Int32 {
        let width = stack.width
        return width > 0 ? width : window.defaultWidth
    }

    /// Toasts for events, the status line for lasting states (old rates, offline, not saved).
    var notices: Notices { context.notices }
    private let stack: ViewStack
    /// The page switcher in the header while it fits, and at the bottom edge otherwise.
    let switcherTitle: ViewSwitcherTitle
    /// The bottom-edge switcher, built the first time the header's does not fit: a window that
    /// opens wide never pays for it (five more switcher buttons at start-up).
    private(set) var switcherBar: ViewSwitcherBar?
    private let content: Box
    private var barBuilder: TimerHandle?
    private var barProbe: WidthProbe?
    private var pageNamesFit: TimerHandle?
    /// The window was destroyed: its pages are not to be touched any more.
    private var closed = false

    /// The icons of the first frame: looked up on another core while the window is built.
    static let firstFrameIcons = PageID.allCases.map(\.icon) + ["open-menu-symbolic", "view-refresh-symbolic", "view-more-symbolic"]

    public init(application: Application?, context: AppContext) {
        self.context = context
        // Tests build the window without an application (an AdwWindow then).
        let win = ApplicationWindow(application: application)
        window = win.window
        win.window.title = tr("Cambio")
        win.window.defaultSize(width: 960, height: 720)

        stack = ViewStack()
        // Only the visible page is measured (homogeneous stacks measure every page).
        stack.homogeneous = false
        stack.vexpand = true
        let currencies = CurrenciesPage(context: context)
        self.currencies = currencies
        var holders: [PageID: Box] = [:]
        // The 1.2 adaptive pattern: the switcher in the title while it fits, else at the bottom.
        let title = ViewSwitcherTitle(stack: stack, title: tr("Cambio")) { [stack] in
            for id in PageID.allCases {
                let holder = id == .currencies ? nil : Box.vertical()
                if let holder { holders[id] = holder }
                stack.add(holder.map(AnyWidget.init) ?? currencies.root, name: id.rawValue, title: id.title, icon: id.icon)
            }
        }
        self.holders = holders
        built[.currencies] = currencies
        switcherTitle = title
        title.accessibleLabel(tr("Pages"))
        let header = AdwHeaderBar()
        header.titleWidget(title)
        header.packEnd(MainMenu.make())
        let statusLine = StatusLine()
        let toasts = ToastOverlay(child: stack, closeName: tr("Dismiss"))
        content = Box.vertical([header, statusLine.root, toasts])
        win.content = content
        context.notices.attach(overlay: toasts, line: statusLine)

        for action in PageAction.allCases {
            pageActions.add(action.rawValue) { [weak self] in self?.visible?.pageActions[action]?() }
        }
        pageActions.insert(into: win, prefix: "page")
        wireNotices()
        wireNoticeKeys()
        // Work that ends after the window (a history import, a save at shutdown) reports to nobody.
        win.window.onDestroy { [weak self, weak context] in
            self?.closed = true
            context?.detach()
        }
        stack.onPageChanged { [weak self] in self?.pageShown() }
        // The title's switcher gives way during a layout, where no widget may be added: the bar
        // comes at the next idle, before the frame after.
        title.onNotify("title-visible") { [weak self] in
            guard let self, self.switcherBar == nil, self.barBuilder == nil, self.switcherTitle.titleVisible else { return }
            self.barBuilder = TimerHandle.idle { [weak self] in self?.buildSwitcherBar() }
        }
        pageShown()
        StartupProbe.attach(window)
    }

    /// Fits the bar's page names to its width before the next frame (not during this layout).
    private func fitPageNamesSoon() {
        guard !closed, pageNamesFit == nil else { return }
        pageNamesFit = TimerHandle.idle(beforeNextFrame: true) { [weak self] in
            guard let self, !self.closed, let bar = self.switcherBar, let probe = self.barProbe else { return }
            self.pageNamesFit = nil
            bar.fitNames(width: probe.width)
        }
    }

    private func buildSwitcherBar() {
        barBuilder = nil
        guard !closed, switcherBar == nil else { return }
        let bar = ViewSwitcherBar(stack: stack)
        bar.accessibleLabel(tr("Pages"))
        Adwaita.bind(switcherTitle, "title-visible", to: bar, "reveal")
        // The pages' names whole, or icons alone: at each width, and when the text size changes.
        let probe = WidthProbe()
        content.append(bar)
        content.append(probe)
        probe.onWidth { [weak self] _ in self?.fitPageNamesSoon() }
        let textSize = Adwaita.onTextSizeChanged { [weak self] in self?.fitPageNamesSoon() }
        // The settings outlive the window.
        AnyWidget(window).on("destroy") { textSize.disconnect() }
        switcherBar = bar
        barProbe = probe
    }

    /// Problems found at start-up and later, and saving that fails, go to the user.
    private func wireNotices() {
        if !context.problems.isEmpty {
            notices.set(.startupProblems, title: tr("Some saved data could not be used"),
                        details: context.problems.joined(separator: "\n\n"), dismissible: true)
        }
        context.onProblem = { [weak self] message in self?.notices.toast(message) }
        context.onSaveError = { [weak self] message in
            self?.notices.set(.saveFailed, title: tr("Your changes are not being saved"), details: message)
        }
        context.onSaved = { [weak self] in self?.notices.clear(.saveFailed) }
    }

    /// Another page shows: it is built if need be, and the page actions follow it.
    private func pageShown() {
        let page = visible
        for action in PageAction.allCases { pageActions.setEnabled(action.rawValue, page?.pageActions[action] != nil) }
    }

    /// The page shown.
    public var visiblePage: PageID? { stack.visibleChildName.flatMap(PageID.init(rawValue:)) }

    /// The page shown (built now if it was not yet).
    var visible: Page? { visiblePage.map(page) }

    /// Shows page `id` and puts the focus on its main control.
    public func showPage(_ id: PageID) {
        let page = page(id)
        stack.visibleChildName = id.rawValue
        page.focusPrimary()
    }

    /// F6 and Ctrl+Z anywhere in the window, before the widgets see them: F6 goes to the toast
    /// and the status line and back; Ctrl+Z outside a text field is the toast's Undo (in a text
    /// field it is the field's, or the Currencies page's just after a removal).
    private func wireNoticeKeys() {
        AnyWidget(window).onShortcut(.f6, capture: true) { [weak self] in
            guard let self else { return false }
            return self.notices.cycleFocus(in: self.window)
        }
        AnyWidget(window).onShortcut(.character("z"), .control, capture: true) { [weak self] in
            guard let self else { return false }
            if let focus = AnyWidget(self.window).focusInWindow, focus.isEditable { return false }
            return self.notices.undoShown()
        }
    }

    /// The pages built so far that show rates, for the rates controller.
    var ratesViews: [RatesView] { closed ? [] : [currencies as RatesView?, built[.converter] as? ConverterPage].compactMap { $0 } }

    public func present() {
        if !AnyWidget(window).isMapped { Clamp.prepareSizeClasses(under: window, width: layoutWidth) }
        window.present()
    }
}
