import CambioCore
import CambioGLib
import CambioServices

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
        /// The institutions behind the pair's history, one click away.
        let sourcesButton = MenuButton(icon: "view-list-bullet-symbolic", name: tr("Who published these rates"))
        let sourcesList = Label("", wrap: true)

        init() {
            fromButton.addClass("currency-button")
            toButton.addClass("currency-button")
            swapButton.accessibleLabel(tr("Swap currencies"))
            status.hexpand = true
            spinner.addClass("refreshing")
            spinner.accessibleLabel(tr("Loading the history"))
            let buttons = Box.horizontal(spacing: 8, [fromButton, swapButton, toButton])
            sourcesButton.visible = false
            sourcesButton.valign = .center
            sourcesList.margins(6, 6, 6, 6)
            sourcesList.sizeRequest(width: 240, height: -1)
            sourcesButton.popover = Popover(child: sourcesList)
            let state = Box.horizontal(spacing: 8, [status, spinner, sourcesButton])
            state.hexpand = true
            state.valign = .center
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
        // What the pair before needed is no longer asked for.
        fetches.cancel()
        fetchedKey = ""
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

    /// Reads the pair's whole history on the store's thread; the newest answer wins.
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
            let institution = self.ctx.engine.preferences.officialSource
            Task { @MainActor in
                let outcome = await store.pair(from: reading.from, to: reading.to, institution: institution)
                guard !self.destroyed, self.model.finish(reading, outcome) else { return }
                guard case .success = outcome else { self.showStatus(); return }
                // Asked first, so that a pair not fetched yet says so rather than "no rate".
                self.syncOnce(store)
                self.showStatus()
                self.showEmptyState()
                self.showDays()
                self.showRange()
                self.updatePast()
            }
        }
    }

    /// Once per run: the ECB's days newer than the history, from Frankfurter; and whenever a
    /// pair, a range or a past date asks for days not fetched yet, the pair's official history.
    private func syncOnce(_ store: any RateHistory) {
        fetchPair(store)
        guard !synced, mayFetch() else { return }
        synced = true
        let sync = store
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

    /// What the page asks Frankfurter for now: the pair, the source of official rates and the
    /// days its range, list and past date need.
    private func wanted() -> (key: String, institution: String?, spans: [(first: Day, last: Day, group: FrankfurterV2.Grouping?)]) {
        let institution = ctx.engine.preferences.officialSource
        let spans = model.wantedSpans(today: Day.today())
        let key = "\(model.from)/\(model.to)/\(institution ?? "")/"
            + spans.map { "\($0.first.iso)…\($0.last.iso)\($0.group?.rawValue ?? "")" }.joined(separator: ",")
        return (key, institution, spans)
    }

    /// Asks Frankfurter for the days of the pair the page shows that were not asked before
    /// (nothing when the network is off: the page shows what is known, and says so). A fetch
    /// under way for other days is cancelled, its request with it.
    func fetchPair(_ store: any RateHistory) {
        let (key, institution, wanted) = self.wanted()
        guard key != fetchedKey else { return }
        fetches.cancel()
        fetchFailure = nil
        fetchNote = nil
        let (from, to) = (model.from, model.to)
        let asks = FrankfurterV2.asks(from, to, institution: institution)
        guard mayFetch() else {
            fetchNote = asks ? Wording("Network access is off: the days fetched before are shown") : nil
            showStatus()
            return
        }
        fetchedKey = key
        guard asks else { showStatus(); return }
        let sync = store
        fetches.start {
            var outcome = HistorySync.PairOutcome()
            for span in wanted where !Task.isCancelled {
                let part = await sync.fetchPair(from: from, to: to, start: span.first, end: span.last, institution: institution,
                                                today: Day.today(), group: span.group)
                outcome.added += part.added
                outcome.institutionLacks = outcome.institutionLacks || part.institutionLacks
                if outcome.failure == nil { outcome.failure = part.failure }
            }
            return outcome
        } apply: { [weak self] outcome in
            guard let self, !self.destroyed else { return }
            // The pair, its range, its past date or the source changed meanwhile: what they need
            // is asked now (what this fetch stored is read with it).
            guard self.wanted().key == key else {
                if outcome.added > 0 { self.load() } else { self.fetchPair(store) }
                return
            }
            if let institution, outcome.institutionLacks {
                self.fetchNote = Wording("%@ does not publish %@/%@: the average of the central banks is shown",
                                         .verbatim(Institution.name(institution)), .verbatim(from), .verbatim(to))
            }
            if let failure = outcome.failure {
                let words = Template.fill(tr("Could not fetch the history of %@/%@ from Frankfurter: %@"), from, to, say(failure))
                self.fetchFailure = words
                self.onSyncFailure?(words)
            }
            if outcome.added > 0 {
                self.load()
            } else {
                self.showStatus()
                self.showEmptyState()
            }
        }
        showStatus()
    }

    /// The spinner while reading, and the status line.
    func showStatus() {
        let busy = model.isLoading || fetching
        pairBar.spinner.visible = busy
        pairBar.spinner.spinning = busy
        var lines = [model.status.map(Self.words) ?? ""]
        if fetching {
            lines.append(Template.fill(tr("Fetching the official history of %@/%@ from Frankfurter…"), model.from, model.to))
        } else if let fetchNote {
            lines.append(say(fetchNote))
        }
        if data.waitingForLock {
            lines.append(tr("Waiting for the rate history: another program is writing to it. What is new is written once it is done."))
        }
        UI.setText(pairBar.status, lines.filter { !$0.isEmpty }.joined(separator: "\n"))
        showInstitutions()
    }

    /// The institutions behind the history shown, in the sources button's popover.
    private func showInstitutions() {
        let list = model.institutions
        pairBar.sourcesButton.visible = !list.isEmpty
        guard !list.isEmpty else { return }
        let lines = list.map { item in
            Template.fill(trn("%@ (%@): %d day", "%@ (%@): %d days", item.days), item.name, item.key, String(item.days))
        }
        UI.setText(pairBar.sourcesList, ([tr("Published by")] + lines).joined(separator: "\n"))
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
