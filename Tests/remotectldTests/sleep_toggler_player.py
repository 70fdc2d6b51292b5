# A player that answers `Pause` as a toggle, paused at first (AudioSessionTests.toggler); prints
# `Pause` on every `Pause` it gets, and `ready` once the hub lists org.mpris.MediaPlayer2.toggler.
import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, PROPERTIES, address, hub_players, wait_until


class Player(dbus.service.Object):
    status = 'Paused'

    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        if interface == PLAYER:
            return {'PlaybackStatus': self.status, 'CanPlay': True, 'CanPause': True,
                    'Metadata': dbus.Dictionary({}, signature='sv')}
        return {'Identity': 'toggler'}

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.GetAll(interface)[name]

    @dbus.service.signal(PROPERTIES, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def announce(self, status):
        self.status = status
        self.PropertiesChanged(PLAYER, {'PlaybackStatus': status}, dbus.Array([], signature='s'))

    @dbus.service.method(PLAYER)
    def Play(self):
        self.announce('Playing')

    @dbus.service.method(PLAYER)
    def Pause(self):
        print('Pause', flush=True)
        self.announce('Playing' if self.status == 'Paused' else 'Paused')

connection = dbus.bus.BusConnection(address)
player = Player(connection, '/org/mpris/MediaPlayer2')
connection.request_name('org.mpris.MediaPlayer2.toggler', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
wait_until(lambda: 'org.mpris.MediaPlayer2.toggler' in hub_players(), 'the hub lists it')
print('ready', flush=True)
GLib.MainLoop().run()
