# What the python3-dbus players of PythonPlayers share (imported with PYTHONPATH at this folder):
# the bus (DBUS_SESSION_BUS_ADDRESS), a GLib loop set as dbus's default, wait_until (runs the
# loop until a condition holds, at most 10 s), hub_players() (the hub's Players), serve_listed
# (one player served until killed, `ready` once the hub lists it) and the players' common parts,
# AnnouncingPlayer and PlayPausePlayer. The hub's names come from HubAPI, through the environment
# (PythonProgram.hubNames).
import os
import sys
import time

import dbus
import dbus.service
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


def serve_listed(player_class, name):
    """Serves a player_class object at MPRIS's path as org.mpris.MediaPlayer2.NAME on a connection
    of its own, prints `ready` once the hub lists it, and runs the loop until killed."""
    connection = dbus.bus.BusConnection(address)
    player = player_class(connection, '/org/mpris/MediaPlayer2')
    bus_name = 'org.mpris.MediaPlayer2.' + name
    connection.request_name(bus_name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    wait_until(lambda: bus_name in hub_players(), 'the hub lists it')
    print('ready', flush=True)
    GLib.MainLoop().run()
    return player


class AnnouncingPlayer(dbus.service.Object):
    """An MPRIS player whose PlaybackStatus, `status` (Paused at first), is announced with
    PropertiesChanged by announce(); GetAll answers properties(interface), which a subclass says,
    and Get one of them."""
    status = 'Paused'

    def properties(self, interface):
        raise NotImplementedError

    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        return self.properties(interface)

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.properties(interface)[name]

    @dbus.service.signal(PROPERTIES, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def announce(self, status):
        self.status = status
        self.PropertiesChanged(PLAYER, {'PlaybackStatus': status}, dbus.Array([], signature='s'))


class PlayPausePlayer(AnnouncingPlayer):
    """An AnnouncingPlayer that plays on Play and pauses on Pause."""

    @dbus.service.method(PLAYER)
    def Play(self):
        self.announce('Playing')

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.announce('Paused')
