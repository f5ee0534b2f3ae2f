import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// Preferences' "Alerts": each rate alert ("1 USD above 0.92 EUR"), armed since a day or fired
/// with the rate that fired it, with buttons to change, re-arm (once fired) and remove it. Alerts
/// are set where the rate is shown: the History page's bell, a Converter result's menu.
@MainActor final class AlertsGroup {
    let group: PreferencesGroup
    /// The rows shown, by alert number, in the file's order.
    private(set) var rows: [(id: Int, row: ActionRow)] = []
    private let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    private let parent: @MainActor () -> (any Widget)?
    private let toast: @MainActor (String) -> Void
    /// The alerts the rows show.
    private var shown: [RateAlert]?
    private let empty: ActionRow
    private var emptyShown = false

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext, parent: @escaping @MainActor () -> (any Widget)?,
         toast: @escaping @MainActor (String) -> Void) {
        ctx = context
        self.parent = parent
        self.toast = toast
        group = PreferencesGroup(title: tr("Alerts"),
                                 description: tr("A notification once a published rate crosses a level or moves more than a percent in a day. Set them with the bell on the History page or a Converter result’s menu."),
                                 [])
        empty = ActionRow(title: tr("No alerts"))
        empty.addClass("dim-label")
        reload()
    }

    /// The rows as the alerts' file has them now (another Cambio may have changed it).
    func reload() {
        let (alerts, problem) = ctx.alerts.load()
        if let problem { toast(say(problem)) }
        guard alerts != shown else { return }
        shown = alerts
        rows.forEach { group.remove($0.row) }
        if emptyShown { group.remove(empty) }
        rows = alerts.map { ($0.id, makeRow($0)) }
        rows.forEach { group.add($0.row) }
        emptyShown = rows.isEmpty
        if emptyShown { group.add(empty) }
    }

    private func makeRow(_ alert: RateAlert) -> ActionRow {
        let title = say(alert.conditionWords(ctx.formatter))
        let row = ActionRow(title: title)
        switch alert.state {
        case .armed:
            row.subtitle = Template.fill(tr("Armed since %@"), ctx.days.string(alert.armedOn))
        case .fired(let f):
            let quote = Quote(from: alert.from, to: alert.to, rate: f.rate, publication: Publication(day: f.day, source: f.source))
            row.subtitle = Template.fill(tr("Fired: %@"), quote.shortLine(ctx.formatter, days: ctx.days, words: L10n.translations))
        }
        let edit = Button(icon: "document-edit-symbolic", name: Template.fill(tr("Change the alert %@"), title))
        var buttons = [edit]
        if !alert.isArmed {
            let rearm = Button(icon: "view-refresh-symbolic", name: Template.fill(tr("Re-arm the alert %@"), title))
            rearm.onClicked { [weak self] in self?.rearm(alert.id) }
            buttons.append(rearm)
        }
        let remove = Button(icon: "user-trash-symbolic", name: Template.fill(tr("Remove the alert %@"), title))
        buttons.append(remove)
        for b in buttons {
            b.addClass("flat")
            b.valign = .center
            row.addSuffix(b)
        }
        row.activates(edit)
        edit.onClicked { [weak self] in self?.openEdit(alert.id) }
        remove.onClicked { [weak self] in self?.remove(alert.id) }
        return row
    }

    // MARK: Actions (also driven by tests)

    @discardableResult
    func openEdit(_ id: Int) -> AlertDialog? {
        guard let alert = shown?.first(where: { $0.id == id }) else { return nil }
        let dialog = AlertDialog(context: ctx, from: alert.from, to: alert.to, editing: alert, parent: parent()) { [weak self] said in
            self?.toast(said)
            self?.reload()
        }
        dialog.present()
        return dialog
    }

    func rearm(_ id: Int) {
        change({ try $0.rearm(id, today: Day.today()) }, done: tr("Alert armed again: %@"))
    }

    func remove(_ id: Int) {
        change({ try $0.remove(id) }, done: tr("Alert removed: %@"))
    }

    /// A change to the file, said in this window's toasts; the rows follow.
    private func change(_ body: (Alerts) throws -> (alert: RateAlert?, problem: Wording?), done: String) {
        ctx.alerts.apply(body, done: done, failed: tr("The alert could not be saved: %@"), formatter: ctx.formatter, tell: toast)
        reload()
    }
}
