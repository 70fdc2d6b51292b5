#!/usr/bin/env bash
# The remotectld figures of BENCHMARKS.md, on a private bus, beside playerctld:
#   - Get(Metadata) round trips (p50/p90/p99 µs) straight to binaural, through remotectld's proxy
#     player and through playerctld's, every call interleaved with the others in one loop, RUNS
#     times (default 5), with the spread of each ratio over the runs;
#   - PlayPause straight to binaural and through remotectld, interleaved the same way;
#   - switch latency: a player's PropertiesChanged(PlaybackStatus=Playing) to each proxy's
#     announcement, as one client receives them (SWITCHES switches, default 200);
#   - context switches of remotectld (and playerctld) over 10 s with three paused players;
#   - resident memory of remotectld (and playerctld) with 20 players.
# playerctld watches every MPRIS name, remotectld's proxy player included: before the Get loop
# its active player is shifted to binaural, and the PlayPause loop leaves it out. The switches
# come first: playerctld has crashed during them after long runs of the other loops.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${CALLS:-3000}
runs=${RUNS:-5}
switches=${SWITCHES:-200}
idle_seconds=${IDLE_SECONDS:-10}

# BIN names a folder of already built products (the `make release SCRATCH=…` build, say).
if [ -z "${BIN:-}" ]; then
  swift build -c release --product remotectld >&2
  swift build -c release --product binaural >&2
fi
bin=${BIN:-"$(swift build -c release --show-bin-path)"}
source Benchmarks/common.sh
cc -O2 -o "$work/dbus-hub" Benchmarks/DBus/hub.c -lsystemd

start_private_bus

start_binaural() {  # NAME: a paused binaural owning org.mpris.MediaPlayer2.NAME
  "$bin/binaural" --output null --headless --name "$1" 2>/dev/null &
  pids+=($!)
  wait_for_name "org.mpris.MediaPlayer2.$1"
}
hub_players() {
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property io.github.swift_remote_control.Hub \
    /org/mpris/MediaPlayer2 io.github.swift_remote_control.Hub1 Players | awk '{ print $2 }'
}
playerctld_first() {
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.mpris.MediaPlayer2.playerctld \
    /org/mpris/MediaPlayer2 com.github.altdesktop.playerctld PlayerNames | awk '{ print $3 }' | tr -d '"'
}
rss() { awk '/VmRSS/ { print $2 " kB" }' /proc/"$1"/status 2>/dev/null || echo "(gone)"; }
# playerctld aborts on some sequences; say so rather than print figures of a dead process.
check_playerctld() {
  kill -0 "$playerctld_pid" 2>/dev/null && return 0
  echo "playerctld has exited; its last words:"
  grep -v '^$' "$work/playerctld.log" | grep -v WARNING | tail -n 3
}

playerctld 2>"$work/playerctld.log" &
playerctld_pid=$!
pids+=("$playerctld_pid")
wait_for_name org.mpris.MediaPlayer2.playerctld
"$bin/remotectld" --no-playerctld --log-level warning 2>"$work/remotectld.log" &
hub_pid=$!
pids+=("$hub_pid")
wait_for_name org.mpris.MediaPlayer2.remotectld
start_binaural binaural

echo
echo "# Switch latency, ${switches} switches between a and b (µs): proxy p50 p90 p99"
start_binaural a
start_binaural b
"$work/dbus-hub" switch "$switches" org.mpris.MediaPlayer2.a org.mpris.MediaPlayer2.b \
  org.mpris.MediaPlayer2.remotectld org.mpris.MediaPlayer2.playerctld

check_playerctld
# binaural is the last to start playing and playerctld is shifted to it: the Gets reach binaural.
for player in a b; do playerctl --player="$player" pause >/dev/null 2>&1 || true; done
playerctl --player=binaural play
for _ in $(seq 100); do busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.mpris.MediaPlayer2.remotectld /org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player PlaybackStatus | grep -q Playing && break; sleep 0.05; done
playerctl --player=binaural pause
sleep 0.5
for _ in 1 2 3 4; do [ "$(playerctld_first)" = org.mpris.MediaPlayer2.binaural ] && break; playerctld shift >/dev/null; done
echo "playerctld's active player for the Get loop: $(playerctld_first)"
echo
echo "# Get(Metadata), ${calls} timed rounds per run, ${runs} runs (µs): player call p50 p90 p99"
echo "# Interleaved: Ping then Get(Metadata) straight to binaural, through remotectld, through"
echo "# playerctld, round after round. Ratios are p50s of the same loop."
results="$work/results"
for run in $(seq "$runs"); do
  echo "## run $run"
  "$work/dbus-hub" gets "$calls" org.mpris.MediaPlayer2.binaural org.mpris.MediaPlayer2.remotectld \
    org.mpris.MediaPlayer2.playerctld | tee -a "$results"
done

check_playerctld
echo
echo "# PlayPause, ${calls} timed rounds per run, ${runs} runs (µs): straight to binaural and through remotectld"
for run in $(seq "$runs"); do
  echo "## run $run"
  "$work/dbus-hub" playpause "$calls" org.mpris.MediaPlayer2.binaural org.mpris.MediaPlayer2.remotectld \
    | tee -a "$results"
done

echo
echo "# Spread over ${runs} runs: ratio min median max"
grep '^ratio ' "$results" | awk '
  { key = $0; sub(/ [^ ]*$/, "", key); value[key] = value[key] " " $NF; if (!(key in seen)) { seen[key] = 1; order[++n] = key } }
  END {
    for (i = 1; i <= n; i++) {
      m = split(substr(value[order[i]], 2), v, " ")
      for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (v[b] < v[a]) { t = v[a]; v[a] = v[b]; v[b] = t }
      printf "%-46s %6.3f %6.3f %6.3f\n", order[i], v[1], v[int((m + 1) / 2)], v[m]
    }
  }'

check_playerctld
echo
echo "# Idle: context switches over ${idle_seconds} s with three paused players (binaural, a, b)"
for player in binaural a b; do playerctl --player="$player" pause >/dev/null 2>&1 || true; done
sleep 1
echo "remotectld: $(idle "$hub_pid")    playerctld: $(idle "$playerctld_pid")"

echo
echo "# Resident memory with 20 players"
echo "3 players: remotectld $(rss "$hub_pid"), playerctld $(rss "$playerctld_pid")"
for n in $(seq 4 20); do start_binaural "p$n"; done
for _ in $(seq 200); do [ "$(hub_players)" = 20 ] && break; sleep 0.05; done
sleep 1
echo "20 players (hub lists $(hub_players)): remotectld $(rss "$hub_pid"), playerctld $(rss "$playerctld_pid")"
