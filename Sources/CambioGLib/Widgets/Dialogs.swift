import CGtk

// libadwaita 1.2's message dialog.

/// AdwMessageDialog: a small modal dialog over `parent` with a heading, a body, an extra child
/// and responses (buttons). Any response closes it; Escape gives the close response.
public struct MessageDialog: Widget {
    public let widget: WidgetRef
    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { cast(widget) }

    public enum Appearance { case normal, suggested }

    public init(parent: (any Widget)?, heading: String, body: String?) {
        widget = adw_message_dialog_new(parent.map { cast($0.widget) }, heading, body)!
    }
    public var window: Window { Window(existing: widget) }
    public var heading: String { adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? "" }
    public func extraChild(_ child: some Widget) { adw_message_dialog_set_extra_child(dialog, child.widget) }

    /// A button; `id` names its response. (Named by its label alone: GTK 4.8 reads a mnemonic
    /// label raw and then again, "_Cancel Cancel".)
    public func addResponse(_ id: String, _ label: String, _ appearance: Appearance = .normal) {
        adw_message_dialog_add_response(dialog, id, label)
        for button in descendants where button.isA(gtk_button_get_type()) {
            if let text = gtk_button_get_label(cast(button)), String(cString: text) == label {
                button.accessibleName(label.withoutMnemonic)
            }
        }
        switch appearance {
        case .normal: break
        case .suggested: adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_SUGGESTED)
        }
    }
    /// The response of Escape or the window closing.
    public func closeResponse(_ id: String) { adw_message_dialog_set_close_response(dialog, id) }
    public func setEnabled(_ id: String, _ enabled: Bool) { adw_message_dialog_set_response_enabled(dialog, id, enabled ? 1 : 0) }
    public func isEnabled(_ id: String) -> Bool { adw_message_dialog_get_response_enabled(dialog, id) != 0 }
    /// Gives the response as its button would, and closes the dialog as the button does
    /// (`adw_message_dialog_response` alone leaves it open).
    public func respond(_ id: String) {
        adw_message_dialog_response(dialog, id)
        window.close()
    }

    /// A response was given, with its id.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalHandle {
        let id = Signal.connect(gpointerOf(widget), "response", withArgument: { arg in
            handler(arg.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        })
        return SignalHandle(owner: nil, object: gpointerOf(widget), id: id)
    }
}
