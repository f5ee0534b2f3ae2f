"""Each page's main task by keyboard alone: real key events (xdotool), no pointer, what the pages
show read back through AT-SPI and checked against the command line's own figures."""
import json
import subprocess

from harness import App, BINARY, main, test, wait_for


def focused(app):
    return app.focused()


def press_until(app, key, reached, what):
    return app.press_until(key, reached, what)


def convert(app, amount, source, target):
    """What `cambio convert` says, as the page writes it ("2,456.59")."""
    out = subprocess.run([BINARY, "convert", amount, source, target, "--offline", "--json"], env=app.env(),
                         check=True, capture_output=True, text=True).stdout
    figure = json.loads(out)["results"][0]["amount"]
    whole, _, cents = figure.partition(".")
    return f"{int(whole):,}" + (f".{cents}" if cents else "")


@test
def the_currencies_page_by_keyboard_types_adds_reorders_and_removes():
    app = App().start()
    try:
        # The window opens with the focus in the first row's amount: typing replaces it.
        wait_for("the USD amount focused", lambda: focused(app) is not None and focused(app).name == "Amount in USD (US Dollar)", timeout=10)
        app.key("ctrl+a")
        app.type("250")
        wait_for("EUR follows", lambda: app.amount("EUR") == convert(app, "250", "USD", "EUR"), timeout=10)
        # Ctrl+N, a code typed, Enter: the currency is added and shows 250 USD in it.
        app.key("ctrl+n")
        wait_for("the picker's search focused", lambda: focused(app) is not None and focused(app).name == "Search currencies", timeout=10)
        app.type("SEK")
        wait_for("SEK offered", lambda: app.find("list item", "SEK, "), timeout=10)
        app.key("Return")
        wait_for("SEK added, converted", lambda: app.entry("SEK") is not None and app.amount("SEK") == convert(app, "250", "USD", "SEK"),
                 timeout=10)
        assert app.row_codes()[-1] == "SEK", app.row_codes()
        # Alt+Up in SEK's field moves its row up.
        press_until(app, "shift+Tab", lambda n: n.name == "Amount in SEK (Swedish Krona)", "the SEK amount")
        app.key("alt+Up")
        wait_for("SEK one row up", lambda: app.row_codes()[-2] == "SEK", timeout=10)
        # Its menu: Tab to it, Space, Down to Remove, Enter.
        press_until(app, "Tab", lambda n: n.name == "Actions for SEK", "SEK's menu")
        app.key("space")
        press_until(app, "Down", lambda n: n.getRoleName() == "menu item" and n.name == "Remove", "Remove")
        app.key("Return")
        wait_for("SEK removed", lambda: "SEK" not in app.row_codes(), timeout=10)
    finally:
        app.cleanup()


@test
def the_converter_by_keyboard_converts_swaps_and_keeps_a_favourite():
    app = App().start()
    try:
        app.key("alt+2")
        wait_for("the amount focused", lambda: focused(app) is not None and focused(app).name == "Amount", timeout=10)
        app.key("ctrl+a")
        app.type("12*3")
        want = convert(app, "36", "USD", "EUR")
        wait_for("36 USD in EUR", lambda: app.find("list item", f"EUR, Euro: {want}"), timeout=10)
        app.key("ctrl+s")
        wait_for("swapped: from EUR", lambda: app.find("push button", "From EUR"), timeout=10)
        want = convert(app, "36", "EUR", "USD")
        wait_for("36 EUR in USD", lambda: app.find("list item", f"USD, US Dollar: {want}"), timeout=10)
        app.key("ctrl+d")
        wait_for("the favourite said", lambda: any("favourite" in (app.text(n) or "").lower() for n in app.find_all("label")), timeout=10)
    finally:
        app.cleanup()


@test
def the_history_page_by_keyboard_reads_the_chart_and_converts_on_a_past_day():
    app = App().start()
    try:
        app.key("alt+3")
        chart = wait_for("the chart focused", lambda: (lambda n: n if n is not None and n.getRoleName() == "image" else None)(focused(app)),
                         timeout=30)
        app.key("End")
        wait_for("the newest point read", lambda: chart.name.startswith("Fri, Oct 30, 2026"), timeout=10)
        press_until(app, "Tab", lambda n: (n.name or "").startswith("Date: "), "the date button")
        app.open_day_picker()
        import datetime as dt
        app.pick_day(dt.date(2026, 10, 2))
        wait_for("the past day converted", lambda: any(" rate of Fri, Oct 2, 2026 (ECB)" in (app.text(n) or "") for n in app.find_all("label")),
                 timeout=10)
    finally:
        app.cleanup()


@test
def the_investments_page_by_keyboard_finds_a_stock_and_computes_a_plan():
    app = App().start()
    try:
        app.key("alt+4")
        wait_for("the search focused", lambda: focused(app) is not None and focused(app).name == "Find a stock by symbol or company name",
                 timeout=10)
        app.type("micro")
        wait_for("Microsoft found", lambda: app.find("list item", "MSFT"), timeout=10)
        app.key("Down", "Return")
        wait_for("the plan focused", lambda: focused(app) is not None and focused(app).name == "Initial investment", timeout=10)
        app.key("ctrl+a")
        app.type("1000")
        out = subprocess.run([BINARY, "dca", "MSFT", "--initial", "1000", "--monthly", "100", "--start", "2000-01", "--json"],
                             env=app.env(), check=True, capture_output=True, text=True).stdout
        whole, cents = json.loads(out)["value"].split(".")
        value = f"{int(whole):,}.{cents} USD"
        wait_for(f"the value {value}", lambda: any(app.text(n) == value for n in app.find_all("label")), timeout=10)
    finally:
        app.cleanup()


@test
def the_calculator_by_keyboard_computes_and_converts():
    app = App().start()
    try:
        app.key("alt+5")
        wait_for("the display focused", lambda: focused(app) is not None and focused(app).name == "Calculation", timeout=10)
        app.type("100 USD to SEK")
        app.key("Return")
        want = convert(app, "100", "USD", "SEK") + " SEK"
        wait_for(f"the result {want}", lambda: any(app.text(n) == want for n in app.find_all("label")), timeout=10)
        # The result is described on the = key too: Tab to it, its description says it.
        equals = press_until(app, "Tab", lambda n: n.name == "Equals", "=")
        assert equals.description == want, equals.description
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
