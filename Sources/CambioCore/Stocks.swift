import Foundation

/// One month of a stock's prices.
public struct StockPrice: Sendable, Equatable {
    /// The day the price is dated (Alpha Vantage: the month's last trading day; the sample: the 1st).
    public let day: Day
    public let open: Decimal?
    public let close: Decimal
    public let adjustedClose: Decimal?

    public init(day: Day, open: Decimal?, close: Decimal, adjustedClose: Decimal?) {
        self.day = day; self.open = open; self.close = close; self.adjustedClose = adjustedClose
    }

    /// A series with one price per month (the bundled sample).
    public init(day: Day, price: Decimal) { self.init(day: day, open: nil, close: price, adjustedClose: nil) }

    public var month: Month { Month(day) }

    /// What a purchase in this month pays per share: the adjusted open (open × adjusted close /
    /// close), so dividends count as reinvested; the one price of a one-price series.
    public var purchasePrice: Decimal {
        guard let open, let adjustedClose, close > 0 else { return close }
        return open * adjustedClose / close
    }

    /// What a share is worth at the end of this month: the adjusted close, or the one price.
    public var valuePrice: Decimal { adjustedClose ?? close }
}

/// A stock found by a search: Alpha Vantage's symbol, name, region and trading currency.
public struct StockInfo: Sendable, Equatable, Codable, Hashable {
    public let symbol: String
    public let name: String
    public let region: String
    public let currency: String

    public init(symbol: String, name: String, region: String, currency: String) {
        self.symbol = symbol; self.name = name; self.region = region; self.currency = currency
    }
}

/// Where a series' prices come from.
public enum PriceKind: String, Sendable, Equatable, Codable {
    /// Alpha Vantage's TIME_SERIES_MONTHLY_ADJUSTED: open, close and dividend-adjusted close.
    case adjusted
    /// The bundled sample: one price a month, not dividend-adjusted.
    case sample
}

/// A stock's monthly prices, oldest first, at most one per month.
public struct PriceSeries: Sendable, Equatable {
    public let symbol: String
    public let currency: String
    public let kind: PriceKind
    public let prices: [StockPrice]

    public init(symbol: String, currency: String, kind: PriceKind, prices: [StockPrice]) {
        self.symbol = symbol; self.currency = currency; self.kind = kind
        // One price a month (the newest day wins), oldest first.
        var byMonth: [Month: StockPrice] = [:]
        for p in prices where byMonth[p.month].map({ $0.day < p.day }) ?? true { byMonth[p.month] = p }
        self.prices = byMonth.values.sorted { $0.day < $1.day }
    }

    public var firstMonth: Month? { prices.first?.month }
    public var newestMonth: Month? { prices.last?.month }
    public var newest: StockPrice? { prices.last }

    /// The months a purchase can start in: every month with a price.
    public var months: [Month] { prices.map(\.month) }

    public func price(in month: Month) -> StockPrice? {
        let i = prices.partitioningIndex { $0.month >= month }
        return i < prices.count && prices[i].month == month ? prices[i] : nil
    }
}

/// Stock prices are quoted in a few units that are not ISO currencies.
public enum QuoteUnit {
    /// The ISO currency a quote unit is a fraction of, and the fraction: GBX (pence) is 1/100 GBP.
    public static func base(of unit: String) -> (currency: String, factor: Decimal) {
        switch unit.uppercased() {
        case "GBX", "GBP_PENCE": return ("GBP", Decimal(string: "0.01")!)
        case "ZAC": return ("ZAR", Decimal(string: "0.01")!)
        case "ILA": return ("ILS", Decimal(string: "0.01")!)
        default: return (unit.uppercased(), 1)
        }
    }
}

// MARK: - Alpha Vantage

/// Alpha Vantage answers its errors with HTTP 200 and one top-level key. The key says which;
/// the text (which changes) is kept only to show.
public enum AlphaVantageError: Error, Sendable, Equatable, Worded {
    /// `"Error Message"`: an unknown symbol or an invalid call.
    case errorMessage(String)
    /// `"Note"`: the old per-minute request limit.
    case note(String)
    /// `"Information"`: the daily limit of a free key, a premium-only function, the demo key.
    case information(String)
    case wrongShape(String)

