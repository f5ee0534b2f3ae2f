import CambioCore
import CambioGLib
import CambioServices
import CGtk
import Foundation

/// Says what happens to the rates in the window: the engine refreshes (at start, on a timer, on
/// request, when a preference changes) and this words the outcome in the banner while the last
/// good rates stay in use.
@MainActor public final class RatesController {
    let ctx: AppContext
    var engine: Engine { ctx.engine }
    /// The window's message strip, and the pages that show the rates' state.
    weak var banner: Banner?
    /// The pages that show the rates' state (those built so far).
    private var views: @MainActor () -> [RatesView] = { [] }
    private var ticker: TimerHandle?
    private var preferencesObservation: Observation?
    private static let failureKey = "rates-failure"
    private static let staleKey = "rates-stale"

    public init(context: AppContext) {
        ctx = context
        preferencesObservation = context.preferences.observe { [weak self] key in self?.preferenceChanged(key) }
    }

    public func attach(_ window: MainWindow) {
        banner = window.banner
        views = { [weak window] in window?.ratesViews ?? [] }
        window.currencies.onRefresh = { [weak self] in self?.refresh(.explicit) }
        showStaleness()
        // Ages and timed refreshes: once a minute is plenty, and costs nothing between.
        ticker = TimerHandle.every(seconds: 60) { [weak self] in
            guard let self else { return }
            self.views().forEach { $0.refreshSourceLine() }
            self.refresh(.timer)
        }
    }

    var preferences: Preferences { ctx.preferences }

    /// The user's currencies (Currencies and Converter): what the primary source must cover.
    var wanted: [String] {
        let converter = ctx.state.converter
        var wanted = ctx.state.currencies.codes
        for code in [converter.source] + converter.targets where !wanted.contains(code) { wanted.append(code) }
        return wanted
    }

    public func refresh(_ trigger: RefreshPolicy.Trigger) {
        let provider = preferences.provider
        if trigger == .explicit && !engine.client.networkAllowed {
            banner?.show(tr("Network access is off. Turn on “Use the network” in Preferences (Ctrl+,) to refresh."),
                         key: Self.failureKey)
            return
        }
        if !engine.client.networkAllowed { return }
        setRefreshing(true)
        Task { @MainActor in
            let outcome = await engine.refresh(trigger, wanted: wanted)
            setRefreshing(!engine.rates.refreshing.isEmpty)
            switch outcome {
            case .updated, .unchanged:
                banner?.remove(key: Self.failureKey)
            case .failed(let reason):
                banner?.show(String(format: tr("Could not refresh rates from %@: %@. Showing %@."),
                                         sourceName(provider.sourceName), say(reason), ctx.ratesDescription()), key: Self.failureKey,
                                  action: (tr("_Retry"), { [weak self] in self?.refresh(.explicit) }))
            case .waitUntil(let date):
                let f = DateFormatter()
                f.locale = ctx.locale.dates
                f.setLocalizedDateFormatFromTemplate("jm")
                banner?.show(String(format: tr("%@ asked not to be asked again before %@. Showing %@."),
                                         sourceName(provider.sourceName), f.string(from: date), ctx.ratesDescription()), key: Self.failureKey)
            case .skipped, .networkOff:
                break
            }
            showStaleness()
        }
    }

    private func setRefreshing(_ running: Bool) { views().forEach { $0.setRefreshing(running) } }

    func showStaleness() {
        banner?.remove(key: Self.staleKey)
        if let days = ctx.staleDays() {
            banner?.show(String(format: trn("These rates are %d day old (%@).", "These rates are %d days old (%@).", days), days, ctx.ratesDescription()),
                              key: Self.staleKey, action: (tr("_Refresh"), { [weak self] in self?.refresh(.explicit) }))
        }
    }

    /// A preference changed (in the Preferences window or elsewhere): a new provider or
    /// interval asks as at start; the privacy switch says what it means.
    private func preferenceChanged(_ key: Preferences.Key) {
        switch key {
        case .provider:
            showStaleness()
            refresh(.start)
        case .refreshInterval:
            if preferences.refreshInterval != .never { refresh(.start) }
        case .networkAllowed:
            if preferences.networkAllowed {
                banner?.remove(key: Self.failureKey)
                refresh(.start)
            } else {
                banner?.show(tr("Network access is off: Cambio uses the rates and prices it has saved."), key: Self.failureKey)
            }
        case .decimalPlaces:
            break
        }
    }

    public func setProvider(_ provider: Provider) {
        if provider != preferences.provider { preferences.provider = provider }
    }

    public func setInterval(_ interval: RefreshInterval) {
        if interval != preferences.refreshInterval { preferences.refreshInterval = interval }
    }

    /// The privacy switch. Off: no request leaves (rates, history, stocks); what is saved stays in
    /// use. On again: a refresh as at start.
    public func setNetworkAllowed(_ allowed: Bool) {
        if allowed != preferences.networkAllowed { preferences.networkAllowed = allowed }
    }
}

/// The header's main menu: refresh now, preferences, keyboard shortcuts.
@MainActor enum MainMenu {
    static func make() -> MenuButton {
        let menu = Menu(sections: [
            [(tr("_Refresh Rates"), "app.refresh")],
            [(tr("_Preferences"), "app.preferences"), (tr("_Keyboard Shortcuts"), "app.shortcuts")],
        ])
        let button = MenuButton(icon: "open-menu-symbolic", name: tr("Main menu"))
        // The menu's widgets are built when it first opens; the button keeps the model until then.
        button.onFirstOpen { button.popover = menu.popover() }
        return button
    }
}
