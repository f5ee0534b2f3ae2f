"""The History page for pairs the ECB never published, end to end: their official history fetched
from Frankfurter v2 (Tests/CambioNetTests/fault_server.py's /fv2, built from real publications),
stored, and each day named after whoever published it, read through AT-SPI and driven with real keys.

Every figure expected is worked out here from the server's own answers (/fv2/rates with
expand=providers, /fv2/providers for the institutions' names) and written as the app writes it in
English: rates to four decimals and at least four significant digits, half up; a day's change to
the rate's decimals; amounts to the currency's minor units, grouped.
"""
import datetime as dt
import json
import os
import urllib.request
from decimal import ROUND_HALF_UP, Decimal

import pyatspi

from counter import ConnectionCounter
from harness import PROVIDER_URLS, ROOT, App, FaultServer, main, test, wait_for
from layout import describe, extents, focused_node, in_view, within_width
from settings import write_settings

# How the app writes days in English: the list, the chart's readout and the past date, the status.
SHORT, LONG, MEDIUM = "%a, %b {d}", "%a, %b {d}, %Y", "%b {d}, %Y"
# Fractional digits of an amount (ISO 4217 minor units) for the currencies converted here.
MINOR_UNITS = {"USD": 2, "JPY": 0}
PEG_AED_PER_USD = Decimal("3.6725")


# --- What the server says, and how the app writes it ------------------------------------------

def fetch_json(server, path):
    with urllib.request.urlopen(server.url(path), timeout=30) as answer:
        return json.loads(answer.read().decode(), parse_float=Decimal)


def day_text(day, pattern):
    return day.strftime(pattern.format(d=day.day))


def published(server, base, quote, first, last):
    """The server's days of base/quote from `first` to `last`, oldest first: (day, rate, the keys of
    the institutions that made the rate, outliers left out)."""
    records = fetch_json(server, f"/fv2/rates?from={first.isoformat()}&to={last.isoformat()}&base={base}&quotes={quote}"
                                 "&expand=providers")
    out = []
    for r in records:
        day = dt.date.fromisoformat(r["date"])
        # The service may begin with the day published before `first`; the identity record is no rate.
        if r["base"] != base or r["quote"] != quote or day < first:
            continue
        keys = sorted({p["key"] for p in r.get("providers", []) if not p.get("excluded")})
        out.append((day, r["rate"], keys))
    return out


def institution_names(server):
    return {p["key"]: p["name"] for p in fetch_json(server, "/fv2/providers")}


def publisher(keys, names):
    return names[keys[0]] if len(keys) == 1 else f"average of {len(keys)} central banks"


def grouped(value, places):
    return f"{value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):,.{places}f}"


def rate_places(rate):
    """Four decimals, more for a rate under 1 so that it keeps four significant digits."""
    return 4 if rate.adjusted() >= 0 else max(4, 3 - rate.adjusted())


def rate_text(rate):
    return grouped(rate, rate_places(rate))


def change_text(delta, rate):
    if delta == 0:
        return "unchanged"
    return ("\u25b2 +" if delta > 0 else "\u25bc \u2212") + grouped(abs(delta), rate_places(rate))


def amount_text(value, code):
    return grouped(value, MINOR_UNITS[code])


def expected_week(points, names):
    """The "Last 7 days" rows, newest first, for the seven days to the newest one published."""
    by_day = {day: i for i, (day, _, _) in enumerate(points)}
    newest = points[-1][0]
    rows = []
    for back in range(7):
        day = newest - dt.timedelta(days=back)
        if day in by_day:
            i = by_day[day]
            _, rate, keys = points[i]
            parts = [day_text(day, SHORT), rate_text(rate)]
            if i > 0:
                parts.append(change_text(rate - points[i - 1][1], rate))
            rows.append(", ".join(parts + [publisher(keys, names)]))
        elif day.weekday() >= 5:
            rows.append(f"{day_text(day, SHORT)}, no publication, weekend")
        else:
            raise AssertionError(f"the server has no {day} (a weekday): this test expects none missing")
    return rows


