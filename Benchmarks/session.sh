#!/usr/bin/env bash
# The audio session's figures of BENCHMARKS.md, on a private bus and a private pulseaudio (null
# sink, module-role-cork), with remotectld watching both and mpv + mpv-mpris playing to it:
#   - a call's start to the player paused: from spawning `pacat --property=media.role=phone` to
#     mpv's PropertiesChanged(PlaybackStatus=Paused) as a client receives it, CALLS calls
#     (default 20), p50/p90 ms; each call's end resumes mpv before the next;
#   - remotectld's wake-ups (context switches, every thread) over IDLE_SECONDS (default 10) while
#     no stream changes (mpv playing, no call).
# Needs pulseaudio, pulseaudio-utils, mpv and mpv-mpris, python3-dbus.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${CALLS:-20}
idle_seconds=${IDLE_SECONDS:-10}

# REMOTECTLD names another build (a debug one) instead of the release build.
if [ -z "${REMOTECTLD:-}" ]; then
  swift build -c release --product remotectld >&2
  REMOTECTLD="$(swift build -c release --show-bin-path)/remotectld"
fi
remotectld=$REMOTECTLD
source Benchmarks/common.sh
# The hub's log is kept where SESSION_LOG says, before the folder goes.
trap 'cp "$work/remotectld.log" "${SESSION_LOG:-/dev/null}" 2>/dev/null || true; cleanup' EXIT
start_private_bus

export HOME=$work XDG_RUNTIME_DIR=$work PULSE_RUNTIME_PATH=$work XDG_CONFIG_HOME=$work
pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no --disable-shm=yes \
  --log-target=stderr --load="module-null-sink sink_name=test rate=48000" \
  --load="module-native-protocol-unix socket=$work/native auth-anonymous=1" \
  --load="module-role-cork" 2>"$work/pulseaudio.log" &
pids+=($!)
export PULSE_SERVER="unix:$work/native"
for _ in $(seq 200); do pactl info >/dev/null 2>&1 && break; sleep 0.05; done


# The bridge is left out: its WebSocket heartbeat wakes the hub whatever the audio session does.
"$remotectld" --log-level "${LOG_LEVEL:-info}" --no-http --no-bridge --proxy off 2>"$work/remotectld.log" &
hub_pid=$!
pids+=("$hub_pid")
wait_for_name io.github.swift_remote_control.Hub
mpris_so=$(dpkg -L mpv-mpris | grep 'mpris.so$' | head -n 1)
mpv --no-config --idle=yes --script="$mpris_so" --no-video --ao=pulse --really-quiet av://lavfi:sine &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.mpv
for _ in $(seq 200); do [ "$(playerctl --player=mpv status 2>/dev/null)" = Playing ] && break; sleep 0.05; done

thread_switches() {
  for status in /proc/"$1"/task/*/status; do
    awk -v tid="$(basename "$(dirname "$status")")" \
      '/ctxt_switches/ { sum += $2 } END { print tid, sum + 0 }' "$status" 2>/dev/null || true
  done
}
before=$(thread_switches "$hub_pid")
sleep "$idle_seconds"
after=$(thread_switches "$hub_pid")
idle=$(awk 'NR == FNR { start[$1] = $2; next } { sum += $2 - start[$1] } END { print sum + 0 }' \
  <(echo "$before") <(echo "$after"))

echo "# A call's start to mpv paused (ms), $calls calls"
/usr/bin/python3 - "$calls" <<'PYTHON'
import subprocess, sys, time
import dbus, dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
owner = bus.get_name_owner("org.mpris.MediaPlayer2.mpv")
loop = GLib.MainLoop()
state = {"want": None, "at": None}

def changed(interface, values, invalidated, sender=None):
    status = values.get("PlaybackStatus")
    if sender == owner and status == state["want"]:
        state["at"] = time.monotonic()
        loop.quit()

bus.add_signal_receiver(changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
                        path="/org/mpris/MediaPlayer2", sender_keyword="sender")

mpv = dbus.Interface(bus.get_object(owner, "/org/mpris/MediaPlayer2"), "org.freedesktop.DBus.Properties")
missed = []

def until(status, timeout=3):
    """When mpv announced `status`; None when it turned so without announcing it (mpv-mpris now
    and then stays silent), which is counted and left out."""
    state["want"], state["at"] = status, None
    source = GLib.timeout_add(timeout * 1000, loop.quit)
    loop.run()
    GLib.source_remove(source) if state["at"] is not None else None
    if state["at"] is None:
        if mpv.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus") != status:
            sys.exit("mpv did not turn %s" % status)
        missed.append(status)
    return state["at"]

samples = []
for _ in range(int(sys.argv[1])):
    start = time.monotonic()
    call = subprocess.Popen(["pacat", "--raw", "--property=media.role=phone", "/dev/zero"])
    paused = until("Paused")
    if paused is not None:
        samples.append((paused - start) * 1000)
    call.terminate()
    call.wait()
    until("Playing")
    time.sleep(0.2)
def report(what, samples):
    samples.sort()
    p = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
    print("%s (%d samples): p50: %.1f ms  p90: %.1f ms  min: %.1f ms  max: %.1f ms"
          % (what, len(samples), p(0.5), p(0.9), samples[0], samples[-1]))

report("pacat spawned to mpv paused", samples)
# The hub's share against mpv's own: BeginInterruption on the hub's bus interface instead of a
# sound-server stream.
session = dbus.Interface(bus.get_object("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2"),
                         "io.github.swift_remote_control.AudioSession1")
requested = []
for _ in range(int(sys.argv[1])):
    start = time.monotonic()
    session.BeginInterruption()
    paused = until("Paused")
    if paused is not None:
        requested.append((paused - start) * 1000)
    session.EndInterruption()
    until("Playing")
    time.sleep(0.2)
report("BeginInterruption to mpv paused", requested)
print("changes mpv did not announce (left out): %d" % len(missed))
PYTHON
echo
echo "# remotectld's wake-ups over ${idle_seconds} s while no stream changes (mpv playing, no call)"
echo "context switches: $idle"
