import CambioGLib
import CGtk

/// Small constructors so screens read as layout, not casts.
@MainActor enum UI {
    static func label(_ text: String, classes: [String] = [], xalign: Float = 0) -> WidgetRef {
        let l = gtk_label_new(text)!
        gtk_label_set_xalign(cast(l), xalign)
        classes.forEach { l.addClass($0) }
        return l
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, _ children: [WidgetRef] = []) -> WidgetRef {
        let b = gtk_box_new(orientation, spacing)!
        children.forEach { gtk_box_append(cast(b), $0) }
        return b
    }

    static func append(_ box: WidgetRef, _ children: WidgetRef...) {
        children.forEach { gtk_box_append(cast(box), $0) }
    }

    static func button(label: String, _ action: @escaping @MainActor () -> Void) -> WidgetRef {
        let b = gtk_button_new_with_mnemonic(label)!
        Signal.connect(gpointerOf(b), "clicked", action)
        return b
    }

    /// An icon button; `name` is its accessible name and tooltip.
    static func iconButton(_ icon: String, name: String, _ action: @escaping @MainActor () -> Void) -> WidgetRef {
        let b = gtk_button_new_from_icon_name(icon)!
        b.tooltip(name)
        b.accessibleLabel(name)
        Signal.connect(gpointerOf(b), "clicked", action)
        return b
    }

    static func setText(_ label: WidgetRef, _ text: String) {
        gtk_label_set_text(cast(label), text)
    }
}

/// A message strip at the top of a page: what went wrong, and what the user can do.
/// Messages have keys, so one that no longer holds can be taken back.
@MainActor final class Banner {
    let root: WidgetRef
    private let label: WidgetRef
    private let actionButton: WidgetRef
    private var action: (@MainActor () -> Void)?
    private var messages: [(key: String, text: String)] = []

    init() {
        label = UI.label("", classes: ["banner-text"])
        gtk_label_set_wrap(cast(label), 1)
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_selectable(cast(label), 1)
        actionButton = gtk_button_new()!
        gtk_button_set_use_underline(cast(actionButton), 1)
        gtk_widget_set_valign(actionButton, GTK_ALIGN_CENTER)
        actionButton.visible = false
        root = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label, actionButton])
        root.addClass("banner")
        Signal.connect(gpointerOf(actionButton), "clicked") { [weak self] in self?.action?() }
        let close = UI.iconButton("window-close-symbolic", name: tr("Dismiss message")) { [weak self] in
            self?.clear()
        }
        close.addClass("flat")
        gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
        UI.append(root, close)
        root.visible = false
        root.accessibleLabel(tr("Message"))
    }

    /// Shows `message` under `key` (replacing that key's earlier message); `action` (a button
    /// label and what it does) replaces any earlier action.
    func show(_ message: String, key: String? = nil, action: (String, @MainActor () -> Void)? = nil) {
        if let action {
            gtk_button_set_label(cast(actionButton), action.0)
            self.action = action.1
            actionButton.visible = true
        }
        let key = key ?? message
        if let i = messages.firstIndex(where: { $0.key == key }) { messages[i].text = message } else { messages.append((key, message)) }
        update()
    }

    /// Takes back the message shown under `key`.
    func remove(key: String) {
        messages.removeAll { $0.key == key }
        if messages.isEmpty { clear() } else { update() }
    }

    func clear() {
        messages.removeAll()
        action = nil
        actionButton.visible = false
        update()
    }

    private func update() {
        UI.setText(label, text)
        root.visible = !messages.isEmpty
    }

    var text: String { messages.map(\.text).joined(separator: "\n") }
}