def readout(point, base, quote, names):
    """The line under the chart for a point: "Wed, Aug 19, 2026: 1 EGP = 0.01974 USD (…)"."""
    day, rate, keys = point
    return f"{day_text(day, LONG)}: 1 {base} = {rate_text(rate)} {quote} ({publisher(keys, names)})"


def past_line(amount, point, base, quote, names):
    day, rate, keys = point
    return (f"{amount} {base} = {amount_text(amount * rate, quote)} {quote} \u00b7 rate of {day_text(day, LONG)} "
            f"({publisher(keys, names)})")


def ecb_rates(day):
    """The ECB's own figures of `day` (units per euro), from the history the app bundles."""
    with open(os.path.join(ROOT, "data", "eurofxref-hist.csv")) as f:
        header = f.readline().strip().split(",")
        for line in f:
            fields = line.strip().split(",")
            if fields[0] == day.isoformat():
                return {code: Decimal(v) for code, v in zip(header[1:], fields[1:]) if v and v != "N/A"}
    raise AssertionError(f"no ECB publication on {day}")


# --- The page, through the accessibility tree ----------------------------------------------------

def write_pair(app, source, target):
    """The Converter's pair (the History page's) in the saved state, before the first start."""
    folder = os.path.join(app.home, "data", "cambio")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "state.json"), "w") as f:
        json.dump({"version": 1,
                   "currencies": {"codes": ["USD", "EUR", source], "anchorCode": "USD", "anchorText": "100", "referenceCode": "USD"},
                   "converter": {"source": source, "targets": [target], "amountText": "100"}}, f)


def day_rows(app):
    lists = [n for n in app.find_all("list") if n.name == "Last 7 days"]
    return [n.name for n in app.find_all("list item", None, node=lists[0])] if lists else []


def label_saying(app, text):
    return next((n for n in app.find_all("label") if app.text(n) == text), None)


def status_text(app):
    """The line beside the pair: its first line says what the history covers."""
    return next((app.text(n) for n in app.find_all("label") if " published day" in app.text(n)), None)


def past_result(app):
    return next((app.text(n) for n in app.find_all("label", " = ") if " rate of " in app.text(n)), None)


def date_button_name(app):
    node = app.find("push button", "Date: ")
    return node.name if node is not None else None


def focused(node):
    return node.getState().contains(pyatspi.STATE_FOCUSED)


def pointer_off_the_chart(app):
    """The pointer on the window's top left corner (the header bar): resting over the chart it
    would pick the point under it, and Left would start from there rather than from the newest."""
    app.move_pointer(app.window_pos[0] + 4, app.window_pos[1] + 4)


def move_focus(app, key, what, reached, limit=30):
    """Presses `key` (Tab or shift+Tab) until the control that has the focus satisfies `reached`;
    each press waits until the focus has left the control it was on."""
    candidates = [n for n in app.find_all(node=app.frame()) if n.getState().contains(pyatspi.STATE_FOCUSABLE)]
    current = focused_node(app, candidates)
    for _ in range(limit):
        if current is not None and reached(current):
            return current
        before = current
        app.key(key)
        current = wait_for(f"the focus moved by {key}", lambda: (lambda now: now if now is not None and now != before else None)(
            focused_node(app, candidates)), timeout=5, interval=0.02)
    raise AssertionError(f"{key} pressed {limit} times never reached {what} (the focus is on {describe(current)})")


def is_date_button(node):
    # The menu button's own toggle takes the focus; it is named by its label ("Oct 30, 2026").
    return node.getRoleName() == "push button" and ((node.name or "").startswith("Date: ")
                                                    or (node.parent.name or "").startswith("Date: "))


