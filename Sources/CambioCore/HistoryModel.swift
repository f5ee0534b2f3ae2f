import Foundation

/// The History page without a display: the pair, the reading of its history, the last seven
/// days, the chart's range and cursor (`HistoryModel+Chart`) and the conversion on a past date
/// (`HistoryModel+Past`). Every text is what the user reads: days and figures as written in
/// their locale, words as `Wording` (the window translates them; `description` is the English).
public struct HistoryModel: Sendable {
    public private(set) var from: String
    public private(set) var to: String
    /// The pair's whole history, once read (the previous pair's while the next is read).
    public private(set) var history: PairHistory? {
        didSet { showRange() }
    }
    /// True while a pair's history is being read.
    public private(set) var isLoading = false
    /// The line beside the pair: reading, why it failed, or what the history covers.
    public private(set) var status: HistoryStatus?
    /// Which read is the newest: only its answer is taken.
    private var generation = 0

    /// Locale marks and the user's choice of digits for money (Preferences can change it).
    public var formatter: DecimalFormatter
    let catalog: CurrencyCatalog
    /// "Oct 30, 2026" (statuses, the chart's labels, the date button).
    let days: DayFormatter
    /// "Fri, Oct 30" (the list of days).
    let shortDays: DayFormatter
    /// "Fri, Oct 30, 2026" (under the chart, and the day a past conversion used).
    let longDays: DayFormatter

    // The chart (HistoryModel+Chart).
    public internal(set) var range: HistoryRange = .year
    /// Where the shown range's points go; nil until a history with points is read.
    public internal(set) var chart: ChartGeometry?
    /// The shown range's low, high and average.
    public internal(set) var stats: HistoryStats?
    /// The chart's highlighted point (pointer or arrow keys).
    public internal(set) var cursor: Int?

    // On a past date (HistoryModel+Past).
    /// The day asked (any day: a weekend, a holiday or a day before 1999 says what it used).
    public var pastDay: Day
    /// The amount as typed (arithmetic allowed).
    public var pastAmount = "100"

    /// `dates`: the locale days are written in; `days`: its medium style ("Oct 30, 2026").
    public init(from: String, to: String, pastDay: Day, formatter: DecimalFormatter, days: DayFormatter,
                dates: Locale, catalog: CurrencyCatalog) {
        self.from = from; self.to = to
        self.pastDay = pastDay
        self.formatter = formatter
        self.days = days
        shortDays = DayFormatter(locale: dates, template: "EEEdMMM")
        longDays = DayFormatter(locale: dates, template: "EEEdMMMy")
        self.catalog = catalog
    }

    // MARK: The pair

    /// Shows `from` → `to`; false (nothing changes) for a currency against itself.
    @discardableResult
    public mutating func setPair(from: String, to: String) -> Bool {
        guard from != to else { return false }
        self.from = from; self.to = to
        return true
    }

    @discardableResult
    public mutating func swap() -> Bool { setPair(from: to, to: from) }

    /// A currency chosen in the From (`isFrom`) or To picker; choosing the other side's
    /// currency exchanges the two.
    @discardableResult
    public mutating func choose(_ code: String, isFrom: Bool) -> Bool {
        isFrom ? setPair(from: code, to: code == to ? from : to)
            : setPair(from: code == from ? to : from, to: code)
    }

    /// What a picker leaves out: the currency its side already has.
    public func pickerExcludes(isFrom: Bool) -> Set<String> { [isFrom ? from : to] }

    /// A currency button's face and name: "USD" over "US Dollar", "From USD (US Dollar)".
    public func currencyButton(isFrom: Bool) -> (code: String, name: String, spoken: Wording) {
        let code = isFrom ? from : to
        let name = catalog[code]?.localizedName ?? code
        return (code, name, isFrom ? Wording("From %@ (%@)", .verbatim(code), .verbatim(name))
                                   : Wording("To %@ (%@)", .verbatim(code), .verbatim(name)))
    }

    // MARK: Reading the history

    /// A read of the current pair's history.
    public struct Load: Sendable, Equatable {
        public let from: String
        public let to: String
        let generation: Int
    }

