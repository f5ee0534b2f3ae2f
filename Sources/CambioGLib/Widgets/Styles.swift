import CGtk

// The style: its colours (so that drawing follows the dark style), a forced colour scheme, and
// style sheets added to the display.

/// A colour of the style (red, green, blue and alpha from 0 to 1).
public struct StyleColor: Sendable, Equatable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    init(_ rgba: GdkRGBA) {
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// The same colour with its alpha multiplied by `factor`.
    public func faded(_ factor: Double) -> StyleColor {
        StyleColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Paints with this colour on `cr` from now on.
    public func use(on cr: OpaquePointer) { cairo_set_source_rgba(cr, red, green, blue, alpha) }
}

public extension Adwaita {
    /// Which style the app asks for, whatever the system prefers.
    enum ColorScheme { case system, forceLight, forceDark }

    /// Forces the light or the dark style, or follows the system again (tests).
    static func setColorScheme(_ scheme: ColorScheme) {
        let value: AdwColorScheme = switch scheme {
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .forceLight: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .forceDark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), value)
    }
}

/// A style sheet on the default display, above the theme, until it is removed: what
/// AdwApplication does for the app's style.css (tests and benchmarks build windows without one).
@MainActor public final class StyleSheet {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var added = true

    /// A style sheet from the app's resources.
    public convenience init(resource path: String) {
        self.init { gtk_css_provider_load_from_resource($0, path) }
    }

    /// A style sheet from `css`.
    public convenience init(css: String) {
        self.init { gtk_css_provider_load_from_data($0, css, -1) }
    }

    private init(load: (UnsafeMutablePointer<GtkCssProvider>) -> Void) {
        provider = gtk_css_provider_new()!
        load(provider)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    public func remove() {
        guard added else { return }
        added = false
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider))
    }

    isolated deinit {
        remove()
        g_object_unref(gpointerOf(provider))
    }
}
