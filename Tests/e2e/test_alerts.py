"""Rate alerts that reach the desktop, with the window open: a fake notification server
(Tests/cli/fake_notifications.py) owns org.freedesktop.Notifications on the session bus, the ECB on
127.0.0.1 serves a rate that crosses, and the window's refresh at start fires the alert: one
notification, with the pair, the condition, the rate, its day and source. Clicking it opens
History on the pair; its Re-arm button arms the alert again. With the window closed, GNOME Shell's
daemon (faked) keeps the notification that `cambio alert check` sent, and its click has the
session bus start Cambio on History."""
import datetime
import json
import os
import shutil
import subprocess
import tempfile

import pyatspi

from faultserver import FaultServer
from harness import App, BINARY, ROOT, main, test, wait_for, xdotool
from settings import write_settings

FAKE = os.path.join(ROOT, "Tests", "cli", "fake_notifications.py")
FAKE_SHELL = os.path.join(ROOT, "Tests", "cli", "fake_gtk_notifications.py")


class Daemon:
    """A fake notification daemon on this session bus, told to click through its input:
    `Daemon(FAKE)` is a freedesktop notification server (the click goes to the process that
    sent the notification); `Daemon(FAKE_SHELL)` is GNOME Shell's (org.gtk.Notifications), which
    keeps a notification after the process that sent it has ended and asks the application by its
    id, which the bus starts when none runs."""

    def __init__(self, script):
        self.script = script

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="cambio-notify-")
        self.log = os.path.join(self.dir, "notifications.jsonl")
        self.proc = subprocess.Popen(["/usr/bin/python3", self.script, self.log, "--control"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "ready"
        return self

    def received(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return [json.loads(line) for line in f]

    def click(self, notification_id, key):
        """A click on the notification ("default") or on one of its buttons (FAKE: its key;
        FAKE_SHELL: its number, and the click returns once the application has answered)."""
        self.proc.stdin.write(f"invoke {notification_id} {key}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        assert answer == "invoked", answer

    def __exit__(self, *exc):
        self.proc.stdin.close()
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)


def activation_environment(app):
    """What a desktop session does for the programs its bus starts: the bus is given the
    environment they run in (here the app's home, settings and providers)."""
    env = {k: v for k, v in app.env().items() if os.environ.get(k) != v}
    variant = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in env.items()) + "}"
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.UpdateActivationEnvironment", variant], check=True, capture_output=True)


def bus_has(name):
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                          "--method", "org.freedesktop.DBus.NameHasOwner", name], check=True, capture_output=True, text=True).stdout
    return "true" in out


def alerts(app):
    out = subprocess.run([BINARY, "alert", "list", "--json"], env=app.env(), check=True, capture_output=True, text=True).stdout
    return json.loads(out)["alerts"]


@test
def an_alert_fires_once_as_a_notification_that_opens_history_and_re_arms():
    today = datetime.date.today().isoformat()
    with Daemon(FAKE) as desktop, FaultServer() as server:
        app = App(env={"CAMBIO_ECB_URL": server.url(f"/dated/{today}/ecb")})
        write_settings(app.home, {"provider": "ecb", "metals-and-coins": False})
        # Set from the command line before the window opens: 1 EUR above 1.1 USD.
        added = subprocess.run([BINARY, "alert", "add", "EUR", "USD", "--above", "1.1"], env=app.env(),
                               capture_output=True, text=True)
        assert added.returncode == 0 and added.stdout == "alert 1: 1 EUR above 1.1 USD\n", added
        app.start()
        try:
            # The refresh at start brings the ECB's 1.1252 of today: the alert fires, once.
            [notice] = wait_for("the alert's notification", desktop.received, timeout=30)
            day = datetime.date.today().strftime("%b %-d, %Y")
            assert (notice["summary"], notice["body"]) == ("1 EUR is above 1.1 USD", f"1 EUR = 1.1252 USD · ECB · {day}"), notice
            assert notice["desktop_entry"] == "io.github.cambio.Cambio", notice
            assert [a["state"] for a in alerts(app)] == ["fired"], alerts(app)

            # Its Re-arm button (a server closes a notification once one of its actions is
            # chosen, so each click is on a notification of its own): armed again from today,
            # said in a toast.
            rearm = notice["actions"][notice["actions"].index("Re-arm") - 1]
            desktop.click(notice["id"], rearm)
            wait_for("the alert armed again", lambda: [a["state"] for a in alerts(app)] == ["armed"], timeout=10)
            wait_for("the toast", lambda: app.find_all(None, "Alert armed again: 1 EUR above 1.1 USD"), timeout=10)
            assert len(desktop.received()) == 1, "no notification without a new check"

            # F5: the rate of today is still above, so the re-armed alert fires again.
            app.key("F5")
            second = wait_for("a second notification", lambda: desktop.received()[1:], timeout=30)[0]
            assert second["summary"] == "1 EUR is above 1.1 USD", second

            # A click on it: the window shows History on EUR/USD (the Converter's pair, and so
            # History's until then, is USD/EUR).
            desktop.click(second["id"], "default")
            wait_for("the History page", lambda: app.find("page tab", "History").getState().contains(pyatspi.STATE_SELECTED), timeout=10)
            wait_for("History on EUR/USD", lambda: any(n.name == "From EUR (Euro)" for n in app.find_all("push button")), timeout=10)
        finally:
            app.cleanup()


