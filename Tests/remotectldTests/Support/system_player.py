# An MPRIS player on the system bus (DBUS_SYSTEM_BUS_ADDRESS), for SystemBusPlayerTests:
#   system_player.py NAME [--session] [--illegal] [--shairport]
# owns org.mpris.MediaPlayer2.NAME, paused, and prints `ready`, then one line per call it takes
# (`call Next`, `set LoopStatus Track`). --session puts it on the session bus instead;
# --illegal makes its values those shairport-sync 3.3.8 gives (PlaybackStatus and LoopStatus
# "Not Available", Rate 0 against MinimumRate 1) plus an ill-typed Volume (a string);
# --shairport also serves shairport-sync's org.gnome.ShairportSync (Active) and
# .RemoteControl (Available) at /org/gnome/ShairportSync, both false at first.
# Commands on standard input, one a line: `active true|false`, `available true|false`,
# `status Playing|Paused|...`, `volume-again` (announce the ill-typed Volume again),
# `seek MICROSECONDS` (jump there, announced with Seeked), and `die-on-next` (the next Next ends
# the process without answering).
import os
import sys

from mpris_player import PLAYER, PROPERTIES, ROOT, GLib, MPRISPlayer, dbus

SHAIRPORT = "org.gnome.ShairportSync"
REMOTE = "org.gnome.ShairportSync.RemoteControl"


def say(line):
    print(line, flush=True)


class Player(MPRISPlayer):
    dies_on_next = False

    @dbus.service.method(PLAYER)
    def Next(self):
        if self.dies_on_next:
            os._exit(0)
        say("call Next")

    @dbus.service.method(PLAYER)
    def Previous(self):
        say("call Previous")

    @dbus.service.method(PLAYER)
    def Play(self):
        say("call Play")
        MPRISPlayer.Play(self)

    @dbus.service.method(PLAYER)
    def Pause(self):
        say("call Pause")
        MPRISPlayer.Pause(self)

    @dbus.service.signal(PLAYER, signature="x")
    def Seeked(self, position):
        pass

    @dbus.service.method(PROPERTIES, in_signature="ssv")
    def Set(self, interface, prop, value):
        say("set %s %s" % (prop, value))
        MPRISPlayer.Set(self, interface, prop, value)


class Shairport(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/gnome/ShairportSync")
        self.values = {SHAIRPORT: {"Active": dbus.Boolean(False)}, REMOTE: {"Available": dbus.Boolean(False)}}

    def change(self, interface, name, value):
        self.values[interface][name] = value
        self.PropertiesChanged(interface, dbus.Dictionary({name: value}, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.values[interface][prop]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return dbus.Dictionary(self.values[interface], signature="sv")

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


def main():
    name = sys.argv[1]
    options = set(sys.argv[2:])
    bus = dbus.SessionBus() if "--session" in options else dbus.SystemBus()
    illegal = "--illegal" in options
    player = Player(bus, {
        ROOT: {"Identity": name, "CanQuit": False, "CanRaise": False, "HasTrackList": False,
               "SupportedUriSchemes": dbus.Array([], signature="s"),
               "SupportedMimeTypes": dbus.Array([], signature="s")},
        PLAYER: {"PlaybackStatus": "Not Available" if illegal else "Paused",
                 "LoopStatus": "Not Available" if illegal else "None",
                 "Rate": dbus.Double(0 if illegal else 1), "MinimumRate": dbus.Double(1),
                 "MaximumRate": dbus.Double(1), "Shuffle": False,
                 "Volume": "loud" if illegal else dbus.Double(1),
                 "Position": dbus.Int64(0), "CanGoNext": True, "CanGoPrevious": True, "CanPlay": True,
                 "CanPause": True, "CanSeek": False, "CanControl": True,
                 "Metadata": dbus.Dictionary({"xesam:title": name + " on the system bus",
                                              "mpris:trackid": dbus.ObjectPath("/track/1")}, signature="sv")},
    })
    shairport = Shairport(bus) if "--shairport" in options else None
    # Kept for as long as the program runs: the name is released with it.
    bus_name = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus)

    def command(source, condition):
        line = sys.stdin.readline()
        if not line:
            return False
        words = line.split()
        if words[0] == "active" and shairport:
            shairport.change(SHAIRPORT, "Active", dbus.Boolean(words[1] == "true"))
        elif words[0] == "available" and shairport:
            shairport.change(REMOTE, "Available", dbus.Boolean(words[1] == "true"))
        elif words[0] == "status":
            player.change(PlaybackStatus=words[1])
        elif words[0] == "volume-again":
            player.change(Volume="louder")
        elif words[0] == "seek":
            player.values[PLAYER]["Position"] = dbus.Int64(int(words[1]))
            player.Seeked(dbus.Int64(int(words[1])))
        elif words[0] == "die-on-next":
            player.dies_on_next = True
        say("done " + words[0])
        return True

    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
    say("ready " + bus_name.get_name())
    GLib.MainLoop().run()


main()
