#!/usr/bin/python3
"""A car's press, as bluetoothd sends it, side by side: the hub's registered player against
mpris-proxy's relay of the Now Playing app, from the no-reply call on the system bus to the app's
PlaybackStatus PropertiesChanged on the session bus.

bluetoothd sends a press to a registered player as `org.mpris.MediaPlayer2.Player.<member>` with
no reply expected (profiles/audio/media.c `media_player_send` → `g_dbus_send_message`). This
script sends that same message itself, to two registrations the BlueZ double recorded: the hub's
(its Now Playing player, which forwards along the hub's command path) and the one mpris-proxy made
for the app (tools/mpris-proxy.c `add_player`, at `sender2path` of the app's unique name, which
copies the call to the app). Each round sends Play then Pause through one, then through the
other, alternating which goes first, and waits for the app to say Playing, then Paused.

Usage: bluetooth_press.py PLAYER ROUNDS HUB_PID PROXY_PID; both buses from the environment
(DBUS_SESSION_BUS_ADDRESS, DBUS_SYSTEM_BUS_ADDRESS).
"""
import json
import statistics
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
system = dbus.SystemBus()
player_name = "org.mpris.MediaPlayer2." + sys.argv[1]
rounds = int(sys.argv[2])
hub_pid, proxy_pid = int(sys.argv[3]), int(sys.argv[4])
context = GLib.MainContext.default()


def process(bus, name):
    daemon = bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus")
    return int(daemon.GetConnectionUnixProcessID(name, dbus_interface="org.freedesktop.DBus"))


owner = session.get_name_owner(player_name)
# mpris-proxy's object for the app: "/" and its unique name with ':' and '.' made '_'.
proxy_path = "/" + owner.replace(":", "_").replace(".", "_")
mock = system.get_object("org.bluez", "/")
targets = {}
# mpris-proxy registers the app some time after it starts: up to 10 s.
for _ in range(200):
    registered = json.loads(mock.Registrations(dbus_interface="org.bluez.Mock"))
    for entry in registered.get("/org/bluez/hci0", {}).get("players", []):
        pid = process(system, entry["sender"])
        if pid == hub_pid:
            targets["hub"] = entry
        elif pid == proxy_pid and entry["path"] == proxy_path:
            targets["mpris-proxy"] = entry
    if set(targets) == {"hub", "mpris-proxy"}:
        break
    time.sleep(0.05)
else:
    sys.exit(f"bluetooth_press.py: registrations found {sorted(targets)} in {registered}")

status = {"value": None, "at": 0.0}


def changed(interface, properties, invalidated):
    if interface == "org.mpris.MediaPlayer2.Player" and "PlaybackStatus" in properties:
        status["value"] = str(properties["PlaybackStatus"])
        status["at"] = time.perf_counter()


session.add_signal_receiver(
    changed, "PropertiesChanged", "org.freedesktop.DBus.Properties", owner, "/org/mpris/MediaPlayer2")
app = session.get_object(player_name, "/org/mpris/MediaPlayer2")
status["value"] = str(app.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus",
                              dbus_interface="org.freedesktop.DBus.Properties"))


def press(target, member, expected, timeout=3.0):
    """Sends `member` as bluetoothd does; the seconds until the app says `expected`."""
    message = dbus.lowlevel.MethodCallMessage(
        target["sender"], target["path"], "org.mpris.MediaPlayer2.Player", member)
    message.set_no_reply(True)
    status["value"] = None
    sent = time.perf_counter()
    system.send_message(message)
    system.flush()
    # Wakes the loop every 100 ms, so that a press that changes nothing ends the run.
    timer = GLib.timeout_add(100, lambda: True)
    while status["value"] != expected:
        if time.perf_counter() - sent > timeout:
            sys.exit(f"bluetooth_press.py: {member} through {target} did not make the app {expected}")
        context.iteration(True)
    GLib.source_remove(timer)
    return status["at"] - sent


if status["value"] == "Playing":
    press(targets["hub"], "Pause", "Paused")
samples = {"hub": [], "mpris-proxy": []}
order = ["hub", "mpris-proxy"]
for index in range(rounds):
    for who in (order if index % 2 == 0 else list(reversed(order))):
        for member, expected in (("Play", "Playing"), ("Pause", "Paused")):
            samples[who].append(press(targets[who], member, expected) * 1000)
            time.sleep(0.02)
hub = statistics.median(samples["hub"])
proxy = statistics.median(samples["mpris-proxy"])
for who, values in samples.items():
    values.sort()
    print(f"{who:12} n={len(values)} p50 {statistics.median(values):.2f} ms, "
          f"p90 {values[int(len(values) * 0.9) - 1]:.2f} ms, min {values[0]:.2f} ms")
print(f"hub / mpris-proxy, p50: {hub / proxy:.2f}x (goal <= 2x)")
