"""Window-wide shortcuts through real key events: Ctrl+? and Ctrl+W; the primary menu and About Cambio."""
import time

import pyatspi

from harness import App, main, test, wait_for


@test
def ctrl_question_lists_the_shortcuts_and_ctrl_w_closes_the_window():
    app = App().start()
    try:
        app.key("ctrl+question")
        def shortcuts_window():
            return any(w.name == "Keyboard Shortcuts" and w.getState().contains(pyatspi.STATE_ACTIVE) for w in app.node)
        wait_for("the shortcuts window", shortcuts_window, timeout=10)
        labels = [app.text(n) for n in app.find_all("label")]
        for title in ("Swap the currencies", "Add the pair to the favourites, or remove it", "Keyboard shortcuts", "Refresh the rates"):
            assert title in labels, (title, labels[:40])
        app.key("Escape")
        wait_for("the shortcuts window closed", lambda: not shortcuts_window(), timeout=10)
        app.key("ctrl+w")
        wait_for("the app to end with its window", lambda: app.proc.poll() is not None, timeout=10)
        assert app.proc.returncode == 0, app.proc.returncode
    finally:
        app.cleanup()


@test
def the_primary_menu_ends_with_about_cambio_which_credits_the_sources():
    app = App().start()
    try:
        # F10 opens it, as in every GNOME app (the button is the window's primary menu), with the
        # focus on its first item; Escape closes it. (The menu is built when it first opens.)
        def focused_item():
            return next((n.name for n in app.find_all("menu item") if n.getState().contains(pyatspi.STATE_FOCUSED)), None)
        assert not app.find_all("menu item", "About Cambio"), "the menu is built before it opens"
        app.key("F10")
        assert wait_for("the menu opened by F10", focused_item, timeout=10) == "Refresh Rates"
        app.key("Escape")
        wait_for("the menu closed by Escape", lambda: focused_item() is None, timeout=10)
        app.click(wait_for("the main menu button", lambda: next((n for n in app.find_all(None, "Main menu")
                                                                   if n.getRoleName() in ("push button", "toggle button")), None)))
        items = wait_for("the menu's items", lambda: (lambda names: names if "About Cambio" in names else None)(
            [n.name for n in app.find_all("menu item")]), timeout=10)
        assert items[-4:] == ["Refresh Rates", "Preferences", "Keyboard Shortcuts", "About Cambio"], items
        # Up from the top goes round to the last item.
        app.key("Up")
        wait_for("About Cambio focused", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                    for n in app.find_all("menu item", "About Cambio")), timeout=5)
        app.key("Return")
        about = wait_for("the About window", lambda: next((w for w in app.node if any(
            app.text(n) == "The Cambio developers" for n in app.find_all("label", node=w))), None), timeout=10)
        labels = [app.text(n) for n in app.find_all("label", node=about)]
        for text in ("Cambio", "The Cambio developers", "Rates By Exchange Rate API", "Frankfurter", "Bank of Russia"):
            assert text in labels, (text, labels)
        app.key("Escape")
        wait_for("the About window closed", lambda: about not in list(app.node), timeout=10)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
