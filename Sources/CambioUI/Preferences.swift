import CambioCore
import CambioGLib
import CambioServices
import CGtk

/// The Preferences window (Ctrl+,): every choice applies at once and is kept in GSettings.
@MainActor public final class PreferencesWindow {
    public let window: Window
    let providerDrop: DropDown
    let intervalDrop: DropDown
    let referenceDrop: DropDown
    let placesDrop: DropDown
    let networkSwitch: Switch
    let keyEditor: KeyEditor
    private let ctx: AppContext
    private let rates: RatesController
    /// The reference choices, in the order shown.
    private let referenceCodes: [String]
    /// Told when the Alpha Vantage key was saved or removed.
    var onKeyChange: (@MainActor () -> Void)?

    static let intervals: [RefreshInterval] = [.never, .onStart, .daily, .weekly]

    init(context: AppContext, rates: RatesController) {
        ctx = context
        self.rates = rates
        let settings = context.preferences.all
        window = Window()
        window.title = tr("Preferences")
        window.defaultSize(width: 560, height: -1)
        window.resizable = false
        window.destroyWithParent = true
        window.titlebar(HeaderBar())

        // Rates
        let bound = context.preferences.isBacked
        providerDrop = Self.choice(Provider.allCases, titles: Provider.allCases.map(Self.providerText), current: settings.provider,
                                   name: tr("Rate provider"), bound: bound) { [weak rates] in rates?.setProvider($0) }
        intervalDrop = Self.choice(Self.intervals, titles: [tr("Never: only when asked (F5)"), tr("On start"), tr("Daily"), tr("Weekly")],
                                   current: settings.refreshInterval, name: tr("Automatic refresh"), bound: bound) { [weak rates] in rates?.setInterval($0) }

        // Amounts
        let reference = context.state.currencies.referenceCode
        var codes = context.catalog.active.map(\.code).sorted()
        if !codes.contains(reference) { codes.insert(reference, at: 0) }
        referenceCodes = codes
        referenceDrop = Self.choice(codes, titles: codes.map { "\($0) \u{2014} \(context.name($0))" }, current: reference,
                                    name: tr("Reference currency")) { [weak context] in context?.setReference($0) }
        // Typing in the open list finds a currency by code or name.
        referenceDrop.enableSearch()
        placesDrop = Self.choice(DecimalPlaces.allCases, titles: DecimalPlaces.allCases.map(Self.placesText), current: settings.decimalPlaces,
                                 name: tr("Decimal places"), bound: bound) { [weak context] in context?.setDecimalPlaces($0) }

        // Privacy
        networkSwitch = Switch()
        networkSwitch.active = settings.networkAllowed
        networkSwitch.valign = GTK_ALIGN_CENTER

        keyEditor = KeyEditor(stocks: { [unowned context] in context.stocks }, width: 56)
        window.child = layout().widget
        bindSettings()
        connect()
    }

    /// The controls and GSettings stay the same both ways; the engine and the window follow
    /// the settings' change notices.
    private func bindSettings() {
        guard let stored = ctx.preferences.settings else { return }
        stored.bind(Preferences.Key.provider.rawValue, toSelectedOf: gpointerOf(providerDrop.widget), values: Provider.allCases.map(\.rawValue))
        stored.bind(Preferences.Key.refreshInterval.rawValue, toSelectedOf: gpointerOf(intervalDrop.widget), values: Self.intervals.map(\.rawValue))
        stored.bind(Preferences.Key.decimalPlaces.rawValue, toSelectedOf: gpointerOf(placesDrop.widget),
                    values: DecimalPlaces.allCases.map(Preferences.number))
        stored.bind(Preferences.Key.networkAllowed.rawValue, to: gpointerOf(networkSwitch.widget), property: "active")
    }

