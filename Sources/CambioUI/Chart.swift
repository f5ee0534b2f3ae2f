import CambioGLib

/// What the History and Investments charts share: margins, colours, grid, text, the cursor and
/// its keys.
///
/// Under a right-to-left language (Arabic) the window mirrors but the charts do not: time runs
/// from left (oldest) to right (newest), the first day's label under the left end, the last's
/// under the right, and Left steps back in time. Preferences differ between countries and apps
/// (IBM's bidi guidelines say so; some Arabic and Hebrew web apps reverse their axes), but the
/// design guides advise against mirroring time and charts (Wikimedia's Codex: "Don't mirror ...
/// components representing time ... charts and graphs if mirroring could impact data
/// interpretation"; Material 3 keeps graphs left to right for Persian and Urdu), and the charting
/// libraries behind finance sites draw time left to right on right-to-left pages unless told
/// otherwise: a mirrored chart would read against the other charts of the same rates the user
/// sees. The labels are left-to-right text for the same reason (`TextLayout(leftToRight:)`):
/// "−0.5" keeps its sign at the left.
@MainActor enum Chart {
    /// The colours a chart is drawn in, read from the style at each drawing: the named colours
    /// of style.css (style-dark.css changes some), so that they follow the light and dark style.
    /// Without them (no stylesheet loaded) they come from libadwaita's accent and the text colour.
    @MainActor struct Palette {
        /// The rate, or the value of an investment.
        let line: StyleColor
        /// The faint lines across the plot.
        let grid: StyleColor
        /// The plot's base line.
        let axis: StyleColor
        /// The line through the highlighted point.
        let marker: StyleColor
        /// Money invested.
        let invested: StyleColor
        /// The labels: the widget's own text colour.
        let text: StyleColor
        /// The plot's own background (`.chart` in style.css), behind labels drawn over the line.
        let background: StyleColor?

        init(_ surface: DrawingSurface) {
            let fg = surface.foregroundColor
            line = surface.color(named: "chart_line_color") ?? surface.color(named: "accent_color") ?? fg
            grid = surface.color(named: "chart_grid_color") ?? fg.faded(0.15)
            axis = surface.color(named: "chart_axis_color") ?? fg.faded(0.6)
            marker = surface.color(named: "chart_marker_color") ?? fg.faded(0.75)
            invested = surface.color(named: "chart_invested_color") ?? fg.faded(0.55)
            text = fg
            background = surface.color(named: "view_bg_color")
        }
    }

    static let margin = (left: 8.0, right: 8.0, top: 10.0, bottom: 26.0)

    /// The plotting area of a chart `width` × `height` pixels.
    static func plot(_ width: Double, _ height: Double) -> (w: Double, h: Double) {
        (width - margin.left - margin.right, height - margin.top - margin.bottom)
    }

    /// Faint lines at the top and middle of the plot, and its base line.
    static func grid(_ canvas: Canvas, _ palette: Palette, w: Double, h: Double) {
        for (f, color) in [(0.0, palette.grid), (0.5, palette.grid), (1.0, palette.axis)] {
            let y = (margin.top + h * f).rounded() + 0.5
            canvas.polylines([[(margin.left, y), (margin.left + w, y)]], color: color, width: 1, roundJoins: false)
        }
    }

    /// The lines a chart plots: each run of points (in the plot's own coordinates) as one line.
    static func lines(_ canvas: Canvas, _ runs: [[(x: Double, y: Double)]], color: StyleColor, width: Double,
                      roundJoins: Bool = true) {
        let placed = runs.map { $0.map { (x: margin.left + $0.x, y: margin.top + $0.y) } }
        canvas.polylines(placed, color: color, width: width, roundJoins: roundJoins)
    }

    /// Small text on the chart, in the widget's font and the palette's text colour.
    /// `overPlot`: the label lies in the plot, where the line may pass: it gets a plate of the
    /// plot's background, so the line goes behind it rather than through its digits.
    static func text(_ canvas: Canvas, _ widget: some Widget, _ palette: Palette, _ text: String, x: Double, y: Double,
                     above: Bool, alignRight: Bool = false, overPlot: Bool = false) {
        guard let layout = TextLayout(text, in: widget, leftToRight: true) else { return }
        let (width, height) = layout.size
        let left = alignRight ? x - width : x, top = above ? y - height - 2 : y + 2
        if overPlot, let background = palette.background {
            canvas.color(background.faded(0.85))
            canvas.rectangle(x: left - 3, y: top, width: width + 6, height: height)
            canvas.fill()
        }
        canvas.color(palette.text)
        canvas.text(layout, x: left, y: top)
    }

    /// The highlighted point: a vertical line through it and a dot on the line drawn.
    static func cursor(_ canvas: Canvas, _ palette: Palette, x: Double, y: Double, h: Double) {
        canvas.polylines([[(x.rounded() + 0.5, margin.top), (x.rounded() + 0.5, margin.top + h)]], color: palette.marker, width: 1,
                         roundJoins: false)
        canvas.color(palette.line)
        canvas.circle(x: x, y: y, radius: 4)
        canvas.fill()
    }

    /// A key on a chart of `count` points: moves its cursor (through `setCursor`) and brings the
    /// readout under the chart into view (on a phone it may be out of it); false for other keys.
    static func navigate(_ key: Key, cursor: Int?, count: Int, page: Int, readout: some Widget, in scroller: ScrolledWindow,
                         setCursor: (Int) -> Void) -> Bool {
        guard count > 0, let next = step(key, cursor: cursor, last: count - 1, page: page) else { return false }
        setCursor(next)
        scroller.reveal(readout)
        return true
    }

    /// Where the cursor goes for a key: Left/Right one point, Page Up/Down `page` points,
    /// Home/End the ends; nil for other keys. Without a cursor, Left starts at the newest.
    static func step(_ key: Key, cursor: Int?, last: Int, page: Int) -> Int? {
        let current = cursor ?? last
        let next: Int
        switch key {
        case .left: next = cursor == nil ? last : current - 1
        case .right: next = current + 1
        case .pageUp: next = current - page
        case .pageDown: next = current + page
        case .home: next = 0
        case .end: next = last
        default: return nil
        }
        return min(max(0, next), last)
    }

    /// The plot's width in a chart widget (for pointer positions).
    static func plotWidth(_ widget: some Widget) -> Double {
        Double(widget.width) - margin.left - margin.right
    }
}
