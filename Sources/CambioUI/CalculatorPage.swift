import CambioCore
import CambioGLib
import CambioServices
import Foundation

/// The Calculator page: an exact calculator with a keypad, the session's history, and
/// conversions typed as text ("100 USD to EUR").
@MainActor public final class CalculatorPage {
    public let root: AnyWidget
    let ctx: any DisplayContext & RatesContext
    /// The rules, with the formatter of the moment (Preferences may change its decimal places).
    var calculator: Calculator { Calculator(formatter: ctx.formatter, catalog: ctx.catalog) }
    let entry: Entry
    let expressionLabel: Label
    let resultLabel: Label
    let rateLabel: Label
    private let historyList: ListBox
    private let historyScroller: ScrolledWindow
    private let historyEmpty: Label
    /// The keypad and the history: side by side, or the history under the keypad when narrow.
    let panes: AdaptiveBox
    /// What the keys and = do, the last result and the history (CambioCore).
    private(set) var model = CalculatorModel()
    /// Sends an amount (and a currency pair, for a conversion) to the Converter.
    var onConvert: (@MainActor (String, FavouritePair?) -> Void)?

    init(context: any DisplayContext & RatesContext) {
        ctx = context
        entry = UI.numberEntry(name: tr("Calculation"), tooltip: tr("A calculation, or a conversion such as 100 USD to EUR"),
                               cssClass: "calculator-entry")
        entry.placeholder = tr("12*3, 100 USD to EUR")
        expressionLabel = Label("", classes: ["dim-label", "calculator-expression"], xalign: 1)
        expressionLabel.ellipsize = .start
        resultLabel = Label("", classes: ["calculator-result"], xalign: 1, wrap: true)
        UI.copyable(resultLabel)
        // Named even while empty (GTK 4.8 would say "GtkLabel"); its text is the result.
        resultLabel.accessibleName(tr("Result"))
        resultLabel.wrapMode = .characters
        rateLabel = Label("", classes: ["rate-line"], xalign: 1, wrap: true)
        rateLabel.justify = .right
        let display = Box.vertical(spacing: 4, [expressionLabel, entry, resultLabel, rateLabel])
        display.accessibleLabel(tr("Display"))

        historyList = ListBox()
        historyList.addClass("boxed-list")
        // The card is as tall as its rows, not the whole pane.
        historyList.valign = .start
        historyList.accessibleLabel(tr("History"))
        historyEmpty = Label(tr("Calculations of this session appear here; click one to use its result."), classes: ["dim-label"], wrap: true)
        historyScroller = ScrolledWindow(child: historyList, horizontal: .never)
        historyScroller.vexpand = true
        // Under the keypad (the page scrolls) it is as tall as its rows, up to a point.
        historyScroller.propagateNaturalHeight = true
        historyScroller.maxContentHeight = 320

        let keypad = Grid(rowSpacing: 6, columnSpacing: 6)
        keypad.rowHomogeneous = true
        keypad.columnHomogeneous = true
        keypad.addClass("keypad")
        // Calculators keep their keys' order under Arabic too: 7 8 9 from the left, = at the right
        // (each key's label likewise, below).
        keypad.keepLeftToRight()
        let (historyPane, clearButton) = Self.historyPane(historyEmpty, historyScroller)
        panes = AdaptiveBox(breakpoint: 560, spacing: 18, [keypad, historyPane])
        panes.vexpand = true
        let content = Box.vertical(spacing: 18, [display, panes])
        content.margins(12, 12, 12, 12)
        root = AnyWidget(UI.page(content, maximum: 960))

        buildKeypad(keypad)
        clearButton.onClicked { [weak self] in
            self?.model.clearHistory()
            self?.showHistory()
        }
        entry.onActivate { [weak self] in self?.equals() }
        historyList.onRowActivated { [weak self] row in self?.useHistory(Int(row.index)) }
        entry.onKeyPressed(capture: true) { [weak self] key, modifiers in self?.keyPressed(key, modifiers) ?? false }
        // Typed while a keypad key has the focus (a keyboard user on the keypad), a character goes
        // into the display as that key's would; Space and Enter still press the focused key.
        keypad.onKeyPressed { [weak self] key, modifiers in self?.keypadKeyPressed(key, modifiers) ?? false }
        // A click in the display places the cursor to edit what is there.
        entry.onPress { [weak self] _, _, _ in self?.model.edited() }
        showHistory()
        ctx.observeDisplay { [weak self] in self?.rewriteResults() }
    }

    /// The session's calculations, newest first, and the button that clears them.
    private static func historyPane(_ empty: Label, _ list: ScrolledWindow) -> (Box, Button) {
        let clearButton = Button(mnemonic: tr("C_lear History"))
        let pane = Box.vertical(spacing: 8, [Label(tr("History"), classes: ["heading"]), empty, list, clearButton])
        pane.sizeRequest(width: 200, height: -1)
        pane.hexpand = true
        return (pane, clearButton)
    }

    /// Writes the results shown again (Preferences changed the decimal places).
    private func rewriteResults() {
        showHistory()
        if model.showsResult(text), let last = model.last { setResult(calculator.display(last.result), error: false) }
    }

