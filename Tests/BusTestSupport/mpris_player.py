# The part every python3-dbus MPRIS player of the tests shares (PythonMPRISPlayer), imported as
# `mpris_player` with PYTHONPATH at this folder: a GLib main loop set as dbus's default, and
# MPRISPlayer, the object at /org/mpris/MediaPlayer2 serving the properties in `values`.
import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPERTIES = "org.freedesktop.DBus.Properties"
# What the players built on this part use from it (their main loop is GLib's).
__all__ = ["GLib", "MPRISPlayer", "PLAYER", "PROPERTIES", "ROOT", "dbus"]


class MPRISPlayer(dbus.service.Object):
    def __init__(self, bus, values):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.values = values

    def change(self, **changed):
        self.values[PLAYER].update(changed)
        self.PropertiesChanged(PLAYER, dbus.Dictionary(changed, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.values[interface][prop]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface not in self.values:
            raise dbus.exceptions.DBusException(
                "no interface " + interface, name="org.freedesktop.DBus.Error.UnknownInterface")
        return dbus.Dictionary(self.values[interface], signature="sv")

    @dbus.service.method(PROPERTIES, in_signature="ssv")
    def Set(self, interface, prop, value):
        self.values[interface][prop] = value
        self.PropertiesChanged(interface, dbus.Dictionary({prop: value}, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    @dbus.service.method(PLAYER)
    def Play(self):
        self.change(PlaybackStatus="Playing")

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.change(PlaybackStatus="Paused")

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        playing = self.values[PLAYER]["PlaybackStatus"] == "Playing"
        self.change(PlaybackStatus="Paused" if playing else "Playing")

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.change(PlaybackStatus="Stopped")


