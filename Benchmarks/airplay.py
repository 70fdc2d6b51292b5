#!/usr/bin/python3
"""The AirPlay figures of BENCHMARKS.md, measured by one process on one clock (time.monotonic):
airplay.sh starts the buses, PulseAudio, shairport-sync, the hub and a paused local player, then
this, which runs ROUNDS streams of the tests' sender (Tests/remotectldTests/Support/AirPlay/
airplay_sender.py, pyatv) and watches both buses with python3-dbus:

  - stream start (the sender's "streaming" line) -> the hub's NowPlayingChanged naming the relay,
    and -> the proxy's PropertiesChanged carrying the stream's title;
  - a track change within the session: shairport-sync's own Metadata PropertiesChanged on the
    system bus -> the proxy's with the new title;
  - presses (Play, Pause, PlayPause, Next, Previous) sent to the proxy while the stream plays:
    how many it answers with success (each would go nowhere: shairport-sync cannot reach pyatv);
  - stream end (the sender's "finished" line) -> the hub's NowPlayingChanged naming the local
    player.

Usage: airplay.py SENDER_PYTHON SENDER_SCRIPT PORT ROUNDS, with DBUS_SESSION_BUS_ADDRESS and
DBUS_SYSTEM_BUS_ADDRESS set.
"""
import json
import os
import subprocess
import sys
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

python, script, port, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
RELAY = "org.mpris.MediaPlayer2.ShairportSync.system"
LOCAL = "org.mpris.MediaPlayer2.local"
PLAYER = "org.mpris.MediaPlayer2.Player"

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
system = dbus.SystemBus()
loop = GLib.MainLoop()
events = []  # (name, value, time)


def note(name, value=None):
    events.append((name, value, time.monotonic()))


def title(metadata):
    return str(metadata.get("xesam:title", "")) if metadata else ""


def now_playing_changed(active, players):
    note("now-playing", str(active))


def proxy_changed(interface, changed, invalidated):
    if "Metadata" in changed:
        note("proxy-title", title(changed["Metadata"]))


def source_changed(interface, changed, invalidated, path=None):
    if interface == PLAYER and "Metadata" in changed:
        note("source-title", title(changed["Metadata"]))
    if interface == PLAYER and "PlaybackStatus" in changed:
        note("source-status", str(changed["PlaybackStatus"]))


session.add_signal_receiver(
    now_playing_changed, "NowPlayingChanged", "io.github.swift_remote_control.Hub1",
    session.get_name_owner("io.github.swift_remote_control.Hub"))
session.add_signal_receiver(
    proxy_changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
    session.get_name_owner("org.mpris.MediaPlayer2.remotectld"), "/org/mpris/MediaPlayer2")
system.add_signal_receiver(
    source_changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
    system.get_name_owner("org.mpris.MediaPlayer2.ShairportSync"), "/org/mpris/MediaPlayer2",
    path_keyword="path")
proxy = dbus.Interface(
    session.get_object("org.mpris.MediaPlayer2.remotectld", "/org/mpris/MediaPlayer2", introspect=False),
    PLAYER)


def wait_for(predicate, timeout):
    """Runs the main loop until an event satisfies predicate; returns it (None after timeout)."""
    deadline = time.monotonic() + timeout
    # A tick, so that a turn of the loop ends even when nothing arrives.
    tick = GLib.timeout_add(20, lambda: True)
    try:
        while time.monotonic() < deadline:
            for event in events:
                if predicate(event):
                    return event
            GLib.MainContext.default().iteration(True)
        return None
    finally:
        GLib.source_remove(tick)


def follow(sender):
    """Notes each of the sender's steps ("streaming", "finished"…) as its line arrives, read by
    the main loop like the signals."""
    pending = bytearray()

    def readable(fd, condition):
        data = os.read(fd, 4096)
        pending.extend(data)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            step = json.loads(line).get("event")
            note("sender", step)
            if step == "failed":
                raise SystemExit("the sender failed: %s" % line)
        return bool(data)

    return GLib.io_add_watch(sender.stdout.fileno(), GLib.IO_IN | GLib.IO_HUP, readable)


def step(word, timeout):
    event = wait_for(lambda e: e[0] == "sender" and e[1] == word, timeout)
    if not event:
        raise SystemExit("no %s from the sender: %s" % (word, events))
    return event[2]


def milliseconds(seconds):
    return "%.1f" % (seconds * 1000)


figures = {"start": [], "title": [], "metadata": [], "end": []}
accepted = sent = 0
for round_number in range(rounds):
    del events[:]
    name = "Round %d" % round_number
    sender = subprocess.Popen(
        [python, script, port, "4", name, "The Bench", "Loopback"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"))
    watch = follow(sender)
    start = step("streaming", 20)
    playing = wait_for(lambda e: e[0] == "now-playing" and e[1] == RELAY, 10)
    shown = wait_for(lambda e: e[0] == "proxy-title" and e[1] == name, 10)
    if not playing or not shown:
        raise SystemExit("round %d: the stream was not Now Playing with its title: %s" % (round_number, events))
    figures["start"].append(playing[2] - start)
    figures["title"].append(shown[2] - start)
    # Past pyatv's RECORD and FLUSH, then a phone's track change.
    wait_for(lambda e: False, 1.5)
    changed = name + " (2)"
    sender.stdin.write("track %s\n" % changed)
    sender.stdin.flush()
    source = wait_for(lambda e: e[0] == "source-title" and e[1] == changed, 10)
    proxied = wait_for(lambda e: e[0] == "proxy-title" and e[1] == changed, 10)
    if not source or not proxied:
        raise SystemExit("round %d: the track change did not reach the proxy: %s" % (round_number, events))
    figures["metadata"].append(proxied[2] - source[2])
    for member in ["Play", "Pause", "PlayPause", "Next", "Previous"]:
        sent += 1
        try:
            getattr(proxy, member)()
            accepted += 1
        except dbus.DBusException:
            pass
    # The stream's end is shairport-sync's Stopped, which may come before pyatv says it finished.
    step("finished", 30)
    stopped = wait_for(
        lambda e: e[0] == "source-status" and e[1] == "Stopped" and e[2] > proxied[2], 30)
    back = wait_for(lambda e: e[0] == "now-playing" and e[1] == LOCAL and e[2] > proxied[2], 30)
    if not stopped or not back:
        raise SystemExit("round %d: Now Playing did not go back to the local player: %s" % (
            round_number, events))
    figures["end"].append(back[2] - stopped[2])
    sender.wait()
    # The watch goes with its pipe: the next sender's pipe may get the same descriptor.
    GLib.source_remove(watch)
    sender.stdout.close()

labels = [
    ("start", "stream start -> Now Playing (the hub's NowPlayingChanged)"),
    ("title", "stream start -> its title on the proxy"),
    ("metadata", "shairport-sync's Metadata signal -> the proxy's"),
    ("end", "stream end (its Stopped) -> Now Playing back to the local player"),
]
for key, label in labels:
    values = sorted(figures[key])
    print("%-60s median %8s ms  min %8s  max %8s  (%d streams)" % (
        label, milliseconds(values[len(values) // 2]), milliseconds(values[0]), milliseconds(values[-1]),
        len(values)))
print("presses accepted by the proxy that go nowhere: %d of %d" % (accepted, sent))
