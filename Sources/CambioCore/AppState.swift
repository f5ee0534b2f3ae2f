import Foundation

/// Everything Cambio saves between runs, in one file.
public struct AppState: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version: Int
    public var currencies: CurrencyListState
    /// Absent in files written before settings existed.
    private var settingsIfSaved: PreferenceValues?
    /// Absent in files written before the Converter page existed.
    private var converterIfSaved: ConverterState?
    /// Absent in files written before the Investments page existed.
    private var investmentsIfSaved: InvestmentState?
    /// Absent in files written before the user's own rates existed, and while there are none.
    private var userRatesIfSaved: [UserRate]?

    public var settings: PreferenceValues {
        get { settingsIfSaved ?? .firstStart }
        set { settingsIfSaved = newValue }
    }

    /// The Converter page; start-up fills it from the locale when the file has none.
    public var converter: ConverterState {
        get { converterIfSaved ?? ConverterState(source: "USD", targets: ["EUR"], amountText: "100") }
        set { converterIfSaved = newValue }
    }

    public var hasSavedConverter: Bool { converterIfSaved != nil }

    /// The settings as the file had them (earlier versions kept them here; now GSettings does).
    public var savedSettings: PreferenceValues? { settingsIfSaved }

    /// Once the settings live in GSettings, the file no longer carries them.
    public mutating func dropSettings() { settingsIfSaved = nil }

    /// The Investments page: the stock, the amounts as typed, the start month.
    public var investments: InvestmentState {
        get { investmentsIfSaved ?? InvestmentState() }
        set { investmentsIfSaved = newValue }
    }

    /// The rates the user set by hand (Preferences, a Currencies row's menu).
    public var userRates: UserRates {
        get { UserRates(userRatesIfSaved ?? []) }
        set { userRatesIfSaved = newValue.isEmpty ? nil : newValue.all }
    }

    enum CodingKeys: String, CodingKey {
        case version, currencies
        case settingsIfSaved = "settings"
        case converterIfSaved = "converter"
        case investmentsIfSaved = "investments"
        case userRatesIfSaved = "userRates"
    }

    public init(currencies: CurrencyListState, settings: PreferenceValues? = nil, converter: ConverterState? = nil,
                investments: InvestmentState? = nil) {
        version = Self.currentVersion
        self.currencies = currencies
        settingsIfSaved = settings
        converterIfSaved = converter
        investmentsIfSaved = investments
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
public struct PreferenceValues: Codable, Equatable, Sendable {
    /// The primary source; the broadest by default.
    public var provider: Provider = .erapi
    /// When rates are fetched without being asked (F5 always asks, unless the network is off).
    public var refreshInterval: RefreshInterval = .onStart
    /// False: nothing is sent anywhere (rates, history, stocks); saved and bundled data stay in use.
    public var networkAllowed: Bool
    /// How many digits amounts of money show.
    public var decimalPlaces: DecimalPlaces = .auto

    /// Every choice must name the network's: nothing opens it by default.
    public init(provider: Provider = .erapi, refreshInterval: RefreshInterval = .onStart,
                networkAllowed: Bool, decimalPlaces: DecimalPlaces = .auto) {
        self.provider = provider; self.refreshInterval = refreshInterval
        self.networkAllowed = networkAllowed; self.decimalPlaces = decimalPlaces
    }

    /// A first start's settings: the network on (the rates are fetched), as the product ships.
    public static let firstStart = PreferenceValues(networkAllowed: true)

    enum CodingKeys: String, CodingKey { case provider, refreshInterval, networkAllowed, decimalPlaces }

    /// Files written before a setting existed keep their other choices. Before the privacy
    /// switch, "refresh: never" meant no network at all, and still does for those files.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let chosen = try c.decodeIfPresent(Provider.self, forKey: .provider) ?? .erapi
        // Only a fiat source can be the chosen one.
        provider = chosen.isMetalsAndCoins ? .erapi : chosen
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
/// one). A file that is not Cambio's state is renamed aside, never overwritten, and reported; a
/// file that exists but cannot be read (its permissions, a folder in its place) is kept as it is
/// and never written over. One bad field costs that field only.
public struct StateStore: Sendable {
    public let url: URL
    /// Far more than Cambio writes (a few KB): a larger file is not parsed.
    public static let maxBytes = 1_000_000
    /// More codes than any list holds (the catalogue has about 160).
    public static let maxCodes = 500
    /// Longer typed amounts are not kept.
    public static let maxTextLength = 1_000

    public init(url: URL) { self.url = url }

    public enum LoadOutcome: Equatable, Sendable {
        case missing
        case loaded(AppState)
        /// Read, but these fields were invalid and left at their defaults (English, field first).
        case loadedIgnoring(AppState, ignored: [String])
        /// The file was not Cambio's state; it now lives at `setAsideAt`. `networkAllowed` is
        /// the privacy choice read from its text, if it could be.
        case corrupt(setAsideAt: URL, reason: String, networkAllowed: Bool?)
        /// It could not be read (and is kept as it is), or could be neither read nor moved aside.
        case unreadable(reason: String)
    }

    public func load(now: Date = Date()) -> LoadOutcome {
        let data: Data
        do {
            guard let d = try SmallFile.read(url, limit: Self.maxBytes) else { return .missing }
            data = d
        } catch let problem as FileProblem {
            if case .tooLarge = problem { return setAside(problem.description, raw: nil, now: now) }
            return .unreadable(reason: problem.description)
        } catch {
            return .unreadable(reason: Wording(error: error).description)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let top = object as? [String: Any] else {
            return setAside("it is not valid JSON", raw: data, now: now)
        }
        if let version = top["version"] as? Int, version > AppState.currentVersion {
            return setAside("it was written by a newer version of Cambio (format \(version))", raw: data, now: now)
        }
        var ignored: [String] = []
        // Without its list, a file is not Cambio's state; with it, one bad field costs that field.
        guard let currencies = Self.currencies(top["currencies"], &ignored)?.normalised() else {
            return setAside(top["currencies"] == nil ? "the entry \u{201C}currencies\u{201D} is missing"
                            : "the entry \u{201C}currencies\u{201D} is not an object", raw: data, now: now)
        }
        var state = AppState(currencies: currencies)
        if top["settings"] != nil { state.settings = Self.settings(top["settings"], &ignored) }
        if top["converter"] != nil, let converter = Self.converter(top["converter"], &ignored) { state.converter = converter.normalised() }
        if top["investments"] != nil { state.investments = Self.investments(top["investments"], &ignored) }
        if let list = top["userRates"] { state.userRates = UserRates.decode(list, &ignored) }
        return ignored.isEmpty ? .loaded(state) : .loadedIgnoring(state, ignored: ignored)
    }

    /// A value of the parsed JSON decoded as `T`.
    static func decoded<T: Decodable>(_ value: Any) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }

    /// One entry decoded on its own; a bad one is named in `ignored` and gives nil.
    static func field<T: Decodable>(_ top: [String: Any], _ key: String, _ ignored: inout [String]) -> T? {
        guard let value = top[key] else { return nil }
        do {
            return try decoded(value)
        } catch let error as DecodingError {
            ignored.append("\(key): \(describe(error))")
        } catch {
            ignored.append("\(key): not readable")
        }
        return nil
    }

    /// The settings field by field. The privacy switch is read on its own: a value that is not
    /// true or false turns the network off (never silently on).
    static func settings(_ value: Any?, _ ignored: inout [String]) -> PreferenceValues {
        guard let s = value as? [String: Any] else {
            ignored.append("settings: not an object; the network stays off until you turn it on")
            return PreferenceValues(networkAllowed: false)
        }
        var out = PreferenceValues.firstStart
        var sub: [String] = []
        if let v: Provider = field(s, "provider", &sub) { out.provider = v }
        let interval: RefreshInterval? = field(s, "refreshInterval", &sub)
        if let interval { out.refreshInterval = interval }
        if let v: DecimalPlaces = field(s, "decimalPlaces", &sub) { out.decimalPlaces = v }
        var privacy: [String] = []
        if s["networkAllowed"] == nil {
            // Before the privacy switch, "refresh: never" meant no network at all.
            out.networkAllowed = interval.map { $0 != .never } ?? (s["refreshInterval"] == nil)
        } else if let b: Bool = field(s, "networkAllowed", &privacy) {
            out.networkAllowed = b
        } else {
            out.networkAllowed = false
            sub.append("networkAllowed: not true or false; the network stays off until you turn it on")
        }
        ignored += sub.map { "settings.\($0)" }
        return out
    }

    /// A text entry (an amount as typed) of at most `maxTextLength` characters; a longer one is
    /// named in `ignored` and gives nil, as a bad one does.
    static func text(_ s: [String: Any], _ key: String, _ ignored: inout [String]) -> String? {
        guard let text: String = field(s, key, &ignored) else { return nil }
        guard text.count <= maxTextLength else {
            ignored.append("\(key): longer than \(maxTextLength) characters")
            return nil
        }
        return text
    }

    /// The Currencies page's entry, field by field and code by code: a bad field is left for
    /// `CurrencyListState.sanitized` to fill from the first start, and named. Nil when it is not
    /// an object at all.
    static func currencies(_ value: Any?, _ ignored: inout [String]) -> CurrencyListState? {
        guard let s = value as? [String: Any] else { return nil }
        var sub: [String] = []
        var codes: [String] = []
        if let list = s["codes"] as? [Any], list.count > maxCodes {
            sub.append("codes: more than \(maxCodes)")
        } else if let list = s["codes"] as? [Any] {
            codes = list.compactMap { $0 as? String }
            if codes.count < list.count { sub.append("codes: \(list.count - codes.count) of \(list.count) not a currency code") }
        } else {
            sub.append(s["codes"] == nil ? "codes: missing" : "codes: not a list")
        }
        let anchorCode: String? = field(s, "anchorCode", &sub)
        let anchorText = text(s, "anchorText", &sub)
        let referenceCode: String? = field(s, "referenceCode", &sub)
        ignored += sub.map { "currencies.\($0)" }
        // An unknown anchor takes the first row and the first start's amount (sanitized).
        return CurrencyListState(codes: codes, anchorCode: anchorText == nil ? "" : anchorCode ?? "",
                                 anchorText: anchorText ?? "", referenceCode: referenceCode ?? "")
    }

    /// The Converter's entry, field by field and favourite by favourite: a bad amount or target
    /// list does not cost the favourites, nor one bad favourite the others. A source or targets
    /// left out are the first start's (`ConverterState.sanitized`).
    static func converter(_ value: Any?, _ ignored: inout [String]) -> ConverterState? {
        guard let s = value as? [String: Any] else {
            ignored.append("converter: not an object")
            return nil
        }
        var sub: [String] = []
        let source: String? = field(s, "source", &sub)
        var targets: [String]? = field(s, "targets", &sub)
        if let list = targets, list.count > maxCodes {
            sub.append("targets: more than \(maxCodes)")
            targets = nil
        }
        let amountText = text(s, "amountText", &sub)
        var favourites: [FavouritePair] = []
        if let list = s["favourites"] {
            if let items = list as? [Any], items.count > maxCodes {
                sub.append("favourites: more than \(maxCodes)")
            } else if let items = list as? [Any] {
                favourites = items.compactMap { try? decoded($0) }
                if favourites.count < items.count {
                    sub.append("favourites: \(items.count - favourites.count) of \(items.count) not a pair of currency codes")
                }
            } else {
                sub.append("favourites: not a list")
            }
        }
        ignored += sub.map { "converter.\($0)" }
        return ConverterState(source: source ?? "", targets: targets ?? [], amountText: amountText ?? "100", favourites: favourites)
    }

    /// The Investments page's entry, field by field: a bad one is left at its default and named,
    /// the others (the stock chosen, the amounts typed) are kept.
    static func investments(_ value: Any?, _ ignored: inout [String]) -> InvestmentState {
        guard let s = value as? [String: Any] else {
            ignored.append("investments: not an object")
            return InvestmentState()
        }
        var out = InvestmentState()
        var sub: [String] = []
        if let v: StockInfo = field(s, "stock", &sub) { out.stock = v }
        for (key, path) in [("initialText", \InvestmentState.initialText), ("monthlyText", \InvestmentState.monthlyText)] {
            if let v = text(s, key, &sub) { out[keyPath: path] = v }
        }
        if let v: Month = field(s, "start", &sub) { out.start = v }
        if let v: Bool = field(s, "inReference", &sub) { out.inReference = v }
        ignored += sub.map { "investments.\($0)" }
        return out
    }

    /// The privacy choice from a file that is not valid JSON, if its text still says it.
    static func networkAllowed(inRaw data: Data?) -> Bool? {
        guard let data, let text = String(data: data.prefix(Self.maxBytes), encoding: .utf8) else { return nil }
        guard let r = text.range(of: #""networkAllowed"\s*:\s*(true|false)"#, options: .regularExpression) else { return nil }
        return text[r].hasSuffix("true")
    }

    func setAside(_ reason: String, raw: Data?, now: Date) -> LoadOutcome {
        do {
            let aside = try SetAside.move(url, now: now)
            return .corrupt(setAsideAt: aside, reason: reason, networkAllowed: Self.networkAllowed(inRaw: raw))
        } catch {
            return .unreadable(reason: "\(reason); it could not be set aside: \(Wording(error: error).description)")
        }
    }

    /// Saves atomically. A file that exists but cannot be read is never replaced: what it holds
    /// would be lost.
    public func save(_ state: AppState) throws {
        if access(url.path, F_OK) == 0 {
            do { _ = try SmallFile.read(url, limit: Self.maxBytes) } catch let p as FileProblem {
                if case .tooLarge = p {} else { throw StateSaveError.keptUnreadable(p) }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try SmallFile.write(try encoder.encode(state), to: url)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c):
            return c.codingPath.isEmpty ? c.debugDescription
                : "\(c.debugDescription) at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        case .keyNotFound(let key, _): return "the entry \u{201C}\(key.stringValue)\u{201D} is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            let at = c.codingPath.map(\.stringValue).joined(separator: ".")
            return at.isEmpty ? "the wrong type" : "the wrong type at \(at)"
        @unknown default: return "it could not be decoded"
        }
    }
}

/// Why the state was not saved.
public enum StateSaveError: Error, Equatable, Sendable, Worded {
    /// The saved file exists but cannot be read; it is kept as it is, so nothing is saved.
    case keptUnreadable(FileProblem)

    public var wording: Wording {
        switch self {
        case .keptUnreadable(let p):
            return Wording("the saved file cannot be read (%@), so it is kept as it is and changes are not saved", p.wording)
        }
    }
}

extension CurrencyListState {
    /// Codes as the catalogue writes them ("usd" → USD).
    func normalised() -> CurrencyListState {
        CurrencyListState(codes: codes.map(CurrencyCode.normalised), anchorCode: CurrencyCode.normalised(anchorCode),
                          anchorText: anchorText, referenceCode: CurrencyCode.normalised(referenceCode))
    }
}

extension ConverterState {
    func normalised() -> ConverterState {
        ConverterState(source: CurrencyCode.normalised(source), targets: targets.map(CurrencyCode.normalised),
                       amountText: amountText,
                       favourites: favourites.map { FavouritePair(from: CurrencyCode.normalised($0.from), to: CurrencyCode.normalised($0.to)) })
    }
}

public enum CurrencyCode {
    /// " usd" → "USD".
    public static func normalised(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    }
}
