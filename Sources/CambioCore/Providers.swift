import Foundation

/// The public rate sources Cambio reads.
public enum Provider: String, CaseIterable, Codable, Sendable {
    /// open.er-api.com: 160+ currencies against any base, no key.
    case erapi
    /// The European Central Bank's euro reference rates, about 30 currencies.
    case ecb
    /// Frankfurter v2: the official rates of about 200 currencies from 84 central banks and
    /// institutions, blended where several publish one, with daily history and who published it.
    case frankfurter
    /// The Bank of Russia's official rates to the rouble.
    case cbr
    /// The community currency-api (jsDelivr, with its pages.dev fallback): precious metals and
    /// the largest cryptocurrencies, a curated set only (`MetalsAndCoins`).
    case currencyapi
    /// Coinbase's public exchange rates: the cryptocurrencies currency-api lacks on a given day.
    case coinbase

    /// The sources of fiat rates, one of which the user chooses; the others fill in.
    public static let fiat: [Provider] = [.erapi, .ecb, .frankfurter, .cbr]
    /// The sources of the metals and coins, asked alongside whichever fiat source is chosen.
    public static let metalsAndCoins: [Provider] = [.currencyapi, .coinbase]

    /// A source of metals and coins: its publications price nothing else (a fiat rate of
    /// theirs only converts to and from a metal or coin).
    public var isMetalsAndCoins: Bool { Self.metalsAndCoins.contains(self) }

    /// The source names whose publications price only the metals and coins.
    public static let metalsAndCoinsSources: Set<String> = Set(metalsAndCoins.map(\.sourceName))

    /// Whether a publication of `source` may price `code`: a metal or coin only from their
    /// sources (a fiat source never prices them), and fiat never from those sources.
    public static func prices(source: String, code: String) -> Bool {
        metalsAndCoinsSources.contains(source) == MetalsAndCoins.codes.contains(code)
    }

    /// What the user sees as the rates' source.
    public var sourceName: String {
        switch self {
        case .erapi: return "open.er-api.com"
        case .ecb: return "ECB"
        case .frankfurter: return "Frankfurter"
        case .cbr: return "Bank of Russia"
        case .currencyapi: return "currency-api"
        case .coinbase: return "Coinbase"
        }
    }

    /// Currencies an answer must have to be taken as complete. For the metals' and coins'
    /// sources these are the fiat currencies their metals and coins convert to: a metal or coin
    /// missing one day keeps its last good value instead.
    public var requiredCurrencies: Set<String> {
        switch self {
        case .erapi: return ["EUR", "USD", "GBP", "JPY", "CHF", "CNY"]
        case .ecb, .frankfurter: return ["USD", "JPY", "GBP", "CHF"]
        case .cbr: return ["USD", "EUR", "CNY"]
        case .currencyapi: return ["USD", "EUR", "GBP", "JPY", "CHF", "CNY"]
        case .coinbase: return ["USD", "EUR", "GBP", "JPY"]
        }
    }

    /// The fewest currencies a complete answer has (a single-day answer).
    public var minimumCurrencies: Int {
        switch self {
        case .erapi, .currencyapi, .coinbase: return 100
        case .ecb, .frankfurter, .cbr: return 20
        }
    }
}

/// One provider's answer: rates against `base` for one or more days.
public struct ProviderSnapshot: Sendable, Equatable {
    public let provider: Provider
    public let base: String
    public let days: [Day: [String: Decimal]]
    /// When the provider publishes next, if it says (er-api's `time_next_update_unix`).
    public let nextUpdate: Date?
    /// Metals and coins of the answer that were not taken, and why (not a positive number):
    /// their last good values stay in use (`MetalsAndCoinsCheck`).
    public let refused: [String: String]
    /// Who published each rate, by day and currency, where the provider says (Frankfurter's
    /// institutions' keys).
    public let institutions: [Day: [String: [String]]]

    public init(provider: Provider, base: String, days: [Day: [String: Decimal]], nextUpdate: Date? = nil,
                refused: [String: String] = [:], institutions: [Day: [String: [String]]] = [:]) {
        self.provider = provider; self.base = base; self.days = days; self.nextUpdate = nextUpdate; self.refused = refused
        self.institutions = institutions
    }

