import CambioCore
import CambioGLib
import Foundation

/// Preferences' "Your Rates": each rate the user set ("1 CUP = 0.0082 USD", its currency's name
/// and the day it was set under it) with buttons to change and remove it, and "Add Rate…".
@MainActor final class UserRatesGroup {
    let group: PreferencesGroup
    let addButton: Button
    /// The rows shown, by currency, in the data file's order.
    private(set) var rows: [(code: String, row: ActionRow)] = []
    private let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    private let parent: @MainActor () -> (any Widget)?
    private let toast: @MainActor (String) -> Void

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext, parent: @escaping @MainActor () -> (any Widget)?, toast: @escaping @MainActor (String) -> Void) {
        ctx = context
        self.parent = parent
        self.toast = toast
        addButton = Button(mnemonic: tr("Add _Rate…"))
        addButton.addClass("flat")
        addButton.accessibleName(tr("Add a rate of your own"))
        addButton.valign = .center
        group = PreferencesGroup(title: tr("Your Rates"),
                           description: tr("Rates you set by hand, such as a cash office’s, a pegged rate, or one for a currency no provider covers. Each is used instead of the providers’ rates for its currency."),
                           [])
        group.headerSuffix(addButton)
        addButton.onClicked { [weak self] in self?.openAdd() }
        reload()
    }

    /// The rows as the data file has them now.
    func reload() {
        let rates = ctx.state.userRates.all
        guard rates != shown else { return }
        shown = rates
        rows.forEach { group.remove($0.row) }
        rows = rates.map { ($0.code, makeRow($0)) }
        rows.forEach { group.add($0.row) }
    }

    /// The rates the rows show.
    private var shown: [UserRate] = []

    private func makeRow(_ rate: UserRate) -> ActionRow {
        let row = ActionRow(title: Self.title(rate, ctx.formatter))
        row.subtitle = "\(ctx.name(rate.code)) \u{00B7} " + Template.fill(tr("set %@"), ctx.days.string(rate.day))
        let edit = Button(icon: "document-edit-symbolic", name: Template.fill(tr("Change your rate for %@"), rate.code))
        let remove = Button(icon: "user-trash-symbolic", name: Template.fill(tr("Remove your rate for %@"), rate.code))
        for b in [edit, remove] {
            b.addClass("flat")
            b.valign = .center
            row.addSuffix(b)
        }
        row.activates(edit)
        let code = rate.code
        edit.onClicked { [weak self] in self?.openEdit(code) }
        remove.onClicked { [weak self] in self?.remove(code) }
        return row
    }

    /// "1 CUP = 0.0082 USD": the value every digit as set, in the locale's format.
    static func title(_ rate: UserRate, _ formatter: DecimalFormatter) -> String {
        say(Quote.pair(rate.code, formatter.exact(rate.value), rate.anchor))
    }

    // MARK: Actions (also driven by tests)

    @discardableResult
    func openAdd() -> UserRateDialog { open(nil) }

    @discardableResult
    func openEdit(_ code: String) -> UserRateDialog { open(code) }

    func remove(_ code: String) {
        ctx.removeUserRateSaying(code, toast: toast)
        reload()
    }

    private func open(_ code: String?) -> UserRateDialog {
        let dialog = UserRateDialog(context: ctx, code: code, parent: parent()) { [weak self] in
            self?.toast($0)
            self?.reload()
        }
        dialog.present()
        return dialog
    }
}
