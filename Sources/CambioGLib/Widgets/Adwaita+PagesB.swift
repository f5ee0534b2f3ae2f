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


/// A compact status page (an icon, a title, a description) that does not scroll, for a popover.
/// AdwStatusPage scrolls its content and measures its height at its natural width: given less
/// width, its description wraps to more lines than it asked room for, and the end is cut off.
/// This one is a plain column, so a popover grows to fit every line.
public struct InlineStatus: Widget {
    public let widget: WidgetRef
    private let image: WidgetRef
    private let titleLabel: Label
    private let detailsLabel: Label

    public init(icon: String) {
        image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(OpaquePointer(image), 48)
        image.addClass("dim-label")
        titleLabel = Label("", classes: ["title-3"], xalign: 0.5, wrap: true)
        titleLabel.justify = GTK_JUSTIFY_CENTER
        detailsLabel = Label("", xalign: 0.5, wrap: true)
        detailsLabel.justify = GTK_JUSTIFY_CENTER
        // Wrapped text asks for the width of one line: these lines ask for no more than a phone has.
        titleLabel.maxWidthChars = 18
        detailsLabel.maxWidthChars = 30
        let column = Box.vertical(spacing: 6, [AnyWidget(image), titleLabel, detailsLabel])
        column.margins(12, 12, 12, 12)
        // Centred in whatever height it is given.
        column.valign = GTK_ALIGN_CENTER
        column.vexpand = true
        widget = Box.vertical(spacing: 0, [column]).widget
    }

    public var iconName: String {
        get { gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_image_set_from_icon_name(OpaquePointer(image), newValue) }
    }
    public var title: String {
        get { titleLabel.text }
        nonmutating set { titleLabel.text = newValue }
    }
    public var details: String {
        get { detailsLabel.text }
        nonmutating set { detailsLabel.text = newValue }
    }
}
