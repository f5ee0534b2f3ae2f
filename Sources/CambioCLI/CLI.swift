import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

/// `cambio convert|rates|refresh`: the same data as the window, no display needed.
public struct CambioCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cambio",
        abstract: "Currency conversion with live and offline rates. Without arguments, opens the window.",
        subcommands: [Convert.self, Rates.self, Refresh.self, History.self, Dca.self])

    public init() {}

    /// The subcommand names, and the argument parser's description of them (swift-argument-parser's
    /// generate-manual plugin writes the man page from it).
    public static var names: Set<String> {
        ["convert", "rates", "refresh", "history", "dca", "help", "--help", "-h", "--experimental-dump-help"]
    }

    public static var version: String { CambioVersion.string }

    public enum Dispatch: Equatable, Sendable {
        case command
        case version
        /// A word that is no command: said, instead of handing it to the window as a file to open.
        case unknown(String)
        /// Options (GApplication's own, such as --gapplication-service) go to the window.
        case window
    }

    /// What the first argument asks for.
    public static func dispatch(_ first: String) -> Dispatch {
        if names.contains(first) { return .command }
        if first == "--version" || first == "-V" { return .version }
        if first.hasPrefix("-") { return .window }
        return .unknown("unknown command \u{201C}\(first)\u{201D} (commands: convert, rates, refresh, history, dca; --help lists them)")
    }
}

/// What every command loads: the same engine as the window (start-up data, preferences, the
/// network gate, rates, history, stocks).
struct Setup {
    let engine: Engine
    var data: StartupData { engine.data }

    init() {
        let environment = ProcessInfo.processInfo.environment
        let data = StartupData.load(environment: environment, executable: BundledData.executable,
                                    sourceTree: BundledData.sourceTree)
        engine = MainActor.assumeIsolated {
            let engine = Engine(data: data, environment: environment)
            engine.history.onProblem = { warn($0.description) }
            engine.startupProblems.forEach { warn($0.description) }
            return engine
        }
    }

    func code(_ text: String) throws -> String {
        let c = text.uppercased()
        guard data.catalog[c] != nil else { throw Failure("unknown currency: \(text)") }
        return c
    }

    /// The history store, with the bundle imported and the cached answers recorded.
    func history() throws -> HistoryStore {
        try MainActor.assumeIsolated { try engine.history.openNow() }
    }

    /// The Preferences' privacy switch: off, the command line sends nothing either.
    var networkAllowed: Bool { MainActor.assumeIsolated { engine.client.networkAllowed } }

    /// The rates to use: fresh if the policy asks and the server answers, else the last good
    /// cached ones, else the bundled ECB history. `--offline` sends no request.
    func table(offline: Bool) -> RateTable? {
        MainActor.assumeIsolated {
            if !offline && engine.client.networkAllowed {
                let provider = engine.preferences.provider
                let outcome = MainContext.run(deadline: 30) { await engine.refresh(.start) }
                if case .success(.failed(let reason))? = outcome {
                    warn("could not refresh rates from \(provider.sourceName): \(reason); using the last good rates")
                }
            }
            return engine.table
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("cambio: \(message)\n".utf8))
}

/// Runs a command body; a failure is one line on stderr and a non-zero exit.
func guarded(_ body: () throws -> Void) throws {
    do { try body() } catch let f as Failure {
        warn(f.description)
        throw ExitCode(2)
    } catch let e as ExitCode {
        throw e
    } catch {
        warn(words(error))
        throw ExitCode(2)
    }
}

/// "ECB 2026-10-30", or for a rate the user set, "your rate, set 2026-11-22".
func sourceText(_ source: String, _ day: Day, comma: Bool = false) -> String {
    UserRate.isUserSource(source) ? "your rate, set \(day.iso)" : "\(source)\(comma ? "," : "") \(day.iso)"
}

/// Any error in words (never a Foundation dump or SQL text), in English.
func words(_ error: Error) -> String { Wording(error: error).description }

/// "1 month", "2 months".
func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

/// One JSON object on one line, keys sorted (the documented schemas below).
func jsonLine<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `cambio convert --json`: amounts and rates as decimal strings, exactly.
struct ConvertJSON: Encodable {
    let amount: String
    let from: String
    let results: [Result]
    /// The card or exchange fee applied, in percent ("2.2"); absent without a fee.
    var feePercent: String? = nil
    struct Result: Encodable {
        let to: String
        let amount: String
        let rate: String
        let rateDate: String
        let source: String
        /// `amount` with the fee, rounded the same way; absent without a fee.
        var amountWithFee: String? = nil
        enum CodingKeys: String, CodingKey {
            case to, amount, rate, rateDate = "rate_date", source, amountWithFee = "amount_with_fee"
        }
    }
    enum CodingKeys: String, CodingKey { case amount, from, results, feePercent = "fee_percent" }
}

/// `cambio rates --json`.
struct RatesJSON: Encodable {
    let base: String
    let source: String
    let date: String
    let rates: [String: Rate]
    struct Rate: Encodable {
        let rate: String
        let rateDate: String
        let source: String
        /// True for a currency its country replaced (HRK, SLL…) that a source still quotes;
        /// absent otherwise.
        let withdrawn: Bool?
        enum CodingKeys: String, CodingKey { case rate, rateDate = "rate_date", source, withdrawn }
    }
}

/// `cambio history --json`: newest first.
struct HistoryJSON: Encodable {
    let from: String
    let to: String
    let points: [Point]
    struct Point: Encodable {
        let date: String
        let rate: String
        let source: String
    }
}

extension CambioCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Convert an amount into one or more currencies.")

