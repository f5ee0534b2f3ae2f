import CambioGLib

/// The header's main menu: refresh now, preferences, keyboard shortcuts.
@MainActor enum MainMenu {
    /// The primary menu as the HIG orders it: the app's own action, then Preferences, Keyboard
    /// Shortcuts and About Cambio.
    static func model() -> Menu {
        Menu(sections: [
            [(tr("_Refresh Rates"), "app.refresh")],
            [(tr("_Preferences"), "app.preferences"), (tr("_Keyboard Shortcuts"), "app.shortcuts"), (tr("_About Cambio"), "app.about")],
        ])
    }

    static func make() -> MenuButton {
        let menu = model()
        let button = MenuButton(icon: "open-menu-symbolic", name: tr("Main menu"))
        button.primary = true
        // The menu's widgets are built when it first opens; the button keeps the model until then.
        button.onFirstOpen { button.popover = menu.popover() }
        return button
    }
}
