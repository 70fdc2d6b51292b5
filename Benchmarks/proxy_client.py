#!/usr/bin/python3
"""A python3-dbus client of the proxy player (org.mpris.MediaPlayer2.remotectld), over the session
bus in DBUS_SESSION_BUS_ADDRESS; view.sh and remotectldTests' ProxyReadYourWritesTests run it.

`proxy_client.py pairs N` sends PlayPause through the proxy and reads PlaybackStatus through it as
soon as the call returns, N times, and prints how many reads were stale. `proxy_client.py press`
calls the bus's GetId, PlayPause through the proxy, then GetId again (markers for dbus-monitor),
and prints DONE.
"""
import sys

import dbus

bus = dbus.SessionBus()
proxy = bus.get_object("org.mpris.MediaPlayer2.remotectld", "/org/mpris/MediaPlayer2", introspect=False)
player = dbus.Interface(proxy, "org.mpris.MediaPlayer2.Player")
properties = dbus.Interface(proxy, "org.freedesktop.DBus.Properties")
daemon = dbus.Interface(
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False), "org.freedesktop.DBus")


def status():
    return str(properties.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus"))


if sys.argv[1] == "pairs":
    expected = status()
    stale = 0
    for _ in range(int(sys.argv[2])):
        player.PlayPause()
        expected = "Paused" if expected == "Playing" else "Playing"
        if status() != expected:
            stale += 1
    print(stale, flush=True)
else:
    daemon.GetId()
    player.PlayPause()
    daemon.GetId()
    print("DONE", flush=True)
