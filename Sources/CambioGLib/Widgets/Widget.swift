import CGtk

/// A GTK widget seen through its own type. The widget tree owns the widget; these values only
/// name it, so they are cheap to copy and never free anything. Every cast from `GtkWidget*` to
/// the widget's own C type happens here, in the glue, never in a screen.
@MainActor public protocol Widget {
    var widget: WidgetRef { get }
}

/// Any widget, when only the `GtkWidget` part matters (layout, classes, focus).
public struct AnyWidget: Widget, @MainActor Hashable {
    public let widget: WidgetRef
    public init(_ widget: WidgetRef) { self.widget = widget }
    public init(_ other: some Widget) { widget = other.widget }
}

public extension Widget {
    var visible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        nonmutating set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }
    var sensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }
    var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        nonmutating set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        nonmutating set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }
    var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        nonmutating set { gtk_widget_set_halign(widget, newValue.gtk) }
    }
    var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        nonmutating set { gtk_widget_set_valign(widget, newValue.gtk) }
    }
    var focusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        nonmutating set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }
    /// Whether a click gives it the focus (keypad keys leave the focus in the display).
    var focusOnClick: Bool {
        get { gtk_widget_get_focus_on_click(widget) != 0 }
        nonmutating set { gtk_widget_set_focus_on_click(widget, newValue ? 1 : 0) }
    }
    var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    var isSensitive: Bool { gtk_widget_is_sensitive(widget) != 0 }
    var width: Int32 { gtk_widget_get_width(widget) }
    var height: Int32 { gtk_widget_get_height(widget) }

    @discardableResult func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    func queueDraw() { gtk_widget_queue_draw(widget) }
    func addClass(_ name: String) { widget.addClass(name) }
    func removeClass(_ name: String) { widget.removeClass(name) }
    func setClass(_ name: String, _ on: Bool) { widget.setClass(name, on) }
    func hasClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }
    func accessibleLabel(_ text: String) { widget.accessibleLabel(text) }
    func accessibleName(_ text: String) { widget.accessibleName(text) }
    func accessibleDescription(_ text: String) { widget.accessibleDescription(text) }
    func markInvalid(_ why: String?, otherwise: String = "") { widget.markInvalid(why, otherwise: otherwise) }
    /// Left out of the accessibility tree (a part with nothing to say).
    func accessibleHidden() { cambio_accessible_set_hidden(widget) }
    func tooltip(_ text: String?) { widget.tooltip(text) }
    func margins(_ top: Int32, _ end: Int32, _ bottom: Int32, _ start: Int32) { widget.margins(top, end, bottom, start) }
    func sizeRequest(width: Int32, height: Int32) { gtk_widget_set_size_request(widget, width, height) }

    /// The nearest widget around it (or itself) whose CSS name is `cssName` ("toast", "row").
    func ancestor(named cssName: String) -> WidgetRef? {
        var w: WidgetRef? = widget
        while let current = w, String(cString: gtk_widget_get_css_name(current)) != cssName { w = gtk_widget_get_parent(current) }
        return w
    }

    /// Whether its text runs from right to left (its direction, or else the locale's).
    var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }
    /// Lays it out left to right in a right-to-left language too, with the parts it has now (an
    /// entry's text, a calculator's keypad, which keeps 7 8 9 from the left as calculators do
    /// everywhere). Widgets added later keep the language's direction.
    func keepLeftToRight() { widget.keepLeftToRight() }
    /// Whether it takes typed text (an entry, a text view, a spin button).
    var isEditable: Bool { widget.isA(gtk_editable_get_type()) }

    /// Puts the focus on the first part inside it that takes it; false if none does.
    @discardableResult func focusFirstInside() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    /// Whether `other` is in the same window as this widget.
    func isInSameWindow(as other: some Widget) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return gtk_widget_get_root(other.widget) == root
    }

    /// The window (or other root) the widget is in, as a widget.
    var rootWidget: WidgetRef? { gtk_widget_get_root(widget).map { WidgetRef($0) } }

    /// The widget that has the keyboard focus in this widget's window.
    var focusInWindow: AnyWidget? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return gtk_root_get_focus(root).map(AnyWidget.init)
    }

    /// Whether `other` is this very widget (two wrappers of one widget are).
    func isSame(as other: some Widget) -> Bool { widget == other.widget }

    /// Whether `other` is this widget or inside it.
    func contains(_ other: some Widget) -> Bool {
        other.widget == widget || gtk_widget_is_ancestor(other.widget, widget) != 0
    }

    /// A signal without arguments (`clicked`, `changed`, `activate`, `show`, `closed`): it is
    /// connected for the widget's life, or until the handle is disconnected.
    @discardableResult
    func on(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        precondition(!signal.hasPrefix("notify::"), "notify has an argument: use onNotify")
        return SignalHandle(owner: nil, object: gpointerOf(widget), id: Signal.connect(gpointerOf(widget), signal, handler))
    }

    /// The property `property` changed ("notify::property", whose handler has an argument).
    @discardableResult
    func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let id = Signal.connect(gpointerOf(widget), "notify::\(property)", withArgument: { _ in handler() })
        return SignalHandle(owner: nil, object: gpointerOf(widget), id: id)
    }

    /// The action (`win.swap`, `app.refresh`) a button, check button or switch triggers: its
    /// sensitivity then follows the action's "enabled" state.
    var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(widget)).map { String(cString: $0) } }
        nonmutating set { gtk_actionable_set_action_name(OpaquePointer(widget), newValue) }
    }

    /// Key presses on the widget (or, with `capture`, on anything inside it first). The handler
    /// returns true when it used the key.
    func onKeyPressed(capture: Bool = false, _ handler: @escaping Signal.KeyPress) {
        let keys = gtk_event_controller_key_new()!
        if capture { gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE) }
        Signal.keyPressed(keys, handler)
        gtk_widget_add_controller(widget, keys)
    }

    /// `keyval` with exactly `modifiers`, matched as GTK matches its own shortcuts: on any
    /// keyboard layout (Ctrl+Z where the key types "я") and with Caps Lock on. `handler` says
    /// whether it took the key (else the key goes on to the widgets).
    func onShortcut(_ key: Key, _ modifiers: Modifiers = [], capture: Bool = false, _ handler: @escaping @MainActor () -> Bool) {
        let keys = gtk_event_controller_key_new()!
        if capture { gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE) }
        Signal.keyPressed(keys) { _, _ in
            guard let event = gtk_event_controller_get_current_event(keys),
                  gdk_key_event_matches(event, key.keyval, modifiers.gdk) == GDK_KEY_MATCH_EXACT else { return false }
            return handler()
        }
        gtk_widget_add_controller(widget, keys)
    }

    /// The pointer moving over the widget.
    func onPointerMotion(_ handler: @escaping Signal.Motion) {
        let motion = gtk_event_controller_motion_new()!
        // GTK sends a motion when the widget comes under a resting pointer (it shows, or a
        // layout moves it), at the place in the window where the pointer was: only a move of the
        // pointer in the window is one, so that a pointer resting over a chart does not take
        // back what the keys chose.
        let last = LastPointer()
        let widget = widget
        func inWindow(_ x: Double, _ y: Double) -> (Double, Double) {
            var wx = x, wy = y
            if let root = gtk_widget_get_root(widget) {
                gtk_widget_translate_coordinates(widget, UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), x, y, &wx, &wy)
            }
            return (wx, wy)
        }
        Signal.motion(motion, "enter") { x, y in last.at = inWindow(x, y) }
        Signal.motion(motion, "motion") { x, y in
            let at = inWindow(x, y)
            if let was = last.at, was == at { return }
            last.at = at
            handler(x, y)
        }
        Signal.connect(gpointerOf(motion), "leave") { last.at = nil }
        gtk_widget_add_controller(widget, motion)
    }

    /// A press of any mouse button on the widget (bubbling, after its children).
    func onPress(_ handler: @escaping Signal.Pressed) {
        let click = gtk_gesture_click_new()!
        Signal.pressed(click, handler)
        gtk_widget_add_controller(widget, click)
    }

    /// The widget and everything inside it, in tree order (hidden parts included).
    var descendants: [WidgetRef] {
        var out: [WidgetRef] = []
        walk { out.append($0); return true }
        return out
    }

    /// Visits the widget and everything inside it, in tree order (hidden parts included); where
    /// `visit` answers false, the parts inside that one are not visited.
    func walk(_ visit: (WidgetRef) -> Bool) {
        guard visit(widget) else { return }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            c.walk(visit)
            child = gtk_widget_get_next_sibling(c)
        }
    }

    /// Puts `text` on the clipboard of the widget's display.
    func copyToClipboard(_ text: String) { gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text) }
}

