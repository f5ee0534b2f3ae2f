import ArgumentParser
import CambioCore
import CambioGLib
import CambioNet
import CambioServices
import CambioStore
import Foundation

extension CambioCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Convert an amount into one or more currencies.")

        /// AMOUNT FROM TO...: one list, so that a negative amount ("-5") is read as the amount
        /// and not as an unknown option.
        @Argument(parsing: .allUnrecognized,
                  help: ArgumentHelp("The amount (100, -5, 1 234,56, 12.5, or a calculation: 12*3), its currency, then one or more target currencies. A currency's sign with the amount names its currency ('$100' EUR, '100 €' USD) where the sign is one currency's in your locale.",
                                     valueName: "amount> <from> <to"))
        var given: [String]

        /// The words without the "--" that ends the options ("convert -- -5 USD EUR"), which the
        /// parser passes on with them.
        var words: [String] {
            guard let end = given.firstIndex(of: "--") else { return given }
            return Array(given[..<end] + given[(end + 1)...])
        }
        var amount: String { words.first ?? "" }

        /// The amount's text, its currency and the targets, after a joining word if there is one
        /// ("100 USD to EUR", "100 usd in eur"), as the Calculator and the overview search read
        /// them. An amount with a currency's sign ("$100", "100 €") names its currency itself
        /// (a code after it that says the same is taken as that currency, not as a target).
        func reading(signs: CurrencySigns?, isCurrency: (String) -> Bool) -> (amount: String, from: String, to: [String]) {
            var rest = Array(words.dropFirst())
            var read = (amount: amount, from: rest.first ?? "")
            if let signed = signs?.split(amount, among: isCurrency), !signed.amount.isEmpty {
                read = (signed.amount, signed.code)
                if rest.first?.uppercased() == signed.code { rest.removeFirst() }
            } else {
                rest = Array(rest.dropFirst())
            }
            if let first = rest.first, ConversionRequest.joiners.contains(first.lowercased()) { rest.removeFirst() }
            return (read.amount, read.from, rest)
        }

        func validate() throws {
            let beforeEnd = given.prefix { $0 != "--" }
            if let option = beforeEnd.first(where: { $0.hasPrefix("--") }) {
                throw ValidationError("unknown option: \(StandardError.quoted(option))")
            }
            guard words.count >= 2 else {
                throw ValidationError(words.isEmpty ? "name an amount, its currency and at least one target currency"
                                      : "name the currency of \(amount) and at least one target currency")
            }
        }
        @Option(help: "Convert at the newest rate published on or before this day (YYYY-MM-DD).") var date: String?
        @Option(help: ArgumentHelp("With --date, whose official rates: an institution's key (such as CBR, ECB, FED or CBE) or average (the average of the central banks). Default: the source chosen in Preferences.",
                                   valueName: "key")) var source: String?
        @Flag(help: "Send no request: cached rates, else the bundled ones.") var offline = false
        @Option(parsing: .unconditional,
                help: ArgumentHelp("Also show each amount with a card or exchange fee of this percent (2.2); 0 for none. Default: the fee set in Preferences, when on.",
                                   valueName: "percent"))
        var fee: String?
        @Flag(help: "Print one JSON object.") var json = false
        @Flag(help: "Write amounts with their currency's sign where your locale puts it ($89.51, 89,51 €) instead of its code.")
        var signs = false

        mutating func run() throws {
            try guarded {
                let setup = Setup()
                let style = NumberStyle(locale: setup.data.locale.numbers)
                let signs = setup.data.formatter.signs
                let read = reading(signs: signs, isCurrency: { setup.data.catalog[$0] != nil })
                let value = try amountGiven(read.amount, style: style)
                let fee = try feeGiven(style: style, setup: setup)
                let source = try setup.code(read.from)
                // Each target once, in the order given ("EUR eur" is one).
                var seen = Set<String>()
                let targets = try read.to.map { try setup.code($0) }.filter { seen.insert($0).inserted }
                guard !targets.isEmpty else { throw Failure("name at least one target currency") }

                let results: [Converted]
                if let date {
                    results = try converted(value, fee: fee, from: source, to: targets, on: date, setup: setup)
                } else {
                    results = try converted(value, fee: fee, from: source, to: targets, setup: setup)
                }
                if json {
                    try printJSON(value, fee: fee, from: source, results: results, setup: setup)
                } else {
                    printLines(value, fee: fee, from: source, results: results, signs: signs, setup: setup)
                }
            }
        }
    }
}

