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
        let interval = settings.refreshInterval
        if trigger == .explicit && interval == .never {
            banner?.show(tr("Network access is off (Refresh: Never in the main menu)."))
            return
        }
        setRefreshing(true)
        Task { @MainActor in
            let outcome = await service.refresh(provider, trigger: trigger, interval: interval)
            setRefreshing(!service.refreshing.isEmpty)
            switch outcome {
            case .updated, .unchanged:
                banner?.remove(key: Self.failureKey)
                useCurrentProvider()
            case .failed(let reason):
                banner?.show(String(format: tr("Could not refresh rates from %@: %@. Showing %@."),
                                         provider.sourceName, reason, ctx.ratesDescription()), key: Self.failureKey,
                                  action: (tr("_Retry"), { [weak self] in self?.refresh(.explicit) }))
            case .waitUntil(let date):
                let f = DateFormatter()
                f.locale = ctx.locale.dates
                f.setLocalizedDateFormatFromTemplate("jm")
                banner?.show(String(format: tr("%@ asked not to be asked again before %@. Showing %@."),
                                         provider.sourceName, f.string(from: date), ctx.ratesDescription()), key: Self.failureKey)
            case .skipped, .networkOff:
                break
            }
            showStaleness()
            await fillMissing(trigger: trigger, interval: interval)
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
    func fillMissing(trigger: RefreshPolicy.Trigger, interval: RefreshInterval) async {
        let missing = missingFromPrimary()
        guard !missing.isEmpty,
              let filler = [Provider.erapi, .cbr, .ecb, .frankfurter].first(where: { $0 != settings.provider }) else { return }
        if case .updated = await service.refresh(filler, trigger: trigger, interval: interval) { useCurrentProvider() }
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
            banner?.show(String(format: tr("These rates are %d days old (%@)."), days, ctx.ratesDescription()),
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
        ctx.state.settings.refreshInterval = interval
        ctx.scheduleSave()
        if interval != .never { refresh(.start) }
    }
}

/// The header's main menu: rate source and refresh interval (stateful actions), refresh now.
@MainActor enum MainMenu {
    static func make() -> WidgetRef {
        let menu = g_menu_new()!
        let sources = g_menu_new()!
        for p in Provider.allCases { g_menu_append(sources, p.sourceName, "app.provider::\(p.rawValue)") }
        g_menu_append_section(menu, tr("Rate Source"), cast(sources))
        let intervals = g_menu_new()!
        let names: [RefreshInterval: String] = [.never: tr("Never (no network)"), .onStart: tr("On Start"),
                                                .daily: tr("Daily"), .weekly: tr("Weekly")]
        for i in RefreshInterval.allCases { g_menu_append(intervals, names[i], "app.refresh-interval::\(i.rawValue)") }
        g_menu_append_section(menu, tr("Refresh Rates"), cast(intervals))
        let actions = g_menu_new()!
        g_menu_append(actions, tr("Refresh Now"), "app.refresh")
        g_menu_append_section(menu, nil, cast(actions))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        button.tooltip(tr("Main menu"))
        button.accessibleLabel(tr("Main menu"))
        g_object_unref(gpointerOf(sources)); g_object_unref(gpointerOf(intervals)); g_object_unref(gpointerOf(actions))
        // The menu's widgets are built when it first opens; the button keeps the model until then.
        let model = GObjectRef(gpointerOf(menu))
        MenuButtonPopup.onFirstOpen(button) {
            gtk_menu_button_set_popover(cast(button), gtk_popover_menu_new_from_model(model.pointer.assumingMemoryBound(to: GMenuModel.self)))
        }
        return button
    }

    /// A string-valued stateful action, "app.<name>::<value>".
    static func addChoice(on app: UnsafeMutablePointer<GtkApplication>, name: String, current: String,
                          _ apply: @escaping @MainActor (String) -> Void) {
        let action = g_simple_action_new_stateful(name, cambio_variant_type_string(), g_variant_new_string(current))!
        Signal.connect(gpointerOf(action), "activate", withArgument: { parameter in
            guard let parameter, let cstr = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            let value = String(cString: cstr)
            g_simple_action_set_state(action, g_variant_new_string(value))
            apply(value)
        })
        g_action_map_add_action(cast(app), action)
        g_object_unref(gpointerOf(action))
    }
}

