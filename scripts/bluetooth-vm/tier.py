# The Bluetooth tier, run once inside the VM: virtual controllers (btvirt), the real dbus-daemon system
# bus and bluetoothd 5.66, a session bus with binaural Now Playing and the hub (remotectld) from the
# build, and a bumble car on a controller of its own. Each scenario's observations go to
# /mnt/results.json (one object per scenario); the Swift suite BluetoothVMTests asserts on them.
# Usage (inside the VM): tier.py tier | demo
import asyncio
import json
import math
import os
import re
import struct
import subprocess
import sys
import time
import traceback

import dbus
import phone_scenario
from car import Car
from phone import Phone
from waits import await_for, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ["BLUETOOTH_VM_BUILD"]
LOGS = "/mnt/logs"
A2DP_SOURCE = "0000110a-0000-1000-8000-00805f9b34fb"
results = {}


def save():
    with open("/mnt/results.json.part", "w") as file:
        json.dump(results, file, indent=1, sort_keys=True)
    os.replace("/mnt/results.json.part", "/mnt/results.json")


def plain(value):
    """A python3-dbus value as plain JSON-able Python."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (dbus.Array, list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, (dbus.String, dbus.ObjectPath, str)):
        return str(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, int):
        return int(value)
    return value


def log(*words):
    print("%8.2f" % time.monotonic(), *words, file=sys.stderr, flush=True)


class Session:
    """The processes of the VM's computer side, each logging to /mnt/logs."""

    def __init__(self):
        self.children = []
        self.env = dict(os.environ)

    def start(self, name, argv, env=None):
        out = open(os.path.join(LOGS, name + ".log"), "w")
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env or self.env)
        self.children.append(child)
        return child

    def start_ready(self, name, argv, timeout=30):
        """A child that prints `ready` when it serves."""
        child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=open(os.path.join(LOGS, name + ".log"), "w"),
                                 env=self.env, text=True)
        self.children.append(child)
        line = child.stdout.readline()
        if line.strip() != "ready":
            raise RuntimeError("%s did not start: %r" % (name, line))
        return child

    def run(self, *argv, system=False, timeout=30):
        done = subprocess.run(list(argv), capture_output=True, text=True, env=self.env, timeout=timeout)
        return done.stdout.strip()

    def stop(self, child):
        child.terminate()
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()


def log_size(name):
    return os.path.getsize(os.path.join(LOGS, name + ".log"))


def passthrough_lines(mark):
    """What bluetoothd did with the presses since its log was `mark` bytes long: its AV/C lines (a key
    handed to its uinput device) and its calls to the registered player (media.c's `media_player_*`)."""
    with open(os.path.join(LOGS, "bluetoothd.log"), "rb") as file:
        file.seek(mark)
        text = file.read().decode("utf-8", "replace")
    return [line.split("profiles/audio/")[-1].strip() for line in text.splitlines()
            if "AV/C:" in line or ("media.c:media_player_" in line and "get_" not in line)]


def uinput_device(name, address):
    """bluetoothd's uinput device for the peer: its /dev/input/event file."""
    for block in open("/proc/bus/input/devices").read().split("\n\n"):
        if name in block or address.split("/")[0] in block:
            found = re.search(r"H: Handlers=.*?(event\d+)", block)
            if found:
                return "/dev/input/" + found.group(1)
    return None


def key_events(data):
    """The EV_KEY events in `data`, evdev's `struct input_event` records read from an event file (24 bytes
    each on 64-bit: the time in 16, then type, code, value as "<HHi"; a partial record at the end is left
    out), as [code, value] pairs, and how many SYN_DROPPED the kernel wrote among them."""
    keys, dropped = [], 0
    for offset in range(0, len(data) - 23, 24):
        kind, code, value = struct.unpack_from("<HHi", data, offset + 16)
        if kind == 1:  # EV_KEY
            keys.append([code, value])
        elif kind == 0 and code == 3:  # SYN_DROPPED
            dropped += 1
    return keys, dropped


def good_controllers():
    """The virtual controllers that came up: an address other than 00:00:00:00:00:00."""
    out = subprocess.run(["hciconfig"], capture_output=True, text=True).stdout
    found = re.findall(r"^(hci\d+):.*?BD Address: ([0-9A-F:]+)", out, re.S | re.M)
    return [int(name[3:]) for name, address in found if address != "00:00:00:00:00:00"]


