import CambioCore
import CambioGLib

/// How the window tells the user things, as the HIG asks: one-off events (a refresh failed,
/// copied, favourite added, key saved) are toasts; lasting states (offline, old rates, changes
/// not saved) are one compact line under the header bar with their action, and their details
/// on demand. The window attaches the overlay and the line; before that (and in tests without a
/// window) nothing is lost: `toasts` and `states` keep what was said.
@MainActor final class Notices {
    /// Lasting states, most important first: the line shows the first that holds.
    enum State: Int, CaseIterable, Comparable {
        case saveFailed, startupProblems, networkOff, offline, stale, metalsAndCoins
        static func < (a: State, b: State) -> Bool { a.rawValue < b.rawValue }
    }

    struct Shown {
        var title: String
        var details: String
        var action: (label: String, run: @MainActor () -> Void)?
        var dismissible: Bool
    }

    private(set) var states: [State: Shown] = [:]
    /// Every toast shown, oldest first (tests read them).
    private(set) var toasts: [String] = []
    /// The button of the last toast, if it had one: its label and what it does (tests press it).
    private(set) var lastButton: (label: String, run: @MainActor () -> Void)?
    private(set) var overlay: ToastOverlay?
    /// The latest toast: a newer one takes its place at once, rather than waiting its turn, when
    /// it has no button (nothing to lose), so that the answer to what the user just did shows now.
    private(set) var current: ShownToast?
    private(set) var line: StatusLine?
    /// The Undo toasts, each undoing (true) only while its toast shows.
    private var undoers: [@MainActor () -> Bool] = []
    /// Where the focus was before F6 took it to a notice.
    private var focusBefore: HeldWidget?

    func attach(overlay: ToastOverlay, line: StatusLine) {
        self.overlay = overlay
        self.line = line
        line.onDismiss = { [weak self] state in self?.clear(state) }
        update()
    }

    /// The window is gone: what is said from now on is only kept.
    func detach() {
        current = nil
        overlay = nil
        line = nil
    }

    /// A one-off event. `button`: a label with a mnemonic and what it does. The handle (nil
    /// without a window) lets the caller change the toast while it waits or shows.
    @discardableResult
    func toast(_ text: String, button: (String, @MainActor () -> Void)? = nil) -> ShownToast? {
        if let current, !current.dismissed, !current.hasButton {
            change(current, text, button: button)
            return current
        }
        toasts.append(text)
        lastButton = button
        guard let overlay else { return nil }
        current = overlay.show(text, button: button)
        return current
    }

    /// Says `text` in a toast given before, with `button` (nil: none), and gives it its full time
    /// again. A toast that loses its button before it has shown is taken out instead: what it
    /// offered is void, and the user has not seen it: false then.
    @discardableResult
    func change(_ toast: ShownToast, _ text: String, button: (String, @MainActor () -> Void)?) -> Bool {
        lastButton = button
        if button == nil && toast.hasButton && toast.withdrawIfWaiting() { return false }
        toasts.append(text)
        toast.title = text
        toast.setButton(button)
        toast.again()
        return true
    }

    /// Sets a lasting state: `title` is one short line, `details` what the Details button shows.
    func set(_ state: State, title: String, details: String = "", action: (String, @MainActor () -> Void)? = nil,
             dismissible: Bool = false) {
        states[state] = Shown(title: title, details: details, action: action.map { ($0.0, $0.1) }, dismissible: dismissible)
        update()
    }

    func clear(_ state: State) {
        guard states.removeValue(forKey: state) != nil else { return }
        update()
    }

    /// Ctrl+Z outside a text field: the Undo of the toast that shows, if it has one.
    func undoShown() -> Bool { undoers.contains { $0() } }

    func register(undo: @escaping @MainActor () -> Bool) { undoers.append(undo) }

