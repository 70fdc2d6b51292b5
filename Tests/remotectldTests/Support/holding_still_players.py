# holding_still_players.py [--system] NAME:STATUS...: players that take every command and change
# nothing on their own (PythonPlayers.holdingStill says what each does), on the session bus, or with
# --system on the bus at DBUS_SYSTEM_BUS_ADDRESS; prints `ready` once they own their names.
import os
import sys

import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, PROPERTIES, AnnouncingPlayer, address

ROOT = 'org.mpris.MediaPlayer2'


class Player(AnnouncingPlayer):
    def __init__(self, connection, name, status):
        AnnouncingPlayer.__init__(self, connection, '/org/mpris/MediaPlayer2')
        self.name = name
        self.status = status

    def said(self, member):
        print(self.name, member, flush=True)

    def properties(self, interface):
        if interface == ROOT:
            return {'Identity': self.name, 'CanQuit': False, 'CanRaise': False, 'HasTrackList': False,
                    'SupportedUriSchemes': dbus.Array([], signature='s'),
                    'SupportedMimeTypes': dbus.Array([], signature='s')}
        if interface == PLAYER:
            metadata = dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/org/example/' + self.name.replace('.', '_')),
                                        'xesam:title': self.name}, signature='sv')
            return {'PlaybackStatus': self.status, 'Metadata': metadata, 'Rate': 1.0, 'Volume': 1.0,
                    'Position': dbus.Int64(0), 'MinimumRate': 1.0, 'MaximumRate': 1.0,
                    'CanPlay': True, 'CanPause': True, 'CanGoNext': True, 'CanGoPrevious': True,
                    'CanSeek': True, 'CanControl': True}
        return {}

    @dbus.service.method(PROPERTIES, in_signature='ssv')
    def Set(self, interface, name, value):
        self.said('Set ' + name)

    @dbus.service.signal(PLAYER, signature='x')
    def Seeked(self, position):
        pass

    @dbus.service.method(ROOT)
    def Raise(self):
        self.said('Raise')

    @dbus.service.method(ROOT)
    def Quit(self):
        self.said('Quit')

    @dbus.service.method(PLAYER)
    def Play(self):
        self.announce('Playing')
        self.said('Play')

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.announce('Paused')
        self.said('Pause')

    @dbus.service.method(PLAYER, in_signature='x')
    def Seek(self, offset):
        self.Seeked(dbus.Int64(0))
        self.said('Seek')

    @dbus.service.method(PLAYER, in_signature='ox')
    def SetPosition(self, track, position):
        self.said('SetPosition')

    @dbus.service.method(PLAYER, in_signature='s')
    def OpenUri(self, uri):
        self.said('OpenUri')

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self.said('PlayPause')

    @dbus.service.method(PLAYER)
    def Next(self):
        self.said('Next')

    @dbus.service.method(PLAYER)
    def Previous(self):
        self.said('Previous')

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.said('Stop')

arguments = sys.argv[1:]
players_address = address
if arguments[:1] == ['--system']:
    arguments = arguments[1:]
    players_address = os.environ['DBUS_SYSTEM_BUS_ADDRESS']
players = []
for argument in arguments:
    name, status = argument.split(':')
    connection = dbus.bus.BusConnection(players_address)
    players.append(Player(connection, name, status))
    connection.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print('ready', flush=True)
GLib.MainLoop().run()
