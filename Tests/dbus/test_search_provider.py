#!/usr/bin/env python3
"""`cambio --search-provider` as the GNOME Shell sees it: each org.gnome.Shell.SearchProvider2
method called with `gdbus call` on a private session bus that starts the service itself (Tests/dbus/run
puts the build's service file on XDG_DATA_DIRS), the answers checked against `cambio convert --json`,
no request sent anywhere, the exit when idle, and LaunchSearch opening the Converter."""
import json
import os
import subprocess
import sys
import time
from decimal import ROUND_HALF_UP, Decimal

from gi.repository import GLib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "e2e"))
sys.path.insert(0, HERE)
from counter import ConnectionCounter  # noqa: E402
from faultserver import FaultServer  # noqa: E402
from harness import PROVIDER_URLS, find_nodes, tr, wait_for  # noqa: E402
from runner import main as run_tests, test  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.path.join(ROOT, ".build", "debug", "cambio")
NAME = "io.github.cambio.Cambio.SearchProvider"
PATH = "/io/github/cambio/Cambio/SearchProvider"
IFACE = "org.gnome.Shell.SearchProvider2"
# Every provider of the service points here: it counts the connections it gets (there must be none).
COUNTER = ConnectionCounter()


def gdbus(dest, path, method, *args):
    done = subprocess.run(["gdbus", "call", "--session", "--dest", dest, "--object-path", path, "--method", method, *args],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, f"{method} failed: {done.stderr.strip()}"
    return GLib.Variant.parse(None, done.stdout.strip(), None, None).unpack()


def call(method, *args):
    """A method of the search provider; the bus starts the service when nobody owns its name."""
    return gdbus(NAME, PATH, f"{IFACE}.{method}", *args)


def strings(*words):
    return GLib.Variant("as", list(words)).print_(False)


def bus(method, *args):
    return gdbus("org.freedesktop.DBus", "/org/freedesktop/DBus", f"org.freedesktop.DBus.{method}", *args)


def processes_of(binary):
    """The pids running `binary` now; a child forked but not yet started runs the same file."""
    real, found = os.path.realpath(binary), set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.readlink(f"/proc/{entry}/exe") == real:
                    found.add(int(entry))
            except OSError:
                pass
    return found


def service_pid():
    """The pid of the process owning the provider's name, or None."""
    done = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                           "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", NAME], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        assert "NameHasNoOwner" in done.stderr, done.stderr
        return None
    return GLib.Variant.parse(None, done.stdout.strip(), None, None).unpack()[0]


def activation_env(**values):
    """What the bus hands to the service it starts next."""
    bus("UpdateActivationEnvironment", GLib.Variant("a{ss}", values).print_(False))


def stop_service():
    """Ends the service this test run had the bus start (by its pid), and waits until it is gone."""
    pid = service_pid()
    if pid:
        os.kill(pid, 15)
        wait_for("the service gone", lambda: service_pid() is None, 10)


