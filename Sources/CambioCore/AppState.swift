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

extension AppState {
    /// What to save when another Cambio (a second window, another login) may have saved the
    /// file since this one last read or wrote it (`base`): the file as it is now (`theirs`),
    /// with this one's changes since `base` (`mine`) applied onto it. An entry only one side
    /// changed takes that side's value; one both changed takes this one's. The lists (the
    /// currencies, the Converter's favourites) and the user's own rates take both sides'
    /// additions and removals.
    public static func merged(base: AppState, mine: AppState, theirs: AppState) -> AppState {
        var out = theirs
        out.version = currentVersion
        let (b, m, t) = (base.currencies, mine.currencies, theirs.currencies)
        let anchor = pick((b.anchorCode, b.anchorText), (m.anchorCode, m.anchorText), (t.anchorCode, t.anchorText), ==)
        // Both sides' additions may together pass what the file keeps: this side's come first.
        out.currencies = CurrencyListState(codes: Array(mergeList(b.codes, m.codes, t.codes).prefix(AppState.maxCodes)), anchorCode: anchor.0,
                                           anchorText: anchor.1, referenceCode: pick(b.referenceCode, m.referenceCode, t.referenceCode))
        out.settingsIfSaved = pick(base.settingsIfSaved, mine.settingsIfSaved, theirs.settingsIfSaved)
        out.converterIfSaved = both(base.converter, mine.converterIfSaved, theirs.converterIfSaved) { b, m, t in
            // The source and the targets go together: each side's pair of them is consistent.
            let currencies = pick((b.source, b.targets), (m.source, m.targets), (t.source, t.targets), ==)
            return ConverterState(source: currencies.0, targets: currencies.1, amountText: pick(b.amountText, m.amountText, t.amountText),
                                  favourites: Array(mergeList(b.favourites, m.favourites, t.favourites).prefix(ConverterState.maxFavourites)))
        }
        out.investmentsIfSaved = both(base.investments, mine.investmentsIfSaved, theirs.investmentsIfSaved) { b, m, t in
            InvestmentState(stock: pick(b.stock, m.stock, t.stock), initialText: pick(b.initialText, m.initialText, t.initialText),
                            monthlyText: pick(b.monthlyText, m.monthlyText, t.monthlyText), start: pick(b.start, m.start, t.start),
                            inReference: pick(b.inReference, m.inReference, t.inReference))
        }
        let rates = (b: base.userRates, m: mine.userRates, t: theirs.userRates)
        let codes = mergeList(rates.b.all.map(\.code), rates.m.all.map(\.code), rates.t.all.map(\.code))
        out.userRates = UserRates(codes.compactMap { code in
            rates.m[code] == rates.b[code] ? rates.t[code] ?? rates.m[code] : rates.m[code] ?? rates.t[code]
        })
        return out
    }

    /// This side's value when it changed it, else the other's.
    static func pick<T: Equatable>(_ base: T, _ mine: T, _ theirs: T) -> T { mine == base ? theirs : mine }

    static func pick<T>(_ base: T, _ mine: T, _ theirs: T, _ same: (T, T) -> Bool) -> T { same(mine, base) ? theirs : mine }

    /// Entries merged one by one when both sides have them, else whichever side has them.
    static func both<T: Equatable>(_ base: T, _ mine: T?, _ theirs: T?, _ merge: (T, T, T) -> T) -> T? {
        guard let mine, let theirs else { return mine ?? theirs }
        return mine == theirs ? mine : merge(base, mine, theirs)
    }

    /// A list with this side's additions, removals and order, and the other side's additions
    /// (after this side's items) and removals.
    static func mergeList<T: Hashable>(_ base: [T], _ mine: [T], _ theirs: [T]) -> [T] {
        if mine == base { return theirs }
        if theirs == base || theirs == mine { return mine }
        let inBase = Set(base), inMine = Set(mine), inTheirs = Set(theirs)
        return mine.filter { inTheirs.contains($0) || !inBase.contains($0) }
            + theirs.filter { !inBase.contains($0) && !inMine.contains($0) }
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

extension AppState {
    /// Far more than Cambio writes (a few KB): a larger state file is not parsed.
    public static let maxFileBytes = 1_000_000
    /// More codes than any list holds (the catalogue has about 160), and the most favourites:
    /// the window adds none beyond it (`ConverterState.maxFavourites`), so that what it saves is
    /// read back whole.
    public static let maxCodes = 500
    /// Longer typed amounts are not kept; the window's amount fields hold no more.
    public static let maxTextLength = 1_000
}

/// What a save of the state file did besides writing the state.
public struct StateSaveReport: Equatable, Sendable {
    /// What the file holds now: the state saved, with what another Cambio saved merged in.
    public let written: AppState
    /// The file on disk, or part of it, could not be read: it was renamed to `path` before
    /// the save, and `reason` says what could not be read.
    public let setAside: SetAsideFile?

    public init(written: AppState, setAside: SetAsideFile?) { self.written = written; self.setAside = setAside }

    /// A file renamed aside, and why.
    public struct SetAsideFile: Equatable, Sendable {
        public let path: String
        public let reason: String
        public init(path: String, reason: String) { self.path = path; self.reason = reason }
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