    /// A read begins: it supersedes any read still under way.
    public mutating func beginLoad() -> Load {
        generation += 1
        isLoading = true
        status = .message(Wording("Loading the history…"))
        return Load(from: from, to: to, generation: generation)
    }

    /// The rate history could not be opened at all (`reason`: why, when known).
    public mutating func cannotOpen(_ reason: Wording?) {
        isLoading = false
        status = .message(Wording("The rate history could not be opened: %@", reason ?? .verbatim("")))
    }

    /// The answer to `load`; false when a newer read began since (the answer is dropped).
    @discardableResult
    public mutating func finish(_ load: Load, _ outcome: Result<PairHistory, Error>) -> Bool {
        guard load.generation == generation else { return false }
        isLoading = false
        switch outcome {
        case .success(let h):
            history = h
            status = coverage(h)
        case .failure(let error):
            status = .message(Wording("The history could not be read: %@", Wording(error: error)))
        }
        return true
    }

    /// "Jan 4, 1999 – Oct 30, 2026 · 7,123 published days · ECB", or that there is none.
    func coverage(_ h: PairHistory) -> HistoryStatus {
        guard let first = h.points.first, let last = h.points.last else {
            if let code = [from, to].first(where: MetalsAndCoins.codes.contains) {
                return .message(Wording("No price of %@ recorded yet: Cambio records metals and coins from the first day it fetches them",
                                        .verbatim(code)))
            }
            return .message(Wording("No published rate for %@ and %@", .verbatim(from), .verbatim(to)))
        }
        // The sources by name; Frankfurter's days by the institutions behind them.
        var sources = Set(h.points.filter { !$0.source.hasPrefix("Frankfurter") || $0.institutions.isEmpty }
            .map { UserRate.sharedSource($0.source) }).sorted().map(Publication.sourceName)
        let keys = Set(h.points.filter { $0.source.hasPrefix("Frankfurter") }.flatMap(\.institutions))
        if keys.count == 1, let key = keys.first {
            sources.append(.verbatim(Institution.name(key)))
        } else if keys.count > 1 {
            sources.append(Wording("%@ central banks", .verbatim(keys.count)))
        }
        return .coverage(HistoryCoverage(first: days.string(first.day), last: days.string(last.day),
                                         days: h.points.count, sources: sources))
    }

    /// Every institution behind the pair's history, with how many of its days each published,
    /// most first: the list behind "average of 3 central banks".
    public var institutions: [(key: String, name: String, days: Int)] {
        guard let h = history else { return [] }
        var count: [String: Int] = [:]
        for p in h.points { for key in p.institutions { count[key, default: 0] += 1 } }
        return count.map { (key: $0.key, name: Institution.name($0.key), days: $0.value) }
            .sorted { $0.days != $1.days ? $0.days > $1.days : $0.name < $1.name }
    }

    /// What the page needs of the pair's official history: each day of the chart's range up to a
    /// year (and of the last week), the averages of a week (five years) or a month (Max) where
    /// the range has more days than a chart can show, and each day of the fortnight before a
    /// past date outside them.
    public func wantedSpans(today: Day) -> [(first: Day, last: Day, group: FrankfurterV2.Grouping?)] {
        let first = ECBHistoryCSV.firstDay
        let group = range.grouping
        let dailyRange = group == nil ? range : .year
        let daily = max(first, min(dailyRange.start(end: today) ?? first, today.adding(days: -6)))
        var spans: [(first: Day, last: Day, group: FrankfurterV2.Grouping?)] = [(daily, today, nil)]
        if let group { spans.append((max(first, range.start(end: today) ?? first), today, group)) }
        if pastDay < daily, pastDay <= today { spans.append((max(pastDay.adding(days: -14), first), pastDay, nil)) }
        return spans
    }

    // MARK: The last seven days

    /// The list's heading and rows: seven days ending `today`, or on the newest day known when
    /// that is older (offline); nil before a history is read.
    public func recentDays(today: Day) -> HistoryWeek? {
        guard let h = history else { return nil }
        let recent = HistoryDay.recent(h, today: today)
        let title = recent.endsToday ? Wording("Last 7 days")
            : Wording("7 days to %@ (newest known)", .verbatim(days.string(recent.end)))
        return HistoryWeek(title: title, rows: recent.days.map(row))
    }

