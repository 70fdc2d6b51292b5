# activatable_app.py ID WHEN: an app as GNOME's are (ActivatableApp), owning ID and taking
# org.freedesktop.Application.Activate; its MPRIS player comes when WHEN says (`now`, `activate`
# or `never`). Imports mpris_player (PYTHONPATH).
import sys

import dbus
import dbus.service
from gi.repository import GLib

from mpris_player import MPRISPlayer, PLAYER, ROOT

app_id, when = sys.argv[1], sys.argv[2]
bus = dbus.SessionBus()
published = []


def publish():
    if not published:
        published.append(MPRISPlayer(bus, {
            ROOT: {
                "Identity": "Tones", "DesktopEntry": app_id, "CanQuit": False, "CanRaise": False,
                "HasTrackList": False, "SupportedUriSchemes": dbus.Array([], signature="s"),
                "SupportedMimeTypes": dbus.Array([], signature="s"),
            },
            PLAYER: {
                "PlaybackStatus": "Paused", "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                "Metadata": dbus.Dictionary({
                    "mpris:trackid": dbus.ObjectPath("/org/example/tones/1"), "xesam:title": "A",
                }, signature="sv"),
                "Volume": 1.0, "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
                "CanGoNext": False, "CanGoPrevious": False, "CanPlay": True, "CanPause": True,
                "CanSeek": False, "CanControl": True,
            },
        }))
        published.append(dbus.service.BusName("org.mpris.MediaPlayer2.tones", bus, do_not_queue=True))


class Application(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/" + app_id.replace(".", "/"))

    @dbus.service.method("org.freedesktop.Application", in_signature="a{sv}")
    def Activate(self, platform_data):
        if when == "activate":
            publish()


application = Application()
own = dbus.service.BusName(app_id, bus, do_not_queue=True)
if when == "now":
    publish()
GLib.MainLoop().run()
