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
def twenty_runs_at_once_while_the_store_is_created_and_recorded_into_all_succeed():
    h = Home()
    results = []
    with fault_server() as server:
        env = {"CAMBIO_ERAPI_URL": server.url(ERAPI)}
        kinds = [("history", "USD", "JPY", "--to", "2026-10-30", "--offline", "--json"),
                 ("convert", "10", "USD", "EUR", "--date", "2020-03-02", "--json"),
                 ("refresh",)]  # records the new answer into the history

        def run(i):
            results.append((kinds[i % 3], h.run(*kinds[i % 3], env=env)))
        # A fresh home: the first runs create the store while the others wait (the ECB's history
        # is the shared file: nothing is imported).
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
    assert "begun anew with the answers it still held" in err and "SELECT" not in err and "SQLite error" not in err, err
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
    assert rc == 0 and "a table is missing (rate)" in err and "begun anew" in err, err
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
    for k in ("CAMBIO_ERAPI_URL", "CAMBIO_ECB_URL", "CAMBIO_FRANKFURTER_URL", "CAMBIO_CBR_URL", "CAMBIO_CURRENCYAPI_URL", "CAMBIO_COINBASE_URL"):
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


def sha1(path):
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


@test
def another_programs_database_is_not_written_before_it_is_set_aside_even_through_a_link():
    for linked in (False, True):
        h = Home()
        os.makedirs(os.path.dirname(store_path(h)))
        other = os.path.join(h.dir, "other-program", "app.sqlite") if linked else store_path(h)
        os.makedirs(os.path.dirname(other), exist_ok=True)
        con = sqlite3.connect(other)  # a rollback journal, as most programs' databases have
        con.execute("CREATE TABLE notes (body TEXT)")
        con.execute("INSERT INTO notes VALUES ('mine')")
        con.commit()
        con.close()
        if linked:
            os.symlink(other, store_path(h))
        before = sha1(other)
        with open(other, "rb") as f:
            header = f.read(20)
        assert header[18:20] == b"\x01\x01", header
        rc, out, err = h.run("history", "USD", "JPY", "--to", "2026-10-30", "--offline")
        assert rc == 0 and "another program's tables (notes)" in err, err
        kept = set_aside(h)
        assert len(kept) == 1, kept
        # Byte for byte as it was (its journal mode in header bytes 18-19 and all), wherever it now is.
        now = other if linked else kept[0]
        assert sha1(now) == before, "the other program's database was written"
        assert not os.path.exists(now + "-wal") and not os.path.exists(now + "-shm"), os.listdir(os.path.dirname(now))
        if linked:
            assert os.path.islink(kept[0]) and os.readlink(kept[0]) == other, "the link was set aside, not its target"
        # The new store is Cambio's own, beside it.
        assert not os.path.islink(store_path(h)), store_path(h)


@test
def twenty_parallel_runs_round_after_round_with_the_cpu_loaded_never_find_the_store_busy():
    """Fresh homes, 20 runs at once in each round, the CPU kept busy, and another Cambio
    recording answers into the same store meanwhile: no run may fail or say it is busy."""
    rounds = int(os.environ.get("CAMBIO_STRESS_ROUNDS", "12"))
    kinds = [("history", "GBP", "JPY", "--days", "400", "--offline"),
             ("history", "USD", "EUR", "--to", "2026-10-30", "--offline", "--json"),
             ("convert", "100", "USD", "EUR", "--offline"),
             ("rates", "--offline")]
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    failures, runs = [], 0
    try:
        with fault_server() as server:
            for r in range(rounds):
                h = Home()
                stop = threading.Event()

                def beside():
                    # Other Cambio activity: refreshes recording into the history, one after another.
                    while not stop.is_set():
                        rc, _, err = h.run("refresh", env={"CAMBIO_ERAPI_URL": server.url(ERAPI)})
                        if rc != 0:
                            failures.append((r, "refresh", rc, err))
                side = threading.Thread(target=beside)
                side.start()
                results = [None] * 20

                def run(i):
                    results[i] = (kinds[i % len(kinds)], h.run(*kinds[i % len(kinds)]))
                threads = [threading.Thread(target=run, args=(i,)) for i in range(20)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                stop.set()
                side.join()
                runs += 20
                for args, (rc, out, err) in results:
                    if rc != 0 or "busy" in err:
                        failures.append((r, args, rc, err))
    finally:
        for b in burners:
            b.kill()
            b.wait()
    print(f"  {runs} runs in {rounds} rounds of 20, the CPU loaded by {len(burners)} busy processes: {len(failures)} failed")
    assert failures == [], failures[:5]


if __name__ == "__main__":
    sys.exit(run_tests("store"))
