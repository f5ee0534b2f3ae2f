import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// The stock and the plan: the stock's name and where its prices come from, the amounts, the
/// start month (a list and a slider in step) and the choice of results in the reference currency.
extension InvestmentsPage {
    @MainActor struct PlanSection {
        let title = Label(tr("No stock chosen"), classes: ["title-3"], wrap: true)
        let source = Label("", classes: ["dim-label"], wrap: true)
        let spinner = Spinner()
        /// Why the prices are not the newest, and why the plan cannot be computed.
        let problem = Label("", classes: ["dca-problem"], wrap: true)
        let header: Box
        let initialEntry = UI.numberEntry(name: tr("Initial investment"), tooltip: tr("Bought in the start month; arithmetic allowed"),
                                          cssClass: "amount", purpose: .number)
        let monthlyEntry = UI.numberEntry(name: tr("Monthly amount"), tooltip: tr("Bought in every later month; 0 allowed"),
                                          cssClass: "amount", purpose: .number)
        let initialUnit = Label("", classes: ["dim-label"])
        let monthlyUnit = Label("", classes: ["dim-label"])
        let startDrop = DropDown()
        let startScale = Scale(min: 0, max: 1, step: 1)
        /// Its label wraps on narrow windows.
        let referenceLabel = Label("", wrap: true)
        let referenceCheck: CheckButton
        let box: Box

        init() {
            referenceCheck = CheckButton(label: referenceLabel)
            spinner.addClass("refreshing")
            spinner.accessibleLabel(tr("Loading prices"))
            spinner.visible = false
            UI.copyable(problem)
            problem.visible = false
            let titleColumn = Box.vertical(spacing: 2, [title, source])
            titleColumn.hexpand = true
            header = Box.horizontal(spacing: 8, [titleColumn, spinner])
            for entry in [initialEntry, monthlyEntry] {
                entry.widthChars = 9
                entry.selectAllOnClickFocus()
            }
            startDrop.name(tr("Start month"), list: tr("Months"))
            startDrop.tooltip(tr("The month of the first purchase"))
            startScale.drawValue = false
            startScale.roundDigits = 0
            startScale.increments(step: 1, page: 12)
            startScale.hexpand = true
            startScale.accessibleLabel(tr("Start month slider"))
            startScale.tooltip(tr("Left and Right: a month; Page Up and Page Down: a year"))
            // Side by side while they fit; one above the other, their entries in line, when not.
            let amounts = AdaptiveBox(breakpoint: 0, spacing: 10, [
                InvestmentsPage.amountRow(tr("Initial"), initialEntry, initialUnit),
                InvestmentsPage.amountRow(tr("Monthly"), monthlyEntry, monthlyUnit),
            ])
            amounts.halign = .fill
            let startLabel = Label(tr("Start"))
            startLabel.valign = .center
            startDrop.valign = .center
            // The slider goes under the month list when narrow, to keep a useful length.
            let startRow = AdaptiveBox(breakpoint: 520, spacing: 8, [Box.horizontal(spacing: 8, [startLabel, startDrop]), startScale])
            box = Box.vertical(spacing: 10, [amounts, startRow, referenceCheck])
        }
    }

    /// "Initial [1000] USD": the caption takes the room left, so that one above the other the
    /// entries line up; side by side the row keeps its natural width.
    fileprivate static func amountRow(_ caption: String, _ entry: Entry, _ unit: Label) -> Box {
        let label = Label(caption)
        label.hexpand = true
        label.valign = .center
        unit.valign = .center
        let row = Box.horizontal(spacing: 8, [label, entry, unit])
        row.hexpand = false
        return row
    }

    func connectPlan() {
        for entry in [plan.initialEntry, plan.monthlyEntry] {
            entry.onChanged { [weak self] in self?.planEdited() }
            entry.onActivate { [weak self] in self?.planEdited() }
        }
        plan.startDrop.onSelected { [weak self] in
            guard let self, !self.syncingStart else { return }
            self.setStartIndex(self.plan.startDrop.selected)
        }
        plan.startScale.onValueChanged { [weak self] in
            guard let self, !self.syncingStart else { return }
            self.setStartIndex(Int(self.plan.startScale.value.rounded()))
        }
        plan.referenceCheck.onToggled { [weak self] in
            guard let self else { return }
            self.ctx.updateInvestments { $0.inReference = self.plan.referenceCheck.active }
            self.showMethod()
            self.recompute()
        }
    }

    // MARK: Loading a stock

    /// Opens `stock`: its prices from the cache, Alpha Vantage or the sample.
    public func open(_ stock: StockInfo) {
        let load = model.beginLoad(stock)
        showStock()
        setBusy(true)
        let stocks = self.stocks
        loads.start {
            do { return .success(try await stocks.series(stock)) } catch { return .failure(error) }
        } apply: { [weak self] outcome in
            guard let self, self.model.isCurrent(load) else { return }
            self.setBusy(false)
            switch outcome {
            case .success(let answer):
                self.ctx.updateInvestments { $0.stock = stock }
                self.use(answer, load)
            case .failure(let error):
                // The stock shown and its results stay; the reason is shown above them.
                self.model.loadFailed(load, error)
                self.showStock()
            }
        }
    }

