# mock_player.py NAME [ARTIST TITLE]: a mock MPRIS player (PrivateBus.startMockPlayer) owning
# org.mpris.MediaPlayer2.NAME, with no track when no title is given, that changes its track when
# asked through org.example.MockPlayer.SetTrack(artist, title). Imports mpris_player (PYTHONPATH).
# With MOCK_PLAYER_GETALL_DELAY=SECONDS it is slow to answer GetAll, as a busy player is: it sleeps in
# its main loop before each answer, so every call it gets is answered in the order it came.
import os
import sys
import time

import dbus
import dbus.service
from gi.repository import GLib

from mpris_player import MPRISPlayer, PLAYER, ROOT

name = sys.argv[1]
bus = dbus.SessionBus()


def metadata(artist, title, number):
    if not title:
        return dbus.Dictionary({}, signature="sv")
    return dbus.Dictionary({
        "mpris:trackid": dbus.ObjectPath("/org/example/track/%d" % number),
        "xesam:artist": dbus.Array([artist], signature="s"),
        "xesam:title": title,
    }, signature="sv")


class Player(MPRISPlayer):
    def __init__(self):
        super().__init__(bus, {
            ROOT: {
                "Identity": name, "CanQuit": False, "CanRaise": False, "HasTrackList": False,
                "SupportedUriSchemes": dbus.Array([], signature="s"),
                "SupportedMimeTypes": dbus.Array([], signature="s"),
            },
            PLAYER: {
                "PlaybackStatus": "Stopped", "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                "Metadata": metadata(*(sys.argv[2:4] + ["", ""])[:2], 0), "Volume": 1.0,
                "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
                "CanGoNext": True, "CanGoPrevious": True, "CanPlay": True, "CanPause": True,
                "CanSeek": False, "CanControl": True,
            },
        })
        self.tracks = 0

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        time.sleep(float(os.environ.get("MOCK_PLAYER_GETALL_DELAY", "0")))
        return MPRISPlayer.GetAll(self, interface)

    @dbus.service.method(PLAYER)
    def Next(self):
        pass

    @dbus.service.method(PLAYER)
    def Previous(self):
        pass

    @dbus.service.method("org.example.MockPlayer", in_signature="ss")
    def SetTrack(self, artist, title):
        self.tracks += 1
        self.change(Metadata=metadata(artist, title, self.tracks))


player = Player()
owned = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus, do_not_queue=True)
GLib.MainLoop().run()
