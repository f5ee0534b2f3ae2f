#!/usr/bin/env python3
"""The command line, from outside: `cambio convert|rates|refresh` with real exit codes."""
import atexit
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "e2e"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("CAMBIO_BINARY", os.path.join(ROOT, ".build", "debug", "cambio"))
DEAD = "http://127.0.0.1:9"
ERAPI_FIXTURE = "/as/erapi_open_latest_USD_2024-08-19.json"


class Home:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="cambio-cli-")
        atexit.register(shutil.rmtree, self.dir, ignore_errors=True)

    def run(self, *args, env=None, clock=None):
        """`clock`: the time the command's wall clock says ("2026-11-28 12:00:00", running on
        from there), through faketime."""
        e = dict(os.environ, HOME=self.dir, LANG="en_US.UTF-8", LC_ALL="", GSETTINGS_BACKEND="keyfile",
                 XDG_DATA_HOME=os.path.join(self.dir, "data"), XDG_CACHE_HOME=os.path.join(self.dir, "cache"),
                 XDG_CONFIG_HOME=os.path.join(self.dir, "config"), CAMBIO_ALPHAVANTAGE_URL=DEAD,
                 CAMBIO_ERAPI_URL=DEAD, CAMBIO_ECB_URL=DEAD, CAMBIO_FRANKFURTER_URL=DEAD, CAMBIO_CBR_URL=DEAD,
                 CAMBIO_CURRENCYAPI_URL=DEAD, CAMBIO_COINBASE_URL=DEAD,
                 # No session bus unless a test gives one (NotificationBus): an alert never
                 # reaches the desktop or the systemd of whoever runs the tests.
                 DBUS_SESSION_BUS_ADDRESS="unix:path=" + os.path.join(self.dir, "no-bus"))
        e.pop("DISPLAY", None)  # no display needed
        e.update(env or {})
        if clock:
            e["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"  # as on a real machine: the monotonic clock never follows the wall clock
        p = subprocess.run((["faketime", clock] if clock else []) + [BINARY, *args], env=e, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def rates(self):
        """The files in the rates' folder (what was set aside among them)."""
        return sorted(os.listdir(os.path.join(self.dir, "cache", "cambio", "rates")))

    def cache_file(self):
        return os.path.join(self.dir, "cache", "cambio", "rates", "erapi.json")


def fault_server():
    from faultserver import FaultServer
    return FaultServer()


class NotificationBus:
    """A private session bus with a fake notification server (fake_notifications.py) that
    records each notification that arrives, and a fake systemd user manager (fake_systemd.py)
    that records what is asked of it; `env` points a command at them."""

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="cambio-notify-")
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stderr=subprocess.DEVNULL,
                                       stdout=subprocess.PIPE, text=True)
        self.env = {"DBUS_SESSION_BUS_ADDRESS": self.daemon.stdout.readline().strip()}
        self.log = os.path.join(self.dir, "notifications.jsonl")
        here = os.path.dirname(os.path.abspath(__file__))
        self.server = subprocess.Popen(["/usr/bin/python3", os.path.join(here, "fake_notifications.py"), self.log],
                                       env=dict(os.environ, **self.env), stdout=subprocess.PIPE, text=True)
        assert self.server.stdout.readline().strip() == "ready", "the fake notification server did not start"
        self.systemd_log = os.path.join(self.dir, "systemd.jsonl")
        self.systemd = subprocess.Popen(["/usr/bin/python3", os.path.join(here, "fake_systemd.py"), self.systemd_log],
                                        env=dict(os.environ, **self.env), stdout=subprocess.PIPE, text=True)
        assert self.systemd.stdout.readline().strip() == "ready", "the fake systemd did not start"
        return self

    def systemd_calls(self):
        """What was asked of systemd so far, each call as [method, arguments...], and forgets them."""
        if not os.path.exists(self.systemd_log):
            return []
        with open(self.systemd_log) as f:
            calls = [json.loads(line) for line in f]
        open(self.systemd_log, "w").close()
        return calls

    def received(self):
        """Every notification so far. A call to the server first: the bus hands it the calls in
        the order they came, so every notification sent before it has been recorded."""
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                        "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.GetServerInformation"],
                       env=dict(os.environ, **self.env), check=True, capture_output=True, timeout=30)
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return [json.loads(line) for line in f]

    def __exit__(self, *exc):
        for p in (self.server, self.systemd, self.daemon):
            p.terminate()
            p.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


from runner import main as run_tests, test  # noqa: E402
from settings import write_settings  # noqa: E402


@test
def convert_offline_json_matches_the_bundled_ecb_rates():
    rc, out, err = Home().run("convert", "100", "USD", "EUR", "JPY", "--offline", "--json")
    assert rc == 0, err
    data = json.loads(out)
    assert data["amount"] == "100" and data["from"] == "USD", data
    eur, jpy = data["results"]
    assert eur == {"to": "EUR", "amount": "89.51", "rate": "0.8950948800572860723236663086287146",
                   "rate_date": "2026-10-30", "source": "ECB", "published_by": "ECB", "institutions": ["European Central Bank"]}, eur
    assert jpy["amount"] == "15725" and jpy["rate_date"] == "2026-10-30", jpy
    assert err == "", "--offline sends no request, so nothing to warn about: " + err


@test
def convert_on_a_past_date_including_currencies_replaced_by_the_euro():
    rc, out, err = Home().run("convert", "100", "usd", "eur", "hrk", "--date", "2024-01-01", "--json")
    assert rc == 0, err
    eur, hrk = json.loads(out)["results"]
    assert (eur["rate_date"], eur["amount"]) == ("2023-12-29", "90.50"), eur   # 1 Jan is a TARGET holiday
    assert (hrk["rate_date"], hrk["amount"]) == ("2022-12-30", "706.59"), hrk  # the kuna's last day
    rc, out, _ = Home().run("convert", "1", "EUR", "USD", "--date", "1999-01-04", "--json")
    assert rc == 0 and json.loads(out)["results"][0]["rate"] == "1.1789", out


@test
def a_command_where_no_session_bus_is_prints_only_its_answer():
    # Over ssh, say: GSettings' desktop backend (dconf) cannot write without the session bus, so a
    # first run that wrote its settings would print dconf's warning on every run.
    h = Home()
    gone = {"GSETTINGS_BACKEND": "dconf", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + os.path.join(h.dir, "no-bus")}
    for _ in range(2):
        rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", env=gone)
        assert rc == 0 and out.startswith("100 USD = 89.51 EUR"), (out, err)
        assert err == "", err


@test
def errors_are_one_line_and_non_zero():
    h = Home()
    for args, words in ((["convert", "100", "USD", "XYZ", "--offline"], "unknown currency: XYZ"),
                        (["convert", "abc", "USD", "EUR", "--offline"], "not an amount: abc"),
                        (["convert", "1e999", "USD", "EUR", "--offline"], "not an amount"),
                        (["convert", "100", "USD", "EUR", "--date", "1998-12-31"], "1999-01-04"),
                        (["convert", "100", "USD", "EUR", "--date", "2999-01-01"], "to today"),
                        (["convert", "100", "USD", "EUR", "--date", "yesterday"], "not a date"),
                        (["refresh", "--provider", "bank"], "unknown provider")):
        rc, out, err = h.run(*args)
        assert rc != 0, (args, out)
        lines = [l for l in err.splitlines() if l.strip()]
        assert len(lines) == 1 and words in lines[0], (args, err)


@test
def text_output_follows_the_locale():
    rc, out, err = Home().run("convert", "1234,5", "EUR", "USD", "--offline", env={"LANG": "de_DE.UTF-8"})
    assert rc == 0, err
    assert out.startswith("1.234,5 EUR = 1.379,18 USD"), out


@test
def an_amount_in_arabic_indic_or_devanagari_digits_converts_as_in_ascii_digits():
    for amount in ("١٠٠", "१००", "۱۰۰"):
        rc, out, err = Home().run("convert", amount, "USD", "EUR", "--offline", "--json")
        assert rc == 0, (amount, err)
        assert json.loads(out)["results"][0]["amount"] == "89.51", (amount, out)


@test
def refresh_stores_new_rates_and_keeps_them_on_failure():
    h = Home()
    with fault_server() as server:
        good = {"CAMBIO_ERAPI_URL": server.url("/as/erapi_open_latest_USD_2024-08-19.json")}
        rc, out, err = h.run("refresh", env=good)
        assert rc == 0, err
        assert os.path.exists(h.cache_file())
        before = open(h.cache_file(), "rb").read()
        # The converted figures now come from open.er-api.com, from the cache.
        rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--json")
        r = json.loads(out)["results"][0]
        assert (r["source"], r["amount"], r["rate_date"]) == ("open.er-api.com", "90.75", "2024-08-19"), r
        for fault, words in (("/fault/503", "HTTP 503"), ("/fault/html", "web page"), ("/fault/reset", "cut off"),
                             ("/as/erapi_v6_error_invalid-key.json", "invalid-key")):
            rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url(fault)})
            assert rc != 0 and words in err and "as they were" in err, (fault, rc, err)
            assert open(h.cache_file(), "rb").read() == before, fault
        rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": DEAD})
        assert rc != 0 and "refused" in err, err
    # open.er-api.com still quotes currencies their countries replaced: listed, and said.
    rc, out, err = h.run("rates", "--base", "USD", "--offline")
    assert rc == 0, err
    hrk = next(l for l in out.splitlines() if " HRK" in l)
    assert hrk.endswith("HRK  (withdrawn: no longer the country's currency)"), hrk
    assert next(l for l in out.splitlines() if " EUR" in l).endswith(" EUR"), out
    rc, out, err = h.run("rates", "--base", "USD", "--offline", "--json")
    rates = json.loads(out)["rates"]
    assert rates["SLL"]["withdrawn"] is True and "withdrawn" not in rates["EUR"], (rates["SLL"], rates["EUR"])


@test
def a_currency_the_primary_lacks_comes_from_another_provider_marked_as_such():
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "cbr", env={"CAMBIO_CBR_URL": server.url("/as/cbr_XML_daily.asp.xml")})
        assert rc == 0, err
    # The primary (open.er-api.com) has never answered here: the bundled ECB rates stand in,
    # and the rouble, which the ECB stopped publishing in 2022, comes from the Bank of Russia.
    rc, out, err = h.run("convert", "100", "USD", "RUB", "EUR", "--offline", "--json")
    assert rc == 0, err
    rub, eur = json.loads(out)["results"]
    assert (rub["source"], rub["rate_date"]) == ("Bank of Russia", "2026-04-25"), rub
    assert (eur["source"], eur["rate_date"], eur["amount"]) == ("ECB", "2026-10-30", "89.51"), eur


