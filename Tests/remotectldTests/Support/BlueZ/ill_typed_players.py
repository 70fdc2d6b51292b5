# Players whose properties have the types many real players send and bluetoothd 5.66 refuses
# (profiles/audio/media.c `set_player_property`), each on a connection of its own, serving until
# killed; each plays on Play and pauses on Pause, announcing its PlaybackStatus. Prints one JSON
# line, {name: [title, identity]} (what a car should show of each), then `ready` once the hub lists
# them all.
import json

import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PROPERTIES, PlayPausePlayer, address, hub_players, wait_until

ROOT = 'org.mpris.MediaPlayer2'


def track(title, **entries):
    metadata = {'mpris:trackid': dbus.ObjectPath('/org/example/track/1'), 'xesam:title': dbus.String(title)}
    metadata.update(entries)
    return dbus.Dictionary(metadata, signature='sv')


# name -> (Identity or None, Metadata, other player properties)
PLAYERS = {
    'doublelength': ('Double Length', track('A Double Length', **{'mpris:length': dbus.Double(215e6)}), {}),
    'stringartist': ('String Artist', track('A String Artist', **{'xesam:artist': dbus.String('Band')}), {}),
    'widetracknumber': ('Wide Track Number', track(
        'A 64-bit Track Number', **{'xesam:trackNumber': dbus.Int64(3), 'mpris:length': dbus.UInt64(1000)}), {}),
    'doubletracknumber': ('Double Track Number', track(
        'A Double Track Number', **{'xesam:trackNumber': dbus.Double(4)}), {}),
    'stringlength': ('String Length', track(
        'A String Length', **{'mpris:length': dbus.String('215000000'), 'xesam:genre': dbus.String('Rock')}), {}),
    'strangeloop': ('Strange Loop', track('An Unknown Loop Status'), {'LoopStatus': dbus.String('Repeat')}),
    'intartist': ('Int Artist', track(
        'Artists That Are Numbers', **{'xesam:artist': dbus.Array([dbus.Int32(1)], signature='i')}), {}),
    'uppercasekey': ('Upper Case Key', track('A Key In Capitals', **{'MPRIS:LENGTH': dbus.Double(1.5)}), {}),
    'stringtrackid': ('String Trackid', dbus.Dictionary({
        'mpris:trackid': dbus.String('track-1'), 'xesam:title': dbus.String('A String Trackid'),
        'xesam:album': dbus.Array([dbus.String('Album')], signature='s')}, signature='sv'), {}),
    'noidentity': (None, track('No Identity', **{'mpris:length': dbus.Double(2e6)}), {}),
}


class Player(PlayPausePlayer):
    def __init__(self, connection, name):
        PlayPausePlayer.__init__(self, connection, '/org/mpris/MediaPlayer2')
        self.identity, self.metadata, self.extra = PLAYERS[name]
        self.status = 'Paused'

    def player_properties(self):
        properties = {'PlaybackStatus': self.status, 'Metadata': self.metadata, 'CanPlay': True,
                      'CanPause': True, 'CanGoNext': False, 'CanGoPrevious': False, 'CanControl': True,
                      'CanSeek': False, 'Position': dbus.Int64(0), 'Rate': 1.0}
        properties.update(self.extra)
        return properties

    def root_properties(self):
        properties = {'CanQuit': False, 'CanRaise': False, 'HasTrackList': False,
                      'SupportedUriSchemes': dbus.Array([], signature='s'),
                      'SupportedMimeTypes': dbus.Array([], signature='s')}
        if self.identity is not None:
            properties['Identity'] = self.identity
        return properties

    def properties(self, interface):
        return self.root_properties() if interface == ROOT else self.player_properties()

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        properties = self.properties(interface)
        if name not in properties:
            raise dbus.exceptions.DBusException('no ' + name, name='org.freedesktop.DBus.Error.UnknownProperty')
        return properties[name]

players = []
for name in PLAYERS:
    connection = dbus.bus.BusConnection(address)
    players.append(Player(connection, name))
    connection.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print(json.dumps({name: [str(PLAYERS[name][1]['xesam:title']), PLAYERS[name][0] or name] for name in PLAYERS}),
      flush=True)
wait_until(lambda: all('org.mpris.MediaPlayer2.' + name in hub_players() for name in PLAYERS), 'the hub lists them')
print('ready', flush=True)
GLib.MainLoop().run()
