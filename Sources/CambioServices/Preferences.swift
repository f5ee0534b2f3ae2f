import CambioCore
import CambioGLib
import Foundation

/// The user's preferences, in GSettings (`io.github.cambio.Cambio`): apart from the user's data,
/// shared by the window and the command line, bound to the Preferences controls.
@MainActor public final class Preferences {
    public static let schemaID = "io.github.cambio.Cambio"

    public enum Setting: String, CaseIterable, Sendable {
        case provider, refreshInterval = "refresh-interval", networkAllowed = "network-allowed", decimalPlaces = "decimal-places"
        case feeEnabled = "fee-enabled", feePercent = "fee-percent"
        case metalsAndCoins = "metals-and-coins"
        case officialSource = "official-source"
        case currencySigns = "currency-signs"
    }

    /// The schema's settings (the Preferences window binds its controls to them); nil when the
    /// schema is not installed.
    public let settings: SettingsRef?
    /// Without the schema: this run's choices, from the data file (nothing is kept).
    private var fallback: PreferenceValues
    /// Why the preferences cannot be kept, when they cannot.
    public let problem: Wording?
    private var observers: [Int: @MainActor (Setting) -> Void] = [:]
    private var nextObserver = 0
    private var changeHandle: SignalHandle?

    /// `backend`: `.memory` for tests, whose choices must not reach the user's.
    public init(backend: SettingsRef.Backend = .default) {
        let missing = SettingsRef.missingKeys(schemaID: Self.schemaID, keys: Setting.allCases.map(\.rawValue))
        settings = missing?.isEmpty == true ? SettingsRef.open(schemaID: Self.schemaID, backend: backend) : nil
        fallback = PreferenceValues(networkAllowed: false)
        if let missing, !missing.isEmpty {
            problem = Wording("Preferences cannot be kept: the installed settings schema %@ is older than this Cambio (it lacks %@; make install, or set GSETTINGS_SCHEMA_DIR).",
                              .verbatim(Self.schemaID), .verbatim(missing.joined(separator: ", ")))
        } else {
            problem = settings == nil
                ? Wording("Preferences cannot be kept: the settings schema %@ is not installed (make install, or set GSETTINGS_SCHEMA_DIR).",
                          .verbatim(Self.schemaID))
                : nil
        }
        changeHandle = settings?.onChange { [weak self] name in
            guard let self, let key = Setting(rawValue: name) else { return }
            self.observers.keys.sorted().forEach { self.observers[$0]?(key) }
        }
    }

    /// Calls `body` after a preference changed (here, in the Preferences window, or elsewhere),
    /// for as long as the returned observation is kept and not cancelled.
    public func observe(_ body: @escaping @MainActor (Setting) -> Void) -> Observation {
        let id = nextObserver
        nextObserver += 1
        observers[id] = body
        return Observation { [weak self] in self?.observers[id] = nil }
    }

    public var provider: Provider {
        get { settings.map { Provider(rawValue: $0.string(Setting.provider.rawValue)) ?? .erapi } ?? fallback.provider }
        set { set(.provider) { $0.setString(Setting.provider.rawValue, newValue.rawValue) } fallback: { fallback.provider = newValue } }
    }

    public var refreshInterval: RefreshInterval {
        get { settings.map { RefreshInterval(rawValue: $0.string(Setting.refreshInterval.rawValue)) ?? .onStart } ?? fallback.refreshInterval }
        set { set(.refreshInterval) { $0.setString(Setting.refreshInterval.rawValue, newValue.rawValue) } fallback: { fallback.refreshInterval = newValue } }
    }

    /// False: nothing is sent anywhere. The HTTP client's gate follows it.
    public var networkAllowed: Bool {
        get { settings?.bool(Setting.networkAllowed.rawValue) ?? fallback.networkAllowed }
        set { set(.networkAllowed) { $0.setBool(Setting.networkAllowed.rawValue, newValue) } fallback: { fallback.networkAllowed = newValue } }
    }

    /// Whether refreshes also ask currency-api (and Coinbase) for the metals' and coins' prices.
    public var metalsAndCoins: Bool {
        get { settings?.bool(Setting.metalsAndCoins.rawValue) ?? fallbackMetalsAndCoins }
        set { set(.metalsAndCoins, { $0.setBool(Setting.metalsAndCoins.rawValue, newValue) }) { fallbackMetalsAndCoins = newValue } }
    }

    /// Without the schema: this run's choice.
    private var fallbackMetalsAndCoins = true

    /// Whether amounts show their currency's sign ("$1,234.56") rather than its code.
    public var currencySigns: Bool {
        get { settings?.bool(Setting.currencySigns.rawValue) ?? fallbackCurrencySigns }
        set { set(.currencySigns, { $0.setBool(Setting.currencySigns.rawValue, newValue) }) { fallbackCurrencySigns = newValue } }
    }

    /// Without the schema: this run's choice.
    private var fallbackCurrencySigns = false

