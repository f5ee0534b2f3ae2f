import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// Saving and removing the Alpha Vantage key, and what to say about it: the one behaviour behind
/// the Investments page's popover (`APIKeyEditor`) and the Preferences rows (`APIKeyRows`).
@MainActor struct APIKeyKeeper {
    let stocks: () -> any StockPrices

    /// What a save or a removal did: the words for it, and whether the key changed.
    struct Outcome {
        let message: String
        let changed: Bool
    }

    var isSaved: Bool { stocks().key != nil }

    /// Whether a key is saved, in words.
    var state: String {
        isSaved ? tr("A key is saved.") : tr("No key saved: IBM comes from the demo key, other stocks from the bundled sample.")
    }

    /// Saves `text` (checked first; empty removes the key).
    func save(_ text: String) -> Outcome {
        do {
            try stocks().setKey(text)
            return Outcome(message: text.trimmingCharacters(in: .whitespaces).isEmpty ? tr("No key saved.") : tr("Key saved. Searches now ask Alpha Vantage."),
                           changed: true)
        } catch {
            return Outcome(message: Template.fill(tr("Not saved: %@"), describe(error)), changed: false)
        }
    }

    func forget() -> Outcome {
        do {
            try stocks().setKey(nil)
            return Outcome(message: tr("The key was removed from this computer."), changed: true)
        } catch {
            return Outcome(message: Template.fill(tr("Not removed: %@"), describe(error)), changed: false)
        }
    }

    static var help: String {
        tr("A free key from alphavantage.co allows 25 requests a day. Cambio keeps it in a file only you can read and never shows it.")
    }
}

/// The Alpha Vantage key, typed into a masked entry and saved or forgotten, in the Investments
/// page's popover. The key is never shown once saved.
@MainActor final class APIKeyEditor {
    let root: AnyWidget
    /// The masked entry the key is typed into.
    let field = PasswordEntry()
    private let status: Label
    private let keeper: APIKeyKeeper
    /// Told after the key was saved or removed.
    var onChange: (@MainActor () -> Void)?

    init(stocks: @escaping @MainActor () -> any StockPrices, width: Int32 = 44) {
        keeper = APIKeyKeeper(stocks: stocks)
        field.accessibleLabel(tr("Alpha Vantage key"))
        field.widthChars = 24
        status = Label("", classes: ["dim-label"], wrap: true)
        status.maxWidthChars = width
        let help = Label(APIKeyKeeper.help, wrap: true)
        help.maxWidthChars = width
        let saveButton = Button(mnemonic: tr("_Save key"))
        saveButton.addClass("suggested-action")
        let forgetButton = Button(mnemonic: tr("_Forget key"))
        let buttons = Box.horizontal(spacing: 6, [saveButton, forgetButton])
        root = AnyWidget(Box.vertical(spacing: 8, [help, field, buttons, status]))
        saveButton.onClicked { [weak self] in self?.save() }
        forgetButton.onClicked { [weak self] in self?.forget() }
        field.onActivate { [weak self] in self?.save() }
        showStatus()
    }

    /// Empties the entry and says whether a key is saved.
    func reset() {
        field.text = ""
        showStatus()
    }

    var statusText: String { status.text }

    private func showStatus() { UI.setText(status, keeper.state) }

    func save() {
        let outcome = keeper.save(field.text)
        if outcome.changed { field.text = "" }
        UI.setText(status, outcome.message)
        if outcome.changed { onChange?() }
    }

    func forget() {
        let outcome = keeper.forget()
        UI.setText(status, outcome.message)
        if outcome.changed { onChange?() }
    }
}

/// The key in Preferences: a password entry row (its apply button, or Enter, saves the key) and
/// a row saying whether a key is saved, with the button that forgets it. What happened is a
/// toast; the rows keep the lasting state (or why it failed).
@MainActor final class APIKeyRows {
    let group: PreferencesGroup
    /// The masked entry row the key is typed into.
    let field: EntryRow
    let statusRow: ActionRow
    let forgetButton: Button
    private let keeper: APIKeyKeeper
    /// Shows a toast (the preferences window's).
    private let toast: @MainActor (String) -> Void
    /// Told after the key was saved or removed.
    var onChange: (@MainActor () -> Void)?

    init(stocks: @escaping @MainActor () -> any StockPrices, toast: @escaping @MainActor (String) -> Void) {
        keeper = APIKeyKeeper(stocks: stocks)
        self.toast = toast
        field = EntryRow(title: tr("Alpha _Vantage key"), password: true, applyName: tr("Save the key"))
        forgetButton = Button(mnemonic: tr("_Forget key"))
        forgetButton.valign = .center
        statusRow = ActionRow(title: tr("Saved key"))
        statusRow.addSuffix(forgetButton)
        group = PreferencesGroup(title: tr("Alpha Vantage key (Investments)"), description: APIKeyKeeper.help, [field, statusRow])
        // The apply button, or Enter: a typed key is saved (nothing typed changes nothing).
        field.onApply { [weak self] in self?.save() }
        forgetButton.onClicked { [weak self] in self?.forget() }
        showStatus()
    }

    /// Empties the entry and says whether a key is saved.
    func reset() {
        field.clear()
        showStatus()
    }

    /// What the status row says.
    var statusText: String { statusRow.subtitle }

    private func showStatus(_ text: String? = nil) {
        statusRow.subtitle = text ?? (keeper.isSaved ? tr("A key is saved: searches ask Alpha Vantage.") : keeper.state)
        forgetButton.sensitive = keeper.isSaved
    }

    func save() {
        let text = field.text
        // An apply with nothing typed changes nothing (Forget key removes the key).
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { field.clear(); return }
        let outcome = keeper.save(text)
        guard outcome.changed else { showStatus(outcome.message); return }
        field.clear()
        showStatus()
        // Short, to fit a phone's toast; the row under the entry says what it means.
        toast(tr("Key saved"))
        onChange?()
    }

    func forget() {
        let outcome = keeper.forget()
        guard outcome.changed else { showStatus(outcome.message); return }
        showStatus()
        toast(tr("Key removed"))
        onChange?()
    }
}
