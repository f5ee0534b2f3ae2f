import CambioCore
import CambioGLib
import Foundation

/// Setting a rate by hand: "1 CUP = [0.0082] [USD]" in a small dialog over the window. The
/// amount is read in the locale's format; the reason a value is refused shows under it as it is
/// typed, and Set stays off until it is good. Enter sets, Escape cancels. Opened from a
/// Currencies row's menu (its currency given) or from Preferences (the currency chosen first).
@MainActor final class UserRateDialog {
    let dialog: MessageDialog
    /// The currency whose rate is set: chosen in the dialog only when it was not given.
    let codeButton: MenuButton?
    let valueEntry: Entry
    let anchorButton: MenuButton
    let lead: Label
    let reasonLine: ReasonLine
    private(set) var code: String?
    private(set) var anchor: String
    private var codePicker: CurrencyPicker?
    private var anchorPicker: CurrencyPicker?
    private let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    /// Told with the toast's text once a rate is set.
    private let onSet: @MainActor (String) -> Void
    /// The dialog open now (one at a time), for tests.
    private(set) static var shown: UserRateDialog?

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext, code: String?, parent: (any Widget)?, onSet: @escaping @MainActor (String) -> Void) {
        ctx = context
        self.code = code
        self.onSet = onSet
        let existing = code.flatMap { context.state.userRates[$0] }
        let reference = context.state.currencies.referenceCode
        anchor = existing?.anchor ?? Self.defaultAnchor(for: code, reference: reference)

        dialog = MessageDialog(parent: parent, heading: tr("Set Your Rate"),
                               body: tr("It is used instead of the providers’ rates for this currency until you remove it."))
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("set", tr("_Set Rate"), .suggested)
        dialog.closeResponse("cancel")

        if code == nil {
            let button = MenuButton(label: tr("Choose Currency…"))
            codeButton = button
        } else {
            codeButton = nil
        }
        lead = Label("", classes: ["user-rate-lead"])
        valueEntry = UI.numberEntry(name: "", cssClass: "user-rate-value", purpose: .number)
        valueEntry.widthChars = 6
        valueEntry.hexpand = true
        anchorButton = MenuButton(label: anchor)
        reasonLine = ReasonLine(under: valueEntry)

        var parts: [any Widget] = []
        if let codeButton {
            let row = Box.horizontal(spacing: 12, [Label(tr("Currency"), classes: ["dim-label"]), codeButton])
            codeButton.hexpand = true
            parts.append(row)
        }
        parts.append(Box.horizontal(spacing: 6, [lead, valueEntry, anchorButton]))
        parts.append(reasonLine.label)
        dialog.extraChild(Box.vertical(spacing: 12, parts))

        prefill()
        connect()
        describeParts()
        check()
    }

    /// What the field starts from for the chosen currency: its own rate (and anchor) when it has
    /// one, else the rate in use, else nothing (never the number of a currency chosen before).
    private func prefill() {
        guard let code else { return }
        if let existing = ctx.state.userRates[code] {
            anchor = existing.anchor
            valueEntry.text = ctx.formatter.exact(existing.value)
        } else if let rate = ctx.rates?.rate(from: code, to: anchor) {
            let places = DecimalFormatter.ratePlaces(rate, significant: 4)
            valueEntry.text = ctx.formatter.exact(rate.rounded(places: places))
        } else {
            valueEntry.text = ""
        }
    }

    /// The reference currency, unless the rate is the reference's own (then the dollar or the euro).
    static func defaultAnchor(for code: String?, reference: String) -> String {
        if code != reference { return reference }
        return reference == "USD" ? "EUR" : "USD"
    }

    /// Opens the dialog with the amount selected (or the currency button focused).
    func present() {
        Self.shown = self
        dialog.window.present()
        if let codeButton { codeButton.grabFocus() } else {
            valueEntry.grabFocus()
            valueEntry.selectAll()
        }
    }

    private func connect() {
        valueEntry.onChanged { [weak self] in self?.check() }
        // Enter sets the rate when it is good; otherwise the reason shows and nothing closes.
        dialog.answers(valueEntry, with: "set", refused: { [weak self] in
            guard let self else { return }
            self.showReason(self.candidate(), force: true)
        }, responded: { [weak self] response in
            guard let self else { return }
            if response == "set" { self.save() }
            if Self.shown === self { Self.shown = nil }
        })
        codeButton?.onFirstOpen { [weak self] in
            guard let self, let button = self.codeButton else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: false, exclude: { [weak self] in
                self.map { Set([$0.code].compactMap { $0 }) } ?? []
            }) { [weak self] code in self?.choose(code) }
            button.popover = picker.popup
            self.codePicker = picker
        }
        anchorButton.onFirstOpen { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                self.map { Set([$0.anchor] + [$0.code].compactMap { $0 }) } ?? []
            }) { [weak self] code in self?.chooseAnchor(code) }
            self.anchorButton.popover = picker.popup
            self.anchorPicker = picker
        }
    }

    // MARK: Choices (also driven by tests)

    /// The currency whose rate is set (from Preferences).
    func choose(_ code: String) {
        self.code = code
        if code == anchor { anchor = Self.defaultAnchor(for: code, reference: ctx.state.currencies.referenceCode) }
        prefill()
        describeParts()
        check()
        valueEntry.grabFocus()
    }

    /// The currency the rate is set against.
    func chooseAnchor(_ code: String) {
        anchor = code
        describeParts()
        check()
        valueEntry.grabFocus()
    }

    /// Types `text` as the rate.
    func type(_ text: String) { valueEntry.text = text }

    /// Escape, or Cancel.
    func cancel() { dialog.respond("cancel") }

    var reason: String { reasonLine.text }

    // MARK: Checking and saving

    private func describeParts() {
        let shownCode = code ?? "\u{2026}"
        // The rate's words before its number ("1 CUP ="), the field and the anchor's button after.
        lead.text = Quote.around(shownCode, anchor, L10n.translations).before
        anchorButton.label = anchor
        anchorButton.name(Template.fill(tr("Against %@ (%@)"), anchor, ctx.name(anchor)))
        anchorButton.tooltip(ctx.name(anchor))
        let name = code.map { Template.fill(tr("Rate: how many %@ one %@ is worth"), anchor, $0) } ?? tr("Rate")
        valueEntry.accessibleLabel(name)
        if let codeButton {
            codeButton.label = code ?? tr("Choose Currency…")
            codeButton.name(code.map { Template.fill(tr("Currency: %@ (%@)"), $0, ctx.name($0)) } ?? tr("Choose a currency"))
        }
    }

    /// The rate as typed, or why it cannot be set.
    private func candidate() -> Result<UserRate, UserRateProblem>? {
        guard let code else { return nil }
        switch UserRates.parse(valueEntry.text, style: ctx.formatter.style) {
        case .failure(let problem): return .failure(problem)
        case .success(let value):
            let rate = UserRate(code: code, value: value, anchor: anchor, day: Day.today())
            var others = ctx.state.userRates
            others.remove(code)
            do { try UserRates.check(rate, among: others, table: ctx.rates) } catch { return .failure(error) }
            return .success(rate)
        }
    }

    /// Turns Set on or off, and says why a value is refused (an empty field only on Enter).
    private func check() {
        let result = candidate()
        if case .success? = result { dialog.setEnabled("set", true) } else { dialog.setEnabled("set", false) }
        showReason(result, force: false)
    }

    private func showReason(_ result: Result<UserRate, UserRateProblem>?, force: Bool) {
        switch result {
        // No currency yet: said on Enter only, whatever the field holds.
        case nil: reasonLine.show(force ? tr("Choose the currency first") : nil, forced: true)
        case .failure(let problem)?: reasonLine.show(problem.text(L10n.translations), forced: force)
        case .success?: reasonLine.show(nil, forced: force)
        }
    }

    private func save() {
        guard case .success(let rate)? = candidate() else { return }
        do {
            try ctx.setUserRate(rate)
            onSet(Template.fill(tr("Your rate for %@ is set"), rate.code))
        } catch {
            ctx.notices.toast(say(error.wording))
        }
    }
}

