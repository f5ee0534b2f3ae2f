import CGtk

// What the card or exchange fee needs from GTK.

public extension EntryRow {
    /// What the text is for (a number: an on-screen keyboard shows digits).
    var inputPurpose: GtkInputPurpose {
        get { adw_entry_row_get_input_purpose(cast(widget)) }
        nonmutating set { adw_entry_row_set_input_purpose(cast(widget), newValue) }
    }
}
