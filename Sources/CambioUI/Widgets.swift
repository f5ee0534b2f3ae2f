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
@MainActor final class Banner {
    let root: WidgetRef
    private let label: WidgetRef
    private var messages: [String] = []

    init() {
        label = UI.label("", classes: ["banner-text"])
        gtk_label_set_wrap(cast(label), 1)
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_selectable(cast(label), 1)
        root = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [label])
        root.addClass("banner")
        let close = UI.iconButton("window-close-symbolic", name: tr("Dismiss message")) { [weak self] in
            self?.clear()
        }
        close.addClass("flat")
        gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
        UI.append(root, close)
        root.visible = false
        root.accessibleLabel(tr("Message"))
    }

    func show(_ message: String) {
        if messages.contains(message) { return }
        messages.append(message)
        UI.setText(label, messages.joined(separator: "\n"))
        root.visible = true
    }

    func clear() {
        messages.removeAll()
        UI.setText(label, "")
        root.visible = false
    }

    var text: String { messages.joined(separator: "\n") }
}