/// Where the pointer was at the last motion a widget was told of (nil after it left).
@MainActor final class LastPointer { var at: (Double, Double)? }

/// Wrapping a widget GTK made (`init(existing:)`): in debug builds, checks that it is of the
/// wrapper's GType, so that a wrong wrapper fails where it is made, not in a later C call.
@MainActor func checkWrapped(_ widget: WidgetRef, _ type: @autoclosure () -> GType, _ wrapper: StaticString) {
    #if DEBUG
    precondition(widget.isA(type()), "\(wrapper)(existing:) given a widget of another type")
    #endif
}

@MainActor public extension WidgetRef {
    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(self).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The widget as `AnyWidget`, for layout helpers that take any widget.
    var any: AnyWidget { AnyWidget(self) }

    /// It and every part inside it laid out left to right (see `Widget.keepLeftToRight`).
    func keepLeftToRight() {
        gtk_widget_set_direction(self, GTK_TEXT_DIR_LTR)
        var child = gtk_widget_get_first_child(self)
        while let c = child {
            c.keepLeftToRight()
            child = gtk_widget_get_next_sibling(c)
        }
    }
}

/// A raw `GtkWidget*` is a widget too, so layout helpers take either while screens move to
/// typed widgets.
extension UnsafeMutablePointer: Widget where Pointee == GtkWidget {
    public var widget: WidgetRef { self }
}

