import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

extension CambioCommand {
    struct Dca: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dca",
            abstract: "What buying a stock every month since a start month would be worth now.",
            discussion: """
            The initial amount buys in the start month at that month's adjusted open; the monthly amount \
            buys in every later month up to and including the newest; the value is all shares at the \
            newest adjusted close. The annualised return is the XIRR of those dated cash flows \
            (actual/365). Prices come from Alpha Vantage (with the key saved in the window, or IBM \
            with the demo key), cached for a day; otherwise from the bundled sample.
            """)

        @Argument(help: "The stock's symbol: MSFT, IBM, TSCO.LON") var symbol: String
        // Unconditional: "--initial -5" takes "-5" as the value, and is then refused as negative
        // in words, instead of "Missing value".
        @Option(parsing: .unconditional, help: "Bought in the start month.") var initial: String
        @Option(parsing: .unconditional, help: "Bought in every later month (0 allowed).") var monthly: String
        @Option(help: "The first month (YYYY-MM).") var start: String
        @Option(help: "Show amounts in this currency, converted at each purchase day's rate.") var currency: String?
        @Flag(help: "Send no request: the cached prices, else the bundled sample.") var offline = false
        @Flag(help: "Print one JSON object (ratios as fractions).") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let data = setup.data
                let style = NumberStyle(locale: data.locale.numbers)
                let initial = try Self.amount(self.initial, "initial", style: style)
                let monthly = try Self.amount(self.monthly, "monthly", style: style)
                guard let start = Month(iso: self.start) else { throw Failure("--start is not a month (YYYY-MM): \(StandardError.quoted(self.start))") }
                let symbol = try symbolGiven()
                let shown = try currency.map { try setup.code($0) }

                let answer = try prices(of: symbol, offline: self.offline || !setup.networkAllowed, setup: setup)
                let series = answer.series
                // Results in another currency: the stock's unit (pence → pounds), then each day's rate.
                let rate = try shown.flatMap { try HistoryAccess.dcaRate(priceCurrency: series.currency, shown: $0, store: setup.history) }
                let result: DCAResult
                do {
                    result = try DCA.compute(DCAPlan(symbol: symbol, initial: initial, monthly: monthly, start: start),
                                             series: series, shownCurrency: shown ?? series.currency, rate: rate)
                } catch let e as DCAError {
                    throw Failure("\(e)")
                }
                let units = data.catalog.minorUnits(result.currency)
                if json {
                    print(DCASummary(result, minorUnits: units).json)
                } else {
                    Self.printSummary(result, symbol: symbol, series: series, minorUnits: units, format: DCAFormat(locale: data.locale.numbers))
                }
            }
        }

        /// --initial's or --monthly's amount: a number or a calculation, not negative.
        static func amount(_ text: String, _ name: String, style: NumberStyle) throws -> Decimal {
            switch ExpressionEvaluator.evaluate(text, style: style) {
            case .success(let v) where v >= 0: return v
            case .success: throw Failure("--\(name) cannot be negative: \(StandardError.quoted(text))")
            case .failure(let e): throw Failure("--\(name) is not an amount: \(StandardError.quoted(text)) (\(e))")
            }
        }

        /// The symbol, in capitals, once it looks like one.
        func symbolGiven() throws -> String {
            let symbol = self.symbol.uppercased()
            // No listing's symbol is longer than a few characters (BRK-B, TSCO.LON, 005930.KS).
            guard !symbol.isEmpty, symbol.count <= 30, symbol.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-^=".contains($0)) }) else {
                throw Failure("not a stock symbol: \(StandardError.quoted(self.symbol))")
            }
            return symbol
        }

        /// The stock's monthly prices (Alpha Vantage's, cached, or the bundled sample), with what
        /// went wrong on the way said on stderr.
        func prices(of symbol: String, offline: Bool, setup: Setup) throws -> StockSeriesAnswer {
            let outcome: Result<StockSeriesAnswer, Error>? = MainActor.assumeIsolated {
                let stocks = setup.engine.stocks
                defer {
                    for (path, reason) in stocks.setAside { warn("cached prices unreadable (\(reason)); kept as \(path)") }
                    if let p = stocks.sampleProblem { warn(p) }
                }
                let info = SampleStocks.companies[symbol] != nil ? SampleStocks.info(symbol)
                    : StockInfo(symbol: symbol, name: symbol, region: "", currency: QuoteUnit.guess(symbol: symbol))
                return MainContext.run(deadline: 60) { try await stocks.series(info, offline: offline) }
            }
            let answer: StockSeriesAnswer
            switch outcome {
            case .success(let a)?: answer = a
            case .failure(let e)?: throw Failure(words(e))
            case nil: throw Failure("no answer from Alpha Vantage within 60 s")
            }
            if let problem = answer.problem { warn(problem.description) }
            if answer.source == .sample {
                let first = answer.series.firstMonth?.iso ?? "?", last = answer.series.newestMonth?.iso ?? "?"
                warn("using the bundled sample: monthly prices \(first)..\(last), not dividend-adjusted")
            }
            return answer
        }

        /// The result in words, a figure a line.
        static func printSummary(_ result: DCAResult, symbol: String, series: PriceSeries, minorUnits units: Int, format f: DCAFormat) {
            let money = { (d: Decimal) in "\(f.money(d, minorUnits: units)) \(result.currency)" }
            let signed = { (d: Decimal) in "\(f.signedMoney(d, minorUnits: units)) \(result.currency)" }
            func percent(_ x: Double?) -> String { f.percent(x) ?? "not defined (every cash flow on one day)" }
            let name = SampleStocks.companies[symbol].map { " (\($0))" } ?? ""
            print("\(symbol)\(name), \(series.kind == .sample ? "bundled sample, not dividend-adjusted" : "Alpha Vantage, adjusted"), prices in \(series.currency)")
            print("From \(result.start.iso) to \(result.end.iso): \(plural(result.months, "month", "months")), \(plural(result.purchases.count, "purchase", "purchases"))")
            if !result.skipped.isEmpty { print("No price, nothing bought in: \(result.skipped.map(\.iso).joined(separator: ", "))") }
            print("Invested    \(money(result.invested))")
            print("Value       \(money(result.value))  (on \(result.valueDay.iso))")
            print("Gain        \(signed(result.gain))  (\(f.outcome(result.gain, minorUnits: units).wording))")
            print("Yield       \(f.percent(result.yield))")
            print("Annualised return (XIRR, money-weighted): \(percent(result.xirr))")
            print("Simple annual figure, (value / invested)^(12 / months) - 1: \(percent(result.simpleAnnual))")
            if let d = result.drawdown {
                print("Largest drawdown: \(f.percent(-d.fraction)) (\(d.peak.month.iso) to \(d.trough.month.iso))")
            } else {
                print("Largest drawdown: none (the value never fell)")
            }
            print("The same total at once in \(result.start.iso): \(money(result.lumpSumValue))")
        }
    }
}
