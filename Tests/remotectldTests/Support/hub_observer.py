# What the python3-dbus players of PythonPlayers share (imported with PYTHONPATH at this folder):
# the bus (DBUS_SESSION_BUS_ADDRESS), a GLib loop set as dbus's default, wait_until (runs the
# loop until a condition holds, at most 10 s) and hub_players() (the hub's Players). The hub's
# names come from HubAPI, through the environment (PythonProgram.hubNames).
import os
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
address = os.environ['DBUS_SESSION_BUS_ADDRESS']
context = GLib.MainContext.default()
observer = dbus.bus.BusConnection(address)
hub = observer.get_object(os.environ['HUB_BUS_NAME'], os.environ['HUB_PATH'])

PROPERTIES = 'org.freedesktop.DBus.Properties'
PLAYER = 'org.mpris.MediaPlayer2.Player'


def hub_players():
    return [str(name) for name in hub.Get(os.environ['HUB1'], os.environ['HUB1_PLAYERS'],
                                          dbus_interface='org.freedesktop.DBus.Properties')]


def wait_until(condition, what):
    deadline = time.monotonic() + 10
    while not condition():
        if time.monotonic() > deadline:
            sys.exit('timed out waiting for ' + what + '; the hub lists ' + str(hub_players()))
        while context.iteration(False):
            pass
        time.sleep(0.005)
