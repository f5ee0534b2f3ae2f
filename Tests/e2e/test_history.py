"""The History page, end to end: the last 7 days of the Converter's pair, read through AT-SPI."""
import json
import subprocess
import time

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


if __name__ == "__main__":
    main()
