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
        out.currencies = CurrencyListState(codes: Array(mergeList(b.codes, m.codes, t.codes).prefix(StateStore.maxCodes)), anchorCode: anchor.0,
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

/// Reads and writes the state file. Writes are atomic (a temporary file renamed over the old
/// one). A file that is not Cambio's state is renamed aside, never overwritten, and reported; a
/// file that exists but cannot be read (its permissions, a folder in its place) is kept as it is
/// and never written over. One bad field costs that field only.
public struct StateStore: Sendable {
    public let url: URL
    /// Far more than Cambio writes (a few KB): a larger file is not parsed.
    public static let maxBytes = 1_000_000
    /// More codes than any list holds (the catalogue has about 160), and the most favourites:
    /// the window adds none beyond it (`ConverterState.maxFavourites`), so that what it saves is
    /// read back whole.
    public static let maxCodes = 500
    /// Longer typed amounts are not kept; the window's amount fields hold no more.
    public static let maxTextLength = 1_000
    /// The folder whose advisory lock (`FileLock`) a save holds while it reads, merges and writes.
    public var lockFolder: URL { url.deletingLastPathComponent() }

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
        return parse(data, now: now)
    }

    /// The file's contents read as state; set aside when they are not Cambio's.
    func parse(_ data: Data, now: Date) -> LoadOutcome {
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
            if let all = list as? [Any] {
                // Beyond the most the window keeps, the first ones are read, the rest named.
                let items = all.prefix(maxCodes)
                if all.count > maxCodes { sub.append("favourites: more than \(maxCodes) (\(all.count)); the first \(maxCodes) are kept") }
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

    /// What a save did besides writing `state`.
    public struct SaveReport: Equatable, Sendable {
        /// What the file holds now: the state saved, with what another Cambio saved merged in.
        public let written: AppState
        /// The file on disk, or part of it, could not be read: it was renamed to `path` before
        /// the save, and `reason` says what could not be read.
        public let setAside: SetAsideFile?
    }

    /// A file renamed aside, and why.
    public struct SetAsideFile: Equatable, Sendable {
        public let path: String
        public let reason: String
    }

    /// Saves atomically, under the lock on its folder (`lockFolder`) so that two Cambios never
    /// interleave (`lock`: whether to wait while another holds it, or throw `FileLock.Busy`). `base`: the state this Cambio had when it last read or wrote the file, and
    /// `fileThen`, what the file held then. A file that holds something else now was saved by
    /// another Cambio since: what it holds is kept, and this one's changes since `base` are
    /// applied onto it (`AppState.merged`). Without a base, or when the file is as it was,
    /// `state` replaces what the file holds.
    ///
    /// Nothing is lost: a file that exists but cannot be read is never replaced (the save
    /// fails), and one that is not Cambio's, or of which an entry cannot be read, is set aside
    /// first (`SetAside`), and the report says where.
    @discardableResult
    public func save(_ state: AppState, mergingSince base: AppState? = nil, fileThen: AppState? = nil,
                     lock: FileLock.Wait = .untilFree, now: Date = Date()) throws -> SaveReport {
        try FileLock.holding(lockFolder, lock) {
            var written = state
            var setAside: SetAsideFile? = nil
            let data: Data?
            do {
                data = try SmallFile.read(url, limit: Self.maxBytes)
            } catch let problem as FileProblem {
                guard case .tooLarge = problem else { throw StateSaveError.keptUnreadable(problem) }
                let aside = try keptAside(problem.description, now: now)
                setAside = SetAsideFile(path: aside.path, reason: problem.description)
                data = nil
            }
            switch data.map({ parse($0, now: now) }) {
            case nil, .missing:
                break
            case .loaded(let theirs):
                if let base, theirs != fileThen { written = AppState.merged(base: base, mine: state, theirs: theirs) }
            case .loadedIgnoring(let theirs, let ignored):
                // Written over, the entries that could not be read would be lost: kept aside.
                // What could be read is merged as a whole file's would be.
                let reason = ignored.joined(separator: "; ")
                let aside = try keptAside(reason, now: now)
                setAside = SetAsideFile(path: aside.path, reason: reason)
                if let base, theirs != fileThen { written = AppState.merged(base: base, mine: state, theirs: theirs) }
            case .corrupt(let aside, let reason, _):
                setAside = SetAsideFile(path: aside.path, reason: reason)
            case .unreadable(let reason):
                throw StateSaveError.keptAsItIs(reason: reason)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try SmallFile.write(try encoder.encode(written), to: url)
            return SaveReport(written: written, setAside: setAside)
        }
    }

    /// The file renamed aside before it is written over; the save fails when it cannot be.
    private func keptAside(_ reason: String, now: Date) throws -> URL {
        do {
            return try SetAside.move(url, now: now)
        } catch {
            throw StateSaveError.keptAsItIs(reason: "\(reason); it could not be set aside: \(Wording(error: error).description)")
        }
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
    /// The saved file, or part of it, cannot be read and could not be set aside: it is kept as
    /// it is, so nothing is saved.
    case keptAsItIs(reason: String)

    public var wording: Wording {
        switch self {
        case .keptUnreadable(let p):
            return Wording("the saved file cannot be read (%@), so it is kept as it is and changes are not saved", p.wording)
        case .keptAsItIs(let reason):
            return Wording("the saved file could not all be read (%@), so it is kept as it is and changes are not saved",
                           .verbatim(reason))
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
