"""Screenshots of every page at a phone's sizes (360×640, 360×294), a small laptop's (1024×600)
and a desktop's (1280×800), in the light and the dark style, for a person to look at: written to
.build/screenshots/<size>-<style>-<page>.png (git-ignored; CAMBIO_SCREENSHOTS=dir puts them
elsewhere), and an index.html showing them all. `make screenshot` runs this file alone.

Each shot is taken once the window shows the page at its size (the page tab selected, GTK's layout
at the window's size) and the picture has settled (two captures in a row alike; animations and the
blinking cursor are off in these runs, so it settles at once). What each shot must show: the window
at the size asked for (a page that cannot shrink that far makes GTK grow the window), something
drawn (not one flat colour), and the style asked for (mean luminance below 0.35 in the dark style,
above 0.65 in the light).

Each shot also checks through the accessibility tree that every control of the page lies within
the window's width (at 360×294 GTK may keep the window at the size asked for and clip the page).

With CAMBIO_METAINFO_SCREENSHOTS=dir (`make metainfo-screenshots`), one more test writes the
metainfo's screenshots there, one of each page at 1000×700 (the most Flathub's guidelines allow) in
the default (light) style: the Currencies and the Converter with rates and metal and coin prices of
today (served from 127.0.0.1, so that no status line shows), the Investments of the bundled Microsoft sample, the
Calculator converting "100 USD to EUR", and the History (the bundled days, their age on the
status line).
"""
import html
import http.server
import json
import os
import subprocess
import tempfile
import threading
import time

import pyatspi

from harness import ROOT, App, TextScale, main, test, tr, wait_for
from settings import write_settings
from layout import PAGES, wait_page_ready, controls, describe, extents, view_stack, within_width

OUT = os.environ.get("CAMBIO_SCREENSHOTS", os.path.join(ROOT, ".build", "screenshots"))
SIZES = [(360, 640), (360, 294), (1024, 600), (1280, 800)]
DARK_MAX, LIGHT_MIN = 0.35, 0.65
# Steady pictures: no transitions, no blinking cursor (GTK reads these from $XDG_CONFIG_HOME).
SETTINGS = "[Settings]\ngtk-enable-animations=false\ngtk-cursor-blink=false\n"


def capture(window_id, path):
    """The window's picture as X has it, as PNG without a time stamp (equal pictures, equal bytes)."""
    subprocess.run(["import", "-window", window_id, "-define", "png:exclude-chunks=date,time", path],
                   check=True, capture_output=True)
    with open(path, "rb") as f:
        return f.read()


def settled_capture(window_id, path):
    """Captures until two pictures in a row are alike; keeps the last in `path`."""
    scratch = path + ".previous.png"
    last = [capture(window_id, scratch)]

    def alike():
        now = capture(window_id, path)
        same = now == last[0]
        last[0] = now
        return same
    try:
        wait_for(f"{os.path.basename(path)} settled", alike, timeout=10, interval=0.05)
    finally:
        os.remove(scratch)


def measure(path):
    """(width, height, mean luminance, its standard deviation), luminance from 0 (black) to 1."""
    out = subprocess.run(["convert", path, "-colorspace", "Gray", "-format",
                          "%w %h %[fx:mean] %[fx:standard_deviation]", "info:"],
                         check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1]), float(out[2]), float(out[3])


