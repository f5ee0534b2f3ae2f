import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// Window sizes, where widgets lie and the app's stylesheet, for the tests of adaptive pages.
extension WindowTestCase {
    /// Resizes the window to `width` × `height` and runs the main loop until `laidOut` holds: GTK
    /// lays the window out in its frame clock, after the X server said the new size (no sleeping).
    /// Fails after ten seconds.
    func resize(width: Int32, height: Int32, until laidOut: @escaping @MainActor () -> Bool, _ what: String) {
        final class Expiry { var expired = false }
        let expiry = Expiry()
        let deadline = TimerHandle.once(milliseconds: 10_000) { expiry.expired = true }
        defer { deadline.cancel() }
        Window(existing: window.window).defaultSize(width: width, height: height)
        while !laidOut() && !expiry.expired { g_main_context_iteration(nil, 1) }
        XCTAssertTrue(laidOut(), "\(what) at \(width)×\(height)")
    }

    /// Where `widget` lies in `ancestor`: its top left corner and its size, in pixels.
    func frame(of widget: some Widget, in ancestor: some Widget) -> (x: Double, y: Double, width: Double, height: Double) {
        var x = 0.0, y = 0.0
        XCTAssertNotEqual(gtk_widget_translate_coordinates(widget.widget, ancestor.widget, 0, 0, &x, &y), 0, "not inside")
        return (x, y, Double(widget.width), Double(widget.height))
    }

    /// The narrowest `widget` can be.
    func minimumWidth(_ widget: some Widget) -> Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return minimum
    }

    /// The app's style.css with its named colours, as AdwApplication loads it in the app (the
    /// test windows are built without one).
    func loadAppStyle() {
        AppResources.register()
        Adwaita.addStyleSheet(resource: "/io/github/cambio/Cambio/style.css")
    }
}
