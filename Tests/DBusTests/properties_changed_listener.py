# properties_changed_listener.py ADDRESS: subscribes to PropertiesChanged at /org/example/Test,
# then calls Announce, and prints the first signal's interface, changed and invalidated names
# (SignalTests).
import sys

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(sys.argv[1])
loop = GLib.MainLoop()


def changed(iface, props, invalidated):
    print(iface, sorted(str(k) for k in props), [str(i) for i in invalidated], flush=True)
    loop.quit()


bus.add_signal_receiver(changed, 'PropertiesChanged', 'org.freedesktop.DBus.Properties', path='/org/example/Test')
bus.get_object('org.example.Test', '/org/example/Test').Announce(dbus_interface='org.example.Test')
GLib.timeout_add(5000, loop.quit)
loop.run()
