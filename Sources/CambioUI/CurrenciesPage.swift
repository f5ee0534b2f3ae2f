import CambioCore
import CambioGLib
import Foundation

/// The Currencies page: type an amount into any currency and every other one follows.
/// This file holds the widgets and how they are assembled; the rows and the list's editing are
/// in CurrenciesPage+Rows, the amounts and rate lines in CurrenciesPage+Values. What the page
/// shows comes from `CurrenciesModel`.
@MainActor public final class CurrenciesPage {
    public let root: AnyWidget
    let ctx: any DisplayContext & RatesContext & UserDataContext & NoticesContext
    let list: ListBox
    let scroller: ScrolledWindow
    let sourceLabel: Label
    let addButton: MenuButton
    let refreshButton: Button
    let spinner: Spinner
    /// Shown instead of the list when every currency was removed.
    /// "No Currencies", built the first time the list is empty (start-up pays nothing for it).
    private(set) var emptyState: StatusPage?
    private let content: Box
    /// Asks for fresh rates (set by the application).
    public var onRefresh: (@MainActor () -> Void)?
    var picker: CurrencyPicker?
    var rows: [String: CurrencyRow] = [:]
    /// Each row's code, to order the list by the model's order.
    var codeOfRow: [AnyWidget: String] = [:]
    /// Each code's place in the list, as the model orders it.
    var position: [String: Int] = [:]
    /// True while the page writes into entries, so those writes are not taken as typing.
    var updating = false
    /// Texts for rows out of view, written once the frame that shows the visible ones is drawn:
    /// the amount, and the amount with the fee ("": no fee line).
    var pending: [String: (amount: String, fee: String)] = [:]
    var pendingWrite: TimerHandle?
    /// Whether Ctrl+Z puts back the row removed last: from its removal until the user types.
    var undoKeyRestores = false
    /// The note the rows show on figures held while a typed text is refused (nil: none).
    var heldShown: String?
    /// "EUR removed" or "3 currencies removed", with Undo for each row it names.
    lazy var removals = UndoToast<CurrenciesModel.Removal>(
        notices: ctx.notices,
        title: { $0.count == 1 ? Template.fill(tr("%@ removed"), $0[0].code)
                 : Template.fill(trn("%d currency removed", "%d currencies removed", $0.count), String($0.count)) },
        restore: { [weak self] in self?.restore($0) })
    /// A drawing area of no height under the list, whose resize says the list's width changed.
    let widthProbe = WidthProbe()
    private var refit: TimerHandle?
    /// The probe (and the window with it) is being destroyed: no refit or late write is scheduled any more.
    private(set) var probeGone = false

    /// The list, what was typed and the rows' refusals. The list is the context's, which saves it;
    /// the context changes only its reference currency, and says so (`observeDisplay`).
    var model: CurrenciesModel {
        didSet { ctx.setCurrencies(model.list) }
    }

    init(context: any DisplayContext & RatesContext & UserDataContext & NoticesContext) {
        ctx = context
        model = CurrenciesModel(list: context.state.currencies, catalog: context.catalog,
                                formatter: context.formatter, days: context.days)
        model.fee = context.fee
        // Wraps on a narrow window rather than widening it.
        sourceLabel = Label("", classes: ["dim-label", "rates-source"], wrap: true)
        sourceLabel.hexpand = true
        addButton = MenuButton.ellipsizing(label: tr("Add Currency…"))
        addButton.tooltip(tr("Add a currency (Ctrl+N)"))
        addButton.name(tr("Add currency"))
        spinner = Spinner()
        spinner.accessibleLabel(tr("Refreshing rates"))
        spinner.addClass("refreshing")
        spinner.visible = false
        refreshButton = Button(icon: "view-refresh-symbolic", name: tr("Refresh rates (F5)"))
        spinner.valign = .center
        refreshButton.valign = .center
        addButton.valign = .center
        // The wrapping source line is asked its width first (see CurrencyRow).
        // Beside the buttons while it has a dozen characters a line; above them where it would
        // have less (large text on a phone), rather than squeezed into a column of a word a line.
        sourceLabel.widthChars = 12
        let buttons = Box.horizontal(spacing: 12, [AnyWidget(spinner), AnyWidget(refreshButton), AnyWidget(addButton)])
        buttons.halign = .end
        let toolbar = AdaptiveBox(breakpoint: 0, spacing: 8, [AnyWidget(WidthFirstBin(child: sourceLabel)), AnyWidget(buttons)])
        toolbar.margins(12, 12, 0, 12)

        list = ListBox()
        list.addClass("boxed-list")
        list.addClass("currency-list")
        list.accessibleLabel(tr("Your currencies"))
        // Tells the list's width as it changes: the amounts fit their fields again (`fitAmount`).
        widthProbe.hexpand = true
        content = Box.vertical(spacing: 0, [list, widthProbe])
        content.margins(0, 12, 12, 12)
        // Held to a readable width on wide windows; the scroll bar stays at the window's edge.
        scroller = ScrolledWindow(child: Clamp(child: content, maximum: 760), horizontal: .never)
        scroller.vexpand = true

        let page = Box.vertical(spacing: 12, [Clamp(child: toolbar, maximum: 760), scroller])
        root = AnyWidget(page)
        connect()
        buildRows()
        refreshRates()
        recalculate()
    }

