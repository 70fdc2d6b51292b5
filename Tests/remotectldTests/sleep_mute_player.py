# A player that plays and takes `Pause` without ever answering it (AudioSessionTests.mute); prints
# `Pause` when it gets one, and `ready` once the hub lists org.mpris.MediaPlayer2.mute.
import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, PROPERTIES, address, hub_players, wait_until


class Player(dbus.service.Object):
    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        if interface == PLAYER:
            return {'PlaybackStatus': 'Playing', 'CanPlay': True, 'CanPause': True,
                    'Metadata': dbus.Dictionary({}, signature='sv')}
        return {'Identity': 'mute'}

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.GetAll(interface)[name]

    @dbus.service.method(PLAYER, async_callbacks=('reply', 'error'))
    def Pause(self, reply, error):
        print('Pause', flush=True)

connection = dbus.bus.BusConnection(address)
player = Player(connection, '/org/mpris/MediaPlayer2')
connection.request_name('org.mpris.MediaPlayer2.mute', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
wait_until(lambda: 'org.mpris.MediaPlayer2.mute' in hub_players(), 'the hub lists it')
print('ready', flush=True)
GLib.MainLoop().run()
