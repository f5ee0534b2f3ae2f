"""End-to-end harness: drives the built `cambio` from outside the process.

Finds controls through the accessibility tree (AT-SPI, python3-pyatspi), types with real X key
events (xdotool), reads results back through the accessible Text interface. Runs inside
`xvfb-run -a dbus-run-session` (see Tests/e2e/run).
"""
import ast
import datetime
import atexit
import gettext
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi

from faultserver import FaultServer  # noqa: F401  (tests import it from here)
import runner
from runner import test  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("CAMBIO_BINARY", os.path.join(ROOT, ".build", "debug", "cambio"))
APP_ID = "io.github.cambio.Cambio"
SHADER_CACHE = tempfile.mkdtemp(prefix="cambio-e2e-mesa-")
atexit.register(shutil.rmtree, SHADER_CACHE, ignore_errors=True)
RUNNING = []
# The compiled schema of the preferences (`make schemas`); the Makefile exports it, Tests/e2e/run
# run by hand may not.
SCHEMA_DIR = os.path.join(ROOT, ".build", "schemas")
PROVIDER_URLS = ("CAMBIO_ERAPI_URL", "CAMBIO_ECB_URL", "CAMBIO_FRANKFURTER_URL", "CAMBIO_CBR_URL", "CAMBIO_ALPHAVANTAGE_URL",
                 "CAMBIO_CURRENCYAPI_URL", "CAMBIO_COINBASE_URL")


def tr(lang, message):
    """`message` as the app says it in `lang` (its catalogue in data/locale, built by `make locale`);
    the English text while a message is not translated yet."""
    return gettext.translation("cambio", os.path.join(ROOT, "data", "locale"), languages=[lang.split(".")[0]],
                               fallback=True).gettext(message)


