"""Gold, silver and bitcoin as currencies, end to end: found by typing their names into the Add
Currency search, their amounts converted at currency-api's recorded prices, read through the
accessibility tree, at a phone's width and a desktop's."""
import os

from harness import App, FaultServer, main, test, wait_for

CURRENCYAPI = "/as/fawazahmed0_v1_currencies_usd_2024-03-06.json"
ERAPI = "/as/erapi_open_latest_USD_2024-08-19.json"


def expect(app, code, value):
    wait_for(f"{code} = {value!r}", lambda: app.amount(code) == value, timeout=5)


def add(app, typed, code):
    """Ctrl+N, the name typed, Enter: the row of `code` appears."""
    app.key("ctrl+n")
    wait_for("the picker", lambda: app.find(None, "Search currencies"))
    app.type(typed)
    wait_for(f"{code} offered first", lambda: app.find("list item", f"{code}, "), timeout=5)
    app.key("Return")
    wait_for(f"the {code} row", lambda: app.entry(code), timeout=5)


@test
def gold_and_bitcoin_are_added_by_name_and_converted():
    with FaultServer() as server:
        app = App(env={"CAMBIO_ERAPI_URL": server.url(ERAPI), "CAMBIO_CURRENCYAPI_URL": server.url(CURRENCYAPI)}).start()
        try:
            wait_for("er-api rates in use", lambda: app.find("label", "open.er-api.com rates of Aug 19, 2024"), timeout=10)
            add(app, "gold", "XAU")
            # The row's name, and 100 USD in troy ounces of gold to four decimals: 100 × 0.0004672166.
            wait_for("the name", lambda: "Gold (one troy ounce)" in app.row_labels("XAU"), timeout=5)
            expect(app, "XAU", "0.0467")
            assert any(label.startswith("1 XAU = 2,140.3349 USD") and "currency-api" in label and "Mar 6, 2024" in label
                       for label in app.row_labels("XAU")), app.row_labels("XAU")
            add(app, "bitcoin", "BTC")
            expect(app, "BTC", "0.00151920")      # to the satoshi: 100 × 0.000015192
            # Typed into the gold row, every other currency follows: one ounce is 2,140.33 dollars.
            app.focus_entry("XAU")
            app.type("1")
            expect(app, "USD", "2,140.33")
            expect(app, "BTC", "0.03251597")     # 0.000015192 / 0.0004672166 = 0.032515968, rounded half up
            # A phone's width: the rows are still there, whole.
            app.resize(360, 640)
            assert app.row_codes()[-2:] == ["XAU", "BTC"], app.row_codes()
            expect(app, "USD", "2,140.33")
        finally:
            app.cleanup()


@test
def the_network_off_asks_neither_currency_api_nor_coinbase():
    from counter import ConnectionCounter
    from settings import write_settings
    counter = ConnectionCounter()
    try:
        app = App(env={"CAMBIO_ERAPI_URL": counter.url, "CAMBIO_CURRENCYAPI_URL": counter.url, "CAMBIO_COINBASE_URL": counter.url})
        write_settings(app.home, {"network-allowed": False})
        app.start()
        try:
            app.key("F5")
            wait_for("the toast", lambda: app.find("label", "Network access is off"), timeout=10)
            assert counter.count == 0, counter.count
        finally:
            app.cleanup()
    finally:
        counter.close()


if __name__ == "__main__":
    main()
