# A player that answers `Pause` as a toggle, paused at first (AudioSessionTests.toggler); prints
# `Pause` on every `Pause` it gets, and `ready` once the hub lists org.mpris.MediaPlayer2.toggler.
import dbus
import dbus.service

from hub_observer import PLAYER, PROPERTIES, serve_listed


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

serve_listed(Player, 'toggler')