def choose_in_picker(app, button_name, code):
    """A currency button of the pair: its picker, the code typed, Enter."""
    app.click(wait_for(f"the {button_name!r} button", lambda: app.find("push button", button_name), timeout=10))
    wait_for("the currency picker", lambda: app.find(None, "Search currencies"), timeout=10)
    app.type(code)
    wait_for(f"{code} offered first", lambda: app.find("list item", f"{code}, "), timeout=10)
    app.key("Return")


def assert_inside(node, outer, what):
    x, y, w, h = extents(node)
    ox, oy, ow, oh = outer
    assert w > 0 and h > 0 and x >= ox and x + w <= ox + ow, f"{what} is cut or beside {outer}: {describe(node)}"


# --- The tests ----------------------------------------------------------------------------------

@test
def egyptian_pound_history_names_who_published_each_day():
    today = dt.date.today()
    with FaultServer() as server:
        names = institution_names(server)
        # All of EGP/USD's days lie within the chart's range, a year back from today.
        points = published(server, "EGP", "USD", today - dt.timedelta(days=366), today)
        rows = expected_week(points, names)
        assert rows[0] == "Wed, Aug 19, 0.01974, \u25bc \u22120.00006, Banca Na\u021bional\u0103 a Rom\u00e2niei", rows
        keys = sorted({k for _, _, ks in points for k in ks})
        status = (f"{day_text(points[0][0], MEDIUM)} \u2013 {day_text(points[-1][0], MEDIUM)} \u00b7 {len(points)} published days"
                  f" \u00b7 {len(keys)} central banks")
        count = {k: sum(k in ks for _, _, ks in points) for k in keys}
        who = "\n".join(["Published by"] + [f"{names[k]} ({k}): {count[k]} day{'s' if count[k] != 1 else ''}"
                                            for k in sorted(keys, key=lambda k: (-count[k], names[k]))])

        app = App(env={"CAMBIO_FRANKFURTER_URL": server.url("/fv2")})
        write_pair(app, "EGP", "USD")
        app.start()
        try:
            pointer_off_the_chart(app)
            app.show_page(3, "History")
            wait_for("the week of the official history", lambda: day_rows(app) == rows, timeout=30)
            wait_for("the heading", lambda: label_saying(app, f"7 days to {day_text(points[-1][0], MEDIUM)} (newest known)"), timeout=5)
            wait_for("the status naming the central banks", lambda: status_text(app) == status, timeout=10)

            # Alt+3 puts the focus on the chart (as for any pair): Left starts at the newest day.
            chart = app.find("image", "Rate chart (Left and Right move along it)")
            assert chart is not None, "no chart named 'Rate chart (Left and Right move along it)'"
            if not focused(chart):
                raise AssertionError(f"after Alt+3 and the history fetched, the focus is not on the chart but on "
                                     f"{describe(focused_node(app, []))}")
            point = chart.parent.getChildAtIndex(chart.parent.childCount - 1)   # the readout under the chart
            # Left: the newest point; Home: the range's first; Page Down: twenty points on each.
            for key, index in (("Left", len(points) - 1), ("Home", 0), ("Page_Down", 20), ("Page_Down", 40), ("Page_Down", 60)):
                app.key(key)
                expected = readout(points[index], "EGP", "USD", names)
                wait_for(f"the readout after {key}: {expected!r}", lambda: app.text(point) == expected, timeout=10)
            assert "average of 3 central banks" in app.text(point), app.text(point)

            # On a past date: Tab to the date button; from Oct 30, 2026 six months back and a Sunday
            # of April 2026, when the Central Bank of Egypt published (Romania's and Uzbekistan's
            # Friday rates carried): the day's own rate.
            move_focus(app, "Tab", "the date button", is_date_button)
            assert date_button_name(app) == "Date: Oct 30, 2026", date_button_name(app)
            newest = points[-1]
            assert past_result(app) == past_line(100, newest, "EGP", "USD", names), past_result(app)
            assert app.open_day_picker() == dt.date(2026, 10, 30)
            sunday = dt.date(2026, 4, 5)
            app.pick_day(sunday)
            wait_for("the date button on Apr 5, 2026", lambda: date_button_name(app) == "Date: Apr 5, 2026", timeout=10)
            used = next(p for p in points if p[0] == sunday)
            wait_for("the past result of that Sunday", lambda: past_result(app) == past_line(100, used, "EGP", "USD", names), timeout=10)
            assert past_result(app) == "100 EGP = 1.84 USD \u00b7 rate of Sun, Apr 5, 2026 (average of 3 central banks)", past_result(app)
            wait_for("the focus back on the date button", lambda: any(is_date_button(n) and focused(n) for n in app.find_all("push button")))

            # Who published these rates: back with Shift+Tab, Space opens its list.
            move_focus(app, "shift+Tab", "'Who published these rates'", lambda n: n.name == "Who published these rates")
            app.key("space")
            wait_for("the list of who published", lambda: (lambda n: n is not None and extents(n)[2] > 0)(label_saying(app, who)),
                     timeout=10)
            app.key("Escape")
            wait_for("the list closed, the focus back on its button",
                     lambda: any(n.name == "Who published these rates" and focused(n) for n in app.find_all("push button")))
        finally:
            app.cleanup()


