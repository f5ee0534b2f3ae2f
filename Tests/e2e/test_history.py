"""The History page, end to end: the last 7 days of the Converter's pair, read through AT-SPI."""
import json
import subprocess
import time

import datetime as dt

import pyatspi

from harness import App, BINARY, main, test, wait_for


def day_rows(app):
    """The rows of the "Last 7 days" list, top to bottom, by accessible name."""
    lists = [n for n in app.find_all("list") if n.name == "Last 7 days"]
    if not lists:
        return []
    return [n.name for n in app.find_all("list item", None, node=lists[0])]


@test
def the_last_seven_days_match_the_command_line():
    app = App().start()
    try:
        app.key("alt+3")
        # The first open imports the bundled history (a few seconds), then lists seven days.
        wait_for("seven day rows", lambda: len(day_rows(app)) == 7 and "Loading" not in " ".join(day_rows(app)), timeout=60)
        rows = day_rows(app)
        out = subprocess.run([BINARY, "history", "USD", "EUR", "--to", "2026-10-30", "--offline", "--json"], env=app.env(),
                             check=True, capture_output=True, text=True).stdout
        points = json.loads(out)["points"]
        assert [p["date"] for p in points] == ["2026-10-30", "2026-10-29", "2026-10-28", "2026-10-27", "2026-10-26"], points
        # Offline on 22 Nov the newest known week is the bundle's last: Fri 30 Oct first, the weekend last.
        assert rows[0].startswith("Fri, Oct 30, 0.8951"), rows
        assert [r.split(", ")[2] for r in rows[:5]] == [f"{float(p['rate']):.4f}" for p in points], (rows, points)
        assert rows[5:] == ["Sun, Oct 25, no publication, weekend", "Sat, Oct 24, no publication, weekend"], rows
        assert "\u25bc" in rows[0] and "\u25b2" in rows[1], "changes carry an arrow, not only a colour: %r" % rows

        # Ctrl+S swaps the pair; the list follows.
        app.key("ctrl+s")
        wait_for("the swapped pair", lambda: day_rows(app) and day_rows(app)[0].startswith("Fri, Oct 30, 1.1172"), timeout=30)
        assert any(n.name == "From EUR (Euro)" for n in app.find_all())
    finally:
        app.cleanup()


def past_result(app):
    """The text of the "On a past date" result, e.g. "100 USD = 89.51 EUR · rate of …"."""
    return next(app.text(n) for n in app.find_all("label", " rate of "))


@test
def the_date_picker_s_keys_choose_the_day_converted():
    """The date picker by keyboard: it opens on the chosen day, a screen reader hears each day's
    whole date, Shift+Page Up goes back a year, Page Up a month, the arrows a day or a week, Enter
    chooses; the date button and the day converted follow, and the focus is back on the button."""
    app = App().start()
    try:
        app.key("alt+3")
        wait_for("seven day rows", lambda: len(day_rows(app)) == 7 and "Loading" not in " ".join(day_rows(app)), timeout=60)
        # Offline on 22 Nov the past date starts on the newest published day, Fri 30 Oct 2026.
        button = wait_for("the date button", lambda: app.find("push button", "Date: "))
        assert button.name == "Date: Oct 30, 2026", button.name
        assert "rate of Fri, Oct 30, 2026 (ECB)" in past_result(app), past_result(app)
        app.click(button)
        wait_for("the chosen day focused", lambda: app.focused_day() == dt.date(2026, 10, 30), timeout=10)
        chosen = app.find("push button", "Friday, October 30, 2026")
        assert chosen.getState().contains(pyatspi.STATE_PRESSED) or chosen.getState().contains(pyatspi.STATE_CHECKED), \
            "the chosen day is said pressed"
        for key, day in (("shift+Page_Up", dt.date(2025, 10, 30)), ("Page_Up", dt.date(2025, 9, 30)),
                         ("Right", dt.date(2025, 10, 1)), ("Up", dt.date(2025, 9, 24)), ("End", dt.date(2025, 9, 27))):
            app.key(key)
            wait_for(f"{day} focused after {key}", lambda: app.focused_day() == day, timeout=10)
        assert app.find("push button", "Date: ").name == "Date: Oct 30, 2026", "moving the focus chooses nothing"
        app.key("Return")
        wait_for("the day chosen", lambda: app.find("push button", "Date: ").name == "Date: Sep 27, 2025")
        # A Saturday: the Friday's rate, 1 EUR = 1.1672 USD (ECB), so 100 USD = 85.68 EUR.
        assert "100 USD = 85.68 EUR \u00b7 rate of Fri, Sep 26, 2025 (ECB)" in past_result(app), past_result(app)
        # The popover closes and gives the focus back to the date button.
        wait_for("the focus back on the date button", lambda: any(n.name == "Date: Sep 27, 2025" and n.getState().contains(pyatspi.STATE_FOCUSED)
                                                                  for n in app.find_all("push button")))
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
