@testable import CambioUI
import CambioCore
import CambioGLib

// What the UI tests read of the pages and drive on them beyond what a user does through the
// widgets: kept here, not in the product.

extension InvestmentsPage {
    func figureHasClass(_ key: String, _ cls: String) -> Bool { results.figures[key]?.hasClass(cls) ?? false }

    var startMonths: [Month] { model.months }

    func setAmounts(initial: String, monthly: String) {
        plan.initialEntry.text = initial
        plan.monthlyEntry.text = monthly
    }

    /// Whether the results are beside the chart (false: above it), as last laid out.
    var resultsBesideChart: Bool { results.row.isWide }

    var searchNoteText: String { search.note.text }

    /// Whether the page shows "Choose a Stock" (tests).
    var showsEmptyState: Bool { emptyState.visible }
    var searchEntry: SearchEntry { search.entry }
    var initialEntry: Entry { plan.initialEntry }
    var monthlyEntry: Entry { plan.monthlyEntry }
    var startDrop: DropDown { plan.startDrop }
    var startScale: Scale { plan.startScale }
    var referenceCheck: CheckButton { plan.referenceCheck }
    var keyButton: MenuButton { search.keyButton }
    /// What the problem line says (tests).
    var problem: String { plan.problem.visible ? plan.problem.text : "" }
    /// The stocks the last search found, in order (tests).
    var found: [StockInfo] { model.found.map(\.stock) }
}

extension HistoryPage {
    /// Whether the days are beside the chart (false: above it), as last laid out.
    var daysBesideChart: Bool { middle.isWide }

    var pastText: String { pastPart.result.text }

    /// True while the pair's official history is being fetched from Frankfurter.
    var isFetching: Bool { fetching }

    /// The institutions' list behind the "Who published these rates" button (empty when hidden).
    var institutionsText: String { pairBar.sourcesButton.visible ? pairBar.sourcesList.text : "" }

    func setPastAmount(_ text: String) { pastPart.amount.text = text }

    /// Whether the page says the pair has no history.
    var showsEmptyState: Bool { emptyState.visible }
    var pastDay: Day { model.pastDay }
    var statsText: String { chartPart.stats.text }
    var pointText: String { chartPart.point.text }
    var statusText: String { pairBar.status.text }
    /// The ⇄ button (Ctrl+S).
    var swapButton: Button { pairBar.swapButton }
}

extension FavouritesPanel {
    var isOpen: Bool { popup?.popover.visible ?? false }

    /// The list's popover, once built .
    var listPopover: Popover? { popup?.popover }

    /// The empty state's title and description, as shown.
    var emptyStateText: (title: String, details: String)? {
        guard let popup, popup.emptyState.visible else { return nil }
        return (popup.emptyState.title, popup.emptyState.details)
    }

    /// The pairs the open list shows (after its search).
    var listedPairs: [FavouritePair] { shown.map(\.pair) }

    /// The pairs of the chips on the page.
    var chipPairs: [FavouritePair] { model.chips.map(\.pair) }

    /// The list's search field, once built.
    var searchField: SearchEntry? { popup?.searchEntry }

    func setQuery(_ text: String) {
        popup?.searchEntry.text = text
        fill()
    }

    /// Whether the list shows its empty state (nothing to list) rather than rows.
    var emptyStateShown: Bool { popup?.emptyState.visible ?? false }

    /// The status page shown instead of the list, once built (tests measure it).
    var emptyState: InlineStatus? { popup?.emptyState }
}

extension UserRateDialog {
    var canSet: Bool { dialog.isEnabled("set") }
}

extension DayPickerView {
    /// The month shown ("October 2026").
    var monthShown: String { picker.title }
}

extension ConverterPage {
    /// The last toast the page showed.
    var noticeText: String { ctx.notices.toasts.last ?? "" }

    var shownTargets: [String] { rows.map(\.code) }

    /// Whether the amount and its buttons are on one line (false: the buttons under the amount).
    var amountBarIsWide: Bool { amountBar.root.isWide }

    /// Whether the favourites' list shows its empty state (no favourites, or none found).
    var favouritesEmptyStateShown: Bool { favourites.emptyStateShown }

    var debouncePending: Bool { typingPause.isPending }

