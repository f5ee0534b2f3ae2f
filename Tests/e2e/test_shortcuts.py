"""Window-wide shortcuts through real key events: Ctrl+? and Ctrl+W."""
import time

import pyatspi

from harness import App, main, test, wait_for


@test
def ctrl_question_lists_the_shortcuts_and_ctrl_w_closes_the_window():
    app = App().start()
    try:
        app.key("ctrl+question")
        def shortcuts_window():
            return any(w.name == "Keyboard Shortcuts" and w.getState().contains(pyatspi.STATE_ACTIVE) for w in app.node)
        wait_for("the shortcuts window", shortcuts_window, timeout=10)
        labels = [app.text(n) for n in app.find_all("label")]
        for title in ("Swap the currencies", "Add the pair to the favourites", "Keyboard shortcuts", "Refresh the rates"):
            assert title in labels, (title, labels[:40])
        app.key("Escape")
        wait_for("the shortcuts window closed", lambda: not shortcuts_window(), timeout=10)
        app.key("ctrl+w")
        wait_for("the app to end with its window", lambda: app.proc.poll() is not None, timeout=10)
        assert app.proc.returncode == 0, app.proc.returncode
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