    func setBusy(_ on: Bool) {
        busy = on
        plan.spinner.visible = on
        plan.spinner.spinning = on
        showEmptyState()
    }

    private func use(_ answer: StockSeriesAnswer, _ load: InvestmentsModel.Load) {
        source = answer.source
        let source: InvestmentsModel.PriceSource
        switch answer.source {
        case .sample: source = .sample
        case .alphaVantage(let at, _): source = .alphaVantage(fetchedAt: at)
        }
        model.loaded(load, series: answer.series, source: source, problem: answer.problem, savedStart: ctx.state.investments.start)
        showStock()
        fillMonths()
        showReferenceChoice()
        plan.box.visible = true
        recompute()
        if focusPlanWhenShown {
            focusPlanWhenShown = false
            plan.initialEntry.grabFocus()
        }
    }

    /// The stock's name, where its prices come from, the unit of the amounts and the problems.
    func showStock() {
        UI.setText(plan.title, model.title)
        UI.setText(plan.source, model.sourceLine)
        plan.initialUnit.text = model.amountUnit
        plan.monthlyUnit.text = model.amountUnit
        showProblem()
    }

    private func showProblem() {
        UI.setText(plan.problem, model.problem)
        plan.problem.visible = !model.problem.isEmpty
        showEmptyState()
    }

    var sourceText: String { plan.source.text }

    // MARK: The start month

    private func fillMonths() {
        syncingStart = true
        plan.startDrop.setItems(model.monthChoices)
        plan.startScale.range(min: 0, max: Double(max(model.months.count - 1, 1)))
        syncingStart = false
        // The loaded stock's computation follows once everything it needs is shown (`use`).
        showStart(model.startIndex)
    }

    /// Chooses the start month by its place in the list; the list and the slider follow.
    public func setStartIndex(_ index: Int, save: Bool = true) {
        guard let month = showStart(index) else { return }
        if save { ctx.updateInvestments { $0.start = month } }
        recompute()
    }

    /// Puts the list and the slider on start month `index`.
    @discardableResult
    private func showStart(_ index: Int) -> Month? {
        guard let month = model.setStart(index) else { return nil }
        let i = model.startIndex
        syncingStart = true
        if plan.startDrop.selected != i { plan.startDrop.selected = i }
        if Int(plan.startScale.value.rounded()) != i { plan.startScale.value = Double(i) }
        syncingStart = false
        plan.startScale.accessibleLabel(model.sliderName)
        plan.startScale.valueText(model.startMonthText)
        plan.startDrop.name(model.startButtonName)
        return month
    }

    public var startMonth: Month? { model.startMonth }

    // MARK: Computing

    private func planEdited() {
        ctx.updateInvestments {
            $0.initialText = plan.initialEntry.text
            $0.monthlyText = plan.monthlyEntry.text
        }
        recompute()
    }

    /// Results in the reference currency: the check's words, and whether it applies.
    func showReferenceChoice() {
        model.reference = ctx.state.currencies.referenceCode
        let choice = model.referenceChoice
        plan.referenceLabel.text = choice.label
        plan.referenceCheck.accessibleLabel(choice.name)
        plan.referenceCheck.sensitive = choice.enabled
        plan.referenceCheck.tooltip(choice.tooltip)
    }

    public func recompute() {
        model.initialText = plan.initialEntry.text
        model.monthlyText = plan.monthlyEntry.text
        model.inReference = ctx.state.investments.inReference
        model.reference = ctx.state.currencies.referenceCode
        model.style = ctx.formatter.style
        let outcome = model.recompute()
        switch outcome {
        case .nothing: return
        case .computed: showFigures()
        case .failed: break
        case .needsRates: showChartPoint()
        }
        show(model.initialCheck, on: plan.initialEntry)
        show(model.monthlyCheck, on: plan.monthlyEntry)
        showProblem()
        results.row.setClass("outdated", model.outdated)
        if case .needsRates(let from, let to) = outcome { loadRates(from: from, to: to) }
    }

    /// Marks an amount that cannot be computed, and says why (the problem line says it too).
    private func show(_ check: InvestmentsModel.AmountCheck, on entry: Entry) {
        switch check {
        case .unchecked: break
        case .fine: entry.markInvalid(nil)
        case .wrong(let why): entry.markInvalid(why)
        }
    }

    /// Reads the pair's history from the store, off the main thread, then computes.
    private func loadRates(from: String, to: String) {
        setBusy(true)
        ctx.historyData.whenReady { [weak self] store in
            guard let self else { return }
            guard let store else {
                self.setBusy(false)
                self.model.ratesUnavailable()
                self.showProblem()
                return
            }
            Task { @MainActor in
                let outcome = await store.pair(from: from, to: to)
                self.setBusy(false)
                switch outcome {
                case .success(let h):
                    self.model.ratesRead(from: from, to: to, h)
                    self.recompute()
                case .failure(let e):
                    self.model.ratesFailed(to: to, e)
                    self.showProblem()
                }
            }
        }
    }
}
