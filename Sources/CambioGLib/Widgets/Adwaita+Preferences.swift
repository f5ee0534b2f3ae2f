import CGtk

// libadwaita 1.2's preferences widgets: the window, its pages and groups, and the rows
// (action rows with a suffix, combo rows over a list of strings, entry rows), plus what the
// about window and the primary menu need to be read back in tests.

/// AdwPreferencesWindow: pages of groups of rows, searchable by the rows' titles and subtitles;
/// Escape closes it (or its search), and it shows its own toasts.
public struct PrefsWindow: Widget {
    public let widget: WidgetRef
    private var prefs: UnsafeMutablePointer<AdwPreferencesWindow> { cast(widget) }

    public init() { widget = adw_preferences_window_new()! }
    public var window: Window { Window(existing: widget) }
    public func add(_ page: PrefsPage) { adw_preferences_window_add(prefs, cast(page.widget)) }
    /// Typing (or Ctrl+F) searches the rows.
    public var searchEnabled: Bool {
        get { adw_preferences_window_get_search_enabled(prefs) != 0 }
        nonmutating set { adw_preferences_window_set_search_enabled(prefs, newValue ? 1 : 0) }
    }
    public var modal: Bool {
        get { gtk_window_get_modal(cast(widget)) != 0 }
        nonmutating set { gtk_window_set_modal(cast(widget), newValue ? 1 : 0) }
    }
    /// Names the window's inner parts for assistive technologies (GTK 4.8 would read them by
    /// their types): the search entry, the search's results, and the pages' scrolled content.
    public func nameParts(search: String, results: String, content: String) {
        func isA(_ w: WidgetRef, _ type: GType) -> Bool { w.isA(type) }
        func walk(_ w: WidgetRef, inSearch: Bool, inGroup: Bool) {
            if isA(w, gtk_search_entry_get_type()) { w.accessibleLabel(search) }
            if isA(w, gtk_scrolled_window_get_type()) { w.accessibleLabel(inSearch ? results : content) }
            // The groups' own lists are named by their titles; the search's list shows the results.
            if isA(w, gtk_list_box_get_type()) && (inSearch || !inGroup) { w.accessibleLabel(results) }
            let group = inGroup || isA(w, adw_preferences_group_get_type())
            var child = gtk_widget_get_first_child(w)
            while let c = child {
                // The content stack's "search" page holds the results (and their empty state).
                var search = inSearch
                if isA(w, gtk_stack_get_type()), let page = gtk_stack_get_page(OpaquePointer(w), c),
                   let name = gtk_stack_page_get_name(page), String(cString: name) == "search" {
                    search = true
                }
                walk(c, inSearch: search, inGroup: group)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        walk(widget, inSearch: false, inGroup: false)
    }

    /// A toast over the window's content.
    public func toast(_ title: String, timeout: UInt32 = 5) {
        let toast = adw_toast_new(title)!
        adw_toast_set_timeout(toast, timeout)
        adw_preferences_window_add_toast(prefs, toast) // takes the reference
    }
}

/// AdwPreferencesPage: a scrolled, clamped column of groups.
public struct PrefsPage: Widget {
    public let widget: WidgetRef
    public init(title: String, icon: String, _ groups: [PrefsGroup]) {
        widget = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(widget), title)
        adw_preferences_page_set_icon_name(cast(widget), icon)
        groups.forEach { adw_preferences_page_add(cast(widget), cast($0.widget)) }
    }
}

/// AdwPreferencesGroup: a heading, maybe a description, and its rows in a boxed list.
public struct PrefsGroup: Widget {
    public let widget: WidgetRef
    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { cast(widget) }

    public init(title: String, description: String? = nil, _ rows: [any Widget]) {
        widget = adw_preferences_group_new()!
        adw_preferences_group_set_title(group, title)
        if let description { adw_preferences_group_set_description(group, description) }
        rows.forEach { adw_preferences_group_add(group, $0.widget) }
    }
    public var title: String { adw_preferences_group_get_title(group).map { String(cString: $0) } ?? "" }
    public var details: String {
        get { adw_preferences_group_get_description(group).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_preferences_group_set_description(group, newValue) }
    }
}

/// What every preferences row has: a title (with a mnemonic when `useUnderline`), plain text.
public protocol PreferencesRow: Widget {}

public extension PreferencesRow {
    private var row: UnsafeMutablePointer<AdwPreferencesRow> { cast(widget) }
    var title: String {
        get { adw_preferences_row_get_title(row).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_preferences_row_set_title(row, newValue) }
    }
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