@test
def dirham_yen_by_the_pickers_at_a_phone_s_width():
    today = dt.date.today()
    april = dt.date(2025, 4, 8)
    with FaultServer() as server:
        names = institution_names(server)
        points = published(server, "AED", "JPY", today - dt.timedelta(days=60), today)
        rows = expected_week(points, names)
        assert rows[0].startswith("Fri, Oct 30, 42.8180, "), rows
        day = published(server, "AED", "JPY", april, april)
        assert [p[0] for p in day] == [april], day
        # The dirham is pegged (3.6725 per dollar): the day's rate is the ECB's yen per dollar over the peg.
        ecb = ecb_rates(april)
        cross = ecb["JPY"] / ecb["USD"] / PEG_AED_PER_USD
        assert abs(day[0][1] - cross) <= Decimal("0.0005"), (day, cross)
        result = past_line(100, day[0], "AED", "JPY", names)
        assert result == "100 AED = 3,995 JPY \u00b7 rate of Tue, Apr 8, 2025 (European Central Bank)", result
        assert amount_text(100 * cross, "JPY") == "3,995", cross

        app = App(env={"CAMBIO_FRANKFURTER_URL": server.url("/fv2")}).start()
        try:
            assert app.resize(360, 640) == (360, 640), "the window does not shrink to 360×640"
            pointer_off_the_chart(app)
            app.show_page(3, "History")
            wait_for("the USD/EUR week", lambda: day_rows(app)[:1] == ["Fri, Oct 30, 0.8951, \u25bc \u22120.0034, ECB"], timeout=30)
            choose_in_picker(app, "From USD (US Dollar)", "AED")
            wait_for("From AED", lambda: app.find("push button", "From AED (UAE Dirham)"), timeout=10)
            choose_in_picker(app, "To EUR (Euro)", "JPY")
            wait_for("To JPY", lambda: app.find("push button", "To JPY (Yen)"), timeout=10)
            wait_for("the AED/JPY week", lambda: day_rows(app) == rows, timeout=30)

            # The chart by keyboard: Left reads the newest day out, under the chart, in view.
            chart = move_focus(app, "Tab", "the chart", lambda n: n.getRoleName() == "image" and n.name.startswith("Rate chart"))
            point = chart.parent.getChildAtIndex(chart.parent.childCount - 1)
            app.key("Left")
            expected = readout(points[-1], "AED", "JPY", names)
            wait_for(f"the readout {expected!r}", lambda: app.text(point) == expected, timeout=10)
            frame = extents(app.frame())
            wait_for("the readout in view", lambda: in_view(point, frame), timeout=5)

            # 8 April 2025: a year and six months back, then the day; its fortnight is fetched then.
            move_focus(app, "Tab", "the date button", is_date_button)
            app.open_day_picker()
            app.pick_day(april)
            wait_for("the date button on Apr 8, 2025", lambda: date_button_name(app) == "Date: Apr 8, 2025", timeout=10)
            wait_for(f"the past result {result!r}", lambda: past_result(app) == result, timeout=30)
            wait_for("the focus back on the date button", lambda: any(is_date_button(n) and focused(n) for n in app.find_all("push button")))

            # At 360 px nothing is cut: the result (Tab reaches it, a selectable label) and each day,
            # reached with Shift+Tab, lies in view and within the window's width.
            frame = extents(app.frame())
            label = move_focus(app, "Tab", "the past result", lambda n: n.getRoleName() == "label" and " rate of " in (n.name or ""))
            assert app.text(label) == result, app.text(label)
            wait_for("the past result in view", lambda: in_view(label, frame), timeout=5)
            assert within_width(label, frame), describe(label)
            seen = []
            while len(seen) < 7:
                row = move_focus(app, "shift+Tab", "a day of the week", lambda n: n.getRoleName() == "list item" and n.name not in seen)
                seen.append(row.name)
                wait_for(f"{row.name!r} in view", lambda: in_view(row, frame), timeout=5)
                assert within_width(row, frame), describe(row)
                for part in app.find_all("label", node=row):
                    assert_inside(part, extents(row), f"a label of {row.name!r}")
            assert sorted(seen) == sorted(rows), (seen, rows)
        finally:
            app.cleanup()


