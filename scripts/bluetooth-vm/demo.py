# What `make demo-car` shows inside the VM: the bumble car's display in the terminal (title, artist,
# album, status, position), redrawn on each notification bluetoothd sends the car and once a second
# (a head unit asks GetPlayStatus for the position), and the car's buttons on the keyboard.
# Scripted (BLUETOOTH_VM_DEMO_KEYS, or `scripted` from the tier): the same view and buttons with the
# keys given instead of typed, each pressed once the display shows the app's track, the next once the
# car was told of its effect; the tier's `demo_car` scenario keeps every frame for the tests.
import asyncio
import os
import sys
import time

KEYS = {" ": "play/pause", "p": "play", "a": "pause", "n": "next", "b": "previous", "s": "stop"}
LEGEND = "space play/pause  p play  a pause  n next  b previous  s stop  q quit"


def minutes(ms):
    if not isinstance(ms, int) or ms < 0 or ms == 0xFFFFFFFF:
        return "--:--"
    return "%d:%02d" % (ms // 60000, ms // 1000 % 60)


class View:
    """The car's display as drawn in the terminal, and its buttons."""

    def __init__(self, car, write):
        self.car = car
        self.write = write
        self.last = {"status": "?"}
        self.said = ""

    async def draw(self):
        """Reads the display as the car does and draws it; returns the frame drawn."""
        try:
            self.last = await self.car.display()
        except Exception as error:  # the car shows what it could not read, and goes on
            self.last = {"title": "(the car could not read the player: %s)" % error}
        shown = self.last
        lines = ["", "  ┌─ Car display " + "─" * 50, "  │",
                 "  │  %s" % shown.get("title", ""), "  │  %s" % shown.get("artist", ""),
                 "  │  %s" % shown.get("album", ""), "  │",
                 "  │  %-8s %s / %s" % (shown.get("status", "?"), minutes(shown.get("position_ms")),
                                        minutes(shown.get("song_length_ms"))),
                 "  │", "  └" + "─" * 64, "", "  " + LEGEND, "  " + self.said, ""]
        frame = "\n".join(lines)
        self.write("\x1b[2J\x1b[H" + frame)
        return frame

    async def press(self, key):
        """The car's button for `key`; space is play or pause, as the display's status says."""
        button = KEYS[key]
        if button == "play/pause":
            button = "pause" if self.last.get("status") == "playing" else "play"
        self.said = "pressed %s" % button
        await self.car.press(button)
        return button


def stdout(text):
    sys.stdout.write(text)
    sys.stdout.flush()


async def run(car, computer):
    keys = os.environ.get("BLUETOOTH_VM_DEMO_KEYS")
    if keys is not None:
        await scripted(car, computer, keys)
        return
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    typed = asyncio.Queue()
    loop = asyncio.get_running_loop()
    loop.add_reader(fd, lambda: typed.put_nowait(sys.stdin.read(1)))
    view = View(car, stdout)
    seen = 0
    try:
        await view.draw()
        next_draw = time.monotonic() + 1
        while True:
            try:
                key = await asyncio.wait_for(typed.get(), max(0.05, next_draw - time.monotonic()))
            except asyncio.TimeoutError:
                key = None
            if key == "q":
                break
            if key in KEYS:
                await view.press(key)
            if key or len(car.notifications) != seen or time.monotonic() >= next_draw:
                if len(car.notifications) != seen:
                    _, event, value = car.notifications[-1]
                    view.said = "notified: %s %s" % (event, value)
                    seen = len(car.notifications)
                await view.draw()
                next_draw = time.monotonic() + 1
    finally:
        loop.remove_reader(fd)
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


async def shows(view, title, timeout):
    """Draws until the display shows `title` (bounded); the last frame."""
    deadline = time.monotonic() + timeout
    while True:
        frame = await view.draw()
        if view.last.get("title") == title or time.monotonic() > deadline:
            return frame
        await asyncio.sleep(0.2)


async def scripted(car, computer, keys, write=stdout, observed=None):
    """The demo with `keys` pressed instead of typed (`q` or their end stops it): before each key the
    display is drawn until it shows the app's track, after it until the car was notified and shows the
    app's track again (each wait bounded). With `observed`, each step is kept there: the key, the
    button, the app's title before and after, and the frames drawn."""
    observed = {} if observed is None else observed
    steps = observed.setdefault("steps", [])
    view = View(car, write)

    def app_title():
        return computer.metadata("binaural").get("xesam:title")

    title = app_title()
    observed["first_frame"] = await shows(view, title, 20)
    observed["app_title"] = title
    for key in keys:
        if key == "q":
            break
        if key not in KEYS:
            continue
        before = time.monotonic()
        step = {"key": key, "app_before": app_title(), "frame_before": await shows(view, app_title(), 10)}
        step["button"] = await view.press(key)
        deadline = time.monotonic() + 10
        while not any(at > before for at, _, _ in car.notifications) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        notified = [(event, value) for at, event, value in car.notifications if at > before]
        step["notified"] = [list(item) for item in notified]
        if notified:
            view.said = "notified: %s %s" % notified[-1]
        # The app's title once the car was told: a Next or Previous that reached the app changes it
        # (bounded: one that did not leaves it, and the test says so).
        while step["button"] in ("next", "previous") and app_title() == step["app_before"] \
                and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        step["app_after"] = app_title()
        step["frame_after"] = await shows(view, step["app_after"], 10)
        step["car_after"] = view.last.get("title")
        steps.append(step)
    return observed
