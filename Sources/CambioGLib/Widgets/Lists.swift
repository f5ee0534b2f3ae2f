import CGtk
import Foundation

/// GtkListBox.
public struct ListBox: Widget {
    public let widget: WidgetRef
    private var list: OpaquePointer { OpaquePointer(widget) }

    public init(selection: SelectionMode = .none) {
        widget = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(list, selection.gtk)
    }
    public func append(_ row: some Widget) { gtk_list_box_append(list, row.widget) }
    public func remove(_ row: some Widget) { gtk_list_box_remove(list, row.widget) }
    /// The row at `index`, if there is one.
    public func row(at index: Int32) -> ListBoxRow? { gtk_list_box_get_row_at_index(list, index).map { ListBoxRow(existing: $0) } }
    /// Every row, in order.
    public var rows: [ListBoxRow] {
        var rows: [ListBoxRow] = []
        while let row = row(at: Int32(rows.count)) { rows.append(row) }
        return rows
    }
    /// The row that holds the keyboard focus, if it is one of this list's rows.
    public var focusedRow: ListBoxRow? {
        guard let focus = focusInWindow,
              let row = gtk_widget_get_ancestor(focus.widget, gtk_list_box_row_get_type()),
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

    public var child: (any Widget)? { gtk_list_box_row_get_child(row).map(AnyWidget.init) }
    public var activatable: Bool {
        get { gtk_list_box_row_get_activatable(row) != 0 }
        nonmutating set { gtk_list_box_row_set_activatable(row, newValue ? 1 : 0) }
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
        let factory = NamedItems.factory(owner: widget, wrap: false)
        gtk_drop_down_set_list_factory(drop, factory)
        g_object_unref(gpointerOf(factory))
        let shown = NamedItems.factory(owner: widget, wrap: false, mark: false)
        gtk_drop_down_set_factory(drop, shown)
        g_object_unref(gpointerOf(shown))
    }

    /// Replaces the items; the selection goes to the first.
    public func setItems(_ items: [String]) {
        let model = withCStringArray(items) { gtk_string_list_new($0)! }
        gtk_drop_down_set_model(drop, model)
        g_object_unref(gpointerOf(model))
    }
    /// The index of the chosen item (`GTK_INVALID_LIST_POSITION` when none).
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(drop)) }
        nonmutating set { gtk_drop_down_set_selected(drop, guint(newValue)) }
    }
    /// Names it for assistive technologies, on the inner button too, which is what takes the
    /// focus (GTK 4.8 leaves it unnamed), and its open list `list`.
    public func name(_ name: String, list: String? = nil) {
        widget.accessibleName(name)
        if let button = gtk_widget_get_first_child(widget) { button.accessibleName(name) }
        if let list { NamedItems.nameList(in: widget, list) }
    }
    /// The chosen item changed (by the user or by code).
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { onNotify("selected", handler) }
}

/// GtkScale.
public struct Scale: Widget {
    public let widget: WidgetRef
    private var range: UnsafeMutablePointer<GtkRange> { cast(widget) }

