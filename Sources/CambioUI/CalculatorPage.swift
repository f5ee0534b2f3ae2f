import CambioCore
import CambioGLib
import CambioServices
import CGtk
import Foundation

/// The Calculator page: an exact calculator with a keypad, the session's history, and
/// conversions typed as text ("100 USD to EUR").
@MainActor public final class CalculatorPage {
    public let root: WidgetRef
    let ctx: AppContext
    /// The rules, with the formatter of the moment (Preferences may change its decimal places).
    var calculator: Calculator { Calculator(formatter: ctx.formatter, catalog: ctx.catalog) }
    let entry: WidgetRef
    private let expressionLabel: WidgetRef
    private let resultLabel: WidgetRef
    private let rateLabel: WidgetRef
    private let historyList: WidgetRef
    private let historyEmpty: WidgetRef
    private var history = CalculatorHistory(limit: 100)
    private var historyRows: [WidgetRef] = []
    /// The last good result, and the display text right after it: while the display still
    /// shows that text, = repeats the last operation and an operator goes on from the result.
    private var last: (result: CalculatorResult, text: String)?
    /// Sends an amount (and a currency pair, for a conversion) to the Converter.
    var onConvert: (@MainActor (String, FavouritePair?) -> Void)?

    init(context: AppContext) {
        ctx = context

        entry = UI.numberEntry(name: tr("Calculation"), tooltip: tr("A calculation, or a conversion such as 100 USD to EUR"),
                               cssClass: "calculator-entry")
        cambio_object_set_string(gpointerOf(entry), "placeholder-text", tr("12*3, 100 USD to EUR"))
        expressionLabel = UI.label("", classes: ["dim-label", "calculator-expression"], xalign: 1)
        gtk_label_set_ellipsize(cast(expressionLabel), PANGO_ELLIPSIZE_START)
        resultLabel = UI.label("", classes: ["calculator-result"], xalign: 1)
        UI.copyable(resultLabel)
        gtk_label_set_wrap(cast(resultLabel), 1)
        gtk_label_set_wrap_mode(cast(resultLabel), PANGO_WRAP_CHAR)
        rateLabel = UI.label("", classes: ["rate-line"], xalign: 1)
        gtk_label_set_wrap(cast(rateLabel), 1)
        let display = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 4, [expressionLabel, entry, resultLabel, rateLabel])
        display.accessibleLabel(tr("Display"))

