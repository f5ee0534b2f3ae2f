import CambioCore
import CambioGLib
import CambioServices
import CGtk

/// The pair's line (From, ⇄, To, the status and the spinner) and reading the pair's history.
extension HistoryPage {
    @MainActor struct PairBar {
        /// The currency buttons, and the status beside them, or below them on narrow windows.
        let root: AdaptiveBox
        let fromButton = MenuButton()
        let toButton = MenuButton()
        let swapButton = Button(icon: "object-flip-horizontal-symbolic", name: tr("Swap currencies (Ctrl+S)"))
        let status = Label("", classes: ["dim-label"], wrap: true)
        let spinner = Spinner()

        init() {
            fromButton.addClass("currency-button")
            toButton.addClass("currency-button")
            swapButton.accessibleLabel(tr("Swap currencies"))
            status.hexpand = true
            spinner.addClass("refreshing")
            spinner.accessibleLabel(tr("Loading the history"))
            let buttons = Box.horizontal(spacing: 8, [fromButton, swapButton, toButton])
            let state = Box.horizontal(spacing: 8, [status, spinner])
            state.hexpand = true
            state.valign = GTK_ALIGN_CENTER
            root = AdaptiveBox(breakpoint: 560, spacing: 12, [buttons, state])
        }
    }

    func bindPair() {
        // Its sensitivity and its work follow the page action (Ctrl+S does the same).
        pairBar.swapButton.actionName = PageAction.swap.detailed
        for (button, isFrom) in [(pairBar.fromButton, true), (pairBar.toButton, false)] {
            button.onFirstOpen { [weak self] in
                guard let self else { return }
                let picker = CurrencyPicker(context: self.ctx, popularFirst: true, exclude: { [weak self] in
                    self?.model.pickerExcludes(isFrom: isFrom) ?? []
                }) { [weak self] code in
                    guard let self, self.model.choose(code, isFrom: isFrom) else { return }
                    self.pairChanged()
                }
                button.popover = picker.popup
                self.pickers.append(picker)
            }
        }
    }

    public func swap() { setPair(from: to, to: from) }

    public func setPair(from: String, to: String) {
        guard model.setPair(from: from, to: to) else { return }
        pairChanged()
    }

    private func pairChanged() {
        showPair()
        load()
    }

    func showPair() {
        for (button, isFrom) in [(pairBar.fromButton, true), (pairBar.toButton, false)] {
            let face = model.currencyButton(isFrom: isFrom)
            UI.setCurrency(button, code: face.code, currencyName: face.name, name: say(face.spoken))
        }
    }

    // MARK: Reading

    /// Reads the pair's whole history off the main thread; the newest answer wins.
    func load() {
        let reading = model.beginLoad()
        showStatus()
        data.whenReady { [weak self] store in
            guard let self, !self.destroyed else { return }
            guard let store else {
                self.model.cannotOpen(self.data.failure)
                self.showStatus()
                return
            }
            Task { @MainActor in
                let outcome = await Task.detached { Result { try store.history(from: reading.from, to: reading.to) } }.value
                guard !self.destroyed, self.model.finish(reading, outcome) else { return }
                self.showStatus()
                guard case .success = outcome else { return }
                self.showEmptyState()
                self.showDays()
                self.showRange()
                self.updatePast()
                self.syncOnce(store)
            }
        }
    }

    /// Once per run: the ECB's days newer than the history, from Frankfurter.
    private func syncOnce(_ store: HistoryStore) {
        guard !synced, mayFetch() else { return }
        synced = true
        let sync = ctx.engine.historySync(store)
        Task { @MainActor in
            let outcome = await sync.fetchNewerDays(today: Day.today())
            guard !self.destroyed else { return }
            switch outcome {
            case .added: self.load()
            case .failed(let reason): self.onSyncFailure?(say(reason))
            case .upToDate: break
            }
        }
    }

    /// The spinner while reading, and the status line.
    private func showStatus() {
        pairBar.spinner.visible = model.isLoading
        pairBar.spinner.spinning = model.isLoading
        UI.setText(pairBar.status, model.status.map(Self.words) ?? "")
    }

    /// "Jan 4, 1999 – Oct 30, 2026 · 7,123 published days · ECB".
    private static func words(_ status: HistoryStatus) -> String {
        switch status {
        case .message(let wording):
            return say(wording)
        case .coverage(let c):
            return Template.fill(trn("%@ – %@ · %d published day · %@", "%@ – %@ · %d published days · %@", c.days),
                          c.first, c.last, String(c.days), c.sources.map(say).joined(separator: ", "))
        }
    }
}
