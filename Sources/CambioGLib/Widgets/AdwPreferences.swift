import CGtk

// libadwaita 1.2's preferences widgets: the window, its pages and its groups of rows.

/// AdwPreferencesWindow: pages of groups of rows, searchable by the rows' titles and subtitles;
/// Escape closes it (or its search), and it shows its own toasts.
public struct PreferencesWindowWidget: Widget {
    public let widget: WidgetRef
    private var prefs: UnsafeMutablePointer<AdwPreferencesWindow> { cast(widget) }

    public init() { widget = adw_preferences_window_new()! }
    public var window: Window { Window(existing: widget) }
    public func add(_ page: PreferencesPage) { adw_preferences_window_add(prefs, cast(page.widget)) }
    /// Typing (or Ctrl+F) searches the rows.
    public var searchEnabled: Bool { adw_preferences_window_get_search_enabled(prefs) != 0 }
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
public struct PreferencesPage: Widget {
    public let widget: WidgetRef
    public init(title: String, icon: String, _ groups: [PreferencesGroup]) {
        widget = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(widget), title)
        adw_preferences_page_set_icon_name(cast(widget), icon)
        groups.forEach { adw_preferences_page_add(cast(widget), cast($0.widget)) }
    }
}

/// AdwPreferencesGroup: a heading, maybe a description, and its rows in a boxed list.
public struct PreferencesGroup: Widget {
    public let widget: WidgetRef
    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { cast(widget) }

    public init(title: String, description: String? = nil, _ rows: [any Widget]) {
        widget = adw_preferences_group_new()!
        adw_preferences_group_set_title(group, title)
        if let description { adw_preferences_group_set_description(group, description) }
        rows.forEach { adw_preferences_group_add(group, $0.widget) }
    }
    public var title: String { adw_preferences_group_get_title(group).map { String(cString: $0) } ?? "" }
}

public extension PreferencesGroup {
    func add(_ row: some Widget) { adw_preferences_group_add(cast(widget), row.widget) }
    func remove(_ row: some Widget) { adw_preferences_group_remove(cast(widget), row.widget) }
    /// A widget at the end of the group's heading (an "Add…" button).
    func headerSuffix(_ child: some Widget) { adw_preferences_group_set_header_suffix(cast(widget), child.widget) }
}