        historyList = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(historyList), GTK_SELECTION_NONE)
        historyList.addClass("boxed-list")
        historyList.accessibleLabel(tr("History"))
        historyEmpty = UI.label(tr("Calculations of this session appear here; click one to use its result."), classes: ["dim-label"])
        gtk_label_set_wrap(cast(historyEmpty), 1)
        let historyScroller = UI.scrolledList(historyList)
        gtk_widget_set_vexpand(historyScroller, 1)
        let historyTitle = UI.label(tr("History"), classes: ["heading"])
        var clearHistory: (@MainActor () -> Void)?
        let clearButton = UI.button(label: tr("C_lear History")) { clearHistory?() }
        let historyPane = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [historyTitle, historyEmpty, historyScroller, clearButton])
        gtk_widget_set_size_request(historyPane, 220, -1)
        gtk_widget_set_hexpand(historyPane, 1)

        let keypad = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(keypad), 6)
        gtk_grid_set_column_spacing(cast(keypad), 6)
        gtk_grid_set_row_homogeneous(cast(keypad), 1)
        gtk_grid_set_column_homogeneous(cast(keypad), 1)
        keypad.addClass("keypad")
        let panes = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, [keypad, historyPane])
        gtk_widget_set_vexpand(panes, 1)
        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 18, [display, panes])
        root.margins(12, 12, 12, 12)

        clearHistory = { [weak self] in
            self?.history.clear()
            self?.showHistory()
        }
        buildKeypad(keypad)
        Signal.connect(gpointerOf(entry), "activate") { [weak self] in self?.equals() }
        Signal.connect(gpointerOf(historyList), "row-activated", withArgument: { [weak self] row in
            guard let self, let row, let i = self.historyRows.firstIndex(where: { gpointerOf($0) == row }) else { return }
            self.useHistory(i)
        })
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.keyPressed(keys) { [weak self] keyval, state in self?.key(keyval, state) ?? false }
        gtk_widget_add_controller(entry, keys)
        // A click in the display places the cursor to edit what is there.
        let click = gtk_gesture_click_new()!
        Signal.pressed(click) { [weak self] _, _, _ in self?.fresh = .no }
        gtk_widget_add_controller(entry, click)
        showHistory()
        ctx.observeDisplay { [weak self] in self?.rewriteResults() }
    }

    /// Writes the results shown again (Preferences changed the decimal places).
    private func rewriteResults() {
        showHistory()
        if showsResult, let last { setResult(calculator.display(last.result), error: false) }
    }

    // MARK: Reading and driving the page (also used by tests)

    public var text: String { String(cString: gtk_editable_get_text(cast(entry))) }
    public var resultText: String { String(cString: gtk_label_get_text(cast(resultLabel))) }
    public var expressionText: String { String(cString: gtk_label_get_text(cast(expressionLabel))) }
    public var rateText: String { String(cString: gtk_label_get_text(cast(rateLabel))) }
    public var hasError: Bool { gtk_widget_has_css_class(resultLabel, "error") != 0 }
    public var historyTexts: [String] { history.entries.map { historyLine($0) } }

    public func type(_ text: String) { gtk_editable_set_text(cast(entry), text) }
    public func focusPrimary() { gtk_widget_grab_focus(entry) }

    /// A history entry's exact result, put into the display as a keypad key would.
    public func useHistory(_ index: Int) {
        guard history.entries.indices.contains(index) else { return }
        insert(calculator.exact(history.entries[index].result.value))
    }

    /// What a keypad key does, by its text: "7", "+", "=", "AC"...
    public func press(_ key: String) { keys.first { $0.text == key }?.action(self) }

    // MARK: Keys

    struct Key {
        let text: String
        let name: String
        let column: Int32, row: Int32, width: Int32
        let classes: [String]
        let action: @MainActor (CalculatorPage) -> Void
    }

    private var keys: [Key] = []

    private func buildKeypad(_ grid: WidgetRef) {
        let mark = String(ctx.formatter.style.decimalSeparator)
        func k(_ text: String, _ name: String, _ column: Int32, _ row: Int32, width: Int32 = 1, _ classes: [String] = [],
               _ action: @escaping @MainActor (CalculatorPage) -> Void) {
            keys.append(Key(text: text, name: name, column: column, row: row, width: width, classes: classes, action: action))
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
        k(tr("Convert"), tr("Convert the result in the Converter"), 3, 5) { $0.convert() }
        for key in keys {
            // A label child, so that GTK 4.8 does not append the label to the accessible name.
            let button = gtk_button_new()!
            gtk_button_set_child(cast(button), UI.label(key.text, xalign: 0.5))
            button.accessibleLabel(key.name)
            button.tooltip(key.name)
            button.addClass("keypad-key")
            key.classes.forEach { button.addClass($0) }
            // The display keeps the focus while the keypad is clicked.
            gtk_widget_set_focus_on_click(button, 0)
            let action = key.action
            Signal.connect(gpointerOf(button), "clicked") { [weak self] in
                guard let self else { return }
                action(self)
            }
            gtk_grid_attach(cast(grid), button, key.column, key.row, key.width, 1)
        }
    }

    /// The keyboard in the display: = and Enter evaluate, Escape clears, the keypad's decimal key
    /// types the locale's mark, and an operator after a result goes on from it.
    private func key(_ keyval: guint, _ state: GdkModifierType) -> Bool {
        let mods = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
        guard mods == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_equal, GDK_KEY_KP_Equal, GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            equals()
            return true
        case GDK_KEY_Escape:
            clearAll()
            return true
        case GDK_KEY_KP_Decimal, GDK_KEY_KP_Separator:
            insert(String(ctx.formatter.style.decimalSeparator))
            return true
        case GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Home, GDK_KEY_End, GDK_KEY_BackSpace, GDK_KEY_Delete,
             GDK_KEY_KP_Left, GDK_KEY_KP_Right, GDK_KEY_KP_Home, GDK_KEY_KP_End, GDK_KEY_KP_Delete:
            fresh = .no   // editing the result: keys type into it from now on
            return false
        default:
            // The first character typed after = decides: an operator goes on from the result,
            // anything else starts afresh (after an error, everything does). Not left to the
            // selection, which GTK may drop between two quick keys.
            let c = gdk_keyval_to_unicode(keyval)
            guard fresh != .no, c >= 0x20, c != 0x7F, let scalar = Unicode.Scalar(c) else { return false }
            if fresh == .afterResult && Self.operators.contains(Character(scalar)) {
                gtk_editable_set_position(cast(entry), -1)
            } else {
                gtk_editable_set_text(cast(entry), "")
            }
            fresh = .no
            return false
        }
    }

    /// What the next character typed does to the display: nothing special, or start afresh (an
    /// operator after a result goes on from it instead).
    private enum Fresh { case no, afterResult, afterError }
    private var fresh = Fresh.no

    /// Keys that go on from a result rather than replace it.
    static let operators: Set<Character> = ["+", "-", "*", "/", "%", "\u{00D7}", "\u{00F7}", "\u{2212}"]

    /// True while the display shows the last result unchanged.
    private var showsResult: Bool { last.map { $0.text == text } ?? false }

    /// Inserts keypad text at the cursor. After a result or an error a digit starts afresh; an
    /// operator goes on from the result.
    func insert(_ s: String) {
        let isOperator = s.count == 1 && Self.operators.contains(s.first!)
        let editable: OpaquePointer = cast(entry)
        if fresh == .afterError || (fresh == .afterResult && !isOperator) {
            gtk_editable_set_text(editable, "")
        } else if fresh == .afterResult {
            gtk_editable_set_position(editable, -1)
        }
        fresh = .no
        gtk_editable_delete_selection(editable)
        var position = gtk_editable_get_position(editable)
        gtk_editable_insert_text(editable, s, -1, &position)
        focusEntry(cursorAt: position)
    }

    /// Keeps the focus in the display with the cursor where it was (grabbing the focus would
    /// select all the text, and the next key would replace it).
    private func focusEntry(cursorAt position: Int32? = nil) {
        let editable: OpaquePointer = cast(entry)
        let at = position ?? gtk_editable_get_position(editable)
        gtk_widget_grab_focus(entry)
        gtk_editable_set_position(editable, at)
    }

    func backspace() {
        fresh = .no
        let editable: OpaquePointer = cast(entry)
        var start: Int32 = 0, end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) != 0 {
            gtk_editable_delete_text(editable, start, end)
        } else {
            let position = gtk_editable_get_position(editable)
            if position > 0 { gtk_editable_delete_text(editable, position - 1, position) }
        }
        focusEntry()
    }

    func clearEntry() {
        fresh = .no
        gtk_editable_set_text(cast(entry), "")
        gtk_widget_grab_focus(entry)
    }

    func clearAll() {
        last = nil
        fresh = .no
        gtk_editable_set_text(cast(entry), "")
        UI.setText(expressionLabel, "")
        setResult("", error: false)
        UI.setText(rateLabel, "")
        gtk_widget_grab_focus(entry)
    }

    func toggleSign() {
        let current = showsResult ? calculator.exact(last!.result.value) : text
        fresh = .no
        gtk_editable_set_text(cast(entry), Calculator.toggleSign(current))
        focusEntry(cursorAt: -1)
    }

    // MARK: Evaluating

    /// =: evaluates the display; pressed again on an unchanged result, repeats the last operation.
    public func equals() {
        let input = text
        let outcome: Result<CalculatorResult, CalculatorError>
        let expression: String
        if let last, last.text == input, case .number(let value, let op?) = last.result,
           let repeated = calculator.repeatLast(last.result) {
            outcome = repeated
            expression = calculator.exact(value) + " " + Self.symbol(op.op) + " " + calculator.exact(op.operand)
        } else {
            outcome = calculator.evaluate(input, rates: ctx.rates)
            expression = input
        }
        switch outcome {
        case .success(let result):
            UI.setText(expressionLabel, expression + " =")
            setResult(calculator.display(result), error: false)
            UI.setText(rateLabel, rateLine(result))
            history.add(expression, result)
            showHistory()
            // A number replaces the display (all its digits, so going on loses nothing); a
            // conversion stays as typed.
            if case .number(let v, _) = result { gtk_editable_set_text(cast(entry), calculator.exact(v)) }
            last = (result, text)
            fresh = .afterResult
        case .failure(let error):
            last = nil
            UI.setText(expressionLabel, input)
            setResult(describe(error), error: true)
            UI.setText(rateLabel, "")
            fresh = .afterError
        }
        // Selected: the next digit replaces it.
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(cast(entry), 0, -1)
    }

    static func symbol(_ op: RepeatOperation.Op) -> String {
        switch op {
        case .add: return "+"
        case .subtract: return "\u{2212}"
        case .multiply: return "\u{00D7}"
        case .divide: return "\u{00F7}"
        }
    }

    private func setResult(_ text: String, error: Bool) {
        UI.setText(resultLabel, text)
        resultLabel.setClass("error", error)
    }

    /// "1 USD = 0.8951 EUR · ECB · Oct 30, 2026" under a conversion.
    private func rateLine(_ result: CalculatorResult) -> String {
        guard case .conversion(_, let from, let to, _, let rate, let p) = result else { return "" }
        return "1 \(from) = \(ctx.formatter.rate(rate)) \(to) \u{00B7} \(ctx.sourceLine(p.source, p.day))"
    }

    private func describe(_ error: CalculatorError) -> String {
        switch error {
        case .expression(let e): return CambioUI.describe(e)
        case .unknownCurrency(let code): return String(format: tr("Unknown currency %@"), code)
        case .noRate(let from, let to): return String(format: tr("No rate for %@ and %@"), from, to)
        case .noRates: return tr("No rates available")
        }
    }

    private func historyLine(_ entry: CalculatorHistory.Entry) -> String {
        "\(entry.expression) = \(calculator.display(entry.result))"
    }

    private func showHistory() {
        historyRows.forEach { gtk_list_box_remove(cast(historyList), $0) }
        historyRows.removeAll()
        for item in history.entries {
            let line = historyLine(item)
            let label = UI.label(line, xalign: 1)
            gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_START)
            label.margins(6, 8, 6, 8)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), label)
            row.accessibleLabel(line)
            row.tooltip(tr("Use this result"))
            gtk_list_box_append(cast(historyList), row)
            historyRows.append(row)
        }
        historyEmpty.visible = history.entries.isEmpty
        // An empty list would hold the Tab focus with nothing in it (GTK 4.8): it shows once it has rows.
        if let scroller = gtk_widget_get_ancestor(historyList, gtk_scrolled_window_get_type()) {
            scroller.visible = !history.entries.isEmpty
        }
    }

    /// "Convert": the result goes to the Converter as its amount (a conversion brings its pair).
    func convert() {
        if !showsResult { equals() }
        guard let last, last.text == text else { return }
        switch last.result {
        case .number(let v, _):
            onConvert?(calculator.exact(v), nil)
        case .conversion(let amount, let from, let to, _, _, _):
            onConvert?(calculator.exact(amount), FavouritePair(from: from, to: to))
        }
    }
}
