# What `make demo-car` shows inside the VM: the bumble car's display in the terminal (title, artist,
# album, status, position), redrawn on each notification bluetoothd sends the car and once a second
# (a head unit asks GetPlayStatus for the position), and the car's buttons on the keyboard.
import asyncio
import sys
import termios
import time
import tty

KEYS = {" ": "play/pause", "p": "play", "a": "pause", "n": "next", "b": "previous", "s": "stop"}
LEGEND = "space play/pause  p play  a pause  n next  b previous  s stop  q quit"


def minutes(ms):
    if not isinstance(ms, int) or ms < 0 or ms == 0xFFFFFFFF:
        return "--:--"
    return "%d:%02d" % (ms // 60000, ms // 1000 % 60)


async def run(car, computer):
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    keys = asyncio.Queue()
    loop = asyncio.get_running_loop()
    loop.add_reader(fd, lambda: keys.put_nowait(sys.stdin.read(1)))
    last = {"status": "?"}
    said = ""

    async def draw():
        nonlocal last
        try:
            last = await car.display()
        except Exception as error:  # the car shows what it could not read, and goes on
            last = {"title": "(the car could not read the player: %s)" % error}
        shown = last
        lines = ["", "  ┌─ Car display " + "─" * 50, "  │",
                 "  │  %s" % shown.get("title", ""), "  │  %s" % shown.get("artist", ""),
                 "  │  %s" % shown.get("album", ""), "  │",
                 "  │  %-8s %s / %s" % (shown.get("status", "?"), minutes(shown.get("position_ms")),
                                        minutes(shown.get("song_length_ms"))),
                 "  │", "  └" + "─" * 64, "", "  " + LEGEND, "  " + said, ""]
        sys.stdout.write("\x1b[2J\x1b[H" + "\n".join(lines))
        sys.stdout.flush()

    seen = 0
    try:
        await draw()
        next_draw = time.monotonic() + 1
        while True:
            try:
                key = await asyncio.wait_for(keys.get(), max(0.05, next_draw - time.monotonic()))
            except asyncio.TimeoutError:
                key = None
            if key == "q":
                break
            if key in KEYS:
                button = KEYS[key]
                if button == "play/pause":
                    button = "pause" if last.get("status") == "playing" else "play"
                said = "pressed %s" % button
                await car.press(button)
            if key or len(car.notifications) != seen or time.monotonic() >= next_draw:
                if len(car.notifications) != seen:
                    _, event, value = car.notifications[-1]
                    said = "notified: %s %s" % (event, value)
                    seen = len(car.notifications)
                await draw()
                next_draw = time.monotonic() + 1
    finally:
        loop.remove_reader(fd)
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