@test
def offline_the_fetched_days_are_shown_without_asking():
    today = dt.date.today()
    counter = ConnectionCounter()
    try:
        with FaultServer() as server:
            names = institution_names(server)
            points = published(server, "EGP", "USD", today - dt.timedelta(days=366), today)
            rows = expected_week(points, names)
            keys = sorted({k for _, _, ks in points for k in ks})
            coverage = (f"{day_text(points[0][0], MEDIUM)} \u2013 {day_text(points[-1][0], MEDIUM)} \u00b7 {len(points)} published days"
                        f" \u00b7 {len(keys)} central banks")

            # Online once: the history fetched and stored.
            app = App(env={"CAMBIO_FRANKFURTER_URL": server.url("/fv2")})
            write_pair(app, "EGP", "USD")
            app.start()
            app.show_page(3, "History")
            wait_for("the fetched week", lambda: day_rows(app) == rows, timeout=30)
            wait_for("the fetch over", lambda: status_text(app) == coverage, timeout=10)
            assert app.quit() == 0
            # Read and cleared once the app has quit: nothing it asked can come in later.
            asked = fetch_json(server, "/fv2-log?reset=1")["requests"]
            assert any("base=EGP&quotes=USD" in r for r in asked), asked

            # Offline, the same HOME: every provider at the server or the counter.
            write_settings(app.home, {"network-allowed": False})
            env = {k: counter.url for k in PROVIDER_URLS}
            env["CAMBIO_FRANKFURTER_URL"] = server.url("/fv2")
            again = App(home=app.home, env=env)
            again.start()
            try:
                pointer_off_the_chart(again)
                again.show_page(3, "History")
                wait_for("the stored week", lambda: day_rows(again) == rows, timeout=30)
                wait_for("the status saying the network is off",
                         lambda: status_text(again) == coverage + "\nNetwork access is off: the days fetched before are shown", timeout=10)
                chart = again.find("image", "Rate chart (Left and Right move along it)")
                assert chart is not None and focused(chart), f"the focus after Alt+3: {describe(focused_node(again, []))}"
                again.key("Left")
                point = chart.parent.getChildAtIndex(chart.parent.childCount - 1)
                expected = readout(points[-1], "EGP", "USD", names)
                wait_for(f"the readout {expected!r}", lambda: again.text(point) == expected, timeout=10)
                assert fetch_json(server, "/fv2-log")["requests"] == [], "asked with the network off"
                assert counter.count == 0, f"{counter.count} connections with the network off"
            finally:
                again.cleanup()
    finally:
        counter.close()


if __name__ == "__main__":
    main()
