import CGtk

/// A callback for when the main loop is idle (after pending input and redraws), as a handle:
/// cancelling it (or letting go of it) stops it. Screens hold these instead of raw source ids.
@MainActor public final class IdleHandle {
    private var id: guint = 0

    /// Runs `body` once, at idle priority: after the frame being drawn.
    public static func once(_ body: @escaping @MainActor () -> Void) -> IdleHandle {
        let handle = IdleHandle()
        let job = Unmanaged.passRetained(MainContext.Job { [weak handle] in
            handle?.id = 0
            body()
        }).toOpaque()
        handle.id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let job = Unmanaged<MainContext.Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.body() }
            return 0 // G_SOURCE_REMOVE
        }, job, { data in Unmanaged<MainContext.Job>.fromOpaque(data!).release() })
        return handle
    }

    private init() {}

    /// Whether it has yet to run.
    public var isPending: Bool { id != 0 }

    public func cancel() {
        if id != 0 { g_source_remove(id) }
        id = 0
    }

    isolated deinit { cancel() }
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

public extension ScrolledWindow {
    /// The height of the part in view, in pixels (0 before it is laid out).
    var pageHeight: Double { gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))) }

    /// The content scrolled up or down (by the user or by code).
    @discardableResult
    func onVerticalScroll(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let adjustment = gpointerOf(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))!)
        return SignalHandle(owner: nil, object: adjustment, id: Signal.connect(adjustment, "value-changed", handler))
    }
}
