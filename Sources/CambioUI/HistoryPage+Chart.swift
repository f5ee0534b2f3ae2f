import CambioCore
import CambioGLib

/// The chart: the range buttons and the stats line over it, the point under the cursor below.
extension HistoryPage {
    @MainActor struct ChartPart {
        let root: Box
        /// The range buttons, and the stats beside them or, when narrow, below them.
        let header: AdaptiveBox
        let rangeButtons: [(range: HistoryRange, button: ToggleButton)]
        let stats = Label("", classes: ["dim-label", "chart-stats"], wrap: true)
        /// The bell: an alert on the pair, pre-filled with its rate.
        let alertButton = Button(icon: "alarm-symbolic", name: tr("Rate Alert…"))
        let surface = DrawingSurface(image: true)
        let point = Label(" ", classes: ["chart-point"], wrap: true)

        init() {
            let ranges = Box.horizontal()
            ranges.addClass("linked")
            let buttons = HistoryModel.ranges.map { r in
                let b = ToggleButton(child: Label(say(r.shortName), xalign: 0.5))
                b.accessibleLabel(say(r.buttonName))
                b.tooltip(say(r.name))
                ranges.append(b)
                return (range: r, button: b)
            }
            buttons.dropFirst().forEach { $0.button.group(with: buttons[0].button) }
            rangeButtons = buttons
            stats.hexpand = true
            surface.addClass("chart")
            surface.hexpand = true
            surface.vexpand = true
            surface.sizeRequest(width: 240, height: 220)
            surface.focusable = true
            surface.accessibleLabel(tr("Rate chart (Left and Right move along it)"))
            ranges.valign = .center
            alertButton.addClass("flat")
            alertButton.valign = .center
            let controls = Box.horizontal(spacing: 6, [ranges, alertButton])
            controls.halign = .start
            header = AdaptiveBox(breakpoint: 480, spacing: 12, [controls, stats])
            // Its low, high and average, and the point the keys are on, are its description.
            surface.describedBy(stats, point)
            root = Box.vertical(spacing: 8, [header, surface, point])
            root.hexpand = true
        }
    }

    func bindChart() {
        for (r, b) in chartPart.rangeButtons {
            b.onToggled { [weak self] in
                // A range set from code activates its button too: its work is done once.
                guard let self, b.active, self.model.range != r else { return }
                self.setRange(r)
            }
        }
        if let current = chartPart.rangeButtons.first(where: { $0.range == model.range }) { current.button.active = true }
        chartPart.alertButton.onClicked { [weak self] in self?.openAlert() }
        chart.onDraw { [weak self] canvas, width, height in self?.draw(canvas, Double(width), Double(height)) }
        chart.redrawOnStyleChange()
        chart.onPointerMotion { [weak self] x, _ in self?.hover(x: x) }
        chart.onKeyPressed { [weak self] key, _ in self?.chartKey(key) ?? false }
    }

    /// The bell: "Alert me when 1 USD is above … EUR", pre-filled with the pair's rate.
    @discardableResult
    func openAlert() -> AlertDialog {
        let dialog = AlertDialog(context: ctx, from: model.from, to: model.to, parent: root.rootWidget) { [weak self] said in
            self?.ctx.notices.toast(said)
        }
        dialog.present()
        return dialog
    }

    public func setRange(_ r: HistoryRange) {
        model.setRange(r)
        if let b = chartPart.rangeButtons.first(where: { $0.range == r }), !b.button.active { b.button.active = true }
        showRange()
        if let store = data.opened, model.history != nil { fetchPair(store) }
    }

    func showRange() {
        if model.chart != nil { UI.setText(chartPart.point, " ") }
        UI.setText(chartPart.stats, model.chartCaption.map(say).joined(separator: "\n"))
        chart.queueDraw()
    }

    private func draw(_ canvas: Canvas, _ width: Double, _ height: Double) {
        let m = Chart.margin
        let (w, h) = Chart.plot(width, height)
        guard let g = model.chart, !g.isEmpty, w > 0, h > 0 else { return }
        let palette = Chart.Palette(chart)
        Chart.grid(canvas, palette, w: w, h: h)
        // The rate.
        Chart.lines(canvas, g.polyline(width: w, height: h), color: palette.line, width: 1.5)
        // Labels: the range's high and low at their lines, its first and last day below.
        if let e = model.extremeLabels {
            Chart.text(canvas, chart, palette, e.high.text, x: m.left + 4, y: m.top + g.y(value: e.high.value, height: h), above: false,
                       overPlot: true)
            Chart.text(canvas, chart, palette, e.low.text, x: m.left + 4, y: m.top + g.y(value: e.low.value, height: h), above: true,
                       overPlot: true)
        }
        if let span = model.spanLabels {
            Chart.text(canvas, chart, palette, span.first, x: m.left, y: m.top + h + 6, above: false)
            Chart.text(canvas, chart, palette, span.last, x: m.left + w, y: m.top + h + 6, above: false, alignRight: true)
        }
        if let i = model.cursor, g.points.indices.contains(i) {
            Chart.cursor(canvas, palette, x: m.left + g.x(i, width: w), y: m.top + g.y(i, height: h), h: h)
        }
    }

    private func hover(x: Double) {
        if let i = model.chart?.index(nearestX: x - Chart.margin.left, width: Chart.plotWidth(chart)) { setCursor(i) }
    }

    /// Left/Right step through the points, Page Up/Down by twenty, Home/End to the ends.
    func chartKey(_ key: Key) -> Bool {
        Chart.navigate(key, cursor: model.cursor, count: model.chart?.points.count ?? 0, page: 20, readout: chartPart.point,
                       in: scroller) { setCursor($0) }
    }

    public func setCursor(_ i: Int) {
        guard model.setCursor(i), let text = model.pointText.map(say) else { return }
        UI.setText(chartPart.point, text)
        chart.accessibleLabel(text)
        chart.queueDraw()
    }
}
