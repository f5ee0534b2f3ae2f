"""Text contrast, measured on screen: every page in the light, dark and high-contrast styles is
photographed, and each text the accessibility tree places on it (labels, fields, buttons) is
measured against what is drawn behind it: at least 4.5:1 (WCAG AA), as the HIG asks. Disabled
controls are exempt, as WCAG allows. Prints every text colour met with its background and ratio."""
import subprocess

import pyatspi

from harness import App, find_nodes, main, test, wait_for

SCHEMES = {
    "light": {},
    "dark": {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"},
    "high contrast": {"ADW_DEBUG_HIGH_CONTRAST": "1"},
    "high contrast dark": {"ADW_DEBUG_HIGH_CONTRAST": "1", "ADW_DEBUG_COLOR_SCHEME": "prefer-dark"},
}
# The nodes that draw text themselves: a button's or a row's text is a label inside it.
TEXT_ROLES = {"label", "text"}


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class Shot:
    """The window's pixels, as the X server has them (8 bits a channel)."""

    def __init__(self, window_id):
        data = subprocess.run(["import", "-window", window_id, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
        # P6 <width> <height> <max>\n<bytes>
        fields, at = [], 0
        while len(fields) < 4:
            while data[at:at + 1].isspace():
                at += 1
            start = at
            while not data[at:at + 1].isspace():
                at += 1
            fields.append(data[start:at])
        self.width, self.height = int(fields[1]), int(fields[2])
        self.pixels = data[at + 1:]

    def box(self, x, y, w, h):
        out = []
        for row in range(max(0, y), min(self.height, y + h)):
            base = (row * self.width) * 3
            for col in range(max(0, x), min(self.width, x + w)):
                i = base + col * 3
                out.append(tuple(self.pixels[i:i + 3]))
        return out


def measure(pixels):
    """The background (the commonest colour) and the text's colour (the one furthest from it in
    contrast: the glyphs' cores), with their ratio; None where nothing is drawn on the background."""
    if not pixels:
        return None
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    text = max(counts, key=lambda p: ratio(p, background))
    r = ratio(text, background)
    return None if r < 1.15 else (text, background, r)


def texts_on_screen(app, frame, skip):
    """(node, what it says, its box in window coordinates) for each text the tree places inside
    the frame, with a size and something to say, but those in `skip` (another page's, hidden)."""
    out = []
    fx = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for n in find_nodes(frame):
        try:
            if n.getRoleName() not in TEXT_ROLES or n in skip:
                continue
            state = n.getState()
            # A disabled control is exempt (its label too); a field without a rate is not: it
            # says "No rate".
            if not state.contains(pyatspi.STATE_VISIBLE) or not (state.contains(pyatspi.STATE_SENSITIVE) or n.getRoleName() == "text"):
                continue
            if n.parent is not None and n.parent.getRoleName() in ("check box", "push button", "toggle button") \
                    and not n.parent.getState().contains(pyatspi.STATE_SENSITIVE):
                continue
            e = n.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if e.width < 4 or e.height < 4 or e.x < fx.x or e.y < fx.y or e.x + e.width > fx.x + fx.width or e.y + e.height > fx.y + fx.height:
                continue
            try:
                t = n.queryText()
                said = t.getText(0, t.characterCount)
            except NotImplementedError:
                said = n.name or ""
            if said.strip() or n.getRoleName() == "text":
                # Inside a field's frame and padding (its border is no text); a label as it is.
                inset = (10, 6) if n.getRoleName() == "text" else (0, 0)
                out.append((n, said, (e.x + inset[0], e.y + inset[1], e.width - 2 * inset[0], e.height - 2 * inset[1])))
        except Exception:
            continue
    return out


@test
def every_text_on_every_page_has_a_contrast_of_at_least_4_5_to_1_in_each_style():
    failures, seen = [], {}
    for scheme, env in SCHEMES.items():
        app = App(env=env).start()
        try:
            frame = app.frame()
            # Pages are built when first shown: a page's texts are those that were not there
            # before it showed (the header and the status line are the first page's).
            skip = set()
            for number, tab in enumerate(["Currencies", "Converter", "History", "Investments", "Calculator"], 1):
                before = set(n for n in find_nodes(frame) if n.getRoleName() in TEXT_ROLES) if number > 1 else set()
                skip |= before
                app.show_page(number, tab)
                if tab == "History":
                    wait_for("the week", lambda: app.find("label", "7 days to"), timeout=30)
                if tab == "Investments":
                    app.open_sample_stock("Find a stock")
                    wait_for("the figures", lambda: any(app.text(n) == "15,369.66 USD" for n in app.find_all("label")), timeout=20)
                if tab == "Currencies":
                    # A row without a rate (the ECB publishes no peso) says so in its field.
                    app.key("ctrl+n")
                    wait_for("the picker", lambda: app.find(None, "Search currencies"), timeout=10)
                    app.type("ARS")
                    wait_for("ARS offered", lambda: app.find("list item", "ARS, "), timeout=10)
                    app.key("Return")
                    wait_for("the ARS row", lambda: app.entry("ARS"), timeout=10)
                shot = Shot(app.window_id)
                # Window coordinates are the X window's (the harness clicks by them too).
                for node, said, (x, y, w, h) in texts_on_screen(app, frame, skip):
                    found = measure(shot.box(x, y, w, h))
                    if found is None:
                        continue
                    fg, bg, r = found
                    key = (scheme, fg, bg)
                    if key not in seen or seen[key][0] > r:
                        seen[key] = (r, said.strip()[:40] or node.name)
                    if r < 4.5:
                        failures.append(f"{scheme}, {tab}: {said.strip()[:50] or node.name!r} ({node.getRoleName()}) "
                                        f"#{bytes(fg).hex()} on #{bytes(bg).hex()}: {r:.2f}:1")
        finally:
            app.cleanup()
    for (scheme, fg, bg), (r, example) in sorted(seen.items(), key=lambda kv: (kv[0][0], kv[1][0])):
        print(f"  {scheme:19} #{bytes(fg).hex()} on #{bytes(bg).hex()}  {r:5.2f}:1  e.g. {example!r}")
    assert not failures, "text below 4.5:1:\n" + "\n".join(failures)


if __name__ == "__main__":
    main()
