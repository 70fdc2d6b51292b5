# A player that answers `Pause` as a toggle, paused at first (AudioSessionTests.toggler); prints
# `Pause` on every `Pause` it gets, and `ready` once the hub lists org.mpris.MediaPlayer2.toggler.
import dbus
import dbus.service

from hub_observer import PLAYER, PlayPausePlayer, serve_listed


class Player(PlayPausePlayer):
    def properties(self, interface):
        if interface == PLAYER:
            return {'PlaybackStatus': self.status, 'CanPlay': True, 'CanPause': True,
                    'Metadata': dbus.Dictionary({}, signature='sv')}
        return {'Identity': 'toggler'}

    @dbus.service.method(PLAYER)
    def Pause(self):
        print('Pause', flush=True)
        self.announce('Playing' if self.status == 'Paused' else 'Paused')

serve_listed(Player, 'toggler')
