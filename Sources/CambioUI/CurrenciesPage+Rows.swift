import CambioCore
import CambioGLib
import Foundation

/// One currency's row: the code over the name (the drag handle), the amount with the rate line
/// under it, and the row's menu. The list owns the widgets; this only names them.
@MainActor final class CurrencyRow {
    let code: String
    let root: ListBoxRow
    let handle: Box
    let entry: Entry
    /// "with 2.2 % fee: 91.48 EUR" under a converted amount while a fee is on; hidden otherwise.
    let feeLabel: Label
    let rateLabel: Label
    let menu: MenuButton
    /// Its menu was built (it is built again when the user's rates change).
    var menuBuilt = false
    /// What the fee line says now ("": hidden).
    private(set) var feeText = ""
    private var heldNote: String?
    /// Why the typed text is refused, while it is.
    private var refusal: String?
    /// The amount's font size, an index in `sizes` (0: the normal one).
    private var sizeIndex = 0

    init(_ face: CurrencyFace) {
        code = face.code
        let nameLabel = Label(face.name, classes: ["dim-label", "currency-name"])
        nameLabel.text = face.shownName(drawable: nameLabel.draws)
        nameLabel.ellipsize = .end
        // As wide on every row, whatever the name: the amount fields line up.
        nameLabel.widthChars = 12
        nameLabel.maxWidthChars = 12
        handle = Box.vertical(spacing: 2, [Label(face.code, classes: ["currency-code"]), nameLabel])
        // Narrow enough for a phone: a long name ends in an ellipsis (the row reads it whole).
        handle.sizeRequest(width: 112, height: -1)
        handle.valign = .center
        handle.tooltip(tr("Drag to reorder (Alt+Up, Alt+Down)"))

        entry = UI.numberEntry(name: say(face.amountName), cssClass: "amount", purpose: .number)
        // As narrow as a phone needs; it takes the row's room by expanding.
        entry.widthChars = 5
        entry.hexpand = true
        // Wrapped, not cut, on a narrow window: the rate and its age stay readable.
        rateLabel = Label("", classes: ["rate-line"], xalign: 1, wrap: true)
        rateLabel.justify = .right
        // A long word (a compound, "Referenzwährung") breaks rather than widen the row.
        rateLabel.wrapMode = .wordsThenCharacters
        feeLabel = Label("", classes: ["numeric"], xalign: 1, wrap: true)
        feeLabel.justify = .right
        feeLabel.visible = false
        let amountBox = Box.vertical(spacing: 4, [entry, feeLabel, rateLabel])
        amountBox.hexpand = true

        menu = MenuButton(icon: "view-more-symbolic", name: say(face.actionsName))
        menu.addClass("flat")
        menu.valign = .center

        // Width first: the wrapping rate line is laid out for the row's width, not again for each
        // height the row tries (see WidthFirstBin).
        let content = Box.horizontal(spacing: 12, [AnyWidget(handle), AnyWidget(WidthFirstBin(child: amountBox)), AnyWidget(menu)])
        content.margins(8, 8, 8, 12)
        root = ListBoxRow(child: content)
        root.activatable = false
        root.focusable = false
        root.accessibleLabel(face.spoken)
    }

    /// Shows `text` in the amount field, unless it shows it already (the cursor stays put). A
    /// figure the page wrote is not the user's edit: Ctrl+Z in the field does not bring back an
    /// earlier one, or an empty field.
    func setAmount(_ text: String) {
        guard entry.text != text else { return }
        entry.replaceText(text)
        fitAmount(text)
    }

    /// The font sizes an amount may take (style.css: `entry.amount`, `.smaller`, `.smallest`, `.tiny`), as
    /// fractions of the normal one, and their classes.
    private static let sizes: [(scale: Double, cssClass: String?)] = [(1, nil), (1.0 / 1.2, "smaller"), (0.85 / 1.2, "smallest"),
                                                                      (0.7 / 1.2, "tiny")]

