import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// Setting a rate alert where the rate is shown: "Alert me when 1 USD is [above] [0.8951] EUR",
/// the level pre-filled with the rate in use (or, for a move, 1 % in a day). Opened from the
/// History page's bell and a Converter result's menu, and from Preferences to change one. The
/// level is read in the locale's format; why it is refused shows as it is typed, and Set stays
/// off until it is good. Enter sets, Escape cancels.
@MainActor final class AlertDialog {
    enum Kind: Int, CaseIterable { case above, below, move }

    let dialog: MessageDialog
    let kindDrop: DropDown
    let valueEntry: Entry
    let unitLabel: Label
    let reasonLine: ReasonLine
    let from: String
    let to: String
    /// The alert changed, when one is (from Preferences); nil for a new one.
    let editing: RateAlert?
    private let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    private let onSaved: @MainActor (String) -> Void
    private var kind: Kind
    /// The dialog open now (one at a time), for tests.
    private(set) static var shown: AlertDialog?

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext, from: String, to: String,
         editing: RateAlert? = nil, parent: (any Widget)?, onSaved: @escaping @MainActor (String) -> Void) {
        ctx = context
        self.from = from
        self.to = to
        self.editing = editing
        self.onSaved = onSaved
        dialog = MessageDialog(parent: parent, heading: editing == nil ? tr("Rate Alert") : tr("Change Alert"),
                               body: tr("You are told once, with a notification, when a published rate meets it: after each refresh while Cambio runs, and every few hours while it is closed."))
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("set", editing == nil ? tr("_Set Alert") : tr("_Change Alert"), .suggested)
        dialog.closeResponse("cancel")

        let lead = Label(Template.fill(tr("Alert me when 1 %@ is"), from), xalign: 0, wrap: true)
        kindDrop = DropDown([tr("above"), tr("below"), tr("moving more than")])
        kindDrop.name(tr("Condition"), list: tr("Conditions"))
        valueEntry = UI.numberEntry(name: "", cssClass: "alert-value", purpose: .number)
        valueEntry.widthChars = 6
        valueEntry.hexpand = true
        unitLabel = Label("")
        reasonLine = ReasonLine(under: valueEntry)
        switch editing?.condition {
        case .below?: kind = .below
        case .move?: kind = .move
        default: kind = .above
        }
        kindDrop.selected = kind.rawValue
        // The sentence wraps on a phone: the condition and the level on a line of their own.
        dialog.extraChild(Box.vertical(spacing: 12, [lead, Box.horizontal(spacing: 6, [kindDrop, valueEntry, unitLabel]), reasonLine.label]))

        prefill()
        describeLevel()
        connect()
        check()
    }

    /// The level the field starts from: the alert's own when one is changed, else the pair's
    /// rate in use (four significant digits), or 1 % for a move.
    private func prefill() {
        switch (editing?.condition, kind) {
        case (.above(let level)?, .above), (.below(let level)?, .below): valueEntry.text = ctx.formatter.exact(level)
        case (.move(let percent)?, .move): valueEntry.text = ctx.formatter.exact(percent)
        case (_, .move): valueEntry.text = ctx.formatter.exact(1)
        default:
            if let rate = ctx.rates?.rate(from: from, to: to) {
                valueEntry.text = ctx.formatter.exact(rate.rounded(places: DecimalFormatter.ratePlaces(rate, significant: 4)))
            } else {
                valueEntry.text = ""
            }
        }
    }

    private func describeLevel() {
        // xgettext:no-c-format
        unitLabel.text = kind == .move ? tr("% in a day") : to
        valueEntry.accessibleLabel(kind == .move ? tr("Change in percent") : Template.fill(tr("Rate: how many %@ one %@ is worth"), to, from))
    }

    /// Opens the dialog with the level selected.
    func present() {
        Self.shown = self
        dialog.window.present()
        valueEntry.grabFocus()
        valueEntry.selectAll()
    }

    private func connect() {
        valueEntry.onChanged { [weak self] in self?.check() }
        kindDrop.onSelected { [weak self] in
            guard let self, let kind = Kind(rawValue: self.kindDrop.selected), kind != self.kind else { return }
            // Between a rate and a percent the number means something else: it starts again.
            let wasMove = self.kind == .move
            self.kind = kind
            if wasMove || kind == .move { self.prefill() }
            self.describeLevel()
            self.check()
        }
        dialog.answers(valueEntry, with: "set", refused: { [weak self] in
            guard let self else { return }
            self.showReason(self.candidate(), force: true)
        }, responded: { [weak self] response in
            guard let self else { return }
            if response == "set" { self.save() }
            if Self.shown === self { Self.shown = nil }
        })
    }

    // MARK: Choices (also driven by tests)

    func choose(_ kind: Kind) { kindDrop.selected = kind.rawValue }

    func type(_ text: String) { valueEntry.text = text }

    func cancel() { dialog.respond("cancel") }

    var reason: String { reasonLine.text }

    // MARK: Checking and saving

    /// The condition as typed, or why it cannot be set (in the user's words).
    private enum Candidate {
        case good(RateAlert.Condition)
        case refused(String)
    }

    private func candidate() -> Candidate {
        switch AmountParser.parse(valueEntry.text, style: ctx.formatter.style) {
        case .failure(let error): return .refused(error.text(L10n.translations))
        case .success(let value):
            let condition: RateAlert.Condition = kind == .above ? .above(value) : kind == .below ? .below(value) : .move(percent: value)
            if let problem = RateAlert.problem(condition) { return .refused(say(problem)) }
            return .good(condition)
        }
    }

    private func check() {
        let result = candidate()
        if case .good = result { dialog.setEnabled("set", true) } else { dialog.setEnabled("set", false) }
        showReason(result, force: false)
    }

    private func showReason(_ result: Candidate, force: Bool) {
        if case .refused(let why) = result { reasonLine.show(why, forced: force) } else { reasonLine.show(nil, forced: force) }
    }

    private func save() {
        guard case .good(let condition) = candidate() else { return }
        let (from, to, editing) = (from, to, editing)
        ctx.alerts.apply({ alerts in
            if let editing { return try alerts.change(editing.id, to: condition, today: Day.today()) }
            let added = try alerts.add(from: from, to: to, condition: condition, today: Day.today())
            return (added.alert, added.problem)
        }, done: tr("Alert set: %@"), failed: tr("The alert could not be saved: %@"), formatter: ctx.formatter, tell: onSaved)
    }
}

extension Alerts {
    /// A change to the alerts made in the window (`change`, which gives the alert it left, nil
    /// when there was no such alert), then the systemd timer follows; `tell` is told what came
    /// of it: the file's problem, `done` filled with the alert's condition ("Alert set: %@"),
    /// "That alert was removed", the timer's problem, or why the change failed (`failed`).
    @MainActor func apply(_ change: (Alerts) throws -> (alert: RateAlert?, problem: Wording?), done: String, failed: String,
                          formatter: DecimalFormatter, tell: (String) -> Void) {
        do {
            let (alert, problem) = try change(self)
            if let problem { tell(say(problem)) }
            guard let alert else { return tell(tr("That alert was removed")) }
            tell(Template.fill(done, say(alert.conditionWords(formatter))))
            if case .failed(let why) = followTimer() { tell(say(why)) }
        } catch {
            tell(Template.fill(failed, describe(error)))
        }
    }
}
