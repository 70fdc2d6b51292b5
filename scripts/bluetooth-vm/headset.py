# A headset's own button and a keyboard, made in the VM through /dev/uinput with plain ioctl and
# struct (linux/uinput.h, linux/input.h), and the Bluetooth tier's scenario that clicks them: the hub
# reads the headset's device itself (InputDeviceReader) and recognises iOS's one, two and three clicks
# and the holds; it never reads the keyboard.
import asyncio
import fcntl
import os
import re
import shutil
import struct
import subprocess
import time

# linux/input-event-codes.h
EV_SYN, EV_KEY, SYN_REPORT = 0, 1, 0
KEY_PLAYPAUSE, KEY_VOLUMEUP, KEY_VOLUMEDOWN = 164, 115, 114
BUS_USB = 0x03
# linux/uinput.h: _IOW('U', 100, int), _IOW('U', 101, int), _IOW('U', 3, struct uinput_setup), _IO('U', 1), _IO('U', 2)
UI_SET_EVBIT, UI_SET_KEYBIT, UI_DEV_SETUP, UI_DEV_CREATE, UI_DEV_DESTROY = 0x40045564, 0x40045565, 0x405C5503, 0x5501, 0x5502


class UinputDevice:
    """A key device made through /dev/uinput; its press and release written as struct input_event."""

    def __init__(self, name, keys, bus=BUS_USB):
        self.name = name
        self.fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
        fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
        for key in keys:
            fcntl.ioctl(self.fd, UI_SET_KEYBIT, key)
        # struct uinput_setup: struct input_id (bustype, vendor, product, version), name[80], ff_effects_max
        fcntl.ioctl(self.fd, UI_DEV_SETUP, struct.pack("<HHHH80sI", bus, 0x1234, 0x5678, 1, name.encode(), 0))
        fcntl.ioctl(self.fd, UI_DEV_CREATE)

    def emit(self, key, value):
        now = time.time()
        seconds, micros = int(now), int((now % 1) * 1e6)
        os.write(self.fd, struct.pack("<qqHHi", seconds, micros, EV_KEY, key, value)
                 + struct.pack("<qqHHi", seconds, micros, EV_SYN, SYN_REPORT, 0))

    def close(self):
        fcntl.ioctl(self.fd, UI_DEV_DESTROY)
        os.close(self.fd)


# A person's clicks: held 40 ms, 100 ms apart (as HeadsetButtonTests' remotectl clicks).
HELD, GAP = 0.04, 0.1


async def click(device, count, hold_until=None, await_for=None, key=KEY_PLAYPAUSE):
    """`count` clicks; then, with `hold_until`, a press held until it holds (at most 20 s)."""
    for index in range(count):
        if index:
            await asyncio.sleep(GAP)
        device.emit(key, 1)
        await asyncio.sleep(HELD)
        device.emit(key, 0)
    if hold_until is not None:
        await asyncio.sleep(GAP)
        device.emit(key, 1)
        await await_for(hold_until, 20, 0.01)
        device.emit(key, 0)
    return time.monotonic()


def event_node(name):
    """The event node of the input device named `name` (/proc/bus/input/devices), or None."""
    for block in open("/proc/bus/input/devices").read().split("\n\n"):
        if 'N: Name="%s"' % name in block:
            found = re.search(r"H: Handlers=.*?(event\d+)", block)
            if found:
                return found.group(1)
    return None


def udev_tags(node):
    """What udev's rules (the package's among them) make of /sys/class/input/NODE: `udevadm test`, run
    in the VM without udevd, with the package's rule in /run/udev/rules.d (the VM's /run is a tmpfs)."""
    os.makedirs("/run/udev/rules.d", exist_ok=True)
    rule = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../dist/70-remote-control-headset.rules")
    shutil.copy(rule, "/run/udev/rules.d/")
    out = subprocess.run(["udevadm", "test", "--action=add", "/sys/class/input/" + node], capture_output=True,
                         text=True, timeout=60)
    properties = dict(line.split("=", 1) for line in out.stdout.splitlines() if re.match(r"^[A-Z_]+=", line))
    return {"tags": properties.get("TAGS", ""), "keyboard": properties.get("ID_INPUT_KEYBOARD"),
            "key": properties.get("ID_INPUT_KEY"), "status": out.returncode}


