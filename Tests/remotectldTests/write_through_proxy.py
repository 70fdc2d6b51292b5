# write_through_proxy.py NAME: python3-dbus writes three properties through the player NAME (the
# hub's proxy) and prints, for each, `PROPERTY VALUE MILLISECONDS OUTCOME` (`ok`, or the error).
import sys
import time

import dbus

bus = dbus.SessionBus()
proxy = bus.get_object(sys.argv[1], '/org/mpris/MediaPlayer2')
for interface, name, value in [('org.mpris.MediaPlayer2.Player', 'Volume', dbus.Double(0.25)),
                               ('com.example.Mood', 'Mood', 'happy'), ('com.example.Mood', 'Mood', 'angry')]:
    started = time.monotonic()
    try:
        proxy.Set(interface, name, value, dbus_interface='org.freedesktop.DBus.Properties')
        outcome = 'ok'
    except dbus.exceptions.DBusException as error:
        outcome = error.get_dbus_name() + ': ' + error.get_dbus_message()
    print(name, value, round((time.monotonic() - started) * 1000), outcome, flush=True)