    /// A smaller font for an amount wider than its field (a phone's width, IRR or VND amounts):
    /// every digit stays in view, as GNOME Calculator does, rather than the end being cut.
    /// Measured at the field's width now; the page calls it again when the list's width changes.
    /// `text`: the field's text, when the caller has it.
    func fitAmount(_ text: String? = nil) {
        let text = text ?? entry.text
        // Short amounts fit any field the page lays out (about 12 digits at 360 px): no measuring
        // on a keystroke's path for them.
        guard text.count > 9 || sizeIndex != 0 else { return }
        let room = Double(entry.textAreaWidth) - 2
        guard room > 0, let layout = TextLayout(text, in: entry) else { return }
        let natural = layout.size.width / Self.sizes[sizeIndex].scale
        let chosen = Self.sizes.firstIndex { natural * $0.scale <= room } ?? Self.sizes.count - 1
        guard chosen != sizeIndex else { return }
        if let old = Self.sizes[sizeIndex].cssClass { entry.removeClass(old) }
        if let new = Self.sizes[chosen].cssClass { entry.addClass(new) }
        sizeIndex = chosen
    }

    /// The fee line ("" hides it: no room taken); the amount field's description says it too.
    func setFee(_ text: String) {
        guard text != feeText else { return }
        feeText = text
        feeLabel.text = text
        feeLabel.visible = !text.isEmpty
        describe()
    }

    /// Why the amount shown is an earlier amount's conversion (another row's text is refused),
    /// or nil: the amount is set in italics and its description says so.
    func setHeld(_ note: String?) {
        guard note != heldNote else { return }
        heldNote = note
        entry.setClass("held", note != nil)
        describe()
    }

    /// The amount field's state for a screen reader: invalid with the reason when its text is
    /// refused; else its description is why its figure is held, and its fee line.
    private func describe() {
        let said = [heldNote, feeText.isEmpty ? nil : feeText].compactMap { $0 }.joined(separator: ". ")
        entry.markInvalid(refusal, otherwise: said)
    }

    /// Whether the amount takes input: a currency without a rate says so instead.
    func setHasRate(_ hasRate: Bool) {
        entry.sensitive = hasRate
        entry.placeholder = hasRate ? nil : tr("No rate")
        entry.setClass("no-rate", !hasRate)
    }

    /// The line under the amount, in `words`' language; a refused text marks the amount too.
    func show(_ line: CurrencyRateLine, _ words: Translations) {
        refusal = line.isRefused ? line.text(words) : nil
        describe()
        rateLabel.setClass("error", line.isRefused)
        // A refusal leaves the rate's colour as it was: the error's shows.
        if !line.isRefused { rateLabel.setClass("stale", line.isStale) }
        UI.setText(rateLabel, line.text(words))
    }
}

extension CurrenciesPage {
    // MARK: Editing

    public func add(_ code: String) {
        guard model.add(code) else { return }
        showNewRow(code)
        // Its removal's Undo has nothing left to do.
        removals.drop(where: { $0.code == code }, why: Template.fill(tr("%@ added"), code))
    }

    /// The row of a currency the model has just taken in, at its place, with its figures, focused.
    private func showNewRow(_ code: String) {
        updatePositions()
        let row = makeRow(code)
        list.append(row.root)
        list.reorder()
        refreshRates()
        recalculate()
        showEmptyState()
        row.entry.grabFocus()
    }

    /// The list, or the empty state when there is no currency left.
    func showEmptyState() {
        showEmptyState(model.codes.isEmpty)
        list.visible = !model.codes.isEmpty
    }

    /// Removes the row, and says so with a way back: the toast's Undo (which puts back every row
    /// removed while it shows), or Ctrl+Z (the last one).
    public func remove(_ code: String) {
        guard model.remove(code), let row = rows.removeValue(forKey: code) else { return }
        codeOfRow[AnyWidget(row.root)] = nil
        list.remove(row.root)
        showEmptyState()
        focusPrimary()
        undoKeyRestores = true
        guard let removal = model.lastRemoval else { return }
        removals.add(removal)
    }

    /// Ctrl+Z: puts the row removed last back where it was, its amount following the others,
    /// and focuses it; false when there is nothing to undo.
    @discardableResult
    public func undoRemoval() -> Bool {
        undoKeyRestores = false
        guard let removal = model.lastRemoval else { return false }
        return restore(removal)
    }

