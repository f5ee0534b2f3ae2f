import Foundation

/// The chart of money invested and value: where its months go, its labels, and the month the
/// pointer or the arrow keys highlight.
extension InvestmentsModel {
    /// New results: a new chart, nothing highlighted.
    mutating func showChart(_ r: DCAResult) {
        chart = DCAChartGeometry(r.timeline)
        cursor = nil
        chartPoint = " "
        chartName = Template.fill(tr("Chart of money invested and value, %@ to %@ (Left and Right move along it)"),
                           shortMonths.string(r.start.firstDay), shortMonths.string(r.end.firstDay))
    }

    /// The chart's own labels: the highest amount at the top, the first and last months below.
    public var chartLabels: (top: String, start: String, end: String)? {
        guard let r = result, let g = chart else { return nil }
        return (format.money(Decimal(g.highest), code: r.currency, minorUnits: 0),
                shortMonths.string(r.start.firstDay), shortMonths.string(r.end.firstDay))
    }

    /// Highlights month `i` of the chart and says what it holds (under the chart, and as the
    /// chart's accessible name); false when there is no such month.
    @discardableResult
    public mutating func setCursor(_ i: Int) -> Bool {
        guard let g = chart, let r = result, g.months.indices.contains(i) else { return false }
        cursor = i
        let p = g.months[i]
        let units = catalog.minorUnits(r.currency) // GBX and other quote units: 2
        // TRANSLATORS: a month of the Investments chart: "Mar 2021: invested 1,200.00 USD, value 1,318.40 USD".
        chartPoint = Template.fill(tr("%@: invested %@, value %@"), shortMonths.string(p.month.firstDay),
                            format.money(p.invested, code: r.currency, minorUnits: units),
                            format.money(p.value, code: r.currency, minorUnits: units))
        chartName = chartPoint
        return true
    }
}
