#!/usr/bin/python3
"""A fake GNOME Shell notification daemon (org.gtk.Notifications, the interface GLib's
GNotification uses when the session has it) on the session bus it is given: it records each
AddNotification as one JSON line in the file named by its argument, says "ready" on stdout once
it owns the name, and runs until it is ended (with `--control`, until its input closes). With `--control`, each line on its standard input
"invoke ID KEY" is a click on notification ID ("default", or a button's index): as the Shell
does, it calls org.freedesktop.Application.ActivateAction on the application's own bus name,
which the bus starts when no instance runs, and says "invoked" once the application answered.
Debian's python3 (python3-gi)."""
import json
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.gtk.Notifications">
<method name="AddNotification"><arg type="s" direction="in"/><arg type="s" direction="in"/>
<arg type="a{sv}" direction="in"/></method>
<method name="RemoveNotification"><arg type="s" direction="in"/><arg type="s" direction="in"/></method>
</interface></node>"""

log = open(sys.argv[1], "a", buffering=1)
shown = {}
bus = []


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if method == "AddNotification":
        app, nid, notification = parameters.unpack()
        shown[nid] = (app, parameters.get_child_value(2))
        log.write(json.dumps({"app": app, "id": nid, "title": notification.get("title"), "body": notification.get("body"),
                              "default-action": notification.get("default-action"),
                              "default-action-target": notification.get("default-action-target"),
                              "buttons": [{"label": b.get("label"), "action": b.get("action"), "target": b.get("target")}
                                          for b in notification.get("buttons", [])]}) + "\n")
    elif method == "RemoveNotification":
        shown.pop(parameters.unpack()[1], None)
    invocation.return_value(None)


def activate(app, action, target):
    """What the Shell does with a click: the action (less its "app." prefix) and its target,
    asked of the application by its id, started by the bus if need be."""
    if action.startswith("app."):
        name, arguments = "ActivateAction", (action[len("app."):], [target] if target is not None else [], {})
        signature = "(sava{sv})"
    else:
        name, arguments, signature = "Activate", ({},), "(a{sv})"
    path = "/" + app.replace(".", "/")
    try:
        bus[0].call_sync(app, path, "org.freedesktop.Application", name, GLib.Variant(signature, arguments),
                         None, Gio.DBusCallFlags.NONE, 60000, None)
        print("invoked", flush=True)
    except GLib.Error as error:
        print(f"failed {error.message}", flush=True)


def on_command(channel, condition):
    line = sys.stdin.readline()
    if not line:  # its input closed: the test is over
        loop.quit()
        return False
    words = line.split()
    if len(words) == 3 and words[0] == "invoke" and words[1] in shown:
        # The targets as they came (variants), handed back as they are.
        app, notification = shown[words[1]]
        if words[2] == "default":
            action = notification.lookup_value("default-action", None)
            activate(app, action.unpack() if action else "", notification.lookup_value("default-action-target", None))
        else:
            button = notification.lookup_value("buttons", None).get_child_value(int(words[2]))
            activate(app, button.lookup_value("action", None).unpack(), button.lookup_value("target", None))
    else:
        print(f"failed no notification {words[1:2]}", flush=True)
    return True


def on_bus(connection, name):
    interface = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/gtk/Notifications", interface, on_call, None, None)
    bus.append(connection)


def on_name(connection, name):
    print("ready", flush=True)


if "--control" in sys.argv:
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, on_command)
Gio.bus_own_name(Gio.BusType.SESSION, "org.gtk.Notifications", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
loop = GLib.MainLoop()
loop.run()
