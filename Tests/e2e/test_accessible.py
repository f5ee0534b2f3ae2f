"""Usable by everyone, end to end: every control a screen reader can reach has a real name, on
every page, popover and dialog; a wrong amount is said invalid, with why; the month list, the
Preferences fields, the toast's Undo and the calculator's keys are heard as a user needs them.
Read through AT-SPI as Orca reads it, driven by real key events."""
import re

import pyatspi

from harness import App, doubled, find_nodes, main, test, wait_for

GTK_TYPE = re.compile(r"^(Gtk|Adw)[A-Z]\w*$")


def actionable(node):
    """Whether a user can reach or act on `node`: it takes the focus, or it has an action (GTK 4.8
    gives every label its clipboard actions: a label counts when it takes the focus)."""
    if node.getState().contains(pyatspi.STATE_FOCUSABLE):
        return True
    if node.getRoleName() == "label":
        return False
    try:
        return node.queryAction().nActions > 0
    except NotImplementedError:
        return False


def what_is_wrong(name):
    if not (name or "").strip():
        return "no name"
    if GTK_TYPE.match(name):
        return "named after a GTK type"
    if re.search(r"(^|\s)_\w", name):
        return "a mnemonic's underscore"
    if len(name.split()) <= 8 and doubled(name):
        return f"says {doubled(name)!r} twice"
    return None


def unnamed(app):
    """Every reachable or actionable object of the app (all its windows, popovers included) whose
    name is missing, a GTK type's or otherwise wrong: (role, name, why, where)."""
    found = set()
    for window in app.node:
        for n in find_nodes(window):
            try:
                if not actionable(n):
                    continue
                why = what_is_wrong(n.name)
                if why:
                    parent = n.parent
                    found.add((n.getRoleName(), n.name, why, f"in {parent.getRoleName()} {parent.name!r}" if parent else ""))
            except Exception:  # the tree may be rebuilding
                continue
    return sorted(found)


def focused(app, window=None):
    return app.focused(window)


def tab_to(app, reached, what, window=None, key="Tab"):
    return app.press_until(key, reached, what, window)


def window_named(app, name):
    return wait_for(f"the {name!r} window", lambda: next((w for w in app.node if w.name == name), None), timeout=10)


def expect_named(app, where, seen):
    problems = unnamed(app)
    for p in problems:
        seen.setdefault(p, where)


