#!/usr/bin/python3
# The Bluetooth tier's MPRIS players besides binaural (python3-dbus, on the session bus): `second`, a
# well-typed player that plays as soon as it starts (the Now Playing switch the car must be told of),
# and `sloppy`, whose metadata has the types many real players send (`mpris:length` a double,
# `xesam:artist` a plain string). Each records the commands it gets on stdout and plays until killed.
# Usage: players.py second|sloppy
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
ROOT, PLAYER, PROPERTIES = "org.mpris.MediaPlayer2", "org.mpris.MediaPlayer2.Player", "org.freedesktop.DBus.Properties"
kind = sys.argv[1]
TITLES = {"second": "Second Song", "sloppy": "Sloppy Song"}


def metadata(track):
    if kind == "sloppy":
        return dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/sloppy/%d" % track),
                                "mpris:length": dbus.Double(200000000.0),
                                "xesam:title": "%s %d" % (TITLES[kind], track),
                                "xesam:artist": dbus.String("One Artist")}, signature="sv")
    return dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/second/%d" % track),
                            "mpris:length": dbus.Int64(180000000),
                            "xesam:title": "%s %d" % (TITLES[kind], track),
                            "xesam:artist": dbus.Array(["Second Artist"], signature="s"),
                            "xesam:album": "Second Album",
                            "xesam:trackNumber": dbus.Int32(track)}, signature="sv")


class Player(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.track = 1
        self.values = {
            ROOT: {"Identity": "Second Player" if kind == "second" else "Sloppy Player", "CanQuit": False,
                   "CanRaise": False, "HasTrackList": False,
                   "SupportedUriSchemes": dbus.Array([], signature="s"),
                   "SupportedMimeTypes": dbus.Array([], signature="s")},
            PLAYER: {"PlaybackStatus": "Playing", "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                     "Volume": 1.0, "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
                     "CanGoNext": True, "CanGoPrevious": True, "CanPlay": True, "CanPause": True,
                     "CanSeek": True, "CanControl": True, "Metadata": metadata(1)}}

    def change(self, **changed):
        self.values[PLAYER].update(changed)
        self.PropertiesChanged(PLAYER, dbus.Dictionary(changed, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.values[interface][name]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return dbus.Dictionary(self.values.get(interface, {}), signature="sv")

    @dbus.service.method(PROPERTIES, in_signature="ssv")
    def Set(self, interface, name, value):
        self.values[interface][name] = value
        self.PropertiesChanged(interface, dbus.Dictionary({name: value}, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def record(self, command):
        print(command, flush=True)

    @dbus.service.method(PLAYER)
    def Play(self):
        self.record("Play")
        self.change(PlaybackStatus="Playing")

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.record("Pause")
        self.change(PlaybackStatus="Paused")

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self.record("PlayPause")
        self.change(PlaybackStatus="Paused" if self.values[PLAYER]["PlaybackStatus"] == "Playing" else "Playing")

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.record("Stop")
        self.change(PlaybackStatus="Stopped")

    @dbus.service.method(PLAYER)
    def Next(self):
        self.record("Next")
        self.track += 1
        self.change(Metadata=metadata(self.track))

    @dbus.service.method(PLAYER)
    def Previous(self):
        self.record("Previous")
        self.track = max(1, self.track - 1)
        self.change(Metadata=metadata(self.track))


bus = dbus.SessionBus()
player = Player(bus)
name = dbus.service.BusName("org.mpris.MediaPlayer2.%s" % kind, bus)
print("ready", flush=True)
GLib.MainLoop().run()