extension CambioCommand.Convert {
    /// One target's conversion. `withFee`: the amount converted with the fee on it (nil without a fee).
    struct Converted {
        let to: String
        let amount: Decimal
        let rate: Decimal
        let day: Day
        let source: String
        let publisher: Wording
        let institutions: [String]
        let withFee: Decimal?
    }

    /// The amount: a number or a calculation, as every amount field of the window takes ("12*3").
    func amountGiven(_ amount: String, style: NumberStyle) throws -> Decimal {
        switch ExpressionEvaluator.evaluate(amount, style: style) {
        case .success(let v): return v
        case .failure(let e): throw Failure("not an amount: \(StandardError.quoted(amount)) (\(e))")
        }
    }

    /// The fee of --fee, else the one set in Preferences (nil when off).
    func feeGiven(style: NumberStyle, setup: Setup) throws -> Fee? {
        guard let text = self.fee else { return MainActor.assumeIsolated { setup.engine.preferences.fee } }
        switch Fee.parse(text, style: style, allowZero: true) {
        case .success(let f): return f
        case .failure(let r): throw Failure("--fee must be a percent: \(StandardError.quoted(text)) (\(r.english))")
        }
    }

    /// Each target at the newest rate published on or before `date`, from the rate history: the
    /// bundled ECB file, every answer fetched, and the pair's official history from Frankfurter
    /// (fetched for the fortnight before the day).
    func converted(_ value: Decimal, fee: Fee?, from source: String, to targets: [String], on date: String,
                   setup: Setup) throws -> [Converted] {
        guard let day = Day(iso: date) else { throw Failure("not a date (YYYY-MM-DD): \(StandardError.quoted(date))") }
        let first = ECBHistoryCSV.firstDay
        guard day >= first, day <= Day.today() else {
            throw Failure("no rates for \(date): the history runs from \(first.iso) to today")
        }
        let institution = try setup.institution(self.source)
        let store = try setup.history()
        var results: [Converted] = []
        for target in targets {
            let published = setup.fetchPair(store, from: source, to: target, start: day.adding(days: -14), end: day,
                                            institution: institution, offline: offline)
            guard let p = try store.history(from: source, to: target, end: day, institution: institution).point(onOrBefore: day) else {
                throw Failure("no published rate for \(source) and \(target) on or before \(date)")
            }
            if let institution, !published || !FrankfurterV2.isFrom(institution, p) {
                setup.sayAverageUsed(institution, from: source, to: target)
            }
            results.append(Converted(to: target, amount: value * p.rate, rate: p.rate, day: p.day, source: UserRate.sharedSource(p.source),
                                     publisher: p.publisher, institutions: p.institutions, withFee: fee?.converting(value) { $0 * p.rate }))
        }
        return results
    }

    /// Each target at the rates in use (cached, fetched, else bundled).
    func converted(_ value: Decimal, fee: Fee?, from source: String, to targets: [String], setup: Setup) throws -> [Converted] {
        guard let table = setup.table(offline: offline, codes: [source] + targets) else { throw Failure("no rates available") }
        var results: [Converted] = []
        for target in targets {
            guard let rate = table.rate(from: source, to: target), let p = table.publication(from: source, to: target) else {
                let asked = MainActor.assumeIsolated { (network: setup.networkAllowed, metals: setup.engine.preferences.metalsAndCoins) }
                throw Failure(Self.unpriced([source, target], in: table, offline: offline, networkAllowed: asked.network,
                                            metalsAndCoins: asked.metals)
                              ?? "no published rate for \(source) and \(target)")
            }
            let publisher = p.source == "ECB" || UserRate.isUserSource(p.source) ? Publication.sourceName(p.source)
                : Institution.publisher(sides: table.institutionSides(from: source, to: target)) ?? Publication.sourceName(p.source)
            results.append(Converted(to: target, amount: table.convert(value, from: source, to: target)!, rate: rate, day: p.day,
                                     source: p.source, publisher: publisher, institutions: table.institutions(from: source, to: target),
                                     withFee: fee?.converting(value) { table.convert($0, from: source, to: target) }))
        }
        return results
    }

