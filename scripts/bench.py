#!/usr/bin/env python3
"""`make bench`: figures, printed, never asserted.

Start-up to the first painted frame (warm) and resident memory after start-up of the release
`cambio`, against an empty GTK 4 window built the same way (`cambio-empty-window`), in one run;
then the per-keystroke recalculation of a list of every currency, in the domain and in the window.
Runs under xvfb-run and dbus-run-session (see the Makefile).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REL = os.path.join(ROOT, ".build", "release")
RUNS = int(os.environ.get("BENCH_RUNS", "12"))
# `make bench BEFORE=dir`: an earlier release build (its .build/release) measured in the same run,
# alternating with this one, for a before/after comparison on the same machine state.
BEFORE = os.environ.get("BEFORE")


def write_state(home, interval):
    """The app's saved state with the refresh interval set (never = no network at all)."""
    os.makedirs(os.path.join(home, "data", "cambio"), exist_ok=True)
    with open(os.path.join(home, "data", "cambio", "state.json"), "w") as f:
        json.dump({"version": 1, "settings": {"provider": "erapi", "refreshInterval": interval},
                   "currencies": {"codes": ["USD", "EUR", "GBP", "JPY", "CHF", "CNY"], "anchorCode": "USD",
                                  "anchorText": "100", "referenceCode": "USD"}}, f)


def start(binary, home, renderer):
    env = dict(os.environ, CAMBIO_BENCH_FIRST_FRAME="1", HOME=home, LANG="en_US.UTF-8", GSK_RENDERER=renderer,
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_CACHE_HOME=os.path.join(home, "cache"))
    t0 = time.monotonic()
    proc = subprocess.Popen([binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = proc.stdout.readline()
    elapsed = time.monotonic() - t0
    if b"first-frame" not in line:
        proc.kill()
        raise SystemExit(f"{binary}: no first frame reported")
    time.sleep(1.0)  # let start-up work settle before reading memory
    with open(f"/proc/{proc.pid}/status") as f:
        rss_kb = next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
    proc.kill()
    proc.wait()
    return elapsed * 1000, rss_kb / 1024


def compare(renderer, home):
    apps = {"cambio": os.path.join(REL, "cambio"), "empty": os.path.join(REL, "cambio-empty-window")}
    if BEFORE:
        apps["before"] = os.path.join(BEFORE, "cambio")
    for binary in apps.values():  # warm-up: caches, shader cache, page cache
        for _ in range(2):
            start(binary, home, renderer)
    times = {k: [] for k in apps}
    rss = {k: [] for k in apps}
    for _ in range(RUNS):  # alternate, so both see the same machine state
        for name, binary in apps.items():
            t, m = start(binary, home, renderer)
            times[name].append(t)
            rss[name].append(m)
    tc, te = statistics.median(times["cambio"]), statistics.median(times["empty"])
    mc, me = statistics.median(rss["cambio"]), statistics.median(rss["empty"])
    print(f"startup_first_frame_ms renderer={renderer:5}  cambio={tc:.1f}  empty_window={te:.1f}  ratio={tc / te:.3f}  (target <= 1.25, warm, median of {RUNS})")
    print(f"resident_memory_MB     renderer={renderer:5}  cambio={mc:.1f}  empty_window={me:.1f}  difference={mc - me:.1f}  (target <= 25)")
    if BEFORE:
        tb, mb = statistics.median(times["before"]), statistics.median(rss["before"])
        print(f"  before: startup_first_frame_ms={tb:.1f} ratio={tb / te:.3f}  resident_memory_MB={mb:.1f} difference={mb - me:.1f}")
    sys.stdout.flush()


def main():
    # Release builds read their data where installed, never from the source tree: point them at it.
    os.environ["CAMBIO_DATA_DIR"] = os.path.join(ROOT, "data")
    home = tempfile.mkdtemp(prefix="cambio-bench-")
    write_state(home, "onStart")  # the default: the first refresh starts after the first frame
    # cairo draws on the CPU as a GPU would; gl runs on llvmpipe (software) under Xvfb.
    for renderer in ("cairo", "gl"):
        compare(renderer, home)
    # The same with the network off: what the first refresh's libsoup/TLS stack adds.
    write_state(home, "never")
    rss = statistics.median(start(os.path.join(REL, "cambio"), home, "cairo")[1] for _ in range(3))
    print(f"resident_memory_MB     renderer=cairo  cambio_network_off={rss:.1f}")
    sys.stdout.flush()
    builds = [("", REL)] + ([("before: ", BEFORE)] if BEFORE else [])
    for mode in ("recalc", "history", "dca", "frame"):
        for label, build in builds:
            for renderer in (("cairo", "gl") if mode == "frame" else ("cairo",)):
                out = subprocess.run([os.path.join(build, "cambio-bench"), mode], check=True, stderr=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, text=True,
                                     env=dict(os.environ, GSK_RENDERER=renderer, GTK_A11Y="none")).stdout
                for line in out.splitlines():
                    print(label + line)
                sys.stdout.flush()
    print("notes: under Xvfb the gl renderer runs on llvmpipe (software); frame_work is layout + paint of one frame,"
          " shown_within is keystroke to painted frame (includes waiting for the frame clock's tick).")


if __name__ == "__main__":
    main()
