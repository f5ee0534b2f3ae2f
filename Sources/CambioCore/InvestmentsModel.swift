import Foundation

/// The Investments page without a display: the stock shown and where its prices come from, the
/// plan as typed (initial and monthly amounts, start month, results in the reference currency)
/// and what it computes to (`DCA`): the figures with their captions, the months skipped, the
/// method, and whether the results are dimmed because what is typed cannot be computed. The
/// search (`InvestmentsModel+Search`) and the chart's cursor (`InvestmentsModel+Chart`) live here
/// too. Every text is what the user reads, in their language through `words`.
public struct InvestmentsModel {
    /// The figures, top to bottom.
    public static let figureKeys = ["value", "invested", "gain", "yield", "xirr", "simple", "drawdown", "lump"]

    // MARK: Wording and formats

    /// The page's messages in the user's language (gettext in the window, English in tests).
    public typealias Words = Translations

    let words: Words
    func tr(_ message: String) -> String { words.translate(message) }
    func trn(_ singular: String, _ plural: String, _ n: Int) -> String { words.translatePlural(singular, plural, n) }
    func say(_ wording: Wording) -> String { wording.text(words.translate) }

    /// Money, signed gains and percentages in the user's locale and choice of digits.
    public var format: DCAFormat
    /// How amounts are typed (the locale's decimal and group marks).
    public var style: NumberStyle
    let catalog: CurrencyCatalog
    /// "January 2000" (the start months, the prices' range).
    let monthNames: DayFormatter
    /// "Jan 2000" (figures, skipped months, the chart).
    let shortMonths: DayFormatter
    /// The locale's medium days ("Mar 1, 2010": the day of the value).
    let days: DayFormatter

    // MARK: The stock

    /// Where the prices shown come from.
    public enum PriceSource: Sendable, Equatable {
        /// The bundled sample: one unadjusted price a month.
        case sample
        /// Alpha Vantage's monthly adjusted prices, fetched then.
        case alphaVantage(fetchedAt: Date)
    }

    /// The stock shown, once its prices were read.
    public internal(set) var stock: StockInfo?
    public internal(set) var series: PriceSeries?
    /// "MSFT · Microsoft Corporation", or that none is chosen.
    public internal(set) var title = ""
    /// Where the prices come from and what they cover, or how to find a stock.
    public internal(set) var sourceLine = ""
    /// The unit the amounts are typed in (the stock's currency).
    public var amountUnit: String { series?.currency ?? "" }
    /// Which load is the newest: only its answer is taken.
    private var loadGeneration = 0
    /// The source line before the newest load began (it comes back if the load fails).
    private var sourceBeforeLoad = ""

    /// Why the prices are not the newest (a failed fetch).
    public internal(set) var fetchProblem: String?
    /// Why the plan cannot be computed (what is typed, a missing rate).
    public internal(set) var planProblem: String?
    /// Both problems, shown together above the plan; empty when there is none.
    public var problem: String { [fetchProblem, planProblem].compactMap { $0 }.joined(separator: "\n") }

    // MARK: The plan

    /// The amounts as typed (arithmetic allowed).
    public var initialText: String
    public var monthlyText: String
    /// What the last computation found of an amount: an amount once checked is either fine or
    /// wrong, with why.
    public enum AmountCheck: Sendable, Equatable {
        case unchecked, fine
        case wrong(String)
    }
    public internal(set) var initialCheck = AmountCheck.unchecked
    public internal(set) var monthlyCheck = AmountCheck.unchecked
    /// The months with a price, the start month's choices.
    public internal(set) var months: [Month] = []
    public internal(set) var startIndex = 0
    /// Results in the reference currency, at each purchase day's rate.
    public var inReference: Bool
    /// The user's reference currency.
    public var reference: String
    /// The shown currency's rate history (stock currency → reference), once read.
    private var rateHistory: (from: String, to: String, history: PairHistory)?

    // MARK: The results

    /// Good, bad or neither: how a figure is coloured.
    public enum Tone: Sendable, Equatable {
        case neutral, profit, loss
        init(_ sign: Decimal?) { self = (sign ?? 0) > 0 ? .profit : (sign ?? 0) < 0 ? .loss : .neutral }
    }

    /// A line of results: what it is and its value.
    public struct Figure: Sendable, Equatable {
        public let key: String
        public let caption: String
        public let text: String
        public let tone: Tone
    }

    /// The last results computed; they stay while what is typed cannot be computed.
    public internal(set) var result: DCAResult?
    public internal(set) var figures: [Figure] = []
    /// The results are dimmed: what is typed now cannot be computed.
    public internal(set) var outdated = false
    /// The months without a price (nothing bought in them); nil when there are none.
    public internal(set) var skipped: String?