async def clicks(observed, computer, logs, await_for):
    """The headset's clicks and holds against binaural, Now Playing and playing, through the hub."""
    def status():
        return computer.mpris("binaural", "PlaybackStatus")

    def title():
        return computer.metadata("binaural").get("xesam:title")

    def position():
        return computer.mpris("binaural", "Position")

    def hub_reads(name):
        return any("reading the input device " + name in line for line in open(logs + "/remotectld.log"))

    if status() != "Playing":
        computer.app("binaural", "Play")
        await await_for(lambda: status() == "Playing", 10)
    # A keyboard with the same key: never read (it has KEY_ESC..KEY_S, udev's ID_INPUT_KEYBOARD).
    keyboard = UinputDevice("Test Keyboard", list(range(1, 32)) + [KEY_PLAYPAUSE])
    headset = UinputDevice("Test Headset", [KEY_PLAYPAUSE, KEY_VOLUMEUP, KEY_VOLUMEDOWN])
    try:
        observed["hub_reads_headset"] = bool(await await_for(lambda: hub_reads("Test Headset"), 10))
        observed["hub_reads_keyboard"] = hub_reads("Test Keyboard")
        # The udev rule the package installs, on the same devices and on the VM's own keyboard (event0).
        observed["udev"] = {name: udev_tags(node) for name, node in
                            (("headset", event_node("Test Headset")), ("keyboard", event_node("Test Keyboard")),
                             ("at_keyboard", event_node("AT Translated Set 2 keyboard"))) if node}
        observed["keyboard_capabilities"] = open("/sys/class/input/%s/device/capabilities/key"
                                                 % event_node("AT Translated Set 2 keyboard")).read().strip() \
            if event_node("AT Translated Set 2 keyboard") else None
        steps = observed["steps"] = []

        async def step(kind, count, done, hold_until=None, device=headset):
            """`count` clicks (and a hold until `hold_until(before)` holds), then a bounded wait for `done(before)`."""
            before = {"status": status(), "title": title(), "position_us": position()}
            started = time.monotonic()
            held = (lambda: hold_until(before)) if hold_until else None
            released = await click(device, count, held, await_for)
            reached = await await_for(lambda: done(before), 10, 0.01)
            record = {"kind": kind, "before": before,
                      "after": {"status": status(), "title": title(), "position_us": position()},
                      "recognised": bool(reached), "gesture_s": round(released - started, 3),
                      "release_to_effect_ms": round((time.monotonic() - released) * 1000)}
            steps.append(record)
            return record

        # A keyboard's press 100 ms before the headset's click: were it read, the two would be a double
        # click (Next), not one click (PlayPause).
        keyboard.emit(KEY_PLAYPAUSE, 1)
        await asyncio.sleep(HELD)
        keyboard.emit(KEY_PLAYPAUSE, 0)
        await asyncio.sleep(GAP)
        await step("one click", 1, lambda before: status() == "Paused")
        await step("one click", 1, lambda before: status() == "Playing")
        await step("two clicks", 2, lambda before: title() not in (None, before["title"]))
        await step("three clicks", 3, lambda before: title() not in (None, before["title"]))
        # A click, then a press held until binaural is 15 s further on (its continuous seek skips 10 s each
        # half second): the hold seeks forward; the position is read right after the release.
        def far_on(before):
            return (position() or 0) - before["position_us"] > 15_000_000

        forward = await step("click and hold", 1, far_on, hold_until=far_on)
        # After the release the seek stops: measured over a second (nothing announces that a seek stopped),
        # a seek still under way would move it 10 s or more.
        at, then = time.monotonic(), position()
        await asyncio.sleep(1.0)
        forward["after_release_moved_us_per_s"] = round((position() - then) / (time.monotonic() - at))

        def further_back(before):
            return (position() or 0) < before["position_us"] - 5_000_000

        await step("two clicks and hold", 2, further_back, hold_until=further_back)
        # A button with only KEY_PLAYPAUSE: the hub takes it whole (EVIOCGRAB), so that the desktop, here a
        # reader of the test's own, does not also act on the press. A keyboard's separate media-key device
        # (media keys and KEY_CALC, KEY_WWW, KEY_MAIL) is never read: the desktop acts on its keys.
        consumer = UinputDevice("Test Keyboard Consumer Control", [KEY_PLAYPAUSE, KEY_VOLUMEUP, 140, 150, 155])
        button = UinputDevice("Test Button", [KEY_PLAYPAUSE])
        try:
            observed["hub_reads_button"] = bool(await await_for(lambda: hub_reads("Test Button"), 10))
            observed["hub_reads_consumer_control"] = hub_reads("Test Keyboard Consumer Control")
            observed["button_taken_whole"] = any("Test Button" in line and "taken whole=true" in line
                                                 for line in open(logs + "/remotectld.log"))
            other = os.open("/dev/input/" + event_node("Test Button"), os.O_RDONLY | os.O_NONBLOCK)
            try:
                want = "Paused" if status() == "Playing" else "Playing"
                await step("one click on a button taken whole", 1, lambda before: status() == want, device=button)
                try:
                    seen = os.read(other, 24 * 64)
                except BlockingIOError:
                    seen = b""
                observed["button_events_seen_by_others"] = sum(
                    1 for offset in range(0, len(seen) - 23, 24) if struct.unpack_from("<HHi", seen, offset + 16)[0] == EV_KEY)
            finally:
                os.close(other)
        finally:
            button.close()
            consumer.close()
        observed["status_at_end"] = status()
        if status() != "Playing":
            computer.app("binaural", "Play")
    finally:
        headset.close()
        keyboard.close()
