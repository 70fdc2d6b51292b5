#!/usr/bin/env bash
# remotectl against playerctl where users feel it: the time and memory of one `status` and one
# `play-pause` (what a media key runs), on one private bus with one binaural.
#
#   Benchmarks/remotectl.sh [RUNS]     (default 30)
#
# Builds remotectl and binaural the way users are told to (`make install`, into a temporary
# PREFIX), starts a private dbus-daemon and `binaural --output null` on it, waits until binaural
# owns its name and answers, then runs remotectl and playerctl alternately, RUNS times each per
# verb (who goes first alternating as well): wall time (median, from bash's clock around each
# run) and peak resident memory (/usr/bin/time's %M, median and maximum). hyperfine, when
# installed, measures the same commands again as a cross-check (its runs are not alternated).
# Goal: remotectl's median wall ≤ 0.8× playerctl's, its peak memory ≤ 1.5× playerctl's.
set -euo pipefail

runs=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/remotectl-bench.XXXXXX")
daemon=""
player=""
cleanup() {
  [ -n "$player" ] && kill "$player" 2>/dev/null && wait "$player" 2>/dev/null
  [ -n "$daemon" ] && kill "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

make -C "$root" --no-print-directory install PREFIX="$work/prefix" >"$work/build.log" 2>&1 \
  || { cat "$work/build.log"; exit 1; }
remotectl="$work/prefix/bin/remotectl"
binaural="$work/prefix/bin/binaural"

dbus-daemon --session --nofork --address="unix:path=$work/bus" --print-address=1 >"$work/address" 2>/dev/null &
daemon=$!
until [ -s "$work/address" ]; do
  kill -0 "$daemon" || { echo "dbus-daemon did not start" >&2; exit 1; }
  sleep 0.02
done
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
XDG_CACHE_HOME="$work/cache" "$binaural" --output null --headless >/dev/null 2>"$work/binaural.log" &
player=$!
gdbus wait --session --timeout 10 org.mpris.MediaPlayer2.binaural
# Ready when it answers the very property the benchmark reads.
[ "$(playerctl -p binaural status)" = "Paused" ] || { echo "binaural does not answer" >&2; exit 1; }

source "$root/Benchmarks/timing.sh"

# Peak resident memory of one run in KiB.
peak() {
  /usr/bin/time -f %M -o "$work/peak" "$@" >/dev/null 2>&1
  cat "$work/peak"
}

# MEASURE (wall or peak) of `remotectl VERB` and `playerctl VERB`, RUNS times each, appended to
# ours.MEASURE and theirs.MEASURE. Who goes first alternates too, so that each program toggles
# play-pause from Paused as often as from Playing.
alternately() {
  local measure=$1 run
  for run in $(seq "$runs"); do
    if [ $((run % 2)) = 0 ]; then
      "$measure" "$remotectl" $verb >>"$work/ours.$measure"; "$measure" playerctl $verb >>"$work/theirs.$measure"
    else
      "$measure" playerctl $verb >>"$work/theirs.$measure"; "$measure" "$remotectl" $verb >>"$work/ours.$measure"
    fi
  done
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, Linux $(uname -r)"
echo "swift: $(swift --version 2>/dev/null | head -1)"
echo "playerctl: $(playerctl --version), remotectl: $("$remotectl" --version)"
echo "runs: $runs alternating runs of each program per verb, on one bus with one binaural"
for verb in status play-pause; do
  : >"$work/ours.wall"; : >"$work/theirs.wall"; : >"$work/ours.peak"; : >"$work/theirs.peak"
  for _ in 1 2 3; do "$remotectl" $verb >/dev/null 2>&1; playerctl $verb >/dev/null 2>&1; done
  alternately wall
  alternately peak
  ours_wall=$(median <"$work/ours.wall"); theirs_wall=$(median <"$work/theirs.wall")
  ours_peak=$(median <"$work/ours.peak"); theirs_peak=$(median <"$work/theirs.peak")
  ours_max=$(maximum <"$work/ours.peak"); theirs_max=$(maximum <"$work/theirs.peak")
  awk -v verb="$verb" -v ow="$ours_wall" -v tw="$theirs_wall" -v op="$ours_peak" -v tp="$theirs_peak" \
    -v om="$ours_max" -v tm="$theirs_max" 'BEGIN {
      printf "%-10s wall median: remotectl %.2f ms, playerctl %.2f ms, ratio %.2f (goal <= 0.8) %s\n",
        verb, ow / 1000, tw / 1000, ow / tw, (ow / tw <= 0.8 ? "met" : "NOT met")
      printf "%-10s peak RSS median (max): remotectl %.1f (%.1f) MiB, playerctl %.1f (%.1f) MiB, ratio %.2f (goal <= 1.5) %s\n",
        verb, op / 1024, om / 1024, tp / 1024, tm / 1024, op / tp, (op / tp <= 1.5 ? "met" : "NOT met")
    }'
done
if command -v hyperfine >/dev/null; then
  echo "cross-check (hyperfine, not alternated):"
  for verb in status play-pause; do
    hyperfine -N -w 3 -r "$runs" --export-json "$work/$verb.json" "$remotectl $verb" "playerctl $verb" >/dev/null 2>&1
    python3 -c '
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("  " + ", ".join("%s median %.2f ms" % (r["command"].split("/")[-1], r["median"] * 1000) for r in results))
' "$work/$verb.json"
  done
fi