    // The chart (InvestmentsModel+Chart).
    /// Where the results' months go; nil before the first results.
    public internal(set) var chart: DCAChartGeometry?
    /// The highlighted month.
    public internal(set) var cursor: Int?
    /// The line under the chart: the highlighted month, or what is being read.
    public internal(set) var chartPoint = " "
    /// The chart's accessible name.
    public internal(set) var chartName = ""

    // The search (InvestmentsModel+Search).
    public internal(set) var found: [FoundStock] = []
    public internal(set) var searchNote = ""
    public internal(set) var searchNoteIsProblem = false
    var searchGeneration = 0
    public internal(set) var searchRunning = false
    var searchPending = false
    var openFirstOnAnswer = false

    /// `saved`: the plan as the user left it; `dates`: the locale months are named in;
    /// `days`: its medium days.
    public init(saved: InvestmentState, reference: String, format: DCAFormat, style: NumberStyle, dates: Locale,
                days: DayFormatter, catalog: CurrencyCatalog, words: Words) {
        self.words = words
        self.format = format
        self.style = style
        self.catalog = catalog
        self.days = days
        monthNames = DayFormatter(locale: dates, template: "MMMMy")
        shortMonths = DayFormatter(locale: dates, template: "MMMy")
        initialText = saved.initialText
        monthlyText = saved.monthlyText
        inReference = saved.inReference
        self.reference = reference
        title = tr("No stock chosen")
        sourceLine = tr("Search above, or type a symbol of the bundled sample: MSFT, AMZN, IBM, AAPL or GOOG (monthly prices 2000–2010).")
        chartName = tr("Chart of money invested and value (Left and Right move along it)")
    }

    // MARK: Loading a stock

    /// A read of a stock's prices.
    public struct Load: Sendable, Equatable {
        public let stock: StockInfo
        let generation: Int
    }

    /// A read of `stock`'s prices begins; it supersedes any read still under way.
    public mutating func beginLoad(_ stock: StockInfo) -> Load {
        loadGeneration += 1
        sourceBeforeLoad = sourceLine
        if series == nil { title = "\(stock.symbol) \u{00B7} \(stock.name)" }
        sourceLine = Template.fill(tr("Loading the prices of %@…"), stock.symbol)
        return Load(stock: stock, generation: loadGeneration)
    }

    /// Whether `load` is the newest read (an older one's answer is dropped).
    public func isCurrent(_ load: Load) -> Bool { load.generation == loadGeneration }

    /// The prices `load` read: the stock, its source line and its start months; the start month
    /// is the first on or after `savedStart` (the last when it is later than every price).
    public mutating func loaded(_ load: Load, series s: PriceSeries, source: PriceSource, problem: Wording?,
                                savedStart: Month?, now: Date = Date()) {
        stock = load.stock
        title = "\(load.stock.symbol) \u{00B7} \(load.stock.name)"
        series = s
        fetchProblem = problem.map { Template.fill(tr("%@: %@"), s.symbol, say($0)) }
        var line: String
        switch source {
        case .sample:
            line = Template.fill(tr("Bundled sample: one price a month, %@ – %@, not dividend-adjusted"),
                          monthText(s.firstMonth), monthText(s.newestMonth))
        case .alphaVantage(let at):
            line = Template.fill(tr("Alpha Vantage monthly adjusted prices, %@ – %@ · fetched %@"),
                          monthText(s.firstMonth), monthText(s.newestMonth), words.ago(now.timeIntervalSince(at)))
        }
        line += " · " + Template.fill(tr("prices in %@"), currencyText(s.currency))
        sourceLine = line
        months = s.months
        if let wanted = savedStart, let last = months.last, wanted > last {
            startIndex = months.count - 1
        } else {
            startIndex = savedStart.flatMap { w in months.firstIndex { $0 >= w } } ?? 0
        }
    }

    /// `load` failed: the stock shown and its results stay; the reason is shown above them.
    public mutating func loadFailed(_ load: Load, _ error: Error) {
        fetchProblem = Template.fill(tr("%@: %@"), load.stock.symbol, say(Wording(error: error)))
        sourceLine = series == nil ? "" : sourceBeforeLoad
    }

    func monthText(_ m: Month?) -> String { m.map { monthNames.string($0.firstDay) } ?? "?" }

    /// "GBX (pence sterling)" for the non-ISO units stocks are quoted in.
    public func currencyText(_ code: String) -> String {
        switch code.uppercased() {
        case "GBX": return tr("GBX (pence sterling)")
        case "ZAC": return tr("ZAC (South African cents)")
        case "ILA": return tr("ILA (Israeli agorot)")
        default: return code
        }
    }

    // MARK: The start month

