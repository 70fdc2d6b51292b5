import json, sys
import dbus, dbus.mainloop.glib
from gi.repository import GLib

CODES = {"String": "s", "ObjectPath": "o", "Int64": "x", "Int32": "i", "Double": "d",
         "Boolean": "b", "UInt32": "u", "Byte": "y", "Int16": "n", "UInt16": "q",
         "UInt64": "t", "Signature": "g"}

def typed(value):
    name = type(value).__name__
    if name == "Dictionary":
        return {"type": "a{" + str(value.signature) + "}",
                "value": {str(k): typed(v) for k, v in value.items()}}
    if name == "Array":
        return {"type": "a" + str(value.signature), "value": [typed(v)["value"] for v in value]}
    code = CODES.get(name, name)
    if code == "b":
        plain = bool(value)
    elif code in "xiuynqt":
        plain = int(value)
    elif code == "d":
        plain = float(value)
    else:
        plain = str(value)
    return {"type": code, "value": plain}

def emit(record):
    print(json.dumps(record), flush=True)

def player(bus, interface):
    # The extension interface (the one not MPRIS's own) lives at a child object of the MPRIS object.
    extension = not interface.startswith("org.mpris.MediaPlayer2")
    return bus.get_object(sys.argv[2], "/org/mpris/MediaPlayer2" + ("/RemoteControl" if extension else ""))

command = sys.argv[1]
if command == "monitor":
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    def on_properties(interface, changed, invalidated, sender=None):
        emit({"signal": "PropertiesChanged", "interface": str(interface), "sender": str(sender),
              "changed": {str(k): typed(v) for k, v in changed.items()},
              "invalidated": [str(n) for n in invalidated]})
    def on_seeked(position, sender=None):
        emit({"signal": "Seeked", "sender": str(sender), "position": typed(position)})
    for path in ["/org/mpris/MediaPlayer2", "/org/mpris/MediaPlayer2/RemoteControl"]:
        bus.add_signal_receiver(on_properties, signal_name="PropertiesChanged",
                                dbus_interface="org.freedesktop.DBus.Properties",
                                path=path, sender_keyword="sender")
    bus.add_signal_receiver(on_seeked, signal_name="Seeked",
                            dbus_interface="org.mpris.MediaPlayer2.Player",
                            path="/org/mpris/MediaPlayer2", sender_keyword="sender")
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(
        dbus_interface="org.freedesktop.DBus")
    print("READY", flush=True)
    GLib.MainLoop().run()
elif command == "get":
    bus = dbus.SessionBus()
    value = player(bus, sys.argv[3]).Get(sys.argv[3], sys.argv[4], dbus_interface="org.freedesktop.DBus.Properties")
    emit(typed(value))
elif command == "set":
    bus = dbus.SessionBus()
    print(bus.get_unique_name(), file=sys.stderr, flush=True)
    kind, text = sys.argv[5], sys.argv[6]
    value = {"d": lambda: dbus.Double(float(text)), "s": lambda: dbus.String(text),
             "b": lambda: dbus.Boolean(text == "true"), "x": lambda: dbus.Int64(int(text))}[kind]()
    try:
        player(bus, sys.argv[3]).Set(sys.argv[3], sys.argv[4], value, dbus_interface="org.freedesktop.DBus.Properties")
        print("OK", flush=True)
    except dbus.exceptions.DBusException as error:
        print(error.get_dbus_name() + ": " + error.get_dbus_message(), flush=True)
