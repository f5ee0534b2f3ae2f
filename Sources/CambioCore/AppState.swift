import Foundation

/// Everything Cambio saves between runs, in one file.
public struct AppState: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version: Int
    public var currencies: CurrencyListState
    /// Absent in files written before settings existed.
    private var settingsIfSaved: AppSettings?
    /// Absent in files written before the Converter page existed.
    private var converterIfSaved: ConverterState?
    /// Absent in files written before the Investments page existed.
    private var investmentsIfSaved: InvestmentState?

    public var settings: AppSettings {
        get { settingsIfSaved ?? AppSettings() }
        set { settingsIfSaved = newValue }
    }

    /// The Converter page; start-up fills it from the locale when the file has none.
    public var converter: ConverterState {
        get { converterIfSaved ?? ConverterState(source: "USD", targets: ["EUR"], amountText: "100") }
        set { converterIfSaved = newValue }
    }

    public var hasSavedConverter: Bool { converterIfSaved != nil }

    /// The Investments page: the stock, the amounts as typed, the start month.
    public var investments: InvestmentState {
        get { investmentsIfSaved ?? InvestmentState() }
        set { investmentsIfSaved = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case version, currencies
        case settingsIfSaved = "settings"
        case converterIfSaved = "converter"
        case investmentsIfSaved = "investments"
    }

    public init(currencies: CurrencyListState, settings: AppSettings? = nil, converter: ConverterState? = nil) {
        version = Self.currentVersion
        self.currencies = currencies
        settingsIfSaved = settings
        converterIfSaved = converter
    }
}

/// What the Investments page shows: the stock chosen and the plan as the user typed it.
public struct InvestmentState: Codable, Equatable, Sendable {
    public var stock: StockInfo?
    public var initialText: String
    public var monthlyText: String
    /// nil: the series' first month.
    public var start: Month?
    /// Results in the reference currency, at each purchase day's rate.
    public var inReference: Bool

    public init(stock: StockInfo? = nil, initialText: String = "1000", monthlyText: String = "100",
                start: Month? = nil, inReference: Bool = false) {
        self.stock = stock; self.initialText = initialText; self.monthlyText = monthlyText
        self.start = start; self.inReference = inReference
    }
}

/// The user's preferences (the Preferences window).
public struct AppSettings: Codable, Equatable, Sendable {
    /// The primary source; the broadest by default.
    public var provider: Provider = .erapi
    /// When rates are fetched without being asked (F5 always asks, unless the network is off).
    public var refreshInterval: RefreshInterval = .onStart
    /// False: nothing is sent anywhere (rates, history, stocks); saved and bundled data stay in use.
    public var networkAllowed = true
    /// How many digits amounts of money show.
    public var decimalPlaces: DecimalPlaces = .auto

    public init(provider: Provider = .erapi, refreshInterval: RefreshInterval = .onStart,
                networkAllowed: Bool = true, decimalPlaces: DecimalPlaces = .auto) {
        self.provider = provider; self.refreshInterval = refreshInterval
        self.networkAllowed = networkAllowed; self.decimalPlaces = decimalPlaces
    }

    enum CodingKeys: String, CodingKey { case provider, refreshInterval, networkAllowed, decimalPlaces }

    /// Files written before a setting existed keep their other choices. Before the privacy
    /// switch, "refresh: never" meant no network at all, and still does for those files.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        provider = try c.decodeIfPresent(Provider.self, forKey: .provider) ?? .erapi
        refreshInterval = try c.decodeIfPresent(RefreshInterval.self, forKey: .refreshInterval) ?? .onStart
        networkAllowed = try c.decodeIfPresent(Bool.self, forKey: .networkAllowed) ?? (refreshInterval != .never)
        decimalPlaces = try c.decodeIfPresent(DecimalPlaces.self, forKey: .decimalPlaces) ?? .auto
    }
}

/// Digits shown after the decimal mark in amounts of money: each currency's own minor units
/// (USD 2, JPY 0, KWD 3), or the same fixed number for all. Only the display is rounded.
public enum DecimalPlaces: Equatable, Sendable, Codable, CaseIterable {
    case auto
    case fixed(Int)

    public static let fixedRange = 0...6
    public static var allCases: [DecimalPlaces] { [.auto] + fixedRange.map { .fixed($0) } }

    /// The digits for a currency with `minorUnits`.
    public func places(minorUnits: Int) -> Int {
        switch self {
        case .auto: return minorUnits
        case .fixed(let n): return n
        }
    }

    /// "auto" or the number, in the state file.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self), Self.fixedRange.contains(n) { self = .fixed(n); return }
        if let s = try? c.decode(String.self), s == "auto" { self = .auto; return }
        throw DecodingError.dataCorruptedError(in: c, debugDescription: "decimal places: \"auto\" or 0–6")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .auto: try c.encode("auto")
        case .fixed(let n): try c.encode(n)
        }
    }
}

/// Reads and writes the state file. Writes are atomic (a temporary file renamed over the old
/// one); a file that cannot be read is renamed aside, never overwritten, and reported.
public struct StateStore: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    public enum LoadOutcome: Equatable, Sendable {
        case missing
        case loaded(AppState)
        /// The file was unreadable; it now lives at `setAsideAt`.
        case corrupt(setAsideAt: URL, reason: String)
        /// It could be neither read nor moved aside.
        case unreadable(reason: String)
    }

    public func load(now: Date = Date()) -> LoadOutcome {
        let fm = FileManager.default
        guard fm.fileExists(atPath: url.path) else { return .missing }
        let reason: String
        do {
            let data = try Data(contentsOf: url)
            let state = try JSONDecoder().decode(AppState.self, from: data)
            if state.version > AppState.currentVersion {
                reason = "it was written by a newer version of Cambio (format \(state.version))"
            } else {
                return .loaded(state)
            }
        } catch let error as DecodingError {
            reason = Self.describe(error)
        } catch {
            return .unreadable(reason: error.localizedDescription)
        }
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent("\(url.lastPathComponent).unreadable-\(stamp)")
        do {
            try fm.moveItem(at: url, to: aside)
            return .corrupt(setAsideAt: aside, reason: reason)
        } catch {
            return .unreadable(reason: "\(reason); it could not be set aside: \(error.localizedDescription)")
        }
    }

    public func save(_ state: AppState) throws {
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(state).write(to: url, options: .atomic)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c): return "it is not valid JSON (\(c.debugDescription))"
        case .keyNotFound(let key, _): return "the entry \u{201C}\(key.stringValue)\u{201D} is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "an entry has the wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "it could not be decoded"
        }
    }
}
