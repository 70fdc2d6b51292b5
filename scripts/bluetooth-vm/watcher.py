#!/usr/bin/python3
# Prints, for each PlaybackStatus or track a player announces on the session bus, the VM's monotonic
# clock and the value ("<seconds> status Paused", "<seconds> track <title>"): the Bluetooth tier times
# a car's press to the app's change with it (python3-dbus; the clock is the one tier.py reads).
# Usage: watcher.py BUS_NAME
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
owner = bus.get_name_owner(sys.argv[1])


def changed(interface, values, invalidated, sender=None):
    if sender != owner:
        return
    now = time.monotonic()
    if "PlaybackStatus" in values:
        print("%.6f status %s" % (now, values["PlaybackStatus"]), flush=True)
    if "Metadata" in values:
        print("%.6f track %s" % (now, values["Metadata"].get("xesam:title", "")), flush=True)


bus.add_signal_receiver(changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
                        path="/org/mpris/MediaPlayer2", sender_keyword="sender")
print("ready", flush=True)
GLib.MainLoop().run()