    // MARK: Reading and driving the page (also used by tests)

    public var text: String { entry.text }

    public func type(_ text: String) { entry.text = text }
    public func focusPrimary() { entry.grabFocus() }

    /// A history entry's exact result, put into the display as a keypad key would.
    public func useHistory(_ index: Int) {
        guard model.history.entries.indices.contains(index) else { return }
        insert(calculator.exact(model.history.entries[index].result.value))
    }

    // MARK: Keys

    struct KeypadButton {
        let text: String
        let name: String
        let column: Int32, row: Int32, width: Int32
        let classes: [String]
        let action: @MainActor (CalculatorPage) -> Void
    }

    private(set) var keypadButtons: [KeypadButton] = []
    /// The keypad's buttons, by their text.
    private(set) var keyWidgets: [String: Button] = [:]

    private func buildKeypad(_ grid: Grid) {
        let mark = String(ctx.formatter.style.decimalSeparator)
        func k(_ text: String, _ name: String, _ column: Int32, _ row: Int32, width: Int32 = 1, _ classes: [String] = [],
               _ action: @escaping @MainActor (CalculatorPage) -> Void) {
            keypadButtons.append(KeypadButton(text: text, name: name, column: column, row: row, width: width, classes: classes, action: action))
        }
        k("AC", tr("Clear all"), 0, 0, ["destructive-action"]) { $0.clearAll() }
        k("C", tr("Clear entry"), 1, 0) { $0.clearEntry() }
        k("\u{232B}", tr("Backspace"), 2, 0) { $0.backspace() }
        k("÷", tr("Divide"), 3, 0, ["operator"]) { $0.insert("÷") }
        k("(", tr("Open parenthesis"), 0, 1) { $0.insert("(") }
        k(")", tr("Close parenthesis"), 1, 1) { $0.insert(")") }
        k("%", tr("Percent"), 2, 1) { $0.insert("%") }
        k("×", tr("Multiply"), 3, 1, ["operator"]) { $0.insert("×") }
        for (i, digit) in ["7", "8", "9", "4", "5", "6", "1", "2", "3"].enumerated() {
            k(digit, digit, Int32(i % 3), Int32(2 + i / 3), ["digit"]) { $0.insert(digit) }
        }
        k("−", tr("Minus"), 3, 2, ["operator"]) { $0.insert("−") }
        k("+", tr("Plus"), 3, 3, ["operator"]) { $0.insert("+") }
        k("\u{00B1}", tr("Change sign"), 0, 5) { $0.toggleSign() }
        k("0", "0", 1, 5, ["digit"]) { $0.insert("0") }
        k(mark, tr("Decimal mark"), 2, 5, ["digit"]) { $0.insert(mark) }
        k("=", tr("Equals"), 3, 4, ["suggested-action"]) { $0.equals() }
        k(tr("Convert"), tr("Convert the result in the Converter"), 3, 5, ["convert"]) { $0.convert() }
        for key in keypadButtons {
            // A label child, so that GTK 4.8 does not append the label to the accessible name.
            // A long key ("Convert", or its translation) ends in an ellipsis on a phone rather than widen the keypad.
            let label = Label(key.text, xalign: 0.5)
            label.ellipsize = .end
            // Its text too: "(" stays "(" under Arabic (a right-to-left label mirrors it to ")").
            label.keepLeftToRight()
            let button = Button(child: label)
            button.accessibleLabel(key.name)
            button.tooltip(key.name)
            button.addClass("keypad-key")
            key.classes.forEach { button.addClass($0) }
            // A click leaves the focus where it is (in the display, typically); a key pressed
            // with Space or Enter keeps it, so that Tab goes on from that key.
            button.focusOnClick = false
            let action = key.action
            button.onClicked { [weak self] in
                guard let self else { return }
                action(self)
            }
            grid.attach(button, column: key.column, row: key.row, width: key.width)
            keyWidgets[key.text] = button
        }
    }

    /// The keyboard in the display: = and Enter evaluate, Escape clears, the keypad's decimal key
    /// types the locale's mark, and an operator after a result goes on from it.
    private func keyPressed(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        switch key {
        case .equals, .enter:
            equals()
            return true
        case .escape:
            clearAll()
            return true
        case .keypadDecimal:
            insert(String(ctx.formatter.style.decimalSeparator))
            return true
        case .left, .right, .home, .end, .backspace, .delete:
            model.edited()   // editing the result: keys type into it from now on
            return false
        case .character(let character):
            // The first character typed after = decides: an operator goes on from the result,
            // anything else starts afresh (after an error, everything does). Not left to the
            // selection, which GTK may drop between two quick keys.
            let insertion = modelInsert(String(character))
            place(insertion)
            return insertion == .ignored   // a second decimal mark does not go in
        default:
            return false
        }
    }

    /// A key typed while the focus is on the keypad: = gives the result, Escape clears, and any
    /// other character goes into the display at its cursor.
    private func keypadKeyPressed(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        switch key {
        case .equals:
            equals()
            return true
        case .escape:
            clearAll()
            return true
        case .keypadDecimal:
            insert(String(ctx.formatter.style.decimalSeparator))
            return true
        case .character(let character) where character != " ":
            insert(String(character))
            return true
        default:
            return false
        }
    }