@test
def the_ecb_90_day_history_fills_days_after_the_bundled_history():
    # The fixtures' ECB daily file is of 9 May 2025, older than the real bundle (30 Oct 2026), so
    # the bundle is cut at 1 Nov 2024: the daily file then runs ahead of the history, and the
    # 90-day file (28 Nov 2024 to 25 Feb 2025) must be fetched to fill the gap.
    h = Home()
    older = os.path.join(h.dir, "olddata")
    os.makedirs(older)
    with open(os.path.join(ROOT, "data", "eurofxref-hist.csv")) as src, open(os.path.join(older, "eurofxref-hist.csv"), "w") as dst:
        lines = src.readlines()
        dst.write(lines[0])
        dst.writelines(l for l in lines[1:] if l[:10] <= "2024-11-01")
    with fault_server() as server:
        env = {"CAMBIO_ECB_URL": server.url("/ecb"), "CAMBIO_DATA_DIR": older}
        rc, out, err = h.run("refresh", "--provider", "ecb", env=env)
        assert rc == 0, err
    assert os.path.exists(os.path.join(h.dir, "cache", "cambio", "rates", "ecb-hist-90d.json")), "the gap was filled"
    # 15 Jan 2025 is in the 90-day file, not in the (shortened) bundle.
    rc, out, err = h.run("convert", "100", "EUR", "USD", "--date", "2025-01-15", "--offline", "--json",
                         env={"CAMBIO_DATA_DIR": older})
    assert rc == 0, err
    r = json.loads(out)["results"][0]
    assert (r["rate_date"], r["source"]) == ("2025-01-15", "ECB"), r


def ecb_csv():
    with open(os.path.join(ROOT, "data", "eurofxref-hist.csv")) as f:
        lines = f.read().splitlines()
    codes = lines[0].split(",")
    return lines, {line.split(",")[0]: dict(zip(codes, line.split(","))) for line in lines[1:] if line}


@test
def history_prints_the_ecbs_published_figures_exactly_newest_first():
    _, rows = ecb_csv()
    rc, out, err = Home().run("history", "EUR", "USD", "--from", "2024-03-01", "--to", "2024-03-31", "--offline", "--json")
    assert rc == 0, err
    data = json.loads(out)
    assert data["from"] == "EUR" and data["to"] == "USD", data
    expected = [{"date": d, "rate": rows[d]["USD"], "source": "ECB", "published_by": "ECB", "institutions": ["European Central Bank"]}
                for d in sorted(rows) if d.startswith("2024-03")][::-1]
    assert data["points"] == expected, (data["points"][:3], expected[:3])
    assert len(expected) == 20   # 21 business days minus Good Friday
    # A cross of the same day's figures; published days only, newest first (Easter: 29 Mar and 1 Apr absent).
    rc, out, err = Home().run("history", "USD", "JPY", "--to", "2024-04-03", "--days", "7", "--offline", "--json")
    assert rc == 0, err
    assert [p["date"] for p in json.loads(out)["points"]] == ["2024-04-03", "2024-04-02", "2024-03-28"], out
    assert json.loads(out)["points"][2]["rate"] == "151.1886", out   # 163.45 / 1.0811
    rc, out, err = Home().run("history", "usd", "jpy", "--from", "2024-03-28", "--to", "2024-03-28", "--offline")
    assert (rc, out) == (0, "2024-03-28  151.1886  ECB\n"), (rc, out, err)


@test
def history_shows_a_suspended_currency_as_a_gap_and_refuses_bad_arguments():
    rc, out, err = Home().run("history", "EUR", "RUB", "--from", "2022-02-28", "--to", "2022-03-08", "--offline", "--json")
    assert rc == 0, err
    assert [p["date"] for p in json.loads(out)["points"]] == ["2022-03-01", "2022-02-28"], out
    for args, words in [(["EUR", "XXX"], "unknown currency"), (["EUR", "USD", "--from", "2024-13-01"], "not a date"),
                        (["EUR", "USD", "--from", "2024-03-05", "--to", "2024-03-01"], "is after"),
                        (["EUR", "USD", "--days", "0"], "--days must be 1 or more")]:
        rc, out, err = Home().run("history", *args, "--offline")
        assert rc != 0 and words in err and out == "", (args, rc, out, err)
        assert len(err.strip().splitlines()) == 1, err


@test
def history_fetches_the_days_after_the_bundle_from_frankfurter_and_keeps_them():
    home = Home()
    # A bundle that ends on 29 Sep 2026: the ECB's own days of 30 Sep - 2 Oct follow it, through
    # Frankfurter (providers=ECB).
    env = {"CAMBIO_DATA_DIR": bundle_ending(home, "2026-09-29")}
    with fault_server() as server:
        env["CAMBIO_FRANKFURTER_URL"] = server.url("/as/frankfurter_v2_rates_ECB_2026-09-30_2026-10-02.json")
        rc, out, err = home.run("history", "EUR", "USD", "--from", "2026-09-28", "--to", "2026-10-02", "--json", env=env)
    assert rc == 0, err
    points = [(p["date"], p["rate"], p["source"], p["published_by"]) for p in json.loads(out)["points"]]
    assert points == [("2026-10-02", "1.1225", "ECB", "ECB"), ("2026-10-01", "1.1298", "ECB", "ECB"),
                      ("2026-09-30", "1.1355", "ECB", "ECB"), ("2026-09-29", "1.1355", "ECB", "ECB"),
                      ("2026-09-28", "1.1378", "ECB", "ECB")], points
    # Kept: offline the same days come back, and no request is needed for them.
    rc, out2, err = home.run("history", "EUR", "USD", "--from", "2026-09-28", "--to", "2026-10-02", "--json", "--offline", env=env)
    assert rc == 0 and json.loads(out2) == json.loads(out), (out2, err)
    # Asking past them with Frankfurter unreachable: reported on stderr, the known days shown.
    rc, out3, err = home.run("history", "EUR", "USD", "--from", "2026-09-28", "--to", "2026-10-05", "--json", env=env)
    assert rc == 0 and json.loads(out3) == json.loads(out), (out3, err)
    assert "Frankfurter" in err and len(err.strip().splitlines()) == 1, err


def v2_requests(server):
    """What the local Frankfurter v2 was asked since the last call."""
    import urllib.request
    with urllib.request.urlopen(server.url("/fv2-log?reset=1")) as r:
        return json.loads(r.read())["requests"]


@test
def history_of_a_pair_the_ecb_never_published_comes_from_frankfurter_with_who_published_it():
    home = Home()
    args = ("history", "EGP", "USD", "--from", "2026-04-01", "--to", "2026-04-09")
    with fault_server() as server:
        env = {"CAMBIO_FRANKFURTER_URL": server.url("/fv2")}
        v2_requests(server)
        rc, out, err = home.run(*args, "--json", env=env)
        assert rc == 0, err
        assert v2_requests(server) == ["/fv2/rates?from=2026-04-01&to=2026-04-09&base=EGP&quotes=USD&expand=providers"]
        points = json.loads(out)["points"]
        # The local v2 blends the Central Bank of Egypt's, the National Bank of Romania's and the
        # Central Bank of Uzbekistan's published rates, as the service does.
        assert [(p["date"], p["rate"]) for p in points][:3] == [("2026-04-09", "0.01878"), ("2026-04-08", "0.0187"),
                                                              ("2026-04-07", "0.01831")], points
        first = points[-1]
        assert first["date"] == "2026-04-01" and first["published_by"] == "average of 3 central banks", first
        assert first["institutions"] == ["National Bank of Romania", "Central Bank of Egypt", "Central Bank of Uzbekistan"] \
            or sorted(first["institutions"]) == sorted(["Banca Națională a României", "Central Bank of Egypt", "Central Bank of Uzbekistan"]), first
        assert "2026-04-05" in [p["date"] for p in points], "Egypt publishes on Sundays"
        # Stored: offline, the same days, and nothing is sent.
        rc, out2, err = home.run(*args, "--json", "--offline", env=env)
        assert rc == 0 and json.loads(out2) == json.loads(out), (out2, err)
        assert v2_requests(server) == []
        rc, text, err = home.run(*args, "--offline", env=env)
        assert text.splitlines()[0] == "2026-04-09  0.01878  " + points[0]["published_by"], text
        # The last 7 days have nothing here (the local service's newest day is 30 Oct 2026):
        # the newest known days, and why.
        rc, out, err = home.run("history", "EGP", "USD", env=env)
        assert rc == 0 and "nothing is known after" in err, (out, err)
        assert len(out.splitlines()) >= 1, out


@test
def convert_on_a_past_date_of_a_pair_the_ecb_never_published():
    home = Home()
    _, ecb = ecb_csv()
    with fault_server() as server:
        env = {"CAMBIO_FRANKFURTER_URL": server.url("/fv2")}
        rc, out, err = home.run("convert", "1000", "AED", "JPY", "--date", "2025-04-08", "--json", env=env)
        assert rc == 0, err
        result = json.loads(out)["results"][0]
        assert result["rate_date"] == "2025-04-08" and result["source"] == "Frankfurter", result
        # The dirham is pegged at 3.6725 per dollar; the yen and the dollar are the ECB's of that day.
        expected = float(ecb["2025-04-08"]["JPY"]) / (float(ecb["2025-04-08"]["USD"]) * 3.6725)
        assert abs(float(result["rate"]) / expected - 1) < 0.0005, (result, expected)
        assert result["amount"] == str(round(float(result["rate"]) * 1000)), result
        # Offline afterwards: the same answer, from the store.
        rc, out2, err = home.run("convert", "1000", "AED", "JPY", "--date", "2025-04-08", "--json", "--offline", env=env)
        assert rc == 0 and json.loads(out2) == json.loads(out), (out2, err)
        # A fresh user offline: nothing is sent, and no rate is known.
        rc, out, err = Home().run("convert", "1000", "AED", "JPY", "--date", "2025-04-08", "--offline", env=env)
        assert rc != 0 and "no published rate for AED and JPY on or before 2025-04-08" in err, (rc, out, err)
        v2_requests(server)


