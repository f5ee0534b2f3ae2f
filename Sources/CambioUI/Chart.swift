import CambioGLib
import CGtk

/// What the History and Investments charts share: margins, grid, text, the cursor and its keys.
@MainActor enum Chart {
    static let margin = (left: 8.0, right: 8.0, top: 10.0, bottom: 26.0)

    /// The plotting area of a chart `width` × `height` pixels.
    static func plot(_ width: Double, _ height: Double) -> (w: Double, h: Double) {
        (width - margin.left - margin.right, height - margin.top - margin.bottom)
    }

    /// Faint lines at the bottom, middle and top of the plot.
    static func grid(_ cr: OpaquePointer, w: Double, h: Double) {
        cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.25)
        cairo_set_line_width(cr, 1)
        for f in [0.0, 0.5, 1.0] {
            let y = (margin.top + h * f).rounded() + 0.5
            cairo_move_to(cr, margin.left, y)
            cairo_line_to(cr, margin.left + w, y)
        }
        cairo_stroke(cr)
    }

    /// Small text on the chart, in the widget's font.
    static func text(_ cr: OpaquePointer, _ widget: some Widget, _ text: String, x: Double, y: Double,
                     above: Bool, alignRight: Bool = false) {
        guard let layout = TextLayout(text, in: widget) else { return }
        let (width, height) = layout.size
        layout.draw(on: cr, x: alignRight ? x - width : x, y: above ? y - height - 2 : y + 2)
    }

    /// The highlighted point: a vertical line through it and a dot on the line drawn.
    static func cursor(_ cr: OpaquePointer, x: Double, y: Double, h: Double) {
        cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.6)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, x.rounded() + 0.5, margin.top)
        cairo_line_to(cr, x.rounded() + 0.5, margin.top + h)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
        cairo_arc(cr, x, y, 4, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// Where the cursor goes for a key: Left/Right one point, Page Up/Down `page` points,
    /// Home/End the ends; nil for other keys. Without a cursor, Left starts at the newest.
    static func step(_ keyval: guint, cursor: Int?, last: Int, page: Int) -> Int? {
        let current = cursor ?? last
        let next: Int
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: next = cursor == nil ? last : current - 1
        case GDK_KEY_Right, GDK_KEY_KP_Right: next = current + 1
        case GDK_KEY_Page_Up: next = current - page
        case GDK_KEY_Page_Down: next = current + page
        case GDK_KEY_Home: next = 0
        case GDK_KEY_End: next = last
        default: return nil
        }
        return min(max(0, next), last)
    }

    /// The plot's width in a chart widget (for pointer positions).
    static func plotWidth(_ widget: some Widget) -> Double {
        Double(widget.width) - margin.left - margin.right
    }
}
