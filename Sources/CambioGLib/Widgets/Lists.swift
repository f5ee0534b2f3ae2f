import CGtk
import Foundation

/// GtkListBox.
public struct ListBox: Widget {
    public let widget: WidgetRef
    private var list: OpaquePointer { OpaquePointer(widget) }

    public init(selection: GtkSelectionMode = GTK_SELECTION_NONE) {
        widget = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list, selection)
    }
    public func append(_ row: some Widget) { gtk_list_box_append(list, row.widget) }
    public func insert(_ row: some Widget, at position: Int32) { gtk_list_box_insert(list, row.widget, position) }
    public func remove(_ row: some Widget) { gtk_list_box_remove(list, row.widget) }
    /// The row at `index`, if there is one.
    public func row(at index: Int32) -> ListBoxRow? { gtk_list_box_get_row_at_index(list, index).map { ListBoxRow(existing: $0) } }
    /// Every row, in order.
    public var rows: [ListBoxRow] {
        var rows: [ListBoxRow] = []
        while let row = row(at: Int32(rows.count)) { rows.append(row) }
        return rows
    }
    public var selectionMode: GtkSelectionMode {
        get { gtk_list_box_get_selection_mode(list) }
        nonmutating set { gtk_list_box_set_selection_mode(list, newValue) }
    }
    /// The row that holds the keyboard focus, if it is one of this list's rows.
    public var focusedRow: ListBoxRow? {
        guard let focus = focusInWindow,
              let row = gtk_widget_get_ancestor(focus, gtk_list_box_row_get_type()),
              gtk_widget_get_parent(row) == widget else { return nil }
        return ListBoxRow(existing: row)
    }
    /// A row was activated (Enter, or a click).
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (ListBoxRow) -> Void) -> SignalHandle {
        let id = Signal.connect(gpointerOf(widget), "row-activated", withArgument: { row in
            guard let row else { return }
            handler(ListBoxRow(existing: row.assumingMemoryBound(to: GtkListBoxRow.self)))
        })
        return SignalHandle(owner: nil, object: gpointerOf(widget), id: id)
    }
    /// Shows `model`'s items, one row per item made by `row`; the list follows the model's
    /// changes, making rows only for the items that appear.
    public func bind(_ model: FilteredStrings, row: @escaping @MainActor (String) -> ListBoxRow) {
        model.bind(self, row: row)
    }
}

/// GtkListBoxRow.
public struct ListBoxRow: Widget {
    public let widget: WidgetRef
    private var row: UnsafeMutablePointer<GtkListBoxRow> { cast(widget) }

    public init(child: (any Widget)? = nil) {
        widget = gtk_list_box_row_new()!
        if let child { gtk_list_box_row_set_child(row, child.widget) }
    }
    public init(existing: UnsafeMutablePointer<GtkListBoxRow>) { widget = cast(existing) }
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_list_box_row_get_type(), "ListBoxRow"); widget = existing }

    public var child: WidgetRef? {
        get { gtk_list_box_row_get_child(row) }
        nonmutating set { gtk_list_box_row_set_child(row, newValue) }
    }
    public var activatable: Bool {
        get { gtk_list_box_row_get_activatable(row) != 0 }
        nonmutating set { gtk_list_box_row_set_activatable(row, newValue ? 1 : 0) }
    }
    public var selectable: Bool {
        get { gtk_list_box_row_get_selectable(row) != 0 }
        nonmutating set { gtk_list_box_row_set_selectable(row, newValue ? 1 : 0) }
    }
    /// Its position in the list (-1 when in none).
    public var index: Int32 { gtk_list_box_row_get_index(row) }
}

/// A list of strings (currency codes, symbols) that a list box shows through a filter and in an
/// order the screen sets: a GtkStringList under a GtkFilterListModel and a GtkSortListModel.
/// Changing the query changes which items pass, and GTK makes rows only for those that appear,
/// instead of the screen rebuilding every row.
@MainActor public final class FilteredStrings {
    private let strings: OpaquePointer
    private let filter: OpaquePointer
    private let sorter: OpaquePointer
    /// The model the list shows (owned here).
    private let sorted: OpaquePointer
    /// Rank of each shown item; items without one are filtered out.
    private var rank: [String: Int] = [:]

