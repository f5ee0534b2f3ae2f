import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// The Investments page: find a stock, then see what an initial amount and monthly purchases
/// since a chosen month would be worth (the dollar-cost-averaging method of `DCA`). What it
/// shows comes from `InvestmentsModel`; the page builds the widgets and binds them to it:
/// the search (`+Search`), the stock and the plan (`+Plan`), the figures and the chart (`+Results`).
@MainActor public final class InvestmentsPage {
    public let root: AnyWidget
    /// The page's scrolled window (its root).
    let scroller: ScrolledWindow
    let ctx: any DisplayContext & UserDataContext & ServicesContext
    var stocks: any StockPrices { ctx.stocks }
    /// Everything the page shows, and how it changes.
    var model: InvestmentsModel

    let search: SearchSection
    let plan: PlanSection
    let results: ResultsSection
    /// What shows before a stock is chosen: how to find one.
    let emptyState: StatusPage

    /// The rows of the stocks found, in the model's order.
    var resultRows: [ListBoxRow] = []
    /// True while the start month's list and slider are set from the model.
    var syncingStart = false
    /// Set when a stock was chosen from the results: the first amount takes the focus once the
    /// calculator is shown.
    var focusPlanWhenShown = false

    public var stock: StockInfo? { model.stock }
    public var series: PriceSeries? { model.series }
    public var result: DCAResult? { model.result }
    var source: StockSource?
    public internal(set) var busy = false
    /// The search under way: a newer one cancels it (its request to Alpha Vantage stops).
    let searches = Superseding<StockSearchAnswer>()
    /// The prices being loaded: opening another stock cancels it.
    let loads = Superseding<Result<StockSeriesAnswer, Error>>()

    init(context: any DisplayContext & UserDataContext & ServicesContext) {
        ctx = context
        let saved = context.state.investments
        model = InvestmentsModel(saved: saved, reference: context.state.currencies.referenceCode,
                                 format: Self.format(context), style: context.formatter.style,
                                 dates: context.locale.dates, days: context.days, catalog: context.catalog,
                                 words: Self.words)
        search = SearchSection(keyEditor: APIKeyEditor(stocks: { [unowned context] in context.stocks }))
        plan = PlanSection()
        results = ResultsSection()
        // Its description is the model's hint (search, or the sample's symbols).
        emptyState = StatusPage(icon: "system-search-symbolic", title: tr("Choose a Stock"))
        emptyState.vexpand = true
        let content = Box.vertical(spacing: 12, [
            search.row, search.note, search.scroller, emptyState, plan.header, plan.problem, plan.box,
            results.row, results.skipped, results.method,
        ])
        content.margins(12, 12, 12, 12)
        // The results' chart still gets room beside the figures.
        scroller = UI.page(content, maximum: 1000)
        root = AnyWidget(scroller)

        connectSearch()
        connectPlan()
        connectResults()
        // The window is gone: what it asked for is not waited for.
        scroller.on("destroy") { [weak self] in
            self?.searches.cancel()
            self?.loads.cancel()
        }
        ctx.observeDisplay { [weak self] in
            guard let self else { return }
            self.model.format = Self.format(self.ctx)
            self.showReferenceChoice()
            self.recompute()
        }

        // Restore
        plan.initialEntry.text = saved.initialText
        plan.monthlyEntry.text = saved.monthlyText
        plan.referenceCheck.active = saved.inReference
        showReferenceChoice()
        plan.box.visible = false
        showMethod()
        showStock()
        if let stock = saved.stock { open(stock) }
    }

    /// Money and percentages in the user's locale and choice of digits.
    static func format(_ context: any DisplayContext & ServicesContext) -> DCAFormat {
        DCAFormat(locale: context.locale.numbers, decimalPlaces: context.preferences.decimalPlaces,
                  signs: context.formatter.signs, showsSigns: context.preferences.currencySigns)
    }

    /// The model's messages through gettext.
    static var words: Translations { L10n.translations }

    public func focusPrimary() { search.entry.grabFocus() }

    /// While no stock is chosen, loading or failing: no heading, results or method, and the
    /// status page (how to find one) unless stocks are listed.
    func showEmptyState() {
        let noStock = model.stock == nil && !busy && model.problem.isEmpty
        let empty = noStock && resultRows.isEmpty
        if empty {
            emptyState.details = model.sourceLine
            emptyState.accessibleLabel(emptyState.title + ". " + model.sourceLine)
        }
        emptyState.visible = empty
        for part: any Widget in [plan.header, results.row, results.method] { part.visible = !noStock }
    }

    /// The chart, which takes the focus.
    var chart: DrawingSurface { results.chart }
}
