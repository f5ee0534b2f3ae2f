import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// Window sizes, where widgets lie and the app's stylesheet, for the tests of adaptive pages:
/// a phone (360 px wide), a small laptop and a wide screen.
extension WindowTestCase {
    /// Resizes the window to `width` × `height` (`layOut`) and runs the main loop until `laidOut`
    /// holds. Fails after ten seconds.
    func resize(width: Int32, height: Int32, until laidOut: @escaping @MainActor () -> Bool, _ what: String) {
        layOut(width: width, height: height)
        runMainLoop(until: laidOut)
        XCTAssertTrue(laidOut(), "\(what) at \(width)×\(height)")
    }

    /// Runs the main loop (blocking between events) until `done` holds or `limit` seconds have
    /// passed; a timer wakes the loop at the limit, so it never blocks past it.
    @discardableResult
    func runMainLoop(until done: () -> Bool, limit: TimeInterval = 10) -> Bool {
        final class Expiry { var expired = false }
        let expiry = Expiry()
        let deadline = TimerHandle.once(milliseconds: UInt32(limit * 1000)) { expiry.expired = true }
        defer { deadline.cancel() }
        while !done() && !expiry.expired { g_main_context_iteration(nil, 1) }
        return done()
    }

    /// Where `widget` lies in `ancestor`: its top left corner and its size, in pixels.
    func frame(of widget: some Widget, in ancestor: some Widget) -> (x: Double, y: Double, width: Double, height: Double) {
        var x = 0.0, y = 0.0
        XCTAssertNotEqual(gtk_widget_translate_coordinates(widget.widget, ancestor.widget, 0, 0, &x, &y), 0, "not inside")
        return (x, y, Double(widget.width), Double(widget.height))
    }

    /// Runs the main loop until the bottom page switcher (a phone's) has slid all the way in:
    /// until then the pages are about to lose its height, and what a key scrolled into view may
    /// leave it again.
    func waitForBottomSwitcher() {
        XCTAssertTrue(runMainLoop(until: {
            guard let bar = self.window.switcherBar?.widget else { return false }
            var natural: Int32 = 0
            gtk_widget_measure(bar, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
            return natural > 0 && gtk_widget_get_height(bar) == natural
        }), "the bottom switcher is in")
    }

    /// The narrowest `widget` can be.
    func minimumWidth(_ widget: some Widget) -> Int32 { widget.measure(.horizontal).minimum }

    /// The app's style.css with its named colours, as AdwApplication loads it in the app (the
    /// test windows are built without one), until the test ends.
    func loadAppStyle() {
        AppStyles.load()
        addTeardownBlock { @MainActor in AppStyles.unload() }
    }
}

extension WindowTestCase {
    /// The window's size on screen (its surface: with the frame GTK draws around it).
    var surfaceSize: (width: Int32, height: Int32) {
        guard let surface = gtk_native_get_surface(OpaquePointer(window.window.widget)) else { return (0, 0) }
        return (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
    }

    /// Gives the window `width`×`height` and lets GTK lay it out: the main loop runs until the
    /// window has that size on screen and nothing is left to do (at most `limit` seconds, for a
    /// window that cannot be that small; then the caller's assertions fail and say so).
    func layOut(width: Int32, height: Int32, limit: TimeInterval = 10) {
        gtk_window_set_default_size(cast(window.window.widget), width, height)
        runMainLoop(until: { surfaceSize == (width, height) }, limit: limit)
        XCTAssertTrue(surfaceSize == (width, height), "the window is \(surfaceSize), not \(width)×\(height)")
        // Then one whole frame at that size: laid out and painted.
        gtk_widget_queue_resize(window.window.widget)
        XCTAssertTrue(waitForFrame(of: AnyWidget(window.window)), "a frame at \(width)×\(height)")
    }

    /// Runs the main loop until `widget`'s window has drawn a frame (laid out and painted).
    @discardableResult
    func waitForFrame(of widget: some Widget) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return false }
        var painted = false
        let id = Signal.connect(gpointerOf(clock), "after-paint") { painted = true }
        defer { g_signal_handler_disconnect(gpointerOf(clock), id) }
        widget.queueDraw()
        return runMainLoop(until: { painted })
    }

    /// The narrowest the window's content and the page `root` can be (with that page shown).
    func minimumWidths(root: WidgetRef) -> (content: Int32, page: Int32) {
        // Tests build an AdwWindow (no application).
        let content = adw_window_get_content(cast(window.window.widget)).map { AnyWidget($0) }
        return (content.map(minimumWidth) ?? 0, minimumWidth(AnyWidget(root)))
    }

    /// Whether `widget`'s right edge lies inside the window (nothing cut off at the side).
    func fitsWidth(_ widget: some Widget) -> Bool {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.widget, window.window.widget, &bounds) != 0 else { return false }
        return bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= Float(AnyWidget(window.window).width)
    }
}