        /// AMOUNT FROM TO...: one list, so that a negative amount ("-5") is read as the amount
        /// and not as an unknown option.
        @Argument(parsing: .allUnrecognized,
                  help: ArgumentHelp("The amount (100, -5, 1 234,56, 12.5, or a calculation: 12*3), its currency, then one or more target currencies.",
                                     valueName: "amount> <from> <to"))
        var given: [String] = []

        /// The words without the "--" that ends the options ("convert -- -5 USD EUR"), which the
        /// parser passes on with them.
        var words: [String] {
            guard let end = given.firstIndex(of: "--") else { return given }
            return Array(given[..<end] + given[(end + 1)...])
        }
        var amount: String { words.first ?? "" }
        var from: String { words.count > 1 ? words[1] : "" }
        /// The targets, after a joining word if there is one ("100 USD to EUR", "100 usd in eur"),
        /// as the Calculator and the overview search read them.
        var to: [String] {
            var targets = Array(words.dropFirst(2))
            if let first = targets.first, ConversionRequest.joiners.contains(first.lowercased()) { targets.removeFirst() }
            return targets
        }

        func validate() throws {
            let beforeEnd = given.prefix { $0 != "--" }
            if let option = beforeEnd.first(where: { $0.hasPrefix("--") }) {
                throw ValidationError("unknown option: \(option)")
            }
            guard words.count >= 3, !to.isEmpty else {
                throw ValidationError(words.isEmpty ? "name an amount, its currency and at least one target currency"
                                      : words.count == 1 ? "name the currency of \(amount) and at least one target currency"
                                      : "name at least one target currency")
            }
        }
        @Option(help: "Convert at the newest rate published on or before this day (YYYY-MM-DD).") var date: String?
        @Flag(help: "Send no request: cached rates, else the bundled ones.") var offline = false
        @Option(parsing: .unconditional,
                help: ArgumentHelp("Also show each amount with a card or exchange fee of this percent (2.2); 0 for none. Default: the fee set in Preferences, when on.",
                                   valueName: "percent"))
        var fee: String?
        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let data = setup.data
                let value: Decimal
                // A number or a calculation, as every amount field of the window takes ("12*3").
                switch ExpressionEvaluator.evaluate(amount, style: NumberStyle(locale: data.locale.numbers)) {
                case .success(let v): value = v
                case .failure(let e): throw Failure("not an amount: \(amount) (\(e))")
                }
                let fee: Fee?
                if let text = self.fee {
                    switch Fee.parse(text, style: NumberStyle(locale: data.locale.numbers), allowZero: true) {
                    case .success(let f): fee = f
                    case .failure(let r): throw Failure("--fee must be a percent: \(text) (\(r.english))")
                    }
                } else {
                    fee = MainActor.assumeIsolated { setup.engine.preferences.fee }
                }
                let source = try setup.code(from)
                // Each target once, in the order given ("EUR eur" is one).
                var seen = Set<String>()
                let targets = try to.map { try setup.code($0) }.filter { seen.insert($0).inserted }
                guard !targets.isEmpty else { throw Failure("name at least one target currency") }

