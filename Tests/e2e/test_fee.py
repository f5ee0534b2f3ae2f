"""The card or exchange fee seen from outside: with the fee on in the settings (2.2 %), what a
screen reader reads on the Currencies amounts and the Converter results, the same figure as
`cambio convert --fee` (here without --fee: the same setting); Alt+F in Preferences turns it off
and the lines go, and Escape still closes Preferences at the first press."""
import json
import subprocess

from harness import BINARY, App, main, test, wait_for
from settings import write_settings


def app_with_fee(percent):
    app = App()
    write_settings(app.home, {"fee-enabled": True, "fee-percent": percent})
    return app.start()


def cli_with_fee(app, amount, source, target):
    """The command line's amount with the fee, from the same settings as the window's."""
    out = subprocess.run([BINARY, "convert", amount, source, target, "--offline", "--json"], env=app.env(),
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    return data["fee_percent"], data["results"][0]["amount_with_fee"]


@test
def the_fee_is_read_out_on_both_pages_and_preferences_turn_it_off():
    app = app_with_fee("2.2")
    try:
        assert cli_with_fee(app, "100", "USD", "EUR") == ("2.2", "91.48")
        eur = wait_for("the EUR amount", lambda: app.entry("EUR"))
        wait_for("89.51 EUR", lambda: app.amount("EUR") == "89.51")
        # Currencies: the line under the amount, and the amount field's description.
        assert "with 2.2 % fee: 91.48 EUR" in app.row_labels("EUR"), app.row_labels("EUR")
        assert eur.description == "with 2.2 % fee: 91.48 EUR", eur.description
        assert not app.entry("USD").description, "the typed amount is what is paid: no fee on it"
        # Converter: the result is read with its fee.
        app.show_page(2, "Converter")
        wait_for("the EUR result with its fee", lambda: app.find("list item", "EUR, Euro: 89.51, with 2.2 % fee: 91.48 EUR"))

        # Preferences: Alt+F flips the switch; the lines go on every page at once.
        app.key("ctrl+comma")
        wait_for("the preferences", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=10)
        app.key("alt+f")
        wait_for("the result without a fee", lambda: app.find("list item", "EUR, Euro: 89.51")
                 and not app.find("list item", "with 2.2 % fee"), timeout=10)
        app.key("Escape")
        wait_for("the preferences closed at the first Escape",
                 lambda: not any(w.name == "Preferences" for w in app.node), timeout=10)
        app.show_page(1, "Currencies")
        wait_for("no fee on the EUR amount", lambda: not app.entry("EUR").description, timeout=10)
        assert not any("fee" in label for label in app.row_labels("EUR")), app.row_labels("EUR")
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
