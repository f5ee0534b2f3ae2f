"""Preferences as GSettings keeps them with the tests' keyfile backend
($XDG_CONFIG_HOME/glib-2.0/settings/keyfile, XDG_CONFIG_HOME being HOME/config), for the e2e, CLI
and D-Bus tests alike (no pyatspi here)."""
import os


def write_settings(home, keys):
    """Writes `keys` (a dict: True/False, or a string for a string key) as the app's settings,
    marked migrated so the app keeps them as they are."""
    folder = os.path.join(home, "config", "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    lines = ["[io/github/cambio/Cambio]", "settings-migrated=true"]
    for key, value in keys.items():
        lines.append(f"{key}={str(value).lower() if isinstance(value, bool) else repr(str(value))}")
    with open(os.path.join(folder, "keyfile"), "w") as f:
        f.write("\n".join(lines) + "\n")
