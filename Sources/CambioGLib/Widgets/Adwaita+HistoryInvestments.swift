import CGtk

// What the History and Investments pages need from GTK and libadwaita beyond the shell: the
// style's colours for the charts (so they follow the dark style), a forced colour scheme for
// tests, a stylesheet loaded without AdwApplication (tests), and check buttons whose label wraps.

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

public extension DrawingSurface {
    /// A colour the style names (`@define-color chart_line_color …` in style.css, or
    /// libadwaita's `accent_color`), as it is now (light or dark); nil when no stylesheet
    /// defines it.
    func color(named name: String) -> StyleColor? {
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, &rgba) != 0 else { return nil }
        return StyleColor(rgba)
    }

    /// The colour the widget's text is drawn in (its CSS `color`).
    var foregroundColor: StyleColor {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return StyleColor(rgba)
    }

    /// Redraws when the style turns light or dark, or high contrast (the colours it reads change);
    /// stops listening when the widget goes.
    func redrawOnStyleChange() {
        let widget = self.widget
        let handles = Adwaita.onStyleChanged { gtk_widget_queue_draw(widget) }
        on("destroy") { handles.forEach { $0.disconnect() } }
    }
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

public extension CheckButton {
    /// A check button showing `label`, which can wrap on narrow windows (a check button's own
    /// label never wraps). Set the label's text to change what it says.
    init(label: Label) {
        self.init(mnemonic: "")
        gtk_check_button_set_child(cast(widget), label.widget)
    }
}
