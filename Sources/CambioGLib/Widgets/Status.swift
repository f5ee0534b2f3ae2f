import CGtk

// Status views: a compact status (icon, title, description) that fits in a popover.

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
        titleLabel.justify = .center
        detailsLabel = Label("", xalign: 0.5, wrap: true)
        detailsLabel.justify = .center
        // Wrapped text asks for the width of one line: these lines ask for no more than a phone has.
        titleLabel.maxWidthChars = 18
        detailsLabel.maxWidthChars = 30
        let column = Box.vertical(spacing: 6, [AnyWidget(image), titleLabel, detailsLabel])
        column.margins(12, 12, 12, 12)
        // Centred in whatever height it is given.
        column.valign = .center
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
