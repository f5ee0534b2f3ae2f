import CGtk

// Event controllers: drag and drop within the program, and a click that focuses an entry.

@MainActor public enum DragAndDrop {
    /// Dragging `handle` carries `item` as a value of the private `type` (`PrivateStringType`, so
    /// no other widget takes it as text); dropping such a value on `target` calls `drop` with it
    /// (not for the item itself). `drop` says whether it took it.
    public static func attach(handle: some Widget, target: some Widget, item: String, type: GType,
                              drop: @escaping @MainActor (String) -> Bool) {
        let handle = handle.widget, row = target.widget
        gtk_widget_set_cursor_from_name(handle, "grab")
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        Signal.dragPrepare(source) { _, _ in PrivateStringType.provider(type, item) }
        gtk_widget_add_controller(handle, source)
        let target = gtk_drop_target_new(type, GDK_ACTION_MOVE)!
        Signal.drop(target) { value, _, _ in
            guard let value, let dragged = PrivateStringType.text(value), dragged != item else { return false }
            return drop(dragged)
        }
        gtk_widget_add_controller(row, target)
    }
}

public extension Entry {
    /// A click that focuses the entry selects its text, so typing replaces it (Tab does that by
    /// itself); later clicks place the cursor as usual.
    func selectAllOnClickFocus() {
        let entry = widget
        let focus = gtk_event_controller_focus_new()!
        gtk_widget_add_controller(entry, focus)
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        Signal.pressed(click) { _, _, _ in
            guard gtk_event_controller_focus_contains_focus(focus) == 0, gtk_widget_is_sensitive(entry) != 0 else { return }
            Entry(existing: entry).grabFocus()
            Entry(existing: entry).selectAll()
            _ = gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        gtk_widget_add_controller(entry, click)
    }
}
