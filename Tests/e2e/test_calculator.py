"""The Calculator page, end to end: exact sums, errors, and conversions typed as text."""
import json
import subprocess

import pyatspi

from harness import App, BINARY, main, test, wait_for


def display(app):
    """The labels of the display: the expression line, the result, the rate line."""
    panel = next(n for n in app.find_all() if n.name == "Display" and n.getRoleName() != "label")
    return [app.text(n) for n in app.find_all("label", None, node=panel)]


def result(app):
    return display(app)[1]


def expect(app, what, value, timeout=5):
    """Waits until the result reads `value`; a failure shows the whole display."""
    try:
        wait_for(what, lambda: result(app) == value, timeout=timeout)
    except AssertionError as e:
        raise AssertionError(f"{e}; the display reads {display(app)!r}") from None


def open_calculator(app):
    app.key("alt+5")
    entry = wait_for("the calculation entry focused", lambda: next(
        (n for n in app.find_all("text") if n.name == "Calculation" and n.getState().contains(pyatspi.STATE_FOCUSED)), None), timeout=10)
    # Focusing selects what the display holds, so that typing replaces it.
    wait_for("the calculation's text selected", lambda: app.all_selected(entry), timeout=5)


@test
def sums_are_exact_errors_are_words_and_conversions_are_text():
    app = App().start()
    try:
        open_calculator(app)
        app.type("0.1+0.2=")
        expect(app, "0.3", "0.3")
        assert display(app)[0] == "0.1+0.2 =", display(app)
        app.type("==")                              # = again repeats "+ 0.2"
        expect(app, "0.7", "0.7")

        app.type("1/0=")                            # a digit after a result starts afresh
        expect(app, "an error", "Division by zero")
        assert app.proc.poll() is None
        app.type("2+2")                             # the next key starts afresh after an error
        app.key("Return")
        expect(app, "4", "4")

        app.key("Escape")
        app.type("12.5.+3.2.=")                     # a second decimal mark in a number does not go in
        expect(app, "15.7", "15.7")
        assert display(app)[0] == "12.5+3.2 =", display(app)

        # From the keypad: Tab leaves the display for a key, and what is typed there still counts.
        app.key("Escape")
        app.key("Tab")
        wait_for("a keypad key focused", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all("push button")), timeout=5)
        app.type("7*6=")
        expect(app, "42", "42")
        assert any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all("push button")), "the focus stays on the keypad"
        open_calculator(app)

        app.key("Escape")
        app.type("100 USD to EUR")
        app.key("Return")
        out = subprocess.run([BINARY, "convert", "100", "USD", "EUR", "--offline", "--json"], env=app.env(),
                             check=True, capture_output=True, text=True).stdout
        expected = json.loads(out)["results"][0]
        wait_for("the conversion", lambda: result(app) == f"{expected['amount']} EUR", timeout=5)
        assert expected["rate_date"] == "2026-10-30"
        assert display(app)[2].startswith("1 USD = 0.8951 EUR \u00b7 ECB"), display(app)

        # The numeric keypad (Num Lock on) types digits and operators; its decimal key the locale's mark.
        app.key("Escape")
        subprocess.run(["xdotool", "key", "Num_Lock"], check=False)
        app.key("KP_1", "KP_2", "KP_Multiply", "KP_3", "KP_Decimal", "KP_5", "KP_Enter")
        try:
            expect(app, "42", "42")
        finally:
            subprocess.run(["xdotool", "key", "Num_Lock"], check=False)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