@test
def one_institutions_official_rates_with_source():
    home = Home()
    with fault_server() as server:
        env = {"CAMBIO_FRANKFURTER_URL": server.url("/fv2")}
        v2_requests(server)
        rc, out, err = home.run("history", "USD", "RUB", "--from", "2026-03-03", "--to", "2026-03-05", "--source", "CBR", "--json", env=env)
        assert rc == 0 and err == "", err
        # Its own rates, and the average for any day it has none.
        assert v2_requests(server) == ["/fv2/rates?from=2026-03-03&to=2026-03-05&base=RUB&quotes=USD&expand=providers&providers=CBR",
                                       "/fv2/rates?from=2026-03-03&to=2026-03-05&base=RUB&quotes=USD&expand=providers"]
        points = json.loads(out)["points"]
        assert [p["published_by"] for p in points] == ["Central Bank of Russia"] * 3, points
        # The Bank of Russia's own figure of 5 March 2026 (Tests/Fixtures/frankfurter_v2), as roubles per dollar.
        assert points[0]["date"] == "2026-03-05", points
        # An institution without the pair: the average, and said.
        rc, out, err = home.run("convert", "1000", "AED", "JPY", "--date", "2025-04-08", "--source", "CBR", "--json", env=env)
        assert rc == 0 and "Central Bank of Russia (CBR) has no rate for AED/JPY" in err, err
        assert json.loads(out)["results"][0]["source"] == "Frankfurter", out
        # The choice in Preferences is the default; --source average overrides it.
        write_settings(home.dir, {"official-source": "CBR"})
        rc, out, err = home.run("history", "USD", "RUB", "--from", "2026-03-03", "--to", "2026-03-05", "--json", "--offline", env=env)
        assert [p["published_by"] for p in json.loads(out)["points"]] == ["Central Bank of Russia"] * 3, (out, err)
        rc, out, err = home.run("history", "USD", "RUB", "--from", "2026-03-03", "--to", "2026-03-05", "--source", "average", "--json",
                                env=env)
        points = json.loads(out)["points"]
        assert rc == 0 and len(points) == 3 and all(p["source"] == "Frankfurter" for p in points), out
        rc, out, err = home.run("history", "USD", "RUB", "--source", "XYZ", env=env)
        assert rc != 0 and "unknown source: XYZ" in err and len(err.strip().splitlines()) == 1, err


AV_KEY = "CLITESTKEY42"


def save_key(home, key=AV_KEY):
    path = os.path.join(home.dir, "config", "cambio")
    os.makedirs(path, mode=0o700, exist_ok=True)
    fd = os.open(os.path.join(path, "alphavantage-key"), os.O_WRONLY | os.O_CREAT, 0o600)
    os.write(fd, (key + "\n").encode())
    os.close(fd)


@test
def dca_prints_the_documented_figures_from_the_bundled_sample():
    rc, out, err = Home().run("dca", "MSFT", "--initial", "1000", "--monthly", "100", "--start", "2000-01", "--json")
    assert rc == 0, err
    assert out.strip() == ('{"symbol":"MSFT","start":"2000-01","end":"2010-03","months":123,"invested":"13200.00",'
                           '"value":"15369.66","gain":"2169.66","yield":"0.1644","xirr":"0.0277","simple_annual":"0.0150"}'), out
    assert "bundled sample" in err and "2000-01..2010-03" in err, err
    # In words, in the user's locale: amounts to cents, a sign and the word for the gain.
    rc, out, err = Home().run("dca", "msft", "--initial", "1 000", "--monthly", "50*2", "--start", "2000-01",
                              env={"LANG": "ru_RU.UTF-8"})
    assert rc == 0, err
    assert "13\u00a0200,00 USD" in out or "13 200,00 USD" in out, out
    assert "+2\u00a0169,66 USD" in out or "+2 169,66 USD" in out, out
    assert "(profit)" in out, out


@test
def dca_with_a_key_fetches_adjusted_prices_caches_them_and_never_shows_the_key():
    from decimal import Decimal, getcontext
    getcontext().prec = 38
    with fault_server() as server:
        home = Home()
        save_key(home)
        env = {"CAMBIO_ALPHAVANTAGE_URL": server.url("/av")}
        rc, out, err = home.run("dca", "IBM", "--initial", "1000", "--monthly", "100", "--start", "2020-04", "--json", env=env)
        assert rc == 0, err
        got = json.loads(out)
        # April buys at its adjusted open, May at its open; all valued at May's adjusted close.
        april = Decimal("106.36") * Decimal("123.8942") / Decimal("125.56")
        value = (Decimal(1000) / april + Decimal(100) / Decimal("123.19")) * Decimal("121.84")
        assert got["value"] == str(value.quantize(Decimal("0.01"))), (got, value)
        assert (got["invested"], got["end"], got["months"]) == ("1100.00", "2020-05", 2), got
        cached = os.listdir(os.path.join(home.dir, "cache", "cambio", "stocks"))
        assert len(cached) == 1, cached
        # --offline answers from the cache with the server gone.
        rc, out2, err2 = home.run("dca", "IBM", "--initial", "1000", "--monthly", "100", "--start", "2020-04", "--json",
                                  "--offline")
        assert rc == 0 and out2 == out, (out2, err2)
        # The daily limit and an unknown symbol: named, exit 2, and the key nowhere.
        for symbol, words in [("LIMIT", "daily limit of 25 requests"), ("PREMIUM", "premium key"),
                              ("ZZZZ", "does not know this symbol")]:
            rc, out3, err3 = home.run("dca", symbol, "--initial", "1", "--monthly", "1", "--start", "2020-01", env=env)
            assert rc == 2 and words in err3, (symbol, rc, err3)
            assert AV_KEY not in out3 + err3, err3
        for text in (out, err, out2, err2):
            assert AV_KEY not in text, text
        for name in cached:
            with open(os.path.join(home.dir, "cache", "cambio", "stocks", name)) as f:
                assert AV_KEY not in f.read(), "the key is not cached"


@test
def dca_refuses_bad_plans_in_one_line():
    home = Home()
    for args, words in [(["--initial", "x", "--monthly", "1", "--start", "2000-01"], "--initial is not an amount"),
                        (["--initial=-5", "--monthly", "1", "--start", "2000-01"], "cannot be negative"),
                        (["--initial", "1", "--monthly", "1", "--start", "2000-13"], "not a month"),
                        (["--initial", "1", "--monthly", "1", "--start", "1999-12"], "prices start in 2000-01"),
                        (["--initial", "1", "--monthly", "1", "--start", "2011-01"], "newest price is of 2010-03"),
                        (["--initial", "0", "--monthly", "0", "--start", "2000-01"], "Nothing is invested")]:
        rc, out, err = home.run("dca", "MSFT", *args)
        assert rc == 2 and words in err and out == "", (args, rc, out, err)
    rc, out, err = home.run("dca", "TSCO.LON", "--initial", "1", "--monthly", "1", "--start", "2000-01")
    assert rc == 2 and "need an Alpha Vantage key" in err, err


@test
def a_gain_of_zero_at_the_cents_shown_is_break_even():
    # 100 USD bought at the newest month's price and valued at it: a gain of a few billionths.
    rc, out, err = Home().run("dca", "MSFT", "--initial", "100", "--monthly", "0", "--start", "2010-03", "--offline")
    assert rc == 0, err
    assert "Gain        0.00 USD  (break-even)\n" in out, out


@test
def negative_plan_amounts_are_refused_in_words_however_written():
    home = Home()
    for args, words in [(["--initial", "-5", "--monthly", "1"], "--initial cannot be negative: -5"),
                        (["--initial", "5", "--monthly", "-1"], "--monthly cannot be negative: -1"),
                        (["--monthly", "-1*2", "--initial", "5"], "--monthly cannot be negative: -1*2")]:
        rc, out, err = home.run("dca", "MSFT", *args, "--start", "2000-01", "--offline")
        assert (rc, out, err) == (2, "", f"cambio: {words}\n"), (args, rc, out, err)


@test
def dca_in_another_currency_converts_each_purchase_at_its_days_rate():
    home = Home()
    rc, out, err = home.run("dca", "IBM", "--initial", "1000", "--monthly", "0", "--start", "2005-01", "--offline",
                            "--currency", "EUR", "--json")
    assert rc == 0, err
    got = json.loads(out)
    # Bought on 1 Jan 2005, a TARGET holiday: the rate of 31 Dec 2004 (1 EUR = 1.3621 USD) applies.
    assert got["invested"] == "734.16", got
    # The value: 1000 / 86.39 shares at 125.55 (1 Mar 2010), at that day's rate (1 EUR = 1.3525 USD).
    from decimal import Decimal, getcontext
    getcontext().prec = 38
    value = Decimal(1000) / Decimal("86.39") * Decimal("125.55") / Decimal("1.3525")
    assert got["value"] == str(value.quantize(Decimal("0.01"))), (got, value)


@test
def history_day_arithmetic_is_bounded_and_said_in_words():
    h = Home()
    for args, words in ((["--days", "50000"], "--days must be at most 36600"),
                        (["--days", "9223372036854775807"], "--days must be at most 36600"),
                        (["--days=-9223372036854775808"], "--days must be 1 or more"),
                        (["--to", "1900-01-05", "--days", "10"], "before the first published rate (1999-01-04)")):
        rc, out, err = h.run("history", "USD", "JPY", "--offline", *args)
        assert rc == 2, (args, rc, err)   # a crash (SIGILL) would be a negative status
        lines = [l for l in err.splitlines() if l.strip()]
        assert len(lines) == 1 and words in lines[0], (args, err)
    rc, out, err = h.run("history", "USD", "JPY", "--offline", "--from", "1900-01-01", "--to", "1999-01-06", "--json")
    assert rc == 0, err
    assert [p["date"] for p in json.loads(out)["points"]] == ["1999-01-06", "1999-01-05", "1999-01-04"], out


@test
def a_negative_amount_is_converted_wherever_the_options_stand():
    h = Home()
    rc, out, err = h.run("convert", "-5", "USD", "EUR", "--offline", "--json")
    assert rc == 0, err
    assert json.loads(out)["results"][0]["amount"] == "-4.48", out
    rc, out2, err = h.run("convert", "--offline", "--json", "-5", "USD", "EUR")
    assert rc == 0 and out2 == out, (err, out2)
    rc, out, err = h.run("convert", "5", "USD", "--offline")
    assert rc != 0 and "at least one target currency" in err, err


@test
def double_dash_ends_the_options_and_each_target_is_converted_once():
    h = Home()
    rc, out, err = h.run("convert", "--offline", "--json", "--", "-5", "USD", "EUR")
    assert rc == 0, err
    assert json.loads(out)["results"][0]["amount"] == "-4.48", out
    rc, out, err = h.run("convert", "--offline", "--", "5", "USD", "--json")   # after --, a word
    assert rc != 0 and "unknown currency: --json" in err, (rc, out, err)
    rc, out, err = h.run("convert", "5", "USD", "EUR", "JPY", "eur", "EUR", "--offline", "--json")
    assert rc == 0, err
    assert [r["to"] for r in json.loads(out)["results"]] == ["EUR", "JPY"], out


