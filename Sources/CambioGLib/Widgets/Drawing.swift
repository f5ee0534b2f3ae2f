import CGtk

/// A line of text laid out in a widget's font, to draw on a cairo surface (a chart's labels).
/// It owns its PangoLayout and frees it when it goes.
@MainActor public final class TextLayout {
    private let layout: OpaquePointer

    /// `text` in `widget`'s font and direction; nil if Pango cannot lay it out.
    public init?(_ text: String, in widget: some Widget) {
        guard let layout = gtk_widget_create_pango_layout(widget.widget, text) else { return nil }
        self.layout = layout
    }

    isolated deinit { g_object_unref(gpointerOf(layout)) }

    /// Its size in pixels.
    public var size: (width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws it on `cr` with its top left corner at (`x`, `y`), in the source's colour.
    public func draw(on cr: OpaquePointer, x: Double, y: Double) {
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }
}

/// GtkDrawingArea: `draw` paints it with cairo.
public struct DrawingSurface: Widget {
    public let widget: WidgetRef
    public init() { widget = gtk_drawing_area_new()! }
    public func onDraw(_ body: @escaping DrawingArea.Draw) { DrawingArea.onDraw(widget, body) }
}

/// A part of no height, under a container's content, that tells the width the container gives
/// it at each allocation that changes it (GTK has no signal for a widget's size). It draws
/// nothing and is left out of the accessibility tree.
public struct WidthProbe: Widget {
    public let widget: WidgetRef
    public init() {
        widget = gtk_drawing_area_new()!
        accessibleHidden()
    }
    /// `handler` runs during the allocation: what it changes in sizes or styles waits for an idle.
    public func onWidth(_ handler: @escaping @MainActor (_ width: Int32) -> Void) { DrawingArea.onResize(widget) { width, _ in handler(width) } }
}
