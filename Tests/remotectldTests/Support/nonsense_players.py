# Three players that publish nonsense, each on a connection of its own, serving until killed;
# prints `ready` once the hub lists them all (PythonPlayers.nonsense says what each does).
import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, PROPERTIES, PlayPausePlayer, address, hub_players, wait_until


class Player(PlayPausePlayer):
    def __init__(self, connection, name):
        PlayPausePlayer.__init__(self, connection, '/org/mpris/MediaPlayer2')
        self.name = name
        self.status = 'Paused'
        self.track = 1

    def metadata(self):
        return dbus.Dictionary({'mpris:trackid': dbus.String('track-%d' % self.track),
                                'mpris:length': dbus.Double(3.5)}, signature='sv')

    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        if self.name == 'failing':
            raise dbus.exceptions.DBusException('everything fails', name='org.example.Error.Broken')
        if self.name == 'nometa':
            return {'PlaybackStatus': self.status}
        return {'PlaybackStatus': self.status, 'Metadata': self.metadata(), 'Volume': 'loud',
                'NoSuchProperty': dbus.Array([dbus.Int32(1)], signature='i')}

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        raise dbus.exceptions.DBusException('no Get here', name='org.example.Error.Broken')

    def announce(self, status):
        self.status = status
        changed = {'PlaybackStatus': status}
        if self.name == 'strange':
            self.track += 1
            changed['Metadata'] = self.metadata()
        self.PropertiesChanged(PLAYER, changed, dbus.Array([], signature='s'))

players = []
for name in ['strange', 'nometa', 'failing']:
    connection = dbus.bus.BusConnection(address)
    players.append(Player(connection, name))
    connection.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
wait_until(lambda: all('org.mpris.MediaPlayer2.' + name in hub_players()
                       for name in ['strange', 'nometa', 'failing']), 'the hub lists them')
print('ready', flush=True)
GLib.MainLoop().run()
