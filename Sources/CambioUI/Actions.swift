import CambioGLib
import CGtk

/// Every application action and its keyboard shortcuts, in one place.
@MainActor struct ActionSpec {
    let name: String
    let accels: [String]
    /// The pages where the action applies; nil: everywhere.
    var pages: Set<String>? = nil
    let run: @MainActor () -> Void
}

@MainActor enum Actions {
    /// Adds the actions to `app`; returns a function that enables each page-bound action only
    /// on its pages (a disabled action's shortcut does nothing and its key reaches the widgets).
    static func install(on app: UnsafeMutablePointer<GtkApplication>, _ specs: [ActionSpec]) -> @MainActor (String) -> Void {
        var bound: [(action: OpaquePointer, pages: Set<String>)] = []
        for spec in specs {
            let action = g_simple_action_new(spec.name, nil)!
            let run = spec.run
            Signal.connect(gpointerOf(action), "activate", withArgument: { _ in run() })
            g_action_map_add_action(cast(app), action)
            if let pages = spec.pages { bound.append((action, pages)) } // the map keeps it alive
            g_object_unref(gpointerOf(action))
            withCStringArray(spec.accels) { accels in
                gtk_application_set_accels_for_action(app, "app.\(spec.name)", accels)
            }
        }
        return { page in
            for b in bound { g_simple_action_set_enabled(b.action, b.pages.contains(page) ? 1 : 0) }
        }
    }
}
