import CGtk

/// `cambio --convert "100 USD EUR"`: an application action with a text parameter, which a second
/// launch hands to the running instance over D-Bus (GApplication forwards a remote instance's
/// action activations to the primary one).
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