    /// Puts a removed row back where it was (Ctrl+Z, or the toast's Undo); false when it is in
    /// the list again.
    @discardableResult
    func restore(_ removal: CurrenciesModel.Removal) -> Bool {
        guard let code = model.restore(removal) else { return false }
        if model.lastRemoval == nil { undoKeyRestores = false }
        showNewRow(code)
        removals.drop(where: { $0 == removal }, why: Template.fill(tr("%@ restored"), code))
        return true
    }

    public func move(_ code: String, by offset: Int) {
        guard model.move(code, by: offset) else { return }
        applyOrder(keepFocusOn: code)
    }

    public func move(_ code: String, to index: Int) {
        model.move(code, to: index)
        applyOrder(keepFocusOn: nil)
    }

    // MARK: Building

    func buildRows() {
        list.order { [weak self] row in
            guard let self, let code = self.codeOfRow[AnyWidget(row)] else { return Int.max }
            return self.position[code] ?? Int.max
        }
        updatePositions()
        for code in model.codes { list.append(makeRow(code).root) }
        showEmptyState()
    }

    /// Each code's place, for the list's order (before a row is added or the rows move).
    private func updatePositions() {
        position = Dictionary(uniqueKeysWithValues: model.codes.enumerated().map { ($1, $0) })
    }

    /// Puts the rows in the model's order; they move without leaving the list.
    private func applyOrder(keepFocusOn code: String?) {
        let focused = code ?? focusedCode()
        updatePositions()
        list.reorder()
        if let focused { rows[focused]?.entry.grabFocus() }
    }

    func focusedCode() -> String? {
        list.focusedRow.flatMap { codeOfRow[AnyWidget($0)] }
    }

    private func makeRow(_ code: String) -> CurrencyRow {
        let row = CurrencyRow(model.face(code))
        rows[code] = row
        codeOfRow[AnyWidget(row.root)] = code
        row.entry.onChanged { [weak self] in self?.typed(into: code) }
        row.entry.selectAllOnClickFocus()
        // The menu is built when first opened: start-up pays nothing for it.
        let menu = row.menu
        menu.onFirstOpen { [weak self, weak row] in
            guard let self else { return }
            menu.popover = self.makeRowMenu(code)
            row?.menuBuilt = true
        }
        // Drag and drop to reorder: the code and name are the handle. Only a dragged currency
        // is accepted: the entries' own text drops never see it.
        DragAndDrop.attach(handle: row.handle, target: row.root, item: code,
                            type: DraggedValue.currencyCode) { [weak self] dragged in
            guard let self, self.model.drop(dragged, on: code) else { return false }
            self.applyOrder(keepFocusOn: nil)
            return true
        }
        return row
    }

    private func makeRowMenu(_ code: String) -> Popover {
        var items: [Popover.MenuItem] = [
            .init(tr("Use as _Reference"), { [weak self] in self?.setReference(code) }),
            .init(tr("Set _Your Rate…"), { [weak self] in self?.openUserRate(code) }),
        ]
        if ctx.state.userRates[code] != nil {
            items.append(.init(tr("Remove Your Ra_te"), { [weak self] in self?.removeUserRate(code) }))
        }
        return Popover(menu: items + [
            .init(tr("Move _Up"), { [weak self] in self?.move(code, by: -1) }),
            .init(tr("Move _Down"), { [weak self] in self?.move(code, by: 1) }),
            .init(tr("_Remove"), { [weak self] in self?.remove(code) }),
        ])
    }

    // MARK: Your own rates

    /// The row menus say whether each currency has a rate of the user's.
    func rebuildRowMenus() {
        for (code, row) in rows where row.menuBuilt { row.menu.popover = makeRowMenu(code) }
    }

    /// "Set Your Rate…": the dialog over the window, for `code`.
    @discardableResult
    func openUserRate(_ code: String) -> UserRateDialog {
        let dialog = UserRateDialog(context: ctx, code: code, parent: list.rootWidget) { [weak self] in self?.ctx.notices.toast($0) }
        dialog.present()
        return dialog
    }

    /// "Remove Your Rate": the providers' rate is back at once.
    func removeUserRate(_ code: String) {
        ctx.removeUserRateSaying(code) { [weak self] in self?.ctx.notices.toast($0) }
    }
}
