import CGtk

// libadwaita 1.2's rows for boxed lists and preferences groups: action rows with widgets at
// their end, combo rows over a list of strings, entry rows.

/// What every preferences row has: a title (with a mnemonic when `useUnderline`), plain text.
public protocol PreferencesRow: Widget {}

public extension PreferencesRow {
    private var row: UnsafeMutablePointer<AdwPreferencesRow> { cast(widget) }
    var title: String { adw_preferences_row_get_title(row).map { String(cString: $0) } ?? "" }
    /// Sets the title: `_` marks its mnemonic (Alt+letter activates the row); never markup.
    /// libadwaita names the row (and its activatable widget) by the title's label.
    func setTitle(mnemonic: String) {
        adw_preferences_row_set_use_markup(row, 0)
        adw_preferences_row_set_use_underline(row, 1)
        adw_preferences_row_set_title(row, mnemonic)
    }
}

/// AdwActionRow: a title, a subtitle, and widgets at its end; activating the row (a click, or
/// the title's mnemonic) activates its activatable widget.
public struct ActionRow: PreferencesRow {
    public let widget: WidgetRef
    private var row: UnsafeMutablePointer<AdwActionRow> { cast(widget) }

    public init(title: String, subtitle: String? = nil) {
        widget = adw_action_row_new()!
        setTitle(mnemonic: title)
        if let subtitle { self.subtitle = subtitle }
    }
    public var subtitle: String {
        get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_action_row_set_subtitle(row, newValue) }
    }
    public func addSuffix(_ child: some Widget) { adw_action_row_add_suffix(row, child.widget) }
    /// The widget the row activates (a switch toggles, a button clicks, a menu button opens).
    public func activates(_ child: some Widget) { adw_action_row_set_activatable_widget(row, child.widget) }
    public var activatableWidget: WidgetRef? { adw_action_row_get_activatable_widget(row) }
    /// The row with `control` at its end, activating it.
    public static func with(title: String, subtitle: String? = nil, suffix control: some Widget) -> ActionRow {
        let row = ActionRow(title: title, subtitle: subtitle)
        control.valign = .center
        row.addSuffix(control)
        row.activates(control)
        return row
    }
}

/// AdwComboRow over a list of strings: the choice shows at the row's end; activating the row
/// opens the list. "selected" is an index, as a GtkDropDown's.
public struct ComboRow: PreferencesRow {
    public let widget: WidgetRef
    private var row: UnsafeMutablePointer<AdwComboRow> { cast(widget) }

    /// `valueAsSubtitle`: the choice shows under the title, whole (it wraps), instead of at the
    /// row's end, where a long one is cut short on a narrow window. `wrapItems`: the open list
    /// shows each item whole, on more lines where it is long (names of institutions), rather than
    /// cut short.
    public init(title: String, subtitle: String? = nil, items: [String], valueAsSubtitle: Bool = false, wrapItems: Bool = false) {
        widget = adw_combo_row_new()!
        let factory = NamedItems.factory(owner: widget, wrap: wrapItems)
        adw_combo_row_set_list_factory(cast(widget), factory)
        g_object_unref(UnsafeMutableRawPointer(factory))
        NamedItems.nameList(in: widget, title.withoutMnemonic)
        setTitle(mnemonic: title)
        if let subtitle { adw_action_row_set_subtitle(cast(widget), subtitle) }
        adw_combo_row_set_use_subtitle(row, valueAsSubtitle ? 1 : 0)
        let model = withCStringArray(items) { gtk_string_list_new($0)! }
        // The row shows each item by its string (a GtkStringObject's "string").
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        adw_combo_row_set_expression(row, expression)
        gtk_expression_unref(expression)
        adw_combo_row_set_model(row, model)
        g_object_unref(gpointerOf(model))
    }
    /// The items' texts, in order.
    public var items: [String] {
        adw_combo_row_get_model(row).map(stringsOf) ?? []
    }
    /// The index of the chosen item (`GTK_INVALID_LIST_POSITION` when none).
    public var selected: Int {
        get { Int(adw_combo_row_get_selected(row)) }
        nonmutating set { adw_combo_row_set_selected(row, guint(newValue)) }
    }
    /// The text of the chosen item, as the row shows it.
    public var selectedText: String? {
        let i = selected
        let all = items
        return all.indices.contains(i) ? all[i] : nil
    }
    /// The chosen item changed (by the user, by code or by a settings binding).
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { onNotify("selected", handler) }
}

/// A preferences row with a text field at its end (a GtkEntry, or a GtkPasswordEntry with its eye
/// button) and an apply button that shows once the text is edited. libadwaita 1.2's AdwEntryRow
/// looks like this, but assistive technologies never hear its focus (its inner GtkText takes it
/// and nothing in the tree says so); GTK 4.8's own entries say it.
public struct EntryRow: PreferencesRow {
    public let widget: WidgetRef
    /// The field: what takes the focus, and what a screen reader names by the row's title.
    public let field: EditableField
    private let applyButton: Button

    /// `password`: the text is masked, with an eye button that shows it. `applyName`: the apply
    /// button's tooltip and accessible name.
    public init(title: String, password: Bool = false, applyName: String) {
        let row = ActionRow(title: title)
        widget = row.widget
        field = EditableField(password ? gtk_password_entry_new()! : gtk_entry_new()!)
        if password { gtk_password_entry_set_show_peek_icon(OpaquePointer(field.widget), 1) }
        field.valign = .center
        field.hexpand = true
        applyButton = Button(icon: "object-select-symbolic", name: applyName)
        applyButton.valign = .center
        applyButton.addClass("suggested-action")
        applyButton.addClass("circular")
        applyButton.visible = false
        row.addSuffix(field)
        row.addSuffix(applyButton)
        // A click on the row, or the title's mnemonic, puts the focus in the field; Tab goes
        // straight to the field, not to the row first.
        row.activates(field)
        gtk_widget_set_focusable(widget, 0)
        // Named after `activates`, which labels the field by the title too ("Fee in percent Fee in percent").
        field.widget.accessibleName(title.withoutMnemonic)
        let apply = applyButton
        field.onChanged {
            if g_object_get_data(cast(apply.widget), Self.quiet) == nil { apply.visible = true }
        }
    }

    private static let quiet = "cambio-quiet"

    /// The text; set here, it is the program's, not an edit: the apply button goes (an edit
    /// before it is replaced).
    public var text: String {
        get { field.text }
        nonmutating set {
            g_object_set_data(cast(applyButton.widget), Self.quiet, UnsafeMutableRawPointer(bitPattern: 1))
            field.text = newValue
            g_object_set_data(cast(applyButton.widget), Self.quiet, nil)
            applyButton.visible = false
        }
    }
    /// Empties the field.
    public func clear() { text = "" }
    /// The apply button, or Enter in the field: `handler` runs, and the apply button hides.
    public func onApply(_ handler: @escaping @MainActor () -> Void) {
        let apply = applyButton
        let run: @MainActor () -> Void = {
            apply.visible = false
            handler()
        }
        applyButton.onClicked(run)
        field.onActivate(run)
    }
    /// What the text is for (a number: an on-screen keyboard shows digits). Not for a password
    /// field (GtkPasswordEntry has no such property).
    public var inputPurpose: InputPurpose {
        get { InputPurpose(GtkInputPurpose(cambio_object_get_uint(gpointerOf(field.widget), "input-purpose"))) }
        nonmutating set { cambio_object_set_uint(gpointerOf(field.widget), "input-purpose", newValue.gtk.rawValue) }
    }
}
