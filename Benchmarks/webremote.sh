#!/usr/bin/env bash
# The web remote's figures of BENCHMARKS.md, on a private bus, side by side in one run:
#   - a press acknowledged over loopback (WebSocket command to ack, p50, from a plain C client and
#     from Python's websockets) against a direct D-Bus PlayPause to the same binaural
#     (Benchmarks/DBus/roundtrip.c), RUNS times (default 3) of PRESSES each (default 1000), with
#     the ratio of each run; the C client presses twice: as a loopback program (a bearer, unsigned
#     messages) and as the page does (a signed upgrade, each message signed, signing timed);
#   - CLIENTS WebSocket clients (default 1000) connected at once: ROUNDS volume changes (default
#     50), each one's arrival at every client (p50, p99, max), the hub's resident memory with them,
#     and its context switches over IDLE_SECONDS (default 35) while they are all idle.
# The fan-out is timed by a plain C client (Benchmarks/WebRemote/fanout.c), so that the figure is
# the hub's; Benchmarks/WebRemote/load.py (in the test venv: make browser-deps) presses, and
# repeats the fan-out with Python clients as browsers' stand-ins, then measures idle wake-ups.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
presses=${PRESSES:-1000}
clients=${CLIENTS:-1000}
rounds=${ROUNDS:-50}
idle_seconds=${IDLE_SECONDS:-35}
python=.build-browser/venv/bin/python
[ -x "$python" ] || scripts/browser-venv.sh .build-browser/venv >&2
ulimit -n 8192

# BIN names a folder of already built products (a debug build, to try the script).
if [ -z "${BIN:-}" ]; then
  for product in remotectld binaural remotectl; do swift build -c release --product "$product" >&2; done
fi
bin=${BIN:-"$(swift build -c release --show-bin-path)"}
graceful_stop=1
source Benchmarks/common.sh
cc -O2 -o "$work/dbus-roundtrip" Benchmarks/DBus/roundtrip.c -lsystemd
cc -O2 -o "$work/webremote-fanout" Benchmarks/WebRemote/fanout.c -lcrypto

export XDG_STATE_HOME="$work/state"
start_private_bus
"$bin/binaural" --output null --headless --name binaural 2>"$work/binaural.log" &
pids+=($!)
"$bin/remotectld" --http-port 0 2>"$work/remotectld.log" &
hub=$!
pids+=($hub)
gdbus wait --address "$DBUS_SESSION_BUS_ADDRESS" --timeout 10 org.mpris.MediaPlayer2.binaural
gdbus wait --address "$DBUS_SESSION_BUS_ADDRESS" --timeout 10 io.github.swift_remote_control.Hub
base=""
for _ in $(seq 200); do
  base=$(gdbus call --address "$DBUS_SESSION_BUS_ADDRESS" --dest io.github.swift_remote_control.Hub --object-path /org/mpris/MediaPlayer2 \
    --method org.freedesktop.DBus.Properties.Get io.github.swift_remote_control.WebRemote1 URLs \
    | grep -o "http://[^']*" | head -1 || true)
  [ -n "$base" ] && break
  sleep 0.05
done
[ -n "$base" ] || { echo "webremote.sh: the hub serves no web remote" >&2; exit 1; }
# Pairing as the page does: the link's key signs the request, and is the device's from then on
# (its bearer on loopback too).
link=$("$bin/remotectl" pair --no-qr | head -1)
device=$("$python" Benchmarks/pair_device.py "$link")
token=${link##*key=}
# Binaural's snapshot is in the web remote once its players list names it.
for _ in $(seq 200); do
  curl -s -H "Authorization: Bearer $token" "${base}api/players" | grep -q '"id":"binaural"' && break
  sleep 0.05
done

echo "# web remote at $base (commit $(git rev-parse --short HEAD), $(date -u +%F))"
port=${base##*:}
port=${port%/}
echo "# run  dbus-PlayPause-p50-us  ws-press-p50-us  p90  p99  ratio  (C client, bearer)  signed-press-p50-us  p90  p99  ratio  (C client, signed as the page)  python-ws-press-p50-us"
for run in $(seq "$runs"); do
  direct=$("$work/dbus-roundtrip" calls "$presses" org.mpris.MediaPlayer2.binaural \
    | awk '$2 == "PlayPause" { print $3 }')
  read -r _ p50 p90 p99 < <("$work/webremote-fanout" press "$port" "$token" "$presses")
  read -r _ s50 s90 s99 < <("$work/webremote-fanout" press-signed "$port" "$device" "$token" "$presses")
  read -r _ python_p50 _ _ < <("$python" Benchmarks/WebRemote/load.py press "$base" "$token" "$presses")
  ratio=$(awk -v a="$p50" -v b="$direct" 'BEGIN { printf "%.2f", a / b }')
  signed_ratio=$(awk -v a="$s50" -v b="$direct" 'BEGIN { printf "%.2f", a / b }')
  echo "$run  $direct  $p50  $p90  $p99  $ratio  $s50  $s90  $s99  $signed_ratio  $python_p50"
done
echo "# $clients clients, $rounds changes: the C client (fanout.c), then Python's (4 processes), idle $idle_seconds s"
"$work/webremote-fanout" "$port" "$token" "$clients" "$rounds" "$hub"
"$python" Benchmarks/WebRemote/load.py fanout "$base" "$token" "$clients" "$rounds" "$hub" "$idle_seconds"
