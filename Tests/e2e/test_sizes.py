"""Every page at a phone's size (360×640) and a desktop's (1280×800), in the light and the dark
style, through the accessibility tree: the window keeps the size asked for (content that cannot
shrink that far makes GTK grow the window), every focusable control has a name and lies inside the
window, and Tab reaches every one of them.

The controls of a page: see layout.py.

Tab walks from the control the page puts the focus on (Alt+1…Alt+5) and records the focused
accessible at each step until it comes back to the first: every control must be among them, and
each, while it has the focus, must be in view: inside the window and inside any scrolled pane
around it (a control below the fold of a scrolled list is scrolled into view by the focus). At rest, every control must lie within the window's
width: nothing reachable only by scrolling sideways.
"""
from harness import App, main, test, tr, wait_for
from layout import PAGES, wait_page_ready, badly_named, controls, describe, extents, focused_node, in_view, view_stack, within_width

SIZES = {"narrow": (360, 640), "wide": (1280, 800)}


def tab_cycle(app, candidates, allowed, frame, problems, page_name):
    """Tab from the focused control until the focus comes back to it; returns the stops in order."""
    first = wait_for("the focus on the page", lambda: focused_node(app, allowed), timeout=10)
    stops = [first]
    current = first
    for _ in range(len(candidates) * 2 + 10):
        app.key("Tab")
        now = wait_for("the focus moved by Tab", lambda: (lambda f: f if f is not None and f != current else None)(
            focused_node(app, allowed)), timeout=5, interval=0.02)
        if now == first:
            return stops
        if now in stops:
            problems.append(f"{page_name}: Tab goes round without coming back to the first control "
                            f"({describe(first)}): it repeats {describe(now)}")
            return stops
        stops.append(now)
        current = now
        if now not in allowed:
            problems.append(f"{page_name}: Tab stops on something not counted as a control: {describe(now)}")
        try:
            # The focus scrolls a control below the fold into view (a scrolled window may animate).
            wait_for(f"{describe(now)} in view", lambda: in_view(now, frame), timeout=3, interval=0.05)
        except AssertionError:
            problems.append(f"{page_name}: {describe(now)} has the focus out of view (the window is {frame})")
    problems.append(f"{page_name}: Tab did not come back to the first control ({describe(first)}) "
                    f"after {len(candidates) * 2 + 10} presses")
    return stops


def check_every_page(size, dark):
    width, height = SIZES[size]
    app = App(env={"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"} if dark else {}).start()
    problems = []
    try:
        stack = view_stack(app)
        for number, page_name in enumerate(PAGES, start=1):
            # Each page again: one that could not shrink has made GTK grow the window.
            app.resize(width, height)
            app.show_page(number, tr(app.lang, page_name))
            wait_page_ready(app)
            shown = app.settled_size()
            if shown != (width, height):
                problems.append(f"{page_name}: asked for {width}×{height}, the window is {shown[0]}×{shown[1]} "
                                "(its content cannot shrink that far)")
            frame = extents(app.frame())
            focusable, found = controls(app, stack, number - 1)
            assert found, f"{page_name}: no controls found"
            for n in focusable:
                if badly_named(n):
                    problems.append(f"{page_name}: no proper accessible name: {describe(n)} in {describe(n.parent)}")
                if not within_width(n, frame):
                    problems.append(f"{page_name}: wider than the window or beside it {frame}: {describe(n)}")
            stops = tab_cycle(app, found, focusable, frame, problems, page_name)
            missed = [describe(n) for n in found if n not in stops]
            if missed:
                problems.append(f"{page_name}: Tab never reaches {len(missed)} of {len(found)} controls: {missed}")
            print(f"  {size} {'dark' if dark else 'light'} {page_name}: window {shown[0]}×{shown[1]}, "
                  f"{len(found)} controls, {len(stops)} Tab stops", flush=True)
        assert not problems, "\n".join([f"{len(problems)} problems at {width}×{height} {'dark' if dark else 'light'}:"] + problems)
    finally:
        app.cleanup()


# One test per size and style, named for it (narrow_light_…, wide_dark_…): each can be run alone.
for _size in SIZES:
    for _dark in (False, True):
        def _check(size=_size, dark=_dark):
            check_every_page(size, dark)
        _check.__name__ = f"{_size}_{'dark' if _dark else 'light'}_every_control_named_inside_and_reached_by_tab"
        test(_check)


if __name__ == "__main__":
    main()