    public init(existing: WidgetRef) { widget = existing }
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
    public func addPrefix(_ child: some Widget) { adw_action_row_add_prefix(row, child.widget) }
    /// The widget the row activates (a switch toggles, a button clicks, a menu button opens).
    public func activates(_ child: some Widget) { adw_action_row_set_activatable_widget(row, child.widget) }
    public var activatableWidget: WidgetRef? { adw_action_row_get_activatable_widget(row) }
    /// Activates the row as a click or its mnemonic does.
    public func activate() { adw_action_row_activate(row) }
    /// The row with `control` at its end, activating it.
    public static func with(title: String, subtitle: String? = nil, suffix control: some Widget) -> ActionRow {
        let row = ActionRow(title: title, subtitle: subtitle)
        control.valign = GTK_ALIGN_CENTER
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
    /// row's end, where a long one is cut short on a narrow window.
    public init(title: String, subtitle: String? = nil, items: [String], valueAsSubtitle: Bool = false) {
        widget = adw_combo_row_new()!
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

/// AdwEntryRow (or AdwPasswordEntryRow): a text entry in a row, its title as the placeholder.
/// It is a GtkEditable, so it has the entry's text, selection and signals.
public struct EntryRow: PreferencesRow, Editable {
    public let widget: WidgetRef
    private var row: UnsafeMutablePointer<AdwEntryRow> { cast(widget) }

    /// `password`: the text is masked, with an eye button that shows it.
    public init(title: String, password: Bool = false) {
        widget = password ? adw_password_entry_row_new()! : adw_entry_row_new()!
        setTitle(mnemonic: title)
    }
    /// An apply button shows once the text was edited; it (and Enter then) emits "apply".
    public var showApplyButton: Bool {
        get { adw_entry_row_get_show_apply_button(row) != 0 }
        nonmutating set { adw_entry_row_set_show_apply_button(row, newValue ? 1 : 0) }
    }
    public func addSuffix(_ child: some Widget) { adw_entry_row_add_suffix(row, child.widget) }
    /// Empties the entry without revealing the apply button for that.
    public func clear() {
        let apply = showApplyButton
        showApplyButton = false // forgets the edit
        text = ""
        showApplyButton = apply
    }
    /// The apply button was pressed (or Enter, with the apply button shown).
    @discardableResult
    public func onApply(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("apply", handler) }
    /// Enter in the entry (without the apply button).
    @discardableResult
    public func onEntryActivated(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("entry-activated", handler) }
}

public extension AboutWindow {
    init(existing: WidgetRef) { widget = existing }
    /// The About windows shown now (tests).
    static func shown() -> [AboutWindow] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { i in
            guard let item = g_list_model_get_item(list, i) else { return nil }
            defer { g_object_unref(item) }
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), adw_about_window_get_type()) != 0,
                  gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0 else { return nil }
            return AboutWindow(existing: item.assumingMemoryBound(to: GtkWidget.self))
        }
    }
    var applicationName: String { adw_about_window_get_application_name(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var version: String { adw_about_window_get_version(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var licenseType: GtkLicense { adw_about_window_get_license_type(OpaquePointer(widget)) }
    var website: String { adw_about_window_get_website(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var issueURL: String { adw_about_window_get_issue_url(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var translatorCredits: String { adw_about_window_get_translator_credits(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
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

    /// Every text shown inside the widget (its labels as set, markup included, in tree order,
    /// hidden pages included): what a window carries, for tests.
    var textsInside: [String] {
        descendants.filter { $0.isA(gtk_label_get_type()) }.compactMap { gtk_label_get_label(OpaquePointer($0)).map { String(cString: $0) } }
    }
}

public extension MenuButton {
    /// Names the button and the toggle inside it, which is what takes the focus.
    func name(_ name: String) {
        widget.accessibleLabel(name)
        if let inner = gtk_widget_get_first_child(widget) { inner.accessibleLabel(name) }
    }
}

public extension Menu {
    /// The menu's sections, each a list of (label, detailed action name), as the popover shows them.
    var sections: [[(label: String, action: String)]] {
        let model: UnsafeMutablePointer<GMenuModel> = cast(menu)
        return (0..<g_menu_model_get_n_items(model)).map { s in
            guard let section = g_menu_model_get_item_link(model, s, "section") else { return [] }
            defer { g_object_unref(gpointerOf(section)) }
            return (0..<g_menu_model_get_n_items(section)).map { i in
                (Self.attribute(section, i, "label"), Self.attribute(section, i, "action"))
            }
        }
    }

    private static func attribute(_ model: UnsafeMutablePointer<GMenuModel>, _ i: gint, _ name: String) -> String {
        guard let value = g_menu_model_get_item_attribute_value(model, i, name, nil) else { return "" }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}
