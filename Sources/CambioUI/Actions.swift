import CambioGLib
import CGtk

/// Every application action and its keyboard shortcuts, in one place.
@MainActor struct ActionSpec {
    let name: String
    let accels: [String]
    let run: @MainActor () -> Void
}

@MainActor enum Actions {
    static func install(on app: UnsafeMutablePointer<GtkApplication>, _ specs: [ActionSpec]) {
        for spec in specs {
            let action = g_simple_action_new(spec.name, nil)!
            let run = spec.run
            Signal.connect(gpointerOf(action), "activate", withArgument: { _ in run() })
            g_action_map_add_action(cast(app), action)
            g_object_unref(gpointerOf(action))
            withCStringArray(spec.accels) { accels in
                gtk_application_set_accels_for_action(app, "app.\(spec.name)", accels)
            }
        }
    }
}