    /// One day as the list shows it.
    func row(_ d: HistoryDay) -> HistoryDayRow {
        let day = shortDays.string(d.day)
        let noPublication = Wording("no publication")
        switch d.status {
        case .rate(let p, let delta):
            let rate = Wording.verbatim(formatter.rate(p.rate))
            let by = p.publisher
            guard let delta else { return HistoryDayRow(day: day, rate: rate, change: nil, mark: .plain, publisher: by) }
            if delta.isZero { return HistoryDayRow(day: day, rate: rate, change: Wording("unchanged"), mark: .plain, publisher: by) }
            let up = delta > 0
            // To the rate's own decimals: "+0.0042", not "+0.004200".
            let places = DecimalFormatter.ratePlaces(p.rate)
            let change = (up ? "\u{25B2} +" : "\u{25BC} \u{2212}")
                + formatter.format(delta.magnitude.rounded(places: places), fractionDigits: places)
            return HistoryDayRow(day: day, rate: rate, change: .verbatim(change), mark: up ? .up : .down, publisher: by)
        case .weekend: return HistoryDayRow(day: day, rate: noPublication, change: Wording("weekend"), mark: .noRate)
        case .holiday: return HistoryDayRow(day: day, rate: noPublication, change: Wording("TARGET holiday"), mark: .noRate)
        case .notPublished(let missing):
            let rate = missing.count == 1 ? Wording("no %@ rate", .verbatim(missing[0]))
                // TRANSLATORS: a day's publication has a rate for neither currency of the pair.
                : Wording("no %@ or %@ rate", .verbatim(from), .verbatim(to))
            return HistoryDayRow(day: day, rate: rate, change: Wording("not published that day"), mark: .noRate)
        case .noData: return HistoryDayRow(day: day, rate: Wording("not known yet"), change: nil, mark: .noRate)
        }
    }
}

/// The line beside the pair.
public enum HistoryStatus: Sendable, Equatable {
    /// Reading, a failure, or that the pair has no rate at all.
    case message(Wording)
    /// What the history covers (its words depend on the number of days).
    case coverage(HistoryCoverage)
}

/// What a pair's history covers: "Jan 4, 1999 – Oct 30, 2026 · 7,123 published days · ECB".
public struct HistoryCoverage: Sendable, Equatable {
    /// The first and last days with a rate, as written in the user's locale.
    public let first: String
    public let last: String
    /// How many days have a rate.
    public let days: Int
    /// The sources, by their stored names' order.
    public let sources: [Wording]
}

/// The "Last 7 days" list: its heading and its rows, newest first.
public struct HistoryWeek: Sendable, Equatable {
    public let title: Wording
    public let rows: [HistoryDayRow]
}

/// One row of the list: the day, its rate (or why there is none) and the change.
public struct HistoryDayRow: Sendable, Equatable, CustomStringConvertible {
    /// How the change reads besides its words: up (green ▲), down (red ▼), plain, or dimmed
    /// for a day without a rate.
    public enum Mark: Sendable, Equatable { case up, down, plain, noRate }

    /// "Fri, Oct 30".
    public let day: String
    /// "0.8951", or "no publication".
    public let rate: Wording
    /// "▼ −0.0034", "unchanged", "weekend"; nil for none.
    public let change: Wording?
    public let mark: Mark
    /// Who published the day's rate ("Central Bank of Egypt", "ECB"); nil without a rate.
    public let publisher: Wording?

    public init(day: String, rate: Wording, change: Wording?, mark: Mark, publisher: Wording? = nil) {
        self.day = day; self.rate = rate; self.change = change; self.mark = mark; self.publisher = publisher
    }

    /// The row as it is read out: "Fri, Oct 30, 0.8951, ▼ −0.0034, ECB".
    public func spoken(_ translate: (String) -> String) -> String {
        [day, rate.text(translate), change?.text(translate) ?? "", publisher?.text(translate) ?? ""]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// English.
    public var description: String { spoken { $0 } }
}
