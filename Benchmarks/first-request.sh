#!/usr/bin/env bash
# The first request's extra time, now that the web remote and the bridge start on their first
# connection (BENCHMARKS.md, issue 39), two builds side by side in one run:
#
#   Benchmarks/first-request.sh BEFORE_BIN AFTER_BIN
#
# BEFORE_BIN and AFTER_BIN are folders of built executables. ROUNDS times (default 10), before and
# after alternating, each on a fresh private bus with one binaural: remotectld (`--http-port 0
# --proxy on`, the bridge on) started, its web remote's URL read from the bus, 2 s idle, then
# curl's total time of the first `GET /` (the page), of a second one, and of the first request to
# the bridge's loopback port (a 404: no route at `/`). Prints each round and the medians (ms).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { echo "usage: $0 BEFORE_BIN AFTER_BIN" >&2; exit 2; }
declare -A bins=([before]=$(cd "$1" && pwd) [after]=$(cd "$2" && pwd))
rounds=${ROUNDS:-10}
source Benchmarks/common.sh
ms() { curl -s -o /dev/null -w '%{time_total}\n' "$@" | awk '{ printf "%.2f\n", $1 * 1000 }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M') UTC"
round() {
  local label=$1 bin=${bins[$1]} dir="$work/$1-$2"
  mkdir -p "$dir/state" "$dir/config"
  mkdir -m 700 "$dir/runtime"
  dbus-daemon --session --nofork --address="unix:path=$dir/bus" 2>/dev/null &
  local bus=$!
  pids+=("$bus")
  export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus"
  for _ in $(seq 100); do [ -S "$dir/bus" ] && break; sleep 0.05; done
  "$bin/binaural" --output null --headless --name binaural 2>/dev/null &
  local player=$!
  pids+=("$player")
  XDG_RUNTIME_DIR="$dir/runtime" XDG_STATE_HOME="$dir/state" XDG_CONFIG_HOME="$dir/config" \
    "$bin/remotectld" --http-port 0 --proxy on --log-level warning 2>"$dir/remotectld.log" &
  local hub=$!
  pids+=("$hub")
  local base="" endpoint=""
  for _ in $(seq 200); do
    base=$(gdbus call --address "$DBUS_SESSION_BUS_ADDRESS" --dest io.github.swift_remote_control.Hub \
      --object-path /org/mpris/MediaPlayer2 --method org.freedesktop.DBus.Properties.Get \
      io.github.swift_remote_control.WebRemote1 URLs 2>/dev/null | grep -o "http://[^']*" | head -1 || true)
    endpoint=$(cat "$dir/runtime/remotectld/bridge-endpoint" 2>/dev/null || true)
    [ -n "$base" ] && [ -n "$endpoint" ] && break
    sleep 0.05
  done
  sleep 2
  local bridge=${endpoint#ws://}
  bridge="http://${bridge%/bridge}/"
  local first second first_bridge
  first=$(ms "$base")
  second=$(ms "$base")
  first_bridge=$(ms "$bridge")
  echo "$label $2 $first $second $first_bridge" | tee -a "$work/figures"
  kill -KILL "$hub" "$player" "$bus" 2>/dev/null || true
  wait "$hub" "$player" "$bus" 2>/dev/null || true
}
echo "# label round  first GET / ms  second GET / ms  first bridge request ms"
for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then round before "$r"; round after "$r"; else round after "$r"; round before "$r"; fi
done
for label in before after; do
  echo "$label medians: first $(awk -v l=$label '$1 == l { print $3 }' "$work/figures" | median)" \
    "second $(awk -v l=$label '$1 == l { print $4 }' "$work/figures" | median)" \
    "first bridge $(awk -v l=$label '$1 == l { print $5 }' "$work/figures" | median)"
done
