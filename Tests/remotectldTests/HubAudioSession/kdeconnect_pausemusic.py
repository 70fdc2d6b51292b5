# A double of KDE Connect's "Pause media during calls" (kdeconnectd's pausemusic plugin,
# plugins/pausemusic/pausemusicplugin.cpp, with its defaults: pause on ringing, no mute, resume
# after). kdeconnectd cannot run here: it acts only on packets from a paired phone, and no phone
# can pair with this machine. What it does over D-Bus is done here exactly, on the session bus at
# DBUS_SESSION_BUS_ADDRESS:
#
# - a call rings or is picked up (a line `ringing` or `talking` on standard input): for every bus
#   name that starts with `org.mpris.MediaPlayer2.` but not `org.mpris.MediaPlayer2.kdeconnect.`,
#   in the bus daemon's order, it reads `PlaybackStatus`; each that says "Playing" and is not
#   paused by it already is remembered and sent `Pause` (`Stop` when `CanPause` is false);
# - the call ends (a line `cancel`, the packet's `isCancel`): every name remembered is sent
#   `Play`, and forgotten.
#
# It prints `read NAME STATUS` for each status it reads, `paused NAME` and `resumed NAME` for each
# call it sends, then `done EVENT` once it
# has handled a line; `ready` at the start.
import sys

import dbus

PREFIX = 'org.mpris.MediaPlayer2.'
PLAYER = 'org.mpris.MediaPlayer2.Player'
bus = dbus.SessionBus()
paused = []


def player(name):
    return bus.get_object(name, '/org/mpris/MediaPlayer2', introspect=False)


def property_of(name, key):
    return player(name).Get(PLAYER, key, dbus_interface='org.freedesktop.DBus.Properties')


def rings():
    for name in bus.list_names():
        if not name.startswith(PREFIX) or name.startswith(PREFIX + 'kdeconnect.'):
            continue
        try:
            status = property_of(name, 'PlaybackStatus')
        except dbus.DBusException:
            continue  # QDBus reads a failed call as an empty status
        print('read', name, status, flush=True)
        if status != 'Playing' or name in paused:
            continue
        paused.append(name)
        try:
            member = 'Pause' if property_of(name, 'CanPause') else 'Stop'
            getattr(player(name), member)(dbus_interface=PLAYER)
        except dbus.DBusException:
            pass  # the plugin does not look at the reply
        print('paused', name, flush=True)


def ends():
    for name in paused:
        try:
            player(name).Play(dbus_interface=PLAYER)
        except dbus.DBusException:
            pass
        print('resumed', name, flush=True)
    paused.clear()


print('ready', flush=True)
for line in sys.stdin:
    event = line.strip()
    if event in ('ringing', 'talking'):
        rings()
    elif event == 'cancel':
        ends()
    else:
        print('unknown event', event, flush=True)
        continue
    print('done', event, flush=True)
