#!/usr/bin/env bash
# The over-D-Bus figures of BENCHMARKS.md, on a private bus:
#   - round trips (p50/p90/p99 µs) of Peer.Ping, Get(Metadata), Get(Position) and PlayPause
#     against binaural and against mpv with mpv-mpris, every call interleaved with the others in
#     one loop, RUNS times (default 5), with the spread of each ratio over the runs;
#   - context switches of each player over 10 s while paused and while playing;
#   - process start to name on the bus, for binaural (median of 5).
# `make bench` calls this after the in-process benchmarks. Needs mpv and mpv-mpris.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${CALLS:-3000}
runs=${RUNS:-5}
idle_seconds=${IDLE_SECONDS:-10}

swift build -c release --product binaural >&2
binaural="$(swift build -c release --show-bin-path)/binaural"
source Benchmarks/common.sh
cc -O2 -o "$work/dbus-roundtrip" Benchmarks/DBus/roundtrip.c -lsystemd

start_private_bus


echo "# Startup: process start to org.mpris.MediaPlayer2.binaural on the bus (ms), 5 runs"
startups=()
for _ in 1 2 3 4 5; do
  startups+=("$("$work/dbus-roundtrip" startup org.mpris.MediaPlayer2.binaural "$binaural" --output null 2>/dev/null)")
done
printf '%s\n' "${startups[@]}" | sort -n | awk '{ v[NR] = $1 } END { printf "runs: %s  median: %s ms\n", v[1] " " v[2] " " v[3] " " v[4] " " v[5], v[3] }'

"$binaural" --output null 2>/dev/null &
binaural_pid=$!
pids+=("$binaural_pid")
mpris_so=$(mpv_mpris_plugin)
mpv --no-config --idle=yes --script="$mpris_so" --no-video --ao=null --really-quiet av://lavfi:sine &
mpv_pid=$!
pids+=("$mpv_pid")
wait_for_name org.mpris.MediaPlayer2.binaural
wait_for_name org.mpris.MediaPlayer2.mpv

echo
echo "# Idle: context switches over ${idle_seconds} s (all threads of the process)"
playerctl --player=mpv pause >/dev/null 2>&1 || true
echo "binaural paused: $(idle "$binaural_pid")    mpv paused: $(idle "$mpv_pid")"
playerctl --player=binaural play
playerctl --player=mpv play
echo "binaural playing: $(idle "$binaural_pid")    mpv playing: $(idle "$mpv_pid")"

# Paused for the round trips: a playing mpv decodes on the other core and disturbs both.
# Each run toggles PlayPause an even number of times, so both stay paused.
playerctl --player=binaural pause
playerctl --player=mpv pause
echo
echo "# Round trips, ${calls} timed rounds per run, ${runs} runs (µs): player call p50 p90 p99"
echo "# Interleaved: Ping, Get(Metadata), Get(Position) of binaural then of mpv, round after round;"
echo "# then Ping, PlayPause of each. Ratios are p50s of the same loop."
results="$work/roundtrips"
for run in $(seq "$runs"); do
  echo "## run $run"
  "$work/dbus-roundtrip" calls "$calls" org.mpris.MediaPlayer2.binaural org.mpris.MediaPlayer2.mpv \
    | sed -e 's/org\.mpris\.MediaPlayer2\.//' -e 's/first\/second/binaural\/mpv/' | tee -a "$results"
done
echo
echo "# Spread over ${runs} runs: ratio min median max"
grep ' ratio \|^ratio ' "$results" | awk '
  { key = $0; sub(/ [^ ]*$/, "", key); value[key] = value[key] " " $NF; if (!(key in seen)) { seen[key] = 1; order[++n] = key } }
  END {
    for (i = 1; i <= n; i++) {
      m = split(substr(value[order[i]], 2), v, " ")
      for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (v[b] < v[a]) { t = v[a]; v[a] = v[b]; v[b] = t }
      printf "%-40s %6.3f %6.3f %6.3f\n", order[i], v[1], v[int((m + 1) / 2)], v[m]
    }
  }'
