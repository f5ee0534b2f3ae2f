import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// Window sizes for the adaptive pages: a phone (360 px wide), a small laptop and a wide screen.
extension WindowTestCase {
    /// The window's size on screen (its surface: with the frame GTK draws around it).
    var surfaceSize: (width: Int32, height: Int32) {
        guard let surface = gtk_native_get_surface(OpaquePointer(window.window)) else { return (0, 0) }
        return (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
    }

    /// Gives the window `width`×`height` and lets GTK lay it out: the main loop runs until the
    /// window has that size on screen and nothing is left to do (at most `limit` seconds, for a
    /// window that cannot be that small; then the caller's assertions fail and say so).
    func layOut(width: Int32, height: Int32, limit: TimeInterval = 10) {
        gtk_window_set_default_size(cast(window.window), width, height)
        let end = Date().addingTimeInterval(limit)
        while surfaceSize != (width, height) && Date() < end { g_main_context_iteration(nil, 1) }
        XCTAssertTrue(surfaceSize == (width, height), "the window is \(surfaceSize), not \(width)×\(height)")
        // Then one whole frame at that size: laid out and painted.
        gtk_widget_queue_resize(window.window)
        XCTAssertTrue(waitForFrame(of: AnyWidget(window.window), until: end), "a frame at \(width)×\(height)")
    }

    /// Runs the main loop until `widget`'s window has drawn a frame (laid out and painted).
    @discardableResult
    func waitForFrame(of widget: some Widget, until end: Date = Date().addingTimeInterval(10)) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return false }
        var painted = false
        let id = Signal.connect(gpointerOf(clock), "after-paint") { painted = true }
        defer { g_signal_handler_disconnect(gpointerOf(clock), id) }
        widget.queueDraw()
        while !painted && Date() < end { g_main_context_iteration(nil, 1) }
        return painted
    }

    /// The narrowest the window's content and the page `root` can be (with that page shown).
    func minimumWidths(root: WidgetRef) -> (content: Int32, page: Int32) {
        // Tests build an AdwWindow (no application).
        let content = adw_window_get_content(cast(window.window)).map { AnyWidget($0) }
        return (content?.measure(GTK_ORIENTATION_HORIZONTAL).minimum ?? 0, AnyWidget(root).measure(GTK_ORIENTATION_HORIZONTAL).minimum)
    }

    /// Whether `widget`'s right edge lies inside the window (nothing cut off at the side).
    func fitsWidth(_ widget: some Widget) -> Bool {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.widget, window.window, &bounds) != 0 else { return false }
        return bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= Float(AnyWidget(window.window).width)
    }
}

/// The app's own styles, as AdwApplication loads them (the tests' windows have no application):
/// sizes are measured with the CSS the user gets. A test that loads them unloads them when it
/// ends (`defer`), so that other tests see the display as before.
@MainActor enum AppStyles {
    private static var provider: UnsafeMutablePointer<GtkCssProvider>?

    static func load() {
        guard provider == nil else { return }
        AppResources.register()
        let css = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(css, "/io/github/cambio/Cambio/style.css")
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(css),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        provider = css
    }

    static func unload() {
        guard let css = provider else { return }
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(css))
        g_object_unref(gpointerOf(css))
        provider = nil
    }
}

extension WindowTestCase {
    /// Saves a picture of `widget` as drawn now to $CAMBIO_UI_SHOTS/`name`.png, when that
    /// variable names a folder (to look at a state the tests reach; nothing is written otherwise).
    func savePicture(_ widget: some Widget, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["CAMBIO_UI_SHOTS"],
              let native = gtk_widget_get_native(widget.widget), let renderer = gtk_native_get_renderer(native) else { return }
        waitForFrame(of: widget)
        let paintable = gtk_widget_paintable_new(widget.widget)!
        defer { g_object_unref(gpointerOf(paintable)) }
        // The paintable's own size: a window's takes in the frame GTK draws around it.
        let width = Double(gdk_paintable_get_intrinsic_width(paintable)), height = Double(gdk_paintable_get_intrinsic_height(paintable))
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, width, height)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return }
        defer { g_object_unref(gpointerOf(texture)) }
        let saved = gdk_texture_save_to_png(texture, "\(folder)/\(name).png")
        if saved == 0 { print("picture", name, "not saved") }
    }
}
