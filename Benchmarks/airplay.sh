#!/usr/bin/env bash
# The AirPlay figures of BENCHMARKS.md (issue 38), with the tests' real parts: Debian's
# shairport-sync 3.3.8 as its own user on a private system bus, playing to a private PulseAudio;
# pyatv streaming to it on 127.0.0.1 (the tests' sender); remotectld (proxy on) on a private
# session bus with binaural, the local player, played then paused. Benchmarks/airplay.py runs
# ROUNDS streams (default 5) and measures, on one clock: stream start -> Now Playing and -> the
# title on the proxy; shairport-sync's Metadata signal -> the proxy's on a track change; presses
# the proxy accepts that go nowhere; stream end -> Now Playing back to the local player.
# Needs the Python environment `make browser-deps` makes (pyatv).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
venv=${VENV:-.build-browser/venv}

# BIN names a folder of already built products (the `make release SCRATCH=…` build, say).
if [ -z "${BIN:-}" ]; then
  swift build -c release --product remotectld >&2
  swift build -c release --product binaural >&2
fi
bin=${BIN:-"$(swift build -c release --show-bin-path)"}
[ -x "$venv/bin/python" ] || { echo "$(basename "$0"): no pyatv environment at $venv: make browser-deps" >&2; exit 1; }
source Benchmarks/common.sh
# shairport-sync runs as its own user: it must reach the folder's sockets and its own folder.
chmod 755 "$work"

start_private_bus
start_private_system_bus

# PulseAudio with a null sink; its runtime folder is its own, so shairport-sync's user gets a
# second socket in the work folder.
mkdir -p "$work/pulse"
HOME=$work/pulse XDG_RUNTIME_DIR=$work/pulse PULSE_RUNTIME_PATH=$work/pulse XDG_CONFIG_HOME=$work/pulse \
  pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no --disable-shm=yes \
  --log-target=stderr "--load=module-null-sink sink_name=test rate=48000" \
  "--load=module-native-protocol-unix socket=$work/pulse/native auth-anonymous=1" \
  "--load=module-native-protocol-unix socket=$work/pulse-native auth-anonymous=1" 2>"$work/pulseaudio.log" &
pids+=($!)
for _ in $(seq 200); do [ -S "$work/pulse-native" ] && break; sleep 0.05; done
export PULSE_SERVER="unix:$work/pulse/native"

# shairport-sync as Debian's unit runs it (its user), with the bus names said out loud.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/shairport-sync/coverart"
cat > "$work/shairport-sync/shairport-sync.conf" <<CONF
general = { name = "remotectl bench"; port = $port; udp_port_base = $((port + 1)); udp_port_range = 100;
  output_backend = "pa"; mpris_service_bus = "system"; dbus_service_bus = "system"; };
pa = { server = "unix:$work/pulse-native"; };
metadata = { enabled = "yes"; include_cover_art = "yes";
  cover_art_cache_directory = "$work/shairport-sync/coverart"; pipe_name = "$work/shairport-sync/metadata"; };
diagnostics = { log_output_to = "stderr"; };
CONF
chown -R shairport-sync:shairport-sync "$work/shairport-sync"
setpriv --reuid=shairport-sync --regid=shairport-sync --init-groups -- \
  /usr/bin/shairport-sync -c "$work/shairport-sync/shairport-sync.conf" 2>"$work/shairport-sync.log" &
pids+=($!)
for _ in $(seq 200); do
  system_has_name org.mpris.MediaPlayer2.ShairportSync && ss -Hltn "sport = :$port" | grep -q . && break
  sleep 0.05
done

"$bin/remotectld" --proxy on --http-port 0 --no-bridge 2>"$work/remotectld.log" &
pids+=($!)
wait_for_name io.github.swift_remote_control.Hub
"$bin/binaural" --output null --headless --name local 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.local
playerctl -p local play
playerctl -p local pause
for _ in $(seq 200); do
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property io.github.swift_remote_control.Hub \
    /org/mpris/MediaPlayer2 io.github.swift_remote_control.Hub1 ActivePlayer | grep -q '\.local"' && break
  sleep 0.05
done

echo "remotectld: $bin/remotectld; shairport-sync $(shairport-sync -V | cut -d- -f1); pyatv $("$venv/bin/python" -c 'import pyatv.const as c; print(c.__version__)')"
/usr/bin/python3 Benchmarks/airplay.py "$venv/bin/python" Tests/remotectldTests/Support/AirPlay/airplay_sender.py \
  "$port" "$rounds"