                // `withFee`: the amount converted with the fee on it (nil without a fee).
                var results: [(to: String, amount: Decimal, rate: Decimal, day: Day, source: String, withFee: Decimal?)] = []
                if let date {
                    guard let day = Day(iso: date) else { throw Failure("not a date (YYYY-MM-DD): \(date)") }
                    let first = ECBHistoryCSV.firstDay
                    guard day >= first, day <= Day.today() else {
                        throw Failure("no rates for \(date): the history runs from \(first.iso) to today")
                    }
                    // The rate history: the bundled ECB file and every answer fetched, one store.
                    let store = try setup.history()
                    for target in targets {
                        guard let p = try store.history(from: source, to: target, end: day).point(onOrBefore: day) else {
                            throw Failure("no published rate for \(source) and \(target) on or before \(date)")
                        }
                        results.append((target, value * p.rate, p.rate, p.day, UserRate.sharedSource(p.source),
                                        fee?.converting(value) { $0 * p.rate }))
                    }
                } else {
                    guard let table = setup.table(offline: offline) else { throw Failure("no rates available") }
                    for target in targets {
                        guard let rate = table.rate(from: source, to: target), let p = table.publication(from: source, to: target) else {
                            throw Failure("no published rate for \(source) and \(target)")
                        }
                        results.append((target, table.convert(value, from: source, to: target)!, rate, p.day, p.source,
                                        fee?.converting(value) { table.convert($0, from: source, to: target) }))
                    }
                }
                let plain = DecimalFormatter(style: .plain)
                let people = DecimalFormatter(locale: data.locale.numbers)
                let units = { (code: String) in data.catalog.minorUnits(code) }
                if json {
                    print(try jsonLine(ConvertJSON(
                        amount: plain.format(value, fractionDigits: max(0, -value.exponent)), from: source,
                        results: results.map { r in
                            .init(to: r.to, amount: plain.amount(r.amount, minorUnits: units(r.to)),
                                  rate: "\(r.rate)", rateDate: r.day.iso, source: r.source,
                                  amountWithFee: r.withFee.map { plain.amount($0, minorUnits: units(r.to)) })
                        }, feePercent: fee?.stored)))
                } else {
                    for r in results {
                        // From the unrounded conversion, rounded only for display.
                        let withFee = fee.flatMap { fee in
                            r.withFee.map { " (\(fee.words(amount: people.amount($0, minorUnits: units(r.to)), code: r.to, formatter: people, words: .english)))" }
                        } ?? ""
                        print("\(people.format(value, fractionDigits: max(0, -value.exponent))) \(source) = \(people.amount(r.amount, minorUnits: units(r.to))) \(r.to)\(withFee)  (1 \(source) = \(people.rate(r.rate)) \(r.to), \(sourceText(r.source, r.day)))")
                    }
                }
            }
        }
    }

    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every rate against one currency.")

        @Option(help: "The currency the rates are against (default: your locale's).") var base: String?
        @Flag(help: "Send no request: cached rates, else the bundled ones.") var offline = false
        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let base = try setup.code(self.base ?? setup.data.state.currencies.referenceCode)
                guard let table = setup.table(offline: offline) else { throw Failure("no rates available") }
                guard table.has(base) else { throw Failure("no \(table.source) rate for \(base)") }
                let codes = table.rates.keys.filter { $0 != base }.sorted()
                // Sources still quote some currencies their countries replaced: listed, and said.
                let catalog = setup.data.catalog
                func withdrawn(_ code: String) -> Bool { catalog[code].map { !$0.isActive } ?? false }
                var rates: [String: (Decimal, Publication)] = [:]
                for code in codes {
                    if let r = table.rate(from: base, to: code), let p = table.publication(from: base, to: code) { rates[code] = (r, p) }
                }
                if json {
                    print(try jsonLine(RatesJSON(
                        base: base, source: table.source, date: table.date.iso,
                        rates: Dictionary(uniqueKeysWithValues: rates.map { code, r in
                            (code, .init(rate: "\(r.0)", rateDate: r.1.day.iso, source: r.1.source, withdrawn: withdrawn(code) ? true : nil))
                        }))))
                } else {
                    let f = DecimalFormatter(locale: setup.data.locale.numbers)
                    print("\(table.source), \(table.date.iso): 1 \(base) =")
                    for code in codes {
                        guard let r = rates[code] else { continue }
                        let notes = (r.1 != table.current ? [sourceText(r.1.source, r.1.day, comma: true)] : [])
                            + (withdrawn(code) ? ["withdrawn: no longer the country's currency"] : [])
                        print("  \(f.rate(r.0)) \(code)\(notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))")")
                    }
                }
            }
        }
    }

    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask the server for new rates now. Exit 0 when new rates were stored.")

        @Option(help: "erapi, ecb, frankfurter or cbr (default: the chosen source).") var provider: String?

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let chosen: Provider
                if let name = provider {
                    guard let p = Provider(rawValue: name.lowercased()) else {
                        throw Failure("unknown provider: \(name) (erapi, ecb, frankfurter, cbr)")
                    }
                    chosen = p
                } else {
                    chosen = MainActor.assumeIsolated { setup.engine.preferences.provider }
                }
                let outcome: RatesService.Outcome? = MainActor.assumeIsolated {
                    let engine = setup.engine
                    return try? MainContext.run(deadline: 60) {
                        await engine.rates.refresh(chosen, trigger: .explicit, interval: engine.preferences.refreshInterval)
                    }?.get()
                }
                switch outcome {
                case .updated?: print("\(chosen.sourceName): new rates stored")
                case .unchanged?: print("\(chosen.sourceName): the rates are current (confirmed by the server)")
                case .failed(let reason)?:
                    warn("\(chosen.sourceName): \(reason); the cached rates are as they were")
                    throw ExitCode(1)
                case .networkOff?:
                    warn("network access is off (Preferences: Use the network)")
                    throw ExitCode(1)
                case .waitUntil(let date)?:
                    warn("\(chosen.sourceName) asked not to be asked again before \(ISO8601DateFormatter().string(from: date)) (HTTP 429); the cached rates are as they were")
                    throw ExitCode(1)
                case .skipped?, nil:
                    warn("\(chosen.sourceName): no answer")
                    throw ExitCode(1)
                }
            }
        }
    }
}