class Computer:
    def __init__(self):
        self.session = Session()

    def bus(self):
        """The session bus, as a python3-dbus connection (calls on it are quick: no process per read)."""
        if getattr(self, "_bus", None) is None:
            self._bus = dbus.bus.BusConnection(self.session.env["DBUS_SESSION_BUS_ADDRESS"])
        return self._bus

    def get(self, name, path, interface, prop):
        try:
            return plain(self.bus().call_blocking(name, path, "org.freedesktop.DBus.Properties", "Get", "ss",
                                                  (interface, prop), timeout=10))
        except dbus.exceptions.DBusException:
            return None

    def mpris(self, player, name, interface="org.mpris.MediaPlayer2.Player"):
        return self.get("org.mpris.MediaPlayer2." + player, "/org/mpris/MediaPlayer2", interface, name)

    def metadata(self, player):
        return self.mpris(player, "Metadata") or {}

    def now_playing(self):
        return self.get("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2",
                        "io.github.swift_remote_control.Hub1", "ActivePlayer")

    def app(self, player, method):
        """The app itself pauses, plays or changes track (its own MPRIS method, as its own button would)."""
        self.bus().call_blocking("org.mpris.MediaPlayer2." + player, "/org/mpris/MediaPlayer2",
                                 "org.mpris.MediaPlayer2.Player", method, "", (), timeout=10)

    def start_system(self):
        os.makedirs("/run/dbus", exist_ok=True)
        subprocess.run(["dbus-daemon", "--system", "--fork", "--nopidfile"], check=True)
        self.bluetoothd = self.session.start("bluetoothd", ["/usr/libexec/bluetooth/bluetoothd", "-n", "-d"])
        adapters = wait_for(lambda: re.findall(r"/org/bluez/hci\d+", subprocess.run(
            ["busctl", "--system", "tree", "--list", "org.bluez"], capture_output=True, text=True).stdout), 20)
        self.adapters = sorted(set(adapters))
        for adapter in self.adapters:
            subprocess.run(["busctl", "--system", "set-property", "org.bluez", adapter, "org.bluez.Adapter1",
                            "Powered", "b", "true"], timeout=20)
            # A car pages the computer: bluetoothd leaves page scan off until something is paired.
            subprocess.run(["btmgmt", "--index", adapter.rsplit("hci", 1)[1], "connectable", "on"], timeout=20,
                           capture_output=True)
        self.agent = self.session.start_ready("agent", ["/usr/bin/python3", os.path.join(HERE, "agent.py")])
        self.addresses = {}
        for adapter in self.adapters:
            out = subprocess.run(["busctl", "--system", "--json=short", "get-property", "org.bluez", adapter,
                                  "org.bluez.Adapter1", "Address"], capture_output=True, text=True).stdout
            self.addresses[adapter] = json.loads(out)["data"]

    def start_session(self):
        os.makedirs("/tmp/rt", mode=0o700, exist_ok=True)
        # A session bus that starts no service: the VM sees the host's /usr, whose service files are
        # not this computer's desktop (Plasma's names org.freedesktop.Notifications and would start
        # plasma_waitforname under TCG at the hub's first track notification, in its blocks alone).
        config = "/tmp/session.conf"
        with open(config, "w") as out:
            out.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\" "
                      "\"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                      "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>"
                      "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
                      "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n")
        out = subprocess.run(["dbus-daemon", "--config-file=" + config, "--fork", "--print-address=1", "--nopidfile"],
                             capture_output=True, text=True, check=True).stdout
        self.session.env.update(DBUS_SESSION_BUS_ADDRESS=out.strip(), XDG_RUNTIME_DIR="/tmp/rt")
        self.binaural = self.session.start("binaural", [os.path.join(BUILD, "binaural"), "--output", "null"])
        wait_for(lambda: self.mpris("binaural", "PlaybackStatus"), 30, 0.2)

    def start_hub(self):
        self.hub = self.session.start("remotectld", [os.path.join(BUILD, "remotectld")])
        return wait_for(lambda: self.now_playing() is not None, 30, 0.2)


async def scenario(name, body, limit=90):
    """Runs one scenario; its observations, or the exception that ended it, go to results[name]. With
    BLUETOOTH_VM_ONLY=NAME,… (a run to look into one thing, such as the figures) only those run, after the
    car's pairing and first display, which the others need."""
    only = os.environ.get("BLUETOOTH_VM_ONLY")
    if only and name not in only.split(",") + ["car_pairs", "car_shows_now_playing"]:
        return
    log("scenario", name)
    observed = {}
    results[name] = observed
    started = time.monotonic()
    try:
        await asyncio.wait_for(body(observed), limit)
    except BaseException as error:  # the scenario's failure is a result, not the end of the tier
        observed["error"] = "%s: %s" % (type(error).__name__, error)
        log(traceback.format_exc())
    observed["seconds"] = round(time.monotonic() - started, 2)
    save()