def wait_for(what, probe, timeout=20.0, interval=0.1, fatal=()):
    """Polls `probe` until it returns something true; exceptions in `fatal` end the wait at once."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = probe()
            if last:
                return last
        except fatal:
            raise
        except Exception as error:  # the tree may be rebuilding
            last = error
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


def doubled(name):
    """The words `name` ends by repeating ("Popular currencies Popular": "Popular"), or None: a
    name GTK 4.8 read with its label's text after it."""
    words = [w.strip("()[]:,.…") for w in (name or "").split()]
    for k in range(1, len(words) // 2 + 1):
        tail = words[-k:]
        head = words[:-k]
        if any(head[i:i + k] == tail for i in range(len(head) - k + 1)):
            return " ".join(tail)
    return None


def find_nodes(node, role=None, name_contains=None):
    """The nodes of the accessibility tree under `node` (itself included) of `role` whose name
    contains `name_contains`, in tree order."""
    out = []

    def walk(n, depth=0):
        if n is None or depth > 40:
            return
        try:
            # GTK 4.8 does not keep STATE_SHOWING up to date: match on role and name only.
            if (role is None or n.getRoleName() == role) and (name_contains is None or name_contains in (n.name or "")):
                out.append(n)
            for child in n:
                walk(child, depth + 1)
        except Exception:  # the tree may be rebuilding
            return
    walk(node)
    return out


class AppExited(Exception):
    def __init__(self, status):
        super().__init__(f"the app exited with status {status}")
        self.status = status


def xdotool(*args):
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout.strip()


def _run(*args):
    """The output of a diagnostic command, or why there is none."""
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"({args[0]} failed: {error})"
    out = (done.stdout + done.stderr).strip()
    return out if done.returncode == 0 else f"(status {done.returncode}) {out}"


def _bus_call(method, *args):
    return _run("gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", f"org.freedesktop.DBus.{method}", *args)


def _bus_names():
    """The session bus's names, each with the command line of the process that owns it."""
    listed = _bus_call("ListNames")
    try:
        names = ast.literal_eval(listed)[0]
    except (ValueError, SyntaxError, IndexError):
        return [listed]
    out = []
    for name in sorted(names):
        pid = _bus_call("GetConnectionUnixProcessID", name)
        try:
            number = ast.literal_eval(pid.replace("uint32 ", ""))[0]
            with open(f"/proc/{number}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
            out.append(f"{name}: pid {number} {command}")
        except (ValueError, SyntaxError, IndexError, OSError):
            out.append(f"{name}: (gone: {pid})")
    return out


def session_report():
    """The display and the session bus as they are now: why an app may not have started."""
    display = os.environ.get("DISPLAY", "")
    return "\n".join([
        f"display {display!r}: {_run('xdotool', 'getdisplaygeometry')}",
        f"session bus {os.environ.get('DBUS_SESSION_BUS_ADDRESS', '(no DBUS_SESSION_BUS_ADDRESS)')}:",
        *(f"  {line}" for line in _bus_names()),
        f"  org.a11y.Bus owned: {_bus_call('NameHasOwner', 'org.a11y.Bus')}",
        f"  io.github.cambio.Cambio owned (another instance): {_bus_call('NameHasOwner', 'io.github.cambio.Cambio')}",
    ])


class BusStarted:
    """A process that the session bus started: not this process's child, so watched through /proc
    (as subprocess.Popen is used here: pid, poll, kill, wait)."""

    def __init__(self, pid):
        self.pid = pid
        self.returncode = None

    def poll(self):
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            state = "X"
        if state in ("Z", "X") and self.returncode is None:
            self.returncode = -1  # its status went to the bus, its parent
        return self.returncode

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait(self, timeout=10):
        """Until the process has ended and the bus has released the app's name with it: an
        instance started next must not find this one's name and hand its start to it."""
        wait_for(f"process {self.pid} to end", lambda: self.poll() is not None, timeout=timeout)
        wait_for(f"{APP_ID} released on the session bus", lambda: "false" in _bus_call("NameHasOwner", APP_ID), timeout=timeout)
        return self.returncode


class App:
    """One running instance of the app with its own XDG directories."""

    def __init__(self, home=None, lang="en_US.UTF-8", env=None):
        self.home = home or tempfile.mkdtemp(prefix="cambio-e2e-")
        self.lang = lang
        self.extra_env = env or {}
        self.proc = None
        self.node = None
        self.window_id = None
        self.log = None
        self._entries = {}

    def env(self):
        env = dict(os.environ)
        env.update({
            "HOME": self.home,
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_CACHE_HOME": os.path.join(self.home, "cache"),
            "LANG": self.lang,
            "LC_ALL": "",
            # Preferences in $XDG_CONFIG_HOME/glib-2.0/settings/keyfile: each test its own.
            "GSETTINGS_BACKEND": "keyfile",
        })
        env.pop("GTK_A11Y", None)
        env.setdefault("GSETTINGS_SCHEMA_DIR", SCHEMA_DIR)
        # One shader cache for the whole run: each test keeps its own XDG dirs without paying
        # for a cold Mesa cache (seconds under llvmpipe) at every start.
        env["MESA_SHADER_CACHE_DIR"] = SHADER_CACHE
        # No test reaches the internet: every provider points at a closed local port unless
        # the test says otherwise.
        for key in PROVIDER_URLS:
            env[key] = "http://127.0.0.1:9"
        env.update(self.extra_env)
        return env

    def start(self):
        # Output goes to a file: an unread pipe would fill and stall the app.
        self.log_path = os.path.join(self.home, "cambio.log")
        self.log = open(self.log_path, "ab")
        launched = time.monotonic()
        self.proc = subprocess.Popen([BINARY], env=self.env(), stdout=self.log, stderr=subprocess.STDOUT)
        RUNNING.append(self)
        self._find_window(launched)
        wait_for("the first row", lambda: self.entry("EUR"))
        if not any(k in self.extra_env for k in PROVIDER_URLS) and not os.path.exists(os.path.join(self.home, "cache", "cambio", "rates")):
            # First start against the closed port: the refresh fails just after the first frame and
            # the status line ("Offline · showing …") slides in under the header bar, moving the page
            # down. Wait until it is all in, so that clicks land where they aim.
            self.wait_status_line(tr(self.lang, "Offline · showing %@").split("%@")[0])
        return self

    def attach_started_by_bus(self):
        """The instance that the session bus started (D-Bus activation, from the service file
        Tests/e2e/run gives the bus): found by the owner of the app's bus name, then on the
        accessibility bus as `start` finds its own. Its output goes to the bus's."""
        self.log_path = os.path.join(self.home, "cambio.log")
        launched = time.monotonic()
        owner = wait_for("Cambio's bus name owned", lambda: "true" in _bus_call("NameHasOwner", APP_ID))
        assert owner
        pid = int(_bus_call("GetConnectionUnixProcessID", APP_ID).replace("(uint32 ", "").rstrip(",)"))
        self.proc = BusStarted(pid)
        RUNNING.append(self)
        self._find_window(launched)
        return self

    def _find_window(self, launched):
        def find():
            if self.proc.poll() is not None:
                raise AppExited(self.proc.returncode)
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == "cambio" and app.get_process_id() == self.proc.pid:
                    return app
            return None
        try:
            self.node = wait_for("the app on the accessibility bus", find, timeout=30, interval=0.5, fatal=AppExited)
        except AppExited as exited:
            # Fail with what there is to know; launching again would hide whatever ended it.
            raise AssertionError(f"cambio exited with status {exited.status} before showing a window (noticed "
                                 f"{time.monotonic() - launched:.1f} s after launch; checked every 0.5 s)\n"
                                 f"{session_report()}\nits output: {self.output()!r}") from None
        self.window_id = wait_for("the X window", lambda: xdotool("search", "--sync", "--onlyvisible", "--pid", str(self.proc.pid)).split()[0])
        xdotool("windowfocus", "--sync", self.window_id)
        self.window_pos = self._window_position()

    def status_line(self):
        """The status line's strip (named "Status") and the revealer holding it, or None."""
        strip = self.find("panel", tr(self.lang, "Status"))
        return (strip, strip.parent) if strip is not None else None

    def wait_status_line(self, starting):
        """Waits until the status line says something starting with `starting` and has slid in
        (the revealer's slide ends with its strip in the middle of it: it pads the strip equally
        above and below; while it slides, the strip sits at its bottom edge)."""
        def shown():
            found = self.status_line()
            if found is None:
                return False
            strip, revealer = found
            if not any(self.text(n).startswith(starting) for n in self.find_all("label", node=strip)):
                return False
            s = strip.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            r = revealer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return s.height > 0 and s.y - r.y == (r.y + r.height) - (s.y + s.height)
        wait_for(f"the status line saying {starting!r}", shown, timeout=10)

    def window_geometry(self):
        """The X window's position and size: (x, y, width, height)."""
        out = xdotool("getwindowgeometry", "--shell", self.window_id)
        values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def frame(self):
        """The window's accessible (the frame)."""
        return next(w for w in self.node if w.getRoleName() == "frame" and w.name == tr(self.lang, "Cambio"))

    def frame_extents(self):
        return self.frame().queryComponent().getExtents(pyatspi.WINDOW_COORDS)

    def resize(self, width, height):
        """Asks for a window of `width`×`height` (as a window manager would: there is none) and
        waits until GTK has laid the window out again at the size it ends with, which is larger
        when its content cannot shrink that far (GTK then resizes the window itself). Returns the
        window's size then."""
        if not hasattr(self, "_border"):
            # GTK's client-side frame without a compositor: a thin border around the content.
            _, _, w, h = self.window_geometry()
            e = self.frame_extents()
            self._border = (w - e.width, h - e.height)
        xdotool("windowsize", "--sync", self.window_id, str(width), str(height))
        return self.settled_size()

    def settled_size(self):
        """The window's size once GTK's layout matches it (the frame fills the X window)."""
        def settled():
            _, _, w, h = self.window_geometry()
            e = self.frame_extents()
            return (w, h) if (w - e.width, h - e.height) == self._border else None
        return wait_for("the window laid out at its size", settled, timeout=10)

    def _window_position(self):
        out = xdotool("getwindowgeometry", "--shell", self.window_id)
        values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        return int(values["X"]), int(values["Y"])

    def quit(self):
        if self.proc and self.proc.poll() is None:
            self.key("ctrl+q")
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                raise AssertionError("Ctrl+Q did not quit the app")
        return self.proc.returncode

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def output(self):
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def cleanup(self):
        self.kill()
        if self.log:
            self.log.close()
            self.log = None
        shutil.rmtree(self.home, ignore_errors=True)

    # Accessibility tree

    def find_all(self, role=None, name_contains=None, node=None):
        return find_nodes(node or self.node, role, name_contains)

    def find(self, role, name_contains):
        found = self.find_all(role, name_contains)
        return found[0] if found else None

    def entry(self, code):
        """The amount entry of a currency row: its accessible name contains the ISO code."""
        cached = self._entries.get(code)
        try:
            if cached is not None and f" {code} (" in (cached.name or ""):
                return cached
        except Exception:
            pass
        # "Amount in USD (US Dollar)", "Сумма в USD (Доллар США)".
        found = self.find("text", f" {code} (")
        if found is not None:
            self._entries[code] = found
        return found

    def row_labels(self, code):
        """The texts of the labels in a currency's row (code, name, rate or error line)."""
        row = self.entry(code)
        while row is not None and row.getRoleName() != "list item":
            row = row.parent
        return [self.text(n) for n in self.find_all("label", None, node=row)]

    def text(self, node):
        t = node.queryText()
        return t.getText(0, t.characterCount)

    def amount(self, code):
        node = self.entry(code)
        if node is None:
            raise AssertionError(f"no entry for {code}")
        return self.text(node)

    def row_codes(self):
        """The Currencies page's rows, top to bottom."""
        lists = [n for n in self.find_all("list") if n.name == "Your currencies"]
        items = self.find_all("list item", ", ", node=lists[0]) if lists else []
        items.sort(key=lambda n: n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y)
        return [i.name.split(",")[0] for i in items]

    # Input

    def click(self, node):
        ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        x = self.window_pos[0] + ext.x + ext.width // 2
        y = self.window_pos[1] + ext.y + ext.height // 2
        self.move_pointer(x, y)
        xdotool("click", "1")

    def pointer(self):
        """Where the X server has the pointer now."""
        out = xdotool("getmouselocation", "--shell")
        values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        return int(values["X"]), int(values["Y"])

    def move_pointer(self, x, y):
        """Moves the pointer and waits until the X server has it there, so that a press that follows
        happens at (x, y). (Not --sync: it waits for a move and hangs when the pointer is already there.)"""
        xdotool("mousemove", str(x), str(y))
        wait_for(f"the pointer at {x},{y}", lambda: self.pointer() == (x, y), timeout=5, interval=0.01)

    def center(self, node):
        ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return self.window_pos[0] + ext.x + ext.width // 2, self.window_pos[1] + ext.y + ext.height // 2

    def drag(self, source, target):
        """Presses on `source`, moves in steps onto `target`, releases: a real pointer drag."""
        (x0, y0), (x1, y1) = self.center(source), self.center(target)
        self.move_pointer(x0, y0)
        xdotool("mousedown", "1")
        for i in range(1, 11):
            self.move_pointer(x0 + (x1 - x0) * i // 10, y0 + (y1 - y0) * i // 10)
        # The one fixed pause left: on X11 a drag inside the window still goes through XDND (the
        # app sends itself a position message through the X server and its drop target answers
        # with a status), and a release handled before that answer drops nothing. Nothing shows
        # that answer from outside: the accessibility tree has no drop-hover state, and the drag
        # cursor can only be read through XFixes, which the harness has no client for.
        time.sleep(0.2)
        xdotool("mouseup", "1")

    def focus_entry(self, code):
        node = self.entry(code)
        had_focus = node.getState().contains(pyatspi.STATE_FOCUSED)
        self.click(node)
        wait_for(f"focus in {code}", lambda: self.entry(code).getState().contains(pyatspi.STATE_FOCUSED))
        if not had_focus:
            # The click that focuses an entry selects its text, so that typing replaces it (a click
            # in the entry that has the focus places the cursor instead).
            wait_for(f"the text of {code} selected", lambda: self.all_selected(self.entry(code)), timeout=5)

    def all_selected(self, node):
        """Whether the whole text of an entry is selected (an empty one has nothing to select)."""
        t = node.queryText()
        if t.characterCount == 0:
            return True
        return t.getNSelections() == 1 and tuple(t.getSelection(0)) == (0, t.characterCount)

    def show_page(self, number, tab):
        """Alt+<number>, then waits until the page tab named `tab` is the selected one."""
        self.key(f"alt+{number}")
        wait_for(f"the {tab} page", lambda: self.find("page tab", tab).getState().contains(pyatspi.STATE_SELECTED), timeout=10)

    def open_sample_stock(self, search_name, query="micro", symbol="MSFT"):
        """Investments: types `query` into the stock search (found by `search_name`), opens `symbol`."""
        self.key("alt+4")
        search = wait_for("the stock search", lambda: self.find("entry", search_name))
        self.click(search)
        self.type(query)
        wait_for("the listing", lambda: self.find("list item", symbol), timeout=10)
        self.key("Down", "Return")

    # The focus

    def focused(self, window=None):
        """The object with the focus (in `window`, else in any of the app's windows), or None."""
        for w in [window] if window else list(self.node):
            for n in find_nodes(w):
                try:
                    if n.getState().contains(pyatspi.STATE_FOCUSED):
                        return n
                except Exception:
                    continue
        return None

    def press_until(self, key, reached, what, window=None, limit=60):
        """Presses `key` until the object with the focus satisfies `reached`, each press waited
        for (the focus leaves the object it was on). Returns that object."""
        now = None
        for _ in range(limit):
            now = self.focused(window)
            if now is not None and reached(now):
                return now
            self.key(key)
            wait_for(f"the focus to move on towards {what}", lambda: self.focused(window) is not now, timeout=5)
        raise AssertionError(f"{key} never reached {what} (last: {now and (now.getRoleName(), now.name)})")

    # The date picker of "On a past date" (English names: "Friday, October 30, 2026")

    def focused_day(self):
        """The day whose button has the focus in the open date picker, or None."""
        for n in self.find_all("push button", ", "):
            try:
                if n.getState().contains(pyatspi.STATE_FOCUSED):
                    return datetime.datetime.strptime(n.name, "%A, %B %d, %Y").date()
            except ValueError:
                continue
        return None

    def open_day_picker(self):
        """Space on the date button (which has the focus): the picker opens on the chosen day."""
        self.key("space")
        return wait_for("the date picker, a day focused", self.focused_day, timeout=10)

    def pick_day(self, day):
        """In the open date picker: Page Up or Page Down to `day`'s month, the arrows to the day,
        Enter. Each key waits for the focus to move."""
        def press(key):
            before = self.focused_day()
            self.key(key)
            wait_for(f"the focus to leave {before} after {key}", lambda: self.focused_day() not in (None, before), timeout=10)
        while True:
            at = self.focused_day()
            months = (day.year - at.year) * 12 + day.month - at.month
            if months == 0:
                break
            press("shift+Page_Down" if months >= 12 else "shift+Page_Up" if months <= -12 else "Page_Down" if months > 0 else "Page_Up")
        weeks, days = divmod((day - self.focused_day()).days, 7)
        for key in ["Down"] * weeks if weeks >= 0 else ["Up"] * -weeks:
            press(key)
        for key in ["Right"] * days:
            press(key)
        assert self.focused_day() == day, (self.focused_day(), day)
        self.key("Return")

    def type(self, text):
        xdotool("type", "--delay", "40", "--", text)

    def key(self, *keys):
        xdotool("key", "--clearmodifiers", *keys)


class TextScale:
    """GNOME's text scaling, as its settings daemon hands it to GTK (the XSETTINGS Xft/DPI), for
    the apps on this display while it runs: xsettingsd, waited for until it owns the settings."""

    def __init__(self, factor):
        self.factor = factor

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="cambio-e2e-xsettings-")
        conf = os.path.join(self.folder, "xsettingsd.conf")
        with open(conf, "w") as f:
            f.write(f"Xft/DPI {int(96 * self.factor * 1024)}\n")
        self.proc = subprocess.Popen(["xsettingsd", "-c", conf], stderr=subprocess.PIPE, text=True)
        said = []
        for line in self.proc.stderr:
            said.append(line.strip())
            if "Took ownership of selection" in line:
                return self
        raise AssertionError(f"xsettingsd did not take the X settings: {said}")

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def show_output():
    for app in RUNNING:
        state = "running" if app.proc.poll() is None else f"exited {app.proc.returncode}"
        print(f"--- cambio (pid {app.proc.pid}, {state}) output:\n{app.output()}", flush=True)


def stop_apps():
    for app in RUNNING:
        app.cleanup()
    RUNNING.clear()


def main():
    """Runs the file's tests and exits with their status (non-zero when any failed)."""
    sys.exit(runner.main("e2e", on_failure=show_output, after_each=stop_apps))