    public var wording: Wording {
        switch self {
        case .errorMessage: return Wording("Alpha Vantage does not know this symbol (or the request is not valid)")
        case .note: return Wording("Alpha Vantage's request limit is reached; try again in a minute")
        case .information:
            return Wording("Alpha Vantage declined: the key's daily limit of 25 requests is reached, or this needs a premium key")
        case .wrongShape(let why): return Wording("Alpha Vantage's answer could not be read (%@)", .quoted(why))
        }
    }

    /// Alpha Vantage's own words, if it gave any, safe to show (`ServerText`).
    public var serverText: String? { serverWords.map { ServerText.quoted($0) } }

    /// Alpha Vantage's own words as it sent them (for cutting a key out before they are quoted).
    public var serverWords: String? {
        switch self {
        case .errorMessage(let t), .note(let t), .information(let t): return t.isEmpty ? nil : t
        case .wrongShape: return nil
        }
    }
}

public enum AlphaVantageParser {
    static func object(_ data: Data) throws -> [String: Any] {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw AlphaVantageError.wrongShape("not JSON")
        }
        guard let object = json as? [String: Any] else { throw AlphaVantageError.wrongShape("not a JSON object") }
        func text(_ key: String) -> String { (object[key] as? String) ?? "" }
        if object["Error Message"] != nil { throw AlphaVantageError.errorMessage(text("Error Message")) }
        if object["Note"] != nil { throw AlphaVantageError.note(text("Note")) }
        if object["Information"] != nil { throw AlphaVantageError.information(text("Information")) }
        return object
    }

    /// The value of a key with an ordinal prefix ("2. name"), by its name.
    static func field(_ entry: [String: Any], _ name: String) -> String? {
        for (key, value) in entry {
            let bare = key.split(separator: " ", maxSplits: 1).last.map(String.init) ?? key
            if bare == name || key == name { return value as? String }
        }
        return nil
    }

    /// SYMBOL_SEARCH: `bestMatches`, best first.
    public static func search(_ data: Data) throws -> [StockInfo] {
        let object = try Self.object(data)
        guard let matches = object["bestMatches"] as? [[String: Any]] else {
            throw AlphaVantageError.wrongShape("no bestMatches list")
        }
        return matches.compactMap { m in
            guard let symbol = field(m, "symbol"), !symbol.isEmpty else { return nil }
            return StockInfo(symbol: symbol, name: field(m, "name") ?? symbol, region: field(m, "region") ?? "",
                             currency: field(m, "currency") ?? "")
        }
    }

    /// TIME_SERIES_MONTHLY_ADJUSTED. Every number is a string; each month is keyed by its last
    /// trading day; the newest month may be partial.
    public static func monthlyAdjusted(_ data: Data, currency: String) throws -> PriceSeries {
        let object = try Self.object(data)
        guard let meta = object["Meta Data"] as? [String: Any], let symbol = field(meta, "Symbol") else {
            throw AlphaVantageError.wrongShape("no Meta Data symbol")
        }
        guard let series = object["Monthly Adjusted Time Series"] as? [String: Any] else {
            throw AlphaVantageError.wrongShape("no Monthly Adjusted Time Series")
        }
        var prices: [StockPrice] = []
        for (key, value) in series {
            guard let day = Day(iso: key) else { throw AlphaVantageError.wrongShape("not a day: \(key)") }
            guard let entry = value as? [String: Any] else { throw AlphaVantageError.wrongShape("month \(key) is not an object") }
            func number(_ name: String) throws -> Decimal {
                guard let text = field(entry, name), let d = Decimal(plain: text), d > 0 else {
                    throw AlphaVantageError.wrongShape("\(name) of \(key) is not a positive number")
                }
                return d
            }
            prices.append(StockPrice(day: day, open: try number("open"), close: try number("close"),
                                     adjustedClose: try number("adjusted close")))
        }
        guard !prices.isEmpty else { throw AlphaVantageError.wrongShape("no prices") }
        return PriceSeries(symbol: symbol, currency: currency, kind: .adjusted, prices: prices)
    }
}

// MARK: - The bundled sample

/// `data/stocks.csv`: real monthly prices of five US stocks, not dividend-adjusted.
public enum SampleStocks {
    public static let fileName = "stocks.csv"

    /// The sample's companies (the file has only symbols).
    public static let companies: [String: String] = [
        "MSFT": "Microsoft Corporation", "AMZN": "Amazon.com, Inc.", "IBM": "International Business Machines",
        "AAPL": "Apple Inc.", "GOOG": "Alphabet Inc. (Google)",
    ]