    /// The start month's choices, as the list shows them ("January 2000").
    public var monthChoices: [String] { months.map { monthNames.string($0.firstDay) } }

    public var startMonth: Month? { months.indices.contains(startIndex) ? months[startIndex] : nil }

    /// Chooses the start month by its place in the list (kept within it); nil without months.
    @discardableResult
    public mutating func setStart(_ index: Int) -> Month? {
        guard !months.isEmpty else { return nil }
        startIndex = min(max(0, index), months.count - 1)
        return months[startIndex]
    }

    /// The start month as the list shows it ("January 2000"), or "" before a stock is open.
    public var startMonthText: String { startMonth.map { monthNames.string($0.firstDay) } ?? "" }

    /// The slider's accessible name, with the month it stands at.
    public var sliderName: String {
        startMonth == nil ? tr("Start month slider") : Template.fill(tr("Start month slider: %@"), startMonthText)
    }

    /// The month list's button, as a screen reader says it: what it chooses, and the month chosen.
    public var startButtonName: String {
        startMonth == nil ? tr("Start month") : Template.fill(tr("Start month: %@"), startMonthText)
    }

    // MARK: Results in the reference currency

    /// The choice of results in the reference currency: its label, accessible name, whether it
    /// applies (not when the stock is priced in the reference already) and why not.
    public struct ReferenceChoice: Sendable, Equatable {
        public let label: String
        public let name: String
        public let enabled: Bool
        public let tooltip: String?
    }

    public var referenceChoice: ReferenceChoice {
        let unit = QuoteUnit.base(of: series?.currency ?? stock?.currency ?? "USD")
        let same = unit.currency == reference && unit.factor == 1
        return ReferenceChoice(label: Template.fill(tr("Show results in %@, converted at each purchase day’s rate"), reference),
                               name: Template.fill(tr("Show results in %@"), reference),
                               enabled: !same,
                               tooltip: same ? Template.fill(tr("The stock is priced in %@ already"), reference) : nil)
    }

    /// How the figures are computed.
    public var method: String {
        var text = tr("Method: the initial amount buys in the start month at that month’s adjusted open (open × adjusted close ÷ close, so dividends count as reinvested; the bundled sample has one unadjusted price a month); the monthly amount buys in every later month up to and including the newest; the value is all shares at the newest adjusted close. The annualised return is the XIRR of these cash flows, each purchase on the 1st of its month and the value on the newest price’s day, counting actual days over 365.")
        if inReference {
            text += " " + tr("In another currency, each purchase is converted at the rate of its day and the value at the newest price’s day.")
        }
        return text
    }

    // MARK: Computing

    /// What a computation came to.
    public enum Outcome: Sendable, Equatable {
        /// No stock's prices yet: nothing changes.
        case nothing
        /// New results.
        case computed
        /// What is typed cannot be computed: the last results stay, dimmed, and `problem` says why.
        case failed
        /// The rates from `from` to `to` are needed first (`ratesRead`, then compute again).
        case needsRates(from: String, to: String)
    }

    /// Computes the plan as typed.
    @discardableResult
    public mutating func recompute() -> Outcome {
        guard let series, let start = startMonth else { return .nothing }
        // Both amounts are checked: each one wrong is marked, and named in the problem line.
        let initial = check(initialText, \.initialCheck), monthly = check(monthlyText, \.monthlyCheck)
        guard let initial, let monthly else {
            var lines: [String] = []
            if case .wrong(let why) = initialCheck { lines.append(Template.fill(tr("Initial investment: %@"), why)) }
            if case .wrong(let why) = monthlyCheck { lines.append(Template.fill(tr("Monthly amount: %@"), why)) }
            planProblem = lines.joined(separator: "\n")
            outdated = true
            return .failed
        }
        let plan = DCAPlan(symbol: series.symbol, initial: initial, monthly: monthly, start: start)
        let unit = QuoteUnit.base(of: series.currency)
        let convert = inReference && !(unit.currency == reference && unit.factor == 1)
        var rate: ((Day) -> Decimal?)?
        var shown = series.currency
        if convert {
            shown = reference
            if unit.currency == reference {
                rate = { _ in unit.factor }
            } else if let h = rateHistory, h.from == unit.currency, h.to == reference {
                rate = { day in h.history.point(onOrBefore: day).map { $0.rate * unit.factor } }
            } else {
                chartPoint = Template.fill(tr("Reading the %@ rates…"), reference)
                return .needsRates(from: unit.currency, to: reference)
            }
        }
        do {
            let r = try DCA.compute(plan, series: series, shownCurrency: shown, rate: rate)
            planProblem = nil
            outdated = false
            show(r)
            return .computed
        } catch {
            outdated = true
            planProblem = say(Wording(error: error))
            return .failed
        }
    }

