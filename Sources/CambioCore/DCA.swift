import Foundation

/// What the user asks: an initial amount in the start month, then a monthly amount.
public struct DCAPlan: Sendable, Equatable, Codable {
    public var symbol: String
    public var initial: Decimal
    public var monthly: Decimal
    public var start: Month

    public init(symbol: String, initial: Decimal, monthly: Decimal, start: Month) {
        self.symbol = symbol; self.initial = initial; self.monthly = monthly; self.start = start
    }
}

/// Why a plan cannot be computed.
public enum DCAError: Error, Sendable, Equatable, Worded {
    case noPrices
    case startBeforeFirstPrice(first: Month)
    case startAfterNewestPrice(newest: Month)
    case noPriceInStartMonth(Month)
    case negativeAmount
    case nothingInvested
    /// Results in another currency need a rate on each purchase day.
    case noRate(currency: String, on: Day)

    public var wording: Wording {
        switch self {
        case .noPrices: return Wording("There are no prices for this stock")
        case .startBeforeFirstPrice(let m): return Wording("The prices start in %@", .verbatim(m.iso))
        case .startAfterNewestPrice(let m): return Wording("The newest price is of %@", .verbatim(m.iso))
        case .noPriceInStartMonth(let m): return Wording("There is no price in %@ to start with", .verbatim(m.iso))
        case .negativeAmount: return Wording("Amounts cannot be negative")
        case .nothingInvested: return Wording("Nothing is invested: enter an initial or a monthly amount")
        case .noRate(let c, let d): return Wording("There is no %@ rate for %@", .verbatim(c), .verbatim(d.iso))
        }
    }
}

/// One purchase of the plan.
public struct DCAPurchase: Sendable, Equatable {
    public let month: Month
    /// In the stock's currency.
    public let amount: Decimal
    public let price: Decimal
    public let shares: Decimal
    /// The amount in the currency results are shown in.
    public let shownAmount: Decimal
}

/// One month of the chart: money put in so far and what the shares were worth at its end.
public struct DCAMonth: Sendable, Equatable {
    public let month: Month
    public let day: Day
    public let invested: Decimal
    public let value: Decimal
}

/// The largest fall of the portfolio's value from a high to a later low.
public struct Drawdown: Sendable, Equatable {
    public let fraction: Decimal
    public let peak: DCAMonth
    public let trough: DCAMonth
}

/// The plan's outcome, every amount in the currency results are shown in.
public struct DCAResult: Sendable, Equatable {
    public let symbol: String
    public let currency: String
    public let start: Month
    public let end: Month
    /// Calendar months from the start to the newest price, both included.
    public let months: Int
    public let purchases: [DCAPurchase]
    /// Months after the start without a price: nothing was bought in them.
    public let skipped: [Month]
    public let shares: Decimal
    public let invested: Decimal
    public let value: Decimal
    /// The newest price's day: the value's date.
    public let valueDay: Day
    public var gain: Decimal { value - invested }
    /// Gain / invested.
    public let yield: Decimal
    /// Money-weighted annual return of the dated cash flows (actual/365); nil when every flow
    /// falls on one day.
    public let xirr: Double?
    /// (value / invested)^(12 / months) − 1, the seed app's figure.
    public let simpleAnnual: Double?
    public let timeline: [DCAMonth]
    public let drawdown: Drawdown?
    /// The same total invested at once in the start month.
    public let lumpSumValue: Decimal
}

