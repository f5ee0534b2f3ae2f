"""The Investments page, end to end: search → calculator → results, by keyboard, through AT-SPI,
checked against `cambio dca` on the same bundled sample."""
import json
import subprocess
import time

import pyatspi

from harness import App, BINARY, main, test, wait_for


def labels(app):
    return [app.text(n) for n in app.find_all("label")]


def found_rows(app):
    lists = [n for n in app.find_all("list") if n.name == "Stocks found"]
    return [n.name for n in app.find_all("list item", None, node=lists[0])] if lists else []


def focused(app, name):
    return any(n.name == name and n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all())


def money(s):
    """"15369.66" as the page writes it in en_US: "15,369.66 USD"."""
    whole, cents = s.split(".")
    sign = "-" if whole.startswith("-") else ""
    return f"{sign}{int(whole.lstrip('-')):,}.{cents} USD"


def cli(app, start):
    out = subprocess.run([BINARY, "dca", "MSFT", "--initial", "1000", "--monthly", "100", "--start", start, "--json"],
                         env=app.env(), check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def open_investments(app):
    app.key("alt+4")
    wait_for("the stock search focused", lambda: focused(app, "Find a stock by symbol or company name"), timeout=10)


def expect_figures(app, figures):
    want = [money(figures["value"]), money(figures["invested"]) + f" in {figures['months']} purchases",
            "+" + money(figures["gain"]) + " \u00b7 profit"]
    try:
        wait_for(f"the figures of {figures['start']}", lambda: all(w in labels(app) for w in want), timeout=10)
    except AssertionError as e:
        raise AssertionError(f"{e}; wanted {want}, the page shows {labels(app)!r}") from None


@test
def search_choose_and_compute_by_keyboard_as_the_command_line_does():
    app = App().start()
    try:
        open_investments(app)
        app.type("micro")
        # Nothing is searched per keystroke: the list appears after the pause.
        wait_for("MSFT found", lambda: any(r.startswith("MSFT, Microsoft Corporation") for r in found_rows(app)), timeout=5)
        assert "bundled sample 2000-01 \u2013 2010-03" in found_rows(app)[0], found_rows(app)
        app.key("Down")
        app.key("Return")
        wait_for("the calculator for MSFT", lambda: "MSFT \u00b7 Microsoft Corporation" in labels(app), timeout=10)
        wait_for("the initial amount focused", lambda: focused(app, "Initial investment"), timeout=5)
        assert found_rows(app) == [], "the results close once a stock is chosen"
        assert any("Bundled sample" in t and "not dividend-adjusted" in t for t in labels(app)), labels(app)

        app.key("ctrl+a")
        app.type("1000")
        app.key("Tab", "ctrl+a")
        app.type("100")
        expect_figures(app, cli(app, "2000-01"))
        figures = cli(app, "2000-01")
        assert "+16.44%" in labels(app) and figures["yield"] == "0.1644", labels(app)
        assert "+2.77% a year" in labels(app) and figures["xirr"] == "0.0277"
        assert any(t.startswith("+1.50% a year by (value") for t in labels(app)), "the simple figure, named"

        # The start month by the slider: two months later; the list follows.
        app.key("Tab", "Tab")
        wait_for("the slider focused", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED) and
                                                   (n.name or "").startswith("Start month slider") for n in app.find_all()))
        app.key("Right", "Right")
        wait_for("the slider names March 2000", lambda: app.find("slider", "Start month slider: March 2000") is not None)
        expect_figures(app, cli(app, "2000-03"))
        assert any(n.name == "Start month: March 2000" for n in app.find_all()), "the month list says the month chosen"

        # A bad amount is named; the last figures stay (every prefix of "abc" is bad too).
        app.key("shift+Tab", "shift+Tab", "ctrl+a")
        app.type("abc")
        wait_for("the error named", lambda: any("Not a calculation" in t for t in labels(app)), timeout=5)
        assert money(cli(app, "2000-03")["value"]) in labels(app)
        assert app.proc.poll() is None
    finally:
        app.cleanup()


@test
def escape_leaves_the_results_and_the_key_never_shows():
    app = App().start()
    try:
        open_investments(app)
        app.type("inc")
        wait_for("three sample stocks", lambda: len(found_rows(app)) == 3, timeout=5)
        app.key("Down", "Down")
        app.key("Escape")
        wait_for("back in the search", lambda: focused(app, "Find a stock by symbol or company name"))
        assert found_rows(app) == []
        # The key popover: a masked entry; Enter saves it; nothing on screen shows it.
        button = app.find("toggle button", "Alpha Vantage key") or app.find("push button", "Alpha Vantage key")
        app.click(button)
        wait_for("the key entry focused", lambda: any(n.name == "Alpha Vantage key" and n.getRoleName() in ("password text", "text")
                                                      and n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all()))
        app.type("E2EKEY123")
        app.key("Return")
        wait_for("the key saved", lambda: any(t.startswith("Key saved") for t in labels(app)))
        import os
        path = os.path.join(app.home, "config", "cambio", "alphavantage-key")
        assert oct(os.stat(path).st_mode & 0o777) == "0o600", oct(os.stat(path).st_mode)
        assert not any("E2EKEY123" in (t or "") for t in labels(app)), "the key is not shown"
        assert "E2EKEY123" not in app.output()
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
