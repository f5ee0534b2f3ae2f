"""A small test runner for the tests that drive the built app from outside (cli/, e2e/).

Prints PASS/FAIL per test and a closing `<name>: N passed, N failed` line; the exit status is
non-zero when anything failed or nothing ran.
"""
import sys
import time
import traceback

TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def main(name, on_failure=lambda: None, after_each=lambda: None):
    only = sys.argv[1:]
    passed = failed = 0
    for fn in TESTS:
        if only and fn.__name__ not in only:
            continue
        started = time.monotonic()
        try:
            fn()
            passed += 1
            print(f"PASS {fn.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL {fn.__name__}", flush=True)
            traceback.print_exc()
            on_failure()
        finally:
            after_each()
    print(f"{name}: {passed} passed, {failed} failed", flush=True)
    return 1 if failed or not passed else 0