/// The dollar-cost-averaging method:
/// - the initial amount buys in the start month, at that month's purchase price;
/// - the monthly amount buys in every later month up to and including the newest (a month
///   without a price is skipped and reported);
/// - the value is all shares at the newest value price (the adjusted close);
/// - the annualised return is the XIRR of the purchases (each on the 1st of its month) and the
///   value (on the newest price's day), actual/365.
public enum DCA {
    /// `rate(day)` converts the stock's currency into the shown one on a day (nil: no rate);
    /// without it, results are in the stock's currency.
    public static func compute(_ plan: DCAPlan, series: PriceSeries, shownCurrency: String? = nil,
                               rate: ((Day) -> Decimal?)? = nil) throws -> DCAResult {
        guard let first = series.firstMonth, let newest = series.newest else { throw DCAError.noPrices }
        guard plan.initial >= 0, plan.monthly >= 0 else { throw DCAError.negativeAmount }
        guard plan.start >= first else { throw DCAError.startBeforeFirstPrice(first: first) }
        guard plan.start <= newest.month else { throw DCAError.startAfterNewestPrice(newest: newest.month) }
        guard let startPrice = series.price(in: plan.start) else { throw DCAError.noPriceInStartMonth(plan.start) }
        func factor(_ day: Day) throws -> Decimal {
            guard let rate else { return 1 }
            guard let r = rate(day) else { throw DCAError.noRate(currency: shownCurrency ?? series.currency, on: day) }
            return r
        }

        var purchases: [DCAPurchase] = [], skipped: [Month] = [], timeline: [DCAMonth] = []
        var shares: Decimal = 0, invested: Decimal = 0
        var month = plan.start
        while month <= newest.month {
            let amount = month == plan.start ? plan.initial : plan.monthly
            if let price = series.price(in: month) {
                if amount > 0 {
                    let bought = amount / price.purchasePrice
                    let shown = amount * (try factor(month.firstDay))
                    shares += bought; invested += shown
                    purchases.append(DCAPurchase(month: month, amount: amount, price: price.purchasePrice,
                                                 shares: bought, shownAmount: shown))
                }
                timeline.append(DCAMonth(month: month, day: price.day, invested: invested,
                                         value: shares * price.valuePrice * (try factor(price.day))))
            } else {
                skipped.append(month)
            }
            month = month.adding(months: 1)
        }
        guard invested > 0 else { throw DCAError.nothingInvested }

        let value = shares * newest.valuePrice * (try factor(newest.day))
        let months = plan.start.distance(to: newest.month) + 1
        var flows = purchases.map { (day: $0.month.firstDay, amount: -$0.shownAmount) }
        flows.append((newest.day, value))
        let ratio = (value / invested as NSDecimalNumber).doubleValue
        let lumpShares = invested / (try factor(plan.start.firstDay)) / startPrice.purchasePrice
        return DCAResult(
            symbol: series.symbol, currency: shownCurrency ?? series.currency, start: plan.start, end: newest.month,
            months: months, purchases: purchases, skipped: skipped, shares: shares, invested: invested, value: value,
            valueDay: newest.day, yield: (value - invested) / invested, xirr: XIRR.solve(flows),
            simpleAnnual: pow(ratio, 12 / Double(months)) - 1,
            timeline: timeline, drawdown: largestDrawdown(timeline),
            lumpSumValue: lumpShares * newest.valuePrice * (try factor(newest.day)))
    }

    /// The largest fall of the month-end value from an earlier high (nil if it never fell).
    static func largestDrawdown(_ timeline: [DCAMonth]) -> Drawdown? {
        var best: Drawdown?
        var peak: DCAMonth?
        for m in timeline {
            if let p = peak, p.value > 0, m.value < p.value {
                let fall = (p.value - m.value) / p.value
                if fall > (best?.fraction ?? 0) { best = Drawdown(fraction: fall, peak: p, trough: m) }
            }
            if m.value > (peak?.value ?? -1) { peak = m }
        }
        return best
    }
}

/// The internal rate of return of dated cash flows, actual/365: the rate r with
/// Σ amount × (1 + r)^(−days/365) = 0, days counted from the first flow.
public enum XIRR {
    public static func solve(_ flows: [(day: Day, amount: Decimal)]) -> Double? {
        guard let first = flows.map(\.day).min() else { return nil }
        let origin = first.date
        let points = flows.map { (t: $0.day.date.timeIntervalSince(origin) / 86_400 / 365,
                                  c: ($0.amount as NSDecimalNumber).doubleValue) }
        guard points.contains(where: { $0.t > 0 }),
              points.contains(where: { $0.c > 0 }), points.contains(where: { $0.c < 0 }) else { return nil }
        // Solve in g = ln(1 + r): the net present value is then smooth and, for outflows
        // before inflows, strictly monotonic, so bisection on a bracket always converges.
        func npv(_ g: Double) -> Double { points.reduce(0) { $0 + $1.c * exp(-g * $1.t) } }
        var low = -20.0, high = 20.0
        var fLow = npv(low), fHigh = npv(high)
        guard fLow.isFinite, fHigh.isFinite else { return nil }
        if fLow == 0 { return expm1(low) }
        if fHigh == 0 { return expm1(high) }
        guard (fLow < 0) != (fHigh < 0) else { return nil }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            let fMid = npv(mid)
            if fMid == 0 { return expm1(mid) }
            if (fMid < 0) == (fLow < 0) { low = mid; fLow = fMid } else { high = mid; fHigh = fMid }
            if high - low < 1e-15 { break }
        }
        return expm1((low + high) / 2)
    }
}

