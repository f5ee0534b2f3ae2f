#!/usr/bin/env python3
"""The search provider's installed files fit together: the Shell's .ini (read as the Shell reads
it: a key file with a [Shell Search Provider] group) names an installed desktop entry, a bus
name and object path, and version 2; the D-Bus service file for that bus name starts an installed,
executable `cambio --search-provider`. The desktop entry is D-Bus activatable, and the service file
named after the app id starts the installed `cambio --gapplication-service`. Usage:
check_installed.py PREFIX"""
import configparser
import os
import shlex
import sys

APP = "io.github.cambio.Cambio"


def read(path):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    with open(path, encoding="utf-8") as f:
        parser.read_file(f)
    return parser


def check_ini(ini, desktop_dir):
    group = read(ini)["Shell Search Provider"]
    problems = []
    if group.get("DesktopId") != f"{APP}.desktop" or not os.path.isfile(os.path.join(desktop_dir, group["DesktopId"])):
        problems.append(f"DesktopId {group.get('DesktopId')!r} is not an installed desktop entry in {desktop_dir}")
    if group.get("BusName") != f"{APP}.SearchProvider":
        problems.append(f"BusName {group.get('BusName')!r}")
    if group.get("ObjectPath") != "/io/github/cambio/Cambio/SearchProvider":
        problems.append(f"ObjectPath {group.get('ObjectPath')!r}")
    if group.get("Version") != "2":
        problems.append(f"Version {group.get('Version')!r} (the Shell speaks SearchProvider2)")
    return group, problems


def check_service(service, bus_name, binary, option="--search-provider"):
    group = read(service)["D-BUS Service"]
    problems = []
    if group.get("Name") != bus_name:
        problems.append(f"the service file's Name {group.get('Name')!r} is not the .ini's BusName {bus_name!r}")
    exec_line = shlex.split(group.get("Exec", ""))
    if exec_line != [binary, option]:
        problems.append(f"Exec {group.get('Exec')!r} is not {binary} {option}")
    elif not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        problems.append(f"Exec names {binary}, which is not an executable file")
    if os.path.basename(service) != f"{bus_name}.service":
        problems.append(f"{os.path.basename(service)} is not named after its bus name")
    return problems


def main():
    prefix = sys.argv[1]
    share = os.path.join(prefix, "share")
    ini = os.path.join(share, "gnome-shell", "search-providers", f"{APP}.search-provider.ini")
    group, problems = check_ini(ini, os.path.join(share, "applications"))
    service = os.path.join(share, "dbus-1", "services", f"{APP}.SearchProvider.service")
    problems += check_service(service, group.get("BusName"), os.path.join(prefix, "bin", "cambio"))
    for p in problems:
        print(f"search provider: {p}", file=sys.stderr)
    if not problems:
        print("search provider: the .ini and the D-Bus service file fit the installed binary and desktop entry")
    # The application itself: the desktop (and a clicked notification) start it through the bus.
    entry = read(os.path.join(share, "applications", f"{APP}.desktop"))["Desktop Entry"]
    activation = [] if entry.get("DBusActivatable") == "true" else [f"the desktop entry's DBusActivatable is {entry.get('DBusActivatable')!r}"]
    activation += check_service(os.path.join(share, "dbus-1", "services", f"{APP}.service"), APP,
                                os.path.join(prefix, "bin", "cambio"), "--gapplication-service")
    for p in activation:
        print(f"application: {p}", file=sys.stderr)
    if not activation:
        print("application: D-Bus activatable, its service file starts the installed binary")
    return 1 if problems or activation else 0


if __name__ == "__main__":
    sys.exit(main())
