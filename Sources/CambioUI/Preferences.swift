import CambioCore
import CambioGLib
import CambioServices

/// The Preferences window (Ctrl+,): an AdwPreferencesWindow whose every choice applies at once
/// and is kept in GSettings. Escape closes it (an open list or picker closes first); typing
/// searches its rows.
@MainActor public final class PreferencesWindow {
    let prefs: PreferencesWindowWidget
    public var window: Window { prefs.window }
    let providerRow: ComboRow
    let intervalRow: ComboRow
    let placesRow: ComboRow
    /// Whose official rates the history and past dates use: the average, or one institution.
    let officialRow: ComboRow
    /// The reference currency: a row whose button opens the currency picker (search by code or
    /// name, popular or all), as the Converter's currency buttons do.
    let referenceRow: ActionRow
    let referenceButton: MenuButton
    private(set) var referencePicker: CurrencyPicker?
    let networkSwitch: Switch
    /// Gold, silver and the coins: whether refreshes ask currency-api and Coinbase.
    let metalsSwitch: Switch
    let signsSwitch: Switch
    let keyRows: APIKeyRows
    /// "Your Rates": the rates the user set by hand.
    private(set) var userRates: UserRatesGroup!
    private(set) var alerts: AlertsGroup!
    /// The card or exchange fee (Preferences+Fee).
    let feeRows: FeeRows
    /// The toasts shown, in order (tests).
    private(set) var toasts: [String] = []
    private let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext & ServicesContext
    private let rates: RatesController
    /// Told when the Alpha Vantage key was saved or removed.
    var onKeyChange: (@MainActor () -> Void)?

