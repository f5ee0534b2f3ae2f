"""The Currencies page, end to end: type into any currency and every other one follows."""
import json
import os
import sys

import pyatspi

from harness import App, FaultServer, main, test, wait_for


def expect(app, code, value):
    wait_for(f"{code} = {value!r}", lambda: app.amount(code) == value, timeout=5)


def undo_of(app, text):
    """The Undo button of the toast that says `text` (the nearest one around its title)."""
    node = app.find("label", text)
    while node is not None:
        node = node.parent
        buttons = app.find_all("push button", "Undo", node=node) if node is not None else []
        if buttons:
            return buttons[0]
    return None


@test
def typing_into_eur_updates_usd_and_back():
    app = App().start()
    try:
        # First run, en_US: USD first, anchored at 100; rates are the bundled ECB ones of 30 Oct 2026.
        assert app.find("label", "ECB rates of Oct 30, 2026"), "the rates' source and date are shown"
        expect(app, "EUR", "89.51")
        app.focus_entry("EUR")
        app.type("250")
        expect(app, "USD", "279.30")          # 250 * 1.1172
        expect(app, "JPY", "43,920")          # 250 * 175.68, no minor units
        assert app.amount("EUR") == "250", "focusing selected the old text, typing replaced it"
        app.focus_entry("USD")
        app.type("100")
        expect(app, "EUR", "89.51")
        expect(app, "USD", "100")
    finally:
        app.cleanup()


@test
def bad_input_is_refused_and_the_others_keep_their_values():
    app = App().start()
    try:
        app.focus_entry("GBP")
        app.type("12")
        expect(app, "EUR", "14.39")           # 12 / 0.8338
        # Typed key by key, a valid prefix ("1", "1.") converts; the first bad key shows an error
        # and the other rows keep the last good value.
        last_good = {"abc": "14.39", "1..2": "1.20", "--5": "1.20", "1e999": "1.20", "9" * 40: None}
        for bad, expected in last_good.items():
            app.focus_entry("USD")            # leave and come back: the old text gets selected
            app.focus_entry("GBP")
            app.type(bad)
            wait_for(f"{bad!r} typed", lambda: app.amount("GBP") == bad, timeout=5)
            wait_for(f"an error for {bad}", lambda: any(w in " ".join(app.row_labels("GBP")) for w in
                     ("not part of a number", "Misplaced", "sign", "digits")), timeout=5)
            eur = app.amount("EUR")
            if expected:
                assert eur == expected, f"EUR shows {eur!r} after {bad!r}, expected {expected!r}"
            assert "nan" not in eur.lower() and "inf" not in eur.lower(), eur
            assert app.proc.poll() is None, "still running"
        app.focus_entry("USD")
        app.focus_entry("GBP")
        app.type("12")
        expect(app, "EUR", "14.39")
        app.focus_entry("GBP")
        app.key("ctrl+a", "BackSpace")
        wait_for("an error for the empty field", lambda: "Enter an amount" in app.row_labels("GBP"), timeout=5)
        assert app.amount("EUR") == "14.39"
    finally:
        app.cleanup()


def remove_from_the_row_menu(app, code):
    """The row's menu, from the keyboard: Remove is its fifth item."""
    app.click(wait_for(f"the actions of {code}", lambda: app.find(None, f"Actions for {code}")))
    wait_for("the menu, focused", lambda: any(n.name == "Use as Reference" and n.getState().contains(pyatspi.STATE_FOCUSED)
                                              for n in app.find_all("menu item")))
    app.key("Down", "Down", "Down", "Down", "Return")
    wait_for(f"{code} removed", lambda: code not in app.row_codes())


@test
def ctrl_z_or_the_toasts_undo_puts_a_removed_currency_back_and_loses_no_amount():
    app = App().start()
    home = app.home
    try:
        app.focus_entry("USD")                # focused from the start: the click places the cursor
        app.key("ctrl+a")
        app.type("250")
        expect(app, "EUR", "223.77")          # 250 / 1.1172
        before = app.row_codes()
        remove_from_the_row_menu(app, "USD")
        wait_for("the toast", lambda: app.find("label", "USD removed"))
        # The focus is in EUR's field, which the page filled. Ctrl+Z puts USD back (it used to undo
        # the page's last write into EUR, emptying it, and the empty amount was saved).
        wait_for("the focus in EUR", lambda: app.entry("EUR").getState().contains(pyatspi.STATE_FOCUSED))
        app.key("ctrl+z")
        wait_for("USD back in its place", lambda: app.row_codes() == before)
        assert app.amount("USD") == "250" and app.amount("EUR") == "223.77", (app.amount("USD"), app.amount("EUR"))
        # The toast says so, and offers no Undo that would have nothing left to do.
        wait_for("the toast saying USD is back", lambda: app.find("label", "USD restored"))
        assert undo_of(app, "USD restored") is None
        # Once more: the toast's Undo button does the same. The same toast says it at once
        # (a toast with nothing to offer does not keep the next one waiting).
        remove_from_the_row_menu(app, "GBP")
        app.click(wait_for("GBP's toast and its Undo", lambda: undo_of(app, "GBP removed"), timeout=3))
        wait_for("GBP back in its place", lambda: app.row_codes() == before)
        # A Ctrl+Z with nothing left to undo changes nothing.
        app.focus_entry("JPY")
        app.key("ctrl+z")
        assert app.row_codes() == before and app.amount("JPY") == "39,313", (app.row_codes(), app.amount("JPY"))
        app.quit()
        with open(os.path.join(home, "data", "cambio", "state.json")) as f:
            saved = json.load(f)["currencies"]
        assert (saved["codes"], saved["anchorCode"], saved["anchorText"]) == (before, "USD", "250"), saved
    finally:
        app.cleanup()


