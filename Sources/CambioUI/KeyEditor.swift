import CambioCore
import CambioGLib
import CambioServices
import CambioNet
import CGtk

/// The Alpha Vantage key, typed into a masked entry and saved or forgotten: the same controls in
/// the Investments page's popover and in Preferences. The key is never shown once saved.
@MainActor final class KeyEditor {
    let root: WidgetRef
    let entry: WidgetRef
    private let status: WidgetRef
    private let stocks: () -> StockService
    /// Told after the key was saved or removed.
    var onChange: (@MainActor () -> Void)?

    init(stocks: @escaping @MainActor () -> StockService, width: Int32 = 44) {
        self.stocks = stocks
        entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(cast(entry), 1)
        entry.accessibleLabel(tr("Alpha Vantage key"))
        gtk_editable_set_width_chars(cast(entry), 24)
        status = UI.label("", classes: ["dim-label"])
        gtk_label_set_wrap(cast(status), 1)
        gtk_label_set_max_width_chars(cast(status), width)
        let help = UI.label(tr("A free key from alphavantage.co allows 25 requests a day. Cambio keeps it in a file only you can read and never shows it."))
        gtk_label_set_wrap(cast(help), 1)
        gtk_label_set_max_width_chars(cast(help), width)
        var save: (@MainActor () -> Void)?
        var forget: (@MainActor () -> Void)?
        let saveButton = UI.button(label: tr("_Save key")) { save?() }
        saveButton.addClass("suggested-action")
        let forgetButton = UI.button(label: tr("_Forget key")) { forget?() }
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [saveButton, forgetButton])
        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [help, entry, buttons, status])
        save = { [weak self] in self?.save() }
        forget = { [weak self] in self?.forget() }
        Signal.connect(gpointerOf(entry), "activate") { [weak self] in self?.save() }
        showStatus()
    }

    /// Empties the entry and says whether a key is saved.
    func reset() {
        gtk_editable_set_text(cast(entry), "")
        showStatus()
    }

    var statusText: String { String(cString: gtk_label_get_text(cast(status))) }

    private func showStatus() {
        UI.setText(status, stocks().key == nil
                   ? tr("No key saved: IBM comes from the demo key, other stocks from the bundled sample.")
                   : tr("A key is saved."))
    }

    func save() {
        let text = String(cString: gtk_editable_get_text(cast(entry)))
        do {
            try stocks().setKey(text)
            gtk_editable_set_text(cast(entry), "")
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