    /// F6: the toast's button, then the status line's, then back where the focus was. GTK 4.8
    /// cannot announce a toast: it is reached by keyboard, and its button says what it says.
    func cycleFocus(in window: some Widget) -> Bool {
        let focus = AnyWidget(window).focusInWindow
        let toast = overlay?.shownToast
        let inToast = focus.flatMap { f in toast.map { $0.contains(f) } } ?? false
        let inLine = focus.flatMap { f in line.map { $0.root.contains(f) } } ?? false
        let was = focus.map { HeldWidget($0) }
        if !inToast && !inLine, let target = overlay?.shownToastFocus, target.grabFocus() {
            focusBefore = was
            return true
        }
        if !inLine, line?.focus() == true {
            if !inToast { focusBefore = was }
            return true
        }
        guard inToast || inLine else { return false }
        // Back, if the widget is still in this window (the reference held keeps it alive until
        // then); else to the page.
        let kept = focusBefore
        focusBefore = nil
        if let before = kept?.current, before.isInSameWindow(as: window), before.grabFocus() { return true }
        return window.focusFirstInside()
    }

    /// The state the line shows.
    var shown: (state: State, Shown)? {
        State.allCases.lazy.compactMap { s in self.states[s].map { (s, $0) } }.first
    }

    private func update() {
        guard let line else { return }
        guard let (state, shown) = shown else {
            line.hide()
            return
        }
        // The details name every state that holds, the shown one first.
        let others = State.allCases.filter { $0 != state }.compactMap { states[$0] }
        let details = ([shown.details.isEmpty ? shown.title : shown.details] + others.map { [$0.title, $0.details].filter { !$0.isEmpty }.joined(separator: " ") })
            .joined(separator: "\n\n")
        line.show(state: state, title: shown.title, details: details, action: shown.action, dismissible: shown.dismissible)
    }
}

/// The Undo toast of removals made one after another, as libadwaita documents it: while it
/// shows, a new removal joins it (its title counts them, its time starts again) rather than
/// waiting behind it, and its Undo puts every one back, the last removed first, so each goes
/// back where it stood. A removal undone or made void another way (Ctrl+Z, added again) leaves
/// it; when none is left, its button goes and it says `why`, so that no Undo is left that does
/// nothing.
@MainActor final class UndoToast<Item> {
    private let notices: Notices
    /// The toast's title for what it would put back (never empty).
    private let title: ([Item]) -> String
    /// Puts one removal back.
    private let restore: (Item) -> Void
    /// What its Undo puts back, in the order removed.
    private(set) var items: [Item] = []
    /// Its toast, as it left it: the same toast may say something else since (a toast without a
    /// button gives way to the next), and is then no longer its own.
    private var shown: (toast: ShownToast, revision: Int)?

    init(notices: Notices, title: @escaping ([Item]) -> String, restore: @escaping (Item) -> Void) {
        self.notices = notices
        self.title = title
        self.restore = restore
        notices.register { [weak self] in self?.undoFromKeyboard() ?? false }
    }

    /// Ctrl+Z while its toast shows (outside a text field): the last removal back, as Ctrl+Z in
    /// the list does; the toast offers the others still, or says it is undone.
    private func undoFromKeyboard() -> Bool {
        guard let toast = live, let last = items.popLast() else { return false }
        if items.isEmpty {
            shown = nil
            notices.change(toast, tr("Undone"), button: nil)
        } else {
            notices.change(toast, title(items), button: undoButton)
            shown = (toast, toast.revision)
        }
        restore(last)
        return true
    }

    /// Its toast, while it still shows (or waits) with this Undo.
    private var live: ShownToast? {
        guard let (toast, revision) = shown, !toast.dismissed, toast.revision == revision else { return nil }
        return toast
    }

    /// Says that `item` was removed, with Undo.
    func add(_ item: Item) {
        if let toast = live {
            items.append(item)
            notices.change(toast, title(items), button: undoButton)
            shown = (toast, toast.revision)
        } else {
            items = [item]
            shown = notices.toast(title(items), button: undoButton).map { ($0, $0.revision) }
        }
    }

    private var undoButton: (String, @MainActor () -> Void) { (tr("_Undo"), { [weak self] in self?.undo() }) }