public extension Widget {
    /// Names, for assistive technologies, the icon-only buttons inside (libadwaita 1.2's search
    /// button, a password row's eye, an entry row's apply button) after their tooltips: GTK 4.8
    /// would read them as "GtkImage".
    func nameIconButtonsByTooltip() {
        for w in descendants where w.isA(gtk_button_get_type()) && gtk_button_get_label(cast(w)) == nil {
            if let tip = gtk_widget_get_tooltip_text(w) { w.accessibleLabel(String(cString: tip)) }
        }
    }

    /// Names, for assistive technologies, the parts GTK 4.8 and libadwaita 1.2 build inside a
    /// window or popover without a name (their type's name is read instead): a button with a
    /// mnemonic label by its text alone ("_Copy Text" is read "_Copy Text Copy Text", a page
    /// switcher's "_1"), an icon button by its tooltip or else `icons[its icon]`, another button by
    /// the text it shows, a menu button by the text it shows or else `menu`, a search field by its placeholder, a list box and a text view by `list`
    /// and `text`. Scrolled windows inside stop being Tab stops (what they hold takes the focus).
    func nameBuiltInParts(icons: [String: String] = [:], menu: String? = nil, list: String? = nil, text: String? = nil) {
        for w in descendants {
            if w.isA(gtk_menu_button_get_type()) {
                let shown = AnyWidget(w).textsInside.map(\.withoutMnemonic).joined(separator: " ")
                if let name = shown.isEmpty ? menu : shown { Button.nameMenuButton(w, name) }
            } else if w.isA(gtk_button_get_type()) {
                // A menu button's own toggle is named with it, above.
                if gtk_widget_get_ancestor(w, gtk_menu_button_get_type()) != nil { continue }
                if let label = gtk_button_get_label(cast(w)) {
                    if gtk_button_get_use_underline(cast(w)) != 0 {
                        w.accessibleName(String(cString: label).withoutMnemonic)
                    }
                } else if let tip = gtk_widget_get_tooltip_text(w) {
                    w.accessibleName(String(cString: tip))
                } else if let image = AnyWidget(w).descendants.first(where: { $0.isA(gtk_image_get_type()) }),
                          let icon = gtk_image_get_icon_name(cast(image)), let name = icons[String(cString: icon)] {
                    w.accessibleName(name)
                } else if let label = AnyWidget(w).descendants.first(where: { $0.isA(gtk_label_get_type()) }),
                          let text = gtk_label_get_label(cast(label)) {
                    let shown = String(cString: text)
                    w.accessibleName(gtk_label_get_use_underline(cast(label)) != 0 ? shown.withoutMnemonic : shown)
                }
            } else if w.isA(gtk_search_entry_get_type()) {
                if let placeholder = cambio_object_get_string(gpointerOf(w), "placeholder-text") {
                    w.accessibleName(String(cString: placeholder))
                    g_free(placeholder)
                }
            } else if w.isA(gtk_list_box_get_type()), let list {
                w.accessibleName(list)
            } else if w.isA(gtk_text_view_get_type()), let text {
                w.accessibleName(text)
            } else if w.isA(gtk_scrolled_window_get_type()) {
                gtk_widget_set_focusable(w, 0)
            }
        }
    }

    /// Every text shown inside the widget (its labels as set, markup included, in tree order,
    /// hidden pages included): what a window carries, for tests.
    var textsInside: [String] {
        descendants.filter { $0.isA(gtk_label_get_type()) }.compactMap { gtk_label_get_label(OpaquePointer($0)).map { String(cString: $0) } }
    }
}

public extension Widget {
    /// The widget's minimum and natural size in `orientation` (for the other size `forSize`, or
    /// -1 for any), as a container would measure it.
    func measure(_ orientation: Orientation, for forSize: Int32 = -1) -> (minimum: Int32, natural: Int32) {
        var min: Int32 = 0, nat: Int32 = 0
        gtk_widget_measure(widget, orientation.gtk, forSize, &min, &nat, nil, nil)
        return (min, nat)
    }
}

/// A widget kept alive while it is held (a reference taken), so that it can be gone back to
/// after the window may have dropped it; it is let go with the holder.
@MainActor public final class HeldWidget {
    private let held: GObjectRef
    public init(_ widget: some Widget) {
        g_object_ref(gpointerOf(widget.widget))
        held = GObjectRef(gpointerOf(widget.widget))
    }
    public var current: AnyWidget { AnyWidget(held.pointer.assumingMemoryBound(to: GtkWidget.self)) }
}