@test
def convert_takes_a_calculation_as_the_window_does():
    h = Home()
    rc, out, err = h.run("convert", "12*3", "USD", "EUR", "--offline", "--json")
    assert rc == 0, err
    got = json.loads(out)
    assert got["amount"] == "36" and got["results"][0]["amount"] == "32.22", got   # 36 / 1.1172
    rc, out, err = h.run("convert", "1/0", "USD", "EUR", "--offline")
    assert (rc, out, err) == (2, "", "cambio: not an amount: 1/0 (Division by zero)\n"), (rc, out, err)


@test
def history_refuses_a_pair_of_one_currency_and_a_range_set_twice():
    h = Home()
    for args, words in [(["USD", "usd"], "USD against itself is always 1: name two different currencies"),
                        (["USD", "EUR", "--days", "3", "--from", "2026-10-01"],
                         "--days and --from both set the first day: give one of them")]:
        rc, out, err = h.run("history", *args, "--offline")
        assert (rc, out, err) == (2, "", f"cambio: {words}\n"), (args, rc, out, err)
    rc, out, err = h.run("history", "USD", "EUR", "--days", "3", "--to", "2026-10-07", "--offline", "--json")
    assert [p["date"] for p in json.loads(out)["points"]] == ["2026-10-07", "2026-10-06", "2026-10-05"], out


@test
def an_unknown_command_is_said_and_version_printed():
    rc, out, err = Home().run("convrt", "1", "USD", "EUR")
    assert rc == 2, rc
    assert err.strip() == "cambio: unknown command \u201cconvrt\u201d (commands: convert, rates, refresh, history, dca, alert; --help lists them)", err
    assert "CRITICAL" not in err and "GLib" not in err, err
    rc, out, err = Home().run("--version")
    assert rc == 0 and out.strip().startswith("cambio ") and out.strip()[7:].count(".") == 2, (out, err)


@test
def the_man_pages_synopsis_has_a_line_for_each_command():
    """scripts/man-synopsis on a page as generate-manual writes it (`make man` runs both): a
    SYNOPSIS line for each command, the convert's words as --help shows them."""
    page = os.path.join(Home().dir, "cambio.1")
    with open(page, "w") as f:
        f.write(".Sh NAME\n.Nm cambio\n.Sh SYNOPSIS\n.Nm\n.Ar subcommand\n.Op Fl -help\n.Sh DESCRIPTION\n"
                ".It Em convert\n.It Ar \"amount> <from> <to...\"\n.Sh EXIT STATUS\n")
    subprocess.run([os.path.join(ROOT, "scripts", "man-synopsis"), BINARY, page], check=True, env=dict(os.environ, GSETTINGS_BACKEND="memory"))
    with open(page) as f:
        text = f.read()
    synopsis = text.split(".Sh SYNOPSIS\n")[1].split(".Sh DESCRIPTION\n")[0].split(".Nm\n")
    assert synopsis[0] == "" and synopsis[1] == "" and synopsis[2] == ".Fl -version\n", synopsis
    assert [line.split("\n")[0] for line in synopsis[3:]] == [".Cm convert", ".Cm rates", ".Cm refresh", ".Cm history", ".Cm dca",
                                                             ".Cm alert add", ".Cm alert list", ".Cm alert remove", ".Cm alert check"], synopsis
    assert synopsis[8].startswith(".Cm alert add\n.Ar <from>\n.Ar <to>\n.Op Fl -above Ar rate\n.Op Fl -below Ar rate\n.Op Fl -move Ar percent\n"), synopsis[8]
    assert synopsis[3].startswith(".Cm convert\n.Ar <amount> <from> <to>\\[u2026]\n.Op Fl -date Ar date\n"), synopsis[3]
    assert synopsis[6].startswith(".Cm history\n.Ar <from>\n.Ar <to>\n.Op Fl -days Ar days\n"), synopsis[6]
    assert ".It Ar <amount> <from> <to>\\[u2026]\n" in text, text


@test
def help_lists_version():
    for args in (["--help"], ["help"]):
        rc, out, err = Home().run(*args)
        assert rc == 0 and "  -V, --version           Print the version and exit." in out.splitlines(), (args, out, err)
        assert out.splitlines()[3] == "USAGE: cambio [--version] <subcommand>", out


@test
def messages_are_words_never_dumps():
    h = Home()
    rc, out, err = h.run("convert", "1" * 40, "USD", "EUR", "--offline")
    # In the words the window's amount fields use for it (the same evaluator).
    assert rc == 2 and "(The result is too large)" in err and "overflow" not in err, err
    # A folder where the saved state belongs: said in words, never NSCocoaErrorDomain.
    os.makedirs(os.path.join(h.dir, "data", "cambio", "state.json"))
    rc, out, err = h.run("rates", "--offline")
    assert rc == 0, err
    assert "is a folder, where a file belongs" in err and "NSCocoaErrorDomain" not in err, err


@test
def plurals_are_right():
    rc, out, err = Home().run("dca", "MSFT", "--initial", "1000", "--monthly", "100", "--start", "2010-03", "--offline")
    assert rc == 0, err
    assert "1 month, 1 purchase\n" in out, out
    rc, out, err = Home().run("dca", "MSFT", "--initial", "1000", "--monthly", "100", "--start", "2010-02", "--offline")
    assert "2 months, 2 purchases\n" in out, out


@test
def a_broken_settings_field_keeps_the_network_off():
    h = Home()
    os.makedirs(os.path.join(h.dir, "data", "cambio"))
    with open(os.path.join(h.dir, "data", "cambio", "state.json"), "w") as f:
        f.write('{"version": 1, "currencies": {"codes": ["usd"], "anchorCode": "usd", "anchorText": "1", "referenceCode": "usd"},'
                ' "settings": {"decimalPlaces": 9, "networkAllowed": false}}')
    with fault_server() as server:
        rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url("/as/erapi_open_latest_USD_2024-08-19.json")})
    assert rc != 0 and "network access is off" in err, err
    assert "settings.decimalPlaces" in err, err
    assert not os.path.exists(h.cache_file()), "nothing was fetched"

from counter import ConnectionCounter  # noqa: E402


@test
def with_the_network_off_no_command_opens_a_connection():
    """The switch is read once, by the engine, and the HTTP client is the only gate."""
    counter = ConnectionCounter()
    urls = {k: counter.url for k in ("CAMBIO_ERAPI_URL", "CAMBIO_ECB_URL", "CAMBIO_FRANKFURTER_URL",
                                     "CAMBIO_CBR_URL", "CAMBIO_ALPHAVANTAGE_URL", "CAMBIO_CURRENCYAPI_URL", "CAMBIO_COINBASE_URL")}
    try:
        on = Home()
        rc, out, err = on.run("refresh", env=urls)
        assert rc != 0 and counter.count >= 1, (rc, counter.count, err)  # the counter sees requests
        h = Home()
        os.makedirs(os.path.join(h.dir, "data", "cambio"))
        with open(os.path.join(h.dir, "data", "cambio", "state.json"), "w") as f:
            f.write('{"version": 1, "settings": {"networkAllowed": false}}')
        before = counter.count
        for args in (["refresh"], ["convert", "100", "USD", "EUR"], ["rates"], ["history", "EUR", "USD", "--days", "3"],
                     ["dca", "IBM", "--initial", "100", "--monthly", "10", "--start", "2020-01"]):
            rc, out, err = h.run(*args, env=urls)
            assert "Traceback" not in err and "Fatal" not in err, (args, err)
        assert counter.count == before, "connections with the network off: %d" % (counter.count - before)
        # The choice moved from the data file into GSettings (the keyfile here), and stays.
        keyfile = os.path.join(h.dir, "config", "glib-2.0", "settings", "keyfile")
        with open(keyfile) as f:
            text = f.read()
        assert "network-allowed=false" in text and "settings-migrated=true" in text, text
        rc, out, err = h.run("refresh", env=urls)
        assert rc != 0 and "network access is off" in err and counter.count == before, err
    finally:
        counter.close()


def write_state(h, extra):
    os.makedirs(os.path.join(h.dir, "data", "cambio"), exist_ok=True)
    with open(os.path.join(h.dir, "data", "cambio", "state.json"), "w") as f:
        f.write('{"version": 1, "currencies": {"codes": ["USD", "EUR", "CUP"], "anchorCode": "USD", "anchorText": "1",'
                ' "referenceCode": "USD"}' + extra + '}')


@test
def your_own_rates_are_used_instead_and_named_user():
    h = Home()
    write_state(h, ', "userRates": [{"code": "CUP", "value": "0.0082", "anchor": "USD", "set": "2026-11-22"},'
                   ' {"code": "GBP", "value": "1.15", "anchor": "EUR", "set": "2026-11-21"}]')
    # CUP: no provider publishes it; GBP: the ECB does, the user's rate is used instead.
    rc, out, err = h.run("convert", "100", "CUP", "USD", "EUR", "--offline", "--json")
    assert rc == 0 and err == "", err
    usd, eur = json.loads(out)["results"]
    assert usd == {"to": "USD", "amount": "0.82", "rate": "0.0082", "rate_date": "2026-11-22", "source": "user",
                   "published_by": "your rate", "institutions": []}, usd
    assert (eur["amount"], eur["source"], eur["rate_date"]) == ("0.73", "user", "2026-11-22"), eur
    rc, out, err = h.run("convert", "100", "GBP", "EUR", "--offline", "--json")
    r = json.loads(out)["results"][0]
    assert (r["amount"], r["rate"], r["source"], r["rate_date"]) == ("115.00", "1.15", "user", "2026-11-21"), r
    rc, out, err = h.run("convert", "100", "CUP", "USD", "--offline")
    assert rc == 0 and out.strip() == "100 CUP = 0.82 USD  (1 CUP = 0.008200 USD, your rate, set 2026-11-22)", out
    rc, out, err = h.run("rates", "--base", "USD", "--offline", "--json")
    rates = json.loads(out)["rates"]
    assert (rates["CUP"]["source"], rates["CUP"]["rate_date"]) == ("user", "2026-11-22"), rates["CUP"]
    assert rates["GBP"]["source"] == "user" and rates["JPY"]["source"] == "ECB", (rates["GBP"], rates["JPY"])
    # Removed: the providers' rates again, and CUP has none.
    write_state(h, "")
    rc, out, err = h.run("convert", "100", "GBP", "EUR", "--offline", "--json")
    assert json.loads(out)["results"][0]["source"] == "ECB", out
    rc, out, err = h.run("convert", "100", "CUP", "USD", "--offline")
    assert rc != 0 and "no published rate for CUP and USD" in err, err


@test
def a_hostile_user_rate_is_dropped_and_named_the_others_kept():
    h = Home()
    write_state(h, ', "userRates": [{"code": "CUP", "value": "0.0082", "anchor": "USD", "set": "2026-11-22"},'
                   ' {"code": "GBP", "value": 1e308, "anchor": "EUR", "set": "2026-11-21"}, "rm -rf"]')
    rc, out, err = h.run("convert", "100", "CUP", "USD", "--offline", "--json")
    assert rc == 0 and json.loads(out)["results"][0]["source"] == "user", (out, err)
    assert "userRates[1]" in err and "userRates[2]" in err, err


