import CGtk

// What the card or exchange fee needs from GTK: an accessible description (read after a
// control's name: the amount with the fee beside a Currencies amount).

public extension Widget {
    /// Read by assistive technologies after the name ("with 2.2 % fee: 91.48 EUR"); "" removes it.
    func accessibleDescription(_ text: String) {
        let accessible = OpaquePointer(widget)
        guard !text.isEmpty else {
            gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
            return
        }
        var value = GValue()
        g_value_init(&value, gtkStringType)
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        gtk_accessible_update_property_value(accessible, 1, &property, &value)
    }
}

/// G_TYPE_STRING (a macro Swift cannot import), from the type's name.
@MainActor private let gtkStringType: GType = g_type_from_name("gchararray")

public extension EntryRow {
    /// What the text is for (a number: an on-screen keyboard shows digits).
    var inputPurpose: GtkInputPurpose {
        get { adw_entry_row_get_input_purpose(cast(widget)) }
        nonmutating set { adw_entry_row_set_input_purpose(cast(widget), newValue) }
    }
}
