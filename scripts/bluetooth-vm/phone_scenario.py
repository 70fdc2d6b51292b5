# The Bluetooth tier's phone scenario (tier.py runs it): a bumble phone (phone.py: AVRCP target, A2DP
# source) against the real bluetoothd, with bluealsa (Debian's bluez-alsa-utils) as the computer's A2DP
# sink and the hub relaying bluetoothd's MediaPlayer1 of the phone — no mpris-proxy. What it observes:
# - the relay (its MPRIS name, Identity, metadata and status, as bluetoothd read them from the phone);
# - Now Playing before the phone streams (binaural paused, the phone's player playing: binaural stays),
#   while the stream plays on this computer (an active transport: the phone), and after it stops
#   (binaural again), each sampled over a bounded window where the rule must hold throughout;
# - a Pause sent to the relay by playerctl, and the keys the phone got.
import asyncio
import os
import time

import dbus
from bumble import avrcp
from waits import await_for

MPRIS = "org.mpris.MediaPlayer2."
BINAURAL = MPRIS + "binaural"
A2DP_SINK = "0000110b-0000-1000-8000-00805f9b34fb"


_system_bus = None


def bluez_objects(computer):
    """bluetoothd's objects, by path: {interface: properties}."""
    global _system_bus
    if _system_bus is None:
        _system_bus = dbus.bus.BusConnection("unix:path=/run/dbus/system_bus_socket")
    manager = dbus.Interface(_system_bus.get_object("org.bluez", "/"), "org.freedesktop.DBus.ObjectManager")
    return manager.GetManagedObjects()


def device_objects(computer, device, interface):
    """The paths of bluetoothd's `interface` objects of `device`, with their properties."""
    return {str(path): interfaces[interface] for path, interfaces in bluez_objects(computer).items()
            if interface in interfaces and str(interfaces[interface].get("Device", "")) == device}


def transports(computer, device):
    return {path: {"uuid": str(properties.get("UUID", "")).lower(), "state": str(properties.get("State", ""))}
            for path, properties in device_objects(computer, device, "org.bluez.MediaTransport1").items()}


def relay_name(computer, hub_pid):
    """The player the hub lists (`Hub1.Players`, which leaves out the hub's own names) whose connection
    is the hub's process: a relay; None until there is one."""
    bus = computer.bus()
    players = computer.get("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2",
                           "io.github.swift_remote_control.Hub1", "Players") or []
    for name in players:
        try:
            if bus.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "GetConnectionUnixProcessID", "s", (name,)) == hub_pid:
                return str(name)
        except dbus.exceptions.DBusException:
            continue
    return None


async def sample_now_playing(computer, seconds):
    """Every Now Playing player the hub names over `seconds` (read every 0.1 s)."""
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = computer.now_playing()
        if now not in seen:
            seen.append(now)
        await asyncio.sleep(0.1)
    return seen


