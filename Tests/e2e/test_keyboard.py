"""Keyboard and accessibility, end to end: every control has a name and Tab reaches it; the
shortcuts not covered by the page tests (Ctrl+, Ctrl+R, Ctrl+N, Ctrl+F, Alt+1) through real keys."""
import re

import pyatspi

from harness import App, main, test, wait_for, xdotool


def focusable(app, node=None):
    out = []
    for n in app.find_all(node=node):
        try:
            if n.getState().contains(pyatspi.STATE_FOCUSABLE):
                out.append(n)
        except Exception:
            pass
    return out


def focused(app, role, name_contains, node):
    """Whether a `role` node under `node` (whose name contains `name_contains`) holds the focus."""
    return any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all(role, name_contains, node=node))


def first_picker_row(app, node):
    """The name of the currency picker's first row under `node` ("EUR, Euro")."""
    lists = [n for n in app.find_all("list", node=node) if n.name == "Currencies"]
    return lists[0].getChildAtIndex(0).name if lists and lists[0].childCount else ""


def unnamed(nodes):
    bad = []
    for n in nodes:
        name = n.name or ""
        # GTK names an unnamed widget after its type; a raw mnemonic ("C_lear") reads badly.
        if not name.strip() or re.match(r"^Gtk[A-Za-z]+$", name) or re.search(r"_[A-Za-z]", name):
            bad.append((n.getRoleName(), name, n.parent.getRoleName() if n.parent else None, n.parent.name if n.parent else None))
    return bad


def focus_among(candidates, start=0):
    """The index of the candidate that holds the focus, or None; looks from `start` on, round."""
    for k in range(len(candidates)):
        i = (start + k) % len(candidates)
        try:
            if candidates[i].getState().contains(pyatspi.STATE_FOCUSED):
                return i
        except Exception:
            pass
    return None


def tab_through(app, candidates, presses):
    """Presses Tab `presses` times; returns the names of the candidates that held the focus."""
    reached = []
    at = focus_among(candidates)
    for _ in range(presses):
        before = at
        app.key("Tab")
        # Each Tab moves the focus on: wait until it has left the node it was on.
        at = wait_for("the focus moved by Tab", lambda: (lambda now: ("moved", now) if now != before else None)(
            focus_among(candidates, 0 if before is None else before + 1)), timeout=5, interval=0.02)[1]
        if at is not None:
            reached.append(candidates[at].name)
    return reached


# The control each page puts the focus on when Alt+<number> shows it.
PAGES = {1: ("Currencies", "text", "Amount in "), 2: ("Converter", "text", "Amount"),
         3: ("History", "image", "Rate chart"), 4: ("Investments", "entry", "Find a stock by symbol or company name"),
         5: ("Calculator", "text", "Calculation")}


def show_page(app, number):
    """Alt+<number>; waits until the page is the selected one and its first control has the focus."""
    tab, role, name = PAGES[number]
    app.show_page(number, tab)
    if number == 3:
        # The chart: named "Rate chart …" until a point is chosen, then after the point.
        name = None
    wait_for(f"the focus on the {tab} page's {PAGES[number][2]!r}", lambda: focused(app, role, name, None), timeout=10)