    /// `--json`: one object, amounts and rates as exact decimal strings.
    func printJSON(_ value: Decimal, fee: Fee?, from source: String, results: [Converted], setup: Setup) throws {
        let plain = DecimalFormatter(style: .plain)
        let units = { (code: String) in setup.data.catalog.minorUnits(code) }
        print(try jsonLine(ConvertJSON(
            amount: plain.format(value, fractionDigits: max(0, -value.exponent)), from: source,
            results: results.map { r in
                .init(to: r.to, amount: plain.amount(r.amount, minorUnits: units(r.to)),
                      rate: "\(r.rate)", rateDate: r.day.iso, source: r.source, publishedBy: r.publisher.description,
                      institutions: r.institutions.map(Institution.name),
                      amountWithFee: r.withFee.map { plain.amount($0, minorUnits: units(r.to)) })
            }, feePercent: fee?.stored)))
    }

    /// One line a target, in the user's number format.
    func printLines(_ value: Decimal, fee: Fee?, from source: String, results: [Converted], signs: CurrencySigns?, setup: Setup) {
        let people = DecimalFormatter(locale: setup.data.locale.numbers, signs: signs).with(signs: self.signs)
        let units = { (code: String) in setup.data.catalog.minorUnits(code) }
        for r in results {
            // From the unrounded conversion, rounded only for display.
            let withFee = fee.flatMap { fee in
                r.withFee.map { " (\(fee.words(amount: people.amount($0, minorUnits: units(r.to)), code: r.to, formatter: people, words: .english)))" }
            } ?? ""
            let given = people.money(text: people.format(value, fractionDigits: max(0, -value.exponent)), code: source)
            print("\(given) = \(people.money(r.amount, code: r.to, minorUnits: units(r.to)))\(withFee)  (\(Quote.pair(source, people.rate(r.rate), r.to)), \(sourceText(r.source, r.day))\(r.institutions.isEmpty || r.source == "ECB" ? "" : ", \(r.publisher)"))")
        }
    }

    /// For a metal or coin of `codes` with no price kept (a new install, before its first fetch):
    /// why there is no rate, and the one step that brings it; nil when each has a price.
    static func unpriced(_ codes: [String], in table: RateTable, offline: Bool, networkAllowed: Bool, metalsAndCoins: Bool) -> String? {
        guard let code = codes.first(where: { MetalsAndCoins.codes.contains($0) && !table.has($0) }) else { return nil }
        let name = MetalsAndCoins.entry(code).map { $0.name == code ? code : "\($0.name) (\(code))" } ?? code
        let said = "no price of \(name) is kept yet"
        let fetch = "metals and coins need one `cambio refresh`, which fetches their prices from currency-api and Coinbase and keeps them for offline use"
        if !metalsAndCoins {
            return "\(said): metals and coins are off (Preferences: Gold, silver and cryptocurrencies); turn them on, then run `cambio refresh` once"
        }
        if !networkAllowed {
            return "\(said): \(fetch); network access is off (Preferences: Use the network): turn it on first"
        }
        if offline {
            return "\(said): \(fetch) (a conversion without --offline fetches them too)"
        }
        return "\(said): none came from currency-api or Coinbase this time (said above); run `cambio refresh` once they answer"
    }
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
        /// Who published the rate: "Central Bank of Egypt", "average of 3 central banks", "ECB".
        let publishedBy: String
        /// The institutions' names behind the rate (empty when the source names none).
        let institutions: [String]
        /// `amount` with the fee, rounded the same way; absent without a fee.
        var amountWithFee: String? = nil
        enum CodingKeys: String, CodingKey {
            case to, amount, rate, rateDate = "rate_date", source, publishedBy = "published_by", institutions, amountWithFee = "amount_with_fee"
        }
    }
    enum CodingKeys: String, CodingKey { case amount, from, results, feePercent = "fee_percent" }
}
