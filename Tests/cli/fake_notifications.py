#!/usr/bin/python3
"""A fake notification server (org.freedesktop.Notifications) on the session bus it is given: it
records each Notify call as one JSON line in the file named by its argument, says "ready" on
stdout once it owns the name, and runs until it is ended. With `--control`, each line on its
standard input "invoke ID ACTION" is a click: the ActionInvoked signal for notification ID and
the action's key ("default", or a button's key from the Notify call's actions). Debian's python3
(python3-gi)."""
import json
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.Notifications">
<method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
<arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
<arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
<method name="GetCapabilities"><arg type="as" direction="out"/></method>
<method name="CloseNotification"><arg type="u" direction="in"/></method>
<method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
<arg type="s" direction="out"/><arg type="s" direction="out"/></method>
<signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
<signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
</interface></node>"""

log = open(sys.argv[1], "a", buffering=1)
sent = [0]
bus = []


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        app, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
        sent[0] += 1
        log.write(json.dumps({"id": sent[0], "app": app, "icon": icon, "summary": summary, "body": body,
                              "actions": actions, "desktop_entry": hints.get("desktop-entry")}) + "\n")
        invocation.return_value(GLib.Variant("(u)", (sent[0],)))
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "cambio tests", "1", "1.2")))
    else:
        invocation.return_value(None)


def on_bus(connection, name):
    interface = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/freedesktop/Notifications", interface, on_call, None, None)
    bus.append(connection)


def on_command(channel, condition):
    line = sys.stdin.readline()
    if not line:
        return False
    words = line.split()
    if len(words) == 3 and words[0] == "invoke":
        bus[0].emit_signal(None, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked",
                           GLib.Variant("(us)", (int(words[1]), words[2])))
        bus[0].flush_sync(None)
        print("invoked", flush=True)
    return True


def on_name(connection, name):
    print("ready", flush=True)


if "--control" in sys.argv:
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, on_command)
Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
GLib.MainLoop().run()