/// The `cambio dca --json` figures: amounts to the currency's minor units, ratios as fractions
/// to four places.
public struct DCASummary: Sendable, Equatable, Encodable {
    public let symbol: String
    public let start: String
    public let end: String
    public let months: Int
    public let invested: String
    public let value: String
    public let gain: String
    public let yield: String
    public let xirr: String?
    public let simple_annual: String?

    public init(_ r: DCAResult, minorUnits: Int) {
        func amount(_ d: Decimal) -> String { Self.plain(d.rounded(places: minorUnits), places: minorUnits) }
        func ratio(_ d: Double?) -> String? {
            guard let d, d.isFinite else { return nil }
            return Self.plain(Decimal(shortest: d)!.rounded(places: 4), places: 4)
        }
        symbol = r.symbol; start = r.start.iso; end = r.end.iso; months = r.months
        invested = amount(r.invested); value = amount(r.value); gain = amount(r.gain)
        yield = Self.plain(r.yield.rounded(places: 4), places: 4)
        xirr = ratio(r.xirr); simple_annual = ratio(r.simpleAnnual)
    }

    /// "13200.00": a point, no grouping, exactly `places` decimals.
    static func plain(_ d: Decimal, places: Int) -> String {
        DecimalFormatter(style: .plain).amount(d, minorUnits: places)
    }

    /// The JSON in the documented key order.
    public var json: String {
        func q(_ s: String?) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            guard let s, let data = try? encoder.encode(s) else { return "null" }
            return String(decoding: data, as: UTF8.self)
        }
        return "{\"symbol\":\(q(symbol)),\"start\":\(q(start)),\"end\":\(q(end)),\"months\":\(months),"
            + "\"invested\":\(q(invested)),\"value\":\(q(value)),\"gain\":\(q(gain)),\"yield\":\(q(yield)),"
            + "\"xirr\":\(q(xirr)),\"simple_annual\":\(q(simple_annual))}"
    }
}

/// How the Investments page and `cambio dca` write results in the user's locale: money to the
/// currency's minor units, signed gains, percentages with the locale's percent sign.
public struct DCAFormat: Sendable {
    public let numbers: DecimalFormatter
    /// What follows the number in a percentage: "%" (en), " %" with a no-break space (de, ru).
    public let percentSuffix: String
    public let percentPrefix: String

    /// `signs`: the locale's currency signs, shown when `showsSigns` (the preference).
    public init(locale: Locale, decimalPlaces: DecimalPlaces = .auto, signs: CurrencySigns? = nil, showsSigns: Bool = false) {
        numbers = DecimalFormatter(locale: locale, signs: signs).with(decimalPlaces).with(signs: showsSigns)
        let nf = NumberFormatter()
        nf.locale = locale
        nf.numberStyle = .percent
        let pattern = nf.positiveFormat ?? "#,##0%"
        if let zero = pattern.lastIndex(of: "0"), let first = pattern.firstIndex(where: { $0 == "#" || $0 == "0" }) {
            percentPrefix = String(pattern[..<first]); percentSuffix = String(pattern[pattern.index(after: zero)...])
        } else {
            percentPrefix = ""; percentSuffix = "%"
        }
    }

    public func money(_ d: Decimal, minorUnits: Int) -> String { numbers.amount(d, minorUnits: minorUnits) }

    /// An amount with its currency as the user asked to see it: "1,234.56 USD", "$1,234.56".
    public func money(_ d: Decimal, code: String, minorUnits: Int) -> String { numbers.money(d, code: code, minorUnits: minorUnits) }

