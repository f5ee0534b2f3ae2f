import CGtk

/// A set of named actions (a GSimpleActionGroup): put on a window as "win", buttons and
/// accelerators reach them by name ("win.swap"), and disabling one disables its buttons and keys.
@MainActor public final class ActionGroup {
    private let group: OpaquePointer
    private var actions: [String: OpaquePointer] = [:]

    public init() { group = OpaquePointer(g_simple_action_group_new()!) }
    isolated deinit { g_object_unref(gpointerOf(group)) }

    /// Adds the action `name`, running `run` when activated.
    public func add(_ name: String, _ run: @escaping @MainActor () -> Void) {
        let action = Action.make(name, run)
        g_action_map_add_action(group, action)
        actions[name] = action
        g_object_unref(gpointerOf(action)) // the group keeps it
    }

    public func setEnabled(_ name: String, _ enabled: Bool) {
        if let action = actions[name] { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    public func isEnabled(_ name: String) -> Bool {
        g_action_group_get_action_enabled(group, name) != 0
    }

    /// Runs the action now (if enabled), as its key or button would.
    public func activate(_ name: String) { g_action_group_activate_action(group, name, nil) }

    /// Makes the actions reachable from `widget` and everything in it as "`prefix`.name".
    public func insert(into widget: some Widget, prefix: String) {
        gtk_widget_insert_action_group(widget.widget, prefix, group)
    }
}

enum Action {
    /// A new GSimpleAction (owned by the caller) that runs `run`.
    @MainActor static func make(_ name: String, _ run: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signal.connect(gpointerOf(action), "activate", withArgument: { _ in run() })
        return action
    }
}

/// The AdwApplication (a GtkApplication): one instance per session, its actions and their keys.
/// In "startup" it sets libadwaita up and loads style.css and style-dark.css from the resource
/// base path (/io/github/cambio/Cambio for the id io.github.cambio.Cambio).
@MainActor public struct Application {
    public let pointer: UnsafeMutablePointer<GtkApplication>

    public init(id: String) { pointer = cast(adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!) }

    /// Runs the main loop until the application quits; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        withCStringArray(arguments) { argv in
            g_application_run(cast(pointer), Int32(arguments.count),
                              UnsafeMutablePointer(mutating: UnsafeMutableRawPointer(argv).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)))
        }
    }

    public func quit() { g_application_quit(cast(pointer)) }

    /// "startup", "activate", "shutdown".
    public func on(_ signal: String, _ handler: @escaping @MainActor () -> Void) {
        Signal.connect(gpointerOf(pointer), signal, handler)
    }

    /// Adds the application action `name` ("app.name").
    public func addAction(_ name: String, _ run: @escaping @MainActor () -> Void) {
        let action = Action.make(name, run)
        g_action_map_add_action(cast(pointer), action)
        g_object_unref(gpointerOf(action))
    }

    /// The keys of a detailed action name ("app.refresh", "win.swap").
    public func setAccels(_ action: String, _ accels: [String]) {
        withCStringArray(accels) { gtk_application_set_accels_for_action(pointer, action, $0) }
    }

}

/// Compiled GResource bundles (glib-compile-resources) registered for the process.
public enum Resources {
    /// Registers `bundle` so that its files are found under their resource paths. The bytes are
    /// copied and kept for the process's life.
    public static func register(bundle: [UInt8]) -> Bool {
        let bytes = bundle.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            g_error_free(error)
            return false
        }
        g_resources_register(resource) // keeps its own reference
        g_resource_unref(resource)
        return true
    }
}

/// A menu model (GMenu) of sections of items, each item an action name.
@MainActor public final class Menu {
    let menu: OpaquePointer

    /// `sections`: each a list of (label with mnemonic, detailed action name).
    public init(sections: [[(String, String)]]) {
        menu = g_menu_new()!
        for items in sections {
            let section = g_menu_new()!
            for (label, action) in items { g_menu_append(section, label, action) }
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(gpointerOf(section))
        }
    }
    isolated deinit { g_object_unref(gpointerOf(menu)) }

    /// A popover showing the menu.
    public func popover() -> Popover { Popover(existing: gtk_popover_menu_new_from_model(cast(menu))!) }
}

/// Builds an object from GtkBuilder XML and hands over its reference (the shortcuts window).
public enum Builder {
    @MainActor public static func window(xml: String, id: String) -> Window? {
        guard let builder = gtk_builder_new_from_string(xml, gssize(xml.utf8.count)) else { return nil }
        defer { g_object_unref(gpointerOf(builder)) }
        guard let object = gtk_builder_get_object(builder, id) else { return nil }
        // Kept past the builder (the window is hidden, not destroyed, when closed).
        g_object_ref(object)
        let widget: WidgetRef = cast(object)
        return Window(existing: widget)
    }
}

/// Application actions with a text parameter, which a second launch hands to the running
/// instance over D-Bus (GApplication forwards a remote instance's action activations to the
/// primary one).
extension Application {
    /// Adds the application action `name` ("app.name") taking a string.
    public func addAction(_ name: String, text run: @escaping @MainActor (String) -> Void) {
        let action = g_simple_action_new(name, cambio_variant_type_string())!
        Signal.connect(gpointerOf(action), "activate", withArgument: { parameter in
            guard let parameter, g_variant_is_of_type(OpaquePointer(parameter), cambio_variant_type_string()) != 0 else { return }
            run(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        })
        g_action_map_add_action(cast(pointer), action)
        g_object_unref(gpointerOf(action))
    }

    /// Registers the application on the session bus now (running "startup" when this is the first
    /// instance); false when that failed.
    public func register() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let ok = g_application_register(cast(pointer), nil, &error) != 0
        if error != nil { g_error_free(error) }
        return ok
    }

    /// Activates the application action `name` with `text`: here when this is the first
    /// instance, in the running one otherwise.
    public func activateAction(_ name: String, text: String) {
        g_action_group_activate_action(cast(pointer), name, g_variant_new_string(text))
    }
}

public extension Menu {
    /// The menu's sections, each a list of (label, detailed action name), as the popover shows them.
    var sections: [[(label: String, action: String)]] {
        let model: UnsafeMutablePointer<GMenuModel> = cast(menu)
        return (0..<g_menu_model_get_n_items(model)).map { s in
            guard let section = g_menu_model_get_item_link(model, s, "section") else { return [] }
            defer { g_object_unref(gpointerOf(section)) }
            return (0..<g_menu_model_get_n_items(section)).map { i in
                (Self.attribute(section, i, "label"), Self.attribute(section, i, "action"))
            }
        }
    }

    private static func attribute(_ model: UnsafeMutablePointer<GMenuModel>, _ i: gint, _ name: String) -> String {
        guard let value = g_menu_model_get_item_attribute_value(model, i, name, nil) else { return "" }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}
