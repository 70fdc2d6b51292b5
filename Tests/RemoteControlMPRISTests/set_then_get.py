# set_then_get.py ADDRESS NAME COUNT: sets Volume then reads it back at once, COUNT times, in one
# python3-dbus connection; prints one line per try: the value set and the value read.
import sys

import dbus

bus = dbus.bus.BusConnection(sys.argv[1])
player = bus.get_object(sys.argv[2], "/org/mpris/MediaPlayer2")
props = dbus.Interface(player, "org.freedesktop.DBus.Properties")
for i in range(int(sys.argv[3])):
    value = 0.01 * (i + 1)
    props.Set("org.mpris.MediaPlayer2.Player", "Volume", dbus.Double(value))
    print(value, float(props.Get("org.mpris.MediaPlayer2.Player", "Volume")), flush=True)
