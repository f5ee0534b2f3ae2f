import CGtk

/// GtkLabel.
public struct Label: Widget {
    public let widget: WidgetRef
    private var label: OpaquePointer { OpaquePointer(widget) }

    public init(_ text: String, classes: [String] = [], xalign: Float = 0, wrap: Bool = false) {
        widget = gtk_label_new(text)!
        gtk_label_set_xalign(OpaquePointer(widget), xalign)
        classes.forEach { widget.addClass($0) }
        if wrap { gtk_label_set_wrap(OpaquePointer(widget), 1) }
    }

    /// A label with a mnemonic ("_Amount") that focuses or activates `target`.
    public init(mnemonic text: String, for target: some Widget) {
        widget = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_mnemonic_widget(OpaquePointer(widget), target.widget)
    }

    /// A label that is already in the tree (a button's child).
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_label_get_type(), "Label"); widget = existing }

    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        nonmutating set { gtk_label_set_text(label, newValue) }
    }
    public var wrap: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        nonmutating set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
    }
    public var wrapMode: Wrap {
        get { Wrap(gtk_label_get_wrap_mode(label)) }
        nonmutating set { gtk_label_set_wrap_mode(label, newValue.pango) }
    }
    public var ellipsize: Ellipsis {
        get { Ellipsis(gtk_label_get_ellipsize(label)) }
        nonmutating set { gtk_label_set_ellipsize(label, newValue.pango) }
    }
    public var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(label) }
        nonmutating set { gtk_label_set_max_width_chars(label, newValue) }
    }
    public var widthChars: Int32 {
        get { gtk_label_get_width_chars(label) }
        nonmutating set { gtk_label_set_width_chars(label, newValue) }
    }
    public var selectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        nonmutating set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }
    /// Whether the text as laid out now is cut off with "…".
    public var isEllipsized: Bool { pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0 }

    /// Whether the label's font, with the fallbacks fontconfig offers, has a glyph for every
    /// character of `text` (a sign such as ₿ is new enough that many systems draw a box).
    public func draws(_ text: String) -> Bool {
        if let known = Self.drawn[text] { return known }
        guard let context = gtk_widget_get_pango_context(widget), let map = pango_context_get_font_map(context),
              let fontset = pango_font_map_load_fontset(map, context, pango_context_get_font_description(context),
                                                        pango_context_get_language(context)) else { return false }
        defer { g_object_unref(fontset) }
        let all = text.unicodeScalars.allSatisfy { scalar in
            guard let font = pango_fontset_get_font(fontset, scalar.value) else { return false }
            defer { g_object_unref(font) }
            return pango_font_has_char(font, gunichar(scalar.value)) != 0
        }
        Self.drawn[text] = all
        return all
    }

    @MainActor private static var drawn: [String: Bool] = [:]
}

/// What GtkEntry, GtkSearchEntry, GtkPasswordEntry and GtkSpinButton share (GtkEditable).
public protocol Editable: Widget {}

public extension Editable {
    private var editable: OpaquePointer { OpaquePointer(widget) }

    var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set { gtk_editable_set_text(editable, newValue) }
    }
    /// The width of the text area itself (the GtkText inside an entry), in pixels; 0 before layout.
    var textAreaWidth: Int32 {
        guard let delegate = gtk_editable_get_delegate(editable) else { return 0 }
        return gtk_widget_get_width(UnsafeMutablePointer<GtkWidget>(delegate))
    }

    /// Sets the text as the program's, not as an edit of the user's: it empties the undo history,
    /// so that Ctrl+Z has nothing to take back. What the user types after it can be undone as usual.
    func replaceText(_ text: String) {
        gtk_editable_set_enable_undo(editable, 0)
        gtk_editable_set_text(editable, text)
        gtk_editable_set_enable_undo(editable, 1)
    }
    var widthChars: Int32 {
        get { gtk_editable_get_width_chars(editable) }
        nonmutating set { gtk_editable_set_width_chars(editable, newValue) }
    }
    var maxWidthChars: Int32 {
        get { gtk_editable_get_max_width_chars(editable) }
        nonmutating set { gtk_editable_set_max_width_chars(editable, newValue) }
    }
    /// The cursor's position in characters (-1: the end).
    var position: Int32 {
        get { gtk_editable_get_position(editable) }
        nonmutating set { gtk_editable_set_position(editable, newValue) }
    }
    /// Selects characters `start` up to `end` (-1: the end).
    func selectRegion(_ start: Int32, _ end: Int32) { gtk_editable_select_region(editable, start, end) }
    func selectAll() { selectRegion(0, -1) }
    /// The selected range, if any text is selected.
    var selection: (start: Int32, end: Int32)? {
        var start: Int32 = 0, end: Int32 = 0
        return gtk_editable_get_selection_bounds(editable, &start, &end) != 0 ? (start, end) : nil
    }
    /// Inserts `text` at the cursor, replacing the selection.
    func insertAtCursor(_ text: String) {
        if let s = selection { gtk_editable_delete_text(editable, s.start, s.end) }
        var pos = position
        gtk_editable_insert_text(editable, text, -1, &pos)
        position = pos
    }
    /// Backspace: deletes the selection, or else the character before the cursor.
    func deleteBackward() {
        if let s = selection {
            gtk_editable_delete_text(editable, s.start, s.end)
        } else if position > 0 {
            gtk_editable_delete_text(editable, position - 1, position)
        }
    }
    /// The text changed (typed, pasted or set).
    @discardableResult
    func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("changed", handler) }
}