def fee_setting(h, enabled, percent):
    """The card or exchange fee as GSettings keeps it."""
    write_settings(h.dir, {"fee-enabled": enabled, "fee-percent": percent})


@test
def convert_with_a_card_fee_in_words_and_in_json():
    h = Home()
    rc, out, err = h.run("convert", "100", "USD", "EUR", "JPY", "--offline", "--fee", "2.2")
    assert rc == 0 and err == "", err
    # The example: 89.5095 EUR × 1.022 = 91.4787, from the unrounded conversion.
    assert out.splitlines() == ["100 USD = 89.51 EUR (with 2.2 % fee: 91.48 EUR)  (1 USD = 0.8951 EUR, ECB 2026-10-30)",
                                "100 USD = 15,725 JPY (with 2.2 % fee: 16,071 JPY)  (1 USD = 157.2503 JPY, ECB 2026-10-30)"], out
    rc, out, err = h.run("convert", "100", "USD", "EUR", "JPY", "--offline", "--fee", "2.2", "--json")
    assert rc == 0, err
    data = json.loads(out)
    assert data["fee_percent"] == "2.2", data
    eur, jpy = data["results"]
    assert (eur["amount"], eur["amount_with_fee"]) == ("89.51", "91.48"), eur
    assert (jpy["amount"], jpy["amount_with_fee"]) == ("15725", "16071"), jpy
    # Rounded once, from the unrounded value: 0.05 USD is 0.0448 EUR (0.04), with the fee 0.0457 (0.05).
    rc, out, err = h.run("convert", "0.05", "USD", "EUR", "--offline", "--fee", "2.2", "--json")
    r = json.loads(out)["results"][0]
    assert (r["amount"], r["amount_with_fee"]) == ("0.04", "0.05"), r
    # An exact half with the fee (3.99 × 1.015 / 1.1172 = 3.625 EUR) rounds up, as in the window.
    rc, out, err = h.run("convert", "3.99", "USD", "EUR", "--offline", "--fee", "1.5", "--json")
    assert json.loads(out)["results"][0]["amount_with_fee"] == "3.63", out
    # On a past date too; and in the locale's marks.
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--date", "2024-01-01", "--offline", "--fee", "1.5", "--json")
    r = json.loads(out)["results"][0]
    assert (r["amount"], r["amount_with_fee"]) == ("90.50", "91.86"), r   # 90.4977… × 1.015
    rc, out, err = h.run("convert", "1234,5", "EUR", "USD", "--offline", "--fee", "2,2", env={"LANG": "de_DE.UTF-8"})
    assert rc == 0, err
    assert out.startswith("1.234,5 EUR = 1.379,18 USD (with 2,2 % fee: 1.409,53 USD)"), out
    # Without a fee the JSON is as it always was: no fee fields at all.
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--json")
    data = json.loads(out)
    assert "fee_percent" not in data and "amount_with_fee" not in data["results"][0], data


@test
def a_fee_that_is_not_a_percent_is_refused_in_one_line():
    h = Home()
    for value, words in (("abc", "\u201ca\u201d is not part of a number"), ("150", "more than 0 and less than 100"),
                         ("100", "more than 0 and less than 100"), ("-1", "more than 0 and less than 100"),
                         ("2,2,2", "misplaced"), ("", "")):
        rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--fee", value)
        assert rc == 2 and out == "", (value, rc, out)
        lines = [l for l in err.splitlines() if l.strip()]
        assert len(lines) == 1 and "--fee must be a percent: %s" % value in lines[0] and words in lines[0], (value, err)


@test
def the_fee_set_in_preferences_applies_when_on():
    h = Home()
    fee_setting(h, enabled=False, percent="2.2")
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline")
    assert rc == 0 and "fee" not in out, out
    fee_setting(h, enabled=True, percent="2.2")
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline")
    assert rc == 0 and err == "", err
    assert "(with 2.2 % fee: 91.48 EUR)" in out, out
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--json")
    data = json.loads(out)
    assert data["fee_percent"] == "2.2" and data["results"][0]["amount_with_fee"] == "91.48", data
    # --fee wins: another percent, or 0 for none.
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--fee", "1.5")
    assert "(with 1.5 % fee: 90.85 EUR)" in out, out
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--fee", "0", "--json")
    data = json.loads(out)
    assert rc == 0 and "fee_percent" not in data and "amount_with_fee" not in data["results"][0], data
    # A kept value that is not a percent (gsettings takes any text) is said, and no fee is added.
    fee_setting(h, enabled=True, percent="2,2")
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline")
    assert rc == 0 and "fee" not in out, out
    assert "(\u201c2,2\u201d) is not a percent more than 0 and less than 100" in err, err


def bundle_ending(home, last_day):
    """A copy of the bundled history cut after `last_day`, as CAMBIO_DATA_DIR, with its shared
    history built by the tool `make` builds it with."""
    lines, _ = ecb_csv()
    bundle = os.path.join(home.dir, "bundle")
    os.makedirs(bundle, exist_ok=True)
    csv = os.path.join(bundle, "eurofxref-hist.csv")
    with open(csv, "w") as f:
        f.write("\n".join([lines[0]] + [l for l in lines[1:] if l and l[:10] <= last_day]) + "\n")
    tool = os.path.join(os.path.dirname(BINARY), "cambio-history-bundle")
    subprocess.run([tool, csv, os.path.join(bundle, "ecb-history.sqlite")], check=True)
    return bundle


@test
def history_refuses_a_hostile_frankfurter_series_says_why_and_stores_none_of_it():
    home = Home()
    env = {"CAMBIO_DATA_DIR": bundle_ending(home, "2026-09-29")}
    args = ("history", "EUR", "USD", "--from", "2026-09-28", "--to", "2026-10-02", "--json")
    with fault_server() as server:
        for fault, words in (("otherbase", "the rates are against USD, but EUR was asked for"),
                             ("outside", "the rates' date is not plausible"),
                             ("truncated", "the answer was not JSON")):
            env["CAMBIO_FRANKFURTER_URL"] = server.url(f"/fv2fault/{fault}")
            rc, out, err = home.run(*args, env=env)
            # Said in one line; the days already known still shown.
            assert rc == 0 and words in err and len(err.strip().splitlines()) == 1, (fault, rc, err)
            assert [p["date"] for p in json.loads(out)["points"]] == ["2026-09-29", "2026-09-28"], (fault, out)
    # Nothing of either answer was stored: offline, 1 Oct converts at the last ECB day.
    rc, out, err = home.run(*args, "--offline", env=env)
    assert [p["date"] for p in json.loads(out)["points"]] == ["2026-09-29", "2026-09-28"], out
    rc, out, err = home.run("convert", "100", "EUR", "USD", "--date", "2026-10-01", "--offline", "--json", env=env)
    result = json.loads(out)["results"][0]
    assert (result["rate_date"], result["source"]) == ("2026-09-29", "ECB") and float(result["amount"]) < 200, result


@test
def a_fifo_in_place_of_a_data_file_is_refused_in_one_line_and_never_waited_on():
    for where in (("data", "cambio", "state.json"), ("cache", "cambio", "rates", "ecb.json"),
                  ("cache", "cambio", "rates", "erapi.json"), ("cache", "cambio", "rates", "erapi.retry-after")):
        h = Home()
        path = os.path.join(h.dir, *where)
        os.makedirs(os.path.dirname(path))
        os.mkfifo(path)
        # subprocess's timeout (60 s) ends the test if a run waits on the FIFO.
        rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline")
        assert rc == 0 and out.startswith("100 USD = "), (where, rc, out, err)
        if not where[-1].endswith("retry-after"):
            said = [l for l in err.splitlines() if "is not a regular file (a FIFO)" in l]
            assert len(said) == 1 and path in said[0], (where, err)
        rc, out, err = h.run("refresh")
        # Without the saved state, the choice about the network is unknown: nothing is sent.
        expected = "network access is off" if where[-1] == "state.json" else "refused"
        assert rc != 0 and expected in err, (where, rc, err)
        assert os.path.exists(path) and not os.path.isfile(path), "the FIFO is neither replaced nor removed"


@test
def a_damaged_cache_file_is_named_and_said_in_words_never_a_swift_error():
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url(ERAPI_FIXTURE)})
        assert rc == 0, err
    cached = json.load(open(h.cache_file()))
    for damage, words in ((lambda c: c.pop("provider"), "the field \u201cprovider\u201d is missing"),
                          (lambda c: c.update(provider=5), "the field \u201cprovider\u201d holds the wrong kind of value")):
        broken = dict(cached)
        damage(broken)
        with open(h.cache_file(), "w") as f:
            json.dump(broken, f)
        rc, out, err = h.run("convert", "1", "USD", "EUR", "--offline")
        assert rc == 0, err
        for dump in ("DecodingError", "Debug description", "CodingKeys", "keyNotFound", "typeMismatch"):
            assert dump not in err, err
        said = [l for l in err.splitlines() if "open.er-api.com" in l]
        assert len(said) == 1 and words in said[0] and h.cache_file() + ".unreadable-" in said[0], err
        for aside in glob.glob(h.cache_file() + ".unreadable-*"):
            os.remove(aside)


@test
def a_servers_terminal_escapes_are_shown_quoted_never_sent_to_the_terminal():
    with fault_server() as server:
        h = Home()
        rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url("/fault/escapes")})
        assert rc != 0 and "invalid-key" in err, err
        save_key(h)
        rc, out2, err2 = h.run("dca", "ESCAPES", "--initial", "1", "--monthly", "1", "--start", "2020-01",
                               env={"CAMBIO_ALPHAVANTAGE_URL": server.url("/av")})
        assert rc == 2 and "Invalid API call." in err2, err2
    for text in (err, err2, out2):
        assert not any(c in text for c in "\x1b\x07\r\x9b"), repr(text)
    assert "\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{D}invalid-key" in err, err
    assert "\\u{1B}]0;pwned" in err2, err2


@test
def a_history_that_cannot_be_opened_is_said_once():
    h = Home()
    os.makedirs(os.path.join(h.dir, "data", "cambio", "history.sqlite"))
    rc, out, err = h.run("history", "USD", "EUR", "--to", "2026-10-30", "--offline")
    assert rc == 2 and len(err.strip().splitlines()) == 1, err