@test
def every_page_popover_and_dialog_names_every_control():
    """Walks the five pages, their popovers, Preferences, the shortcuts and About windows and a
    toast: nothing a user can reach is unnamed, named after a GTK type, or says its name twice."""
    app = App().start()
    seen = {}
    try:
        for number, tab in enumerate(["Currencies", "Converter", "History", "Investments", "Calculator"], 1):
            app.show_page(number, tab)
            expect_named(app, f"page {tab}", seen)

        # Popovers: the main menu, the currency picker, a row's menu, the date picker, the month list.
        app.show_page(1, "Currencies")
        app.key("F10")
        wait_for("the main menu", lambda: app.find("menu item", "Keyboard Shortcuts") or app.find(None, "About Cambio"), timeout=10)
        expect_named(app, "main menu", seen)
        app.key("Escape")
        app.key("ctrl+n")
        wait_for("the currency picker", lambda: app.find(None, "Search currencies"), timeout=10)
        expect_named(app, "currency picker", seen)
        # Escape closes it and gives the focus back to its button; from there, by keyboard, a row's menu.
        app.key("Escape")
        wait_for("the picker closed", lambda: focused(app) is not None and focused(app).name == "Add currency", timeout=10)
        tab_to(app, lambda n: n.name == "Actions for EUR", "EUR's menu button")
        app.key("space")
        wait_for("the row's menu", lambda: focused(app) is not None and focused(app).getRoleName() == "menu item", timeout=10)
        expect_named(app, "row menu", seen)
        app.key("Escape")

        app.show_page(3, "History")
        tab_to(app, lambda n: (n.name or "").startswith("Date: "), "the date button")
        app.open_day_picker()
        expect_named(app, "date picker", seen)
        app.key("Escape")
        wait_for("the focus back on the date button", lambda: (focused(app).name or "").startswith("Date: "), timeout=10)
        tab_to(app, lambda n: n.name == "Who published these rates", "who published", key="shift+Tab")
        app.key("space")
        wait_for("the list of who published", lambda: app.find("label", "Published by"), timeout=10)
        expect_named(app, "who published", seen)
        app.key("Escape")

        app.open_sample_stock("Find a stock")
        start = tab_to(app, lambda n: (n.name or "").startswith("Start month: "), "the start month button")
        assert start.name == "Start month: January 2000", start.name
        app.key("space")
        months = wait_for("the month list", lambda: next((n for n in app.find_all("list") if n.name == "Months"), None), timeout=10)
        names = [c.name for c in months][:12]
        assert names == [f"{m} 2000" for m in ("January", "February", "March", "April", "May", "June", "July", "August",
                                                 "September", "October", "November", "December")], names
        expect_named(app, "month list", seen)
        app.key("Escape")
        wait_for("the focus back on the month button", lambda: (focused(app).name or "").startswith("Start month: "), timeout=10)
        tab_to(app, lambda n: n.name == "Alpha Vantage key" and n.getRoleName() == "push button", "the key's button", key="shift+Tab")
        app.key("space")
        wait_for("the key's field", lambda: focused(app) is not None and focused(app).getRoleName() == "password text", timeout=10)
        expect_named(app, "key popover", seen)
        app.key("Escape")

        # Preferences, and the rate provider's list in it.
        app.key("ctrl+comma")
        prefs = window_named(app, "Preferences")
        expect_named(app, "Preferences", seen)
        wait_for("the rate provider focused", lambda: focused(app, prefs) is not None and focused(app, prefs).name == "Rate provider", timeout=10)
        app.key("space")
        providers = wait_for("the providers' list", lambda: next((n for n in app.find_all("list") if n.name == "Rate provider"), None), timeout=10)
        assert all(c.name for c in providers), [c.name for c in providers]
        expect_named(app, "rate providers", seen)
        app.key("Escape")
        wait_for("the focus back on the provider", lambda: focused(app, prefs) is not None and focused(app, prefs).name == "Rate provider", timeout=10)
        tab_to(app, lambda n: n.name == "Add a rate of your own", "Add Rate…", prefs)
        app.key("space")
        window_named(app, "Set Your Rate")
        expect_named(app, "your own rate's dialog", seen)
        app.key("Escape")
        wait_for("the dialog closed", lambda: not any(w.name == "Set Your Rate" for w in app.node), timeout=10)
        app.key("Escape")
        wait_for("the preferences closed", lambda: prefs not in list(app.node), timeout=10)

        # The shortcuts window, About.
        app.key("ctrl+question")
        window_named(app, "Keyboard Shortcuts")
        expect_named(app, "Shortcuts", seen)
        app.key("Escape")
        app.key("F10")
        wait_for("the main menu", lambda: focused(app) is not None and focused(app).getRoleName() == "menu item", timeout=10)
        tab_to(app, lambda n: n.name == "About Cambio", "About Cambio in the menu", key="Down")
        app.key("Return")
        wait_for("the About window", lambda: next((w for w in app.node if w.name and w.name.startswith("About")), None), timeout=10)
        expect_named(app, "About", seen)
        app.key("Escape")

        assert not seen, "controls without a real name:\n" + "\n".join(f"  {where}: {p}" for p, where in seen.items())
    finally:
        app.cleanup()


@test
def a_wrong_amount_is_said_invalid_with_why_and_the_other_rows_say_what_they_hold():
    app = App().start()
    try:
        app.focus_entry("USD")
        app.key("ctrl+a")
        app.type("12")
        wait_for("12 USD converted", lambda: app.amount("EUR") not in ("", "89.51"), timeout=10)
        converted = app.amount("EUR")
        app.type("abc")
        usd = app.entry("USD")
        wait_for("the amount said invalid", lambda: app.entry("USD").getState().contains(pyatspi.STATE_INVALID), timeout=10)
        assert app.entry("USD").description == "\u201ca\u201d is not part of a number", app.entry("USD").description
        eur = app.entry("EUR")
        assert app.amount("EUR") == converted, "the other rows keep the last amount's conversion"
        assert eur.description == "Still converted from 12 USD; the amount typed in USD is not taken", eur.description
        assert not eur.getState().contains(pyatspi.STATE_INVALID)
        app.key("BackSpace", "BackSpace", "BackSpace")
        wait_for("the amount valid again", lambda: not app.entry("USD").getState().contains(pyatspi.STATE_INVALID), timeout=10)
        assert usd.description == "" and app.entry("EUR").description == "", (usd.description, app.entry("EUR").description)
    finally:
        app.cleanup()


@test
def the_preferences_fields_say_they_have_the_focus():
    """Tab into the fee and the Alpha Vantage key: the field with the focus is in the tree."""
    app = App().start()
    try:
        app.key("ctrl+comma")
        prefs = window_named(app, "Preferences")
        switch = tab_to(app, lambda n: n.getRoleName() == "check box" and n.name == "Card or exchange fee", "the fee switch", prefs)
        app.key("space")
        wait_for("the fee on", lambda: switch.getState().contains(pyatspi.STATE_CHECKED), timeout=5)
        for name in ("Fee in percent", "Alpha Vantage key"):
            field = tab_to(app, lambda n: n.name == name, name, prefs)
            assert field.getRoleName() in ("text", "password text"), (field.getRoleName(), name)
    finally:
        app.cleanup()


