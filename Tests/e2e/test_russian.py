"""The whole window in Russian: every page, the preferences and the shortcuts window, read back
through the accessibility tree under LANG=ru_RU.UTF-8; numbers written as 1 234,56."""
import re

import pyatspi

from harness import App, main, test, wait_for

# Words that stay as they are in a Russian window: names, codes, key names, formulas.
ALLOWED = {
    "Cambio", "Alpha", "Vantage", "alphavantage", "open", "api", "com", "Frankfurter", "iso", "codes",
    "Ctrl", "Alt", "Enter", "Delete", "Page", "Up", "Down", "Shift", "Backspace", "Escape", "Return", "Esc",
    "Microsoft", "Corporation", "co", "er",
    # a source of the metals and coins, and coins whose names are brands in Russian too
    "Coinbase", "Tether", "Coin", "Chainlink",
}
# Names with a hyphen, taken out whole before the words are looked at.
NAMES = ("currency-api",)


def words_in_english(texts):
    found = set()
    for t in texts:
        for name in NAMES:
            t = t.replace(name, "")
        for w in re.findall(r"[A-Za-z][A-Za-z]+", t):
            if w.isupper() or w in ALLOWED or t == "cambio" or (t.startswith(("Gtk", "Adw")) and " " not in t):
                # codes (USD, XIRR, MSFT), names, the process, and GTK's and libadwaita's type names on unnamed containers
                continue
            found.add((w, t[:80]))
    return found


def everything_shown(app, node=None):
    out = []
    for n in app.find_all(node=node):
        try:
            if n.name:
                out.append(n.name)
            if n.getRoleName() in ("label", "text", "entry"):
                out.append(app.text(n))
        except Exception:
            pass
    return out


@test
def every_page_preferences_and_shortcuts_speak_russian_and_write_numbers_as_1_234_56():
    app = App(lang="ru_RU.UTF-8").start()
    try:
        texts = []
        tabs = ["Валюты", "Конвертер", "История", "Инвестиции", "Калькулятор"]
        # The control each page puts the focus on when it is shown.
        firsts = [("text", "Сумма в "), ("text", "Сумма"), ("image", "График курса"),
                  ("entry", "Найти акцию по тикеру или названию компании"), ("text", "Вычисление")]
        for i, (tab, (role, name)) in enumerate(zip(tabs, firsts), start=1):
            app.show_page(i, tab)
            wait_for(f"the focus on {name!r}", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                         for n in app.find_all(role, name)), timeout=10)
            texts += everything_shown(app)

        # Investments: a stock from the bundled sample, its results and method.
        app.open_sample_stock("Найти акцию")
        wait_for("the results", lambda: any("15 369,66" in app.text(n).replace("\u00a0", " ")
                                            for n in app.find_all("label")), timeout=15)
        texts += everything_shown(app)

        # Numbers: 1 234,56 in the Calculator.
        app.key("alt+5")
        display = wait_for("the calculator display", lambda: app.find("text", "Вычисление"))
        app.click(display)
        app.type("1000+234,56")
        app.key("Return")
        wait_for("the result 1 234,56", lambda: any(app.text(n).replace("\u00a0", " ").replace("\u202f", " ") == "1 234,56"
                                                    for n in app.find_all("label")), timeout=10)

        app.key("ctrl+comma")
        prefs = wait_for("the preferences window", lambda: next((w for w in app.node if w.name == "Параметры"), None), timeout=10)
        wait_for("the focus on the provider", lambda: any(n.getState().contains(pyatspi.STATE_FOCUSED)
                                                          for n in app.find_all("combo box", "Источник курсов", node=prefs)), timeout=5)
        prefs_texts = everything_shown(app, node=prefs)
        for expected in ("Источник курсов", "Опорная валюта", "Знаки после запятой", "Использовать сеть", "Ключ Alpha Vantage"):
            assert any(expected in t for t in prefs_texts), (expected, prefs_texts[:30])
        texts += prefs_texts
        app.key("Escape")
        wait_for("the preferences closed", lambda: not any(w.name == "Параметры" for w in app.node), timeout=10)

        app.key("ctrl+question")
        shortcuts = wait_for("the shortcuts window", lambda: next((w for w in app.node if w.name == "Комбинации клавиш"), None), timeout=10)
        # Shown and filled: the window is the active one and lists the shortcut to quit.
        wait_for("the shortcuts window active", lambda: shortcuts.getState().contains(pyatspi.STATE_ACTIVE), timeout=10)
        wait_for("the shortcuts listed", lambda: any(app.text(n) == "Выйти" for n in app.find_all("label", node=shortcuts)), timeout=10)
        texts += everything_shown(app, node=shortcuts)
        app.key("Escape")

        english = words_in_english(texts)
        assert not english, sorted(english)[:40]
        assert any("Доллар США" in t for t in texts), "currency names from iso-codes' Russian catalogue"
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
