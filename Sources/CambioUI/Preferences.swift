import CambioCore
import CambioGLib
import CambioServices
import CGtk

/// The Preferences window (Ctrl+,): every choice applies at once and is kept in GSettings.
@MainActor public final class PreferencesWindow {
    public let window: WidgetRef
    let providerDrop: WidgetRef
    let intervalDrop: WidgetRef
    let referenceDrop: WidgetRef
    let placesDrop: WidgetRef
    let networkSwitch: WidgetRef
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
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_default_size(cast(window), 560, -1)
        gtk_window_set_resizable(cast(window), 0)
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_titlebar(cast(window), gtk_header_bar_new())

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
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_drop_down_set_expression(cast(referenceDrop), expression)
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(cast(referenceDrop), 1)
        placesDrop = Self.choice(DecimalPlaces.allCases, titles: DecimalPlaces.allCases.map(Self.placesText), current: settings.decimalPlaces,
                                 name: tr("Decimal places"), bound: bound) { [weak context] in context?.setDecimalPlaces($0) }

        // Privacy
        networkSwitch = gtk_switch_new()!
        gtk_switch_set_active(cast(networkSwitch), settings.networkAllowed ? 1 : 0)
        gtk_widget_set_valign(networkSwitch, GTK_ALIGN_CENTER)

        // The controls and GSettings stay the same both ways; the engine and the window follow
        // the settings' change notices.
        if let stored = context.preferences.settings {
            stored.bind(Preferences.Key.provider.rawValue, toSelectedOf: gpointerOf(providerDrop), values: Provider.allCases.map(\.rawValue))
            stored.bind(Preferences.Key.refreshInterval.rawValue, toSelectedOf: gpointerOf(intervalDrop), values: Self.intervals.map(\.rawValue))
            stored.bind(Preferences.Key.decimalPlaces.rawValue, toSelectedOf: gpointerOf(placesDrop),
                        values: DecimalPlaces.allCases.map(Preferences.number))
            stored.bind(Preferences.Key.networkAllowed.rawValue, to: gpointerOf(networkSwitch), property: "active")
        }

        keyEditor = KeyEditor(stocks: { [unowned context] in context.stocks }, width: 56)

        let content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 18)
        content.margins(18, 18, 18, 18)
        UI.append(content,
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
        gtk_window_set_child(cast(window), content)

        connect()
    }

    private func connect() {
        if !ctx.preferences.isBacked {
            Signal.connect(gpointerOf(networkSwitch), "notify::active", withArgument: { [weak self] _ in
                guard let self else { return }
                self.rates.setNetworkAllowed(gtk_switch_get_active(cast(self.networkSwitch)) != 0)
            })
        }
        keyEditor.onChange = { [weak self] in self?.onKeyChange?() }
        // Escape and Ctrl+W close it, as in every GNOME dialog.
        let keys = gtk_event_controller_key_new()!
        // Capture: before the focused control (an open list is a popover of its own, not this window).
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.keyPressed(keys) { [weak self] keyval, state in
            let ctrlW = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 && (keyval == UInt32(GDK_KEY_w) || keyval == UInt32(GDK_KEY_W))
            guard keyval == UInt32(GDK_KEY_Escape) || ctrlW, let self else { return false }
            gtk_window_close(cast(self.window))
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Shows the current choices (they may have changed elsewhere since the window was built).
    func present(over parent: WidgetRef?) {
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        let reference = ctx.state.currencies.referenceCode
        if let i = referenceCodes.firstIndex(of: reference) { gtk_drop_down_set_selected(cast(referenceDrop), guint(i)) }
        keyEditor.reset()
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(providerDrop)
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
                                             apply: @escaping @MainActor (T) -> Void) -> WidgetRef {
        let drop = withCStringArray(titles) { gtk_drop_down_new_from_strings($0)! }
        UI.name(dropDown: drop, name)
        gtk_widget_set_valign(drop, GTK_ALIGN_CENTER)
        gtk_drop_down_set_selected(cast(drop), guint(values.firstIndex(of: current) ?? 0))
        if bound { return drop }
        Signal.connect(gpointerOf(drop), "notify::selected", withArgument: { _ in
            let i = Int(gtk_drop_down_get_selected(cast(drop)))
            if values.indices.contains(i) { apply(values[i]) }
        })
        return drop
    }

    /// A heading over its rows.
    private static func section(_ title: String, _ rows: [WidgetRef]) -> WidgetRef {
        let heading = UI.label(title, classes: ["heading"])
        return UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [heading] + rows)
    }

    /// A title (its mnemonic focuses the control) and a dim explanation beside the control.
    private static func row(_ title: String, _ help: String, _ control: WidgetRef) -> WidgetRef {
        let label = gtk_label_new_with_mnemonic(title)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_mnemonic_widget(cast(label), control)
        let helpLabel = UI.label(help, classes: ["dim-label", "caption"])
        gtk_label_set_wrap(cast(helpLabel), 1)
        gtk_label_set_max_width_chars(cast(helpLabel), 40)
        let words = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2, [label, helpLabel])
        gtk_widget_set_hexpand(words, 1)
        return UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, [words, control])
    }
}