    public var newestDay: Day? { days.keys.max() }

    public var table: RateTable {
        var table = RateTable(base: base, source: provider.sourceName, days: days)
        table.institutionsByPublication = Dictionary(institutions.map { (Publication(day: $0.key, source: provider.sourceName), $0.value) },
                                                     uniquingKeysWith: { a, _ in a })
        return table
    }
}

/// Why an answer was refused. Each case is specific, so the user is told what happened.
public enum ProviderError: Error, Equatable, Sendable, Worded {
    case empty
    case notJSON
    case notXML(String)
    /// An XML provider answered with something that is no XML at all: said as what it is.
    case jsonNotXML
    case plainTextNotXML(start: String)
    case htmlPage
    case wrongShape(String)
    case apiError(String)
    case invalidRate(code: String, value: String)
    case implausibleDate(String)
    case missingCurrencies([String])
    case tooFewCurrencies(Int)
    /// The answer is priced against another currency than the one asked for.
    case wrongBase(expected: String, got: String)
    /// The answer is older than the one already kept.
    case olderThanKept(answer: String, kept: String)
    /// A major currency moved further than any real market does between two answers.
    case implausibleMove(code: String, kept: String, answer: String)
    /// A time series holds days outside the range that was asked for.
    case outsideRange(first: String, last: String, askedFrom: String, askedTo: String)
    /// A time series lists one day twice.
    case dayTwice(String)
    /// The answer is dated after today by this computer's clock.
    case afterToday(answer: String, today: String)

    public var wording: Wording {
        switch self {
        case .empty: return Wording("the answer was empty")
        case .notJSON: return Wording("the answer was not JSON")
        case .notXML(let why): return Wording("the answer was not the expected XML (%@)", .quoted(why))
        case .jsonNotXML: return Wording("the answer was a JSON document, not the expected XML")
        case .plainTextNotXML(let start):
            return Wording("the answer was plain text starting with “%@”, not the expected XML", .quoted(start))
        case .htmlPage: return Wording("the answer was a web page, not rates (a captive portal or an error page?)")
        case .wrongShape(let why): return Wording("the answer had an unexpected shape (%@)", .quoted(why))
        case .apiError(let type): return Wording("the service answered with an error: %@", .quoted(type))
        case .invalidRate(let code, let value):
            if AnswerCheck.isPositiveNumber(value) {
                return Wording("the rate for %@ is outside any plausible range (%@)", .quoted(code), .quoted(value))
            }
            return Wording("the rate for %@ is not a positive number (%@)", .quoted(code), .quoted(value))
        case .implausibleDate(let date): return Wording("the rates' date is not plausible (%@)", .quoted(date))
        case .missingCurrencies(let codes):
            return Wording("currencies missing from the answer: %@", .quoted(codes.joined(separator: ", ")))
        case .tooFewCurrencies(let n): return Wording("only %@ currencies in the answer", .verbatim(n))
        case .wrongBase(let expected, let got):
            return Wording("the rates are against %@, but %@ was asked for", .quoted(got), .verbatim(expected))
        case .olderThanKept(let answer, let kept):
            return Wording("the answer is of %@, older than the rates already kept (%@)", .quoted(answer), .verbatim(kept))
        case .implausibleMove(let code, let kept, let answer):
            return Wording("the rate for %@ jumped from %@ to %@, more than any real move; the answer was not used",
                           .quoted(code), .verbatim(kept), .quoted(answer))
        case .outsideRange(let first, let last, let from, let to):
            return Wording("the answer's days (%@ to %@) are not the days asked for (%@ to %@); the answer was not used",
                           .quoted(first), .quoted(last), .verbatim(from), .verbatim(to))
        case .afterToday(let answer, let today):
            return Wording("the answer is dated %@, after today by this computer’s clock (%@), so it was not used (is the clock right?)",
                           .quoted(answer), .verbatim(today))
        case .dayTwice(let day):
            return Wording("the answer lists %@ twice; the answer was not used", .quoted(day))
        }
    }
}

