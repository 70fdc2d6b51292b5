import sys
import time
import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
PLAYER = "org.mpris.MediaPlayer2.Player"
name, error = sys.argv[1], float(sys.argv[2])
bus = dbus.SessionBus()


class Player(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.base, self.at = 10.0, time.monotonic()
        self.reported = self.base

    def position(self):
        return self.base + time.monotonic() - self.at

    def values(self):
        self.reported = self.position()
        return {
            "PlaybackStatus": "Playing", "Rate": 1.0, "MinimumRate": 1.0, "MaximumRate": 1.0,
            "Position": dbus.Int64(int(self.reported * 1e6)), "CanSeek": True,
            "CanControl": True, "CanPlay": True, "CanPause": True,
            "Metadata": dbus.Dictionary({}, signature="sv"),
        }

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.values()[prop]

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return dbus.Dictionary(self.values() if interface == PLAYER else {}, signature="sv")

    @dbus.service.method(PLAYER, in_signature="x")
    def Seek(self, offset):
        # From the position last read, not the one the clock has reached since: how long the
        # call took to come (long on a loaded machine) would otherwise move where it lands.
        self.base, self.at = max(self.reported + offset / 1e6 + error, 0), time.monotonic()
        self.Seeked(dbus.Int64(int(self.base * 1e6)))

    @dbus.service.signal(PLAYER, signature="x")
    def Seeked(self, position):
        pass


player = Player()
owned = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus, do_not_queue=True)
GLib.MainLoop().run()
