import CGtk
import Foundation

/// Loads the icon theme on another core while the window is being built.
///
/// The first icon looked up makes GTK read the theme (its index files, caches and the app's
/// resource icons) on the main thread, between building the window and its first frame.
/// GtkIconTheme is made for this: once set up on the main thread it takes lookups from
/// any thread, under its own lock (gtkicontheme.c, "Threading"); a lookup on the main thread
/// meanwhile waits for the same work instead of doing it twice.
public enum IconThemeWarmUp {
    /// Looks up `names` (the window's first icons) at 16 px on a worker thread.
    @MainActor public static func start(_ names: [String]) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        let held = GObjectRef(g_object_ref(gpointer(theme))) // the display's; the worker holds its own reference
        let direction = gtk_widget_get_default_direction()
        Thread.detachNewThread {
            for name in names {
                if let icon = gtk_icon_theme_lookup_icon(OpaquePointer(held.pointer), name, nil, 16, 1, direction, GtkIconLookupFlags(0)) {
                    g_object_unref(gpointer(icon))
                }
            }
        }
    }
}

public enum IconTheme {
    /// Adds icons from the program's GResource under `path` to the display's icon theme (a theme
    /// keeps its paths: add each once).
    @MainActor public static func addResourcePath(_ path: String) {
        gtk_icon_theme_add_resource_path(gtk_icon_theme_get_for_display(gdk_display_get_default()), path)
    }
}
