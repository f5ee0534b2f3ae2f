import CambioCore
import CambioGLib

/// The results: the figures beside the chart of money invested and value, the months skipped
/// and the method.
extension InvestmentsPage {
    @MainActor struct ResultsSection {
        let figures: [String: Label]
        let captions: [String: Label]
        let chart = DrawingSurface(image: true)
        /// The highlighted month, or what is being read.
        let point = Label(" ", classes: ["chart-point"], wrap: true)
        /// The figures and the chart: dimmed while what is typed cannot be computed. Side by
        /// side on wide windows, the figures above the chart on narrow ones.
        let row: AdaptiveBox
        let skipped = Label("", classes: ["dim-label"], wrap: true)
        let method = Label("", classes: ["dim-label"], wrap: true)

        init() {
            let grid = Grid(rowSpacing: 6, columnSpacing: 14)
            var figures: [String: Label] = [:], captions: [String: Label] = [:]
            for (i, key) in InvestmentsModel.figureKeys.enumerated() {
                let caption = Label("", classes: ["dim-label"], wrap: true)
                let figure = Label("", classes: [key == "value" ? "dca-value" : key == "simple" ? "dim-label" : "dca-figure"], wrap: true)
                // Beside the chart they wrap at a readable length, and the chart takes the room left.
                figure.maxWidthChars = 34
                grid.attach(caption, column: 0, row: Int32(i))
                grid.attach(figure, column: 1, row: Int32(i))
                figures[key] = figure
                captions[key] = caption
            }
            self.figures = figures
            self.captions = captions
            grid.valign = .start
            chart.addClass("chart")
            chart.hexpand = true
            chart.vexpand = true
            chart.sizeRequest(width: 240, height: 200)
            chart.focusable = true
            chart.accessibleLabel(tr("Chart of money invested and value (Left and Right move along it)"))
            let legend = Label(tr("Blue: value · grey: money invested"), classes: ["dim-label"], wrap: true)
            chart.describedBy(legend, point)
            let chartColumn = Box.vertical(spacing: 6, [chart, legend, point])
            chartColumn.hexpand = true
            row = AdaptiveBox(breakpoint: 720, spacing: 18, [grid, chartColumn])
            row.vexpand = true
            skipped.visible = false
        }
    }

    func connectResults() {
        results.chart.onDraw { [weak self] canvas, width, height in self?.draw(canvas, Double(width), Double(height)) }
        results.chart.redrawOnStyleChange()
        results.chart.onPointerMotion { [weak self] x, _ in self?.hover(x: x) }
        results.chart.onKeyPressed { [weak self] key, _ in self?.chartKey(key) ?? false }
    }

    /// The figure shown for `key` (value, invested, gain, yield, xirr, simple, drawdown, lump).
    public func figure(_ key: String) -> String { results.figures[key]?.text ?? "" }

    /// New results: the figures, the months skipped and a new chart.
    func showFigures() {
        for figure in model.figures {
            guard let label = results.figures[figure.key], let caption = results.captions[figure.key] else { continue }
            UI.setText(caption, figure.caption)
            UI.setText(label, figure.text)
            label.setClass("profit", figure.tone == .profit)
            label.setClass("loss", figure.tone == .loss)
        }
        if let skipped = model.skipped {
            UI.setText(results.skipped, skipped)
            results.skipped.visible = true
        } else {
            results.skipped.visible = false
        }
        showChartPoint()
    }

    /// The line under the chart and the chart's name.
    func showChartPoint() {
        UI.setText(results.point, model.chartPoint)
        results.chart.accessibleLabel(model.chartName)
        results.chart.queueDraw()
    }

    func showMethod() {
        model.inReference = ctx.state.investments.inReference
        UI.setText(results.method, model.method)
    }

    // MARK: The chart

    private func draw(_ canvas: Canvas, _ width: Double, _ height: Double) {
        let m = Chart.margin
        let (w, h) = Chart.plot(width, height)
        guard let g = model.chart, !g.isEmpty, w > 0, h > 0 else { return }
        let palette = Chart.Palette(results.chart)
        Chart.grid(canvas, palette, w: w, h: h)
        // Money invested: a staircase (each month's step up where its purchase is).
        var invested: [(x: Double, y: Double)] = []
        for i in g.months.indices {
            let x = g.x(i, width: w)
            if i > 0 { invested.append((x, g.yInvested(i - 1, height: h))) }
            invested.append((x, g.yInvested(i, height: h)))
        }
        Chart.lines(canvas, [invested], color: palette.invested, width: 1.5, roundJoins: false)
        // Value.
        Chart.lines(canvas, [g.months.indices.map { (x: g.x($0, width: w), y: g.yValue($0, height: h)) }], color: palette.line, width: 2)
        let chart = results.chart
        if let labels = model.chartLabels {
            Chart.text(canvas, chart, palette, labels.top, x: m.left + 4, y: m.top, above: false, overPlot: true)
            Chart.text(canvas, chart, palette, labels.start, x: m.left, y: m.top + h + 4, above: false)
            Chart.text(canvas, chart, palette, labels.end, x: m.left + w, y: m.top + h + 4, above: false, alignRight: true)
        }
        if let i = model.cursor, g.months.indices.contains(i) {
            Chart.cursor(canvas, palette, x: m.left + g.x(i, width: w), y: m.top + g.yValue(i, height: h), h: h)
        }
    }

    private func hover(x: Double) {
        guard let g = model.chart else { return }
        if let i = g.index(nearestX: x - Chart.margin.left, width: Chart.plotWidth(results.chart)) { setCursor(i) }
    }

    /// Left/Right a month, Page Up/Down a year, Home/End the ends.
    func chartKey(_ key: Key) -> Bool {
        Chart.navigate(key, cursor: model.cursor, count: model.chart?.months.count ?? 0, page: 12, readout: results.point,
                       in: scroller) { setCursor($0) }
    }

    public func setCursor(_ i: Int) {
        guard model.setCursor(i) else { return }
        showChartPoint()
    }
}
