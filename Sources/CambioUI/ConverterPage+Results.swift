import CambioCore
import CambioGLib

/// The results: one row per target (its To button, amount, rate line, Copy and a menu), the
/// Add button and the refresh spinner. The list owns the rows; the page names them.
extension ConverterPage {
    @MainActor struct ResultList {
        let list = ListBox()
        /// The To buttons take one width, so the amounts line up.
        let buttonWidths: SizeGroup
        /// Its label may end in "…" on a phone in a language with long words.
        let addButton = MenuButton.ellipsizing(label: tr("Add Target Currency…"))
        let spinner = Spinner()
        let bottom: Box

        init() {
            buttonWidths = SizeGroup(whileAlive: list)
            list.addClass("boxed-list")
            list.addClass("result-list")
            list.accessibleLabel(tr("Converted amounts"))
            addButton.name(tr("Add target currency"))
            spinner.accessibleLabel(tr("Refreshing rates"))
            spinner.addClass("refreshing")
            spinner.visible = false
            bottom = Box.horizontal(spacing: 12, [addButton, spinner])
            bottom.halign = .start
        }
    }

    /// A target's row as shown.
    @MainActor final class TargetRow {
        let code: String
        let row: ListBoxRow
        let toButton: MenuButton
        let amountLabel: Label
        /// "with 2.2 % fee: 91.48 EUR": shown only while a fee is on.
        let feeLabel: Label
        let rateLabel: Label
        /// What the row shows now (nil: nothing yet).
        var shown: ConverterModel.TargetRow?
        /// The To button's picker, once opened.
        var picker: CurrencyPicker?
        init(code: String, row: ListBoxRow, toButton: MenuButton, amountLabel: Label, feeLabel: Label, rateLabel: Label) {
            self.code = code; self.row = row; self.toButton = toButton
            self.amountLabel = amountLabel; self.feeLabel = feeLabel; self.rateLabel = rateLabel
        }
    }