    /// Inserts keypad text at the cursor. After a result or an error a digit starts afresh; an
    /// operator goes on from the result; a second decimal mark in a number does not go in. The
    /// focus stays where it is.
    func insert(_ s: String) {
        let insertion = modelInsert(s)
        guard insertion != .ignored else { return }
        place(insertion)
        entry.insertAtCursor(s)
    }

    /// What the model says of `s` going in at the cursor (replacing the selection, if any).
    private func modelInsert(_ s: String) -> CalculatorModel.Insertion {
        var scalars = Array(entry.text.unicodeScalars)
        var cursor = Int(entry.position)
        if let selected = entry.selection {
            let start = Int(min(selected.start, selected.end)), end = Int(max(selected.start, selected.end))
            scalars.removeSubrange(min(start, scalars.count)..<min(end, scalars.count))
            cursor = start
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return model.insert(s, into: String(text), at: cursor, decimalMark: ctx.formatter.style.decimalSeparator)
    }

    /// Readies the display for text going in where the model says.
    private func place(_ insertion: CalculatorModel.Insertion) {
        switch insertion {
        case .atCursor, .ignored: break
        case .atEnd: entry.position = -1
        case .replacingAll: entry.text = ""
        }
    }

    func backspace() {
        model.edited()
        entry.deleteBackward()
    }

    func clearEntry() {
        model.edited()
        entry.text = ""
    }

    func clearAll() {
        model.clearAll()
        entry.text = ""
        UI.setText(expressionLabel, "")
        setResult("", error: false)
        showRateLine(nil)
    }

    func toggleSign() {
        entry.text = model.toggleSign(text, calculator: calculator)
        entry.position = -1
    }

    // MARK: Evaluating

    /// =: evaluates the display; pressed again on an unchanged result, repeats the last operation.
    public func equals() {
        let evaluation = model.equals(text, calculator: calculator, rates: ctx.rates)
        UI.setText(expressionLabel, evaluation.expression)
        switch evaluation.outcome {
        case .success(let result):
            setResult(calculator.display(result), error: false)
            showRateLine(result)
            showHistory()
            entry.text = evaluation.text
        case .failure(let error):
            setResult(describe(error), error: true)
            showRateLine(nil)
        }
        // Selected: the next digit replaces it.
        entry.selectAll()
    }

    private func setResult(_ text: String, error: Bool) {
        UI.setText(resultLabel, text)
        resultLabel.setClass("error", error)
        // Said on the controls the focus is on as it is shown: the display, and = (GTK 4.8 cannot
        // announce it).
        entry.markInvalid(error ? text : nil)
        keyWidgets["="]?.accessibleDescription(text.isEmpty ? tr("Equals") : text)
    }

    /// The line under a result: under a conversion, as in the Converter, "1 USD = 0.8951 EUR ·
    /// ECB · Oct 30, 2026 · 26 days old" (marked once stale) and the amount with the fee when one
    /// is on; nothing under a number, an error or a cleared display (nil).
    private func showRateLine(_ result: CalculatorResult?) {
        guard let result, case .conversion(_, _, let quote) = result else {
            rateLabel.setClass("stale", false)
            UI.setText(rateLabel, "")
            return
        }
        let today = Day.today()
        var line = quote.line(ctx.formatter, today: today, days: ctx.days, words: L10n.translations)
        if let fee = calculator.feeLine(result, fee: ctx.fee, rates: ctx.rates, words: L10n.translations) { line += "\n" + fee }
        rateLabel.setClass("stale", RateAge.isStale(quote.publication, today: today))
        UI.setText(rateLabel, line)
    }

    private func describe(_ error: CalculatorError) -> String {
        switch error {
        case .expression(let e): return CambioUI.describe(e)
        case .unknownCurrency(let code): return Template.fill(tr("Unknown currency %@"), code)
        case .noRate(let from, let to): return Template.fill(tr("No rate for %@ and %@"), from, to)
        case .noRates: return tr("No rates available")
        }
    }

    private func showHistory() {
        historyList.rows.forEach { historyList.remove($0) }
        for item in model.history.entries {
            let line = model.historyLine(item, calculator: calculator)
            let label = Label(line, xalign: 1)
            label.ellipsize = .start
            label.margins(6, 8, 6, 8)
            let row = ListBoxRow(child: label)
            row.accessibleLabel(line)
            row.tooltip(tr("Use this result"))
            historyList.append(row)
        }
        historyEmpty.visible = model.history.entries.isEmpty
        // An empty list would hold the Tab focus with nothing in it (GTK 4.8): it shows once it has rows.
        historyScroller.visible = !model.history.entries.isEmpty
    }

    /// "Convert": the result goes to the Converter as its amount (a conversion brings its pair).
    func convert() {
        if !model.showsResult(text) { equals() }
        guard let conversion = model.conversion(of: text, calculator: calculator) else { return }
        onConvert?(conversion.amount, conversion.pair)
    }
}
