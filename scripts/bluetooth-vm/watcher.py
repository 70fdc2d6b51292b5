#!/usr/bin/python3
# Prints, for each PlaybackStatus or track a player announces on the session bus, the VM's monotonic
# clock and the value ("<seconds> status Paused", "<seconds> track <title>"): the Bluetooth tier times
# a car's press to the app's change with it (python3-dbus; the clock is the one tier.py reads).
# With --system, the same for what any player registered with bluetoothd announces to it on the
# system bus (the hub's or mpris-proxy's PropertiesChanged of org.mpris.MediaPlayer2.Player), and
# the properties each signal carried ("<seconds> keys Metadata,PlaybackStatus"): where a change's
# time goes, before bluetoothd or after it.
# Usage: watcher.py BUS_NAME | watcher.py --system
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
system = sys.argv[1] == "--system"
bus = dbus.SystemBus() if system else dbus.SessionBus()
owner = None if system else bus.get_name_owner(sys.argv[1])


def changed(interface, values, invalidated, sender=None):
    if interface != "org.mpris.MediaPlayer2.Player" or (owner is not None and sender != owner):
        return
    now = time.monotonic()
    if "PlaybackStatus" in values:
        print("%.6f status %s" % (now, values["PlaybackStatus"]), flush=True)
    if "Metadata" in values:
        print("%.6f track %s" % (now, values["Metadata"].get("xesam:title", "")), flush=True)
    if system:
        print("%.6f keys %s" % (now, ",".join(list(values) + ["-" + name for name in invalidated])), flush=True)


# The player's own signals only (the bus filters them by sender): the hub's proxy re-announces the app's
# changes on the session bus, which would wake this watcher in the hub's blocks alone, taking the VM's CPU
# from bluetoothd and the car while they work.
bus.add_signal_receiver(changed, "PropertiesChanged", "org.freedesktop.DBus.Properties", bus_name=owner,
                        path=None if system else "/org/mpris/MediaPlayer2", sender_keyword="sender")
print("ready", flush=True)
GLib.MainLoop().run()
