import CGtk

/// A row of children that becomes a column when the width it gets is below `breakpoint` (or
/// too small for the children side by side): the adaptive layout libadwaita 1.2 has no
/// breakpoints for. It is a GtkBox with a custom layout manager, so it decides at every
/// allocation from the width it is given, not from the window's size, and never changes the
/// widget tree. Side by side, from the start of a line (the right under Arabic, as a GtkBox), the
/// children get their natural widths and the rest goes to those that expand; in a column each takes the full width, in `narrowOrder` when given.
public struct AdaptiveBox: Widget {
    public let widget: WidgetRef

    /// `narrowOrder`: the children's indices top to bottom in the column (default: as given).
    public init(breakpoint: Int32, spacing: Int32, _ children: [any Widget], narrowOrder: [Int]? = nil) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        children.forEach { gtk_box_append(cast(widget), $0.widget) }
        let order = narrowOrder ?? Array(children.indices)
        precondition(order.sorted() == Array(children.indices), "narrowOrder names each child once")
        AdaptiveLayout.settings[widget] = AdaptiveLayout.Settings(breakpoint: breakpoint, spacing: spacing, narrowOrder: order)
        gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(AdaptiveLayout.requestMode, AdaptiveLayout.measure, AdaptiveLayout.allocate))
        Signal.connect(gpointerOf(widget), "destroy") { [widget] in AdaptiveLayout.settings[widget] = nil }
    }

    /// Whether the children were last laid out side by side (false: in a column).
    public var isWide: Bool { AdaptiveLayout.settings[widget]?.wide ?? true }
}

@MainActor enum AdaptiveLayout {
    struct Settings {
        let breakpoint: Int32
        let spacing: Int32
        let narrowOrder: [Int]
        var wide = true
    }
    static var settings: [WidgetRef: Settings] = [:]

    static func children(_ widget: WidgetRef) -> [WidgetRef] {
        var result: [WidgetRef] = []
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if gtk_widget_should_layout(c) != 0 { result.append(c) }
            child = gtk_widget_get_next_sibling(c)
        }
        return result
    }

    static func size(_ child: WidgetRef, _ orientation: GtkOrientation, for forSize: Int32) -> (min: Int32, nat: Int32) {
        var min: Int32 = 0, nat: Int32 = 0
        gtk_widget_measure(child, orientation, forSize, &min, &nat, nil, nil)
        return (min, nat)
    }

    /// The widths of `children` side by side in `width`, or nil when they do not fit or the
    /// width is below the breakpoint (then they go in a column).
    static func rowWidths(_ children: [WidgetRef], width: Int32, _ s: Settings) -> [Int32]? {
        guard width >= s.breakpoint, !children.isEmpty else { return nil }
        var sizes = children.map { child -> GtkRequestedSize in
            let w = size(child, GTK_ORIENTATION_HORIZONTAL, for: -1)
            return GtkRequestedSize(data: nil, minimum_size: w.min, natural_size: w.nat)
        }
        let gaps = s.spacing * Int32(children.count - 1)
        var extra = width - gaps - sizes.reduce(0) { $0 + $1.minimum_size }
        guard extra >= 0 else { return nil }
        extra = sizes.withUnsafeMutableBufferPointer { gtk_distribute_natural_allocation(extra, guint($0.count), $0.baseAddress) }
        var widths = sizes.map(\.minimum_size)
        let expanding = children.indices.filter { gtk_widget_compute_expand(children[$0], GTK_ORIENTATION_HORIZONTAL) != 0 }
        if !expanding.isEmpty {
            for (n, i) in expanding.enumerated() {
                widths[i] += extra / Int32(expanding.count) + (n < Int(extra) % expanding.count ? 1 : 0)
            }
        }
        return widths
    }

    static let requestMode: GtkCustomRequestModeFunc = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }

    static let measure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, minBaseline, natBaseline in
        guard let widget else { return }
        nonisolated(unsafe) let w = widget
        let (min, nat) = MainActor.assumeIsolated { () -> (Int32, Int32) in
            guard let s = settings[w] else { return (0, 0) }
            let children = children(w)
            let gaps = s.spacing * Int32(max(children.count - 1, 0))
            if orientation == GTK_ORIENTATION_HORIZONTAL {
                // Narrowest as a column; natural side by side.
                let sizes = children.map { size($0, GTK_ORIENTATION_HORIZONTAL, for: -1) }
                return (sizes.map(\.min).max() ?? 0, max(sizes.reduce(0) { $0 + $1.nat } + gaps, s.breakpoint))
            }
            if forSize >= 0, let widths = rowWidths(children, width: forSize, s) {
                let heights = zip(children, widths).map { size($0, GTK_ORIENTATION_VERTICAL, for: $1) }
                return (heights.map(\.min).max() ?? 0, heights.map(\.nat).max() ?? 0)
            }
            let heights = children.map { size($0, GTK_ORIENTATION_VERTICAL, for: forSize) }
            return (heights.reduce(0) { $0 + $1.min } + gaps, heights.reduce(0) { $0 + $1.nat } + gaps)
        }
        minimum?.pointee = min
        natural?.pointee = nat
        minBaseline?.pointee = -1
        natBaseline?.pointee = -1
    }

    static let allocate: GtkCustomAllocateFunc = { widget, width, height, _ in
        guard let widget else { return }
        nonisolated(unsafe) let w = widget
        MainActor.assumeIsolated {
            guard var s = settings[w] else { return }
            let children = children(w)
            if let widths = rowWidths(children, width: width, s) {
                // From the start of a line: the left, or the right under a right-to-left language, as a GtkBox lays out.
                let rightToLeft = gtk_widget_get_direction(w) == GTK_TEXT_DIR_RTL
                var x: Int32 = 0
                for (child, cw) in zip(children, widths) {
                    var rect = GtkAllocation(x: rightToLeft ? width - x - cw : x, y: 0, width: cw, height: height)
                    gtk_widget_size_allocate(child, &rect, -1)
                    x += cw + s.spacing
                }
                s.wide = true
            } else {
                let ordered = s.narrowOrder.filter { $0 < children.count }.map { children[$0] }
                let heights = ordered.map { size($0, GTK_ORIENTATION_VERTICAL, for: width) }
                let gaps = s.spacing * Int32(max(ordered.count - 1, 0))
                var extra = max(height - gaps - heights.reduce(0) { $0 + $1.nat }, 0)
                var tops = heights.map(\.nat)
                if height - gaps < heights.reduce(0, { $0 + $1.nat }) {
                    tops = heights.map(\.min) // squeezed: minimum heights
                    extra = max(height - gaps - tops.reduce(0, +), 0)
                }
                let expanding = ordered.indices.filter { gtk_widget_compute_expand(ordered[$0], GTK_ORIENTATION_VERTICAL) != 0 }
                for (n, i) in expanding.enumerated() {
                    tops[i] += extra / Int32(expanding.count) + (n < Int(extra) % expanding.count ? 1 : 0)
                }
                var y: Int32 = 0
                for (child, ch) in zip(ordered, tops) {
                    var rect = GtkAllocation(x: 0, y: y, width: width, height: ch)
                    gtk_widget_size_allocate(child, &rect, -1)
                    y += ch + s.spacing
                }
                s.wide = false
            }
            settings[w]?.wide = s.wide
        }
    }
}