def cli(amount, source, target, lang="en_US.UTF-8"):
    """`cambio convert --offline --json`: the command line's answer for the same pair."""
    env = dict(os.environ, LANG=lang, **{k: "http://127.0.0.1:9" for k in PROVIDER_URLS})
    done = subprocess.run([BINARY, "convert", amount, source, target, "--offline", "--json"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["results"][0]


def rate_text(rate, decimal_mark="."):
    """The rate as the window writes it: four decimals, more for small rates (DecimalFormatter.rate)."""
    value = Decimal(rate)
    places = 4 if value.adjusted() >= 0 else max(4, 3 - value.adjusted())
    return format(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP), "f").replace(".", decimal_mark)


EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def en_day(iso):
    y, m, d = (int(x) for x in iso.split("-"))
    return f"{EN_MONTHS[m - 1]} {d}, {y}"


def check_against_cli(meta, amount_typed, source, target, lang="en_US.UTF-8", decimal_mark="."):
    """The result reads what `cambio convert --json` says: the same amount to the minor unit, the
    same rate, day and source."""
    expected = cli(amount_typed, source, target, lang)
    assert meta["clipboardText"].replace(decimal_mark, ".") == expected["amount"], (meta, expected)
    assert meta["name"].endswith(f" {source} = {format_grouped(expected['amount'], lang)} {target}"), (meta["name"], expected)
    # The source's name as the window says it ("ECB" is translated).
    line = f"1 {source} = {format_grouped(rate_text(expected['rate']), lang)} {target} · {tr(lang, expected['source'])} "
    assert meta["description"].startswith(line), (meta["description"], line)
    if lang.startswith("en"):
        assert meta["description"].endswith(en_day(expected["rate_date"])), (meta["description"], expected)
    else:
        year, day = expected["rate_date"][:4], str(int(expected["rate_date"][8:]))
        assert f" {day} " in meta["description"] and year in meta["description"], (meta["description"], expected)
    assert meta["id"] and meta["icon"][0] == "themed" and meta["gicon"] == "io.github.cambio.Cambio", meta


def format_grouped(plain, lang):
    whole, _, fraction = plain.partition(".")
    group, mark = (",", ".") if lang.startswith("en") else ("\u00a0", ",")
    digits = whole.lstrip("-")
    parts = []
    while len(digits) > 3:
        parts.insert(0, digits[-3:])
        digits = digits[:-3]
    parts.insert(0, digits)
    out = ("-" if whole.startswith("-") else "") + group.join(parts)
    return out + (mark + fraction if fraction else "")


def metas(ids):
    found = call("GetResultMetas", strings(*ids))[0]
    assert [m["id"] for m in found] == ids, (found, ids)
    return found


@test
def the_ini_and_the_service_file_name_this_service():
    from check_installed import check_ini, check_service
    group, problems = check_ini(os.path.join(ROOT, "Resources", "io.github.cambio.Cambio.search-provider.ini"),
                                os.path.join(ROOT, "Resources"))
    assert not problems, problems
    assert (group["BusName"], group["ObjectPath"]) == (NAME, PATH)
    service = os.path.join(os.environ["CAMBIO_DBUS_SHARE"], "dbus-1", "services", NAME + ".service")
    assert not check_service(service, NAME, BINARY), check_service(service, NAME, BINARY)


@test
def russian_numbers_and_the_exit_when_idle():
    # A fresh service in Russian that leaves 2 s after its last call.
    stop_service()
    activation_env(LANG="ru_RU.UTF-8", CAMBIO_SEARCH_IDLE_SECONDS="2", **{k: COUNTER.url for k in PROVIDER_URLS})
    ids = call("GetInitialResultSet", strings("1", "234,5", "RUB", "в", "USD"))[0]
    assert ids == ["1234.5|RUB|USD"], ids
    meta, = metas(ids)
    last_call = time.monotonic()
    pid = service_pid()
    assert pid, "the bus started the service"
    assert meta["name"].startswith("1\u00a0234,5 RUB = "), meta
    check_against_cli(meta, "1234.5", "RUB", "USD", lang="ru_RU.UTF-8", decimal_mark=",")
    # Well before the default 20 s: the idle time given is the one used.
    wait_for("the service to leave the bus once idle", lambda: service_pid() is None, 10)
    idle_for = time.monotonic() - last_call
    assert idle_for >= 1.5, f"it left {idle_for:.1f} s after the last call, before its idle time (2 s)"
    assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z", "the process ended"
    print(f"  the service left the bus {idle_for:.1f} s after its last call (idle time 2 s)")
    # The next search starts it again.
    activation_env(LANG="en_US.UTF-8", CAMBIO_SEARCH_IDLE_SECONDS="600")
    assert call("GetInitialResultSet", strings("100", "usd", "to", "eur"))[0] == ["100|USD|EUR"]
    assert service_pid() not in (None, pid)


@test
def the_issues_queries_read_what_the_command_line_says():
    for terms, ids in ((("100", "usd", "to", "eur"), ["100|USD|EUR"]),
                       (("100", "USD", "in", "EUR"), ["100|USD|EUR"]),
                       (("12*3", "gbp", "jpy"), ["36|GBP|JPY"]),
                       (("1", "234,5", "RUB", "в", "USD"), ["1234.5|RUB|USD"])):
        assert call("GetInitialResultSet", strings(*terms))[0] == ids, terms
        # Typing on: the Shell narrows with GetSubsearchResultSet.
        assert call("GetSubsearchResultSet", strings("100"), strings(*terms))[0] == ids, terms
    for meta, (typed, source, target) in zip(metas(["100|USD|EUR", "36|GBP|JPY", "1234.5|RUB|USD"]),
                                             (("100", "USD", "EUR"), ("36", "GBP", "JPY"), ("1234.5", "RUB", "USD"))):
        check_against_cli(meta, typed, source, target)
    assert metas(["100|USD|EUR"])[0]["name"] == "100 USD = 89.51 EUR"
    assert metas(["100|USD|EUR"])[0]["description"] == "1 USD = 0.8951 EUR · ECB · Oct 30, 2026"


def write_state(document):
    """Saves the app's data file as the window does: whole, in one rename."""
    state = os.path.join(os.environ["XDG_DATA_HOME"], "cambio", "state.json")
    os.makedirs(os.path.dirname(state), exist_ok=True)
    with open(state + ".tmp", "w") as f:
        json.dump(document, f)
    os.replace(state + ".tmp", state)


@test
def an_amount_alone_goes_into_the_reference_and_the_first_favourite():
    def save(reference):
        write_state({"version": 1,
                     "currencies": {"codes": [reference, "EUR", "USD"], "anchorCode": reference, "anchorText": "1",
                                    "referenceCode": reference},
                     "converter": {"source": "EUR", "targets": ["USD"], "amountText": "1",
                                   "favourites": [{"from": "USD", "to": "JPY"}]}})
    save("GBP")
    ids = call("GetInitialResultSet", strings("100", "usd"))[0]
    pid = service_pid()  # after a call: run alone, the bus starts the service with it
    assert ids == ["100|USD|GBP", "100|USD|JPY"], ids
    for meta, target in zip(metas(ids), ("GBP", "JPY")):
        check_against_cli(meta, "100", "USD", target)
    # The window saved another reference currency: the running service follows.
    save("CHF")
    assert call("GetInitialResultSet", strings("100", "usd"))[0] == ["100|USD|CHF", "100|USD|JPY"]
    assert service_pid() == pid, "the same process read the new file"


@test
def a_rate_of_your_own_set_or_removed_in_the_window_is_followed():
    def save(user_rates):
        write_state({"version": 1, "currencies": {"codes": ["USD", "EUR", "CUP"], "anchorCode": "USD",
                                                 "anchorText": "1", "referenceCode": "USD"},
                     "userRates": user_rates})
    save([])
    assert call("GetInitialResultSet", strings("100", "cup", "to", "usd"))[0] == [], "no provider has CUP"
    pid = service_pid()
    # Set in the window while the service runs: used, and labelled as yours.
    save([{"code": "CUP", "value": "0.0082", "anchor": "USD", "set": "2026-11-22"}])
    ids = call("GetInitialResultSet", strings("100", "cup", "to", "usd"))[0]
    assert ids == ["100|CUP|USD"], ids
    meta, = metas(ids)
    assert meta["name"] == "100 CUP = 0.82 USD", meta
    assert meta["description"].endswith("your rate \u00b7 set Nov 22, 2026"), meta
    done = subprocess.run([BINARY, "convert", "100", "CUP", "USD", "--offline", "--json"], capture_output=True, text=True)
    assert json.loads(done.stdout)["results"][0]["amount"] == "0.82", done.stdout + done.stderr
    # Removed: no rate again.
    save([])
    assert call("GetInitialResultSet", strings("100", "cup", "to", "usd"))[0] == []
    assert service_pid() == pid, "the same process followed the file"


@test
def anything_else_has_no_results_and_no_error():
    for terms in (("hello",), ("firefox",), ("100",), ("usd", "to", "eur"), ("100", "usd", "to"), ("weather", "today"),
                  ("100", "xyz", "to", "eur"), ("1/0", "usd", "eur"), ("2+",), ()):
        assert call("GetInitialResultSet", strings(*terms))[0] == [], terms
        assert call("GetSubsearchResultSet", strings("100|USD|EUR"), strings(*terms))[0] == [], terms
    assert call("GetResultMetas", strings("bogus", "100|USD|XYZ", ""))[0] == []
    # Choosing a result: the Shell copies its clipboardText itself; the service opens nothing.
    # A window it started would be a new process of the binary by the time the call answers (the
    # service spawns before it replies), even before that process owns a bus name.
    before = processes_of(BINARY)
    assert call("ActivateResult", "100|USD|EUR", strings("100", "usd", "eur"), "uint32 0") == ()
    assert call("ActivateResult", "bogus", strings("x"), "uint32 0") == ()
    started = processes_of(BINARY) - before - {service_pid()}
    assert not started, f"ActivateResult started {sorted(started)}"
    assert not bus("NameHasOwner", "io.github.cambio.Cambio")[0], "no window was opened"


@test
def new_rates_on_disk_are_followed_by_the_running_service():
    assert metas(["100|USD|EUR"])[0]["clipboardText"] == "89.51"
    # The window (here the command line) stores open.er-api.com's answer of 19 Aug 2024.
    with FaultServer() as server:
        # Every other source at a closed port: `refresh` asks the metals' and coins' sources too.
        env = dict(os.environ, **{k: "http://127.0.0.1:9" for k in PROVIDER_URLS})
        env["CAMBIO_ERAPI_URL"] = server.url("/as/erapi_open_latest_USD_2024-08-19.json")
        done = subprocess.run([BINARY, "refresh"], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    pid = service_pid()
    meta, = metas(["100|USD|EUR"])
    check_against_cli(meta, "100", "USD", "EUR")
    assert meta["clipboardText"] == "90.75" and "open.er-api.com · Aug 19, 2024" in meta["description"], meta
    assert service_pid() == pid, "the same process read the new rates"


@test
def gold_and_bitcoin_by_code_and_by_name():
    # currency-api's recorded answer of 6 March 2024, stored by the command line.
    with FaultServer() as server:
        env = dict(os.environ, **{k: "http://127.0.0.1:9" for k in PROVIDER_URLS})
        env["CAMBIO_CURRENCYAPI_URL"] = server.url("/as/fawazahmed0_v1_currencies_usd_2024-03-06.json")
        done = subprocess.run([BINARY, "refresh", "--provider", "currencyapi"], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    for terms, ids in ((("1", "btc", "to", "eur"), ["1|BTC|EUR"]),
                       (("1", "oz", "gold", "in", "usd"), ["1|XAU|USD"]),
                       (("1", "xau", "usd"), ["1|XAU|USD"]),
                       (("2", "bitcoin", "in", "usd"), ["2|BTC|USD"]),
                       (("100", "usd", "to", "btc"), ["100|USD|BTC"])):
        assert call("GetInitialResultSet", strings(*terms))[0] == ids, terms
    for meta, (typed, source, target) in zip(metas(["1|BTC|EUR", "1|XAU|USD", "100|USD|BTC"]),
                                             (("1", "BTC", "EUR"), ("1", "XAU", "USD"), ("100", "USD", "BTC"))):
        check_against_cli(meta, typed, source, target)
    # An ounce of gold is the inverse of the dollar's 0.0004672166 ounces, to the cent; a hundred
    # dollars in bitcoin to the satoshi.
    assert metas(["1|XAU|USD"])[0]["name"] == "1 XAU = 2,140.33 USD", metas(["1|XAU|USD"])
    assert metas(["100|USD|BTC"])[0]["name"] == "100 USD = 0.00151920 BTC", metas(["100|USD|BTC"])
    assert metas(["1|XAU|USD"])[0]["description"].endswith("currency-api · Mar 6, 2024"), metas(["1|XAU|USD"])


@test
def the_search_sent_no_request():
    # Every call above went to a service whose providers all point at the counter.
    call("GetInitialResultSet", strings("100", "usd"))
    assert COUNTER.count == 0, f"the search provider connected {COUNTER.count} times"


def first(node, matches):
    """The first node of the accessibility tree under `node` that `matches`."""
    return next((n for n in find_nodes(node) if matches(n)), None)


def named(node, name, role):
    return first(node, lambda n: n.getRoleName() == role and n.name == name)


def starting(node, prefix):
    return first(node, lambda n: (n.name or "").startswith(prefix))


@test
def launch_search_opens_the_converter_on_the_amount_and_pair():
    import pyatspi
    # The window the service opens asks nobody either (a closed port).
    stop_service()
    activation_env(LANG="en_US.UTF-8", **{k: "http://127.0.0.1:9" for k in PROVIDER_URLS})
    assert call("LaunchSearch", strings("12*3", "gbp", "jpy"), "uint32 0") == ()

    def window():
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "cambio":
                return app
        return None
    app = wait_for("the window on the accessibility bus", window, 60)
    try:
        def text(node):
            t = node.queryText()
            return t.getText(0, t.characterCount)
        wait_for("the Converter on 36 GBP → JPY", lambda: (
            (entry := named(app, "Amount", "text")) is not None and text(entry) == "36"
            and starting(app, "From GBP") is not None and starting(app, "To JPY") is not None), 30)
        # The result row reads "JPY, Yen: 7,585" (36 × 175.68 / 0.8338), as the command line says.
        shown = ": " + format_grouped(cli("36", "GBP", "JPY")["amount"], "en")
        wait_for("the JPY result", lambda: first(app, lambda n: n.getRoleName() == "list item"
                                                   and (n.name or "").startswith("JPY, ") and n.name.endswith(shown)), 30)
        # Another search while the window is open: the running window shows it (no second process).
        assert call("LaunchSearch", strings("1", "234,5", "RUB", "в", "USD"), "uint32 0") == ()
        wait_for("the Converter on 1,234.5 RUB → USD", lambda: (
            (entry := named(app, "Amount", "text")) is not None and text(entry) == "1,234.5"
            and starting(app, "From RUB") is not None and starting(app, "To USD") is not None), 30)
        windows = [a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == "cambio"]
        assert len(windows) == 1, f"{len(windows)} cambio processes on the accessibility bus"
    finally:
        pid = app.get_process_id()
        os.kill(pid, 15)


if __name__ == "__main__":
    # Nothing may reach a real server, from the very first activation.
    activation_env(**{k: COUNTER.url for k in PROVIDER_URLS})
    status = run_tests("dbus")
    stop_service()
    sys.exit(status)
