"""What the page in view shows, through the accessibility tree: its controls (the focusable
accessibles that show), where they are, and which has the focus. Shared by test_sizes.py and
test_screenshots.py.

The controls of a page are those of the page in view (the other pages of the view stack keep the
places they had when last shown) and of the window around it (header bar, status line, the view
switcher at the bottom when narrow), without anything of zero size (the view switcher bar when
hidden, pages never shown) or hidden in the title's squeezer (it keeps the child it does not show
allocated at that child's own width). GTK 4.8 does not keep STATE_SHOWING up to date, hence this walk.
"""
import gettext
import re

import pyatspi

from harness import tr, wait_for

PAGES = ["Currencies", "Converter", "History", "Investments", "Calculator"]


def extents(node):
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return e.x, e.y, e.width, e.height


def has_extents(node):
    try:
        node.queryComponent()
        return True
    except NotImplementedError:
        return False


def view_stack(app):
    """The view stack: the ancestor of the Currencies list (the first page) with one child a page."""
    node = wait_for("the list of currencies", lambda: next((n for n in app.find_all("list", tr(app.lang, "Your currencies"))), None))
    while node.parent is not None:
        if node.parent.childCount == len(PAGES) and node.parent.getRoleName() == "panel":
            return node.parent
        node = node.parent
    raise AssertionError("no view stack above the list of currencies")


def gtk_tr(app, message):
    """`message` as GTK itself says it in the app's language."""
    return gettext.translation("gtk40", "/usr/share/locale", languages=[app.lang.split(".")[0]], fallback=True).gettext(message)


def controls(app, stack, page):
    """The focusable accessibles that show while page number `page` (0-based) is in view: all of
    them, and those that must be Tab stops (not a container of other controls, such as a list whose
    rows or their buttons take the focus; not GTK's window buttons, which it keeps out of the focus
    chain: they answer the pointer, the keyboard has Ctrl+W)."""
    out = []

    def walk(node, depth=0):
        if node is None or depth > 60:
            return
        try:
            if has_extents(node):
                x, y, w, h = extents(node)
                if w <= 0 or h <= 0:
                    return
            if node.getState().contains(pyatspi.STATE_FOCUSABLE):
                out.append(node)
            children = list(node)
            if node == stack:
                children = [children[page]]
            elif node.name == "AdwSqueezer":
                # The squeezer shows the first child that fits: one wider than itself is hidden.
                width = extents(node)[2]
                children = [c for c in children if not has_extents(c) or extents(c)[2] <= width]
            for child in children:
                walk(child, depth + 1)
        except Exception:
            return
    walk(app.frame())
    # A container whose focus goes to controls inside it (a list and its rows) is not a Tab stop.
    containers = set()
    for n in out:
        a = n.parent
        while a is not None and a.getRoleName() != "frame":
            containers.add(a)
            a = a.parent
    window_buttons = {gtk_tr(app, "Minimize"), gtk_tr(app, "Maximize"), gtk_tr(app, "Close")}
    return out, [n for n in out if n not in containers and not (n.getRoleName() == "push button" and n.name in window_buttons)]


def describe(node):
    try:
        return f"{node.getRoleName()} {node.name!r} at {extents(node)}"
    except Exception as error:
        return f"(gone: {error})"


def badly_named(node):
    name = (node.name or "").strip()
    # GTK names an unnamed widget after its type; a raw mnemonic ("C_lear") reads badly.
    return not name or re.match(r"^(Gtk|Adw)[A-Za-z]+$", name) or re.search(r"_[A-Za-z]", name)


def inside(node, frame):
    x, y, w, h = extents(node)
    fx, fy, fw, fh = frame
    return x >= fx and y >= fy and x + w <= fx + fw and y + h <= fy + fh


def in_view(node, frame):
    """Inside the window and inside every scrolled pane around it (not scrolled out of sight)."""
    if not inside(node, frame):
        return False
    a = node.parent
    while a is not None and a.getRoleName() != "frame":
        if a.getRoleName() == "scroll pane" and not inside(node, extents(a)):
            return False
        a = a.parent
    return True


def within_width(node, frame):
    x, _, w, _ = extents(node)
    return x >= frame[0] and x + w <= frame[0] + frame[2]


def focused_node(app, candidates):
    """The accessible that has the focus: among `candidates` first, else anywhere in the window."""
    for n in candidates:
        try:
            if n.getState().contains(pyatspi.STATE_FOCUSED):
                return n
        except Exception:
            pass
    found = [n for n in app.find_all(node=app.frame()) if n.getState().contains(pyatspi.STATE_FOCUSED)]
    return found[-1] if found else None


def wait_page_ready(app):
    """Waits until the page in view has what it reads in the background: the History's pair (its
    spinner, named "Loading the history", shows while it reads and then leaves the tree)."""
    loading = tr(app.lang, "Loading the history")
    wait_for("the history read", lambda: not app.find(None, loading), timeout=30)