    static let intervals: [RefreshInterval] = [.never, .onStart, .daily, .weekly]

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext & ServicesContext, rates: RatesController) {
        ctx = context
        self.rates = rates
        prefs = Self.makeWindow()

        // The rows, each showing the current choice.
        let settings = context.preferences.all
        let bound = context.preferences.isBacked
        providerRow = Self.choice(tr("Rate _provider"), Provider.fiat, titles: Provider.fiat.map(Self.providerText), current: settings.provider,
                                  bound: bound) { [weak rates] in rates?.setProvider($0) }
        intervalRow = Self.choice(tr("_Automatic refresh"), Self.intervals, titles: [tr("Never: only when asked (F5)"), tr("On start"), tr("Daily"), tr("Weekly")],
                                  current: settings.refreshInterval, bound: bound) { [weak rates] in rates?.setInterval($0) }
        officialRow = Self.officialChoice(context: context, bound: bound)
        metalsSwitch = Switch()
        metalsSwitch.active = context.preferences.metalsAndCoins
        signsSwitch = Switch()
        signsSwitch.active = context.preferences.currencySigns
        referenceButton = MenuButton()
        referenceButton.addClass("flat")
        referenceRow = ActionRow.with(title: tr("R_eference currency"),
                                      subtitle: tr("Rates on the Currencies page are shown against it; Investments can show results in it."),
                                      suffix: referenceButton)
        placesRow = Self.choice(tr("_Decimal places"), DecimalPlaces.allCases, titles: DecimalPlaces.allCases.map(Self.placesText), current: settings.decimalPlaces,
                                bound: bound) { [weak context] in context?.setDecimalPlaces($0) }
        networkSwitch = Switch()
        networkSwitch.active = settings.networkAllowed
        feeRows = FeeRows(context: context)

        // The key's saves and removals, and the user's rates set or removed: toasts on this window.
        var toastTarget: (@MainActor (String) -> Void)?
        keyRows = APIKeyRows(stocks: { [unowned context] in context.stocks }) { toastTarget?($0) }
        userRates = UserRatesGroup(context: context, parent: { [prefs] in prefs }) { toastTarget?($0) }
        alerts = AlertsGroup(context: context, parent: { [prefs] in prefs }) { toastTarget?($0) }
        toastTarget = { [weak self] in self?.toast($0) }

        prefs.add(generalPage())
        prefs.nameIconButtonsByTooltip()
        prefs.nameParts(search: tr("Search preferences"), results: tr("Preferences found"), content: tr("Preferences"))
        showReference()
        bindSettings()
        connect()
    }

    /// The window itself, modal over the main window and closed with it.
    private static func makeWindow() -> PreferencesWindowWidget {
        let prefs = PreferencesWindowWidget()
        prefs.window.title = tr("Preferences")
        prefs.modal = true
        prefs.window.destroyWithParent = true
        prefs.window.defaultSize(width: 600, height: 640)
        return prefs
    }

    /// The one page, General: Rates, Your Rates, Amounts, the fee, Privacy and the key, in groups.
    private func generalPage() -> PreferencesPage {
        let metalsRow = ActionRow.with(title: tr("_Gold, silver and cryptocurrencies"),
                                       subtitle: tr("Prices of precious metals and the largest coins from currency-api, and from Coinbase for coins it lacks; fetched with every refresh."),
                                       suffix: metalsSwitch)
        let networkRow = ActionRow.with(title: tr("Use the _network"),
                                        subtitle: tr("Off: Cambio sends nothing anywhere. The saved and bundled rates, history and prices stay in use."),
                                        suffix: networkSwitch)
        let signsRow = ActionRow.with(title: tr("Currency _signs"),
                                      subtitle: tr("Amounts with their currency’s sign, placed as your language writes it ($1,234.56, 1.234,56 €); a sign that several currencies share keeps the code."),
                                      suffix: signsSwitch)
        return PreferencesPage(title: tr("General"), icon: "preferences-system-symbolic", [
            PreferencesGroup(title: tr("Rates"),
                       description: tr("Currencies the provider lacks are filled from the others. Automatic refresh asks for new rates by itself; F5 and Ctrl+R always ask."),
                       [providerRow, intervalRow, officialRow, metalsRow]),
            userRates.group,
            alerts.group,
            PreferencesGroup(title: tr("Amounts"), description: tr("Decimal places only round what is shown: amounts stay exact."),
                       [referenceRow, placesRow, signsRow]),
            feeRows.group,
            PreferencesGroup(title: tr("Privacy"), [networkRow]),
            keyRows.group,
        ])
    }

    /// The controls and GSettings stay the same both ways; the engine and the window follow
    /// the settings' change notices.
    private func bindSettings() {
        guard let stored = ctx.preferences.settings else { return }
        stored.bind(Preferences.Setting.provider.rawValue, toSelectedOf: providerRow, values: Provider.fiat.map(\.rawValue))
        stored.bind(Preferences.Setting.refreshInterval.rawValue, toSelectedOf: intervalRow, values: Self.intervals.map(\.rawValue))
        stored.bind(Preferences.Setting.decimalPlaces.rawValue, toSelectedOf: placesRow,
                    values: DecimalPlaces.allCases.map(Preferences.number))
        stored.bind(Preferences.Setting.networkAllowed.rawValue, to: networkSwitch, property: "active")
        stored.bind(Preferences.Setting.metalsAndCoins.rawValue, to: metalsSwitch, property: "active")
        stored.bind(Preferences.Setting.currencySigns.rawValue, to: signsSwitch, property: "active")
        stored.bind(Preferences.Setting.officialSource.rawValue, toSelectedOf: officialRow,
                    values: Self.officialSources.map(\.key))
    }

    /// Whose official rates the history uses, set to the current choice.
    private static func officialChoice(context: any ServicesContext, bound: Bool) -> ComboRow {
        let official = officialSources
        return choice(tr("_Official rates for history"), official.map(\.key), titles: official.map(\.title),
                      current: context.preferences.officialSource ?? "", bound: bound, wrapItems: true) { [weak context] key in
            context?.preferences.officialSource = key.isEmpty ? nil : key
        }
    }

    /// The sources of official rates offered: the average of the central banks (the key ""),
    /// then every institution Frankfurter serves, by name.
    static var officialSources: [(key: String, title: String)] {
        [("", tr("Average of the central banks that publish the pair"))]
            + Institution.all.sorted { $0.name < $1.name }.map { ($0.key, "\($0.name) (\($0.key))") }
    }

    /// What the controls do besides their settings: the switches (when no settings back them),
    /// the key rows' changes, the reference picker, Ctrl+W.
    private func connect() {
        if !ctx.preferences.isBacked { applySwitches() }
        keyRows.onChange = { [weak self] in self?.onKeyChange?() }
        makePickerOnFirstOpen()
        closeOnControlW()
    }

    /// Without GSettings behind them, the switches apply their choice themselves.
    private func applySwitches() {
        networkSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.rates.setNetworkAllowed(self.networkSwitch.active)
        }
        metalsSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.ctx.preferences.metalsAndCoins = self.metalsSwitch.active
        }
        signsSwitch.onToggled { [weak self] in
            guard let self, self.ctx.preferences.currencySigns != self.signsSwitch.active else { return }
            self.ctx.preferences.currencySigns = self.signsSwitch.active
        }
    }

    /// The reference currency's picker is built when first opened.
    private func makePickerOnFirstOpen() {
        referenceButton.onFirstOpen { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                self.map { [$0.ctx.state.currencies.referenceCode] } ?? []
            }) { [weak self] code in self?.setReference(code) }
            self.referenceButton.popover = picker.popup
            self.referencePicker = picker
        }
    }

    /// Ctrl+W closes it too, as every GNOME dialog (Escape is the window's own).
    private func closeOnControlW() {
        prefs.onShortcut(.character("w"), .control) { [weak self] in
            guard let self else { return false }
            self.window.close()
            return true
        }
    }

    /// Makes `code` the reference currency.
    func setReference(_ code: String) {
        ctx.setReference(code)
        showReference()
    }

    /// The reference currency's button: its code, and its name for assistive technologies.
    private func showReference() {
        let code = ctx.state.currencies.referenceCode
        referenceButton.label = code
        referenceButton.tooltip(ctx.name(code))
        referenceButton.name(Template.fill(tr("Reference currency: %@ (%@)"), code, ctx.name(code)))
    }

    /// A toast on this window.
    func toast(_ text: String) {
        toasts.append(text)
        prefs.toast(text)
    }

    /// Shows the current choices (they may have changed elsewhere since the window was built).
    func present(over parent: (any Widget)?) {
        if let parent { window.transient(for: parent) }
        showReference()
        keyRows.reset()
        userRates.reload()
        alerts.reload()
        window.present()
        providerRow.grabFocus()
    }

    // MARK: Choices in words

    static func providerText(_ p: Provider) -> String {
        switch p {
        case .erapi: return tr("open.er-api.com: about 160 currencies, daily")
        case .ecb: return tr("European Central Bank: about 30 currencies, working days")
        case .frankfurter: return tr("Frankfurter: about 200 currencies from 84 central banks, daily")
        case .cbr: return tr("Bank of Russia: rates against the rouble, working days")
        case .currencyapi: return tr("currency-api: precious metals and the largest cryptocurrencies, daily")
        case .coinbase: return tr("Coinbase: cryptocurrencies")
        }
    }

    static func placesText(_ p: DecimalPlaces) -> String {
        switch p {
        case .auto: return tr("Each currency’s own (USD 2, JPY 0, KWD 3)")
        case .fixed(let n): return Template.fill(trn("%d decimal place", "%d decimal places", n), String(n))
        }
    }

    // MARK: Rows

    /// A combo row over `values` (shown as `titles`, the choice under the row's title) set to
    /// `current`; choosing one applies it (unless it is `bound` to its setting, which then applies it).
    private static func choice<T: Equatable>(_ title: String, _ values: [T], titles: [String], current: T,
                                             bound: Bool, wrapItems: Bool = false, apply: @escaping @MainActor (T) -> Void) -> ComboRow {
        let row = ComboRow(title: title, items: titles, valueAsSubtitle: true, wrapItems: wrapItems)
        row.selected = values.firstIndex(of: current) ?? 0
        if bound { return row }
        row.onSelected {
            let i = row.selected
            if values.indices.contains(i) { apply(values[i]) }
        }
        return row
    }
}
