#!/usr/bin/env bash
# The audio session's figures of BENCHMARKS.md, on a private bus and a private pulseaudio (null
# sink; module-role-cork unless ROLE_CORK=0), with remotectld watching both and mpv + mpv-mpris
# and binaural (ours) playing to it:
#   - a call's start to the players paused, CALLS calls (default 20), each split in three: from
#     spawning `pacat --property=media.role=phone` to the stream's appearance (`pactl subscribe`
#     reports it), from there to the hub's call to each player (Pause to mpv, BeginInterruption to
#     binaural, seen by a bus monitor), and from there to the player's
#     PropertiesChanged(PlaybackStatus=Paused); each call's end resumes them before the next;
#   - the same from `BeginInterruption()` on the hub's bus interface instead of a stream;
#   - remotectld's wake-ups (context switches, every thread) over IDLE_SECONDS (default 10) while
#     no stream changes (the players playing, no call), with the bridge off and on.
# Needs pulseaudio, pulseaudio-utils, mpv and mpv-mpris, python3-dbus.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${CALLS:-20}
idle_seconds=${IDLE_SECONDS:-10}

# REMOTECTLD names another build (a debug one) instead of the release build; BINAURAL the
# binaural to measure (by default the one beside REMOTECTLD; BINAURAL=none leaves it out).
if [ -z "${REMOTECTLD:-}" ]; then
  swift build -c release --product remotectld >&2
  swift build -c release --product binaural >&2
  REMOTECTLD="$(swift build -c release --show-bin-path)/remotectld"
fi
remotectld=$REMOTECTLD
binaural=${BINAURAL:-$(dirname "$remotectld")/binaural}
source Benchmarks/common.sh
# The hub's log is kept where SESSION_LOG says, before the folder goes.
trap 'cp "$work/remotectld.log" "${SESSION_LOG:-/dev/null}" 2>/dev/null || true; cleanup' EXIT
start_private_bus

export HOME=$work XDG_RUNTIME_DIR=$work PULSE_RUNTIME_PATH=$work XDG_CONFIG_HOME=$work XDG_STATE_HOME=$work
cork=()
[ "${ROLE_CORK:-1}" = 1 ] && cork=(--load="module-role-cork")
pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no --disable-shm=yes \
  --log-target=stderr --load="module-null-sink sink_name=test rate=48000" \
  --load="module-native-protocol-unix socket=$work/native auth-anonymous=1" \
  "${cork[@]}" 2>"$work/pulseaudio.log" &
pids+=($!)
export PULSE_SERVER="unix:$work/native"
for _ in $(seq 200); do pactl info >/dev/null 2>&1 && break; sleep 0.05; done

# Starts the hub with ARGUMENTS and waits for its name; its pid in hub_pid.
start_hub() {
  "$remotectld" --log-level "${LOG_LEVEL:-info}" --no-http --proxy off "$@" 2>>"$work/remotectld.log" &
  hub_pid=$!
  pids+=("$hub_pid")
  wait_for_name io.github.swift_remote_control.Hub
}
# The bridge is left out at first: its WebSocket heartbeat wakes the hub whatever the audio
# session does; it is measured on its own at the end.
start_hub --no-bridge
mpris_so=$(mpv_mpris_plugin)
# Its IPC socket tells when mpv itself pauses, apart from when mpv-mpris announces it.
export MPV_IPC=$work/mpv.sock
mpv --no-config --idle=yes --script="$mpris_so" --input-ipc-server="$MPV_IPC" --no-video --ao=pulse \
  --really-quiet av://lavfi:sine &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.mpv
for _ in $(seq 200); do [ "$(playerctl --player=mpv status 2>/dev/null)" = Playing ] && break; sleep 0.05; done
players=(mpv)
if [ "$binaural" != none ] && [ -x "$binaural" ]; then
  "$binaural" --output pulse --headless --name binaural 2>"$work/binaural.log" &
  pids+=($!)
  wait_for_name org.mpris.MediaPlayer2.binaural
  playerctl --player=binaural play
  for _ in $(seq 200); do [ "$(playerctl --player=binaural status 2>/dev/null)" = Playing ] && break; sleep 0.05; done
  players+=(binaural)
fi

idle_before_calls=$(idle "$hub_pid")

echo "# A call's start to the players paused (ms), $calls calls; players: ${players[*]}; module-role-cork: ${ROLE_CORK:-1}"
/usr/bin/python3 - "$calls" "${players[@]}" <<'PYTHON'
import json, os, socket, subprocess, sys, time
import dbus, dbus.bus, dbus.lowlevel, dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
names = sys.argv[2:]
owners = {bus.get_name_owner("org.mpris.MediaPlayer2." + name): name for name in names}
hub = bus.get_name_owner("io.github.swift_remote_control.Hub")
# What the hub calls on each player: ours are interrupted, the others paused.
member = {name: ("Pause" if name == "mpv" else "BeginInterruption") for name in names}
loop = GLib.MainLoop()
seen = {}
wanted = set()

def mark(key):
    if key not in seen:
        seen[key] = time.monotonic()
    if wanted and wanted <= seen.keys():
        loop.quit()

def changed(interface, values, invalidated, sender=None):
    status = values.get("PlaybackStatus")
    if sender in owners and status is not None:
        mark((owners[sender], str(status)))

bus.add_signal_receiver(changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
                        path="/org/mpris/MediaPlayer2", sender_keyword="sender")

# A second connection, a monitor: it sees the hub's calls to the players as they cross the bus.
monitor = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
def filtered(connection, message):
    if isinstance(message, dbus.lowlevel.MethodCallMessage) and message.get_sender() == hub \
            and message.get_destination() in owners:
        mark((owners[message.get_destination()], message.get_member()))
