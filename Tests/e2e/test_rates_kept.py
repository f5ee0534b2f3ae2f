"""The rates kept on disk, between the window and the command line: an answer the window gets
is weighed against the file as it is now, not the copy the window read earlier, so a newer
answer the command line kept meanwhile is never replaced by an older one."""
import json
import os
import subprocess

from harness import BINARY, App, FaultServer, main, test, wait_for


def newest_kept_day(app):
    """The newest day of currency-api's answer kept in the home's cache."""
    with open(os.path.join(app.home, "cache", "cambio", "rates", "currencyapi.json"), encoding="utf-8") as f:
        return max(json.load(f)["checked"])


def command(app, env, *args):
    """`cambio ARGS` from outside, in the window's home, with these addresses."""
    e = app.env()
    e.update(env)
    e.pop("DISPLAY", None)
    p = subprocess.run([BINARY, *args], env=e, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, (args, p.returncode, p.stderr)


@test
def an_older_answer_in_the_window_never_replaces_the_newer_one_the_command_line_kept():
    with FaultServer() as server:
        def dated(day):
            return {"CAMBIO_CURRENCYAPI_URL": server.url(f"/dated/{day}/capi")}
        # The window's sources: open.er-api.com failing (its toast and status line say when a
        # refresh is over), currency-api answering N+1 when asked (F5).
        app = App(env={"CAMBIO_ERAPI_URL": server.url("/fault/503"), **dated("2024-03-07")})
        try:
            command(app, dated("2024-03-06"), "refresh", "--provider", "currencyapi")   # day N
            app.start()
            # The start's refresh: open.er-api.com fails; currency-api's answer of N, minutes old, is
            # what the window reads and uses.
            app.wait_status_line("Offline \u00b7 showing")
            assert newest_kept_day(app) == "2024-03-06", newest_kept_day(app)
            command(app, dated("2024-03-08"), "refresh", "--provider", "currencyapi")   # N+2
            app.key("F5")
            wait_for("the refresh asked for, over", lambda: any(app.text(n).startswith("Could not refresh rates from open.er-api.com")
                                                                for n in app.find_all("label")), timeout=15)
            assert newest_kept_day(app) == "2024-03-08", f"the file holds {newest_kept_day(app)}, older than the N+2 kept"
        finally:
            app.cleanup()


if __name__ == "__main__":
    main()
