# metadata_reader.py ADDRESS: reads the test object's Metadata (an a{sv} with an object path,
# an int64, a list and a nested variant) with python3-dbus, introspecting it, and prints each
# value's python3-dbus type and value (MarshallingTests).
import sys

import dbus

bus = dbus.bus.BusConnection(sys.argv[1])
obj = bus.get_object('org.example.Test', '/org/example/Test')
m = obj.Get('org.example.Test', 'Metadata', dbus_interface='org.freedesktop.DBus.Properties')
print(type(m['mpris:trackid']).__name__, str(m['mpris:trackid']))
print(type(m['mpris:length']).__name__, int(m['mpris:length']))
print(list(map(str, m['xesam:artist'])), int(m['nested']))
