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

/// What the application's actions do (the application; a recorder in tests).
@MainActor protocol ActionTarget: AnyObject {
    func quit()
    func closeWindow()
    func showPreferences()
    func refresh()
    func addCurrency()
    func swap()
    func addFavourite()
    func search()
    func showPage(_ index: Int)
    func showShortcuts()
}

/// The application's actions, their keys and how the shortcuts window lists them: the one list
/// the accelerators are registered from and the shortcuts window is built from.
@MainActor enum AppActions {
    static func list(for target: ActionTarget) -> (specs: [ActionSpec], local: [LocalShortcut]) {
        let general = tr("General"), pages = tr("Pages"), converter = tr("Converter and History"), lists = tr("Lists")
        var specs = [
            ActionSpec(name: "quit", accels: ["<Control>q"], group: general, title: tr("Quit")) { [weak target] in target?.quit() },
            ActionSpec(name: "close-window", accels: ["<Control>w"], group: general, title: tr("Close the window")) { [weak target] in
                target?.closeWindow()
            },
            ActionSpec(name: "preferences", accels: ["<Control>comma"], group: general, title: tr("Preferences")) { [weak target] in
                target?.showPreferences()
            },
            ActionSpec(name: "refresh", accels: ["F5", "<Control>r"], group: general, title: tr("Refresh the rates")) { [weak target] in
                target?.refresh()
            },
            ActionSpec(name: "add-currency", accels: ["<Control>n"], group: lists, title: tr("Add a currency")) { [weak target] in
                target?.addCurrency()
            },
            ActionSpec(name: "swap", accels: ["<Control>s"], pages: ["converter", "history"], group: converter,
                       title: tr("Swap the currencies")) { [weak target] in target?.swap() },
            ActionSpec(name: "add-favourite", accels: ["<Control>d"], pages: ["converter"], group: converter,
                       title: tr("Add the pair to the favourites")) { [weak target] in target?.addFavourite() },
            ActionSpec(name: "search", accels: ["<Control>f"], pages: ["currencies", "converter", "investments"], group: converter,
                       title: tr("Search the favourites, the currencies to add, or the stocks")) { [weak target] in target?.search() },
        ]
        let titles = [tr("Currencies"), tr("Converter"), tr("History"), tr("Investments"), tr("Calculator")]
        specs += MainWindow.pageNames.indices.map { i in
            ActionSpec(name: "page-\(i + 1)", accels: ["<Alt>\(i + 1)"], group: pages, title: titles[i]) { [weak target] in target?.showPage(i) }
        }
        // The shortcuts window lists every action, itself included.
        specs.append(ActionSpec(name: "shortcuts", accels: ["<Control>question"], group: general, title: tr("Keyboard shortcuts")) { [weak target] in
            target?.showShortcuts()
        })
        let local = [
            LocalShortcut(group: lists, title: tr("Move the focused row up or down"), accels: ["<Alt>Up", "<Alt>Down"]),
            LocalShortcut(group: converter, title: tr("Copy the focused result"), accels: ["<Control>c"]),
            LocalShortcut(group: lists, title: tr("Remove the focused target or favourite"), accels: ["Delete"]),
            LocalShortcut(group: tr("Calculator"), title: tr("Result (repeated: the last operation again)"), accels: ["Return", "equal"]),
            LocalShortcut(group: tr("Calculator"), title: tr("Clear"), accels: ["Escape"]),
        ]
        return (specs, local)
    }
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