/// What a request asked for, so the answer can be checked for completeness.
public enum Expectation: Sendable, Equatable {
    /// The newest rates of every currency the provider has.
    case latest
    /// A range of days for these currencies only.
    case symbols(Set<String>)
    /// A history of every currency (the ECB's 90 days): each day as complete as a latest answer.
    case history
}

extension Provider {
    /// The currency each request asks the rates against.
    public var requestedBase: String {
        switch self {
        case .erapi: return "USD"
        case .ecb, .frankfurter: return "EUR"
        case .cbr: return "RUB"
        case .currencyapi: return "USD"
        // Asked against bitcoin, Coinbase answers fiat to the cent and coins to 8 decimals:
        // against the dollar a bitcoin would keep four significant digits.
        case .coinbase: return "BTC"
        }
    }
}

/// Checks a new answer against what was asked and the last good answer kept, before it can
/// replace anything.
public enum AnswerCheck {
    /// Currencies whose rates never move tenfold between two answers.
    public static let majors: Set<String> = ["USD", "EUR", "GBP", "JPY", "CHF", "CNY", "CAD", "AUD"]
    public static let maxMove: Decimal = 10

    /// Whether going from `kept` to `answer` is a move no real market makes: tenfold or more,
    /// either way (a redenomination is no move either). Both must be positive.
    public static func isImplausibleMove(from kept: Decimal, to answer: Decimal) -> Bool {
        let ratio = answer / kept
        return ratio >= maxMove || ratio * maxMove <= 1
    }
    /// How many units of a currency one unit of the base may plausibly buy: beyond these, no
    /// currency, metal or coin has ever been priced (Venezuela's old bolivar, the weakest, stood
    /// at about 4·10⁹ to the dollar; a bitcoin buys about 10¹³ of the smallest coins). A value
    /// outside is refused even with nothing kept to compare it with.
    public static let plausibleRates: ClosedRange<Decimal> = Decimal(string: "1e-12")!...Decimal(string: "1e15")!

    /// Whether a rate is a positive number within `plausibleRates`.
    public static func isPlausibleRate(_ value: Decimal) -> Bool {
        !value.isNaN && plausibleRates.contains(value)
    }

    /// Whether a value as shown (`shown`, or a provider's own text) is a positive number: one
    /// refused for its size rather than its sign.
    public static func isPositiveNumber(_ text: String) -> Bool {
        Double(text).map { $0 > 0 && !$0.isNaN } ?? false
    }

    /// A value as a person reads it in a message: whole, unless it is very large or small
    /// (then as 1e+100).
    public static func shown(_ value: Decimal) -> String {
        if value.isNaN { return "not a number" }
        let magnitude = value.magnitude
        if magnitude != 0 && (magnitude >= 1_000_000_000_000_000 || magnitude < Decimal(string: "1e-12")!) {
            return String(format: "%g", NSDecimalNumber(decimal: value).doubleValue)
        }
        return "\(value)"
    }

    /// A "latest" answer older than this many days before today is not the latest.
    public static let maxAgeDays = 5 * 366

    public static func check(_ answer: ProviderSnapshot, base: String, kept: ProviderSnapshot?, today: Day) throws {
        guard answer.base == base else { throw ProviderError.wrongBase(expected: base, got: answer.base) }
        guard let newest = answer.newestDay else { throw ProviderError.wrongShape("no days") }
        if newest < today.adding(days: -maxAgeDays) { throw ProviderError.implausibleDate(newest.iso) }
        guard let kept, let keptDay = kept.newestDay, kept.base == answer.base else { return }
        if newest < keptDay { throw ProviderError.olderThanKept(answer: newest.iso, kept: keptDay.iso) }
        let new = answer.days[newest] ?? [:], old = kept.days[keptDay] ?? [:]
        for code in majors.sorted() {
            guard let a = new[code], let b = old[code], a > 0, b > 0 else { continue }
            if isImplausibleMove(from: b, to: a) {
                throw ProviderError.implausibleMove(code: code, kept: "\(b)", answer: "\(a)")
            }
        }
    }
}

extension AnswerCheck {
    /// A time series (the ECB's days after the history's newest, from Frankfurter) before any
    /// of it is stored: the same checks as a latest answer's, day by day. Its base is the one
    /// asked for; its days lie within `start ... end` (Frankfurter may begin at the last published
    /// day before `start`: up to `seriesLeadDays` earlier); and no rate moves more than `maxMove`
    /// times from the day before it: the first day against `before` (the newest day already
    /// stored: the bundle's, or a day fetched earlier), each later one against the day before.
    public static let seriesLeadDays = 7

