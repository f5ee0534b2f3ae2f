import Foundation

/// One publication's rates for some currencies: a source's rates of one day against its base.
public struct DayPublication: Sendable, Equatable {
    public let day: Day
    public let source: String
    public let base: String
    /// Units of each currency per unit of `base`, as published (only the currencies asked for).
    public let rates: [String: Decimal]
    /// Who published each rate, where the source says (Frankfurter's institutions' keys).
    public let institutions: [String: [String]]

    public init(day: Day, source: String, base: String, rates: [String: Decimal], institutions: [String: [String]] = [:]) {
        self.day = day; self.source = source; self.base = base; self.rates = rates; self.institutions = institutions
    }

    /// The institutions behind the pair's rate in this publication: the ECB for its own
    /// figures; for a cross, those of both currencies.
    public func institutions(from: String, to: String) -> [String] {
        Array(Set(institutionSides(from: from, to: to).joined())).sorted()
    }

    /// The institutions behind each currency's rate of the pair (the base has none).
    public func institutionSides(from: String, to: String) -> [[String]] {
        if source == "ECB" { return [["ECB"]] }
        return [from, to].filter { $0 != base }.compactMap { institutions[$0] }
    }

    /// How many `to` one `from` buys in this publication; nil when it lacks either.
    public func rate(from: String, to: String) -> Decimal? {
        let f: Decimal? = from == base ? 1 : rates[from]
        let t: Decimal? = to == base ? 1 : rates[to]
        guard let f, let t, !f.isZero else { return nil }
        if from == base { return t }        // as published, every digit
        return t / f
    }

    /// True when the pair's rate is a published figure, not a cross or an inverse.
    public func isPublished(from: String, to: String) -> Bool { from == base && rates[to] != nil }

    /// Which of the pair's currencies this publication has no rate for (none when it has both).
    public func lacking(from: String, to: String) -> [String] {
        [from, to].filter { $0 != base && (rates[$0] ?? 0).isZero }
    }
}

/// One day of a pair's history.
public struct HistoryPoint: Sendable, Equatable {
    public let day: Day
    public let rate: Decimal
    public let source: String
    /// The figure the source published for this pair (from its base), not a computed cross.
    public let published: Bool
    /// The institutions whose figures the rate is (Frankfurter's keys; "ECB" for the ECB's own).
    public let institutions: [String]

    /// Each currency's institutions where the rate is a cross of two (else empty).
    public let sides: [[String]]

    public init(day: Day, rate: Decimal, source: String, published: Bool, institutions: [String] = [], sides: [[String]] = []) {
        self.day = day; self.rate = rate; self.source = source; self.published = published; self.institutions = institutions
        self.sides = sides.count > 1 ? sides : []
    }

    /// The average of a week or a month, not a day's rate.
    public var grouping: FrankfurterV2.Grouping? {
        guard let bar = source.lastIndex(of: "|") else { return nil }
        return FrankfurterV2.Grouping(rawValue: String(source[source.index(after: bar)...]))
    }

    /// Who published it, in words: "Central Bank of Egypt", "average of 3 central banks",
    /// "ECB", "your rate".
    public var publisher: Wording {
        if source == "ECB" || UserRate.isUserSource(source) { return Publication.sourceName(source) }
        return (sides.isEmpty ? Institution.publisher(institutions) : Institution.publisher(sides: sides)) ?? Publication.sourceName(source)
    }
}

/// A pair's history: one point per day with a rate, oldest first, and the days a source
/// published without one of the two currencies (a gap, never an invented value).
public struct PairHistory: Sendable, Equatable {
    public let from: String
    public let to: String
    public let points: [HistoryPoint]
    /// Days with a publication that lacks the pair (RUB in the ECB's data after 1 March 2022).
    public let gaps: [Day]
    /// Averages of a week or a month (Frankfurter's `group=`), oldest first: what a long chart
    /// shows where no day of their period is known. Never a day's rate: the list of days and a
    /// past date use `points` only.
    public var grouped: [HistoryPoint] = []
    /// For each gap, the currencies none of the day's publications has (RUB, whichever side of
    /// the pair it is on); when each was in one but never both together, those the day's
    /// preferred publication lacks.
    private let lacking: [Day: [String]]

    /// The ECB first, then the other sources in this order, for a day more than one published.
    public static let sourcePreference = ["ECB", "Frankfurter", "open.er-api.com", "Bank of Russia", "currency-api", "Coinbase"]

