import os
import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib

EXT = os.environ["REMOTE_CONTROL1"]  # RemoteControlMPRIS's one declaration (ExtensionTestPlayer)
PLAYER = "org.mpris.MediaPlayer2.Player"
ROOT = "org.mpris.MediaPlayer2"

class Properties(dbus.service.Object):
    def __init__(self, bus, path, props):
        super().__init__(bus, path)
        self.props = props

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.props[interface][name]

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.props[interface]

PROPS = {
            ROOT: {"Identity": "Python", "CanQuit": False, "CanRaise": False, "HasTrackList": False},
            PLAYER: {"PlaybackStatus": "Paused", "CanPlay": True, "CanPause": True, "CanControl": True,
                     "CanSeek": True, "CanGoNext": False, "CanGoPrevious": False, "Volume": 1.0,
                     "Rate": 1.0, "MinimumRate": 1.0, "MaximumRate": 1.0,
                     "Metadata": dbus.Dictionary({"xesam:title": "Talk"}, signature="sv")},
            EXT: {"CanRate": True, "MinimumRating": 0.0, "MaximumRating": 5.0,
                  "CanLike": False, "CanDislike": True, "CanBookmark": True,
                  "CanSkipForward": True, "CanSkipBackward": True,
                  "SkipForwardIntervals": dbus.Array([dbus.Int64(10000000)], signature="x"),
                  "SkipBackwardIntervals": dbus.Array([], signature="x"),
                  "CanEnableLanguageOption": True, "CanDisableLanguageOption": True,
                  "AvailableLanguageOptions": dbus.Array(
                      [("en", "audible", "en", "English"), ("fr-cc", "legible", "fr", "Français")],
                      signature="(ssss)"),
                  "CurrentLanguageOptions": dbus.Array(["en"], signature="s")},
        }

# The extension interface lives at a child object of the MPRIS object, as our players have it.
class Extension(Properties):
    def said(self, *words):
        print(" ".join(str(word) for word in words), flush=True)

    @dbus.service.method(EXT, in_signature="d")
    def Rate(self, rating):
        self.said("Rate", float(rating))

    @dbus.service.method(EXT, in_signature="b")
    def Dislike(self, negative):
        self.said("Dislike", bool(negative))

    @dbus.service.method(EXT, in_signature="b")
    def Bookmark(self, negative):
        self.said("Bookmark", bool(negative))

    @dbus.service.method(EXT, in_signature="x")
    def SkipForward(self, interval):
        self.said("SkipForward", int(interval))

    @dbus.service.method(EXT, in_signature="x")
    def SkipBackward(self, interval):
        self.said("SkipBackward", int(interval))

    @dbus.service.method(EXT, in_signature="s")
    def EnableLanguageOption(self, identifier):
        self.said("EnableLanguageOption", identifier)

    @dbus.service.method(EXT, in_signature="s")
    def DisableLanguageOption(self, identifier):
        self.said("DisableLanguageOption", identifier)

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName("org.mpris.MediaPlayer2.pyext", bus)
player = Properties(bus, "/org/mpris/MediaPlayer2", {ROOT: PROPS[ROOT], PLAYER: PROPS[PLAYER]})
extension = Extension(bus, "/org/mpris/MediaPlayer2/RemoteControl", {EXT: PROPS[EXT]})
print("READY", flush=True)
GLib.MainLoop().run()