@test
def every_control_has_a_name_and_tab_reaches_the_controls_of_each_page():
    app = App().start()
    try:
        for i in range(1, 6):
            show_page(app, i)
        app.open_sample_stock("Find a stock")
        wait_for("the plan", lambda: app.find("text", "Initial investment"), timeout=10)
        # The stock's prices loaded, the plan takes the focus and shows its figures.
        wait_for("the plan focused", lambda: focused(app, "text", "Initial investment", None), timeout=10)
        wait_for("the figures", lambda: any(app.text(n) == "15,369.66 USD" for n in app.find_all("label")), timeout=10)
        assert not unnamed(focusable(app)), unnamed(focusable(app))

        expected = {
            2: ["Amount", "From USD (US Dollar)", "Swap currencies", "Add favourite", "History of this pair",
                "To EUR (Euro)", "Copy the EUR amount", "Actions for EUR", "Add target currency"],
            3: ["Swap currencies", "Range one week", "Range everything since 1999", "Amount on a past date"],
            4: ["Find a stock by symbol or company name", "Alpha Vantage key", "Initial investment", "Monthly amount",
                "Start month", "Start month slider"],
            5: ["Calculation", "Divide", "Equals", "Convert the result in the Converter", "Clear History"],
        }
        for page, names in expected.items():
            show_page(app, page)
            reached = tab_through(app, focusable(app), 45)
            missing = [n for n in names if not any(r and r.startswith(n) for r in reached)]
            assert not missing, (page, missing, reached)
            assert not [r for r in reached if not r or r.startswith("Gtk")], ("an unnamed Tab stop", page, reached)

        app.key("ctrl+comma")
        prefs = wait_for("the preferences", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        wait_for("the focus on the provider", lambda: focused(app, "combo box", "Rate provider", prefs), timeout=5)
        controls = focusable(app, node=prefs)
        assert not unnamed(controls), unnamed(controls)
        reached = tab_through(app, controls, 19)
        # The rows and their controls, the key's field too.
        for name in ("Rate provider", "Automatic refresh", "Official rates for history", "Gold, silver and cryptocurrencies", "Reference currency", "Reference currency: USD (US Dollar)",
                     "Decimal places", "Card or exchange fee", "Use the network", "Alpha Vantage key", "Saved key", "Search"):
            assert any(r and r.startswith(name) for r in reached), (name, reached)
        app.key("Escape")
        wait_for("the preferences closed", lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)
    finally:
        app.cleanup()


@test
def ctrl_comma_ctrl_r_ctrl_n_ctrl_f_and_alt_1_through_real_keys():
    app = App().start()
    try:
        # Ctrl+,: the preferences, with the focus on their first choice; Escape closes them.
        app.key("ctrl+comma")
        prefs = wait_for("the preferences", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        wait_for("the focus on the provider", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                          for n in app.find_all(name_contains="Rate provider", node=prefs)), timeout=5)
        app.key("Escape")
        wait_for("the preferences closed", lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)
        # Ctrl+W closes them too, and only them.
        app.key("ctrl+comma")
        wait_for("the preferences", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        app.key("ctrl+w")
        wait_for("the preferences closed by Ctrl+W", lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)
        assert app.proc.poll() is None and any(w.name == "Cambio" for w in app.node), "the main window stays"
        app.key("ctrl+comma")
        prefs = wait_for("the preferences again", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        wait_for("the focus on the provider again", lambda: focused(app, "combo box", "Rate provider", prefs), timeout=5)
        # Alt+D, the mnemonic, activates the Decimal places row: its list opens with the focus.
        # Down, Enter: 0 decimal places … the Currencies page follows at once.
        places = wait_for("the decimal places row", lambda: app.find("combo box", "Decimal places"), timeout=5)
        app.key("alt+d")
        wait_for("the decimal places list open", lambda: focused(app, "list item", None, places), timeout=5)
        app.key("Down", "Return")
        wait_for("EUR with no decimals", lambda: app.amount("EUR") == "90", timeout=5)
        wait_for("the list closed", lambda: focused(app, "combo box", "Decimal places", places), timeout=5)
        # Right after the list closed, the first Escape closes the window.
        app.key("Escape")
        wait_for("the preferences closed", lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)
        app.key("ctrl+comma")
        prefs = wait_for("the preferences once more", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        wait_for("the focus on the provider once more", lambda: focused(app, "combo box", "Rate provider", prefs), timeout=5)
        # Alt+E opens the reference currency's picker, its search focused; Escape closes the
        # picker only, and the next Escape the window: the first press each time.
        app.key("alt+e")
        wait_for("the picker's search focused", lambda: focused(app, "entry", "Search currencies", prefs), timeout=5)
        app.type("euro")
        wait_for("EUR first in the picker", lambda: first_picker_row(app, prefs).startswith("EUR, "), timeout=5)
        app.key("Return")
        wait_for("EUR the reference", lambda: app.find("push button", "Reference currency: EUR (Euro)"), timeout=5)
        wait_for("EUR in the Currencies page", lambda: "Reference currency" in app.row_labels("EUR"), timeout=5)
        app.key("alt+e")
        wait_for("the picker open again", lambda: focused(app, "entry", "Search currencies", prefs), timeout=5)
        app.key("Escape")
        wait_for("the picker closed", lambda: focused(app, "push button", "Reference currency: EUR", prefs), timeout=5)
        assert any(w.name == "Preferences" for w in app.node), "Escape closed the picker, not the window"
        app.key("Escape")
        wait_for("the preferences closed", lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)

        # Ctrl+R asks again: the refusal is a toast (the status line keeps the lasting state).
        app.key("ctrl+r")
        wait_for("the refusal as a toast", lambda: any(app.text(n).startswith("Could not refresh rates from")
                                                      for n in app.find_all("label")), timeout=10)

        # Ctrl+N on any page: the Currencies page and its picker, typing into its search.
        app.show_page(5, "Calculator")
        app.key("ctrl+n")
        wait_for("the picker's search focused", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                            for n in app.find_all("entry", "Search currencies")), timeout=5)
        # Escape closes the picker (its search takes the key as stop-search) and gives the focus back.
        app.key("Escape")
        wait_for("the picker closed", lambda: focused(app, "push button", "Add currency", None), timeout=5)
        app.focus_entry("EUR")

        # Ctrl+F on Investments: the stock search.
        app.show_page(4, "Investments")
        app.key("ctrl+f")
        wait_for("the stock search focused", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                         for n in app.find_all("entry", "Find a stock")), timeout=5)

        # Alt+1: back to the Currencies page.
        app.show_page(1, "Currencies")
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