    private func connect() {
        refreshButton.onClicked { [weak self] in self?.onRefresh?() }
        // The picker is built when first opened.
        addButton.onFirstOpen { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, taken: .inYourList,
                                        exclude: { [weak self] in Set(self?.model.codes ?? []) }) { [weak self] code in
                self?.add(code)
            }
            self.picker = picker
            self.addButton.popover = picker.popup
        }
        Reorder.altArrows(on: list, focused: { [weak self] in self?.focusedCode() }) { [weak self] code, offset in
            self?.move(code, by: offset)
        }
        scroller.onVerticalScroll { [weak self] in self?.flushPending() }
        // After the allocation that changed the width (no style change while allocating).
        widthProbe.onWidth { [weak self] _ in
            guard let self, self.refit == nil, !self.probeGone else { return }
            self.refit = TimerHandle.idle { [weak self] in
                self?.refit = nil
                self?.rows.values.forEach { $0.fitAmount() }
            }
        }
        // A window closed before an idle ran: its rows' fields are gone, nothing to fit or fill.
        widthProbe.on("destroy") { [weak self] in
            self?.probeGone = true
            self?.refit?.cancel()
            self?.refit = nil
            self?.pendingWrite?.cancel()
            self?.pending.removeAll()
        }
        // Ctrl+Z right after a removal puts the row back. Before the fields see it: GtkText takes
        // Ctrl+Z even with nothing to undo. After typing, it is the field's again (its own undo of
        // the typing; the toast's Undo still puts the row back).
        AnyWidget(root).onShortcut(.character("z"), .control, capture: true) { [weak self] in
            guard let self, self.undoKeyRestores else { return false }
            return self.undoRemoval()
        }
        ctx.observeRates { [weak self] in
            self?.refreshRates()
            self?.recalculate()
            self?.rebuildRowMenus()
        }
        ctx.observeDisplay { [weak self] in
            guard let self else { return }
            // The reference currency or the digits changed.
            self.model.list = self.ctx.state.currencies
            self.model.formatter = self.ctx.formatter
            self.model.fee = self.ctx.fee
            self.refreshRates()
            self.recalculate()
        }
    }

    // MARK: Reading and driving the page (also used by tests)

    public func entryText(_ code: String) -> String? { rows[code]?.entry.text }

    /// Puts text into a row's entry as typing would.
    public func type(_ text: String, into code: String) { rows[code]?.entry.text = text }

    /// Shows or hides "No Currencies" (built when first shown).
    func showEmptyState(_ show: Bool) {
        if show && emptyState == nil {
            let page = StatusPage(icon: "view-list-symbolic", title: tr("No Currencies"),
                                  description: tr("Add a currency with “Add Currency…” or Ctrl+N."))
            page.addClass("compact")
            content.append(page)
            emptyState = page
        }
        emptyState?.visible = show
    }

    /// Focuses the entry the user typed into last (or the first row).
    public func focusPrimary() {
        if let code = model.primaryCode { rows[code]?.entry.grabFocus() }
    }

    public func openPicker() { addButton.popup() }

    /// Shows the spinner while a refresh runs.
    public func setRefreshing(_ running: Bool) {
        spinner.visible = running
        spinner.spinning = running
        refreshButton.sensitive = !running
    }

    /// Updates "updated 3 h ago".
    public func refreshSourceLine() { UI.setText(sourceLabel, ctx.ratesDescription()) }

    public func setReference(_ code: String) { ctx.setReference(code) }
}

extension CurrenciesPage: RatesView {}
