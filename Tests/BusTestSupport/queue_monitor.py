import json
import dbus, dbus.mainloop.glib
from gi.repository import GLib

def plain(value):
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, bool) or type(value).__name__ == "Boolean":
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
def on_signal(*args, interface=None, member=None):
    record = {"interface": str(interface), "member": str(member), "arguments": json.dumps(plain(list(args)))}
    if member == "PropertiesChanged":
        record["interface"] = str(args[0])
        record["changed"] = sorted(str(k) for k in args[1].keys())
        record["invalidated"] = [str(n) for n in args[2]]
    print(json.dumps(record), flush=True)
bus.add_signal_receiver(on_signal, path="/org/mpris/MediaPlayer2", interface_keyword="interface",
                        member_keyword="member")
bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
print("READY", flush=True)
GLib.MainLoop().run()
