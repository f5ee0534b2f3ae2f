import CambioCore
import CambioGLib
import CambioServices

/// The card or exchange fee in Preferences: a switch row (off by default) and a row to type the
/// percent in the locale's marks ("2,2" in Russian). A percent is kept with Enter or the row's
/// apply button, as the key row does: applying as typed would keep the figures passed on the way
/// ("15" on the way to "150", which is then refused, leaving 15 % in use). One that is not more
/// than 0 and less than 100 is not kept; the line under the rows says why as soon as it is typed.
@MainActor final class FeeRows {
    let group: PreferencesGroup
    let feeSwitch: Switch
    let switchRow: ActionRow
    /// The percent, as typed (only sensitive while the fee is on).
    let percentRow: EntryRow
    /// Why the typed percent is not kept; hidden (taking no room) while there is nothing to say.
    let problemLabel: Label
    private let ctx: any DisplayContext & ServicesContext
    private var observation: Observation?
    /// True while the rows write the setting or the entry themselves.
    private var writing = false

    init(context: any DisplayContext & ServicesContext) {
        ctx = context
        let preferences = context.preferences
        feeSwitch = Switch()
        feeSwitch.active = preferences.feeEnabled
        // Not a format: "%" is the sign (xgettext would take "% o" for a directive).
        // xgettext:no-c-format
        let explanation = tr("Banks charge 1–3 % on payments in a foreign currency, exchange offices a spread. When on, each converted amount also shows the amount with the fee.")
        switchRow = ActionRow.with(title: tr("Card or exchange _fee"), subtitle: explanation, suffix: feeSwitch)
        percentRow = EntryRow(title: tr("Fee in per_cent"), applyName: tr("Save the fee"))
        percentRow.inputPurpose = .number
        problemLabel = Label("", classes: ["error"], wrap: true)
        problemLabel.visible = false
        group = PreferencesGroup(title: tr("Fees"), [switchRow, percentRow, problemLabel])
        showPercent()
        percentRow.sensitive = preferences.feeEnabled
        connect()
    }

    private func connect() {
        let preferences = ctx.preferences
        if let stored = preferences.settings {
            stored.bind(Preferences.Setting.feeEnabled.rawValue, to: feeSwitch, property: "active")
        } else {
            feeSwitch.onToggled { [weak self] in
                guard let self, self.ctx.preferences.feeEnabled != self.feeSwitch.active else { return }
                self.ctx.preferences.feeEnabled = self.feeSwitch.active
            }
        }
        percentRow.field.onChanged { [weak self] in self?.typed() }
        percentRow.onApply { [weak self] in self?.apply() }
        // Changes from elsewhere (the command line's gsettings, another window) show here too.
        observation = preferences.observe { [weak self] key in
            guard let self else { return }
            switch key {
            case .feeEnabled:
                self.percentRow.sensitive = self.ctx.preferences.feeEnabled
                if self.feeSwitch.active != self.ctx.preferences.feeEnabled { self.feeSwitch.active = self.ctx.preferences.feeEnabled }
            case .feePercent:
                if !self.writing { self.showPercent() }
            default: break
            }
        }
    }

    /// The kept percent in the locale's marks, or the kept text as it is when it is unusable.
    func showPercent() {
        writing = true
        defer { writing = false }
        let kept = ctx.preferences.feePercentText
        percentRow.text = Fee(stored: kept).map { ctx.formatter.exact($0.percent) } ?? kept
        showProblem(Fee(stored: kept) == nil ? say(Preferences.unusableFee(kept)) : nil)
    }

    /// Text being typed: why it would not be kept shows at once; nothing is kept yet.
    private func typed() {
        guard !writing else { return }
        showProblem(describe(percentRow.text))
    }

    /// Enter or the apply button: the percent is kept when it is one, else the reason stays.
    func apply() {
        let text = percentRow.text
        guard case .success(let fee?) = Fee.parse(text, style: ctx.formatter.style) else {
            showProblem(describe(text))
            return
        }
        showProblem(nil)
        writing = true
        ctx.preferences.setFeePercent(fee)
        writing = false
    }

    /// Why `text` is not a fee ("Not saved: Enter a percent more than 0 and less than 100").
    private func describe(_ text: String) -> String? {
        guard case .failure(let refusal) = Fee.parse(text, style: ctx.formatter.style) else { return nil }
        return Template.fill(tr("Not saved: %@"), refusal.text(L10n.translations))
    }

    private func showProblem(_ text: String?) {
        // Read out with the field, as the line may lie below the window's edge.
        percentRow.field.markInvalid(text)
        UI.setText(problemLabel, text ?? "")
        problemLabel.visible = text != nil
    }

}
