import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// Says what happens to the rates in the window: the engine refreshes (at start, on a timer, on
/// request, when a preference changes) and this words the outcome while the last good rates stay
/// in use: a toast for what happened (a refresh the user asked for failed), the status line for
/// what lasts (offline, old rates, network access off).
@MainActor public final class RatesController {
    let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext & ServicesContext
    var engine: Engine { ctx.engine }
    var notices: Notices { ctx.notices }
    /// The pages that show the rates' state (those built so far).
    private var views: @MainActor () -> [RatesView] = { [] }
    private var ticker: TimerHandle?
    private var preferencesObservation: Observation?
    /// What went wrong with the metals and coins when they were last asked for (`RefreshReport`).
    private var metalsAndCoinsProblems: [Wording] = []
    /// Sends a desktop notification as the application (nil in a window without one: tests).
    var notify: (@MainActor (DesktopNotice) -> Void)?

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext & ServicesContext) {
        ctx = context
        preferencesObservation = context.preferences.observe { [weak self] key in self?.preferenceChanged(key) }
    }

    public func attach(_ window: MainWindow) {
        views = { [weak window] in window?.ratesViews ?? [] }
        window.currencies.onRefresh = { [weak self] in self?.refresh(.explicit) }
        showStaleness()
        showNetworkState()
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
        if trigger == .explicit && !engine.networkAllowed {
            notices.toast(tr("Network access is off"), button: (tr("_Turn On"), { [weak self] in self?.setNetworkAllowed(true) }))
            return
        }
        if !engine.networkAllowed { return }
        setRefreshing(true)
        Task { @MainActor in
            let report = await engine.refresh(trigger, wanted: wanted)
            setRefreshing(engine.isRefreshing)
            if report.askedMetalsAndCoins { metalsAndCoinsProblems = report.metalsAndCoinsProblems }
            switch report.primary {
            case .updated, .unchanged:
                notices.clear(.offline)
                if trigger == .explicit, case .updated = report.primary { notices.toast(tr("Rates updated")) }
                checkAlerts()
            case .failed(let reason):
                let source = sourceName(provider.sourceName)
                let details = Template.fill(tr("Could not refresh rates from %@: %@. Showing %@."),
                                     source, say(reason), ctx.ratesDescription())
                // Lasting: the line says the rates are not fresh until a refresh works.
                notices.set(.offline, title: Template.fill(tr("Offline · showing %@"), ctx.ratesDescription()), details: details,
                            action: (tr("_Retry"), { [weak self] in self?.refresh(.explicit) }))
                // The event: only when the user asked, so that timed retries do not repeat it.
                if trigger == .explicit {
                    notices.toast(Template.fill(tr("Could not refresh rates from %@"), source),
                                  button: (tr("_Retry"), { [weak self] in self?.refresh(.explicit) }))
                }
            case .waitUntil(let date):
                let f = DateFormatter()
                f.locale = ctx.locale.dates
                f.setLocalizedDateFormatFromTemplate("jm")
                notices.toast(Template.fill(tr("%@ asked not to be asked again before %@"),
                                     sourceName(provider.sourceName), f.string(from: date)))
            case .skipped, .networkOff, nil:
                break
            }
            showMetalsAndCoins()
            showStaleness()
        }
    }

    /// The rate alerts against the rates now in use, after a refresh, as `cambio alert check`
    /// checks them with the window closed: the file's lock makes each fire once, whichever
    /// checks first. Each that fires is a desktop notification; a problem with the file is said.
    func checkAlerts() {
        let alerts = ctx.alerts
        let loaded = alerts.load()
        if let problem = loaded.problem { notices.toast(say(problem)) }
        let codes = Alerts.codes(loaded.alerts)
        guard !codes.isEmpty, let table = ctx.rates else { return }
        engine.history.whenReady { [weak self] history in
            Task { @MainActor in
                let read = await history?.publications(codes: codes, from: Alerts.historyStart(table), to: table.date)
                guard let self else { return }
                let publications = (try? read?.get()) ?? []
                do {
                    let (fired, problem) = try alerts.check(table: table, publications: publications)
                    if let problem { self.notices.toast(say(problem)) }
                    for alert in fired {
                        if let notice = Alerts.notice(alert, formatter: self.ctx.formatter, days: self.ctx.days, words: L10n.translations) {
                            self.notify?(notice)
                        }
                    }
                    // None armed any more: the timer stops.
                    if !fired.isEmpty, case .failed(let why) = alerts.followTimer() { self.notices.toast(say(why)) }
                } catch {
                    self.notices.toast(Template.fill(tr("Your alerts could not be checked: %@"), describe(error)))
                }
            }
        }
    }

    /// Metals or coins the last refresh could not update (a failed request, a refused value):
    /// a lasting line until a refresh brings them, their last good values in use meanwhile.
    func showMetalsAndCoins() {
        let problems = metalsAndCoinsProblems
        guard !problems.isEmpty else { notices.clear(.metalsAndCoins); return }
        notices.set(.metalsAndCoins, title: tr("Some metal or coin prices were not updated"),
                    details: problems.map(say).joined(separator: "\n"),
                    action: (tr("_Retry"), { [weak self] in self?.refresh(.explicit) }), dismissible: true)
    }

    /// Network access off is a lasting state, with the switch to turn it on again.
    func showNetworkState() {
        if engine.networkAllowed {
            notices.clear(.networkOff)
        } else {
            notices.clear(.offline)
            notices.set(.networkOff, title: tr("Network access is off"),
                        details: tr("Network access is off: Cambio uses the rates and prices it has saved."),
                        action: (tr("_Turn On"), { [weak self] in self?.setNetworkAllowed(true) }))
        }
    }

    private func setRefreshing(_ running: Bool) { views().forEach { $0.setRefreshing(running) } }

    /// Old rates are a lasting state: "Rates are 24 days old", Refresh, and which rates in the details.
    func showStaleness() {
        if let days = ctx.staleDays() {
            notices.set(.stale, title: Template.fill(trn("Rates are %d day old", "Rates are %d days old", days), String(days)),
                        details: Template.fill(tr("Showing %@."), ctx.ratesDescription()),
                        action: (tr("_Refresh"), { [weak self] in self?.refresh(.explicit) }))
        } else {
            notices.clear(.stale)
        }
    }

    /// A preference changed (in the Preferences window or elsewhere): a new provider or
    /// interval asks as at start; the privacy switch says what it means.
    private func preferenceChanged(_ key: Preferences.Setting) {
        switch key {
        case .provider:
            showStaleness()
            refresh(.start)
        case .refreshInterval:
            if preferences.refreshInterval != .never { refresh(.start) }
        case .networkAllowed:
            showNetworkState()
            if engine.networkAllowed { refresh(.start) }
        case .metalsAndCoins:
            // Off: their sources are no longer asked, so what went wrong with them is past.
            if preferences.metalsAndCoins { refresh(.start) } else { metalsAndCoinsProblems = []; showMetalsAndCoins() }
        case .decimalPlaces, .officialSource, .currencySigns:
            break
        case .feeEnabled, .feePercent:
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
        if allowed != engine.networkAllowed { engine.networkAllowed = allowed }
    }
}