    public init(_ items: [String]) {
        strings = withCStringArray(items) { gtk_string_list_new($0)! }
        filter = gtk_custom_filter_new(nil, nil, nil)!
        sorter = gtk_custom_sorter_new(nil, nil, nil)!
        // Both take the models and the filter/sorter they are given (transfer full).
        g_object_ref(gpointerOf(strings))
        g_object_ref(gpointerOf(filter))
        g_object_ref(gpointerOf(sorter))
        let filtered = gtk_filter_list_model_new(strings, cast(filter))!
        sorted = gtk_sort_list_model_new(filtered, cast(sorter))!
        let weakSelf = Unmanaged.passRetained(WeakRef(self)).toOpaque()
        gtk_custom_filter_set_filter_func(filter, { item, data in
            let me = Unmanaged<WeakRef<FilteredStrings>>.fromOpaque(data!).takeUnretainedValue()
            let string = FilteredStrings.string(item)
            return MainActor.assumeIsolated { me.value?.rank[string] != nil } ? 1 : 0
        }, weakSelf, { data in Unmanaged<WeakRef<FilteredStrings>>.fromOpaque(data!).release() })
        let weakSorter = Unmanaged.passRetained(WeakRef(self)).toOpaque()
        gtk_custom_sorter_set_sort_func(sorter, { a, b, data in
            let me = Unmanaged<WeakRef<FilteredStrings>>.fromOpaque(data!).takeUnretainedValue()
            let x = FilteredStrings.string(UnsafeMutableRawPointer(mutating: a)), y = FilteredStrings.string(UnsafeMutableRawPointer(mutating: b))
            let (rx, ry) = MainActor.assumeIsolated { (me.value?.rank[x] ?? Int.max, me.value?.rank[y] ?? Int.max) }
            return (rx < ry ? GTK_ORDERING_SMALLER : rx > ry ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL).rawValue
        }, weakSorter, { data in Unmanaged<WeakRef<FilteredStrings>>.fromOpaque(data!).release() })
    }

    isolated deinit {
        g_object_unref(gpointerOf(sorted))
        g_object_unref(gpointerOf(strings))
        g_object_unref(gpointerOf(filter))
        g_object_unref(gpointerOf(sorter))
    }

    final class WeakRef<T: AnyObject>: @unchecked Sendable {
        weak var value: T?
        init(_ value: T) { self.value = value }
    }

    private nonisolated static func string(_ item: gpointer?) -> String {
        guard let item, let s = gtk_string_object_get_string(OpaquePointer(item)) else { return "" }
        return String(cString: s)
    }

    /// Shows exactly `items`, in this order (each must be one of the list's strings).
    public func show(_ items: [String]) {
        var rank: [String: Int] = [:]
        for (i, item) in items.enumerated() where rank[item] == nil { rank[item] = i }
        self.rank = rank
        gtk_filter_changed(cast(filter), GTK_FILTER_CHANGE_DIFFERENT)
        gtk_sorter_changed(cast(sorter), GTK_SORTER_CHANGE_DIFFERENT)
    }

    /// The items shown, in order.
    public var shown: [String] {
        let model = sorted
        return (0..<g_list_model_get_n_items(model)).map { i in
            let item = g_list_model_get_item(model, i)
            defer { g_object_unref(item) }
            return Self.string(item)
        }
    }

    /// The item shown at `index`.
    public func item(at index: Int32) -> String? {
        guard index >= 0, UInt32(index) < g_list_model_get_n_items(sorted) else { return nil }
        let item = g_list_model_get_item(sorted, guint(index))
        defer { g_object_unref(item) }
        return Self.string(item)
    }

    fileprivate func bind(_ list: ListBox, row: @escaping @MainActor (String) -> ListBoxRow) {
        final class Maker: @unchecked Sendable {
            let make: @MainActor (String) -> ListBoxRow
            init(_ make: @escaping @MainActor (String) -> ListBoxRow) { self.make = make }
        }
        let data = Unmanaged.passRetained(Maker(row)).toOpaque()
        gtk_list_box_bind_model(OpaquePointer(list.widget), sorted, { item, data in
            let maker = Unmanaged<Maker>.fromOpaque(data!).takeUnretainedValue()
            let string = FilteredStrings.string(item)
            nonisolated(unsafe) var made: WidgetRef?
            MainActor.assumeIsolated { made = maker.make(string).widget }
            return made
        }, data, { data in Unmanaged<Maker>.fromOpaque(data!).release() })
    }
}

/// GtkDropDown over a list of strings.
public struct DropDown: Widget {
    public let widget: WidgetRef
    private var drop: OpaquePointer { OpaquePointer(widget) }

    public init(_ items: [String] = []) {
        widget = withCStringArray(items) { gtk_drop_down_new_from_strings($0)! }
    }
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_drop_down_get_type(), "DropDown"); widget = existing }

    /// Replaces the items; the selection goes to the first.
    public func setItems(_ items: [String]) {
        let model = withCStringArray(items) { gtk_string_list_new($0)! }
        gtk_drop_down_set_model(drop, model)
        g_object_unref(gpointerOf(model))
    }
    /// The items' texts, in order.
    public var items: [String] {
        gtk_drop_down_get_model(drop).map(stringsOf) ?? []
    }
    /// The index of the chosen item (`GTK_INVALID_LIST_POSITION` when none).
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(drop)) }
        nonmutating set { gtk_drop_down_set_selected(drop, guint(newValue)) }
    }
    /// Typing in the open list finds an item by its text.
    public func enableSearch() {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_drop_down_set_expression(drop, expression)
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(drop, 1)
    }
    /// Names it for assistive technologies, on the inner button too, which is what takes the
    /// focus (GTK 4.8 leaves it unnamed).
    public func name(_ name: String) {
        widget.accessibleLabel(name)
        if let button = gtk_widget_get_first_child(widget) { button.accessibleLabel(name) }
    }
    /// The chosen item changed (by the user or by code).
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { onNotify("selected", handler) }
}

