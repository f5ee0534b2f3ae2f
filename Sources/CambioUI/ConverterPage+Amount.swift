import CambioCore
import CambioGLib

/// The amount line: the amount and what it evaluates to, the From button, swap, the star and
/// the pair's history.
extension ConverterPage {
    @MainActor struct AmountBar {
        /// One row on a wide window; on a narrow one the amount, then the buttons under it.
        let root: AdaptiveBox
        let amountEntry = UI.numberEntry(name: tr("Amount"), tooltip: tr("An amount, or a calculation such as 12.5*4"),
                                         cssClass: "amount", purpose: .number)
        let evaluatedLabel = Label("", classes: ["evaluated"], xalign: 1)
        let fromButton = MenuButton()
        let swapButton = Button(icon: "object-flip-horizontal-symbolic", name: tr("Swap currencies (Ctrl+S)"))
        let starButton = Button(icon: "non-starred-symbolic", name: tr("Add to favourites (Ctrl+D)"))
        let historyButton = Button(icon: "document-open-recent-symbolic", name: tr("History of this pair"))

        init() {
            amountEntry.widthChars = 6
            amountEntry.hexpand = true
            evaluatedLabel.ellipsize = .start
            evaluatedLabel.widthChars = 8
            evaluatedLabel.maxWidthChars = 22
            fromButton.addClass("currency-button")
            swapButton.accessibleLabel(tr("Swap currencies"))
            starButton.accessibleLabel(tr("Add favourite"))
            let amount = Box.vertical(spacing: 4, [amountEntry, evaluatedLabel])
            amount.hexpand = true
            // The buttons have one height, so Tab takes them left to right (GTK orders the focus by
            // each widget's vertical centre, then by x). Their holder fills the row's height as the
            // amount does, so the amount comes first.
            let buttons = Box.horizontal(spacing: 8, [fromButton, swapButton, starButton, historyButton])
            buttons.valign = .start
            let holder = Box.horizontal([buttons])
            root = AdaptiveBox(breakpoint: 480, spacing: 8, [amount, holder])
        }
    }

    func bindAmount() {
        let bar = amountBar
        // Their sensitivity and their work follow the page actions (Ctrl+S, Ctrl+D do the same).
        bar.swapButton.actionName = PageAction.swap.detailed
        bar.starButton.actionName = PageAction.toggleFavourite.detailed
        bar.historyButton.onClicked { [weak self] in
            guard let self else { return }
            self.onShowHistory?(self.model.state.currentPair)
        }
        bar.fromButton.onFirstOpen { [weak self] in
            guard let self else { return }
            let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                self?.model.sourcePickerExcludes ?? []
            }) { [weak self] code in self?.setSource(code) }
            bar.fromButton.popover = picker.popup
            self.pickers.append(picker)
        }
        bar.amountEntry.onChanged { [weak self] in self?.typed() }
        bar.amountEntry.onActivate { [weak self] in self?.typingPause.flush() }
        bar.amountEntry.selectAllOnClickFocus()
    }

    /// The amount's error mark and the line under it.
    func showAmount() {
        amountEntry.markInvalid(model.amountHasError ? model.evaluatedText : nil)
        amountBar.evaluatedLabel.setClass("error", model.amountHasError)
        UI.setText(amountBar.evaluatedLabel, model.evaluatedText)
    }

    /// The From button and the star, after the pair.
    func showPair() {
        let source = model.state.source
        UI.setCurrency(amountBar.fromButton, code: source, currencyName: model.name(source), name: model.fromButtonName)
        showStar()
    }

    /// The star: filled when the pair is a favourite; pressing it then takes the pair out.
    func showStar() {
        starButton.iconName = model.isStarred ? "starred-symbolic" : "non-starred-symbolic"
        starButton.tooltip(model.starTooltip)
        starButton.accessibleLabel(model.starName)
    }
}