@test
def convert_keeps_codes_unless_asked_for_signs_and_reads_a_typed_sign():
    h = Home()
    rc, out, err = h.run("convert", "100", "USD", "EUR", "JPY", "--offline")
    assert rc == 0 and out.splitlines()[0].startswith("100 USD = 89.51 EUR  (1 USD = 0.8951 EUR, ECB 2026-10-30)"), out
    rc, out, err = h.run("convert", "100", "USD", "EUR", "JPY", "--offline", "--signs")
    assert rc == 0, err
    assert out.splitlines() == ["$100 = €89.51  (1 USD = 0.8951 EUR, ECB 2026-10-30)",
                                "$100 = ¥15,725  (1 USD = 157.2503 JPY, ECB 2026-10-30)"], out
    # Where the language puts the sign: after the amount in Russian, a currency without one keeps its code.
    rc, out, err = h.run("convert", "100", "EUR", "RUB", "CHF", "--offline", "--signs", env={"LANG": "ru_RU.UTF-8"})
    assert rc == 0, err
    assert out.splitlines()[0].startswith("100\u00a0€ = 11\u00a0720,10\u00a0₽"), out
    assert out.splitlines()[1].startswith("100\u00a0€ = 91,94\u00a0CHF  "), out
    # A sign typed with the amount names its currency; the same code after it is not a target.
    for words in (("$100", "EUR"), ("$100", "USD", "EUR"), ("100$", "to", "EUR")):
        rc, out, err = h.run("convert", *words, "--offline", "--json")
        assert rc == 0 and json.loads(out)["from"] == "USD" and [r["to"] for r in json.loads(out)["results"]] == ["EUR"], (words, out, err)
    rc, out, err = h.run("convert", "€5", "USD", "--offline", "--json")
    assert rc == 0 and json.loads(out)["results"][0]["amount"] == "5.59", out
    # A sign no currency has alone is not guessed.
    rc, out, err = h.run("convert", "¤5", "USD", "--offline")
    assert rc != 0 and "not an amount" in err, err


@test
def convert_takes_to_or_in_between_the_currencies_as_the_calculator_does():
    h = Home()
    rc, plain, err = h.run("convert", "100", "USD", "EUR", "--offline", "--json")
    assert rc == 0, err
    for words in (("100", "USD", "to", "EUR"), ("100", "usd", "in", "eur"), ("100", "USD", "TO", "EUR")):
        rc, out, err = h.run("convert", *words, "--offline", "--json")
        assert rc == 0 and json.loads(out) == json.loads(plain), (words, out, err)
    rc, out, err = h.run("convert", "100", "USD", "to", "--offline")
    assert rc != 0 and "name at least one target currency" in err, err


@test
def history_offline_shows_the_newest_known_days_when_the_last_seven_have_none():
    rc, out, err = Home().run("history", "USD", "EUR", "--offline")
    # The bundle ends on 30 Oct 2026, more than 7 days ago: its last 7 days, and why.
    assert rc == 0, err
    days = [line.split()[0] for line in out.splitlines()]
    assert days == ["2026-10-30", "2026-10-29", "2026-10-28", "2026-10-27", "2026-10-26"], out
    assert "nothing is known after 2026-10-30" in err and len(err.strip().splitlines()) == 1, err
    # A range asked for is kept as asked.
    rc, out, err = Home().run("history", "USD", "EUR", "--from", "2026-11-21", "--to", "2026-11-27", "--offline")
    assert out == "" and "no published rate for USD and EUR from 2026-11-21 to 2026-11-27" in err, (out, err)


@test
def a_closed_or_broken_error_stream_ends_quietly_with_the_commands_code():
    """stderr closed (`2>&-`) while a source fails, and a reader gone from the pipe (`| head -c1`):
    no crash, the command's own code."""
    with fault_server() as server:
        env = {k: server.url("/fault/500") for k in ("CAMBIO_ERAPI_URL", "CAMBIO_CURRENCYAPI_URL", "CAMBIO_COINBASE_URL")}
        h = Home()
        e = dict(os.environ, HOME=h.dir, LANG="en_US.UTF-8", LC_ALL="", GSETTINGS_BACKEND="keyfile",
                 XDG_DATA_HOME=os.path.join(h.dir, "data"), XDG_CACHE_HOME=os.path.join(h.dir, "cache"),
                 XDG_CONFIG_HOME=os.path.join(h.dir, "config"), **env)
        def closed(*args):
            return subprocess.run([BINARY, *args], env=e, stdout=subprocess.PIPE, preexec_fn=lambda: os.close(2), timeout=60)
        # The failing source is said to a closed stream; the conversion is printed (0).
        ok = closed("convert", "100", "USD", "EUR")
        assert ok.returncode == 0 and ok.stdout.startswith(b"100 USD = "), (ok.returncode, ok.stdout)
        # No bitcoin price is known in a new home: the command's own failure (2), not a crash.
        failed = closed("convert", "100", "USD", "EUR", "BTC")
        assert (failed.returncode, failed.stdout) == (2, b""), (failed.returncode, failed.stdout)
        # What was said to the closed stream went nowhere: into no file the command opened.
        for folder, _, files in os.walk(h.dir):
            for name in files:
                with open(os.path.join(folder, name), "rb") as f:
                    assert b"cambio: " not in f.read(), os.path.join(folder, name)
        # Standard output and error into one pipe whose reader leaves after a byte, while a
        # source fails: the command's own code (no bitcoin price), not SIGPIPE or a crash.
        p = subprocess.Popen([BINARY, "convert", "100", "USD", "EUR", "BTC"], env=e, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert p.stdout.read(1) == b"c"  # "cambio: could not refresh …"
        p.stdout.close()
        assert p.wait(timeout=60) == 2, p.returncode
        # 27 years of days, far more than a pipe holds: the reader leaves after one byte.
        p = subprocess.Popen([BINARY, "history", "EUR", "USD", "--from", "1999-01-04", "--to", "2026-10-30", "--offline"], env=e,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert p.stdout.read(1) == b"2"
        p.stdout.close()
        assert p.wait(timeout=60) == 0, p.returncode


@test
def a_days_count_below_one_and_a_huge_amount_are_said_in_one_short_line():
    rc, out, err = Home().run("history", "EUR", "USD", "--days", "-1", "--offline")
    assert (rc, out) == (2, "") and err == "cambio: --days must be 1 or more\n", (rc, out, err)
    rc, out, err = Home().run("convert", "9" * 100_000 + "x", "USD", "EUR", "--offline")
    assert rc != 0 and out == "" and len(err) < 200 and "(100001 characters)" in err and len(err.splitlines()) == 1, (rc, err[:300])
    # Every value a command refuses is quoted as briefly.
    long = "2" * 100_000
    for args in (("convert", "1", "USD", "EUR", "--date", long), ("convert", "1", "USD", "EUR", "--fee", long, "--offline"),
                 ("history", "EUR", "USD", "--from", long, "--offline"),
                 ("history", "EUR", "USD", "--source", long, "--offline"), ("refresh", "--provider", long),
                 ("dca", "IBM", "--initial", "100", "--monthly", "10", "--start", long, "--offline"),
                 ("dca", long, "--initial", "100", "--monthly", "10", "--start", "2020-01", "--offline")):
        rc, out, err = Home().run(*args)
        assert rc != 0 and out == "" and len(err) < 300 and "(100000 characters)" in err and len(err.splitlines()) == 1, ([a[:20] for a in args], rc, err[:300])


CURRENCYAPI_FIXTURE = "/as/fawazahmed0_v1_currencies_usd_2024-03-06.json"
CURATED = ["XAU", "XAG", "XPT", "XPD", "BTC", "ETH", "USDT", "USDC", "XRP", "BNB", "SOL", "DOGE", "TRX", "ADA", "LINK", "LTC"]


@test
def currency_api_rates_list_the_curated_codes_with_the_payloads_values():
    from decimal import Decimal
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "currencyapi", env={"CAMBIO_CURRENCYAPI_URL": server.url(CURRENCYAPI_FIXTURE)})
        assert rc == 0 and out.strip() == "currency-api: new rates stored", (rc, out, err)
    with open(os.path.join(ROOT, "Tests", "Fixtures", CURRENCYAPI_FIXTURE.split("/")[-1])) as f:
        payload = json.load(f, parse_float=Decimal)["usd"]
    rc, out, err = h.run("rates", "--base", "USD", "--json", "--offline")
    assert rc == 0, err
    rates = json.loads(out)["rates"]
    for code in CURATED:
        r = rates[code]
        assert Decimal(r["rate"]) == payload[code.lower()], (code, r, payload[code.lower()])
        assert (r["source"], r["rate_date"]) == ("currency-api", "2024-03-06"), (code, r)
    # Only the curated set: never the long tail, and no fiat from currency-api.
    for code in ("LEO", "UNI", "XBT", "1INCH"):
        assert code not in rates, code
    assert rates["EUR"]["source"] == "ECB", rates["EUR"]
    # Inverted where a person reads it so: one troy ounce of gold in dollars, one bitcoin in euros.
    rc, out, err = h.run("convert", "1", "XAU", "USD", "--offline", "--json")
    assert rc == 0, err
    r = json.loads(out)["results"][0]
    assert r["amount"] == "2140.33" and Decimal(r["rate"]) == 1 / Decimal("0.0004672166") or \
        Decimal(r["rate"]).quantize(Decimal("1e-20")) == (1 / Decimal("0.0004672166")).quantize(Decimal("1e-20")), r
    rc, out, err = h.run("convert", "1", "BTC", "EUR", "--offline")
    assert rc == 0 and out.startswith("1 BTC = 60,469.67 EUR"), (out, err)
    rc, out, err = h.run("convert", "100", "USD", "BTC", "--offline")
    assert rc == 0 and out.startswith("100 USD = 0.00151920 BTC"), (out, err)
    # By name as well as by code.
    rc, out, err = h.run("convert", "2", "gold", "eur", "--offline", "--json")
    assert rc == 0 and json.loads(out)["from"] == "XAU", (out, err)


@test
def currency_api_values_refused_one_by_one_are_said_and_the_last_good_kept():
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "currencyapi", env={"CAMBIO_CURRENCYAPI_URL": server.url(CURRENCYAPI_FIXTURE)})
        assert rc == 0, err
        rc, out, err = h.run("refresh", "--provider", "currencyapi", env={"CAMBIO_CURRENCYAPI_URL": server.url("/fault/capiabsurd")})
        assert rc == 0, err
        said = err.splitlines()
        assert "cambio: currency-api: the value for XAU is not a positive number (-1); its last good value stays in use" in said, err
        assert any("BTC moved from 0.000015192 to 0.00015192 against USD, more than threefold" in l for l in said), err
        rc, out, err = h.run("rates", "--base", "USD", "--json", "--offline")
        rates = json.loads(out)["rates"]
        assert (rates["XAU"]["rate"], rates["XAU"]["rate_date"]) == ("0.0004672166", "2024-03-06"), rates["XAU"]
        assert (rates["XAG"]["rate_date"]) == "2024-03-07", rates["XAG"]
        # A publisher's re-wrapped envelope is refused whole; the kept rates stay.
        rc, out, err = h.run("refresh", "--provider", "currencyapi", env={"CAMBIO_CURRENCYAPI_URL": server.url("/fault/capirewrapped")})
        assert rc == 1 and "unexpected shape" in err and "as they were" in err, (rc, err)
        # Coinbase alone, on request.
        rc, out, err = h.run("refresh", "--provider", "coinbase",
                             env={"CAMBIO_COINBASE_URL": server.url("/as/coinbase_v2_exchange-rates_BTC_2017-09-04.json")})
        assert rc == 0 and "Coinbase: new rates stored" in out, (rc, out, err)
    rc, out, err = h.run("refresh", "--provider", "gold")
    assert rc == 2 and "unknown provider: gold (erapi, ecb, frankfurter, cbr, currencyapi, coinbase)" in err, err


