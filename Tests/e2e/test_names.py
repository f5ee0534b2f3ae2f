"""Accessible names, end to end: each control says one name, as a screen reader reads it through
AT-SPI, without a mnemonic's underscore and without its visible text repeated after it."""
import re

from harness import App, doubled, main, test, wait_for


def bad_names(nodes):
    """The buttons among `nodes` whose name shows a mnemonic or says something twice."""
    return [n.name for n in nodes if re.search(r"(^|\s)_\w", n.name or "") or doubled(n.name)]


def named(app, role, part, node=None):
    return sorted({n.name for n in app.find_all(role, part, node=node)})


@test
def picker_and_preferences_buttons_say_one_name():
    app = App().start()
    try:
        # The currency picker's two toggles: their whole phrase, once.
        app.key("ctrl+n")
        wait_for("the picker", lambda: app.find(None, "Search currencies"))
        assert named(app, "push button", "Popular") == ["Popular currencies"], named(app, "push button", "Popular")
        assert named(app, "push button", "All") == ["All currencies"], named(app, "push button", "All")
        assert not bad_names(app.find_all("push button")), bad_names(app.find_all("push button"))
        app.key("Escape")
        wait_for("the picker closed", lambda: not app.find(None, "Search currencies"), timeout=5)

        # Preferences: Add Rate… and the reference currency's button (and the toggle in it).
        app.key("ctrl+comma")
        prefs = wait_for("the preferences", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        wait_for("the reference currency's button", lambda: app.find("push button", "Reference currency:"), timeout=5)
        assert named(app, "push button", "Add", prefs) == ["Add a rate of your own"], named(app, "push button", "Add", prefs)
        assert named(app, "push button", "Reference currency:", prefs) == ["Reference currency: USD (US Dollar)"], \
            named(app, "push button", "Reference currency:", prefs)
        assert not bad_names(app.find_all("push button", node=prefs)), bad_names(app.find_all("push button", node=prefs))
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
