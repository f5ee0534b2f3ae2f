"""The Converter page, end to end: arithmetic amounts, swap, favourites, and a restart."""
import json
import subprocess

import pyatspi

from harness import App, BINARY, main, test, wait_for


def named(app, name, role=None):
    """The control whose accessible name is exactly `name`."""
    for node in app.find_all(role):
        try:
            if node.name == name:
                return node
        except Exception:
            pass
    return None


def starting(app, prefix):
    for node in app.find_all():
        try:
            if (node.name or "").startswith(prefix):
                return node
        except Exception:
            pass
    return None


def code_of(button_name):
    """"From USD (US Dollar)" -> "USD"."""
    return button_name.split(" ")[1]


def pair(app):
    return code_of(starting(app, "From ").name), code_of(starting(app, "To ").name)


def result_row(app, code):
    """The row of a result: its name is "EUR, Euro: 32.22"."""
    for node in app.find_all("list item", f"{code}, "):
        if ": " in node.name:
            return node
    return None


def result(app, code):
    """The amount a result row shows: the label above its rate line."""
    texts = [app.text(n) for n in app.find_all("label", None, node=result_row(app, code))]
    line = next(i for i, t in enumerate(texts) if t.startswith("1 ") or t.startswith("No "))
    shown = texts[line - 1]
    assert result_row(app, code).name.endswith(": " + shown), "the row's accessible name carries the amount"
    return shown


def focused(node):
    return node is not None and node.getState().contains(pyatspi.STATE_FOCUSED)


def first_row(app, list_name):
    """The first row of the list named `list_name`."""
    lists = [n for n in app.find_all("list") if n.name == list_name]
    return lists[0].getChildAtIndex(0) if lists and lists[0].childCount else None


def cli_convert(app, amount, source, target):
    out = subprocess.run([BINARY, "convert", amount, source, target, "--offline", "--json"], env=app.env(),
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["results"][0]["amount"]


def open_converter(app):
    app.key("alt+2")
    wait_for("the amount entry focused", lambda: focused(named(app, "Amount", "text")), timeout=10)
    # Focusing selects the old amount, so that typing replaces it.
    wait_for("the old amount selected", lambda: app.all_selected(named(app, "Amount", "text")), timeout=5)


@test
def arithmetic_amount_matches_the_command_line():
    app = App().start()
    try:
        open_converter(app)
        source, target = pair(app)
        assert (source, target) == ("USD", "EUR"), (source, target)
        app.type("12*3")
        # Nothing moves while typing; 0.3 s after the last key the result follows.
        expected = cli_convert(app, "36", source, target)
        assert expected == "32.22", expected
        wait_for(f"the {target} result {expected}", lambda: result(app, target) == expected, timeout=5)
        assert app.find("label", "= 36"), "the evaluated value is shown beside the entry"
        # A bad amount says why and keeps the last result.
        app.type("/0")
        wait_for("the division-by-zero message", lambda: app.find("label", "Division by zero"), timeout=5)
        assert result(app, target) == expected
        app.key("BackSpace", "BackSpace")
        wait_for("the result back", lambda: result(app, target) == expected, timeout=5)
    finally:
        app.cleanup()


@test
def ctrl_s_swaps_and_favourites_are_added_searched_and_loaded():
    app = App().start()
    home = app.home
    try:
        open_converter(app)
        app.type("12*3")
        wait_for("the first result", lambda: result(app, "EUR") == "32.22", timeout=5)
        app.key("ctrl+s")
        wait_for("From and To exchanged", lambda: pair(app) == ("EUR", "USD"), timeout=5)
        assert app.text(named(app, "Amount", "text")) == "12*3", "the amount stays"
        wait_for("the swapped result", lambda: result(app, "USD") == cli_convert(app, "36", "EUR", "USD"), timeout=5)

        app.key("ctrl+d")
        wait_for("the favourite chip", lambda: named(app, "Load EUR \u2192 USD"), timeout=5)
        wait_for("the toast saying so", lambda: app.find("label", "added to favourites"), timeout=5)
        # Ctrl+D again takes the pair out, and the toast's Undo puts it back. The toast before it
        # (without a button) gives way at once rather than keeping it waiting its 5 s.
        app.key("ctrl+d")
        wait_for("the chip gone", lambda: not named(app, "Load EUR \u2192 USD"), timeout=5)
        wait_for("the toast saying so", lambda: app.find("label", "EUR \u2192 USD removed from favourites"), timeout=3)
        app.click(wait_for("the toast's Undo", lambda: app.find("push button", "Undo"), timeout=5))
        wait_for("the chip back", lambda: named(app, "Load EUR \u2192 USD"), timeout=5)

        # Another pair, then find the favourite by searching, and load it with Enter.
        app.key("ctrl+s")
        wait_for("swapped back", lambda: pair(app) == ("USD", "EUR"), timeout=5)
        app.key("ctrl+f")
        search = wait_for("the favourites' search focused", lambda: (lambda n: n if focused(n) else None)(named(app, "Search favourites")), timeout=5)
        unfiltered = first_row(app, "Favourites").path
        app.type("euro dollar")
        # The search fills the list anew (new rows) once typing pauses: wait for the whole query and new rows.
        wait_for("the search done", lambda: app.text(search) == "euro dollar" and (first_row(app, "Favourites") is None
                                                                                   or first_row(app, "Favourites").path != unfiltered), timeout=5)
        assert named(app, "EUR \u2192 USD, Euro to US Dollar", "list item"), "the search finds it by currency names"
        app.key("Return")
        wait_for("the favourite loaded", lambda: pair(app) == ("EUR", "USD"), timeout=5)
        wait_for("its result", lambda: result(app, "USD") == "40.22", timeout=5)   # 36 x 1.1172

        # Everything comes back after a restart.
        assert app.quit() == 0
        app2 = App(home=home).start()
        try:
            open_converter(app2)
            assert pair(app2) == ("EUR", "USD"), pair(app2)
            assert app2.text(named(app2, "Amount", "text")) == "12*3"
            assert named(app2, "Load EUR \u2192 USD"), "the favourite is kept"
            wait_for("the result", lambda: result(app2, "USD") == "40.22", timeout=5)
        finally:
            app2.cleanup()
    finally:
        app.cleanup()


@test
def targets_are_added_from_the_keyboard_and_copied():
    app = App().start()
    try:
        open_converter(app)
        button = named(app, "Add target currency")
        app.click(button)
        wait_for("the picker", lambda: focused(named(app, "Search currencies")), timeout=5)
        # Enter at once after typing: the first match of "yen", not of the list before the search.
        app.type("yen")
        app.key("Return")
        wait_for("a JPY result", lambda: result_row(app, "JPY"), timeout=5)
        # The window groups digits (en_US: "15,725"); the JSON does not.
        expected = cli_convert(app, "100", "USD", "JPY")
        assert expected == "15725", expected
        wait_for("the JPY amount", lambda: result(app, "JPY") == "15,725", timeout=5)
        # The new row has the focus: Alt+Up moves it above GBP, Ctrl+C copies its amount.
        app.key("alt+Up")
        wait_for("JPY above GBP", lambda: result_row(app, "JPY").queryComponent().getExtents(pyatspi.WINDOW_COORDS).y
                 < result_row(app, "GBP").queryComponent().getExtents(pyatspi.WINDOW_COORDS).y, timeout=5)
        app.key("ctrl+c")
        wait_for("the copy confirmed", lambda: app.find("label", f"Copied {result(app, 'JPY')} JPY"), timeout=5)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