    /// `preferred`: a source ranked before every other (the one institution the user chose for
    /// official rates), after the user's own rates.
    public init(from: String, to: String, publications: [DayPublication], preferred: String? = nil) {
        self.from = from; self.to = to
        var best: [Day: (rank: Int, point: HistoryPoint)] = [:]
        // The sources that published the pair on some day, and the sources of each day without it.
        var withPair = Set<String>()
        var gapSources: [Day: Set<String>] = [:]
        // Each day without the pair: what its preferred publication lacks, and what all of them lack.
        var without: [Day: (rank: Int, lacking: [String], common: [String])] = [:]
        // A metal or coin has its own sources, which price nothing else: a pair with one reads
        // only theirs (a fiat source's day is no gap of gold's), a fiat pair never reads them.
        let metalOrCoin = MetalsAndCoins.inPair(from, to)
        for p in publications {
            // A user rate's record holds its own currency's rates: it says nothing of other pairs.
            let user = UserRate.isUserSource(p.source)
            if user && p.base != from && p.base != to { continue }
            if !user && Provider.metalsAndCoinsSources.contains(p.source) != metalOrCoin { continue }
            // On the day it was set, the user's rate was the one in use.
            let rank = user ? -2 : p.source == preferred ? -1 : Self.sourcePreference.firstIndex(of: p.source) ?? Self.sourcePreference.count
            guard let rate = p.rate(from: from, to: to) else {
                gapSources[p.day, default: []].insert(p.source)
                let lacks = p.lacking(from: from, to: to)
                if let current = without[p.day] {
                    let common = current.common.filter(lacks.contains)
                    without[p.day] = current.rank <= rank ? (current.rank, current.lacking, common) : (rank, lacks, common)
                } else {
                    without[p.day] = (rank, lacks, lacks)
                }
                continue
            }
            withPair.insert(p.source)
            if let current = best[p.day], current.rank <= rank { continue }
            best[p.day] = (rank, HistoryPoint(day: p.day, rate: rate, source: p.source, published: p.isPublished(from: from, to: to),
                                              institutions: p.institutions(from: from, to: to), sides: p.institutionSides(from: from, to: to)))
        }
        points = best.values.map(\.point).sorted { $0.day < $1.day }
        // A day is a gap where a source that publishes the pair left it out (the ECB's RUB after
        // March 2022); the day of a source that never had it is no gap of a pair that others
        // publish (the ECB's days, for the Egyptian pound from Frankfurter).
        let gapDays = without.filter { day, _ in
            best[day] == nil && (withPair.isEmpty || !(gapSources[day] ?? []).isDisjoint(with: withPair))
        }
        gaps = gapDays.keys.sorted()
        lacking = gapDays.mapValues { $0.common.isEmpty ? $0.lacking : $0.common }
    }

    /// The currencies missing on gap day `day` (empty on any other day).
    public func missing(on day: Day) -> [String] { lacking[day] ?? [] }

    public var newestDay: Day? { points.last?.day }

    /// The points from `start` (nil: all) to `end`, inclusive.
    public func points(from start: Day?, to end: Day) -> ArraySlice<HistoryPoint> {
        let lower = start.map { s in points.partitioningIndex { $0.day >= s } } ?? 0
        let upper = points.partitioningIndex { $0.day > end }
        return points[lower..<max(lower, upper)]
    }

    /// The newest point on or before `day`: the rate a conversion on that day uses.
    public func point(onOrBefore day: Day) -> HistoryPoint? {
        let i = points.partitioningIndex { $0.day > day }
        return i > 0 ? points[i - 1] : nil
    }
}

extension Array {
    /// The first index whose element satisfies `belongs` (which must be false, then true).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// The chart's ranges.
public enum HistoryRange: String, CaseIterable, Sendable {
    case week = "1W", month = "1M", year = "1Y", fiveYears = "5Y", max = "Max"

    /// The first day shown when the newest is `end`; nil: from the beginning.
    public func start(end: Day) -> Day? {
        var c = DateComponents()
        switch self {
        case .week: c.day = -6
        case .month: c.month = -1
        case .year: c.year = -1
        case .fiveYears: c.year = -5
        case .max: return nil
        }
        return Day(Day.utc.date(byAdding: c, to: end.date)!)
    }
}

/// Lowest, highest and average rate of a range.
public struct HistoryStats: Sendable, Equatable {
    public let min: HistoryPoint
    public let max: HistoryPoint
    public let average: Decimal
    public let count: Int

