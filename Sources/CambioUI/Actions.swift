import CambioGLib
import CambioServices
import CGtk

/// Every application action and its keyboard shortcuts, in one place.
@MainActor struct ActionSpec {
    let name: String
    let accels: [String]
    /// The pages where the action applies; nil: everywhere.
    var pages: Set<String>? = nil
    /// How the shortcuts window lists it: its group and what it does.
    var group: String = ""
    var title: String = ""
    let run: @MainActor () -> Void
}

/// A shortcut that is not an application action (handled by a widget), for the shortcuts window.
struct LocalShortcut {
    let group: String
    let title: String
    let accels: [String]
}

/// The keyboard shortcuts window (Ctrl+?): every action's accelerators and the widgets' own keys,
/// built from the same list the accelerators are registered from.
@MainActor enum ShortcutsWindow {
    static func xml(_ specs: [ActionSpec], _ local: [LocalShortcut]) -> String {
        var groups: [(String, [(String, [String])])] = []
        func add(_ group: String, _ title: String, _ accels: [String]) {
            guard !group.isEmpty, !accels.isEmpty else { return }
            if let i = groups.firstIndex(where: { $0.0 == group }) { groups[i].1.append((title, accels)) }
            else { groups.append((group, [(title, accels)])) }
        }
        specs.forEach { add($0.group, $0.title, $0.accels) }
        local.forEach { add($0.group, $0.title, $0.accels) }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = #"<?xml version="1.0" encoding="UTF-8"?><interface><object class="GtkShortcutsWindow" id="shortcuts">"#
        let title = tr("Keyboard Shortcuts")
        out += #"<property name="modal">1</property><property name="title">\#(escape(title))</property>"#
        out += #"<child><object class="GtkShortcutsSection">"#
        out += #"<property name="section-name">shortcuts</property><property name="max-height">12</property>"#
        for (group, items) in groups {
            out += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(group))</property>"#
            for (title, accels) in items {
                out += #"<child><object class="GtkShortcutsShortcut"><property name="title">\#(escape(title))</property>"#
                out += #"<property name="accelerator">\#(escape(accels.joined(separator: " ")))</property></object></child>"#
            }
            out += "</object></child>"
        }
        return out + "</object></child></object></interface>"
    }

    /// The window, built from `xml`; nil when GTK refuses it.
    static func make(_ specs: [ActionSpec], _ local: [LocalShortcut]) -> WidgetRef? {
        let text = xml(specs, local)
        guard let builder = gtk_builder_new_from_string(text, gssize(text.utf8.count)) else { return nil }
        defer { g_object_unref(gpointerOf(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        let window = object.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 }
        g_object_ref(gpointerOf(window))
        return window
    }
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
