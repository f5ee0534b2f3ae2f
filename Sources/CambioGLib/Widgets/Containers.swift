import CGtk

/// GtkBox.
public struct Box: Widget {
    public let widget: WidgetRef
    private var box: UnsafeMutablePointer<GtkBox> { cast(widget) }

    public init(_ orientation: Orientation, spacing: Int32 = 0, _ children: [any Widget] = []) {
        widget = gtk_box_new(orientation.gtk, spacing)!
        children.forEach { gtk_box_append(box, $0.widget) }
    }
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_box_get_type(), "Box"); widget = existing }
    public static func vertical(spacing: Int32 = 0, _ children: [any Widget] = []) -> Box { Box(.vertical, spacing: spacing, children) }
    public static func horizontal(spacing: Int32 = 0, _ children: [any Widget] = []) -> Box { Box(.horizontal, spacing: spacing, children) }

    public func append(_ children: any Widget...) { children.forEach { gtk_box_append(box, $0.widget) } }
}

/// GtkGrid.
public struct Grid: Widget {
    public let widget: WidgetRef
    private var grid: UnsafeMutablePointer<GtkGrid> { cast(widget) }

    public init(rowSpacing: UInt32 = 0, columnSpacing: UInt32 = 0) {
        widget = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid, rowSpacing)
        gtk_grid_set_column_spacing(grid, columnSpacing)
    }
    public func attach(_ child: some Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(grid, child.widget, column, row, width, height)
    }
    public func remove(_ child: some Widget) { gtk_grid_remove(grid, child.widget) }
    public var rowHomogeneous: Bool {
        get { gtk_grid_get_row_homogeneous(grid) != 0 }
        nonmutating set { gtk_grid_set_row_homogeneous(grid, newValue ? 1 : 0) }
    }
    public var columnHomogeneous: Bool {
        get { gtk_grid_get_column_homogeneous(grid) != 0 }
        nonmutating set { gtk_grid_set_column_homogeneous(grid, newValue ? 1 : 0) }
    }
}

/// GtkScrolledWindow; never a Tab stop itself (its content is).
public struct ScrolledWindow: Widget {
    public let widget: WidgetRef
    private var scroller: OpaquePointer { OpaquePointer(widget) }

    public init(child: (any Widget)? = nil, horizontal: ScrollPolicy = .automatic, vertical: ScrollPolicy = .automatic) {
        widget = gtk_scrolled_window_new()!
        gtk_widget_set_focusable(widget, 0)
        gtk_scrolled_window_set_policy(scroller, horizontal.gtk, vertical.gtk)
        if let child { gtk_scrolled_window_set_child(scroller, child.widget) }
    }
    public var minContentHeight: Int32 {
        get { gtk_scrolled_window_get_min_content_height(scroller) }
        nonmutating set { gtk_scrolled_window_set_min_content_height(scroller, newValue) }
    }
    public var maxContentHeight: Int32 {
        get { gtk_scrolled_window_get_max_content_height(scroller) }
        nonmutating set { gtk_scrolled_window_set_max_content_height(scroller, newValue) }
    }
    public var propagateNaturalHeight: Bool {
        get { gtk_scrolled_window_get_propagate_natural_height(scroller) != 0 }
        nonmutating set { gtk_scrolled_window_set_propagate_natural_height(scroller, newValue ? 1 : 0) }
    }
    /// The vertical scroll position, in pixels from the top.
    public var verticalOffset: Double { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scroller)) }
}

/// GtkWindow.
public struct Window: Widget {
    public let widget: WidgetRef
    private var window: UnsafeMutablePointer<GtkWindow> { cast(widget) }

    public init(existing: WidgetRef) { checkWrapped(existing, gtk_window_get_type(), "Window"); widget = existing }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_window_set_title(window, newValue) }
    }
    public func defaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }
    /// The width the window opens at (its default width; -1 when it has none).
    public var defaultWidth: Int32 {
        var width: Int32 = 0, height: Int32 = 0 // GTK 4.8 writes both
        gtk_window_get_default_size(window, &width, &height)
        return width
    }
    public var hideOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        nonmutating set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }
    public var destroyWithParent: Bool {
        get { gtk_window_get_destroy_with_parent(window) != 0 }
        nonmutating set { gtk_window_set_destroy_with_parent(window, newValue ? 1 : 0) }
    }
    public func transient(for parent: (any Widget)?) { gtk_window_set_transient_for(window, parent.map { cast($0.widget) }) }
    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
    public func destroy() { gtk_window_destroy(window) }
    /// The window is being destroyed.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("destroy", handler) }
}

