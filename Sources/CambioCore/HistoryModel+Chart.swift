import Foundation

/// The chart: its ranges, the points each shows, the range's low, high and average, the labels
/// drawn on it and the point under the cursor.
extension HistoryModel {
    /// The ranges offered, in the buttons' order.
    public static let ranges = HistoryRange.allCases

    public mutating func setRange(_ r: HistoryRange) {
        range = r
        showRange()
    }

    /// The range's points up to the newest day of the history; the cursor goes.
    mutating func showRange() {
        guard let h = history, let end = h.newestDay else {
            chart = nil
            stats = nil
            return
        }
        let start = range.start(end: end)
        let daily = h.points(from: start, to: end)
        let shown = Self.withAverages(daily, h.grouped.filter { $0.grouping == range.grouping }, from: start, to: end)
        chart = ChartGeometry(shown[...])
        stats = HistoryStats(shown[...])
        cursor = nil
    }

    /// The days of the range, with a week's or a month's average where none of its days is
    /// known (a long range drawn from averages, its last year day by day).
    static func withAverages(_ daily: ArraySlice<HistoryPoint>, _ grouped: [HistoryPoint], from start: Day?, to end: Day) -> [HistoryPoint] {
        guard !grouped.isEmpty else { return Array(daily) }
        let days = daily.map(\.day)
        let averages = grouped.filter { g in
            guard (start.map { g.day >= $0 } ?? true), g.day <= end, let period = g.grouping else { return false }
            // Dated within its bucket: none of the days around it known.
            let i = days.partitioningIndex { $0 >= g.day.adding(days: -period.days) }
            return i == days.count || days[i] > g.day.adding(days: period.days)
        }
        return (averages + daily).sorted { $0.day < $1.day }
    }

    /// "Weekly averages up to Oct 27, 2025": the chart's older part is averages.
    public var averagesNote: Wording? {
        guard let points = chart?.points, let last = points.last(where: { $0.grouping != nil }), let g = last.grouping else { return nil }
        let day = Wording.verbatim(days.string(last.day))
        return g == .week ? Wording("Weekly averages up to %@", day) : Wording("Monthly averages up to %@", day)
    }

    /// How many points the chart shows.
    public var shownPoints: Int { chart?.points.count ?? 0 }

    /// "Low 0.8482 (Jan 4, 1999) · high … · average …"; nil (no line) before a history is read.
    public var statsText: Wording? {
        guard chart != nil else { return nil }
        guard let s = stats else { return Wording("No published rate in this range") }
        return Wording("Low %@ (%@) · high %@ (%@) · average %@",
                       .verbatim(formatter.rate(s.min.rate)), .verbatim(days.string(s.min.day)),
                       .verbatim(formatter.rate(s.max.rate)), .verbatim(days.string(s.max.day)),
                       .verbatim(formatter.rate(s.average)))
    }

    /// Where a metal's or coin's history starts, when the range reaches further back: Cambio
    /// records their prices from the first day it fetched them and invents no earlier one.
    public var recordedSince: Wording? {
        guard MetalsAndCoins.inPair(from, to), chart != nil,
              let h = history, let first = h.points.first, let end = h.newestDay else { return nil }
        if let start = range.start(end: end), start >= first.day { return nil }
        return Wording("Recorded since %@; no earlier price is known", .verbatim(days.string(first.day)))
    }

    /// The line over the chart: where a metal's or coin's history starts, and the range's figures.
    public var chartCaption: [Wording] { [recordedSince, statsText, averagesNote].compactMap { $0 } }

    /// The range's high and low, written at their lines on the chart.
    public var extremeLabels: (high: (text: String, value: Double), low: (text: String, value: Double))? {
        guard let s = stats else { return nil }
        return ((formatter.rate(s.max.rate), NSDecimalNumber(decimal: s.max.rate).doubleValue),
                (formatter.rate(s.min.rate), NSDecimalNumber(decimal: s.min.rate).doubleValue))
    }

    /// The range's first and last day, written under the chart.
    public var spanLabels: (first: String, last: String)? {
        guard let first = chart?.points.first, let last = chart?.points.last else { return nil }
        return (days.string(first.day), days.string(last.day))
    }

    /// Highlights the `index`th point shown; false when there is no such point.
    @discardableResult
    public mutating func setCursor(_ index: Int) -> Bool {
        guard let chart, chart.points.indices.contains(index) else { return false }
        cursor = index
        return true
    }

    /// The highlighted point in words: "Mon, Jan 4, 1999: 1 USD = 0.8482 EUR (ECB)".
    public var pointText: Wording? {
        guard let i = cursor, let chart, chart.points.indices.contains(i) else { return nil }
        let p = chart.points[i]
        switch p.grouping {
        case .week?:
            return Wording("Week of %@: 1 %@ = %@ %@ on average (%@)", .verbatim(days.string(p.day)), .verbatim(from),
                           .verbatim(formatter.rate(p.rate)), .verbatim(to), p.publisher)
        case .month?:
            return Wording("Month of %@: 1 %@ = %@ %@ on average (%@)", .verbatim(days.string(p.day)), .verbatim(from),
                           .verbatim(formatter.rate(p.rate)), .verbatim(to), p.publisher)
        case nil:
            return Wording("%@: 1 %@ = %@ %@ (%@)", .verbatim(longDays.string(p.day)), .verbatim(from),
                           .verbatim(formatter.rate(p.rate)), .verbatim(to), p.publisher)
        }
    }
}

extension HistoryRange {
    /// The averages a chart of this range shows where it has no day: a week's for five years,
    /// a month's for every year; none for a year or less (each day fits).
    public var grouping: FrankfurterV2.Grouping? {
        switch self {
        case .fiveYears: return .week
        case .max: return .month
        case .week, .month, .year: return nil
        }
    }

    /// The button's face: "1W" … "Max" in English.
    public var shortName: Wording {
        switch self {
        case .week: return Wording("1W")
        case .month: return Wording("1M")
        case .year: return Wording("1Y")
        case .fiveYears: return Wording("5Y")
        case .max: return Wording("Max")
        }
    }

    /// The range in words: "one week" … "everything since 1999".
    public var name: Wording {
        switch self {
        case .week: return Wording("one week")
        case .month: return Wording("one month")
        case .year: return Wording("one year")
        case .fiveYears: return Wording("five years")
        case .max: return Wording("everything since 1999")
        }
    }

    /// The button's accessible name: "Range one week".
    public var buttonName: Wording { Wording("Range %@", name) }
}
