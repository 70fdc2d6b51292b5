#!/usr/bin/env bash
# remotectl beside a running hub, against playerctl: the wall time of one `status` and one
# `play-pause` (what a media key runs) when remotectl's verbs go through the hub's command path
# (Hub1.Send), on one private bus with remotectld and one binaural.
#
#   Benchmarks/remotectl-hub.sh [RUNS]     (default 30)
#
# Takes the built products from .build/debug unless REMOTECTL, REMOTECTLD and BINAURAL name
# others; BASELINE=path/to/an/older/remotectl measures that one too, side by side (one that calls
# the player itself). The programs run alternately, RUNS times each per verb; wall time is the
# median, from bash's clock around each run.
set -euo pipefail

runs=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/Benchmarks/common.sh"
remotectl=${REMOTECTL:-$root/.build/debug/remotectl}
remotectld=${REMOTECTLD:-$root/.build/debug/remotectld}
binaural=${BINAURAL:-$root/.build/debug/binaural}
baseline=${BASELINE:-}

start_private_bus
XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" "$remotectld" --http-port 0 --no-bridge \
  >"$work/remotectld.log" 2>&1 &
pids+=($!)
wait_for_name io.github.swift_remote_control.Hub
XDG_CACHE_HOME="$work/cache" "$binaural" --output null --headless >/dev/null 2>"$work/binaural.log" &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
until [ "$(playerctl -p binaural status 2>/dev/null)" = "Paused" ]; do sleep 0.05; done
until "$remotectl" hub 2>&1 | grep -q binaural; do sleep 0.05; done

source "$root/Benchmarks/timing.sh"

programs=("$remotectl" playerctl)
[ -n "$baseline" ] && programs+=("$baseline")
echo "runs: $runs alternating runs per program per verb, a hub and one binaural on a private bus"
for verb in status play-pause; do
  for program in "${programs[@]}"; do : >"$work/$(basename "$program").$verb"; done
  for _ in 1 2 3; do for program in "${programs[@]}"; do "$program" $verb >/dev/null 2>&1; done; done
  for run in $(seq "$runs"); do
    # Who goes first turns, so each toggles play-pause from Paused as often as from Playing.
    count=${#programs[@]}
    for i in $(seq 0 $((count - 1))); do
      program=${programs[$(((run + i) % count))]}
      wall "$program" $verb >>"$work/$(basename "$program").$verb"
    done
  done
  theirs=$(median <"$work/playerctl.$verb")
  for program in "${programs[@]}"; do
    ours=$(median <"$work/$(basename "$program").$verb")
    awk -v verb="$verb" -v name="$(basename "$program")" -v o="$ours" -v t="$theirs" \
      'BEGIN { printf "%-10s %-16s median %7.2f ms, %.2f x playerctl\n", verb, name, o / 1000, o / t }'
  done
done
