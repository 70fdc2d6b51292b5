#!/usr/bin/python3
"""The headset button's latency: from the last Release sent to remotectld to the player's
PropertiesChanged that shows the event took effect (PlaybackStatus for a single click, Metadata
for a double or triple click), over the session bus in DBUS_SESSION_BUS_ADDRESS.

Press and Release go straight to the hub's io.github.swift_remote_control.Button1 (what
`remotectl button press` sends), held 40 ms, clicks 100 ms apart. Usage: button.py PLAYER ROUNDS.
"""
import statistics
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
player_name = "org.mpris.MediaPlayer2." + sys.argv[1]
rounds = int(sys.argv[2])
hub = dbus.Interface(
    bus.get_object("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2"),
    "io.github.swift_remote_control.Button1")
owner = bus.get_name_owner(player_name)
context = GLib.MainContext.default()
received = []  # (time, changed property names)


def changed(interface, properties, invalidated, sender=None):
    if interface == "org.mpris.MediaPlayer2.Player":
        received.append((time.monotonic(), set(str(k) for k in properties.keys())))


bus.add_signal_receiver(
    changed, "PropertiesChanged", "org.freedesktop.DBus.Properties", owner, "/org/mpris/MediaPlayer2",
    sender_keyword="sender")


def pump(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        context.iteration(False)
        time.sleep(0.0005)


def clicks(count):
    """count clicks; returns the time the last Release was sent."""
    for index in range(count):
        if index:
            pump(0.100)
        hub.Press()
        pump(0.040)
        sent = time.monotonic()
        hub.Release()
    return sent


def measure(count, property_name, timeout=3.0):
    received.clear()
    sent = clicks(count)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        context.iteration(False)
        for at, names in received:
            if property_name in names and at >= sent:
                pump(0.6)  # let the sequence's window pass before the next one
                return (at - sent) * 1000
        time.sleep(0.0002)
    raise SystemExit(f"no {property_name} change within {timeout} s after {count} clicks")


results = {"single (PlaybackStatus)": [], "double (Metadata)": [], "triple (Metadata)": []}
for _ in range(rounds):
    results["single (PlaybackStatus)"].append(measure(1, "PlaybackStatus"))
    results["double (Metadata)"].append(measure(2, "Metadata"))
    results["triple (Metadata)"].append(measure(3, "Metadata"))

print(f"# {rounds} rounds to {player_name}: ms from the last Release sent to the player's signal")
print("| sequence | min | p50 | p90 | max |")
print("|---|---:|---:|---:|---:|")
for name, values in results.items():
    values.sort()
    p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
    print(f"| {name} | {values[0]:.1f} | {statistics.median(values):.1f} | {p90:.1f} | {values[-1]:.1f} |")