    /// A gain with its currency: "+2,169.66 USD", "+$2,169.66".
    public func signedMoney(_ d: Decimal, code: String, minorUnits: Int) -> String {
        numbers.money(text: signedMoney(d, minorUnits: minorUnits), code: code)
    }

    /// An amount as it is shown: rounded to the places the money is written with.
    public func shown(_ d: Decimal, minorUnits: Int) -> Decimal { d.rounded(places: numbers.places(minorUnits: minorUnits)) }

    /// A gain as shown: a profit or a loss only when it is one at the places shown, so that a gain
    /// of −0.0000001 (shares bought and valued at one price) reads "0.00 · break-even".
    public enum Outcome: Sendable, Equatable {
        case profit, loss, breakEven
        /// "profit", "loss", "break-even" (English; the window translates it).
        public var wording: Wording {
            switch self {
            case .profit: return Wording("profit")
            case .loss: return Wording("loss")
            case .breakEven: return Wording("break-even")
            }
        }
    }

    public func outcome(_ gain: Decimal, minorUnits: Int) -> Outcome {
        let rounded = shown(gain, minorUnits: minorUnits)
        return rounded > 0 ? .profit : rounded < 0 ? .loss : .breakEven
    }

    /// "+2,169.66", "−450.00", "0.00".
    public func signedMoney(_ d: Decimal, minorUnits: Int) -> String {
        let rounded = shown(d, minorUnits: minorUnits)
        let text = numbers.amount(rounded.magnitude, minorUnits: minorUnits)
        return rounded > 0 ? "+" + text : rounded < 0 ? "\u{2212}" + text : text
    }

    /// A fraction as a signed percentage: 0.16437 → "+16.44%"; nil when not defined.
    public func percent(_ fraction: Double?, places: Int = 2) -> String? {
        guard let fraction, let d = Decimal(shortest: fraction * 100) else { return nil }
        return percent(d / 100, places: places)
    }

    public func percent(_ fraction: Decimal, places: Int = 2) -> String {
        let rounded = (fraction * 100).rounded(places: places)
        let body = percentPrefix + numbers.format(rounded.magnitude, fractionDigits: places) + percentSuffix
        return rounded > 0 ? "+" + body : rounded < 0 ? "\u{2212}" + body : body
    }
}

/// Where the Investments chart puts each month: x by months since the start, y from zero to
/// the highest of money invested and value. Doubles only for drawing.
public struct DCAChartGeometry: Sendable {
    public let months: [DCAMonth]
    let offsets: [Double]
    let invested: [Double]
    let values: [Double]
    /// The highest amount drawn (the top label); the scale reaches 5 % above it.
    public let highest: Double
    public let top: Double
    let span: Double

    public init(_ timeline: [DCAMonth]) {
        months = timeline
        let start = timeline.first?.month
        offsets = timeline.map { Double(start?.distance(to: $0.month) ?? 0) }
        invested = timeline.map { ($0.invested as NSDecimalNumber).doubleValue }
        values = timeline.map { ($0.value as NSDecimalNumber).doubleValue }
        highest = Swift.max(invested.max() ?? 0, values.max() ?? 0)
        top = Swift.max(highest, 1e-9) * 1.05
        span = Swift.max(offsets.last ?? 1, 1)
    }

    public var isEmpty: Bool { months.isEmpty }
    public func x(_ i: Int, width: Double) -> Double { months.count == 1 ? width / 2 : offsets[i] / span * width }
    public func y(value v: Double, height: Double) -> Double { height - v / top * height }
    public func yValue(_ i: Int, height: Double) -> Double { y(value: values[i], height: height) }
    public func yInvested(_ i: Int, height: Double) -> Double { y(value: invested[i], height: height) }

    /// The month nearest to `x`.
    public func index(nearestX x: Double, width: Double) -> Int? {
        guard !months.isEmpty, width > 0 else { return nil }
        let target = x / width * span
        var best = 0
        for i in offsets.indices where abs(offsets[i] - target) < abs(offsets[best] - target) { best = i }
        return best
    }
}
