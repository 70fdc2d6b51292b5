"""Prints every signal one bus name sends, as `gdbus monitor --dest NAME` prints them, but only
once its match rule is in place: `gdbus monitor` (GLib 2.74) sends its AddMatch only after it
has printed "The name NAME is owned by OWNER", so a signal sent right after that line can be
missed. Here the AddMatch is a call whose reply comes before that line.

Usage: signal_monitor.py ADDRESS NAME (a well-known or a unique name)."""
import sys
from gi.repository import Gio, GLib

address, name = sys.argv[1], sys.argv[2]
bus = Gio.DBusConnection.new_for_address_sync(
    address,
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None, None)


def call(method, *arguments):
    return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         method, GLib.Variant("(" + "s" * len(arguments) + ")", arguments),
                         None, Gio.DBusCallFlags.NONE, -1, None)


def owned_by(owner):
    if owner:
        print(f"The name {name} is owned by {owner}", flush=True)
    else:
        print(f"The name {name} does not have an owner", flush=True)


def on_signal(connection, sender, path, interface, member, parameters):
    # The bus's own signals to this connection (NameAcquired) come without a match rule.
    if sender == "org.freedesktop.DBus" and name != sender:
        if member == "NameOwnerChanged" and parameters[0] == name:
            owned_by(parameters[2])
        return
    print(f"{path}: {interface}.{member} {parameters.print_(True)}", flush=True)


# The bus matches a well-known sender name against its owner of the moment, so the rule follows
# a new owner without any tracking here. Every rule is in place before the owner is printed.
bus.signal_subscribe(None, None, None, None, None, Gio.DBusSignalFlags.NO_MATCH_RULE, on_signal)
call("AddMatch", f"type='signal',sender='{name}'")
if not name.startswith(":"):
    call("AddMatch", "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                     f"member='NameOwnerChanged',arg0='{name}'")
print(f"Monitoring signals from all objects owned by {name}", flush=True)
try:
    owned_by(call("GetNameOwner", name)[0])
except GLib.Error:
    owned_by("")
GLib.MainLoop().run()
