import CambioGLib
import CambioServices

/// Every application action and its keyboard shortcuts, in one place.
@MainActor struct ActionSpec {
    let name: String
    let accels: [String]
    /// A page action ("page.swap"): the page shown decides what it does, or disables it.
    var page: PageAction? = nil
    /// How the shortcuts window lists it: its group and what it does.
    var group: String = ""
    var title: String = ""
    /// What an application action does (page actions have none: their page runs them).
    let run: (@MainActor () -> Void)?

    /// The detailed name its keys are registered for.
    var detailed: String { page?.detailed ?? "app.\(name)" }
}

/// What the application's actions do (the application; a recorder in tests).
@MainActor protocol ActionTarget: AnyObject {
    func quit()
    func closeWindow()
    func showPreferences()
    func refresh()
    func addCurrency()
    func showPage(_ id: PageID)
    func showShortcuts()
    func showAbout()
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
            ActionSpec(name: "swap", accels: ["<Control>s"], page: .swap, group: converter,
                       title: tr("Swap the currencies"), run: nil),
            ActionSpec(name: "toggle-favourite", accels: ["<Control>d"], page: .toggleFavourite, group: converter,
                       title: tr("Add the pair to the favourites, or remove it"), run: nil),
            ActionSpec(name: "search", accels: ["<Control>f"], page: .search, group: converter,
                       title: tr("Search the favourites, the currencies to add, or the stocks"), run: nil),
        ]
        specs += PageID.allCases.map { id in
            ActionSpec(name: id.actionName, accels: [id.shortcut], group: pages, title: id.title) { [weak target] in target?.showPage(id) }
        }
        // The shortcuts window lists every action, itself included.
        specs.append(ActionSpec(name: "shortcuts", accels: ["<Control>question"], group: general, title: tr("Keyboard shortcuts")) { [weak target] in
            target?.showShortcuts()
        })
        // The primary menu's About Cambio: no keys, so the shortcuts window leaves it out.
        specs.append(ActionSpec(name: "about", accels: [], title: tr("About Cambio")) { [weak target] in target?.showAbout() })
        let local = [
            LocalShortcut(group: general, title: tr("Open the main menu"), accels: ["F10"]),
            LocalShortcut(group: lists, title: tr("Move the focused row up or down"), accels: ["<Alt>Up", "<Alt>Down"]),
            LocalShortcut(group: converter, title: tr("Copy the focused result"), accels: ["<Control>c"]),
            LocalShortcut(group: lists, title: tr("Remove the focused target or favourite"), accels: ["Delete"]),
            LocalShortcut(group: lists, title: tr("Undo a removal while its notice shows"), accels: ["<Control>z"]),
            LocalShortcut(group: general, title: tr("Go to the notice shown, and back"), accels: ["F6"]),
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
    static func make(_ specs: [ActionSpec], _ local: [LocalShortcut]) -> Window? {
        Builder.window(xml: xml(specs, local), id: "shortcuts")
    }
}

@MainActor enum Actions {
    /// Adds the application actions to `app`, and every action's keys (a page action's reach
    /// the page shown through the window's "page" group).
    static func install(on app: Application, _ specs: [ActionSpec]) {
        for spec in specs {
            if let run = spec.run { app.addAction(spec.name, run) }
            app.setAccels(spec.detailed, spec.accels)
        }
    }
}