extension CambioCommand {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A pair's rate on each published day, newest first.")

        @Argument(help: "The currency priced (ISO code).") var from: String
        @Argument(help: "The currency it is priced in.") var to: String
        @Option(help: "How many calendar days, ending at --to (default 7).") var days: Int?
        @Option(name: .customLong("from"), help: "The first day (YYYY-MM-DD).") var start: String?
        @Option(name: .customLong("to"), help: "The last day (YYYY-MM-DD; default today).") var end: String?
        @Flag(help: "Send no request: the bundled history and what was fetched before.") var offline = false
        @Flag(help: "Print one JSON object.") var json = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let from = try setup.code(self.from), to = try setup.code(self.to)
                guard from != to else { throw Failure("\(from) against itself is always 1: name two different currencies") }
                func day(_ text: String?, _ name: String) throws -> Day? {
                    guard let text else { return nil }
                    guard let d = Day(iso: text) else { throw Failure("not a date (YYYY-MM-DD): --\(name) \(text)") }
                    return d
                }
                let today = Day.today()
                let firstPublished = ECBHistoryCSV.firstDay
                var last = try day(end, "to") ?? today
                // Every day since the ECB's first publication, and a century more: enough for any range.
                let maxDays = 36_600
                if let days, days < 1 { throw Failure("--days must be at least 1") }
                if let days, days > maxDays { throw Failure("--days must be at most \(maxDays) (a century)") }
                guard last >= firstPublished else {
                    throw Failure("--to \(last.iso) is before the first published rate (\(firstPublished.iso))")
                }
                if days != nil, start != nil {
                    throw Failure("--days and --from both set the first day: give one of them")
                }
                var first = try day(start, "from") ?? last.adding(days: -((days ?? 7) - 1))
                guard first <= last else { throw Failure("--from \(first.iso) is after --to \(last.iso)") }