public extension ScrolledWindow {
    /// The height of the part in view, in pixels (0 before it is laid out).
    var pageHeight: Double { gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))) }

    /// Scrolls the least that shows the whole of `widget` (one of the content's descendants), or
    /// its top when it is taller than the view. GTK scrolls to the focused widget only; this shows
    /// what belongs with it (a chart's readout under the chart). A label given new text is
    /// laid out again only in the next frame: its height is the one the text will take. (The
    /// content's own new height counts only from then: a widget at its very end is shown down
    /// to the end as it is now.)
    func reveal(_ widget: some Widget) {
        let scroller = OpaquePointer(self.widget)
        guard let viewport = gtk_scrolled_window_get_child(scroller),
              let content = gtk_widget_get_first_child(viewport) else { return }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.widget, content, &bounds) != 0 else { return }
        var natural: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(widget.widget), nil, &natural, nil, nil)
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller)
        let top = Double(bounds.origin.y), bottom = top + max(Double(bounds.size.height), Double(natural))
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        if bottom > value + page { gtk_adjustment_set_value(adjustment, min(top, bottom - page)) }
        else if top < value { gtk_adjustment_set_value(adjustment, top) }
    }

    /// The content scrolled up or down (by the user or by code).
    @discardableResult
    func onVerticalScroll(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let adjustment = gpointerOf(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))!)
        return SignalHandle(owner: nil, object: adjustment, id: Signal.connect(adjustment, "value-changed", handler))
    }
}

/// GtkFlowBox used as a row of buttons that wraps onto more lines when it is narrow: nothing
/// is selectable, and its child wrappers take no focus themselves (Tab goes to the buttons).
public struct FlowBox: Widget {
    public let widget: WidgetRef
    private var box: OpaquePointer { OpaquePointer(widget) }

    public init(rowSpacing: UInt32 = 6, columnSpacing: UInt32 = 6, maxPerLine: UInt32 = 8) {
        widget = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
        gtk_flow_box_set_row_spacing(box, rowSpacing)
        gtk_flow_box_set_column_spacing(box, columnSpacing)
        gtk_flow_box_set_max_children_per_line(box, maxPerLine)
        gtk_flow_box_set_homogeneous(box, 0)
    }

    /// Adds `child` at the end; its wrapper is not a Tab stop of its own.
    public func append(_ child: some Widget) { insert(child, at: -1) }

    /// Inserts `child` at `position` (-1: the end).
    public func insert(_ child: some Widget, at position: Int32) {
        gtk_flow_box_insert(box, child.widget, position)
        if let wrapper = gtk_widget_get_parent(child.widget) {
            gtk_widget_set_focusable(wrapper, 0)
        }
    }

    public func remove(_ child: some Widget) {
        guard let wrapper = gtk_widget_get_parent(child.widget) else { return }
        gtk_flow_box_remove(box, wrapper)
    }
}

/// GtkSizeGroup: widgets in different rows that take the same width (or height). Each widget
/// in it keeps the group alive; this value's own reference, for adding more, goes with `owner`.
@MainActor public struct SizeGroup {
    private let group: UnsafeMutablePointer<GtkSizeGroup>

    public init(_ mode: GtkSizeGroupMode = GTK_SIZE_GROUP_HORIZONTAL, whileAlive owner: some Widget) {
        let group = gtk_size_group_new(mode)!
        self.group = group
        nonisolated(unsafe) let g = group
        Signal.connect(gpointerOf(owner.widget), "destroy") { g_object_unref(gpointerOf(g)) }
    }

    public func add(_ widget: some Widget) { gtk_size_group_add_widget(group, widget.widget) }
}