    /// Evaluates an amount as typed and notes what is wrong with it; nil when it is.
    private mutating func check(_ text: String, _ state: WritableKeyPath<InvestmentsModel, AmountCheck>) -> Decimal? {
        switch ExpressionEvaluator.evaluate(text, style: style) {
        case .success(let v) where v >= 0:
            self[keyPath: state] = .fine
            return v
        case .success:
            self[keyPath: state] = .wrong(tr("Amounts cannot be negative"))
        case .failure(let e):
            self[keyPath: state] = .wrong(say(Wording(error: e)))
        }
        return nil
    }

    /// The rates from `from` to `to` were read: compute again.
    public mutating func ratesRead(from: String, to: String, _ history: PairHistory) {
        rateHistory = (from, to, history)
    }

    /// The rate history could not be opened at all.
    public mutating func ratesUnavailable() {
        planProblem = tr("The rate history could not be opened.")
    }

    /// The rates into `to` could not be read.
    public mutating func ratesFailed(to: String, _ error: Error) {
        planProblem = Template.fill(tr("The %@ rates could not be read: %@"), to, say(Wording(error: error)))
    }

    /// The figure shown for `key` (one of `figureKeys`), empty before the first results.
    public func figure(_ key: String) -> Figure? { figures.first { $0.key == key } }

    private mutating func show(_ r: DCAResult) {
        result = r
        let units = catalog.minorUnits(r.currency) // GBX and other quote units: 2
        let format = self.format
        let money = { (d: Decimal) in format.money(d, code: r.currency, minorUnits: units) }
        let shownGain = format.shown(r.gain, minorUnits: units)
        let word = format.outcome(r.gain, minorUnits: units).wording.text(words.translate)
        var figures: [Figure] = []
        func set(_ key: String, _ caption: String, _ text: String, tone: Decimal? = nil) {
            figures.append(Figure(key: key, caption: caption, text: text, tone: Tone(tone)))
        }
        set("value", Template.fill(tr("Value on %@"), days.string(r.valueDay)), money(r.value), tone: shownGain)
        set("invested", tr("Invested"), r.purchases.count == 1 ? Template.fill(tr("%@ in one purchase"), money(r.invested))
            : Template.fill(trn("%@ in %d purchase", "%@ in %d purchases", r.purchases.count), money(r.invested), String(r.purchases.count)))
        // Signed figures read left to right in a right-to-left language too ("+16.44%", never "16.44%+").
        let words = self.words
        let figure = { (text: String) in words.leftToRight(text) }
        set("gain", tr("Gain"), words.line([figure(format.signedMoney(r.gain, code: r.currency, minorUnits: units)), word]), tone: shownGain)
        set("yield", tr("Yield (gain ÷ invested)"), figure(format.percent(r.yield)), tone: r.yield.rounded(places: 4))
        if let x = r.xirr, let text = format.percent(x).map(figure) {
            set("xirr", tr("Annualised return (XIRR)"), Template.fill(tr("%@ a year"), text), tone: Decimal(x).rounded(places: 4))
        } else {
            set("xirr", tr("Annualised return (XIRR)"), tr("not defined: bought and valued on the same day"))
        }
        set("simple", tr("Simple annual figure"),
            Template.fill(trn("%@ a year by (value ÷ invested)^(12 ÷ %d month) − 1, which ignores when each amount was paid in",
                               "%@ a year by (value ÷ invested)^(12 ÷ %d months) − 1, which ignores when each amount was paid in", r.months),
                   format.percent(r.simpleAnnual).map(figure) ?? "\u{2013}", String(r.months)))
        if let d = r.drawdown {
            set("drawdown", tr("Largest drawdown"),
                Template.fill(tr("%@ (%@ in %@ to %@ in %@)"), figure(format.percent(-d.fraction)), money(d.peak.value),
                       shortMonths.string(d.peak.month.firstDay), money(d.trough.value), shortMonths.string(d.trough.month.firstDay)),
                tone: -d.fraction)
        } else {
            set("drawdown", tr("Largest drawdown"), tr("none: the value never fell"))
        }
        let difference = r.lumpSumValue - r.value
        set("lump", Template.fill(tr("All at once in %@"), shortMonths.string(r.start.firstDay)),
            Template.fill(tr("%@ (%@ against monthly purchases)"), money(r.lumpSumValue),
                   figure(format.signedMoney(difference, code: r.currency, minorUnits: units))))
        self.figures = figures
        skipped = r.skipped.isEmpty ? nil : Template.fill(tr("No price, so nothing bought, in: %@"),
                                                  r.skipped.map { shortMonths.string($0.firstDay) }.joined(separator: ", "))
        showChart(r)
    }
}
