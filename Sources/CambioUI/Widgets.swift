import CambioCore
import Foundation
import CambioGLib

/// Small constructors so screens read as layout, not casts.
@MainActor enum UI {
    /// A currency menu button's face: the code over the name, and `name` as its accessible name
    /// and tooltip ("From USD (US Dollar)").
    static func setCurrency(_ button: MenuButton, code: String, currencyName: String, name: String) {
        let codeLabel = Label(code, classes: ["currency-code"])
        let nameLabel = Label(currencyName, classes: ["dim-label", "currency-name"])
        nameLabel.ellipsize = .end
        nameLabel.maxWidthChars = 18
        button.child = Box.vertical([codeLabel, nameLabel])
        button.accessibleLabel(name)
        button.tooltip(name)
    }

    /// A right-aligned entry for numbers and calculations; `name` is its accessible name. It
    /// holds no more than the saved file keeps of an amount as typed (`AppState.maxTextLength`).
    /// `purpose`: `.number` where an on-screen keyboard's digits suffice (an amount), free form
    /// where words are typed too (a calculation with currency codes).
    static func numberEntry(name: String, tooltip: String? = nil, cssClass: String, purpose: InputPurpose = .freeForm) -> Entry {
        let entry = Entry()
        entry.inputPurpose = purpose
        entry.maxLength = Int32(AppState.maxTextLength)
        entry.addClass(cssClass)
        entry.accessibleLabel(name)
        entry.tooltip(tooltip)
        entry.alignment = 1
        // Amounts and calculations read left to right in every language: at the field's right
        // end under Arabic too, whatever the text starts with ("€89.51" or "CN¥665.29").
        entry.keepLeftToRight()
        return entry
    }

    /// Sets a label's text. A copyable label is selectable (a Tab stop) only while it has text:
    /// an empty one would be a stop with nothing to read.
    static func setText(_ label: Label, _ text: String) {
        label.text = text
        if label.hasClass("copyable") { label.selectable = !text.isEmpty }
    }

    /// A label whose text can be selected and copied, once it has some (see `setText`).
    static func copyable(_ label: Label) {
        label.addClass("copyable")
        label.selectable = !label.text.isEmpty
    }
}

/// Reordering a list by keyboard (Alt+Up, Alt+Down) and by dragging, the same on every page.
/// What Cambio's lists drag within themselves, as values no other widget takes as text.
enum DraggedValue {
    /// A currency code dragged within a list of currencies.
    static let currencyCode = PrivateStringType.register("CambioCurrencyCode")
    /// A favourite pair dragged within the list of favourites.
    static let favouritePair = PrivateStringType.register("CambioFavouritePair")
}

@MainActor enum Reorder {
    /// Alt+Up/Alt+Down anywhere in `list` moves the item that holds the focus.
    static func altArrows(on list: some Widget, focused: @escaping @MainActor () -> String?,
                          move: @escaping @MainActor (String, Int) -> Void) {
        list.onKeyPressed(capture: true) { key, modifiers in
            guard modifiers.contains(.alt) else { return false }
            let offset = key == .up ? -1 : key == .down ? 1 : 0
            guard offset != 0, let item = focused() else { return false }
            move(item, offset)
            return true
        }
    }
}

extension UI {
    /// Every page's shell: `content` held to a readable width (`maximum`) on wide windows, and
    /// scrolling when the window is shorter than it (a phone's 294 px), never sideways.
    static func page(_ content: some Widget, maximum: Int32) -> ScrolledWindow {
        let clamp = Clamp(child: content, maximum: maximum)
        clamp.vexpand = true
        let scroller = ScrolledWindow(child: clamp, horizontal: .never)
        scroller.vexpand = true
        return scroller
    }


    /// Puts `text` on the clipboard of `widget`'s display.
    static func copy(_ text: String, from widget: some Widget) {
        widget.copyToClipboard(text)
    }
}


/// What shows the state of the rates: told when a refresh starts and ends, and once a minute.
@MainActor protocol RatesView: AnyObject {
    func setRefreshing(_ running: Bool)
    func refreshSourceLine()
}

extension UI {
    /// A scrolled window that is never a Tab stop itself (its content is).

    /// Down in a search field moves to its first result.
    static func downMovesFocus(from entry: some Widget, to first: @escaping @MainActor () -> (any Widget)?) {
        entry.onKeyPressed { key, _ in
            guard key == .down, let target = first() else { return false }
            target.grabFocus()
            return true
        }
    }
}

/// Runs an action once typing pauses for `delay` (the domain's `Debouncer` on GLib's clock),
/// with one GLib timer at a time.
@MainActor final class PauseTimer {
    private var debouncer: Debouncer
    private var timer: TimerHandle?
    private let action: @MainActor () -> Void

    init(delay: TimeInterval, _ action: @escaping @MainActor () -> Void) {
        debouncer = Debouncer(delay: delay)
        self.action = action
    }

    static var now: TimeInterval { MainContext.monotonicSeconds }

    /// GLib's monotonic clock; tests set their own and call `tick()` instead of waiting.
    var clock: @MainActor () -> TimeInterval = { PauseTimer.now }

    var isPending: Bool { debouncer.isPending }

    /// A keystroke: the action runs `delay` after the last one.
    func input() {
        debouncer.input(at: clock())
        arm()
    }

    /// What the timer does when it ends: runs the action if the pause is long enough, else
    /// waits for the rest.
    func tick() {
        if debouncer.fire(at: clock()) {
            stopTimer()
            action()
        } else {
            arm()
        }
    }

    /// Runs the action now if it is waiting; true if it was.
    @discardableResult
    func flush() -> Bool {
        guard debouncer.flush() else { return false }
        stopTimer()
        action()
        return true
    }

    func cancel() {
        debouncer.cancel()
        stopTimer()
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
    }

    /// When the timer ends early (typing went on), it is set again for the rest.
    private func arm() {
        guard timer?.isPending != true, let wait = debouncer.remaining(at: clock()) else { return }
        timer = TimerHandle.once(milliseconds: UInt32((wait * 1000).rounded(.up))) { [weak self] in
            guard let self else { return }
            self.timer = nil
            self.tick()
        }
    }
}

extension MessageDialog {
    /// A dialog that takes one value in `field`: Enter there gives `response` while it is
    /// enabled, and otherwise runs `refused` (which says why) and closes nothing; any response
    /// then runs `responded` with its id.
    func answers(_ field: Entry, with response: String, refused: @escaping @MainActor () -> Void,
                 responded: @escaping @MainActor (String) -> Void) {
        field.onActivate {
            guard self.isEnabled(response) else { return refused() }
            self.respond(response)
        }
        onResponse { responded($0) }
    }
}

/// The line under a dialog's one field that says why the value typed there is refused, the field
/// marked invalid with it. While the user types, an empty field is not refused in words (the
/// dialog's button is off meanwhile); on Enter it is.
@MainActor final class ReasonLine {
    let label = Label("", classes: ["dim-label", "value-reason"], wrap: true)
    private let field: Entry

    init(under field: Entry) {
        self.field = field
        label.visible = false
    }

    /// What it says now ("" when nothing).
    var text: String { label.visible ? label.text : "" }

    /// Says `why` (nil: the value is good), unless the field is empty and the reason not `forced`.
    func show(_ why: String?, forced: Bool) {
        let text = forced || !field.text.trimmingCharacters(in: .whitespaces).isEmpty ? why ?? "" : ""
        label.text = text
        label.visible = !text.isEmpty
        label.setClass("error", !text.isEmpty)
        field.markInvalid(text.isEmpty ? nil : text)
    }
}