    public init?(_ points: ArraySlice<HistoryPoint>) {
        guard var low = points.first, var high = points.first else { return nil }
        var sum = Decimal(0)
        for p in points {
            if p.rate < low.rate { low = p }
            if p.rate > high.rate { high = p }
            sum += p.rate
        }
        min = low; max = high; count = points.count
        average = sum / Decimal(points.count)
    }
}

/// One row of the "last 7 days" list.
public struct HistoryDay: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// The day's rate, and its change from the previous published day (nil for the first).
        case rate(HistoryPoint, change: Decimal?)
        /// No publication: a Saturday or Sunday.
        case weekend
        /// No publication: a TARGET holiday (1 Jan, Good Friday, Easter Monday, 1 May, 25–26 Dec).
        case holiday
        /// A source published that day without the currencies named (one of the pair, or both).
        case notPublished(missing: [String])
        /// Nothing known for that day (not fetched yet).
        case noData
    }
    public let day: Day
    public let status: Status

    /// The days the History page lists: `count` days ending today (the user's local day), or
    /// on the newest day anything was published when that is older than a week (offline, or a
    /// suspended currency's gap). `endsToday` picks the heading ("Last 7 days").
    public static func recent(_ history: PairHistory, today: Day, count: Int = 7) -> (days: [HistoryDay], end: Day, endsToday: Bool) {
        // The newest day anything was published, with or without this pair (so a suspended
        // currency shows its gap, not its last week of 2022).
        let newest = [history.newestDay, history.gaps.last].compactMap { $0 }.max()
        let recent = newest.map { $0 >= today.adding(days: -7) } ?? true
        let end = recent ? today : newest!
        return (lastDays(history, end: end, count: count), end, end == today)
    }

    /// `count` calendar days ending on `end`, newest first.
    public static func lastDays(_ history: PairHistory, end: Day, count: Int = 7) -> [HistoryDay] {
        let gaps = Set(history.gaps)
        // Metals' and coins' prices are published every day: a day without one is unknown, not
        // a weekend or a TARGET holiday.
        let businessDays = !MetalsAndCoins.inPair(history.from, history.to)
        var out: [HistoryDay] = []
        var day = end
        for _ in 0..<count {
            let status: Status
            if let i = history.points.firstIndex(where: { $0.day == day }) {
                status = .rate(history.points[i], change: i > 0 ? history.points[i].rate - history.points[i - 1].rate : nil)
            } else if gaps.contains(day) {
                status = .notPublished(missing: history.missing(on: day))
            } else if businessDays && TargetCalendar.isWeekend(day) {
                status = .weekend
            } else if businessDays && TargetCalendar.isHoliday(day) {
                status = .holiday
            } else {
                status = .noData
            }
            out.append(HistoryDay(day: day, status: status))
            day = day.previous
        }
        return out
    }
}

extension Day {
    /// The calendar day before.
    public var previous: Day { Day(date.addingTimeInterval(-86_400)) }

    /// The following calendar day.
    public var next: Day { Day(date.addingTimeInterval(86_400)) }

    /// The day `n` calendar days later (earlier when negative), held within the days a `Day`
    /// can be (1900-01-01 … 9999-12-31) whatever `n` is.
    public func adding(days n: Int) -> Day {
        let span = 3_700_000 // more days than 1900…9999 holds
        let step = Swift.min(Swift.max(n, -span), span)
        let moved = date.addingTimeInterval(TimeInterval(step) * 86_400)
        if moved < Day.earliest.date { return .earliest }
        if moved > Day.latest.date { return .latest }
        return Day(moved)
    }

    public static let earliest = Day(year: 1900, month: 1, day: 1)!
    public static let latest = Day(year: 9999, month: 12, day: 31)!
}

/// How history rates are written for machines: a published figure exactly as published; a
/// cross or an inverse with six significant digits and at least four decimals.
public enum HistoryFormat {
    public static func rate(_ point: HistoryPoint) -> String {
        if point.published { return "\(point.rate)" }
        let places = Swift.max(4, 6 - 1 - point.rate.magnitude10)
        return DecimalFormatter(style: .plain).format(point.rate.rounded(places: places), fractionDigits: places)
    }
}

/// The bundled ECB history as publications (every currency it has on each day).
extension ECBHistoryCSV {
    /// The day of the first (newest) row, read without parsing the rest.
    public static func newestDay(_ data: Data) throws -> Day {
        var newest: Day?
        try forEachLine(data) { line, _, bytes, fields, _ in
            guard let day = Day(iso: text(bytes, fields[0])) else { throw ParseError.badRow(line: line) }
            newest = day
            return false
        }
        guard let newest else { throw ParseError.noRates }
        return newest
    }

