# A python3-dbus MPRIS player, org.mpris.MediaPlayer2.late, that is slow in one of two ways
# (LatePlayerTests), on the bus of DBUS_SESSION_BUS_ADDRESS; it plays "Late Track" throughout.
#
# `late_player.py export MS`: owns its name first and exports its object MS milliseconds later,
# as Firefox does; it announces nothing then (Firefox's object is there playing, with no change
# to tell). Prints `named` once it owns the name, `exported` once its object answers.
#
# `late_player.py answer MS COUNT`: exports its object and owns its name at once, but answers its
# first COUNT reads of the player interface (GetAll) only MS milliseconds later, as a busy
# player can; on the first one it announces PlaybackStatus Playing at once (its title only in
# its reads). Prints `named` once it owns the name, `asked` when that first read comes (after
# its announcement), `answered N` as each late answer goes.
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
NAME = "org.mpris.MediaPlayer2.late"
PATH = "/org/mpris/MediaPlayer2"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPERTIES = "org.freedesktop.DBus.Properties"
VALUES = {
    ROOT: {"Identity": "late", "CanQuit": False, "CanRaise": False, "HasTrackList": False},
    PLAYER: {
        "PlaybackStatus": "Playing", "CanPlay": True, "CanPause": True, "CanControl": True,
        "Metadata": dbus.Dictionary(
            {"mpris:trackid": dbus.ObjectPath("/late/1"), "xesam:title": "Late Track"}, signature="sv"),
    },
}


def properties(interface):
    if interface not in VALUES:
        raise dbus.exceptions.DBusException(
            "no interface " + interface, name="org.freedesktop.DBus.Error.UnknownInterface")
    return dbus.Dictionary(VALUES[interface], signature="sv")


class LatePlayer(dbus.service.Object):
    """Answers every read at once."""

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return properties(interface)

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return properties(interface)[name]


class SlowPlayer(dbus.service.Object):
    """Answers its first `late_reads` reads of the player interface `delay` ms late, announcing
    Playing as the first comes."""

    def __init__(self, connection, delay, late_reads):
        super().__init__(connection, PATH)
        self.delay = delay
        self.late_reads = late_reads
        self.asked = 0

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}",
                         async_callbacks=("reply", "error"))
    def GetAll(self, interface, reply, error):
        if interface != PLAYER or self.asked >= self.late_reads:
            reply(properties(interface))
            return
        self.asked += 1
        number = self.asked
        if number == 1:
            self.PropertiesChanged(
                PLAYER, dbus.Dictionary({"PlaybackStatus": "Playing"}, signature="sv"),
                dbus.Array([], signature="s"))
            print("asked", flush=True)

        def answer():
            reply(properties(interface))
            print("answered", number, flush=True)
            return False

        GLib.timeout_add(self.delay, answer)

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return properties(interface)[name]

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


connection = dbus.SessionBus()
mode, delay = sys.argv[1], int(sys.argv[2])
held = []
if mode == "export":
    connection.request_name(NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    print("named", flush=True)

    def export():
        held.append(LatePlayer(connection, PATH))
        print("exported", flush=True)
        return False

    GLib.timeout_add(delay, export)
else:
    held.append(SlowPlayer(connection, delay, int(sys.argv[3])))
    connection.request_name(NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    print("named", flush=True)
GLib.MainLoop().run()
