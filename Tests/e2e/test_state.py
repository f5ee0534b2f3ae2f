"""The saved state, end to end: an edit still waiting for typing to pause (the save comes 400 ms
after it) is saved when the app is asked to stop, as a session's end asks it (SIGTERM), a
terminal's Ctrl+C (SIGINT) or its closing (SIGHUP)."""
import json
import os
import signal

from harness import App, main, test, wait_for


def saved_anchor(app):
    """The Currencies page's typed amount as state.json holds it: (code, text), or None."""
    try:
        with open(os.path.join(app.home, "data", "cambio", "state.json"), encoding="utf-8") as f:
            currencies = json.load(f)["currencies"]
        return currencies["anchorCode"], currencies["anchorText"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


@test
def an_edit_not_saved_yet_is_saved_when_the_app_is_asked_to_stop():
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        app = App().start()
        try:
            app.focus_entry("EUR")
            app.type("7")
            # The signal follows the edit at once, long before typing's pause (400 ms) would save it.
            wait_for("EUR = 7 in the window", lambda: app.amount("EUR") == "7", timeout=5, interval=0.01)
            app.proc.send_signal(sig)
            status = app.proc.wait(timeout=10)
            assert saved_anchor(app) == ("EUR", "7"), f"after {sig.name}, state.json holds {saved_anchor(app)!r}"
            assert status == 0, f"after {sig.name} the app ends as Ctrl+Q ends it, not killed: status {status}"
        finally:
            app.cleanup()


if __name__ == "__main__":
    main()
