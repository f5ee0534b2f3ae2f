import CGtk

/// A line of text laid out in a widget's font, to draw on a cairo surface (a chart's labels).
/// It owns its PangoLayout and frees it when it goes.
@MainActor public final class TextLayout {
    private let layout: OpaquePointer

    /// `text` in `widget`'s font and direction; nil if Pango cannot lay it out.
    /// `leftToRight`: laid out as left-to-right text whatever the widget's direction (a chart's
    /// labels): a sign or a unit stays on the side it is on in a left-to-right layout; words of a
    /// right-to-left script in it still read right to left.
    public init?(_ text: String, in widget: some Widget, leftToRight: Bool = false) {
        if leftToRight {
            // A context of its own: the widget's is shared with its other text.
            guard let context = gtk_widget_create_pango_context(widget.widget) else { return nil }
            defer { g_object_unref(gpointerOf(context)) }
            pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
            guard let layout = pango_layout_new(context) else { return nil }
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_text(layout, text, -1)
            self.layout = layout
        } else {
            guard let layout = gtk_widget_create_pango_layout(widget.widget, text) else { return nil }
            self.layout = layout
        }
    }

    isolated deinit { g_object_unref(gpointerOf(layout)) }

    /// Its size in pixels.
    public var size: (width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws it on `cr` with its top left corner at (`x`, `y`), in the source's colour.
    func draw(on cr: OpaquePointer, x: Double, y: Double) {
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }
}

/// GtkDrawingArea: `draw` paints it with cairo.
public struct DrawingSurface: Widget {
    public let widget: WidgetRef
    /// `image`: read as an image (a chart), not as a filler that assistive technologies pass over.
    public init(image: Bool = false) { widget = image ? cambio_drawing_area_new_image()! : gtk_drawing_area_new()! }
    /// Says, for assistive technologies, that `summary` and `readout` describe it.
    public func describedBy(_ summary: some Widget, _ readout: some Widget) {
        cambio_accessible_set_described_by(widget, summary.widget, readout.widget)
    }
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

public extension DrawingSurface {
    /// A colour the style names (`@define-color chart_line_color …` in style.css, or
    /// libadwaita's `accent_color`), as it is now (light or dark); nil when no stylesheet
    /// defines it.
    func color(named name: String) -> StyleColor? {
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, &rgba) != 0 else { return nil }
        return StyleColor(rgba)
    }

    /// The colour the widget's text is drawn in (its CSS `color`).
    var foregroundColor: StyleColor {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return StyleColor(rgba)
    }

    /// Redraws when the style turns light or dark, or high contrast (the colours it reads change);
    /// stops listening when the widget goes.
    func redrawOnStyleChange() {
        let widget = self.widget
        let handles = Adwaita.onStyleChanged { gtk_widget_queue_draw(widget) }
        on("destroy") { handles.forEach { $0.disconnect() } }
    }
}

/// The cairo context a draw handler is given, while it runs: paths in the current colour.
@MainActor public struct Canvas {
    let cr: OpaquePointer
    init(_ cr: OpaquePointer) { self.cr = cr }

    public func color(_ color: StyleColor) { color.use(on: cr) }
    public func lineWidth(_ width: Double) { cairo_set_line_width(cr, width) }
    public func roundJoins() { cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND) }
    public func move(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    public func line(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    public func stroke() { cairo_stroke(cr) }
    public func fill() { cairo_fill(cr) }
    public func rectangle(x: Double, y: Double, width: Double, height: Double) { cairo_rectangle(cr, x, y, width, height) }
    public func circle(x: Double, y: Double, radius: Double) { cairo_arc(cr, x, y, radius, 0, 2 * .pi) }

    /// Strokes each run of points as one line, in `color`, `width` wide (a run of one point as
    /// a dot). `roundJoins`: corners rounded rather than mitred.
    public func polylines(_ runs: [[(x: Double, y: Double)]], color: StyleColor, width: Double, roundJoins round: Bool) {
        self.color(color)
        lineWidth(width)
        if round { roundJoins() }
        for run in runs {
            guard let first = run.first else { continue }
            move(first.x, first.y)
            if run.count == 1 { line(first.x + 0.5, first.y) }
            for p in run.dropFirst() { line(p.x, p.y) }
        }
        stroke()
    }

    /// `layout` with its top left corner at (`x`, `y`), in the current colour.
    public func text(_ layout: TextLayout, x: Double, y: Double) { layout.draw(on: cr, x: x, y: y) }
}

