# A player that plays and answers `Pause` at once, but reads `Paused` only half a second later, as
# mpv-mpris does (it answers before its cached PlaybackStatus changes), the delay stretched so the
# order is certain (AudioSessionTests.lateStatus); prints `Pause` when it gets one, and `ready`
# once the hub lists org.mpris.MediaPlayer2.latestatus. It has no Play.
import dbus
import dbus.service
from gi.repository import GLib

from hub_observer import PLAYER, AnnouncingPlayer, serve_listed


class Player(AnnouncingPlayer):
    status = 'Playing'

    def properties(self, interface):
        if interface == PLAYER:
            return {'PlaybackStatus': self.status, 'CanPlay': True, 'CanPause': True,
                    'Metadata': dbus.Dictionary({}, signature='sv')}
        return {'Identity': 'latestatus'}

    def pause_late(self):
        self.announce('Paused')
        return False

    @dbus.service.method(PLAYER)
    def Pause(self):
        print('Pause', flush=True)
        GLib.timeout_add(500, self.pause_late)

serve_listed(Player, 'latestatus')
