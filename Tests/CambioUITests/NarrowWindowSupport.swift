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
        while Date() < end {
            let sized = surfaceSize == (width, height)
            if sized && g_main_context_pending(nil) == 0 { break }
            g_main_context_iteration(nil, sized ? 0 : 1)
        }
        XCTAssertTrue(surfaceSize == (width, height), "the window is \(surfaceSize), not \(width)×\(height)")
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

extension WindowTestCase {
    /// Debug: the widgets under `root` at least `over` px wide at minimum.
    func dumpWide(_ root: WidgetRef, over: Int32, depth: Int = 0) {
        let m = AnyWidget(root).measure(GTK_ORIENTATION_HORIZONTAL)
        if m.minimum >= over {
            print(String(repeating: " ", count: depth), String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self))), m)
        }
        var child = gtk_widget_get_first_child(root)
        while let c = child { dumpWide(c, over: over, depth: depth + 1); child = gtk_widget_get_next_sibling(c) }
    }
}

/// The app's own styles, as AdwApplication loads them (the tests' windows have no application):
/// sizes are measured with the CSS the user gets. Loaded once for the test process.
@MainActor enum AppStyles {
    private static var loaded = false
    static func load() {
        guard !loaded else { return }
        loaded = true
        AppResources.register()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, "/io/github/cambio/Cambio/style.css")
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
