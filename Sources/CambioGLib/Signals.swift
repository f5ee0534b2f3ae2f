import CGtk

/// Signal connection whose closure box GLib owns: it is retained when connected and released by
/// the GClosureNotify when the handler is disconnected or the object dies, never by a Swift
/// wrapper that may die first.
final class SignalBox<F>: @unchecked Sendable {
    let handler: F
    init(_ handler: F) { self.handler = handler }
}

private func connect<F>(_ instance: gpointer, _ signal: String, _ handler: F,
                        _ trampoline: GCallback) -> gulong {
    let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
    let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
    return g_signal_connect_data(instance, signal, trampoline, box, release,
                                 GConnectFlags(0))
}

private func box<F>(_ data: gpointer?, _: F.Type) -> F {
    Unmanaged<SignalBox<F>>.fromOpaque(data!).takeUnretainedValue().handler
}

public enum Signal {
    public typealias Plain = @MainActor () -> Void

    /// Signals of the form `void (*)(GObject *self, gpointer data)`: clicked, changed, activate...
    @discardableResult
    public static func connect(_ instance: gpointer, _ signal: String, _ handler: @escaping Plain) -> gulong {
        let t: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let h = box(data, Plain.self)
            MainActor.assumeIsolated { h() }
        }
        return CambioGLib.connect(instance, signal, handler, unsafeBitCast(t, to: GCallback.self))
    }

    public typealias WithPointer = @MainActor (gpointer?) -> Void

    /// `void (*)(GObject *self, gpointer arg, gpointer data)`: notify::, row-activated, GAction activate.
    @discardableResult
    public static func connect(_ instance: gpointer, _ signal: String, withArgument handler: @escaping WithPointer) -> gulong {
        let t: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
            let h = box(data, WithPointer.self)
            nonisolated(unsafe) let arg = arg
            MainActor.assumeIsolated { h(arg) }
        }
        return CambioGLib.connect(instance, signal, handler, unsafeBitCast(t, to: GCallback.self))
    }

    public typealias KeyPress = @MainActor (_ key: Key, _ modifiers: Modifiers) -> Bool

    /// GtkEventControllerKey::key-pressed. Return true to stop the event.
    @discardableResult
    public static func keyPressed(_ controller: OpaquePointer, _ handler: @escaping KeyPress) -> gulong {
        let t: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, state, data in
            let h = box(data, KeyPress.self)
            return MainActor.assumeIsolated { h(Key(keyval: keyval), Modifiers(state)) } ? 1 : 0
        }
        return CambioGLib.connect(gpointerOf(controller), "key-pressed", handler, unsafeBitCast(t, to: GCallback.self))
    }

    public typealias Pressed = @MainActor (_ presses: Int32, _ x: Double, _ y: Double) -> Void

    /// GtkGestureClick::pressed.
    @discardableResult
    public static func pressed(_ gesture: OpaquePointer, _ handler: @escaping Pressed) -> gulong {
        let t: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            let h = box(data, Pressed.self)
            MainActor.assumeIsolated { h(n, x, y) }
        }
        return CambioGLib.connect(gpointerOf(gesture), "pressed", handler, unsafeBitCast(t, to: GCallback.self))
    }

    public typealias Drop = @MainActor (_ value: UnsafePointer<GValue>?, _ x: Double, _ y: Double) -> Bool

    /// GtkDropTarget::drop.
    @discardableResult
    public static func drop(_ target: OpaquePointer, _ handler: @escaping Drop) -> gulong {
        let t: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = { _, value, x, y, data in
            let h = box(data, Drop.self)
            nonisolated(unsafe) let value = value
            return MainActor.assumeIsolated { h(value, x, y) } ? 1 : 0
        }
        return CambioGLib.connect(gpointerOf(target), "drop", handler, unsafeBitCast(t, to: GCallback.self))
    }

    public typealias Prepare = @MainActor (_ x: Double, _ y: Double) -> UnsafeMutablePointer<GdkContentProvider>?

    /// GtkDragSource::prepare: returns a new content provider (ownership passes to GTK).
    @discardableResult
    public static func dragPrepare(_ source: OpaquePointer, _ handler: @escaping Prepare) -> gulong {
        let t: @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
            let h = box(data, Prepare.self)
            nonisolated(unsafe) var provider: UnsafeMutablePointer<GdkContentProvider>? = nil
            MainActor.assumeIsolated { provider = h(x, y) }
            return provider
        }
        return CambioGLib.connect(gpointerOf(source), "prepare", handler, unsafeBitCast(t, to: GCallback.self))
    }
}

/// GtkMenuButton's create-popup function, with a closure GLib owns.
public enum MenuButtonPopup {
    public typealias Create = @MainActor () -> Void

    /// The body until it has run.
    /// Touched on the main thread only (GTK calls the function there).
    private final class Once: @unchecked Sendable {
        var body: Create?
        init(_ body: @escaping Create) { self.body = body }
    }

    /// `body` runs the first time the menu opens, and builds its popover. GTK calls the
    /// create-popup function on every opening, even once a popover is set: only the first runs
    /// `body`, so a popover (a currency list, a menu) is built once, not again at each opening.
    public static func onFirstOpen(_ button: WidgetRef, _ body: @escaping Create) {
        let data = Unmanaged.passRetained(Once(body)).toOpaque()
        gtk_menu_button_set_create_popup_func(cast(button), { _, data in
            let once = Unmanaged<Once>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                guard let body = once.body else { return }
                once.body = nil
                body()
            }
        }, data, { data in Unmanaged<Once>.fromOpaque(data!).release() })
    }
}

extension Signal {
    public typealias Motion = @MainActor (_ x: Double, _ y: Double) -> Void

    /// GtkEventControllerMotion::motion (and ::enter, which has the same shape).
    @discardableResult
    public static func motion(_ controller: OpaquePointer, _ signal: String = "motion", _ handler: @escaping Motion) -> gulong {
        let t: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            let h = box(data, Motion.self)
            MainActor.assumeIsolated { h(x, y) }
        }
        return CambioGLib.connect(gpointerOf(controller), signal, handler, unsafeBitCast(t, to: GCallback.self))
    }
}

/// GtkDrawingArea's draw function, with a closure GLib owns.
public enum DrawingArea {
    public typealias Draw = @MainActor (_ canvas: Canvas, _ width: Int32, _ height: Int32) -> Void

    /// GtkDrawingArea::resize: its new size, at each allocation that changes it.
    public static func onResize(_ area: WidgetRef, _ handler: @escaping @MainActor (_ width: Int32, _ height: Int32) -> Void) {
        typealias Resize = @MainActor (Int32, Int32) -> Void
        let t: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            let h = Unmanaged<SignalBox<Resize>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { h(width, height) }
        }
        let data = Unmanaged.passRetained(SignalBox<Resize>(handler)).toOpaque()
        g_signal_connect_data(gpointerOf(area), "resize", unsafeBitCast(t, to: GCallback.self), data,
                              { data, _ in Unmanaged<SignalBox<Resize>>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    public static func onDraw(_ area: WidgetRef, _ body: @escaping Draw) {
        let data = Unmanaged.passRetained(SignalBox(body)).toOpaque()
        gtk_drawing_area_set_draw_func(cast(area), { _, cr, width, height, data in
            let h = Unmanaged<SignalBox<Draw>>.fromOpaque(data!).takeUnretainedValue().handler
            guard let cr else { return }
            nonisolated(unsafe) let context = cr
            MainActor.assumeIsolated { h(Canvas(context), width, height) }
        }, data, { data in Unmanaged<SignalBox<Draw>>.fromOpaque(data!).release() })
    }
}