    /// The source of official rates for history and past dates: nil for the average of the
    /// central banks, else one institution's key (Frankfurter's `/providers`). A key the list
    /// does not know reads as the average.
    public var officialSource: String? {
        get {
            let key = settings?.string(Setting.officialSource.rawValue) ?? fallbackOfficialSource
            return Institution.byKey[key] != nil ? key : nil
        }
        set {
            let key = newValue ?? ""
            set(.officialSource, { $0.setString(Setting.officialSource.rawValue, key) }) { fallbackOfficialSource = key }
        }
    }

    /// Without the schema: this run's choice.
    private var fallbackOfficialSource = ""

    public var decimalPlaces: DecimalPlaces {
        get { settings.map { Self.places($0.int(Setting.decimalPlaces.rawValue)) } ?? fallback.decimalPlaces }
        set { set(.decimalPlaces) { $0.setInt(Setting.decimalPlaces.rawValue, Self.number(newValue)) } fallback: { fallback.decimalPlaces = newValue } }
    }

    // MARK: The card or exchange fee

    /// Without the schema: this run's fee setting.
    private var fallbackFee = (enabled: false, percent: "2")

    /// Whether results also show the amount with the card or exchange fee.
    public var feeEnabled: Bool {
        get { settings?.bool(Setting.feeEnabled.rawValue) ?? fallbackFee.enabled }
        set { set(.feeEnabled, { $0.setBool(Setting.feeEnabled.rawValue, newValue) }) { fallbackFee.enabled = newValue } }
    }

    /// The fee's percent as kept (POSIX digits: "2.2"), usable or not.
    public var feePercentText: String {
        settings?.string(Setting.feePercent.rawValue) ?? fallbackFee.percent
    }

    /// Keeps a fee's percent (whether it applies is `feeEnabled`).
    public func setFeePercent(_ fee: Fee) {
        set(.feePercent, { $0.setString(Setting.feePercent.rawValue, fee.stored) }) { fallbackFee.percent = fee.stored }
    }

    /// The fee the results show: nil while it is off, or while the kept percent is unusable
    /// (`feeProblem` says so).
    public var fee: Fee? { feeEnabled ? Fee(stored: feePercentText) : nil }

    /// Why the fee that is on is left out: its kept percent is not one (set by hand, say).
    public var feeProblem: Wording? {
        guard feeEnabled, Fee(stored: feePercentText) == nil else { return nil }
        return Self.unusableFee(feePercentText)
    }

    /// A kept percent that is not one, in words.
    public static func unusableFee(_ kept: String) -> Wording {
        Wording("The card fee in the settings (“%@”) is not a percent more than 0 and less than 100: no fee is added.",
                .verbatim(kept))
    }

    /// Every preference at once.
    public var all: PreferenceValues {
        PreferenceValues(provider: provider, refreshInterval: refreshInterval, networkAllowed: networkAllowed, decimalPlaces: decimalPlaces)
    }

    /// -1 in the schema: each currency's own.
    public static func places(_ n: Int) -> DecimalPlaces { DecimalPlaces.fixedRange.contains(n) ? .fixed(n) : .auto }
    public static func number(_ p: DecimalPlaces) -> Int {
        switch p {
        case .auto: return -1
        case .fixed(let n): return n
        }
    }

    /// Writes a preference: to GSettings (whose "changed" signal tells the observers), else to
    /// this run's fallback (`change`), telling the observers here.
    private func set(_ key: Setting, _ write: (SettingsRef) -> Void, fallback change: () -> Void) {
        if let settings { write(settings); return }
        change()
        observers.keys.sorted().forEach { observers[$0]?(key) }
    }

    /// Takes over the settings earlier versions kept in the data file, once: after that the
    /// file's copy is ignored (and no longer written). Without the schema, the file's choices
    /// are this run's. Returns true when the data file's settings should now be dropped.
    @discardableResult
    public func adopt(fromDataFile saved: PreferenceValues?, readable: Bool) -> Bool {
        guard let settings else {
            fallback = saved ?? PreferenceValues(networkAllowed: readable)
            return false
        }
        if settings.bool("settings-migrated") { return saved != nil }
        // A file that exists but cannot be read may hold "network off": keep the network off
        // (the switch shows it) and take the rest over once it can be read.
        guard readable else {
            networkAllowed = false
            return false
        }
        // Nothing to take over: nothing is written (a command run where no session bus is, over
        // ssh say, would otherwise warn on every run that dconf cannot be reached).
        guard let saved else { return false }
        provider = saved.provider
        refreshInterval = saved.refreshInterval
        networkAllowed = saved.networkAllowed
        decimalPlaces = saved.decimalPlaces
        settings.setBool("settings-migrated", true)
        settings.sync()
        return true
    }

    /// Whether the choices are kept (in GSettings); else they last this run.
    public var isBacked: Bool { settings != nil }
}

/// An observation that ends when cancelled or let go of.
@MainActor public final class Observation {
    private var end: (@MainActor () -> Void)?
    init(_ end: @escaping @MainActor () -> Void) { self.end = end }
    public func cancel() { end?(); end = nil }
    isolated deinit { cancel() }
}
