#!/usr/bin/env bash
# The figures of the hub's one view of the players (BENCHMARKS.md, "One view of the players"), on a
# private bus, with the build `make install` makes (release, static Swift runtime; SCRATCH names
# its build folder, default .build-release, so a debug build in .build is left alone):
#   - the D-Bus messages one PlayPause through the proxy costs, with the web remote running, as
#     dbus-monitor sees them between two markers the client sends around it;
#   - stale reads: PlayPause through the proxy then Get(PlaybackStatus) through it, PAIRS times
#     (default 10000), with one core kept busy;
#   - resident memory of remotectld idle with one player, beside playerctld's;
#   - remotectld's threads before and after 20 bridged players register (the bridge's Python
#     example, over the unix socket).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${PAIRS:-10000}
scratch=${SCRATCH:-.build-release}

make --no-print-directory release SCRATCH="$scratch" >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)"
source Benchmarks/common.sh

mkdir -m 700 "$work/runtime"
export XDG_RUNTIME_DIR="$work/runtime" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
start_private_bus
rss() { awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' /proc/"$1"/status 2>/dev/null || echo "(gone)"; }
# What of it is the process's own (anonymous) memory, and what clean pages of its executable.
breakdown() {
  awk '/^Anonymous:/ { printf "anonymous %.1f MiB, ", $2 / 1024 } /^Private_Clean:/ { printf "clean file pages %.1f MiB", $2 / 1024 }' \
    /proc/"$1"/smaps_rollup
}
threads() { ls /proc/"$1"/task | wc -l; }

"$bin/remotectld" --http-port 0 --proxy on --log-level warning 2>"$work/remotectld.log" &
hub_pid=$!
pids+=("$hub_pid")
wait_for_name org.mpris.MediaPlayer2.remotectld
"$bin/binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
wait_for_proxy

client=Benchmarks/proxy_client.py

echo "# Messages for one PlayPause through the proxy, the web remote running"
dbus-monitor --address "$DBUS_SESSION_BUS_ADDRESS" >"$work/monitor" 2>/dev/null &
monitor=$!
pids+=("$monitor")
for _ in $(seq 100); do grep -q NameAcquired "$work/monitor" && break; sleep 0.05; done
/usr/bin/python3 "$client" press >/dev/null
for _ in $(seq 100); do [ "$(grep -c 'member=GetId' "$work/monitor")" -ge 2 ] && break; sleep 0.05; done
kill "$monitor"
awk '/member=GetId/ { marks++; next } marks == 1 && /^(method call|method return|error|signal)/ { print }' \
  "$work/monitor" | tail -n +2 | tee "$work/press" | cut -c1-160
echo "messages: $(wc -l <"$work/press")"

echo
echo "# Stale reads: PlayPause then Get(PlaybackStatus) through the proxy, $pairs pairs, one core busy"
sh -c 'while :; do :; done' &
busy=$!
pids+=("$busy")
echo "stale: $(/usr/bin/python3 "$client" pairs "$pairs") of $pairs"
kill "$busy"

echo
echo "# Resident memory, idle, one player"
playerctld 2>/dev/null &
playerctld_pid=$!
pids+=("$playerctld_pid")
wait_for_name org.mpris.MediaPlayer2.playerctld
sleep 2
echo "remotectld: $(rss "$hub_pid") ($(breakdown "$hub_pid"); $(threads "$hub_pid") threads)    playerctld: $(rss "$playerctld_pid")"

echo
echo "# Threads with 20 bridged players"
before=$(threads "$hub_pid")
for n in $(seq 20); do
  /usr/bin/python3 Examples/bridge-python/remote_control_player.py --app-id "page$n" --title "Page $n" \
    >/dev/null 2>&1 &
  pids+=($!)
done
for n in $(seq 20); do wait_for_name "org.mpris.MediaPlayer2.page$n"; done
sleep 1
echo "remotectld threads: $before before, $(threads "$hub_pid") with 20 bridged players; $(rss "$hub_pid")"