    /// The sections, each a heading over its rows.
    private func layout() -> Box {
        let content = Box.vertical(spacing: 18)
        content.margins(18, 18, 18, 18)
        content.append(
            Self.section(tr("Rates"), [
                Self.row(tr("Rate _provider"), tr("Where today’s rates come from. Currencies it lacks are filled from the others."), providerDrop),
                Self.row(tr("_Automatic refresh"), tr("When Cambio asks for new rates by itself. F5 and Ctrl+R always ask."), intervalDrop),
            ]),
            Self.section(tr("Amounts"), [
                Self.row(tr("R_eference currency"), tr("Rates on the Currencies page are shown against it; Investments can show results in it."), referenceDrop),
                Self.row(tr("_Decimal places"), tr("Digits shown in amounts of money. Only the display is rounded."), placesDrop),
            ]),
            Self.section(tr("Privacy"), [
                Self.row(tr("Use the _network"), tr("Off: Cambio sends nothing anywhere. The saved and bundled rates, history and prices stay in use."), networkSwitch),
            ]),
            Self.section(tr("Alpha Vantage key (Investments)"), [keyEditor.root]))
        return content
    }

    private func connect() {
        if !ctx.preferences.isBacked {
            networkSwitch.onToggled { [weak self] in
                guard let self else { return }
                self.rates.setNetworkAllowed(self.networkSwitch.active)
            }
        }
        keyEditor.onChange = { [weak self] in self?.onKeyChange?() }
        // Escape and Ctrl+W close it, as in every GNOME dialog.
        // Capture: before the focused control (an open list is a popover of its own, not this window).
        window.onKeyPressed(capture: true) { [weak self] keyval, state in
            let ctrlW = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 && (keyval == UInt32(GDK_KEY_w) || keyval == UInt32(GDK_KEY_W))
            guard keyval == UInt32(GDK_KEY_Escape) || ctrlW, let self else { return false }
            self.window.close()
            return true
        }
    }

    /// Shows the current choices (they may have changed elsewhere since the window was built).
    func present(over parent: WidgetRef?) {
        if let parent { window.transient(for: parent) }
        let reference = ctx.state.currencies.referenceCode
        if let i = referenceCodes.firstIndex(of: reference) { referenceDrop.selected = i }
        keyEditor.reset()
        window.present()
        providerDrop.grabFocus()
    }

    // MARK: Choices in words

    static func providerText(_ p: Provider) -> String {
        switch p {
        case .erapi: return tr("open.er-api.com: about 160 currencies, daily")
        case .ecb: return tr("European Central Bank: about 30 currencies, working days")
        case .frankfurter: return tr("Frankfurter: the ECB’s rates, working days")
        case .cbr: return tr("Bank of Russia: rates against the rouble, working days")
        }
    }

    static func placesText(_ p: DecimalPlaces) -> String {
        switch p {
        case .auto: return tr("Each currency’s own (USD 2, JPY 0, KWD 3)")
        case .fixed(let n): return String(format: trn("%d decimal place", "%d decimal places", n), n)
        }
    }

    // MARK: Layout

    /// A drop-down over `values` (shown as `titles`) set to `current`; choosing one applies it
    /// (unless it is `bound` to its setting, which then applies it).
    private static func choice<T: Equatable>(_ values: [T], titles: [String], current: T, name: String, bound: Bool = false,
                                             apply: @escaping @MainActor (T) -> Void) -> DropDown {
        let drop = DropDown(titles)
        drop.name(name)
        drop.valign = GTK_ALIGN_CENTER
        drop.selected = values.firstIndex(of: current) ?? 0
        if bound { return drop }
        drop.onSelected {
            let i = drop.selected
            if values.indices.contains(i) { apply(values[i]) }
        }
        return drop
    }

    /// A heading over its rows.
    private static func section(_ title: String, _ rows: [any Widget]) -> Box {
        Box.vertical(spacing: 8, [Label(title, classes: ["heading"])] + rows)
    }

    /// A title (its mnemonic focuses the control) and a dim explanation beside the control.
    private static func row(_ title: String, _ help: String, _ control: some Widget) -> Box {
        let label = Label(mnemonic: title, for: control)
        label.xalign = 0
        let helpLabel = Label(help, classes: ["dim-label", "caption"], wrap: true)
        helpLabel.maxWidthChars = 40
        let words = Box.vertical(spacing: 2, [label, helpLabel])
        words.hexpand = true
        return Box.horizontal(spacing: 18, [words, control])
    }
}