/// GtkEntry.
public struct Entry: Editable {
    public let widget: WidgetRef
    private var entry: UnsafeMutablePointer<GtkEntry> { cast(widget) }

    public init() { widget = gtk_entry_new()! }
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_entry_get_type(), "Entry"); widget = existing }

    /// 0: start, 1: end (numbers).
    public var alignment: Float {
        get { gtk_entry_get_alignment(entry) }
        nonmutating set { gtk_entry_set_alignment(entry, newValue) }
    }
    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(entry).map { String(cString: $0) } }
        nonmutating set { gtk_entry_set_placeholder_text(entry, newValue) }
    }
    /// The most characters it holds (0: no limit); longer text typed, pasted or set is cut there.
    public var maxLength: Int32 {
        get { gtk_entry_get_max_length(entry) }
        nonmutating set { gtk_entry_set_max_length(entry, newValue) }
    }
    public var inputPurpose: InputPurpose {
        get { InputPurpose(gtk_entry_get_input_purpose(entry)) }
        nonmutating set { gtk_entry_set_input_purpose(entry, newValue.gtk) }
    }
    /// Enter pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("activate", handler) }
}

/// GtkSearchEntry: "search-changed" comes `searchDelay` ms after typing stops.
public struct SearchEntry: Editable {
    public let widget: WidgetRef

    public init(placeholder: String? = nil) {
        widget = gtk_search_entry_new()!
        if let placeholder { cambio_object_set_string(gpointerOf(widget), "placeholder-text", placeholder) }
    }

    /// How long typing must pause before "search-changed" (GTK's default: 150 ms).
    public var searchDelay: UInt32 {
        get { UInt32(cambio_object_get_uint(gpointerOf(widget), "search-delay")) }
        nonmutating set { cambio_object_set_uint(gpointerOf(widget), "search-delay", guint(newValue)) }
    }
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("search-changed", handler) }
    /// Escape in the entry.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("stop-search", handler) }
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("activate", handler) }
}

/// Any GtkEditable widget (a GtkEntry or a GtkPasswordEntry) with the "activate" of both.
public struct EditableField: Editable {
    public let widget: WidgetRef
    public init(_ widget: WidgetRef) { self.widget = widget }
    /// Enter pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("activate", handler) }
}

/// GtkPasswordEntry.
public struct PasswordEntry: Editable {
    public let widget: WidgetRef
    public init(peekIcon: Bool = true) {
        widget = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(OpaquePointer(widget), peekIcon ? 1 : 0)
    }
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("activate", handler) }
}

/// GtkSpinner.
public struct Spinner: Widget {
    public let widget: WidgetRef
    public init() { widget = gtk_spinner_new()! }
    public var spinning: Bool {
        get { gtk_spinner_get_spinning(OpaquePointer(widget)) != 0 }
        nonmutating set { newValue ? gtk_spinner_start(OpaquePointer(widget)) : gtk_spinner_stop(OpaquePointer(widget)) }
    }
}

public extension Label {
    /// How the lines of a wrapped label line up with each other.
    var justify: Justification {
        get { Justification(gtk_label_get_justify(OpaquePointer(widget))) }
        nonmutating set { gtk_label_set_justify(OpaquePointer(widget), newValue.gtk) }
    }
}