                let store = try setup.history()
                // Days newer than the history at hand come from Frankfurter (the ECB's figures).
                if !offline, setup.networkAllowed, let newest = try store.newestECBDay(), last > newest {
                    let outcome: HistorySync.Outcome? = MainActor.assumeIsolated {
                        let sync = setup.engine.historySync(store)
                        return try? MainContext.run(deadline: 30) { await sync.fetchNewerDays(today: today) }?.get()
                    }
                    if case .failed(let reason)? = outcome {
                        warn("could not fetch the newest days from Frankfurter: \(reason); showing what is known")
                    }
                }
                // Without a range asked for, the last 7 days, or the 7 days to the newest known
                // one when nothing newer is at hand (offline, or nothing published since), as the
                // History page lists them.
                if days == nil, start == nil, end == nil {
                    let recent = HistoryDay.recent(try store.history(from: from, to: to, end: last), today: last)
                    if !recent.endsToday {
                        (first, last) = (recent.end.adding(days: -6), recent.end)
                        warn("nothing is known after \(recent.end.iso): the 7 days to \(recent.end.iso), the newest known")
                    }
                }
                let history = try store.history(from: from, to: to, start: first, end: last)
                let points = history.points.reversed()
                if json {
                    print(try jsonLine(HistoryJSON(
                        from: from, to: to,
                        points: points.map { .init(date: $0.day.iso, rate: HistoryFormat.rate($0), source: UserRate.sharedSource($0.source)) })))
                } else {
                    if points.isEmpty { warn("no published rate for \(from) and \(to) from \(first.iso) to \(last.iso)") }
                    for p in points { print("\(p.day.iso)  \(HistoryFormat.rate(p))  \(UserRate.isUserSource(p.source) ? "your rate" : p.source)") }
                }
            }
        }
    }
}

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
                func amount(_ text: String, _ name: String) throws -> Decimal {
                    switch ExpressionEvaluator.evaluate(text, style: NumberStyle(locale: data.locale.numbers)) {
                    case .success(let v) where v >= 0: return v
                    case .success: throw Failure("--\(name) cannot be negative: \(text)")
                    case .failure(let e): throw Failure("--\(name) is not an amount: \(text) (\(e))")
                    }
                }
                let initial = try amount(self.initial, "initial"), monthly = try amount(self.monthly, "monthly")
                guard let start = Month(iso: self.start) else { throw Failure("--start is not a month (YYYY-MM): \(self.start)") }
                let symbol = self.symbol.uppercased()
                guard !symbol.isEmpty, symbol.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-^=".contains($0)) }) else {
                    throw Failure("not a stock symbol: \(self.symbol)")
                }
                let shown = try currency.map { try setup.code($0) }

                let offline = self.offline || !setup.networkAllowed
                let outcome: Result<StockService.SeriesAnswer, Error>? = MainActor.assumeIsolated {
                    let stocks = setup.engine.stocks
                    defer {
                        for (path, reason) in stocks.setAside { warn("cached prices unreadable (\(reason)); kept as \(path)") }
                        if let p = stocks.sampleProblem { warn(p) }
                    }
                    let info = SampleStocks.companies[symbol] != nil ? SampleStocks.info(symbol)
                        : StockInfo(symbol: symbol, name: symbol, region: "", currency: QuoteUnit.guess(symbol: symbol))
                    return MainContext.run(deadline: 60) { try await stocks.series(info, offline: offline) }
                }
                let answer: StockService.SeriesAnswer
                switch outcome {
                case .success(let a)?: answer = a
                case .failure(let e)?: throw Failure(words(e))
                case nil: throw Failure("no answer from Alpha Vantage in time")
                }
                if let problem = answer.problem { warn(problem.description) }
                let series = answer.series
                let first = series.firstMonth?.iso ?? "?", last = series.newestMonth?.iso ?? "?"
                if answer.source == .sample {
                    warn("using the bundled sample: monthly prices \(first)..\(last), not dividend-adjusted")
                }

                // Results in another currency: the stock's unit (pence → pounds), then each day's rate.
                let rate = try shown.flatMap { try setup.engine.dcaRate(priceCurrency: series.currency, shown: $0, store: setup.history) }
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
                    return
                }
                let f = DCAFormat(locale: data.locale.numbers)
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
}