    var evaluatedText: String { amountBar.evaluatedLabel.text }
    var fromButtonName: String { model.fromButtonName }
    var amountHasError: Bool { amountEntry.hasClass("error") }
    var isStarred: Bool { model.isStarred }
    func resultText(_ code: String) -> String? { rows.first { $0.code == code }?.amountLabel.text }
    func rateText(_ code: String) -> String? { rows.first { $0.code == code }?.rateLabel.text }
    /// The line with the fee under a result: nil while it is hidden (no fee, or no amount).
    func feeText(_ code: String) -> String? {
        rows.first { $0.code == code }.flatMap { $0.feeLabel.visible ? $0.feeLabel.text : nil }
    }
}

extension FeeRows {
    /// What the line under the rows says ("" while hidden).
    var problemText: String { problemLabel.visible ? problemLabel.text : "" }
}

extension Notices {
    /// Everything the line can say now (every state's title and details).
    var stateText: String {
        State.allCases.compactMap { states[$0] }.map { [$0.title, $0.details].filter { !$0.isEmpty }.joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// Every state and toast said so far.
    var text: String { ([stateText] + toasts).filter { !$0.isEmpty }.joined(separator: "\n") }

    /// The latest toast, while it shows or waits its turn (nil once it is gone).
    var toastShown: String? { current.flatMap { $0.dismissed ? nil : $0.title } }

    /// The button of the toast on screen (tests press it).
    var toastButtonShown: AnyWidget? { overlay?.shownButton }

    /// Whether the latest toast has a button (nil: no toast).
    var toastHasButton: Bool? { current.flatMap { $0.dismissed ? nil : $0.hasButton } }

    /// The title the status line shows (nil while it is hidden or no window is attached).
    var lineTitle: String? { line?.isShown == true ? line?.titleText : nil }

    /// The status line's details and action, as shown.
    var lineDetails: String? { line?.detailsText }

    var lineAction: String? { line?.actionLabel }

    /// Puts away the state shown, as its close button does.
    func dismissShown() { line?.dismiss() }

    /// The status line itself (layout tests).
    var statusLine: StatusLine? { line }
}

extension StatusLine {
    var detailsControl: MenuButton { strip.detailsButton }

    var detailsText: String { built?.details.text ?? "" }

    var actionLabel: String? { built.flatMap { $0.actionButton.visible ? $0.actionButton.mnemonic : nil } }

    var titleText: String { built?.title.text ?? "" }

    /// The title and the Details button, for layout tests (built if no state has shown yet).
    var titleLabel: Label { strip.title }
}

extension CalculatorPage {
    var expressionText: String { expressionLabel.text }

    /// Whether the rate line is in the stale colour.
    var rateIsMarkedStale: Bool { rateLabel.hasClass("stale") }

    var historyTexts: [String] { model.history.entries.map { model.historyLine($0, calculator: calculator) } }

    /// Whether the history is beside the keypad (false: under it).
    var historyBesideKeypad: Bool { panes.isWide }

    var resultText: String { resultLabel.text }
    var rateText: String { rateLabel.text }
    var hasError: Bool { resultLabel.hasClass("error") }
    /// What a keypad key does, by its text: "7", "+", "=", "AC"...
    func press(_ key: String) { keypadButtons.first { $0.text == key }?.action(self) }
}

extension AppContext {
    /// A change is waiting to be saved.
    var savePending: Bool { saveTimer?.isPending ?? false }
}

extension CurrencyRow {
    /// Whether the amount shown is wider than its field (cut off).
    var amountIsCut: Bool {
        guard let layout = TextLayout(entry.text, in: entry) else { return false }
        return layout.size.width > Double(entry.textAreaWidth)
    }
}

extension CurrenciesPage {
    /// The codes in the order the page shows them.
    var shownCodes: [String] { list.rows.compactMap { codeOfRow[AnyWidget($0)] } }
    func rateText(_ code: String) -> String? { rows[code]?.rateLabel.text }
    /// The fee line under a row's amount; nil while it is hidden.
    func feeText(_ code: String) -> String? {
        rows[code].flatMap { $0.feeLabel.visible ? $0.feeLabel.text : nil }
    }
    func hasError(_ code: String) -> Bool { rows[code]?.entry.hasClass("error") ?? false }
    func focusEntry(_ code: String) { rows[code]?.entry.grabFocus() }
    var sourceText: String { sourceLabel.text }
    /// Whether the page shows its empty state (no currencies) instead of the list.
    var showsEmptyState: Bool { emptyState?.visible ?? false }
}

extension CurrencyPicker {
    /// The codes shown, in order (tests).
    var shownCodes: [String] { choices.shown }
}