/// The app's own styles, as AdwApplication loads them (the tests' windows have no application):
/// sizes are measured with the CSS the user gets. A test that loads them unloads them when it
/// ends, so that other tests see the display as before.
@MainActor enum AppStyles {
    private static var sheet: StyleSheet?

    static func load() {
        guard sheet == nil else { return }
        sheet = AppResources.styleSheet()
    }

    static func unload() {
        sheet?.remove()
        sheet = nil
    }
}

extension WindowTestCase {
    /// Each border `widget` draws now, read from its render nodes: the widths and the colours
    /// (red, green, blue, alpha) of its four sides, top, right, bottom, left.
    func borderNodes(of widget: some Widget) -> [(widths: [Float], colours: [[Float]])] {
        let paintable = gtk_widget_paintable_new(widget.widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(widget.width), Double(widget.height))
        guard let root = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(root) }
        var borders: [(widths: [Float], colours: [[Float]])] = []
        func walk(_ node: OpaquePointer) {
            switch gsk_render_node_get_node_type(node) {
            case GSK_BORDER_NODE:
                let colours = gsk_border_node_get_colors(node)!, widths = gsk_border_node_get_widths(node)!
                borders.append(((0..<4).map { widths[$0] }, (0..<4).map { let c = colours[$0]; return [c.red, c.green, c.blue, c.alpha] }))
            case GSK_CONTAINER_NODE:
                for i in 0..<gsk_container_node_get_n_children(node) { walk(gsk_container_node_get_child(node, i)) }
            case GSK_TRANSFORM_NODE: walk(gsk_transform_node_get_child(node))
            case GSK_CLIP_NODE: walk(gsk_clip_node_get_child(node))
            case GSK_ROUNDED_CLIP_NODE: walk(gsk_rounded_clip_node_get_child(node))
            case GSK_OPACITY_NODE: walk(gsk_opacity_node_get_child(node))
            case GSK_COLOR_MATRIX_NODE: walk(gsk_color_matrix_node_get_child(node))
            case GSK_SHADOW_NODE: walk(gsk_shadow_node_get_child(node))
            case GSK_REPEAT_NODE: walk(gsk_repeat_node_get_child(node))
            case GSK_BLUR_NODE: walk(gsk_blur_node_get_child(node))
            case GSK_DEBUG_NODE: walk(gsk_debug_node_get_child(node))
            case GSK_BLEND_NODE: walk(gsk_blend_node_get_bottom_child(node)); walk(gsk_blend_node_get_top_child(node))
            case GSK_CROSS_FADE_NODE: walk(gsk_cross_fade_node_get_start_child(node)); walk(gsk_cross_fade_node_get_end_child(node))
            default: break
            }
        }
        walk(root)
        return borders
    }

    /// Saves a picture of `widget` as drawn now to $CAMBIO_UI_SHOTS/`name`.png, when that
    /// variable names a folder (to look at a state the tests reach; nothing is written otherwise).
    /// How many pixels of a scrolling widget's content (an AdwStatusPage scrolls its own) are out of
    /// view: 0 when all of it shows.
    func hiddenHeight(ofScrollingIn widget: some Widget) -> Double {
        guard let scroller = widget.descendants.first(where: { $0.isA(gtk_scrolled_window_get_type()) }) else { return 0 }
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        return max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    /// The labels on screen under `widget` given less height than their lines need at the width
    /// they have (a wrapped text cut off at the bottom), by their text. A closed popover's are not
    /// on screen.
    func cutLabels(in widget: some Widget) -> [String] {
        widget.descendants.filter { $0.isA(gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0 }.compactMap { w in
            let label = Label(existing: w)
            return Int32(label.height) < label.measure(.vertical, for: Int32(label.width)).minimum ? label.text : nil
        }
    }

    /// The widget as drawn, as rows of RGBA bytes (width × height × 4, not premultiplied).
    func pixels(of widget: some Widget) -> (width: Int, height: Int, bytes: [UInt8])? {
        guard let native = gtk_widget_get_native(widget.widget), let renderer = gtk_native_get_renderer(native) else { return nil }
        waitForFrame(of: widget)
        let paintable = gtk_widget_paintable_new(widget.widget)!
        defer { g_object_unref(gpointerOf(paintable)) }
        let width = Int(gdk_paintable_get_intrinsic_width(paintable)), height = Int(gdk_paintable_get_intrinsic_height(paintable))
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard width > 0, height > 0, let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return nil }
        defer { g_object_unref(gpointerOf(texture)) }
        // GTK 4.8: cairo's ARGB32, premultiplied, in the machine's byte order (B, G, R, A here).
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(rowBytes)) }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in Swift.stride(from: 0, to: raw.count, by: 4) {
            let a = Int(raw[i + 3])
            func un(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, Int(v) * 255 / a)) }
            out[i] = un(raw[i + 2]); out[i + 1] = un(raw[i + 1]); out[i + 2] = un(raw[i]); out[i + 3] = raw[i + 3]
        }
        return (width, height, out)
    }

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