@test
def a_notification_clicked_with_cambio_closed_starts_it_on_history():
    """The systemd timer's check, with no window open: `cambio alert check` fires the alert and
    ends; GNOME Shell keeps its notification. Clicked, the Shell asks Cambio by its id, the
    session bus starts it (`cambio --gapplication-service`), and the window opens on History for
    the pair. The Re-arm button, clicked the same way, arms the alert again and says so."""
    today = datetime.date.today().isoformat()
    with Daemon(FAKE_SHELL) as shell, FaultServer() as server:
        app = App(env={"CAMBIO_ECB_URL": server.url(f"/dated/{today}/ecb")})
        write_settings(app.home, {"provider": "ecb", "metals-and-coins": False})
        try:
            for args in (["add", "EUR", "USD", "--above", "1.1"], ["check"]):
                done = subprocess.run([BINARY, "alert", *args], env=app.env(), capture_output=True, text=True, timeout=60)
                assert done.returncode == 0, done
            assert done.stdout.startswith("alert 1: 1 EUR is above 1.1 USD (1 EUR = 1.1252 USD"), done.stdout
            [notice] = shell.received()
            day = datetime.date.today().strftime("%b %-d, %Y")
            assert (notice["app"], notice["title"], notice["body"]) == (
                "io.github.cambio.Cambio", "1 EUR is above 1.1 USD", f"1 EUR = 1.1252 USD · ECB · {day}"), notice
            assert (notice["default-action"], notice["default-action-target"]) == ("app.show-history", "EUR>USD"), notice
            assert not bus_has("io.github.cambio.Cambio"), "a Cambio runs before the click"

            activation_environment(app)
            shell.click(notice["id"], "default")
            app.attach_started_by_bus()
            with open(f"/proc/{app.proc.pid}/cmdline", "rb") as f:
                assert f.read().split(b"\0")[1:] == [b"--gapplication-service", b""], "not started by the bus"
            # History on EUR/USD (the Converter's pair, and so History's until then, is USD/EUR).
            wait_for("the History page", lambda: app.find("page tab", "History").getState().contains(pyatspi.STATE_SELECTED), timeout=10)
            wait_for("History on EUR/USD", lambda: any(n.name == "From EUR (Euro)" for n in app.find_all("push button")), timeout=10)

            [button] = [i for i, b in enumerate(notice["buttons"]) if b["label"] == "Re-arm"]
            shell.click(notice["id"], button)
            wait_for("the alert armed again", lambda: [a["state"] for a in alerts(app)] == ["armed"], timeout=10)
            wait_for("the toast", lambda: app.find_all(None, "Alert armed again: 1 EUR above 1.1 USD"), timeout=10)
        finally:
            app.cleanup()


@test
def an_alert_armed_from_history_at_360_px_is_listed_in_preferences():
    """On a phone's width, by keys: the History page's bell (Tab to it, Space), the level typed
    over the rate it shows, Enter; Preferences (Ctrl+,) lists the alert, armed since today."""
    app = App().start()
    try:
        app.resize(360, 720)
        app.show_page(3, "History")
        wait_for("the bell", lambda: app.find("push button", "Rate Alert…"))
        app.press_until("Tab", lambda n: n.getRoleName() == "push button" and n.name == "Rate Alert…", "the bell")
        app.key("space")
        field = wait_for("the alert's level", lambda: app.find("text", "Rate: how many EUR one USD is worth"), timeout=10)
        assert app.text(field) == "0.8951", app.text(field)
        wait_for("the level focused", lambda: field.getState().contains(pyatspi.STATE_FOCUSED), timeout=10)
        app.type("0.95")
        app.key("Return")
        wait_for("the toast", lambda: app.find_all(None, "Alert set: 1 USD above 0.95 EUR"), timeout=10)
        assert [a["below" if "below" in a else "above"] for a in alerts(app)] == ["0.95"], alerts(app)
        # The dialog gone, the keys go to the window again (there is no window manager to give it
        # the focus back).
        xdotool("windowfocus", "--sync", app.window_id)
        app.key("ctrl+comma")
        today = datetime.date.today().strftime("%b %-d, %Y")
        prefs = wait_for("the Preferences window", lambda: next((w for w in app.node if w.name == "Preferences"), None), timeout=15)
        # The row: the alert's condition, armed since today (its subtitle).
        wait_for("the alert in Preferences", lambda: [n for n in app.find_all(None, "0.95", node=prefs) if "1 USD above 0.95 EUR" in n.name],
                 timeout=15)
        wait_for("armed since today", lambda: app.find_all(None, f"Armed since {today}", node=prefs), timeout=10)
    finally:
        app.cleanup()


if __name__ == "__main__":
    main()