    /// Each row as its day and its rates' text exactly as written (valid positive decimals only),
    /// for a fast import.
    public static func forEachRow(_ data: Data, _ body: (Day, [(code: String, value: String)]) throws -> Void) throws {
        var any = false
        try forEachLine(data) { line, codes, bytes, fields, _ in
            guard let day = Day(iso: text(bytes, fields[0])) else { throw ParseError.badRow(line: line) }
            var rates: [(code: String, value: String)] = []
            // The text as written, for a rate its reader takes back (a positive plain decimal).
            for (i, range) in fields.dropFirst().enumerated() where i < codes.count && !codes[i].isEmpty && value(bytes, range) != nil {
                rates.append((codes[i], text(bytes, range)))
            }
            any = true
            try body(day, rates)
            return true
        }
        if !any { throw ParseError.noRates }
    }
}

extension ProviderSnapshot {
    /// Each day of the answer as a publication under the provider's name.
    public var publications: [DayPublication] {
        days.map { DayPublication(day: $0.key, source: provider.sourceName, base: base, rates: $0.value,
                                  institutions: institutions[$0.key] ?? [:]) }
    }
}

/// Where a range's points go on a chart of a given size. Rates become Doubles here only to
/// be drawn; every figure shown in words comes from the points themselves.
public struct ChartGeometry: Sendable {
    public let points: [HistoryPoint]
    let days: [Double]     // days since the first point
    let values: [Double]
    public let low: Double
    public let high: Double
    let span: Double

    public init(_ points: ArraySlice<HistoryPoint>) {
        self.points = Array(points)
        let origin = points.first?.day.date ?? Date()
        days = points.map { $0.day.date.timeIntervalSince(origin) / 86_400 }
        values = points.map { NSDecimalNumber(decimal: $0.rate).doubleValue }
        let lo = values.min() ?? 0, hi = values.max() ?? 1
        // A flat line sits in the middle.
        let pad = hi > lo ? (hi - lo) * 0.05 : Swift.max(abs(hi) * 0.01, 1e-9)
        low = lo - pad; high = hi + pad
        span = Swift.max(days.last ?? 1, 1)
    }

    public var isEmpty: Bool { points.isEmpty }

    public func x(_ index: Int, width: Double) -> Double { days[index] / span * width }
    public func y(_ index: Int, height: Double) -> Double { y(value: values[index], height: height) }
    public func y(value: Double, height: Double) -> Double { height - (value - low) / (high - low) * height }

    /// The point nearest to `x` (by date).
    public func index(nearestX x: Double, width: Double) -> Int? {
        guard !points.isEmpty, width > 0 else { return nil }
        let day = x / width * span
        let i = days.partitioningIndex { $0 >= day }
        if i == 0 { return 0 }
        if i == days.count { return days.count - 1 }
        return day - days[i - 1] <= days[i] - day ? i - 1 : i
    }

    /// The line to draw, at most two vertices per pixel column (the column's first and extreme
    /// values), so 7,000 points draw as fast as 700. `gapDays`: a longer pause breaks the line
    /// (beyond the period of an average).
    public func polyline(width: Double, height: Double, gapDays: Double = 10) -> [[(x: Double, y: Double)]] {
        var runs: [[(x: Double, y: Double)]] = []
        var run: [(x: Double, y: Double)] = []
        var column = -1, columnMin = 0.0, columnMax = 0.0
        func flushColumn() {
            guard column >= 0 else { return }
            run.append((Double(column), y(value: columnMax, height: height)))
            if columnMin != columnMax { run.append((Double(column), y(value: columnMin, height: height))) }
        }
        for i in points.indices {
            // A week's or a month's average stands for its period: the line goes on to the next
            // average, and to the first known day after them (which may lie in the next period).
            let allowed = gapDays + 2 * Double(max(points[i].grouping?.days ?? 0, i > 0 ? points[i - 1].grouping?.days ?? 0 : 0))
            if i > 0 && days[i] - days[i - 1] > allowed {
                flushColumn(); column = -1
                if !run.isEmpty { runs.append(run); run = [] }
            }
            let c = Int(x(i, width: width).rounded())
            if c != column {
                flushColumn()
                column = c; columnMin = values[i]; columnMax = values[i]
            } else {
                columnMin = Swift.min(columnMin, values[i]); columnMax = Swift.max(columnMax, values[i])
            }
        }
        flushColumn()
        if !run.isEmpty { runs.append(run) }
        return runs
    }
}