/// One child, whose width does not depend on the height it is given: the bin is laid out height
/// for width, asked its width without a height. A wrapping label asked its width for a height
/// answers with the narrowest width that fits it, found by laying its text out at a dozen
/// widths. So a container that does not stretch the label (halign start) breaks a short line in
/// two beside a taller neighbour, and a box of several children, which asks each for its width
/// at every height it tries, lays the text out again and again (a list's rate lines at start-up).
/// In this bin the child takes its natural width, up to `maxWidth`, and wraps only when it gets
/// less.
public struct WidthFirstBin: Widget {
    public let widget: WidgetRef
    public init(child: some Widget) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(widget), child.widget)
        gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(WidthFirstLayout.requestMode, WidthFirstLayout.measure,
                                                                    WidthFirstLayout.allocate))
        Signal.connect(gpointerOf(widget), "destroy") { [widget] in WidthFirstLayout.maxWidths[widget] = nil }
    }

    /// The most it asks for (nil: its child's natural width).
    public var maxWidth: Int32? {
        get { WidthFirstLayout.maxWidths[widget] }
        nonmutating set {
            guard newValue != maxWidth else { return }
            WidthFirstLayout.maxWidths[widget] = newValue
            gtk_widget_queue_resize(widget)
        }
    }
}

@MainActor enum WidthFirstLayout {
    static var maxWidths: [WidgetRef: Int32] = [:]

    static let requestMode: GtkCustomRequestModeFunc = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }

    static let measure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, minBaseline, natBaseline in
        guard let widget else { return }
        nonisolated(unsafe) let w = widget
        let (min, nat, minBase, natBase) = MainActor.assumeIsolated { () -> (Int32, Int32, Int32, Int32) in
            guard let child = gtk_widget_get_first_child(w) else { return (0, 0, -1, -1) }
            var min: Int32 = 0, nat: Int32 = 0, minBase: Int32 = -1, natBase: Int32 = -1
            let horizontal = orientation == GTK_ORIENTATION_HORIZONTAL
            // The child's baselines, so that a box aligning its children by them (a label beside
            // buttons) lays the bin out as it did the child.
            gtk_widget_measure(child, orientation, horizontal ? -1 : forSize, &min, &nat, &minBase, &natBase)
            if horizontal, let cap = maxWidths[w] { nat = Swift.max(Swift.min(nat, cap), min) }
            return (min, nat, minBase, natBase)
        }
        minimum?.pointee = min
        natural?.pointee = nat
        minBaseline?.pointee = minBase
        natBaseline?.pointee = natBase
    }

    static let allocate: GtkCustomAllocateFunc = { widget, width, height, baseline in
        if let child = gtk_widget_get_first_child(widget) { gtk_widget_allocate(child, width, height, baseline, nil) }
    }
}