/// GtkScale.
public struct Scale: Widget {
    public let widget: WidgetRef
    private var range: UnsafeMutablePointer<GtkRange> { cast(widget) }

    public init(_ orientation: GtkOrientation = GTK_ORIENTATION_HORIZONTAL, min: Double, max: Double, step: Double) {
        widget = gtk_scale_new_with_range(orientation, min, max, step)!
    }
    public var drawValue: Bool {
        get { gtk_scale_get_draw_value(cast(widget)) != 0 }
        nonmutating set { gtk_scale_set_draw_value(cast(widget), newValue ? 1 : 0) }
    }
    public var roundDigits: Int32 {
        get { gtk_range_get_round_digits(range) }
        nonmutating set { gtk_range_set_round_digits(range, newValue) }
    }
    public func increments(step: Double, page: Double) { gtk_range_set_increments(range, step, page) }
    public func range(min: Double, max: Double) { gtk_range_set_range(range, min, max) }
    public var value: Double {
        get { gtk_range_get_value(range) }
        nonmutating set { gtk_range_set_value(range, newValue) }
    }
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("value-changed", handler) }
}

/// GtkCalendar, in days.
public struct Calendar: Widget {
    public let widget: WidgetRef
    private var calendar: OpaquePointer { OpaquePointer(widget) }

    public init() { widget = gtk_calendar_new()! }
    /// The selected day as (year, month 1–12, day).
    public var day: (year: Int, month: Int, day: Int) {
        get {
            let date = gtk_calendar_get_date(calendar)!
            defer { g_date_time_unref(date) }
            return (Int(g_date_time_get_year(date)), Int(g_date_time_get_month(date)), Int(g_date_time_get_day_of_month(date)))
        }
        nonmutating set {
            let zone = g_time_zone_new_utc()
            defer { g_time_zone_unref(zone) }
            let date = g_date_time_new(zone, gint(newValue.year), gint(newValue.month), gint(newValue.day), 12, 0, 0)!
            defer { g_date_time_unref(date) }
            gtk_calendar_select_day(calendar, date)
        }
    }
    /// Calls `handler` whenever the selected day changes: a day clicked or chosen with the keys,
    /// and the month or year changed (its arrows, Ctrl+arrow keys), which move the
    /// selection to the same day of the new month and emit only "prev-month", "next-year" and so on.
    public func onDayChanged(_ handler: @escaping @MainActor () -> Void) {
        for signal in ["day-selected", "prev-month", "next-month", "prev-year", "next-year"] { on(signal, handler) }
    }
}

public extension ListBox {
    /// Keeps the rows in the order of `position` (smaller first), for rows added later too.
    /// After the order changes, `reorder()` moves the rows: they stay in the list, with their
    /// focus and their text, instead of being removed and added again.
    func order(by position: @escaping @MainActor (ListBoxRow) -> Int) {
        final class Box: @unchecked Sendable {
            let position: @MainActor (ListBoxRow) -> Int
            init(_ position: @escaping @MainActor (ListBoxRow) -> Int) { self.position = position }
        }
        let data = Unmanaged.passRetained(Box(position)).toOpaque()
        gtk_list_box_set_sort_func(OpaquePointer(widget), { a, b, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            guard let a, let b else { return 0 }
            nonisolated(unsafe) let rows = (a, b)
            let (x, y) = MainActor.assumeIsolated {
                (box.position(ListBoxRow(existing: rows.0)), box.position(ListBoxRow(existing: rows.1)))
            }
            return x < y ? -1 : x > y ? 1 : 0
        }, data, { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    /// Puts the rows in the order `order(by:)` now gives.
    func reorder() { gtk_list_box_invalidate_sort(OpaquePointer(widget)) }
}

public extension ListBoxRow {
    /// Its top and bottom in the list, in pixels; nil before it is laid out.
    var verticalSpan: ClosedRange<Double>? {
        var a = GtkAllocation()
        gtk_widget_get_allocation(widget, &a)
        return a.height > 0 ? Double(a.y)...Double(a.y + a.height) : nil
    }
}

/// The texts of a list model of GtkStringObjects (a GtkStringList), in order.
@MainActor func stringsOf(_ model: OpaquePointer) -> [String] {
    (0..<g_list_model_get_n_items(model)).map { i in
        let item = g_list_model_get_item(model, i)
        defer { g_object_unref(item) }
        return gtk_string_object_get_string(OpaquePointer(item)).map { String(cString: $0) } ?? ""
    }
}
