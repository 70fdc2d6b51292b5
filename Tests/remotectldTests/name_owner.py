# name_owner.py NAME: a stand-in for a shell's bus name (ProxyModeTests): owns NAME until killed;
# prints OWNED once it does.
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
bus.request_name(sys.argv[1])
print("OWNED", flush=True)
GLib.MainLoop().run()
