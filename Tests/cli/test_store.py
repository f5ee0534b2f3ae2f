#!/usr/bin/env python3
"""The rate history shared by several processes at once, and after damage: from outside, through the command line."""
import glob
import json
import os
import sqlite3
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_cli import Home, fault_server, BINARY  # noqa: E402
import runner  # noqa: E402
from runner import main as run_tests, test  # noqa: E402

runner.TESTS.clear()  # test_cli's own tests run from test_cli.py

ERAPI = "/as/erapi_open_latest_USD_2024-08-19.json"


def store_path(h):
    return os.path.join(h.dir, "data", "cambio", "history.sqlite")


def set_aside(h):
    """The set-aside stores (their -wal and -shm companions go with them)."""
    return [p for p in glob.glob(os.path.join(h.dir, "data", "cambio", "*.unreadable-*")) if not p.endswith(("-wal", "-shm"))]


@test
def twenty_runs_at_once_while_the_store_is_created_imported_and_recorded_into_all_succeed():
    h = Home()
    results = []
    with fault_server() as server:
        env = {"CAMBIO_ERAPI_URL": server.url(ERAPI)}
        kinds = [("history", "USD", "JPY", "--to", "2026-10-30", "--offline", "--json"),
                 ("convert", "10", "USD", "EUR", "--date", "2020-03-02", "--json"),
                 ("refresh",)]  # records the new answer into the history

        def run(i):
            results.append((kinds[i % 3], h.run(*kinds[i % 3], env=env)))
        # A fresh home: the first runs create the store and import the bundle while the others wait.
        threads = [threading.Thread(target=run, args=(i,)) for i in range(21)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    failures = [(args, rc, err) for args, (rc, out, err) in results if rc != 0]
    assert failures == [], failures
    for args, (rc, out, err) in results:
        assert "locked" not in err and "I/O" not in err and "SQL" not in err, (args, err)
        if args[0] == "history":
            assert json.loads(out)["points"][0]["date"] == "2026-10-30", out
    assert set_aside(h) == [], "a busy store is never set aside"
    # Every recorded answer is there: open.er-api.com's day, beside the ECB's history.
    rc, out, err = h.run("history", "USD", "KZT", "--from", "2024-08-19", "--to", "2024-08-19", "--offline", "--json")
    assert rc == 0 and [p["source"] for p in json.loads(out)["points"]] == ["open.er-api.com"], (out, err)


@test
def a_damaged_store_is_set_aside_rebuilt_and_keeps_what_it_had_recorded():
    h = Home()
    with fault_server() as server:
        rc, _, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url(ERAPI)})
    assert rc == 0, err
    rc, _, err = h.run("history", "USD", "JPY", "--offline")  # opens the store: the bundle and the answer recorded
    path = store_path(h)
    # Damage pages in the middle of the file (where the bundle's rates are).
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.seek(size // 2)
        f.write(b"\xde\xad\xbe\xef" * 4096)
    rc, out, err = h.run("convert", "10", "USD", "EUR", "--date", "2020-03-02", "--json")
    assert rc == 0, err
    assert "rebuilt" in err and "SELECT" not in err and "SQLite error" not in err, err
    assert json.loads(out)["results"][0]["rate_date"] == "2020-03-02", out
    kept = set_aside(h)
    assert len(kept) == 1 and open(kept[0], "rb").read(16) == b"SQLite format 3\x00", kept
    # The answer recorded before the damage is still there (its pages were readable), and the
    # next run is quiet.
    rc, out, err = h.run("history", "USD", "KZT", "--from", "2024-08-19", "--to", "2024-08-19", "--offline", "--json")
    assert rc == 0 and err == "", err
    assert [p["source"] for p in json.loads(out)["points"]] == ["open.er-api.com"], out


@test
def a_dropped_table_is_detected_and_rebuilt():
    h = Home()
    rc, _, err = h.run("history", "USD", "JPY", "--offline")
    con = sqlite3.connect(store_path(h))
    con.execute("DROP TABLE rate")
    con.commit()
    con.close()
    rc, out, err = h.run("history", "USD", "JPY", "--to", "2026-10-30", "--offline", "--json")
    assert rc == 0 and "a table is missing (rate)" in err and "rebuilt" in err, err
    assert json.loads(out)["points"], out


@test
def another_programs_sqlite_file_gets_no_cambio_tables():
    h = Home()
    os.makedirs(os.path.dirname(store_path(h)))
    con = sqlite3.connect(store_path(h))
    con.execute("CREATE TABLE notes (body TEXT)")
    con.execute("INSERT INTO notes VALUES ('mine')")
    con.commit()
    con.close()
    rc, out, err = h.run("history", "USD", "JPY", "--to", "2026-10-30", "--offline")
    assert rc == 0 and "another program's tables (notes)" in err, err
    kept = set_aside(h)
    assert len(kept) == 1, kept
    tables = [r[0] for r in sqlite3.connect(kept[0]).execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert tables == ["notes"], tables


@test
def a_read_only_store_is_read_and_nothing_is_recorded():
    h = Home()
    rc, _, err = h.run("history", "USD", "JPY", "--offline")
    folder = os.path.dirname(store_path(h))
    before = open(store_path(h), "rb").read()
    # As an unprivileged user (root writes anywhere): the data folder theirs to read only.
    for p in (h.dir, os.path.join(h.dir, "data"), os.path.join(h.dir, "cache")):
        os.makedirs(p, exist_ok=True)
        os.chmod(p, 0o777)
    os.chmod(folder, 0o555)
    os.chmod(store_path(h), 0o444)
    env = dict(os.environ, HOME=h.dir, LANG="en_US.UTF-8", LC_ALL="", GSETTINGS_BACKEND="keyfile", XDG_DATA_HOME=os.path.join(h.dir, "data"),
               XDG_CACHE_HOME=os.path.join(h.dir, "cache"), XDG_CONFIG_HOME=os.path.join(h.dir, "config"))
    for k in ("CAMBIO_ERAPI_URL", "CAMBIO_ECB_URL", "CAMBIO_FRANKFURTER_URL", "CAMBIO_CBR_URL"):
        env[k] = "http://127.0.0.1:9"
    p = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", BINARY,
                        "history", "USD", "JPY", "--to", "2026-10-30", "--json"],
                       env=env, capture_output=True, text=True, timeout=60)
    os.chmod(folder, 0o755)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["points"][0]["date"] == "2026-10-30", p.stdout
    lines = [l for l in p.stderr.splitlines() if "rate history" in l]
    assert len(lines) == 1 and "new rates are not recorded" in lines[0], p.stderr
    assert open(store_path(h), "rb").read() == before, "the store is untouched"
    assert set_aside(h) == []


if __name__ == "__main__":
    sys.exit(run_tests("store"))
