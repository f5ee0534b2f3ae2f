"""Your own rates, end to end and by keyboard: a row's menu, the dialog (Enter sets, Escape
cancels), the row's label, and the data file the command line reads."""
import json
import os
import sys

from harness import App, main, test, wait_for


def rate_line(app, code):
    return " ".join(app.row_labels(code))


def open_set_your_rate(app, code):
    """The row's menu by its accessible name, then its second item (Set Your Rate…) by keyboard."""
    app.click(wait_for("the row's menu button", lambda: app.find(None, f"Actions for {code}"), timeout=5))
    wait_for("the row's menu", lambda: app.find("menu item", "Set Your Rate"), timeout=5)
    app.key("Down")
    app.key("Return")
    return wait_for("the dialog's rate field", lambda: app.find("text", f"Rate: how many USD one {code} is worth"), timeout=10)


@test
def a_rate_set_by_keyboard_is_used_labelled_and_saved():
    app = App()
    os.makedirs(os.path.join(app.home, "data", "cambio"))
    state = os.path.join(app.home, "data", "cambio", "state.json")
    with open(state, "w") as f:
        json.dump({"version": 1, "currencies": {"codes": ["USD", "EUR", "CUP"], "anchorCode": "USD", "anchorText": "100",
                                                "referenceCode": "USD"}}, f)
    app.start()
    try:
        wait_for("CUP without a rate", lambda: "No rate for CUP" in rate_line(app, "CUP"), timeout=5)
        # Escape cancels: nothing set.
        open_set_your_rate(app, "CUP")
        app.type("0.5")
        app.key("Escape")
        wait_for("the dialog gone", lambda: app.find("text", "Rate: how many USD one CUP") is None, timeout=5)
        assert "No rate for CUP" in rate_line(app, "CUP"), rate_line(app, "CUP")
        # Enter sets it: the focus starts in the rate's field.
        field = open_set_your_rate(app, "CUP")
        wait_for("the focus in the rate's field", lambda: field.getState().contains(__import__("pyatspi").STATE_FOCUSED), timeout=5)
        app.type("0.0082")
        app.key("Return")
        wait_for("your rate on the row", lambda: "1 CUP = 0.008200 USD · your rate · set" in rate_line(app, "CUP"), timeout=5)
        wait_for("CUP converted", lambda: app.amount("CUP") == "12,195.12", timeout=5)
        wait_for("the rate saved", lambda: "userRates" in open(state).read(), timeout=5)
        saved = json.load(open(state))["userRates"]
        assert [(r["code"], r["value"], r["anchor"]) for r in saved] == [("CUP", "0.0082", "USD")], saved
    finally:
        app.cleanup()


if __name__ == "__main__":
    sys.exit(main())
