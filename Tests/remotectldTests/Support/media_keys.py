# media_keys.py: a person's media keys on headless GNOME Shell, through mutter's RemoteDesktop
# D-Bus API (org.gnome.Mutter.RemoteDesktop: a session of its own, NotifyKeyboardKeysym press and
# release), which mutter turns into key events that the shell's grabs (gnome-settings-daemon's
# media keys) see as a keyboard's. Prints `ready` once its session has started; then reads lines:
#
# - `press KEY` (play, pause, next, previous, stop): presses and releases the key, prints `pressed`;
# - `measure NAME N`: N rounds, each the Play key, then PlayPause sent straight to
#   org.mpris.MediaPlayer2.NAME, each timed from its send to NAME's next PropertiesChanged with a
#   PlaybackStatus; prints `key MS...` and `direct MS...`.
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
KEYSYMS = {'play': 0x1008FF14, 'stop': 0x1008FF15, 'previous': 0x1008FF16, 'next': 0x1008FF17,
           'pause': 0x1008FF31}
MUTTER = 'org.gnome.Mutter.RemoteDesktop'
PLAYER = 'org.mpris.MediaPlayer2.Player'
bus = dbus.SessionBus()
context = GLib.MainContext.default()
desktop = dbus.Interface(bus.get_object(MUTTER, '/org/gnome/Mutter/RemoteDesktop'), MUTTER)
session = dbus.Interface(bus.get_object(MUTTER, desktop.CreateSession()), MUTTER + '.Session')
session.Start()
statuses = []


def changed(interface, properties, invalidated, sender=None):
    if interface == PLAYER and 'PlaybackStatus' in properties:
        statuses.append((sender, str(properties['PlaybackStatus']), time.monotonic()))


bus.add_signal_receiver(changed, 'PropertiesChanged', 'org.freedesktop.DBus.Properties',
                        path='/org/mpris/MediaPlayer2', sender_keyword='sender')


def failed(error):
    sys.exit('a call failed: %s' % error)


def press(key, wait=True):
    keysym = dbus.UInt32(KEYSYMS[key])
    if wait:
        session.NotifyKeyboardKeysym(keysym, True)
        session.NotifyKeyboardKeysym(keysym, False)
    else:
        session.NotifyKeyboardKeysym(keysym, True, reply_handler=lambda: None, error_handler=failed)
        session.NotifyKeyboardKeysym(keysym, False, reply_handler=lambda: None, error_handler=failed)


def next_status(owner, start):
    """Milliseconds from start to owner's next PlaybackStatus change, at most 10 s."""
    deadline = start + 10
    while time.monotonic() < deadline:
        for sender, status, at in statuses:
            if sender == owner:
                statuses.clear()
                return (at - start) * 1000
        context.iteration(True)
    sys.exit('no PlaybackStatus from %s within 10 s' % owner)


def measure(name, rounds):
    bus_name = 'org.mpris.MediaPlayer2.' + name
    owner = str(bus.get_name_owner(bus_name))
    player = dbus.Interface(bus.get_object(bus_name, '/org/mpris/MediaPlayer2'), PLAYER)
    keys, direct = [], []
    for _ in range(rounds):
        statuses.clear()
        start = time.monotonic()
        press('play', wait=False)
        keys.append(next_status(owner, start))
        start = time.monotonic()
        player.PlayPause(reply_handler=lambda: None, error_handler=failed)
        direct.append(next_status(owner, start))
    print('key', ' '.join('%.3f' % value for value in keys), flush=True)
    print('direct', ' '.join('%.3f' % value for value in direct), flush=True)


print('ready', flush=True)
for line in sys.stdin:
    words = line.split()
    if words[:1] == ['press']:
        press(words[1])
        print('pressed', flush=True)
    elif words[:1] == ['measure']:
        measure(words[1], int(words[2]))
