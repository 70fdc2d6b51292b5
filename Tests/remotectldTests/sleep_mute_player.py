# A player that plays and takes `Pause` without ever answering it (AudioSessionTests.mute); prints
# `Pause` when it gets one, and `ready` once the hub lists org.mpris.MediaPlayer2.mute.
import dbus
import dbus.service

from hub_observer import PLAYER, PROPERTIES, serve_listed


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

serve_listed(Player, 'mute')
