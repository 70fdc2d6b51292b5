#!/usr/bin/env bash
# `remotectl status` of two builds beside `playerctl status`, in one run (BENCHMARKS.md,
# "Lighter: `remotectl status` on one thread"):
#
#   Benchmarks/status-threads.sh BEFORE AFTER
#
# BEFORE and AFTER are remotectl executables (release, as `make install` builds them), each run
# from a copy read back from disk. One private dbus-daemon and one `binaural --output null` on it (the binaural
# first found in BINAURAL, default .build/debug/binaural), a private XDG_RUNTIME_DIR; then ROUNDS rounds
# (default 5) of RUNS runs (default 40) of each of the three commands, their order rotated run by
# run: bash's clock around each run, the median per round and the ratios of the medians; the
# load average before each round. Once per command: the threads it starts (`strace -f`: clone3
# and clone calls), its context switches (voluntary and involuntary, /usr/bin/time, median of 20)
# and its CPU time (`perf stat -r 20`'s task-clock, when perf may read the counters).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { echo "usage: $0 BEFORE AFTER" >&2; exit 2; }
before=$(realpath "$1")
after=$(realpath "$2")
binaural=${BINAURAL:-.build/debug/binaural}
rounds=${ROUNDS:-5}
runs=${RUNS:-40}
source Benchmarks/common.sh
source Benchmarks/timing.sh
# Both executables are run from copies made here, dropped from the page cache (coreutils dd's
# `iflag=nocache count=0`) so that the kernel reads both back as exec needs them, as after a
# reboot and as playerctl's files are: the same bytes run up to 20 % faster from a file just
# written by `cp` than from one read back, or written by `install -s` (BENCHMARKS.md,
# "`remotectl status`'s generic metadata through accessors"), which would favour one build.
for build in before after; do
  cp "${!build}" "$work/$build-build"
  sync "$work/$build-build"
  dd if="$work/$build-build" iflag=nocache count=0 status=none
  printf -v "$build" '%s' "$work/$build-build"
done

start_private_bus
mkdir -m 700 "$work/runtime"
export XDG_RUNTIME_DIR="$work/runtime"
"$binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
[ "$(playerctl -p binaural status)" = Paused ] || { echo "binaural does not answer" >&2; exit 1; }
for command in "$before" "$after"; do
  [ "$("$command" status)" = Paused ] || { echo "$command does not answer" >&2; exit 1; }
done

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), $(date -u '+%F %H:%M') UTC; playerctl $(playerctl --version)"
echo "# round  load(1 min)  before  after  playerctl (median µs of $runs)  before÷playerctl  after÷playerctl  after÷before"
for round in $(seq "$rounds"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  : >"$work/before"; : >"$work/after"; : >"$work/playerctl"
  for run in $(seq "$runs"); do
    case $((run % 3)) in
      0) wall "$before" status >>"$work/before"; wall "$after" status >>"$work/after"
         wall playerctl status >>"$work/playerctl" ;;
      1) wall "$after" status >>"$work/after"; wall playerctl status >>"$work/playerctl"
         wall "$before" status >>"$work/before" ;;
      2) wall playerctl status >>"$work/playerctl"; wall "$before" status >>"$work/before"
         wall "$after" status >>"$work/after" ;;
    esac
  done
  b=$(median <"$work/before"); a=$(median <"$work/after"); p=$(median <"$work/playerctl")
  awk -v r="$round" -v l="$load" -v b="$b" -v a="$a" -v p="$p" \
    'BEGIN { printf "%d  %s  %d  %d  %d  %.2f  %.2f  %.2f\n", r, l, b, a, p, b / p, a / p, a / b }'
done

echo "# threads started (strace -f: clone/clone3), context switches voluntary/involuntary (median of 20)"
for label in before after playerctl; do
  case $label in before) command=$before ;; after) command=$after ;; playerctl) command=playerctl ;; esac
  strace -f -e trace=clone,clone3 -o "$work/strace" "$command" status >/dev/null 2>&1
  threads=$(grep -c 'clone' "$work/strace" || true)
  : >"$work/switches-v"; : >"$work/switches-i"
  for _ in $(seq 20); do
    /usr/bin/time -f '%w %c' -o "$work/time" "$command" status >/dev/null 2>&1
    read -r voluntary involuntary <"$work/time"
    echo "$voluntary" >>"$work/switches-v"; echo "$involuntary" >>"$work/switches-i"
  done
  cpu=$(perf stat -r 20 -x, -e task-clock -o "$work/perf" "$command" status >/dev/null 2>&1 \
    && awk -F, '/task-clock/ { printf "%.2f ms", $1 }' "$work/perf" || echo "n/a")
  echo "$label  threads $threads  switches $(median <"$work/switches-v")/$(median <"$work/switches-i")  cpu $cpu"
done