    public static func checkSeries(_ answer: ProviderSnapshot, base: String, from start: Day, to end: Day,
                                   before: [String: Decimal]) throws {
        guard answer.base == base else { throw ProviderError.wrongBase(expected: base, got: answer.base) }
        let days = answer.days.keys.sorted()
        guard let first = days.first, let last = days.last else { return }
        if first < start.adding(days: -seriesLeadDays) || last > end {
            throw ProviderError.outsideRange(first: first.iso, last: last.iso, askedFrom: start.iso, askedTo: end.iso)
        }
        var previous = before
        for day in days {
            let row = answer.days[day] ?? [:]
            for code in row.keys.sorted() {
                guard let a = row[code], let b = previous[code], a > 0, b > 0 else { continue }
                if isImplausibleMove(from: b, to: a) {
                    throw ProviderError.implausibleMove(code: code, kept: "\(b)", answer: "\(a)")
                }
            }
            previous.merge(row) { $1 }
        }
    }
}

public enum ProviderParser {
    /// Parses and validates a provider's answer. `today` bounds the plausible dates.
    public static func parse(_ provider: Provider, _ data: Data, today: Day,
                             expecting: Expectation = .latest) throws -> ProviderSnapshot {
        try preflight(data)
        let snapshot: ProviderSnapshot
        switch provider {
        case .erapi: snapshot = try erapi(data)
        case .ecb: snapshot = try ecb(data)
        case .frankfurter: snapshot = try FrankfurterV2.latest(data, today: today)
        case .cbr: snapshot = try cbr(data)
        case .currencyapi: snapshot = try currencyAPI(data, today: today)
        case .coinbase: snapshot = try coinbase(data, today: today)
        }
        try validate(snapshot, today: today, expecting: expecting)
        return snapshot
    }

    /// What every answer is refused for before it is read: nothing in it, or a web page.
    static func preflight(_ data: Data) throws {
        let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if trimmed.isEmpty { throw ProviderError.empty }
        if looksLikeHTML(trimmed) { throw ProviderError.htmlPage }
    }