@test
def a_metal_with_no_price_kept_says_that_one_refresh_brings_it_and_how():
    """A new install converts currencies offline at once, but has no price of a metal or coin
    until their first fetch: said with the step that brings it, not only "no published rate"."""
    h = Home()
    fetch = ("metals and coins need one `cambio refresh`, which fetches their prices from currency-api and Coinbase "
             "and keeps them for offline use")
    rc, out, err = h.run("convert", "1", "XAU", "USD", "--offline")
    assert (rc, out, err) == (2, "", f"cambio: no price of Gold (XAU) is kept yet: {fetch} (a conversion without --offline fetches them too)\n"), (rc, out, err)
    rc, out, err = h.run("convert", "100", "USD", "EUR", "bitcoin", "--offline")
    assert (rc, out) == (2, "") and err.startswith("cambio: no price of Bitcoin (BTC) is kept yet: "), (rc, out, err)
    # With the network off in Preferences, the refresh alone would not bring it: said first.
    write_settings(h.dir, {"network-allowed": False})
    rc, out, err = h.run("convert", "1", "XAU", "USD")
    assert (rc, out, err) == (2, "", f"cambio: no price of Gold (XAU) is kept yet: {fetch}; network access is off "
                              "(Preferences: Use the network): turn it on first\n"), (rc, out, err)
    write_settings(h.dir, {"metals-and-coins": False})
    rc, out, err = h.run("convert", "1", "XAU", "USD", "--offline")
    assert (rc, out, err) == (2, "", "cambio: no price of Gold (XAU) is kept yet: metals and coins are off (Preferences: Gold, "
                              "silver and cryptocurrencies); turn them on, then run `cambio refresh` once\n"), (rc, out, err)
    # The one refresh it names, and the metal converts offline.
    write_settings(h.dir, {})
    with fault_server() as server:
        rc, out, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url(ERAPI_FIXTURE),
                                             "CAMBIO_CURRENCYAPI_URL": server.url(CURRENCYAPI_FIXTURE)})
        assert rc == 0, (rc, out, err)
    rc, out, err = h.run("convert", "1", "XAU", "USD", "--offline")
    assert rc == 0 and out.startswith("1 XAU = 2,140.33 USD"), (rc, out, err)


@test
def a_fiat_conversion_does_not_ask_the_metals_sources():
    from counter import ConnectionCounter
    counter = ConnectionCounter()
    try:
        with fault_server() as server:
            env = {"CAMBIO_ERAPI_URL": server.url(ERAPI_FIXTURE), "CAMBIO_CURRENCYAPI_URL": counter.url, "CAMBIO_COINBASE_URL": counter.url}
            rc, out, err = Home().run("convert", "100", "USD", "EUR", env=env)
            assert rc == 0 and err == "" and counter.count == 0, (rc, err, counter.count)
            rc, out, err = Home().run("convert", "100", "USD", "BTC", env=env)
            assert counter.count >= 1, "a coin named: currency-api asked"
            assert "currency-api" in err, err
    finally:
        counter.close()




NOON = "2026-11-28 12:00:00"


@test
def a_clock_two_days_behind_keeps_the_saved_answers_and_they_are_used_when_it_is_right():
    """Answers dated after today (a clock behind, a login before it is synchronised) are kept as
    they are and said, not renamed aside: they are used once the clock is right."""
    h = Home()
    with fault_server() as server:
        env = {"CAMBIO_ERAPI_URL": server.url("/dated/2026-11-28/erapi"), "CAMBIO_CURRENCYAPI_URL": server.url("/dated/2026-11-28/capi")}
        rc, out, err = h.run("refresh", env=env, clock=NOON)
        assert rc == 0 and h.rates() == ["currencyapi.json", "erapi.json"], (rc, err, h.rates())
    rc, out, err = h.run("convert", "1", "USD", "EUR", "--offline", "--json", clock="2026-11-26 12:00:00")
    assert rc == 0 and json.loads(out)["results"][0]["rate_date"] == "2026-10-30", (out, err)  # the bundle meanwhile
    assert h.rates() == ["currencyapi.json", "erapi.json"], h.rates()
    assert "The saved open.er-api.com rates are dated 2026-11-28, after today by this computer’s clock (2026-11-26): they are kept" in err, err
    assert "The saved currency-api rates are dated 2026-11-28" in err, err
    # With the network on, the sources' answers (dated the real today) are after the clock's
    # today too: refused, and what is kept stays as it is.
    kept = {name: open(os.path.join(h.dir, "cache", "cambio", "rates", name), "rb").read() for name in h.rates()}
    with fault_server() as server:
        env = {"CAMBIO_ERAPI_URL": server.url("/dated/2026-11-28/erapi"), "CAMBIO_CURRENCYAPI_URL": server.url("/dated/2026-11-28/capi")}
        rc, out, err = h.run("refresh", env=env, clock="2026-11-26 12:00:00")
        assert rc == 1 and "the answer is dated 2026-11-28, after today by this computer’s clock (2026-11-26)" in err, (rc, err)
        rc, out, err = h.run("convert", "1", "USD", "EUR", env=env, clock="2026-11-26 12:00:00")
        assert rc == 0 and "(1 USD = 0.8951 EUR, ECB 2026-10-30)" in out, (out, err)
    assert {name: open(os.path.join(h.dir, "cache", "cambio", "rates", name), "rb").read() for name in h.rates()} == kept, h.rates()
    rc, out, err = h.run("convert", "1", "USD", "EUR", "XAU", "--offline", "--json", clock=NOON)
    eur, xau = json.loads(out)["results"]
    assert (eur["source"], eur["rate_date"], xau["source"], xau["rate_date"]) == (
        "open.er-api.com", "2026-11-28", "currency-api", "2026-11-28"), (out, err)
    assert err == "", err


@test
def an_answer_dated_tomorrow_is_refused_and_todays_answer_is_then_taken():
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "erapi", env={"CAMBIO_ERAPI_URL": server.url("/dated/2026-11-29/erapi")}, clock=NOON)
        assert rc == 1 and "cambio: open.er-api.com: the answer is dated 2026-11-29, after today by this computer’s clock (2026-11-28), so it was not used" in err, (rc, err)
        assert not os.path.exists(h.cache_file())
        rc, out, err = h.run("refresh", "--provider", "erapi", env={"CAMBIO_ERAPI_URL": server.url("/dated/2026-11-28/erapi")}, clock=NOON)
        assert rc == 0 and out == "open.er-api.com: new rates stored\n", (rc, out, err)
    rc, out, err = h.run("convert", "1", "USD", "EUR", "--offline", "--json", clock=NOON)
    assert json.loads(out)["results"][0]["rate_date"] == "2026-11-28", (out, err)


@test
def absurd_first_values_of_the_metals_and_coins_are_refused_with_the_value_shown():
    """currency-api's doge at 1e100, gold at 1e308 and ether as a string, and Coinbase's DOGE at
    "1e100", in a first answer (nothing kept to compare with): refused one by one with the value
    shown, never stored nor converted into NaN."""
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "currencyapi", env={"CAMBIO_CURRENCYAPI_URL": server.url("/fault/capihuge")})
        assert rc == 0, err
        for line in ("cambio: currency-api: the value for DOGE is outside any plausible range (1e+100); it has no rate yet",
                     "cambio: currency-api: the value for XAU is outside any plausible range (1e+308); it has no rate yet",
                     "cambio: currency-api: the value for ETH is not a positive number (“abc”); it has no rate yet"):
            assert line in err.splitlines(), err
        rc, out, err = h.run("refresh", "--provider", "coinbase", env={"CAMBIO_COINBASE_URL": server.url("/fault/coinbasehuge")})
        assert rc == 0 and "cambio: Coinbase: the value for DOGE is outside any plausible range (1e100); it has no rate yet" in err.splitlines(), err
    for target in ("USD", "XAU", "ETH"):
        rc, out, err = h.run("convert", "1", "DOGE", target, "--offline")
        assert rc == 2 and out == "" and err.startswith("cambio: no price of Dogecoin (DOGE) is kept yet: metals and coins need one `cambio refresh`"), (rc, out, err)
    # What was sound in the same answers is used.
    rc, out, err = h.run("convert", "1", "USD", "XAG", "BTC", "--offline", "--json")
    xag, btc = json.loads(out)["results"]
    assert rc == 0 and (xag["source"], btc["source"]) == ("currency-api", "Coinbase"), (out, err)


@test
def a_clock_before_1900_or_after_9999_is_said_and_the_command_still_converts():
    for clock, year, today in (("1850-01-01 12:00:00", "1850", "1900-01-01"), ("10001-06-01 12:00:00", "10001", "9999-12-31")):
        rc, out, err = Home().run("convert", "100", "USD", "EUR", "--offline", clock=clock)
        assert rc == 0 and out.startswith("100 USD = 89.51 EUR"), (clock, rc, out, err[:500])
        assert err == ("cambio: This computer’s clock says the year is %s; Cambio counts days from 1900 to 9999, so today is taken as %s. "
                       "Set the clock.\n" % (year, today)), err[:500]


@test
def a_dangling_link_in_the_rates_folder_is_never_written_through():
    h = Home()
    rates = os.path.join(h.dir, "cache", "cambio", "rates")
    os.makedirs(rates)
    elsewhere = os.path.join(h.dir, "elsewhere", "deeper")
    os.symlink(os.path.join(elsewhere, "erapi.json"), os.path.join(rates, "erapi.json"))
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "erapi", env={"CAMBIO_ERAPI_URL": server.url("/as/erapi_open_latest_USD_2024-08-19.json")})
    assert rc == 1 and not os.path.exists(os.path.join(h.dir, "elsewhere")), (rc, err, os.listdir(h.dir))
    assert os.readlink(os.path.join(rates, "erapi.json")) == os.path.join(elsewhere, "erapi.json")
    assert err == ("cambio: open.er-api.com: %s is a link to %s, whose folder does not exist; Cambio creates no folder through a link; "
                   "the cached rates are as they were\n" % (os.path.join(rates, "erapi.json"), os.path.join(elsewhere, "erapi.json"))), err