# Large text (GNOME's text scaling 1.5) on a phone, in each style and in Russian (longer words).
LARGE = {"light": ({}, "en_US.UTF-8"), "dark": ({"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}, "en_US.UTF-8"),
         "high-contrast": ({"ADW_DEBUG_HIGH_CONTRAST": "1"}, "en_US.UTF-8"), "russian": ({}, "ru_RU.UTF-8")}


def write_index():
    """index.html in OUT: every shot there, by size, style and page, each captioned with its name."""
    names = [f"{w}x{h}-{style}-{page.lower()}.png" for w, h in SIZES for style in ("light", "dark") for page in PAGES]
    names += [f"360x640-large-text-{style}-{page.lower()}.png" for style in LARGE for page in PAGES]
    figures = [f'<figure><img src="{n}" alt="{n}"><figcaption>{html.escape(n)}</figcaption></figure>'
               for n in names if os.path.exists(os.path.join(OUT, n))]
    with open(os.path.join(OUT, "index.html"), "w") as f:
        f.write("<!doctype html><meta charset=utf-8><title>Cambio screenshots</title>"
                "<style>body{font-family:sans-serif;background:#888}figure{display:inline-block;vertical-align:top;"
                "margin:8px}figcaption{font-size:12px}</style>\n" + "\n".join(figures) + "\n")


def steady_home():
    """A home for the app whose GTK settings make pictures steady."""
    home = tempfile.mkdtemp(prefix="cambio-e2e-")
    os.makedirs(os.path.join(home, "config", "gtk-4.0"))
    with open(os.path.join(home, "config", "gtk-4.0", "settings.ini"), "w") as f:
        f.write(SETTINGS)
    return home


def shoot(style, sizes=SIZES, env=None, lang="en_US.UTF-8", prefix=""):
    os.makedirs(OUT, exist_ok=True)
    home = steady_home()
    if env is None:
        env = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"} if style == "dark" else {}
    app = App(home=home, env=env, lang=lang).start()
    problems = []
    try:
        stack = view_stack(app)
        for width, height in sizes:
            for number, page in enumerate(PAGES, start=1):
                app.resize(width, height)
                app.show_page(number, tr(app.lang, page))
                wait_page_ready(app)
                shown = app.settled_size()
                name = f"{width}x{height}-{prefix}{style}-{page.lower()}.png"
                path = os.path.join(OUT, name)
                settled_capture(app.window_id, path)
                w, h, mean, spread = measure(path)
                note = f"mean luminance {mean:.2f}"
                if (w, h) != (width, height):
                    problems.append(f"{name}: the window is {w}×{h} (asked for {width}×{height}; {shown[0]}×{shown[1]} "
                                    "said X): the page cannot shrink that far")
                    note += f", window {w}×{h}!"
                if spread < 0.05:
                    problems.append(f"{name}: nearly one flat colour (luminance spread {spread:.3f})")
                if style == "dark" and mean > DARK_MAX:
                    problems.append(f"{name}: not dark (mean luminance {mean:.2f} > {DARK_MAX})")
                if style in ("light", "high-contrast", "russian") and mean < LIGHT_MIN:
                    problems.append(f"{name}: not light (mean luminance {mean:.2f} < {LIGHT_MIN})")
                frame = extents(app.frame())
                clipped = [describe(n) for n in controls(app, stack, number - 1)[0] if not within_width(n, frame)]
                if clipped:
                    problems.append(f"{name}: controls beyond the window's width {frame}: {clipped}")
                    note += f", {len(clipped)} controls clipped!"
                print(f"  {name}: {w}×{h}, {note}, spread {spread:.2f}", flush=True)
        assert not problems, "\n".join([f"{len(problems)} problems in the {style} shots (look at them in {OUT}):"] + problems)
    finally:
        app.cleanup()
        write_index()


@test
def every_page_at_every_size_in_the_light_style():
    shoot("light")


@test
def every_page_at_every_size_in_the_dark_style():
    shoot("dark")


@test
def every_page_on_a_phone_with_large_text_in_each_style_and_in_russian():
    """Text scaled by 1.5 at 360×640: the window keeps its width and every control lies within it."""
    with TextScale(1.5):
        for style, (env, lang) in LARGE.items():
            shoot(style, sizes=[(360, 640)], env=env, lang=lang, prefix="large-text-")


class FreshRates:
    """open.er-api.com's answer and currency-api's (the fixtures' rates and prices) stamped today,
    on 127.0.0.1: the environment that points the app at them."""

    def __enter__(self):
        with open(os.path.join(ROOT, "Tests", "Fixtures", "erapi_open_latest_USD_2024-08-19.json")) as f:
            answer = json.load(f)
        now = int(time.time())
        answer.update({"time_last_update_unix": now, "time_next_update_unix": now + 86400,
                       "time_last_update_utc": time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(now)),
                       "time_next_update_utc": time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(now + 86400))})
        with open(os.path.join(ROOT, "Tests", "Fixtures", "fawazahmed0_v1_currencies_usd_2024-03-06.json")) as f:
            prices = json.load(f)
        prices["date"] = time.strftime("%Y-%m-%d", time.gmtime(now))
        bodies = {"/erapi": json.dumps(answer).encode(), "/capi": json.dumps(prices).encode()}

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                # Each base's paths (/erapi/v6/latest/USD, /capi/v1/currencies/usd.json).
                body = next((b for prefix, b in bodies.items() if self.path.startswith(prefix + "/")), None)
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *args):
                pass
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        return {"CAMBIO_ERAPI_URL": base + "/erapi", "CAMBIO_CURRENCYAPI_URL": base + "/capi"}

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