async def run(computer, phone, adapter, hub_argv, observed):
    session = computer.session
    address = computer.addresses[adapter]
    bluetoothd_log = os.path.join("/mnt/logs", "bluetoothd.log")

    def bluetoothd_said(text, after):
        return text in open(bluetoothd_log).read()[after:]

    # The computer's A2DP sink: bluealsa registers an SBC sink endpoint (MediaEndpoint1) with bluetoothd
    # on every adapter; a stream from the phone becomes a transport that bluealsa acquires.
    mark = len(open(bluetoothd_log).read())
    computer.bluealsa = session.start("bluealsa", ["bluealsa", "-p", "a2dp-sink"])
    observed["sink_endpoint"] = bool(await await_for(lambda: bluetoothd_said("Endpoint registered", mark), 30, 0.2))

    # The hub (started again: earlier scenarios stopped it), binaural Now Playing and playing.
    if getattr(computer, "hub", None) is not None and computer.hub.poll() is None:
        session.stop(computer.hub)
    computer.hub = session.start("remotectld-phone", hub_argv)
    await await_for(lambda: computer.now_playing() is not None, 90, 0.2)
    computer.app("binaural", "Play")
    observed["now_playing_at_start"] = await await_for(lambda: computer.now_playing() == BINAURAL
                                                       and computer.now_playing(), 60, 0.2) or computer.now_playing()

    # The phone pairs, connects and opens AVRCP: bluetoothd, the controller, makes a MediaPlayer1 of it.
    observed["pairing_attempts"] = await phone.pair_and_connect(address)
    device = "%s/dev_%s" % (adapter, phone.address.replace(":", "_"))
    observed["device"] = device
    observed["services_resolved"] = bool(await await_for(lambda: "true" in session.run(
        "busctl", "--system", "get-property", "org.bluez", device, "org.bluez.Device1", "ServicesResolved"), 20, 0.2))
    await phone.open_avrcp()
    players = await await_for(lambda: device_objects(computer, device, "org.bluez.MediaPlayer1"), 20, 0.2)
    observed["device_players"] = sorted(players or {})

    # The hub's relay of that player: its own MPRIS name, what bluetoothd read from the phone.
    relay = await await_for(lambda: relay_name(computer, computer.hub.pid), 20, 0.2)
    observed["relay"] = relay
    if relay is None:
        return
    short = relay[len(MPRIS):]
    await await_for(lambda: computer.metadata(short).get("xesam:title") == "Phone Song"
                    and computer.mpris(short, "PlaybackStatus") == "Playing", 20, 0.2)
    metadata = computer.metadata(short)
    observed["relayed"] = {"identity": computer.mpris(short, "Identity", "org.mpris.MediaPlayer2"),
                           "title": metadata.get("xesam:title"), "artist": metadata.get("xesam:artist"),
                           "album": metadata.get("xesam:album"), "length_us": metadata.get("mpris:length"),
                           "status": computer.mpris(short, "PlaybackStatus")}

    # Before the stream: binaural pauses, the phone's player says Playing, nothing of it plays here.
    computer.app("binaural", "Pause")
    await await_for(lambda: computer.mpris("binaural", "PlaybackStatus") == "Paused", 10)
    observed["before_stream"] = {"now_playing_seen": await sample_now_playing(computer, 3),
                                 "relay_status": computer.mpris(short, "PlaybackStatus"),
                                 "binaural_status": computer.mpris("binaural", "PlaybackStatus"),
                                 "transports": transports(computer, device)}

    # The phone opens AVDTP; bluetoothd discovers the phone's source endpoint, configures it with its
    # sink's (bluealsa's) configuration and opens the stream.
    await phone.open_a2dp()
    observed["phone_endpoint_seen"] = bool(await await_for(lambda: any(
        path.startswith(device + "/sep") for path in bluez_objects(computer)), 20, 0.1))
    # The phone streams SBC to the computer: bluealsa acquires the transport, the phone is Now Playing.
    started = time.monotonic()
    await phone.start_stream()
    await await_for(lambda: [path for path, transport in transports(computer, device).items()
                             if transport["uuid"] == A2DP_SINK and transport["state"] == "active"], 20, 0.1)
    active_at = time.monotonic()
    now = await await_for(lambda: computer.now_playing() == relay and relay, 20, 0.05)
    observed["while_streaming"] = {
        "transports": transports(computer, device), "active_ms": round((active_at - started) * 1000),
        "now_playing": now or computer.now_playing(),
        "now_playing_ms": round((time.monotonic() - active_at) * 1000) if now else None}

    # A Pause on the relay (playerctl, a client nobody here wrote) reaches the phone as AVRCP PAUSE; the
    # phone's player pauses, as a phone's does.
    phone.delegate.on_pause = lambda: phone.set_status(avrcp.PlayStatus.PAUSED)
    pressed_from = len(phone.delegate.keys)
    log_from = len(open(bluetoothd_log).read())
    before = time.monotonic()
    done = await asyncio.create_subprocess_exec("playerctl", "-p", short, "pause", env=session.env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    said = (await asyncio.wait_for(done.communicate(), 30))[0].decode().strip()
    await await_for(lambda: any(key == "pause" and not pressed for _, key, pressed in phone.delegate.keys[pressed_from:]),
                    10)
    keys = phone.delegate.keys[pressed_from:]
    observed["pause"] = {"playerctl": said, "playerctl_status": done.returncode,
                         "keys": [[key, pressed] for _, key, pressed in keys],
                         # ACL packets waiting in the phone's link as each key came, and the stream's
                         # packets sent and dropped by then (phone.PacedSource).
                         "link_backlog": phone.delegate.backlogs[pressed_from:],
                         "stream_packets": {"sent": phone.pump.sent, "dropped": phone.pump.dropped},
                         # bluetoothd's passthrough lines meanwhile: a press without its release, and
                         # req_timeout's "transaction N retry false", when the phone answered late.
                         "bluetoothd": [line.split("profiles/audio/")[-1].strip() for line
                                        in open(bluetoothd_log).read()[log_from:].splitlines()
                                        if "passthrough" in line or "req_timeout" in line],
                         "release_ms": round((keys[1][0] - keys[0][0]) * 1000) if len(keys) > 1 else None,
                         "ms": round((keys[0][0] - before) * 1000) if keys else None,
                         "relay_status": await await_for(lambda: computer.mpris(short, "PlaybackStatus") == "Paused"
                                                         and "Paused", 10) or computer.mpris(short, "PlaybackStatus")}

    # The phone stops streaming: the transport is no longer active, and binaural is Now Playing again.
    await phone.stop_stream()
    await await_for(lambda: not any(transport["state"] == "active" for transport in transports(computer, device).values()),
                    20, 0.1)
    back = await await_for(lambda: computer.now_playing() == BINAURAL and BINAURAL, 20, 0.1)
    observed["after_stream"] = {"transports": transports(computer, device), "now_playing": back or computer.now_playing(),
                                "now_playing_seen": await sample_now_playing(computer, 2)}
    await phone.connection.disconnect()