    /// Undo: every removal back, the last first. (The toast goes, as its button's do.)
    func undo() {
        let all = items
        items = []
        shown = nil
        for item in all.reversed() { restore(item) }
    }

    /// The removals `matching` are undone or void now: the toast no longer offers them. When none
    /// is left, it says `why` (or, while it has not shown, goes). True when it says `why`.
    @discardableResult
    func drop(where matching: (Item) -> Bool, why: @autoclosure () -> String) -> Bool {
        guard let toast = live, items.contains(where: matching) else { return false }
        items.removeAll(where: matching)
        if items.isEmpty {
            shown = nil
            return notices.change(toast, why(), button: nil)
        }
        notices.change(toast, title(items), button: undoButton)
        shown = (toast, toast.revision)
        return false
    }
}

/// The compact line for lasting states (libadwaita 1.3's AdwBanner, built from a revealer for
/// 1.2): a short title, a Details button whose popover says the whole of it, the state's action
/// and, for states the user may put away, a close button. Its widgets are built the first time a
/// state shows: a hidden revealer still measures its child, so a start without a lasting state
/// would pay for laying out a line nobody sees.
@MainActor final class StatusLine {
    let root = Revealer()
    private(set) var built: Strip?
    private var action: (@MainActor () -> Void)?
    private var state: Notices.State?
    var onDismiss: ((Notices.State) -> Void)?

    /// The line's widgets.
    @MainActor final class Strip {
        let title = Label("", classes: ["status-line-title"])
        let details = Label("", wrap: true)
        let detailsButton = MenuButton.ellipsizing(label: tr("Details"))
        let actionButton = Button(mnemonic: "")
        let close = Button(icon: "window-close-symbolic", name: tr("Dismiss"))
        let root: AdaptiveBox

        init() {
            // As AdwBanner's title: it wraps on a narrow window rather than being cut off.
            title.wrap = true
            title.wrapMode = .wordsThenCharacters
            title.hexpand = true
            details.maxWidthChars = 48
            details.selectable = true
            details.margins(6, 6, 6, 6)
            detailsButton.popover = Popover(child: details)
            detailsButton.name(tr("Details"))
            detailsButton.valign = .center
            actionButton.valign = .center
            actionButton.addClass("suggested-action")
            close.addClass("flat")
            close.valign = .center
            // Beside the title while there is room; below it, at the end, on a phone (from 480 px
            // the title keeps at least half the line).
            // One above the other where they do not fit side by side (large text in Russian).
            let buttons = Box.horizontal(spacing: 6, [detailsButton, actionButton, close])
            buttons.halign = .end
            root = AdaptiveBox(breakpoint: 480, spacing: 6, [title, buttons])
            root.addClass("status-line")
            root.accessibleLabel(tr("Status"))
        }
    }

    var strip: Strip {
        if let built { return built }
        let strip = Strip()
        strip.actionButton.onClicked { [weak self] in self?.action?() }
        strip.close.onClicked { [weak self] in self?.dismiss() }
        root.child = strip.root
        built = strip
        return strip
    }

    func show(state: Notices.State, title text: String, details detailText: String,
              action newAction: (label: String, run: @MainActor () -> Void)?, dismissible: Bool) {
        let strip = strip
        self.state = state
        strip.title.text = text
        strip.title.tooltip(text)
        // Its buttons say what they act on: the focus reaches them (F6), not the title.
        for button: any Widget in [strip.detailsButton, strip.actionButton, strip.close] { button.accessibleDescription(text) }
        strip.details.text = detailText
        action = newAction?.run
        if let newAction { strip.actionButton.setEllipsizing(mnemonic: newAction.label) }
        strip.actionButton.visible = newAction != nil
        strip.close.visible = dismissible
        root.revealed = true
    }

    func hide() {
        state = nil
        root.revealed = false
    }

    var isShown: Bool { root.revealed }
    func dismiss() {
        guard let state, built?.close.visible == true else { return }
        onDismiss?(state)
    }
    /// Puts the focus on its first button (F6); false while it is hidden.
    func focus() -> Bool { isShown && root.focusFirstInside() }
}