@test
def offline_conversion_uses_the_freshest_official_answer_kept():
    """After `refresh --provider ecb` kept the ECB's rates of a day after the bundle's last, and
    open.er-api.com (the primary) has none, --offline converts in the ECB's newer rates."""
    h = Home()
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "ecb", env={"CAMBIO_ECB_URL": server.url("/dated/2026-11-27/ecb")}, clock=NOON)
        assert rc == 0, err
    rc, out, err = h.run("convert", "100", "USD", "EUR", "--offline", "--json", clock=NOON)
    r = json.loads(out)["results"][0]
    assert (r["source"], r["rate_date"], r["amount"]) == ("ECB", "2026-11-27", "88.87"), (r, err)


@test
def an_alert_is_added_listed_fired_once_by_a_crossing_rate_and_removed():
    """`cambio alert`: set on 26 Nov below 0.89 EUR a dollar; the bundled 0.8951 (30 Oct, older
    than the alert) fires nothing, the ECB's 0.8887 of 27 Nov fires it once."""
    h = Home()
    rc, out, err = h.run("alert", "add", "USD", "EUR", "--below", "0.89", clock="2026-11-26 12:00:00")
    assert rc == 0 and out == "alert 1: 1 USD below 0.89 EUR\n", (out, err)
    rc, out, err = h.run("alert", "add", "gold", "usd", "--move", "1,5", clock="2026-11-26 12:00:00")
    assert rc == 0 and out == "alert 2: XAU/USD moving more than 1.5 % in a day\n", (out, err)
    rc, out, err = h.run("alert", "list", "--json")
    assert rc == 0 and json.loads(out) == {"alerts": [
        {"id": 1, "from": "USD", "to": "EUR", "below": "0.89", "armedOn": "2026-11-26", "state": "armed"},
        {"id": 2, "from": "XAU", "to": "USD", "move": "1.5", "armedOn": "2026-11-26", "state": "armed"}]}, out
    # Refused: no condition, two, a rate that is none, an unknown currency.
    for args in (("USD", "EUR"), ("USD", "EUR", "--above", "1", "--below", "2"), ("USD", "EUR", "--above", "0"),
                 ("USD", "EUR", "--above", "abc"), ("USD", "XYZ", "--above", "1"), ("USD", "USD", "--above", "1")):
        rc, out, err = h.run("alert", "add", *args)
        assert rc != 0 and err.startswith(("cambio: ", "Error: ")) and out == "", (args, rc, out, err)

    with NotificationBus() as desktop, fault_server() as server:
        # The rates on disk (the bundle's 30 Oct) are older than the alert: nothing fires.
        rc, out, err = h.run("alert", "check", "--offline", env=desktop.env, clock=NOON)
        assert rc == 0 and out == "" and err == "" and desktop.received() == [], (out, err)
        env = dict(desktop.env, CAMBIO_ECB_URL=server.url("/dated/2026-11-27/ecb"))
        write_settings(h.dir, {"provider": "ecb", "metals-and-coins": False})
        rc, out, err = h.run("alert", "check", env=env, clock=NOON)
        assert rc == 0 and out == "alert 1: 1 USD is below 0.89 EUR (1 USD = 0.8887 EUR · ECB · Nov 27, 2026)\n", (out, err)
        # The desktop's notification: under Cambio's id, the pair, the condition, the rate, its
        # day and source; clicking it opens History on the pair, its button re-arms the alert.
        [notice] = desktop.received()
        assert (notice["summary"], notice["body"], notice["desktop_entry"]) == (
            "1 USD is below 0.89 EUR", "1 USD = 0.8887 EUR · ECB · Nov 27, 2026", "io.github.cambio.Cambio"), notice
        assert notice["actions"][0] == "default" and "Re-arm" in notice["actions"], notice
        rc, out, err = h.run("alert", "check", env=env, clock=NOON)
        assert rc == 0 and out == "" and len(desktop.received()) == 1, ("fires once", out, err)
    rc, out, err = h.run("alert", "list")
    assert rc == 0 and out.splitlines()[0] == "1  1 USD below 0.89 EUR  (fired: 1 USD = 0.8887 EUR, ECB 2026-11-27)", out
    rc, out, err = h.run("alert", "remove", "1")
    assert rc == 0 and out == "removed alert 1: 1 USD below 0.89 EUR\n", (out, err)
    rc, out, err = h.run("alert", "remove", "1")
    assert rc == 2 and err == "cambio: no alert 1 (cambio alert list shows them)\n", (rc, err)
    assert [a["id"] for a in json.loads(h.run("alert", "list", "--json")[1])["alerts"]] == [2]


@test
def the_systemd_timer_runs_while_an_alert_is_armed_and_stops_when_none_is():
    """The timer that checks with the window closed, through systemd's D-Bus API (a fake user
    manager on a private bus records the calls): enabled and started by the first armed alert,
    stopped and disabled once none is armed (here: the last one fired)."""
    h = Home()
    timer = "cambio-alerts.timer"
    with NotificationBus() as desktop, fault_server() as server:
        rc, out, err = h.run("alert", "add", "USD", "EUR", "--below", "0.89", env=desktop.env, clock="2026-11-26 12:00:00")
        assert rc == 0 and err == "", err
        assert desktop.systemd_calls() == [["GetUnitFileState", timer], ["EnableUnitFiles", [timer], False, False], ["Reload"],
                                           ["StartUnit", timer, "replace"]]
        rc, out, err = h.run("alert", "add", "USD", "JPY", "--above", "500", env=desktop.env, clock="2026-11-26 12:00:00")
        assert desktop.systemd_calls() == [["GetUnitFileState", timer], ["StartUnit", timer, "replace"]], "enabled already"
        rc, out, err = h.run("alert", "remove", "2", env=desktop.env)
        assert rc == 0 and desktop.systemd_calls() == [["GetUnitFileState", timer], ["StartUnit", timer, "replace"]], "one is armed still"
        # The last armed alert fires: nothing is left to check.
        write_settings(h.dir, {"provider": "ecb", "metals-and-coins": False})
        rc, out, err = h.run("alert", "check", env=dict(desktop.env, CAMBIO_ECB_URL=server.url("/dated/2026-11-27/ecb")), clock=NOON)
        assert rc == 0 and out.startswith("alert 1: ") and err == "", (out, err)
        assert desktop.systemd_calls() == [["GetUnitFileState", timer], ["StopUnit", timer, "replace"],
                                           ["DisableUnitFiles", [timer], False], ["Reload"]]
    # Without a systemd user manager (no session bus here), adding says how the alert is checked.
    rc, out, err = h.run("alert", "add", "USD", "EUR", "--above", "2")
    assert rc == 0 and err == "cambio: no systemd user manager: the alert is checked while Cambio runs, or by cambio alert check\n", err


@test
def with_the_network_off_a_check_reads_only_the_rates_on_disk():
    h = Home()
    with fault_server() as server:
        env = {"CAMBIO_ECB_URL": server.url("/dated/2026-11-27/ecb")}
        write_settings(h.dir, {"provider": "ecb", "metals-and-coins": False})
        assert h.run("refresh", "--provider", "ecb", env=env, clock=NOON)[0] == 0
        rc, out, err = h.run("alert", "add", "USD", "EUR", "--above", "0.88", clock="2026-11-27 08:00:00")
        assert rc == 0, err
        write_settings(h.dir, {"provider": "ecb", "metals-and-coins": False, "network-allowed": False})
    # Nothing is asked (the providers' addresses are a closed port: a request would be said),
    # and the stored 0.8887 crosses 0.88: one notification.
    with NotificationBus() as desktop:
        rc, out, err = h.run("alert", "check", env=desktop.env, clock=NOON)
        assert rc == 0 and err == "" and out == "alert 1: 1 USD is above 0.88 EUR (1 USD = 0.8887 EUR · ECB · Nov 27, 2026)\n", (out, err)
        assert [n["summary"] for n in desktop.received()] == ["1 USD is above 0.88 EUR"]
    # Without a session bus (over ssh) the line is all there is, and that is said.
    h.run("alert", "add", "USD", "EUR", "--above", "0.5", clock="2026-11-27 08:00:00")
    rc, out, err = h.run("alert", "check", env={"DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"}, clock=NOON)
    assert rc == 0 and out.startswith("alert 2: ") and err == "cambio: no session bus: the alerts that fired are said here only\n", (out, err)


@test
def a_rates_folder_replaced_by_a_file_is_said_once_in_words():
    h = Home()
    os.makedirs(os.path.join(h.dir, "cache", "cambio"))
    folder = os.path.join(h.dir, "cache", "cambio", "rates")
    open(folder, "w").close()
    said = "cambio: The saved rates cannot be read or kept: %s is a file, where Cambio keeps a folder; Cambio neither reads nor replaces it\n" % folder
    with fault_server() as server:
        rc, out, err = h.run("refresh", "--provider", "erapi", env={"CAMBIO_ERAPI_URL": server.url("/as/erapi_open_latest_USD_2024-08-19.json")})
    assert rc == 1 and err == said, (rc, err)
    rc, out, err = h.run("convert", "1", "USD", "EUR", "--offline")
    assert rc == 0 and err == said, (rc, err)
    assert os.path.isfile(folder) and os.path.getsize(folder) == 0


@test
def a_refresh_that_runs_out_of_time_is_said_in_words():
    # The metals' and coins' sources send their headers and then nothing: each request ends at
    # its own deadline (15 s), and the three of them (currency-api, its second address, Coinbase)
    # run past the 40 s the command gives them. open.er-api.com is refused at once: its failure
    # is said as such, not as the metals' timeout.
    h = Home()
    with fault_server() as server:
        held = {key: server.url("/hold/" + key.lower()) for key in
                ("CAMBIO_CURRENCYAPI_URL", "CAMBIO_CURRENCYAPI_FALLBACK_URL", "CAMBIO_COINBASE_URL")}
        rc, out, err = h.run("convert", "1", "USD", "EUR", "XAU", env=held)
    said = err.splitlines()
    assert said[0].startswith("cambio: could not refresh rates from open.er-api.com: the server refused the connection"), (rc, out, err)
    assert "cambio: the metal and coin prices could not be refreshed within 40 s (no complete answer in time); their last good values stay in use" in said, (rc, out, err)
    assert rc == 2 and out == "", (rc, out, err)  # no gold price is known in a new home


if __name__ == "__main__":
    sys.exit(run_tests("cli"))