    func bindResults() {
        let addButton = results.addButton
        addButton.onFirstOpen { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                self?.model.addPickerExcludes ?? []
            }) { [weak self] code in self?.addTarget(code) }
            addButton.popover = picker.popup
            self.pickers.append(picker)
        }
        Reorder.altArrows(on: results.list, focused: { [weak self] in self?.focusedCode() }) { [weak self] code, offset in
            self?.moveTarget(code, by: offset)
        }
        // Ctrl+C on a result copies its amount; Delete removes the target.
        results.list.onKeyPressed { [weak self] key, modifiers in
            guard let self, let code = self.focusedCode() else { return false }
            let control = modifiers.contains(.control)
            if control && (key.isLetter("c") || key == .insert) {
                self.copyResult(code)
                return true
            }
            if !control && key == .delete {
                self.removeTarget(code)
                return true
            }
            return false
        }
    }

    /// Each row's figures, as the model has them.
    func showResults() {
        for (row, shown) in zip(rows, model.rows) where row.shown != shown {
            row.shown = shown
            UI.setText(row.amountLabel, shown.amountText)
            // Off, the line takes no room at all.
            UI.setText(row.feeLabel, shown.feeText)
            row.feeLabel.visible = !shown.feeText.isEmpty
            // Focusing a result (to copy it) reads its amount.
            row.row.accessibleLabel(shown.accessibleName)
            row.rateLabel.setClass("stale", shown.isStale)
            UI.setText(row.rateLabel, shown.rateLine)
        }
    }

    /// Builds the target rows and labels the source button after the state.
    func rebuild() {
        let focused = focusedCode()
        rows.forEach { results.list.remove($0.row) }
        rows = model.rows.map(makeRow)
        rows.forEach { results.list.append($0.row) }
        showPair()
        if let focused, let row = rows.first(where: { $0.code == focused }) { row.row.grabFocus() }
    }

    func focusedCode() -> String? {
        guard let focused = results.list.focusedRow else { return nil }
        return rows.first { $0.row.isSame(as: focused) }?.code
    }

    private func makeRow(_ target: ConverterModel.TargetRow) -> TargetRow {
        let code = target.code
        let toButton = MenuButton()
        toButton.addClass("currency-button")
        UI.setCurrency(toButton, code: code, currencyName: target.name, name: target.buttonName)
        results.buttonWidths.add(toButton)
        toButton.onFirstOpen { [weak self] in self?.openTargetPicker(toButton, code: code) }

        // On a narrow window a long amount wraps rather than widen the page; so does the rate line.
        let amountLabel = Label("", classes: ["result-amount"], xalign: 1, wrap: true)
        amountLabel.wrapMode = .wordsThenCharacters
        amountLabel.justify = .right
        amountLabel.selectable = false
        let feeLabel = Label("", classes: ["numeric"], xalign: 1, wrap: true)
        feeLabel.justify = .right
        feeLabel.visible = false
        // The rate line under the whole row: beside the currency's button it would wrap a word a
        // line on a phone, or with large text.
        let rateLabel = Label("", classes: ["rate-line"], xalign: 1, wrap: true)
        rateLabel.justify = .right
        let values = Box.vertical(spacing: 2, [amountLabel, feeLabel])
        values.hexpand = true
        values.valign = .center
        values.tooltip(tr("Drag to reorder (Alt+Up, Alt+Down)"))

        let copyButton = Button(icon: "edit-copy-symbolic", name: target.copyName)
        copyButton.onClicked { [weak self] in self?.copyResult(code) }
        copyButton.addClass("flat")
        let menu = rowMenu(code, name: target.actionsName)

        // The buttons fill the row's height, so Tab takes them left to right (see the top row).
        let top = Box.horizontal(spacing: 12, [toButton, values, copyButton, menu])
        let content = Box.vertical(spacing: 4, [top, rateLabel])
        content.margins(8, 8, 8, 12)
        let row = ListBoxRow(child: content)
        row.activatable = false
        row.accessibleLabel(target.accessibleName)
        DragAndDrop.attach(handle: values, target: row, item: code, type: DraggedValue.currencyCode) { [weak self] dragged in
            guard let self, self.model.state.targets.contains(dragged),
                  let target = self.model.state.targets.firstIndex(of: code) else { return false }
            self.moveTarget(dragged, to: target)
            return true
        }
        return TargetRow(code: code, row: row, toButton: toButton, amountLabel: amountLabel, feeLabel: feeLabel, rateLabel: rateLabel)
    }

    /// The To button's picker, made when first opened and kept by its row (so it goes when the
    /// rows are rebuilt).
    private func openTargetPicker(_ toButton: MenuButton, code: String) {
        let picker = CurrencyPicker(context: ctx, popularFirst: true, exclude: { [code] }) { [weak self] picked in
            guard let self, let i = self.model.state.targets.firstIndex(of: code) else { return }
            self.setTarget(at: i, to: picked)
        }
        toButton.popover = picker.popup
        rows.first { $0.toButton.isSame(as: toButton) }?.picker = picker
    }

    /// A row's menu: an alert on its rate, move up, move down, remove.
    private func rowMenu(_ code: String, name: String) -> MenuButton {
        let menu = MenuButton()
        menu.iconName = "view-more-symbolic"
        menu.addClass("flat")
        menu.tooltip(name)
        menu.accessibleLabel(name)
        menu.onFirstOpen { [weak self] in
            guard self != nil else { return }
            menu.popover = Popover(menu: [
                .init(tr("Rate _Alert…"), { [weak self] in self?.openAlert(to: code) }),
                .init(tr("Move _Up"), { [weak self] in self?.moveTarget(code, by: -1) }),
                .init(tr("Move _Down"), { [weak self] in self?.moveTarget(code, by: 1) }),
                .init(tr("_Remove"), { [weak self] in self?.removeTarget(code) }),
            ])
        }
        return menu
    }

    /// "Alert me when 1 USD is above … EUR" for a result's pair, pre-filled with its rate.
    @discardableResult
    func openAlert(to code: String) -> AlertDialog {
        let dialog = AlertDialog(context: ctx, from: model.state.source, to: code, parent: root.rootWidget) { [weak self] said in
            self?.ctx.notices.toast(said)
        }
        dialog.present()
        return dialog
    }
}