    public static func info(_ symbol: String) -> StockInfo {
        StockInfo(symbol: symbol, name: companies[symbol] ?? symbol, region: "United States", currency: "USD")
    }

    /// `symbol,date,price` with dates like `Jan 1 2000`.
    public static func parse(_ data: Data) throws -> [String: PriceSeries] {
        guard let text = String(data: data, encoding: .utf8) else { throw AlphaVantageError.wrongShape("sample is not UTF-8") }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var rows: [String: [StockPrice]] = [:]
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() where n > 0 {
            let f = line.split(separator: ",")
            let d = f.count == 3 ? f[1].split(separator: " ") : []
            guard d.count == 3, let m = months.firstIndex(of: String(d[0])), let dd = Int(d[1]), let y = Int(d[2]),
                  let day = Day(year: y, month: m + 1, day: dd),
                  let price = Decimal(plain: f[2]), price > 0 else {
                throw AlphaVantageError.wrongShape("sample line \(n + 1) is not symbol,Mon D YYYY,price")
            }
            rows[String(f[0]), default: []].append(StockPrice(day: day, price: price))
        }
        return rows.reduce(into: [:]) { $0[$1.key] = PriceSeries(symbol: $1.key, currency: "USD", kind: .sample, prices: $1.value) }
    }

    /// The sample's stocks whose symbol or company name matches `query` (each word must begin
    /// a word of the name, or the symbol).
    public static func search(_ query: String, in symbols: [String]) -> [StockInfo] {
        let words = fold(query).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        return symbols.sorted().compactMap { symbol in
            let info = info(symbol)
            let nameWords = fold(info.name).split { !$0.isLetter && !$0.isNumber }.map(String.init)
            let matches = words.allSatisfy { w in
                fold(symbol).hasPrefix(w) || nameWords.contains { $0.hasPrefix(w) }
            }
            return matches ? info : nil
        }
    }

    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .trimmingCharacters(in: .whitespaces)
    }
}

extension QuoteUnit {
    /// The trading currency of a symbol whose search listing is not at hand, from Alpha
    /// Vantage's exchange suffix ("TSCO.LON" trades in pence); US listings have none.
    public static func guess(symbol: String) -> String {
        guard let dot = symbol.lastIndex(of: ".") else { return "USD" }
        switch symbol[symbol.index(after: dot)...].uppercased() {
        case "LON": return "GBX"
        case "DEX", "FRK", "PAR", "AMS", "MIL", "MAD", "BRU", "LIS", "HEL", "VIE", "ETR": return "EUR"
        case "TRT", "TRV", "TO", "V": return "CAD"
        case "BSE", "NSE": return "INR"
        case "SHH", "SHZ": return "CNY"
        case "HKG": return "HKD"
        case "TYO": return "JPY"
        case "SAO": return "BRL"
        case "SWX": return "CHF"
        case "STO": return "SEK"
        case "OSL": return "NOK"
        case "CPH": return "DKK"
        default: return "USD"
        }
    }
}

/// How a plan's amounts reach the currency they are shown in: the stock's own, its quote unit's
/// currency (pence to pounds), or another at each purchase day's rate from the history.
public enum DCAConversion {
    case none
    /// A fixed factor (pence to pounds).
    case factor(Decimal)
    /// Needs the rates of `from` in `to` (the history store has them).
    case needsHistory(from: String, to: String)

    /// What showing a stock priced in `priceCurrency` in `shown` takes.
    public static func plan(priceCurrency: String, shown: String) -> DCAConversion {
        let unit = QuoteUnit.base(of: priceCurrency)
        if shown == priceCurrency.uppercased() { return .none }
        if shown == unit.currency { return unit.factor == 1 ? .none : .factor(unit.factor) }
        return .needsHistory(from: unit.currency, to: shown)
    }

    /// The rate of a day for `DCA.compute`; nil for no conversion. With `.needsHistory`, the
    /// history of that pair is used: each day's newest published rate on or before it.
    public func rate(priceCurrency: String, history: PairHistory?) -> ((Day) -> Decimal?)? {
        switch self {
        case .none: return nil
        case .factor(let f): return { _ in f }
        case .needsHistory:
            let factor = QuoteUnit.base(of: priceCurrency).factor
            guard let history else { return { _ in nil } }
            return { day in history.point(onOrBefore: day).map { $0.rate * factor } }
        }
    }
}