monitor.add_message_filter(filtered)
monitor.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Monitoring",
                      "BecomeMonitor", "asu", (["type='method_call'"], dbus.UInt32(0)))

# pactl subscribe: when a libpulse client hears of the new stream, as the hub does.
subscription = subprocess.Popen(["pactl", "subscribe"], stdout=subprocess.PIPE)
def subscribed(fd, condition):
    data = os.read(fd, 65536)
    if b"'new' on sink-input" in data:
        mark(("stream", "new"))
    return bool(data)
GLib.io_add_watch(subscription.stdout.fileno(), GLib.IO_IN | GLib.IO_HUP, subscribed)

# mpv's own pause, from its IPC socket: when the sound stops, before mpv-mpris says so.
ipc = socket.socket(socket.AF_UNIX)
ipc.connect(os.environ["MPV_IPC"])
ipc.sendall(b'{"command": ["observe_property", 1, "pause"]}\n')
ipc_buffer = b""
def mpv_event(fd, condition):
    global ipc_buffer
    data = ipc.recv(65536)
    ipc_buffer += data
    *lines, ipc_buffer = ipc_buffer.split(b"\n")
    for line in lines:
        event = json.loads(line)
        if event.get("event") == "property-change" and event.get("name") == "pause" and event.get("data"):
            mark(("mpv", "pause"))
    return bool(data)
GLib.io_add_watch(ipc.fileno(), GLib.IO_IN | GLib.IO_HUP, mpv_event)
itself = {"mpv"} & set(names)

def wait(keys, timeout=3):
    """Runs the loop until every key is seen or `timeout` s passed."""
    wanted.clear()
    wanted.update(keys)
    if keys <= seen.keys():
        return
    source = GLib.timeout_add(timeout * 1000, loop.quit)
    loop.run()
    if not keys <= seen.keys():
        return
    GLib.source_remove(source)

def status(name):
    player = dbus.Interface(bus.get_object("org.mpris.MediaPlayer2." + name, "/org/mpris/MediaPlayer2"),
                            "org.freedesktop.DBus.Properties")
    return str(player.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus"))

def resumed():
    wait({(name, "Playing") for name in names})
    for name in names:
        if (name, "Playing") not in seen and status(name) != "Playing":
            sys.exit("%s was not resumed" % name)
    time.sleep(0.3)
    seen.clear()

samples = {}
missed = []
def sample(what, value):
    samples.setdefault(what, []).append(value * 1000)

for _ in range(int(sys.argv[1])):
    seen.clear()
    start = time.monotonic()
    call = subprocess.Popen(["pacat", "--raw", "--property=media.role=phone", "/dev/zero"])
    wait({("stream", "new")} | {(n, "Paused") for n in names} | {(n, member[n]) for n in names}
         | {(n, "pause") for n in itself})
    stream = seen.get(("stream", "new"))
    if stream is not None:
        sample("pacat spawned → the stream seen (pactl subscribe)", stream - start)
    for name in itself:
        paused_itself = seen.get((name, "pause"))
        if stream is not None and paused_itself is not None:
            sample("%s: the stream seen → %s pauses (its IPC socket)" % (name, name), paused_itself - stream)
    for name in names:
        called, paused = seen.get((name, member[name])), seen.get((name, "Paused"))
        if called is None and status(name) == "Paused":
            missed.append("%s: no %s (paused otherwise)" % (name, member[name]))
        elif called is None:
            sys.exit("the hub did not call %s on %s" % (member[name], name))
        if paused is None:
            missed.append("%s: Paused not announced" % name)
        if stream is not None and called is not None:
            sample("%s: the stream seen → the hub calls %s" % (name, member[name]), called - stream)
        if called is not None and paused is not None:
            sample("%s: %s → %s announces Paused" % (name, member[name], name), paused - called)
        if stream is not None and paused is not None:
            sample("%s: the stream seen → %s announces Paused" % (name, name), paused - stream)
        if paused is not None:
            sample("%s: pacat spawned → %s announces Paused" % (name, name), paused - start)
    call.terminate()
    call.wait()
    resumed()

# The same from the hub's own BeginInterruption: no sound server in the way.
session = dbus.Interface(bus.get_object("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2"),
                         "io.github.swift_remote_control.AudioSession1")
for _ in range(int(sys.argv[1])):
    seen.clear()
    start = time.monotonic()
    session.BeginInterruption()
    wait({(n, "Paused") for n in names} | {(n, member[n]) for n in names})
    for name in names:
        called, paused = seen.get((name, member[name])), seen.get((name, "Paused"))
        if called is not None:
            sample("%s: BeginInterruption() called → the hub calls %s" % (name, member[name]), called - start)
        if paused is not None:
            sample("%s: BeginInterruption() called → %s announces Paused" % (name, name), paused - start)
    session.EndInterruption()
    resumed()

def report(what, values):
    values.sort()
    p = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    print("%s (%d samples): p50: %.1f ms  p90: %.1f ms  min: %.1f ms  max: %.1f ms"
          % (what, len(values), p(0.5), p(0.9), values[0], values[-1]))

for what, values in samples.items():
    report(what, values)
print("changes not seen (left out): %d %s" % (len(missed), sorted(set(missed))))
subscription.kill()
PYTHON
echo
echo "# remotectld's wake-ups over ${idle_seconds} s while no stream changes (${players[*]} playing, no call)"
echo "context switches, the bridge off: $idle_before_calls"
kill -TERM "$hub_pid"
wait "$hub_pid" 2>/dev/null || true
start_hub --bridge-port 0
# The players settle on the new hub first (it reads them all once).
sleep 2
echo "context switches, the bridge on (no client): $(idle "$hub_pid")"
