import CambioCore
import CambioGLib
import CambioNet
import CGtk
import Foundation

/// Keeps the rates in use fresh: refreshes when the policy allows (at start, on a timer, on
/// request), puts good answers in use, and says plainly what failed while the last good rates
/// stay in use.
@MainActor public final class RatesController {
    let ctx: AppContext
    let service: RatesService
    /// The window's message strip, and the pages that show the rates' state.
    weak var banner: Banner?
    /// The pages that show the rates' state (those built so far).
    private var views: @MainActor () -> [RatesView] = { [] }
    private var ticker: guint = 0
    private static let failureKey = "rates-failure"
    private static let staleKey = "rates-stale"

    public init(context: AppContext, environment: [String: String] = ProcessInfo.processInfo.environment) {
        ctx = context
        service = RatesService(cache: RateCache(paths: context.paths), endpoints: Endpoints(environment: environment))
        service.seed(context.cachedAtStart, ecbHistory: context.ecbHistoryAtStart)
        service.historyEnd = context.bundled?.date
        service.onNewAnswer = { [weak context] snapshot in context?.historyData.record(snapshot) }
    }

    public func attach(_ window: MainWindow) {
        banner = window.banner
        views = { [weak window] in window?.ratesViews ?? [] }
        window.currencies.onRefresh = { [weak self] in self?.refresh(.explicit) }
        showStaleness()
        // Ages and timed refreshes: once a minute is plenty, and costs nothing between.
        ticker = g_timeout_add_seconds_full(G_PRIORITY_DEFAULT_IDLE, 60, { data in
            let c = Unmanaged<RatesController>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                c.views().forEach { $0.refreshSourceLine() }
                c.refresh(.timer)
            }
            return 1
        }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<RatesController>.fromOpaque(data!).release() })
    }

    var settings: AppSettings { ctx.state.settings }

    public func refresh(_ trigger: RefreshPolicy.Trigger) {
        let provider = settings.provider
        let interval = settings.refreshInterval, allowed = settings.networkAllowed
        if trigger == .explicit && !allowed {
            banner?.show(tr("Network access is off. Turn on “Use the network” in Preferences (Ctrl+,) to refresh."),
                         key: Self.failureKey)
            return
        }
        if !allowed { return }
        setRefreshing(true)
        Task { @MainActor in
            let outcome = await service.refresh(provider, trigger: trigger, interval: interval, networkAllowed: allowed)
            setRefreshing(!service.refreshing.isEmpty)
            switch outcome {
            case .updated, .unchanged:
                banner?.remove(key: Self.failureKey)
                useCurrentProvider()
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
            await fillMissing(trigger: trigger, interval: interval, networkAllowed: allowed)
        }
    }

    private func setRefreshing(_ running: Bool) { views().forEach { $0.setRefreshing(running) } }

    /// The user's currencies (on the Currencies and Converter pages) the primary provider's current
    /// publication lacks.
    func missingFromPrimary() -> [String] {
        guard let primary = service.answers[settings.provider]?.snapshot, let newest = primary.newestDay,
              let row = primary.days[newest] else { return [] }
        let have = Set(row.keys).union([primary.base])
        let converter = ctx.state.converter
        var wanted = ctx.state.currencies.codes
        for code in [converter.source] + converter.targets where !wanted.contains(code) { wanted.append(code) }
        return wanted.filter { !have.contains($0) }
    }

    /// When the user's list has currencies the primary source lacks, asks the broadest other
    /// source too (by the same policy), so they are filled from a current publication.
    func fillMissing(trigger: RefreshPolicy.Trigger, interval: RefreshInterval, networkAllowed: Bool) async {
        let missing = missingFromPrimary()
        guard !missing.isEmpty,
              let filler = [Provider.erapi, .cbr, .ecb, .frankfurter].first(where: { $0 != settings.provider }) else { return }
        if case .updated = await service.refresh(filler, trigger: trigger, interval: interval,
                                                 networkAllowed: networkAllowed) { useCurrentProvider() }
    }

    /// Puts the primary provider's last good answer in use (else the bundled ECB rates), with
    /// what it lacks filled from the other providers' answers.
    func useCurrentProvider() {
        guard let table = RateTable.compose(primary: settings.provider, answers: service.answers.mapValues(\.snapshot),
                                            bundled: ctx.bundled) else { return }
        ctx.useRates(table, fetchedAt: service.answers[settings.provider]?.answer.fetchedAt)
    }

    func showStaleness() {
        banner?.remove(key: Self.staleKey)
        if let days = ctx.staleDays() {
            banner?.show(String(format: trn("These rates are %d day old (%@).", "These rates are %d days old (%@).", days), days, ctx.ratesDescription()),
                              key: Self.staleKey, action: (tr("_Refresh"), { [weak self] in self?.refresh(.explicit) }))
        }
    }

    public func setProvider(_ provider: Provider) {
        guard provider != settings.provider else { return }
        ctx.state.settings.provider = provider
        ctx.scheduleSave()
        useCurrentProvider()
        showStaleness()
        refresh(.start)
    }

    public func setInterval(_ interval: RefreshInterval) {
        guard interval != settings.refreshInterval else { return }
        ctx.state.settings.refreshInterval = interval
        ctx.scheduleSave()
        if interval != .never { refresh(.start) }
    }

    /// The privacy switch. Off: no request leaves (rates, history, stocks); what is saved stays in
    /// use. On again: a refresh as at start.
    public func setNetworkAllowed(_ allowed: Bool) {
        guard allowed != settings.networkAllowed else { return }
        ctx.state.settings.networkAllowed = allowed
        ctx.scheduleSave()
        if allowed {
            banner?.remove(key: Self.failureKey)
            refresh(.start)
        } else {
            banner?.show(tr("Network access is off: Cambio uses the rates and prices it has saved."), key: Self.failureKey)
        }
    }
}

/// The header's main menu: refresh now, preferences, keyboard shortcuts.
@MainActor enum MainMenu {
    static func make() -> WidgetRef {
        let menu = g_menu_new()!
        let refresh = g_menu_new()!
        g_menu_append(refresh, tr("_Refresh Rates"), "app.refresh")
        g_menu_append_section(menu, nil, cast(refresh))
        let app = g_menu_new()!
        g_menu_append(app, tr("_Preferences"), "app.preferences")
        g_menu_append(app, tr("_Keyboard Shortcuts"), "app.shortcuts")
        g_menu_append_section(menu, nil, cast(app))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        button.tooltip(tr("Main menu"))
        button.accessibleLabel(tr("Main menu"))
        g_object_unref(gpointerOf(refresh)); g_object_unref(gpointerOf(app))
        // The menu's widgets are built when it first opens; the button keeps the model until then.
        let model = GObjectRef(gpointerOf(menu))
        MenuButtonPopup.onFirstOpen(button) {
            gtk_menu_button_set_popover(cast(button), gtk_popover_menu_new_from_model(model.pointer.assumingMemoryBound(to: GMenuModel.self)))
        }
        return button
    }
}
