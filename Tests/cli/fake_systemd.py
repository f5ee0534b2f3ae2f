#!/usr/bin/python3
"""A fake systemd user manager (org.freedesktop.systemd1) on the session bus it is given: it keeps
each unit file's state ("disabled" until enabled) and each unit's activity, records every call of
the Manager interface as one JSON line in the file named by its argument, and says "ready" on
stdout once it owns the name. Debian's python3 (python3-gi)."""
import json
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.systemd1.Manager">
<method name="GetUnitFileState"><arg type="s" direction="in"/><arg type="s" direction="out"/></method>
<method name="EnableUnitFiles"><arg type="as" direction="in"/><arg type="b" direction="in"/><arg type="b" direction="in"/>
<arg type="b" direction="out"/><arg type="a(sss)" direction="out"/></method>
<method name="DisableUnitFiles"><arg type="as" direction="in"/><arg type="b" direction="in"/><arg type="a(sss)" direction="out"/></method>
<method name="Reload"/>
<method name="StartUnit"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="o" direction="out"/></method>
<method name="StopUnit"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="o" direction="out"/></method>
</interface></node>"""

log = open(sys.argv[1], "a", buffering=1)
files = {}
active = set()


def on_call(connection, sender, path, interface, method, parameters, invocation):
    args = parameters.unpack()
    log.write(json.dumps([method, *args]) + "\n")
    if method == "GetUnitFileState":
        invocation.return_value(GLib.Variant("(s)", (files.get(args[0], "disabled"),)))
    elif method == "EnableUnitFiles":
        for f in args[0]:
            files[f] = "enabled"
        invocation.return_value(GLib.Variant("(ba(sss))", (True, [("symlink", "timers.target.wants/" + f, f) for f in args[0]])))
    elif method == "DisableUnitFiles":
        for f in args[0]:
            files[f] = "disabled"
        invocation.return_value(GLib.Variant("(a(sss))", ([("unlink", "timers.target.wants/" + f, "") for f in args[0]],)))
    elif method in ("StartUnit", "StopUnit"):
        (active.add if method == "StartUnit" else active.discard)(args[0])
        invocation.return_value(GLib.Variant("(o)", ("/org/freedesktop/systemd1/job/1",)))
    else:
        invocation.return_value(None)


def on_bus(connection, name):
    interface = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/freedesktop/systemd1", interface, on_call, None, None)


def on_name(connection, name):
    print("ready", flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.systemd1", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
GLib.MainLoop().run()
