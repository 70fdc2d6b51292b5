# gsd_pick.py: which player gnome-settings-daemon 43's media keys would reach, for the figure
# "keys that reach a player other than the hub's Now Playing one" (BENCHMARKS.md). A
# reimplementation of plugins/media-keys/mpris-controller.c, read from its sources (the real
# gsd-media-keys now runs in Tests/remotectldTests/GnomeMediaKeysTests.swift, beside GNOME Shell):
#
# - every name in the org.mpris.MediaPlayer2 namespace is a player, no exception;
# - a name that appears becomes the target unless the target is Playing (then it is remembered,
#   first in the list);
# - a remembered player whose PropertiesChanged finds it Playing becomes the target when the
#   target is not Playing (the target goes first in the list);
# - when the target's name goes, the first remembered one is the target.
#
# Reads lines on standard input: `key` prints `target NAME` (the player the Play key would reach,
# as PlayPause) once every name change and PropertiesChanged sent before it has been seen.
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
PREFIX = 'org.mpris.MediaPlayer2.'
PLAYER = 'org.mpris.MediaPlayer2.Player'
status = {}  # name -> PlaybackStatus, as the GDBusProxy's cache holds it
owners = {}  # unique name -> well-known names
target = None
others = []


def playing(name):
    return status.get(name) == 'Playing'


def appeared(name, owner):
    global target
    try:
        status[name] = str(bus.get_object(name, '/org/mpris/MediaPlayer2').Get(
            PLAYER, 'PlaybackStatus', dbus_interface='org.freedesktop.DBus.Properties'))
    except dbus.DBusException:
        status[name] = ''
    owners.setdefault(owner, set()).add(name)
    if target is not None and playing(target):
        others.insert(0, name)
        return
    if target is not None:
        others.insert(0, target)
    target = name


def vanished(name):
    global target
    status.pop(name, None)
    for names in owners.values():
        names.discard(name)
    if name == target:
        target = others.pop(0) if others else None
    elif name in others:
        others.remove(name)


def owner_changed(name, old, new):
    if not name.startswith(PREFIX):
        return
    if old:
        vanished(name)
    if new:
        appeared(name, new)


def properties_changed(interface, changed, invalidated, sender=None):
    global target
    if interface != PLAYER or 'PlaybackStatus' not in changed:
        return
    for name in list(owners.get(sender, ())):
        status[name] = str(changed['PlaybackStatus'])
        if name == target or (target is not None and playing(target)) or not playing(name):
            continue
        if name in others:
            others.remove(name)
        if target is not None:
            others.insert(0, target)
        target = name


bus.add_signal_receiver(owner_changed, 'NameOwnerChanged', 'org.freedesktop.DBus', 'org.freedesktop.DBus')
bus.add_signal_receiver(properties_changed, 'PropertiesChanged', 'org.freedesktop.DBus.Properties',
                        path='/org/mpris/MediaPlayer2', sender_keyword='sender')
for name in bus.list_names():
    if str(name).startswith(PREFIX):
        appeared(str(name), str(bus.get_name_owner(name)))


def command(source, condition):
    line = sys.stdin.readline()
    if not line:
        loop.quit()
        return False
    if line.strip() == 'key':
        # A round trip to the bus: every signal sent before this line was answered is in.
        bus.get_name_owner('org.freedesktop.DBus')
        GLib.idle_add(lambda: print('target', (target or '')[len(PREFIX):], flush=True) and False)
    return True


loop = GLib.MainLoop()
GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
print('ready', flush=True)
loop.run()
