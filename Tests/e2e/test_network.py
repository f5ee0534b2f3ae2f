"""The privacy switch seen from outside: with "Use the network" off, the window opens no
connection at all, whatever the user does (start, F5, the History page's catch-up, a stock
search), and says why."""

from counter import ConnectionCounter
from harness import App, main, test, wait_for
from settings import write_settings

PROVIDERS = ("CAMBIO_ERAPI_URL", "CAMBIO_ECB_URL", "CAMBIO_FRANKFURTER_URL", "CAMBIO_CBR_URL", "CAMBIO_ALPHAVANTAGE_URL",
             "CAMBIO_CURRENCYAPI_URL", "CAMBIO_COINBASE_URL")


def app_with_network(counter, allowed):
    app = App(env={k: counter.url for k in PROVIDERS})
    if not allowed:
        write_settings(app.home, {"network-allowed": False})
    return app.start()


@test
def with_the_network_off_the_window_opens_no_connection():
    counter = ConnectionCounter()
    try:
        # On: the same window does reach the listener (the count can see a request).
        app = app_with_network(counter, allowed=True)
        try:
            wait_for("a request at start", lambda: counter.count >= 1, timeout=15)
        finally:
            app.quit()
        before = counter.count
        app = app_with_network(counter, allowed=False)
        try:
            # The lasting state on the status line, with its Turn On; F5 says it again in a toast.
            app.wait_status_line("Network access is off")
            assert app.find("push button", "Turn On"), "the status line's Turn On"

            def said():
                return len([n for n in app.find_all("label") if app.text(n) == "Network access is off"])
            assert said() == 1, said()
            app.key("F5")
            wait_for("the toast saying the network is off", lambda: said() == 2, timeout=10)
            app.show_page(3, "History")
            # The history loaded: this is when it would catch up with the newest days.
            wait_for("the last days listed", lambda: any(app.text(n).startswith(("Last 7 days", "7 days to"))
                                                          for n in app.find_all("label")), timeout=30)
            app.show_page(4, "Investments")
            app.key("ctrl+f")
            app.type("IBM")
            app.show_page(1, "Currencies")
            app.key("ctrl+r")
        finally:
            app.quit()
        assert counter.count == before, "connections with the network off: %d" % (counter.count - before)
    finally:
        counter.close()


if __name__ == "__main__":
    main()