@test
def list_edits_and_the_typed_amount_survive_a_restart():
    app = App().start()
    home = app.home
    try:
        before = app.row_codes()
        assert before[:3] == ["USD", "EUR", "GBP"], before
        # Add a currency from the picker, from the keyboard.
        app.key("ctrl+n")
        wait_for("the picker", lambda: app.find(None, "Search currencies"))
        # Enter at once, as a fast typist does: before GTK's pause says the search changed, it
        # still takes the first match of what was typed (not AED, the first of the list before).
        app.type("Swedish")
        app.key("Return")
        wait_for("SEK row", lambda: app.entry("SEK"))
        assert app.row_codes() == before + ["SEK"], app.row_codes()
        # Reorder from the keyboard: SEK up one place.
        app.focus_entry("SEK")
        app.key("alt+Up")
        wait_for("SEK moved up", lambda: app.row_codes()[-2] == "SEK")
        app.focus_entry("CHF")
        app.type("1 000.5")
        expect(app, "EUR", "1,088.21")        # 1000.5 / 0.9194 = 1088.2097
        after = app.row_codes()
        app.quit()
        app2 = App(home=home).start()
        try:
            assert app2.row_codes() == after, (app2.row_codes(), after)
            assert app2.amount("CHF") == "1 000.5", app2.amount("CHF")
        finally:
            app2.kill()
    finally:
        app.cleanup()


@test
def drag_and_drop_and_alt_number_keys():
    app = App().start()
    try:
        assert app.row_codes()[:3] == ["USD", "EUR", "GBP"], app.row_codes()
        # Drag CNY by its code onto the EUR row: CNY takes EUR's place.
        cny = [n for n in app.find_all("label") if app.text(n) == "CNY"][0]
        eur_row = app.find("list item", "EUR, ")
        app.drag(cny, eur_row)
        wait_for("CNY moved", lambda: app.row_codes()[:3] == ["USD", "CNY", "EUR"], timeout=5)
        # Dropped over EUR's amount field, the row moved and no text went into the field.
        assert app.amount("EUR") == "89.51", app.amount("EUR")
        # Alt+1..Alt+5 switch pages.
        import pyatspi
        for key, page in (("alt+3", "History"), ("alt+5", "Calculator"), ("alt+1", "Currencies")):
            app.key(key)
            wait_for(f"{page} page", lambda: app.find("page tab", page).getState().contains(pyatspi.STATE_SELECTED), timeout=5)
    finally:
        app.cleanup()


@test
def live_rates_then_a_failing_server_keeps_them():
    with FaultServer() as server:
        erapi = server.url("/as/erapi_open_latest_USD_2024-08-19.json")
        app = App(env={"CAMBIO_ERAPI_URL": erapi}).start()
        home = app.home
        try:
            # The default source is open.er-api.com; its answer replaces the bundled ECB rates.
            wait_for("er-api rates in use", lambda: app.find("label", "open.er-api.com rates of Aug 19, 2024"), timeout=10)
            expect(app, "EUR", "90.75")       # 100 USD at 0.907539 EUR
            app.quit()
            # Restarted against a failing server: the cached rates stay in use, no request at start
            # (they were fetched minutes ago), and F5 asks anyway and says what went wrong.
            app2 = App(home=home, env={"CAMBIO_ERAPI_URL": server.url("/fault/503")}).start()
            try:
                assert app2.find("label", "open.er-api.com rates of Aug 19, 2024"), "the cached rates are in use"
                assert not any("503" in (app2.text(n)) for n in app2.find_all("label")), "no request at start"
                app2.key("F5")
                # Said twice: a toast for the refresh asked for, the status line for the lasting
                # state, whose Details say what went wrong.
                wait_for("the toast", lambda: any(app2.text(n).startswith("Could not refresh rates from open.er-api.com")
                                                  for n in app2.find_all("label")), timeout=10)
                app2.wait_status_line("Offline \u00b7 showing")
                app2.click(app2.find("push button", "Details"))
                wait_for("the failure, said", lambda: any("HTTP 503" in app2.text(n) for n in app2.find_all("label")), timeout=10)
                expect(app2, "EUR", "90.75")
            finally:
                app2.kill()
        finally:
            app.cleanup()


@test
def with_the_ecb_primary_the_rouble_is_fetched_from_another_source():
    with FaultServer() as server:
        app = App(lang="ru_RU.UTF-8", env={"CAMBIO_ECB_URL": server.url("/ecb"),
                                           "CAMBIO_ERAPI_URL": server.url("/as/erapi_open_latest_USD_2024-08-19.json")})
        # Choose the ECB as the primary source before the first start.
        os.makedirs(os.path.join(app.home, "data", "cambio"))
        with open(os.path.join(app.home, "data", "cambio", "state.json"), "w") as f:
            json.dump({"version": 1, "settings": {"provider": "ecb", "refreshInterval": "onStart"},
                       "currencies": {"codes": ["RUB", "USD", "EUR"], "anchorCode": "EUR", "anchorText": "100",
                                      "referenceCode": "RUB"}}, f)
        app.start()
        try:
            # The ECB has no rouble; open.er-api.com is asked too, and the rouble's row says whose rate it is.
            wait_for("the rouble filled in", lambda: any("open.er-api.com" in app.text(n) and "RUB" in app.text(n)
                                                         for n in app.find_all("label")), timeout=15)
            wait_for("the ECB's own rates", lambda: app.find("label", "Курсы ЕЦБ на"), timeout=5)
        finally:
            app.cleanup()


if __name__ == "__main__":
    sys.exit(main())