@test
def the_toast_s_undo_is_named_reached_with_f6_and_ctrl_z_works_outside_the_list():
    app = App().start()
    try:
        # The row's menu, by keyboard: Remove.
        app.focus_entry("EUR")
        tab_to(app, lambda n: n.name == "Actions for EUR", "the row's menu button")
        app.key("space")
        remove = wait_for("Remove in the menu", lambda: app.find("menu item", "Remove"), timeout=10)
        wait_for("the menu focused", lambda: focused(app) is not None and focused(app).getRoleName() == "menu item", timeout=5)
        while focused(app).name != "Remove":
            before = focused(app)
            app.key("Down")
            wait_for("the focus to move", lambda: focused(app) is not before, timeout=5)
        app.key("Return")
        wait_for("EUR removed", lambda: "EUR" not in app.row_codes(), timeout=10)
        undo = wait_for("the toast's Undo", lambda: app.find("push button", "Undo"), timeout=10)
        assert undo.name == "Undo" and undo.description == "EUR removed", (undo.name, undo.description)
        close = app.find("push button", "Dismiss")
        assert close is not None and close.description == "EUR removed"

        # F6: the focus on Undo; F6 again (the status line, offline), then back where it was.
        before = focused(app)
        app.key("F6")
        wait_for("Undo focused", lambda: undo.getState().contains(pyatspi.STATE_FOCUSED), timeout=5)
        app.key("F6")
        wait_for("the status line's button focused", lambda: focused(app) is not None and focused(app).name == "Details", timeout=5)
        app.key("F6")
        wait_for("the focus back", lambda: focused(app) is not None and focused(app).name == before.name, timeout=5)

        # Ctrl+Z on another page, outside a text field: the row is back.
        app.show_page(5, "Calculator")
        app.key("Tab")
        wait_for("a key focused", lambda: focused(app) is not None and focused(app).getRoleName() == "push button", timeout=5)
        app.key("ctrl+z")
        app.show_page(1, "Currencies")
        wait_for("EUR back", lambda: "EUR" in app.row_codes(), timeout=10)
        wait_for("the toast says it", lambda: any(app.text(n) == "Undone" for n in app.find_all("label")), timeout=5)
    finally:
        app.cleanup()


@test
def a_calculator_key_pressed_from_the_keyboard_keeps_the_focus():
    """Tab onto the keypad: Space presses a key and the focus stays on it, so that Tab goes on
    from there (it used to jump back to the display after every key)."""
    app = App().start()
    try:
        app.show_page(5, "Calculator")
        seven = tab_to(app, lambda n: n.name == "7", "the 7 key")
        for _ in range(3):
            app.key("space")
            wait_for("7 typed", lambda: app.text(app.find("text", "Calculation")).endswith("7"), timeout=5)
            assert seven.getState().contains(pyatspi.STATE_FOCUSED), f"the focus left the key: {focused(app) and focused(app).name}"
        assert app.text(app.find("text", "Calculation")) == "777"
        tab_to(app, lambda n: n.name == "Equals", "=")
        app.key("space")
        wait_for("the result", lambda: any(app.text(n) == "777" for n in app.find_all("label")), timeout=5)
        assert focused(app).name == "Equals"
    finally:
        app.cleanup()


@test
def the_chart_is_an_image_described_by_its_summary_and_its_keys_work_under_a_resting_pointer():
    app = App().start()
    try:
        app.show_page(3, "History")
        chart = wait_for("the chart", lambda: app.find("image", "Rate chart"), timeout=20)
        stats = wait_for("the summary", lambda: app.find("label", "Low "), timeout=20)
        readout = chart.parent.getChildAtIndex(chart.parent.childCount - 1)
        targets = []
        for relation in chart.getRelationSet():
            if relation.getRelationType() == pyatspi.RELATION_DESCRIBED_BY:
                targets += [relation.getTarget(i) for i in range(relation.getNTargets())]
        assert stats in targets and readout in targets, [t.name for t in targets]

        # The pointer moves onto the chart's middle (a jump there is an entry, not a move) and rests;
        # the keys move the point, and it stays moved.
        x, y = app.center(chart)
        app.move_pointer(x - 10, y)
        app.move_pointer(x, y)
        under_pointer = wait_for("the point under the pointer", lambda: app.text(readout).strip(), timeout=10)
        app.click(chart)
        app.key("End")
        wait_for("End: the newest point", lambda: app.text(readout) != under_pointer, timeout=5)
        newest = app.text(readout)
        assert newest.startswith("Fri, Oct 30, 2026"), newest
        app.key("Left")
        wait_for("Left: the point before", lambda: app.text(readout).startswith("Thu, Oct 29, 2026"), timeout=5)
        assert chart.name.startswith("Thu, Oct 29, 2026"), chart.name
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
