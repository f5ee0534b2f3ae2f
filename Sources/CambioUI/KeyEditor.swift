import CambioCore
import CambioGLib
import CambioServices
import CGtk
import Foundation

/// The Alpha Vantage key, typed into a masked entry and saved or forgotten: the same controls in
/// the Investments page's popover and in Preferences. The key is never shown once saved.
@MainActor final class KeyEditor {
    let root: WidgetRef
    /// The masked entry the key is typed into.
    let field = PasswordEntry()
    private let status: Label
    private let stocks: () -> StockService
    /// Told after the key was saved or removed.
    var onChange: (@MainActor () -> Void)?

    init(stocks: @escaping @MainActor () -> StockService, width: Int32 = 44) {
        self.stocks = stocks
        field.accessibleLabel(tr("Alpha Vantage key"))
        field.widthChars = 24
        status = Label("", classes: ["dim-label"], wrap: true)
        status.maxWidthChars = width
        let help = Label(tr("A free key from alphavantage.co allows 25 requests a day. Cambio keeps it in a file only you can read and never shows it."),
                         wrap: true)
        help.maxWidthChars = width
        let saveButton = Button(mnemonic: tr("_Save key"))
        saveButton.addClass("suggested-action")
        let forgetButton = Button(mnemonic: tr("_Forget key"))
        let buttons = Box.horizontal(spacing: 6, [saveButton, forgetButton])
        root = Box.vertical(spacing: 8, [help, field, buttons, status]).widget
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

    private func showStatus() {
        UI.setText(status, stocks().key == nil
                   ? tr("No key saved: IBM comes from the demo key, other stocks from the bundled sample.")
                   : tr("A key is saved."))
    }

    func save() {
        let text = field.text
        do {
            try stocks().setKey(text)
            field.text = ""
            UI.setText(status, text.trimmingCharacters(in: .whitespaces).isEmpty ? tr("No key saved.") : tr("Key saved. Searches now ask Alpha Vantage."))
            onChange?()
        } catch {
            UI.setText(status, String(format: tr("Not saved: %@"), describe(error)))
        }
    }

    func forget() {
        do {
            try stocks().setKey(nil)
            UI.setText(status, tr("The key was removed from this computer."))
            onChange?()
        } catch {
            UI.setText(status, String(format: tr("Not removed: %@"), describe(error)))
        }
    }
}