    static func looksLikeHTML(_ data: Data.SubSequence) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.contains("<head>") || head.contains("<body")
    }

    /// How far a clock may run behind the sources' and still take their answers of a new day:
    /// er-api's of 00:02 UTC, taken at 23:59 by a clock three minutes slow.
    public static let clockSlack: TimeInterval = 2 * 3600

    /// The UTC day an answer fetched at `date` is checked against: `clockSlack` later.
    public static func today(_ date: Date) -> Day { Day(date.addingTimeInterval(clockSlack)) }

    /// The newest day a provider's answer can be dated on `today` (the UTC day): the day itself
    /// for the sources that date in UTC or Europe; a day later for the Bank of Russia, which
    /// sets the next day's rates, and for Frankfurter, whose institutions include some east of
    /// UTC (New Zealand's day starts 13 hours before UTC's).
    public static func newestPlausible(_ provider: Provider, today: Day) -> Day {
        switch provider {
        case .cbr, .frankfurter: return today.adding(days: 1)
        case .erapi, .ecb, .currencyapi, .coinbase: return today
        }
    }

    /// Every rate positive, the expected currencies there, the dates plausible.
    public static func validate(_ s: ProviderSnapshot, today: Day, expecting: Expectation = .latest) throws {
        guard let newest = s.newestDay, let first = s.days.keys.min() else { throw ProviderError.wrongShape("no days") }
        let earliest = Day(year: 1999, month: 1, day: 4)!
        if first < earliest { throw ProviderError.implausibleDate(first.iso) }
        let latest = newestPlausible(s.provider, today: today)
        if newest > latest { throw ProviderError.afterToday(answer: newest.iso, today: today.iso) }
        for (_, row) in s.days {
            for code in row.keys.sorted() where !AnswerCheck.isPlausibleRate(row[code]!) {
                throw ProviderError.invalidRate(code: code, value: AnswerCheck.shown(row[code]!))
            }
        }
        if s.provider.isMetalsAndCoins, s.days.values.allSatisfy({ Set($0.keys).isDisjoint(with: MetalsAndCoins.codes) }),
           s.refused.isEmpty {
            throw ProviderError.missingCurrencies(MetalsAndCoins.entries.map(\.code))
        }
        let present = Set(s.days[newest]!.keys).union([s.base])
        switch expecting {
        case .history:
            for (day, row) in s.days {
                let missing = s.provider.requiredCurrencies.subtracting(Set(row.keys).union([s.base])).sorted()
                if !missing.isEmpty { throw ProviderError.missingCurrencies(missing.map { "\($0) on \(day.iso)" }) }
            }
        case .latest:
            let missing = s.provider.requiredCurrencies.subtracting(present).sorted()
            if !missing.isEmpty { throw ProviderError.missingCurrencies(missing) }
            if present.count < s.provider.minimumCurrencies { throw ProviderError.tooFewCurrencies(present.count) }
        case .symbols(let codes):
            let missing = codes.subtracting(present).sorted()
            if !missing.isEmpty { throw ProviderError.missingCurrencies(missing) }
        }
    }

    // MARK: open.er-api.com

    static func erapi(_ data: Data) throws -> ProviderSnapshot {
        struct Answer: Decodable {
            let result: String
            let errorType: String?
            let base_code: String?
            let time_last_update_unix: Int?
            let time_next_update_unix: Int?
            let rates: [String: Decimal]?
            let conversion_rates: [String: Decimal]?
            enum CodingKeys: String, CodingKey {
                case result, base_code, time_last_update_unix, time_next_update_unix, rates, conversion_rates
                case errorType = "error-type"
            }
        }
        let answer: Answer
        do { answer = try JSONDecoder().decode(Answer.self, from: data) } catch { throw jsonError(error) }
        guard answer.result == "success" else { throw ProviderError.apiError(answer.errorType ?? answer.result) }
        guard let base = answer.base_code, let rates = answer.rates ?? answer.conversion_rates,
              let updated = answer.time_last_update_unix else {
            throw ProviderError.wrongShape("base_code, rates and time_last_update_unix are required")
        }
        let day = Day(Date(timeIntervalSince1970: TimeInterval(updated)))
        return ProviderSnapshot(provider: .erapi, base: base, days: [day: rates],
                                nextUpdate: answer.time_next_update_unix.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }

    static func jsonError(_ error: Error) -> ProviderError {
        if case DecodingError.dataCorrupted(let c) = error, c.codingPath.isEmpty { return .notJSON }
        if let e = error as? DecodingError {
            switch e {
            case .keyNotFound(let k, _): return .wrongShape("no \u{201C}\(k.stringValue)\u{201D}")
            case .typeMismatch(_, let c) where c.codingPath.isEmpty:
                return .wrongShape("not a JSON object")
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
                return .wrongShape("bad value at \(c.codingPath.map(\.stringValue).joined(separator: "."))")
            @unknown default: return .notJSON
            }
        }
        return .notJSON
    }

    // MARK: ECB (daily and 90-day XML)

    /// The body as text without its XML declaration, decoded from the declared encoding (UTF-8
    /// or windows-1251): bytes that are neither are refused before any markup is read.
    static func normalizedXML(_ data: Data) throws -> String {
        var declared = "utf-8"
        var text: String
        let head = String(decoding: data.prefix(200), as: UTF8.self)
        if let start = head.range(of: "<?xml"), let end = head.range(of: "?>", range: start.upperBound..<head.endIndex),
           let enc = head.range(of: "encoding=", range: start.upperBound..<end.lowerBound) {
            let rest = head[enc.upperBound..<end.lowerBound].drop { $0 == " " }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                declared = String(rest.dropFirst().prefix { $0 != quote }).lowercased()
            }
        }
        switch declared {
        case "utf-8", "utf8":
            guard let t = String(data: data, encoding: .utf8) else { throw ProviderError.notXML("not UTF-8") }
            text = t
        case "windows-1251", "cp1251":
            guard let t = String(data: data, encoding: .windowsCP1251) else { throw ProviderError.notXML("not windows-1251") }
            text = t
        default:
            throw ProviderError.notXML("unsupported encoding \(declared)")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        // Not markup at all: said as what it is, rather than as the XML parser's complaint.
        if let first = trimmed.first, first != "<" {
            if first == "{" || first == "[" { throw ProviderError.jsonNotXML }
            throw ProviderError.plainTextNotXML(start: String(trimmed.prefix(40)))
        }
        if trimmed.hasPrefix("<?xml") {
            guard let end = trimmed.range(of: "?>") else { throw ProviderError.notXML("an unfinished declaration") }
            return String(trimmed[end.upperBound...])
        }
        return String(trimmed)
    }

    static func ecb(_ data: Data) throws -> ProviderSnapshot {
        let text = try normalizedXML(data)
        var days: [Day: [String: Decimal]] = [:]
        var current: Day?
        var sawEnvelope = false
        try readXML(text) { event in
            guard case .start(let name, let attributes) = event else { return }
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if local == "Envelope" { sawEnvelope = true }
            guard local == "Cube" else { return }
            if let time = attributes["time"] {
                guard let day = Day(iso: time) else { throw ProviderError.implausibleDate(time) }
                current = day
                days[day] = days[day] ?? [:]
            } else if let code = attributes["currency"], let rate = attributes["rate"] {
                guard let day = current else { throw ProviderError.wrongShape("a rate outside a day") }
                guard let value = ProviderParser.decimal(rate) else { throw ProviderError.invalidRate(code: code, value: rate) }
                days[day]![code] = value
            }
        }
        guard sawEnvelope, !days.isEmpty else { throw ProviderError.wrongShape("no ECB Cube elements") }
        return ProviderSnapshot(provider: .ecb, base: "EUR", days: days)
    }

    /// Reads a document with `XMLReader`; its refusals become the provider's, in words.
    static func readXML(_ text: String, _ handle: (XMLReader.Event) throws -> Void) throws {
        do {
            try XMLReader.read(text, handle)
        } catch let problem as XMLReader.Problem {
            throw ProviderError.notXML(problem.description)
        }
    }

    /// A plain decimal in POSIX form ("1.1252", "136"), spaces around it allowed; nil otherwise.
    static func decimal(_ text: String) -> Decimal? {
        Decimal(plain: text.trimmingCharacters(in: .whitespaces))
    }

    // MARK: Bank of Russia (XML_daily.asp)

    /// Values are roubles per `Nominal` units, with comma decimals; the table's base is RUB, so
    /// each rate is `Nominal / Value` units per rouble.
    static func cbr(_ data: Data) throws -> ProviderSnapshot {
        let text = try normalizedXML(data)
        var date: String?
        var rows: [(code: String, nominal: String, value: String)] = []
        var code = "", nominal = "", value = "", content = ""
        try readXML(text) { event in
            switch event {
            case .start(let name, let attributes):
                if name == "ValCurs" { date = attributes["Date"] }
                if name == "Valute" { code = ""; nominal = ""; value = "" }
                content = ""
            case .text(let piece):
                content += piece
            case .end(let name):
                switch name {
                case "CharCode": code = content.trimmingCharacters(in: .whitespaces)
                case "Nominal": nominal = content.trimmingCharacters(in: .whitespaces)
                case "Value": value = content.trimmingCharacters(in: .whitespaces)
                case "Valute": rows.append((code, nominal, value))
                default: break
                }
            }
        }
        guard let dateText = date else { throw ProviderError.wrongShape("no ValCurs Date") }
        let parts = dateText.split(separator: ".")
        guard parts.count == 3, let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]),
              let day = Day(year: y, month: m, day: d) else { throw ProviderError.implausibleDate(dateText) }
        var rates: [String: Decimal] = [:]
        for row in rows {
            guard let nominal = decimal(row.nominal), nominal > 0,
                  let value = decimal(row.value.replacingOccurrences(of: ",", with: ".")), value > 0 else {
                throw ProviderError.invalidRate(code: row.code, value: "\(row.nominal) per \(row.value)")
            }
            rates[row.code] = nominal / value
        }
        return ProviderSnapshot(provider: .cbr, base: "RUB", days: [day: rates])
    }
}