    public init(_ orientation: Orientation = .horizontal, min: Double, max: Double, step: Double) {
        widget = gtk_scale_new_with_range(orientation.gtk, min, max, step)!
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
    /// What the value stands for, read by assistive technologies instead of the number.
    public func valueText(_ text: String) { cambio_accessible_set_value_text(widget, text) }
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

/// The open list of a drop-down or combo row, readable by a screen reader: GTK 4.8's own items
/// are unnamed rows holding a label, in a list named "GtkListView".
enum NamedItems {
    private static let handlerKey = "cambio-selected-handler"

    /// A list item factory (a new reference) over string objects: each item its text (wrapping
    /// when `wrap`) and a check mark on `owner`'s chosen one (its "selected" property), and
    /// named by its text for assistive technologies.
    static func factory(owner: WidgetRef, wrap: Bool, mark: Bool = true) -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        // The setup's data: 1 wraps the text, 2 leaves out the mark.
        let setup: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, flags in
            guard let item else { return }
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_widget_set_hexpand(label, 1)
            let flags = UInt(bitPattern: flags)
            if flags & 1 != 0 {
                gtk_label_set_wrap(OpaquePointer(label), 1)
                gtk_label_set_max_width_chars(OpaquePointer(label), 36)
            }
            gtk_box_append(cast(box), label)
            if flags & 2 == 0 {
                let mark = gtk_image_new_from_icon_name("object-select-symbolic")!
                cambio_accessible_set_hidden(mark)
                gtk_box_append(cast(box), mark)
            }
            gtk_list_item_set_child(OpaquePointer(item), box)
        }
        let bind: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, owner in
            guard let item, let owner, let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let box = gtk_list_item_get_child(OpaquePointer(item)),
                  let label = gtk_widget_get_first_child(box) else { return }
            let text = gtk_string_object_get_string(OpaquePointer(object))
            gtk_label_set_text(OpaquePointer(label), text)
            if let row = gtk_widget_get_parent(box) { cambio_accessible_set_name(row, text) }
            // Only an item with a mark follows the owner's choice.
            guard let mark = gtk_widget_get_last_child(box),
                  g_type_check_instance_is_a(UnsafeMutableRawPointer(mark).assumingMemoryBound(to: GTypeInstance.self), gtk_image_get_type()) != 0
            else { return }
            let changed: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { owner, _, item in
                NamedItems.markChosen(item, owner)
            }
            // Bound again without an unbind between: the earlier handler goes first.
            let earlier = UInt(bitPattern: g_object_steal_data(item.assumingMemoryBound(to: GObject.self), NamedItems.handlerKey))
            if earlier != 0 { g_signal_handler_disconnect(owner, gulong(earlier)) }
            let handler = g_signal_connect_data(owner, "notify::selected", unsafeBitCast(changed, to: GCallback.self), item, nil, GConnectFlags(0))
            g_object_set_data(item.assumingMemoryBound(to: GObject.self), NamedItems.handlerKey, UnsafeMutableRawPointer(bitPattern: UInt(handler)))
            NamedItems.markChosen(item, owner)
        }
        let unbind: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, owner in
            guard let item, let owner else { return }
            let handler = UInt(bitPattern: g_object_steal_data(item.assumingMemoryBound(to: GObject.self), NamedItems.handlerKey))
            if handler != 0 { g_signal_handler_disconnect(owner, gulong(handler)) }
        }
        let flags = UnsafeMutableRawPointer(bitPattern: (wrap ? 1 : 0) | (mark ? 0 : 2))
        g_signal_connect_data(gpointerOf(factory), "setup", unsafeBitCast(setup, to: GCallback.self), flags, nil, GConnectFlags(0))
        g_signal_connect_data(gpointerOf(factory), "bind", unsafeBitCast(bind, to: GCallback.self), gpointerOf(owner), nil, GConnectFlags(0))
        g_signal_connect_data(gpointerOf(factory), "unbind", unsafeBitCast(unbind, to: GCallback.self), gpointerOf(owner), nil, GConnectFlags(0))
        return factory
    }

    /// Shows the check mark of `item` when it is `owner`'s chosen item (the mark keeps its place
    /// when hidden, so that the list's width does not change).
    private static func markChosen(_ item: gpointer?, _ owner: gpointer?) {
        guard let item, let owner, let box = gtk_list_item_get_child(OpaquePointer(item)),
              let mark = gtk_widget_get_last_child(box), g_type_check_instance_is_a(UnsafeMutableRawPointer(mark).assumingMemoryBound(to: GTypeInstance.self), gtk_image_get_type()) != 0 else { return }
        let chosen = gtk_list_item_get_position(OpaquePointer(item)) == cambio_object_get_uint(owner, "selected")
        gtk_widget_set_opacity(mark, chosen ? 1 : 0)
    }

    /// Names the list inside `widget`'s popover `name`, and the popover.
    @MainActor static func nameList(in widget: WidgetRef, _ name: String) {
        for part in widget.any.descendants where part.isA(gtk_list_view_get_type()) || part.isA(gtk_popover_get_type()) {
            part.accessibleName(name)
            if part.isA(gtk_popover_get_type()) { part.any.nameBuiltInParts() }
        }
    }
}