async def main(mode):
    if os.environ.get("BLUETOOTH_VM_BUMBLE_LOG"):
        # bumble's own debug log (the car's and the phone's HCI, L2CAP, AVCTP, AVDTP), to see what a device did.
        import logging
        handler = logging.FileHandler(LOGS + "/bumble.log")
        handler.setFormatter(logging.Formatter("%(created).3f %(name)s %(message)s"))
        logging.getLogger("bumble").addHandler(handler)
        logging.getLogger("bumble").setLevel(logging.DEBUG)
    tier_started = time.monotonic()
    results["boot"] = {"uptime_at_start": float(open("/proc/uptime").read().split()[0])}
    save()
    btvirt = subprocess.Popen(["btvirt", "-l5"], stdout=open(LOGS + "/btvirt.log", "w"), stderr=subprocess.STDOUT)
    # Under TCG, btvirt's first controller often fails its reset and never comes up: five are made,
    # the car takes the last that came up, the phone the one before when three came up, bluetoothd the
    # others (two, when four came up: the phone pairs with another adapter than the car's, as btvirt
    # gave a phone's pairing events on the car's adapter to the car's link).
    controllers = wait_for(lambda: len(good_controllers()) >= 4 and good_controllers(), 60, 0.5) or good_controllers()
    log("controllers that came up:", controllers)
    results["boot"]["controllers"] = controllers
    if len(controllers) < 2:
        results["boot"]["error"] = "btvirt brought up %d controllers that answer, 2 needed" % len(controllers)
        save()
        return
    car = Car("hci-socket:%d" % controllers[-1])
    car_address = await car.power_on()
    log("the car is on hci%d as %s" % (controllers[-1], car_address))
    phone = Phone("hci-socket:%d" % controllers[-2]) if len(controllers) >= 3 else None
    if phone is not None:
        log("the phone is on hci%d as %s" % (controllers[-2], await phone.power_on()))
    computer = Computer()
    computer.start_system()
    log("bluetoothd serves", computer.addresses)
    computer.start_session()
    log("binaural plays")
    results["boot"]["adapters"] = computer.addresses
    results["boot"]["car"] = car_address
    save()
    adapter = computer.adapters[0]
    address = computer.addresses[adapter]

    async def phone_relayed(observed):
        if phone is None:
            raise RuntimeError("btvirt brought up %d controllers that answer: the phone needs a third" % len(controllers))
        # The phone pairs with the last adapter: the car keeps the first to itself.
        await phone_scenario.run(computer, phone, computer.adapters[-1], [os.path.join(BUILD, "remotectld")], observed)

    if mode == "phone":
        await scenario("phone", phone_relayed, limit=420)
        results["tier"] = {"seconds_in_vm": round(time.monotonic() - tier_started, 1), "executables": BUILD}
        save()
        stop(computer, btvirt)
        return

    async def pairs(observed):
        computer.start_hub()
        computer.app("binaural", "Play")
        started = time.monotonic()
        await car.pair_and_connect(address)
        observed["paired_ms"] = round((time.monotonic() - started) * 1000)
        device = "%s/dev_%s" % (adapter, car_address.replace(":", "_").split("/")[0])
        # bluetoothd accepts AVRCP from a device whose services it resolved after pairing.
        observed["services_resolved"] = bool(await await_for(lambda: "true" in computer.session.run(
            "busctl", "--system", "get-property", "org.bluez", device, "org.bluez.Device1", "ServicesResolved"), 20, 0.2))
        await car.open_avrcp()
        observed["avrcp"] = True
        observed["paired"] = "true" in computer.session.run("busctl", "--system", "get-property", "org.bluez", device,
                                                            "org.bluez.Device1", "Paired")
        observed["connected"] = "true" in computer.session.run("busctl", "--system", "get-property", "org.bluez",
                                                               device, "org.bluez.Device1", "Connected")

    await scenario("car_pairs", pairs)
    if "error" in results["car_pairs"]:
        results["tier"] = {"error": "the car did not connect, so no car scenario ran"}
        save()
        return

    async def shows_now_playing(observed):
        # The hub registers when it starts; the car asks when its display needs it.
        expected = computer.metadata("binaural")
        observed["app"] = {"title": expected.get("xesam:title"), "artist": expected.get("xesam:artist"),
                           "album": expected.get("xesam:album"), "track_number": expected.get("xesam:trackNumber"),
                           "length_us": expected.get("mpris:length"),
                           "status": computer.mpris("binaural", "PlaybackStatus")}
        shown = None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            shown = await car.display()
            if shown.get("title") == expected.get("xesam:title") and shown.get("status") == "playing":
                break
            await asyncio.sleep(0.2)
        observed["car"] = shown
        observed["now_playing"] = computer.now_playing()

    await scenario("car_shows_now_playing", shows_now_playing)
    car.monitor()
    await asyncio.sleep(0.5)
    import demo
    if mode == "demo":
        await demo.run(car, computer)
        stop(computer, btvirt)
        return
    # make demo-car's view and buttons, scripted: what its frames show, and a Next that reaches the app.
    await scenario("demo_car", lambda observed: demo.scripted(car, computer, "n", lambda text: None, observed))

    async def notified_of_pause(observed):
        before = time.monotonic()
        computer.app("binaural", "Pause")
        got = await car.next_notification("status", before)
        observed["pause"] = got and {"value": got[1], "ms": round((got[0] - before) * 1000)}
        before = time.monotonic()
        computer.app("binaural", "Play")
        got = await car.next_notification("status", before)
        observed["play"] = got and {"value": got[1], "ms": round((got[0] - before) * 1000)}

    await scenario("car_notified_of_pause", notified_of_pause)

    async def presses(observed):
        steps = []
        for key, want in (("pause", "Paused"), ("play", "Playing"), ("stop", "Stopped"), ("play", "Playing")):
            before = time.monotonic()
            await car.press(key)
            await await_for(lambda: computer.mpris("binaural", "PlaybackStatus") == want, 10)
            steps.append({"key": key, "want": want, "got": computer.mpris("binaural", "PlaybackStatus"),
                          "ms": round((time.monotonic() - before) * 1000)})
        for key in ("next", "previous"):
            # Next moves to the next track; Previous goes back a track or, past the track's first seconds,
            # to its start (as iOS's does): either is the app taking the press.
            title = computer.metadata("binaural").get("xesam:title")
            position = computer.mpris("binaural", "Position")
            mark = log_size("bluetoothd")
            await car.press(key)
            await await_for(lambda: computer.metadata("binaural").get("xesam:title") != title
                            or (key == "previous" and computer.mpris("binaural", "Position") < position - 500000), 10)
            steps.append({"key": key, "before": title, "after": computer.metadata("binaural").get("xesam:title"),
                          "position_before_us": position, "position_after_us": computer.mpris("binaural", "Position"),
                          "bluetoothd": passthrough_lines(mark)})
        observed["steps"] = steps

    await scenario("car_presses", presses)

    async def held(observed, key, code, hold):
        # bluetoothd 5.66 hands FAST FORWARD and REWIND to its uinput device, never to the registered
        # player (avrcp.c's passthrough_handlers): the hub reads that device and seeks the Now Playing
        # app; what the device got and what bluetoothd did are kept too. `code` is the key's evdev code.
        event_file = await await_for(lambda: uinput_device(car.name, car_address), 10, 0.2)
        observed["uinput_device"] = event_file
        descriptor = os.open(event_file, os.O_RDONLY | os.O_NONBLOCK) if event_file else None
        keys = []

        async def read_keys():
            # Read while the key is held: the kernel repeats it every 33 ms, and evdev's small buffer
            # would drop the press itself (SYN_DROPPED) were it read only after the release.
            deadline = None
            while [code, 0] not in keys:  # the key up
                if deadline is None and released.is_set():
                    deadline = time.monotonic() + 5  # the release reaches the device once bluetoothd took it
                if deadline is not None and time.monotonic() > deadline:
                    return
                try:
                    data = os.read(descriptor, 24 * 64)
                except BlockingIOError:
                    await asyncio.sleep(0.01)
                    continue
                read, dropped = key_events(data)
                keys.extend(read)
                if dropped:
                    observed["uinput_dropped"] = observed.get("uinput_dropped", 0) + dropped

        released = asyncio.Event()
        reader = asyncio.ensure_future(read_keys()) if descriptor is not None else None
        log_before = len(open(LOGS + "/bluetoothd.log").read())
        title = computer.metadata("binaural").get("xesam:title")
        before = computer.mpris("binaural", "Position")
        started = time.monotonic()
        try:
            await car.press(key, hold=hold)
        finally:
            released.set()
        held = time.monotonic() - started
        after = computer.mpris("binaural", "Position")
        observed.update(position_before_us=before, position_after_us=after, held_s=round(held, 2),
                        status=computer.mpris("binaural", "PlaybackStatus"), title_before=title,
                        title_after=computer.metadata("binaural").get("xesam:title"))
        if reader is not None:
            try:
                await reader
            finally:
                os.close(descriptor)
        # Repeats (value 2) left out: the press and the release.
        keys = [key for key in keys if key[-1] != 2]
        observed["uinput_keys"] = keys
        # What bluetoothd did with the press: its AV/C lines, and any call to a registered player.
        during = open(LOGS + "/bluetoothd.log").read()[log_before:]
        observed["bluetoothd"] = [line.split("profiles/audio/")[-1].strip() for line in during.splitlines()
                                  if "AV/C:" in line or "media_player_" in line and "get_" not in line]
        # The hub reads bluetoothd's uinput device for the car (InputDeviceReader) and seeks while the key is held.
        observed["hub_read"] = [line.split("remotectld: ", 1)[-1].strip() for line in open(LOGS + "/remotectld.log")
                                if "input device" in line]
        import headset
        observed["udev"] = headset.udev_tags(event_file.rsplit("/", 1)[-1]) if event_file else None

    # KEY_FASTFORWARD and KEY_REWIND (linux/input-event-codes.h): forward for 2 s (about 30 s of the
    # track), then back for 1 s (about 15 s), which stays inside the track.
    await scenario("car_fast_forward_held", lambda observed: held(observed, "fast-forward", 208, 2.0))
    await scenario("car_rewind_held", lambda observed: held(observed, "rewind", 168, 1.0))

    async def headset_clicks(observed):
        # A headset's own button (a uinput device made here), read by the hub itself: headset.py.
        import headset
        await headset.clicks(observed, computer, LOGS, await_for)

    await scenario("headset_button_clicks", headset_clicks)

    async def player_list(observed):
        await car.open_browsing()
        observed["list"] = await car.player_list()
        observed["identity"] = computer.mpris("binaural", "Identity", "org.mpris.MediaPlayer2")

    await scenario("car_player_list", player_list)

    async def now_playing_shown(observed, name, title):
        # The hub's Now Playing app once it is org.mpris.MediaPlayer2.NAME (else the one after 20 s), and
        # the car's display once its title starts with `title` (else the last of 50 asks 0.2 s apart).
        observed["now_playing"] = await await_for(lambda: computer.now_playing() == "org.mpris.MediaPlayer2." + name
                                                  and computer.now_playing(), 20, 0.2) or computer.now_playing()
        shown = None
        for _ in range(50):
            shown = await car.display()
            if shown.get("title", "").startswith(title):
                break
            await asyncio.sleep(0.2)
        observed["car"] = shown

    async def switch(observed):
        # The Now Playing app stays while it plays (as on iOS): it pauses, then another app starts playing.
        computer.app("binaural", "Pause")
        await await_for(lambda: computer.mpris("binaural", "PlaybackStatus") == "Paused", 10)
        before = time.monotonic()
        second = computer.session.start_ready("second", ["/usr/bin/python3", os.path.join(HERE, "players.py"), "second"])
        got = await car.next_notification("track", before)
        observed["track_changed"] = got and {"ms": round((got[0] - before) * 1000)}
        await now_playing_shown(observed, "second", "Second Song")
        if car.browsing:
            observed["list"] = await car.player_list()
        computer.session.stop(second)

    await scenario("car_notified_of_switch", switch)

    async def sloppy(observed):
        computer.app("binaural", "Pause")
        child = computer.session.start_ready("sloppy", ["/usr/bin/python3", os.path.join(HERE, "players.py"), "sloppy"])
        await now_playing_shown(observed, "sloppy", "Sloppy Song")
        computer.session.stop(child)

    await scenario("car_ill_typed_player", sloppy)

    async def figures(observed):
        # The same presses and the same changes, the hub registering binaural and mpris-proxy registering
        # it (the other stopped), in blocks that alternate between the two (hub, mpris-proxy, mpris-proxy,
        # hub…, BLUETOOTH_VM_FIGURE_ROUNDS rounds), so that the host's load, which moves from minute to
        # minute under TCG, weighs on both alike; timed with the VM's monotonic clock.
        watcher = await asyncio.create_subprocess_exec("/usr/bin/python3", os.path.join(HERE, "watcher.py"),
                                                       "org.mpris.MediaPlayer2.binaural", env=computer.session.env,
                                                       stdout=asyncio.subprocess.PIPE)
        lines = []

        async def read(child, into):
            while line := await child.stdout.readline():
                into.append(line.decode().split(" ", 2))
        reader = asyncio.ensure_future(read(watcher, lines))
        await await_for(lambda: lines and lines[0][0] == "ready\n", 20)
        # BLUETOOTH_VM_SPLIT=1: each notification's time split where the registered player's own
        # PropertiesChanged reaches the system bus (a second watcher there, and dbus-monitor's log of
        # the system bus in system-bus.log): before it, the hub's or mpris-proxy's; after it, bluetoothd's.
        split = os.environ.get("BLUETOOTH_VM_SPLIT") == "1"
        system_lines, system_watcher, monitor = [], None, None
        if split:
            system_watcher = await asyncio.create_subprocess_exec(
                "/usr/bin/python3", os.path.join(HERE, "watcher.py"), "--system", stdout=asyncio.subprocess.PIPE)
            system_reader = asyncio.ensure_future(read(system_watcher, system_lines))
            await await_for(lambda: system_lines and system_lines[0][0] == "ready\n", 20)
            monitor = subprocess.Popen(["dbus-monitor", "--system"], stdout=open(LOGS + "/system-bus.log", "w"),
                                       stderr=subprocess.STDOUT)

        def on_system_bus(kind, after, unlike=None, like=None):
            """When the registered player's first PropertiesChanged of `kind` after `after` reached the
            system bus, and the properties it carried."""
            for index, (at, k, v) in enumerate(system_lines[1:], 1):
                if k == kind and float(at) > after and (unlike is None or v.strip() != unlike) \
                        and (like is None or v.strip() == like):
                    keys = next((w.strip() for a, kk, w in system_lines[index:] if kk == "keys" and a == at), "")
                    return float(at), keys
            return None

        async def app_says(kind, value, after, timeout=10):
            found = await await_for(lambda: next((float(at) for at, k, v in lines[1:]
                                                  if k == kind and float(at) > after and v.strip() == value), None),
                                    timeout, 0.005)
            return found

        def registrations():
            return open(LOGS + "/bluetoothd.log").read().count("Player registered")

        async def registered(path):
            """`path` registers binaural with bluetoothd, the other stopped, and the car shows its title."""
            running = getattr(computer, "figures_path", None)
            if running is not None and running[0] == path:
                return
            if running is not None:
                computer.session.stop(running[1])
            else:
                computer.session.stop(computer.hub)
            count = registrations()
            child = computer.session.start("%s-figures-%d" % (path, len(order)),
                                           [os.path.join(BUILD, "remotectld")] if path == "hub" else ["mpris-proxy"])
            computer.figures_path = (path, child)
            await await_for(lambda: registrations() > count, 30, 0.2)
            title = computer.metadata("binaural").get("xesam:title")
            for _ in range(100):
                try:
                    if (await car.display()).get("title") == title:
                        break
                except Exception:  # the car asks again while bluetoothd changes players
                    pass
                await asyncio.sleep(0.2)

        # binaural stops at its last preset's Next (repeat off), which is no track change: it loops its
        # playlist meanwhile (MPRIS LoopStatus, its repeat mode), so that every Next is one.
        computer.bus().call_blocking("org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2",
                                     "org.freedesktop.DBus.Properties", "Set", "ssv",
                                     ("org.mpris.MediaPlayer2.Player", "LoopStatus", dbus.String("Playlist", variant_level=1)),
                                     timeout=10)
        rounds = int(os.environ.get("BLUETOOTH_VM_FIGURE_ROUNDS", "3"))
        samples = {path: {"press_to_status_ms": [], "presses_missed": 0, "status_to_car_ms": [],
                          "status_missed": 0, "track_to_car_ms": [], "tracks_missed": 0}
                   for path in ("hub", "mpris-proxy")}
        if split:
            for got in samples.values():
                got.update({"status_to_system_bus_ms": [], "status_system_bus_to_car_ms": [],
                            "track_to_system_bus_ms": [], "track_system_bus_to_car_ms": [], "track_keys": []})
        order = []
        for round_index in range(rounds):
            for path in (("hub", "mpris-proxy") if round_index % 2 == 0 else ("mpris-proxy", "hub")):
                order.append(path)
                await registered(path)
                got = samples[path]
                # Four presses before the measured ones, for both alike: a process just started runs its
                # press path for the first times, which TCG translates first (a freshly started debug hub's
                # first press in a block took 1.2 s, its block's p50 was 250-310 ms against 84-93 ms once
                # it had run a block).
                for _ in range(4):
                    warm = computer.mpris("binaural", "PlaybackStatus") == "Playing"
                    before = time.monotonic()
                    await car.press("pause" if warm else "play")
                    await app_says("status", "Paused" if warm else "Playing", before)
                for _ in range(8):
                    playing = computer.mpris("binaural", "PlaybackStatus") == "Playing"
                    key, want = ("pause", "Paused") if playing else ("play", "Playing")
                    before = time.monotonic()
                    mark = log_size("bluetoothd")
                    await car.press(key)
                    at = await app_says("status", want, before)
                    if at is None:
                        got["presses_missed"] += 1
                        # What became of it: bluetoothd's lines, and the status the app says now.
                        observed.setdefault("missed", []).append({
                            "path": path, "key": key, "bluetoothd": passthrough_lines(mark),
                            "status_now": computer.mpris("binaural", "PlaybackStatus")})
                    else:
                        got["press_to_status_ms"].append(round((at - before) * 1000, 1))
                for _ in range(4):
                    playing = computer.mpris("binaural", "PlaybackStatus") == "Playing"
                    before = time.monotonic()
                    computer.app("binaural", "Pause" if playing else "Play")
                    at = await app_says("status", "Paused" if playing else "Playing", before)
                    notified = await car.next_notification("status", before)
                    if notified and at:
                        got["status_to_car_ms"].append(round((notified[0] - at) * 1000, 1))
                        bus = split and on_system_bus("status", before, like="Paused" if playing else "Playing")
                        if bus:
                            got["status_to_system_bus_ms"].append(round((bus[0] - at) * 1000, 1))
                            got["status_system_bus_to_car_ms"].append(round((notified[0] - bus[0]) * 1000, 1))
                    else:
                        got["status_missed"] += 1
                for _ in range(4):
                    title = computer.metadata("binaural").get("xesam:title")
                    before = time.monotonic()
                    computer.app("binaural", "Next")
                    at = await await_for(lambda: next((float(a) for a, k, v in lines[1:] if k == "track"
                                                       and float(a) > before and v.strip() != title), None), 10, 0.005)
                    # mpris-proxy's registration sent the car no TRACK_CHANGED in earlier runs: 5 s is
                    # ten times the hub's slowest.
                    notified = await car.next_notification("track", before, timeout=5)
                    if notified and at:
                        got["track_to_car_ms"].append(round((notified[0] - at) * 1000, 1))
                        bus = split and on_system_bus("track", before, unlike=title)
                        if bus:
                            got["track_to_system_bus_ms"].append(round((bus[0] - at) * 1000, 1))
                            got["track_system_bus_to_car_ms"].append(round((notified[0] - bus[0]) * 1000, 1))
                            got["track_keys"].append(bus[1])
                    else:
                        got["tracks_missed"] += 1
                observed.update(samples)
                observed["order"] = order
                save()
        computer.session.stop(computer.figures_path[1])
        computer.figures_path = None
        computer.bus().call_blocking("org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2",
                                     "org.freedesktop.DBus.Properties", "Set", "ssv",
                                     ("org.mpris.MediaPlayer2.Player", "LoopStatus", dbus.String("None", variant_level=1)),
                                     timeout=10)
        watcher.terminate()
        reader.cancel()
        if split:
            system_watcher.terminate()
            system_reader.cancel()
            monitor.terminate()

    await scenario("figures", figures, limit=900)

    async def beside_mpris_proxy(observed):
        # bluetoothd serves a car from the earliest player registered on the adapter (avrcp.c): with the
        # hub registered before mpris-proxy the car follows the hub's Now Playing; registered after, it
        # follows whichever player mpris-proxy registered first.
        def registrations():
            return open(LOGS + "/bluetoothd.log").read().count("Player registered")

        async def car_title(prefix):
            shown = {}
            for _ in range(50):
                try:
                    shown = await car.display()
                except Exception:  # bluetoothd may be between players
                    shown = {}
                if shown.get("title", "").startswith(prefix):
                    break
                await asyncio.sleep(0.2)
            return shown.get("title")

        count = registrations()
        computer.hub = computer.session.start("remotectld-again", [os.path.join(BUILD, "remotectld")])
        await await_for(lambda: registrations() > count, 30, 0.2)
        proxy = computer.session.start("mpris-proxy-beside", ["mpris-proxy"])
        await await_for(lambda: registrations() > count + 1, 30, 0.2)
        second = computer.session.start_ready("second-beside", ["/usr/bin/python3", os.path.join(HERE, "players.py"),
                                                                "second"])
        await await_for(lambda: computer.now_playing() == "org.mpris.MediaPlayer2.second", 20, 0.2)
        observed["hub_first"] = {"now_playing": computer.now_playing(), "car_title": await car_title("Second Song")}
        doctor = subprocess.run([os.path.join(BUILD, "remotectl"), "doctor"], capture_output=True, text=True,
                                env=computer.session.env, timeout=60)
        observed["doctor"] = doctor.stdout + doctor.stderr
        computer.session.stop(second)
        computer.session.stop(computer.hub)
        count = registrations()
        computer.hub = computer.session.start("remotectld-after-proxy", [os.path.join(BUILD, "remotectld")])
        await await_for(lambda: registrations() > count, 30, 0.2)
        second = computer.session.start_ready("second-after", ["/usr/bin/python3", os.path.join(HERE, "players.py"),
                                                               "second"])
        await await_for(lambda: computer.now_playing() == "org.mpris.MediaPlayer2.second", 20, 0.2)
        binaural = computer.metadata("binaural").get("xesam:title")
        observed["proxy_first"] = {"now_playing": computer.now_playing(), "binaural_title": binaural,
                                   "car_title": await car_title(binaural or "?")}
        computer.session.stop(second)
        computer.session.stop(proxy)

    await scenario("beside_mpris_proxy", beside_mpris_proxy, limit=180)

    async def earbuds_without_hub(observed):
        # With the hub stopped no player is registered: bluetoothd turns the earbuds' (here the car's)
        # presses into keys on its own uinput device, as it always did.
        computer.session.stop(computer.hub)
        computer.app("binaural", "Pause")
        event_file = await await_for(lambda: uinput_device(car.name, car_address), 10, 0.2)
        observed["uinput_device"] = event_file
        def players_left():
            text = open(LOGS + "/bluetoothd.log").read()
            return text.count("Player registered") - text.count("Player unregistered")
        await await_for(lambda: players_left() == 0, 10, 0.2)
        observed["players_registered"] = players_left()
        descriptor = os.open(event_file, os.O_RDONLY | os.O_NONBLOCK)
        keys = []
        try:
            for button in ("play", "pause", "next"):
                await car.press(button)
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline and len(keys) < 2 * (len(observed.get("pressed", [])) + 1):
                    try:
                        data = os.read(descriptor, 24 * 16)
                    except BlockingIOError:
                        await asyncio.sleep(0.02)
                        continue
                    keys.extend(key_events(data)[0])
                observed.setdefault("pressed", []).append(button)
        finally:
            os.close(descriptor)
        observed["keys"] = keys
        observed["app_status"] = computer.mpris("binaural", "PlaybackStatus")

    await scenario("earbuds_without_hub", earbuds_without_hub)

    async def car_stream(observed):
        # The computer streams to the car's A2DP sink: bluealsa (Debian's bluez-alsa-utils) registers an
        # SBC source endpoint with bluetoothd; the computer connects the car's sink (as a user picks the
        # car for its sound), bluetoothd configures the car's SBC endpoint and opens the stream, and what
        # is written to bluealsa's PCM of the car (org.bluealsa.PCM1.Open) reaches the car as SBC packets.
        device = "%s/dev_%s" % (adapter, car_address.replace(":", "_").split("/")[0])
        system = dbus.bus.BusConnection("unix:path=/run/dbus/system_bus_socket")
        mark = len(open(LOGS + "/bluetoothd.log").read())
        source = computer.session.start("bluealsa-source", ["bluealsa", "-p", "a2dp-source"])
        observed["source_endpoint"] = bool(await await_for(
            lambda: "Endpoint registered" in open(LOGS + "/bluetoothd.log").read()[mark:], 30, 0.2))

        def call(method, *arguments):
            """A call to bluetoothd or bluealsa off the event loop: what it waits for is the car's answer,
            and the car (bumble) runs on this loop."""
            def blocking():
                bus = dbus.bus.BusConnection("unix:path=/run/dbus/system_bus_socket")
                try:
                    return bus.call_blocking(*method, *arguments, timeout=30)
                finally:
                    bus.close()
            return asyncio.to_thread(blocking)

        connect = ("org.bluez", device, "org.bluez.Device1", "ConnectProfile", "s")
        try:
            await call(connect, (phone_scenario.A2DP_SINK,))
            observed["connect_profile"] = "connected"
        except dbus.exceptions.DBusException as error:  # bluetoothd's policy may have connected it first
            observed["connect_profile"] = str(error)
        transport = await await_for(lambda: [path for path, properties
                                             in phone_scenario.transports(computer, device).items()
                                             if properties["uuid"] == A2DP_SOURCE], 20, 0.2)
        observed["configuration"] = str(car.sink_configuration())
        manager = system.get_object("org.bluealsa", "/org/bluealsa")

        def car_pcm():
            pcms = manager.GetPCMs(dbus_interface="org.bluealsa.Manager1")
            return next((str(path) for path, properties in pcms.items()
                         if str(properties.get("Device")) == device and "/a2dpsrc/" in str(path)), None)

        path = await await_for(car_pcm, 20, 0.2)
        observed["transport"], observed["pcm"] = transport, path
        if not path:
            computer.session.stop(source)
            return
        properties = system.call_blocking("org.bluealsa", path, "org.freedesktop.DBus.Properties", "GetAll", "s",
                                          ("org.bluealsa.PCM1",))
        rate, channels = int(properties["Sampling"]), int(properties["Channels"])
        observed["pcm_format"] = {"rate": rate, "channels": channels, "format": hex(int(properties["Format"]))}
        pcm, control = await call(("org.bluealsa", path, "org.bluealsa.PCM1", "Open", ""), ())
        pcm, control = pcm.take(), control.take()
        seconds = 3
        frames = b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * index / rate))) * channels
                          for index in range(rate * seconds))
        started = time.monotonic()
        received = len(car.media)

        os.set_blocking(pcm, False)

        async def write():
            # bluealsa reads the PCM as fast as it plays: the rest waits for room, for 30 s at most.
            view = memoryview(frames)
            while view and time.monotonic() < started + 30:
                try:
                    view = view[os.write(pcm, view):]
                except BlockingIOError:
                    await asyncio.sleep(0.01)

        writer = asyncio.ensure_future(write())
        await await_for(lambda: [path for path, properties in phone_scenario.transports(computer, device).items()
                                 if properties["state"] == "active"], 20, 0.1)
        observed["active_ms"] = round((time.monotonic() - started) * 1000)
        await await_for(lambda: len(car.media) - received >= 50, 20, 0.1)
        got = car.media[received:]
        observed["car_packets"] = len(got)
        observed["first_packet_ms"] = round((got[0][0] - started) * 1000) if got else None
        # An A2DP SBC payload: a header byte (its low four bits the frame count), then SBC frames (sync 0x9C).
        observed["sbc_frames"] = sum(payload[0] & 0x0F for _, payload in got if payload)
        observed["not_sbc"] = sum(1 for _, payload in got if len(payload) < 2 or payload[1] != 0x9C)
        await writer
        os.close(pcm)
        os.close(control)
        observed["after_close"] = await await_for(lambda: not any(
            properties["state"] == "active" for properties in phone_scenario.transports(computer, device).values())
            and "not active", 20, 0.2) or "active"
        try:
            await call(("org.bluez", device, "org.bluez.Device1", "DisconnectProfile", "s"), (phone_scenario.A2DP_SINK,))
        except dbus.exceptions.DBusException as error:
            observed["disconnect_profile"] = str(error)
        computer.session.stop(source)

    await scenario("car_stream", car_stream, limit=150)
    await scenario("phone", phone_relayed, limit=420)

    results["tier"] = {"seconds_in_vm": round(time.monotonic() - tier_started, 1), "executables": BUILD}
    save()
    stop(computer, btvirt)


def stop(computer, btvirt):
    for child in reversed(computer.session.children):
        computer.session.stop(child)
    btvirt.terminate()


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "tier"))
    except BaseException:
        results.setdefault("tier", {})["error"] = traceback.format_exc()
        save()
        raise