METAINFO = os.environ.get("CAMBIO_METAINFO_SCREENSHOTS")


# The metainfo's screenshots: at most 1000×700, as Flathub's quality guidelines ask.
METAINFO_SIZE = (1000, 700)


def metainfo_shot(app, page):
    """The page shown, at METAINFO_SIZE, checked (its size, light, not one flat colour), written to
    METAINFO/<page>.png."""
    assert app.resize(*METAINFO_SIZE) == METAINFO_SIZE, app.settled_size()
    assert app.find("page tab", page).getState().contains(pyatspi.STATE_SELECTED), f"{page} is not the page shown"
    path = os.path.join(METAINFO, f"{page.lower()}.png")
    settled_capture(app.window_id, path)
    w, h, mean, spread = measure(path)
    assert (w, h) == METAINFO_SIZE and mean > LIGHT_MIN and spread > 0.05, (path, w, h, mean, spread)
    print(f"  {path}: {w}×{h}, mean luminance {mean:.2f}", flush=True)


def calculator_display(app):
    """The Calculator's display: the expression line, the result, the rate line."""
    panel = next(n for n in app.find_all() if n.name == "Display" and n.getRoleName() != "label")
    return [app.text(n) for n in app.find_all("label", None, node=panel)]


if METAINFO:
    @test
    def metainfo_screenshots():
        # Rates and prices of today: no status line.
        with FreshRates() as env:
            app = App(home=steady_home(), env=env).start()
            try:
                wait_for("today's rates", lambda: app.find("label", "open.er-api.com rates of"), timeout=15)
                # Not built at all when no lasting state has shown; else slid away.
                wait_for("no status line", lambda: app.status_line() is None or extents(app.status_line()[1])[3] == 0,
                         timeout=10)
                app.resize(*METAINFO_SIZE)
                app.show_page(1, "Currencies")
                wait_page_ready(app)
                metainfo_shot(app, "Currencies")
                app.show_page(2, "Converter")
                wait_page_ready(app)
                metainfo_shot(app, "Converter")
                # 1000 USD in January 2000, then 100 USD every month, in the bundled Microsoft sample.
                app.open_sample_stock("Find a stock by symbol or company name")
                wait_for("the initial amount focused", lambda: any(
                    n.name == "Initial investment" and n.getState().contains(pyatspi.STATE_FOCUSED) for n in app.find_all()), timeout=10)
                app.key("ctrl+a")
                app.type("1000")
                app.key("Tab", "ctrl+a")
                app.type("100")
                wait_for("the results", lambda: any(app.text(n).endswith(" purchases") for n in app.find_all("label")), timeout=10)
                metainfo_shot(app, "Investments")
                app.show_page(5, "Calculator")
                entry = wait_for("the calculation entry focused", lambda: next(
                    (n for n in app.find_all("text") if n.name == "Calculation" and n.getState().contains(pyatspi.STATE_FOCUSED)), None),
                    timeout=10)
                wait_for("the calculation's text selected", lambda: app.all_selected(entry), timeout=5)
                app.type("100 USD to EUR")
                app.key("Return")
                wait_for("the conversion", lambda: calculator_display(app)[1].endswith(" EUR"), timeout=5)
                metainfo_shot(app, "Calculator")
            finally:
                app.cleanup()
        # The History of the bundled ECB days, up to its newest (a fresh rate of today would leave
        # the days between "not known yet"): no refresh, so the status line says how old the
        # rates are, with its Refresh.
        # (A provider named, closed as by default: start() then expects no failed refresh.)
        app = App(home=steady_home(), env={"CAMBIO_ERAPI_URL": "http://127.0.0.1:9"})
        write_settings(app.home, {"refresh-interval": "never"})
        app.start()
        try:
            app.wait_status_line("Rates are ")
            app.resize(*METAINFO_SIZE)
            app.show_page(3, "History")
            # The catch-up with Frankfurter (a closed port here) fails, and a toast says so for 5 s:
            # shoot once it has gone.
            failed = "Could not fetch the newest days"
            wait_for("the history's toast", lambda: app.find("label", failed), timeout=15)
            wait_for("the toast gone", lambda: not app.find("label", failed), timeout=15)
            metainfo_shot(app, "History")
        finally:
            app.cleanup()


if __name__ == "__main__":
    main()
