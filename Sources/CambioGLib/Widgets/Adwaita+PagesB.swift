import CGtk

// Glue for the adaptive Currencies, Converter and Calculator pages: a wrapping row of buttons,
// size measuring (tests check that no page asks for more than a phone's width), and right-justified
// wrapped labels.

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

public extension Widget {
    /// The widget's minimum and natural size in `orientation` (for the other size `forSize`, or
    /// -1 for any), as a container would measure it.
    func measure(_ orientation: GtkOrientation, for forSize: Int32 = -1) -> (minimum: Int32, natural: Int32) {
        var min: Int32 = 0, nat: Int32 = 0
        gtk_widget_measure(widget, orientation, forSize, &min, &nat, nil, nil)
        return (min, nat)
    }
}

public extension Label {
    /// How the lines of a wrapped label line up with each other.
    var justify: GtkJustification {
        get { gtk_label_get_justify(OpaquePointer(widget)) }
        nonmutating set { gtk_label_set_justify(OpaquePointer(widget), newValue) }
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

public extension StatusPage {
    /// The icon above the title.
    var iconName: String {
        get { adw_status_page_get_icon_name(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_status_page_set_icon_name(cast(widget), newValue) }
    }
}
