# A player that plays and answers `Pause` at once, but reads `Paused` only half a second later, as
# mpv-mpris does (it answers before its cached PlaybackStatus changes), the delay stretched so the
# order is certain (AudioSessionTests.lateStatus); prints `Pause` when it gets one, and `ready`
# once the hub lists org.mpris.MediaPlayer2.latestatus.
import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, PROPERTIES, serve_listed


class Player(dbus.service.Object):
    status = 'Playing'

    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        if interface == PLAYER:
            return {'PlaybackStatus': self.status, 'CanPlay': True, 'CanPause': True,
                    'Metadata': dbus.Dictionary({}, signature='sv')}
        return {'Identity': 'latestatus'}

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.GetAll(interface)[name]

    @dbus.service.signal(PROPERTIES, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def announce(self, status):
        self.status = status
        self.PropertiesChanged(PLAYER, {'PlaybackStatus': status}, dbus.Array([], signature='s'))
        return False

    @dbus.service.method(PLAYER)
    def Pause(self):
        print('Pause', flush=True)
        GLib.timeout_add(500, self.announce, 'Paused')

serve_listed(Player, 'latestatus')
