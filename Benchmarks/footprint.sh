#!/usr/bin/env bash
# The footprint figures of BENCHMARKS.md (see "Footprint"), two builds side by side in one run:
#
#   Benchmarks/footprint.sh BEFORE_BIN AFTER_BIN
#
# BEFORE_BIN and AFTER_BIN are folders of installed executables (the bin folder of
# `make install PREFIX=…`: release, static Swift runtime, stripped). For each build, ROUNDS times
# (default 3), before and after alternating, each round on a fresh private bus:
#   - `remotectl status` against `playerctl status` with one binaural on the bus, RUNS alternated
#     runs each (default 30): median wall time (bash's clock around each run) and their ratio;
#   - playerctld alone with that one player, IDLE_WAIT seconds after it owns its name, then ended:
#     its resident memory and private dirty pages, the peer the hub's are read beside;
#   - remotectld (`--http-port 0 --proxy on`, the bridge on) idle with that one player, IDLE_WAIT
#     seconds (default 10: past the hub's 5 s quiet period, after which it hands back the pages it
#     is not running) after its proxy answers: resident memory (VmRSS), its anonymous part, its
#     clean file pages, its private dirty pages and its proportional share (Pss);
#   - PlayPause through remotectld's proxy ÷ straight to binaural (Benchmarks/DBus/hub.c, CALLS
#     interleaved rounds, default 2000), p50s of the same loop, and the hub's CPU time (user and
#     system, /proc/PID/stat) over the loop per round, no browser connected;
#   - the hub's resident memory with CLIENTS web remote clients connected (default 1000), by the
#     plain C client Benchmarks/WebRemote/fanout.c (ROUNDS_FANOUT volume changes, default 10).
# And once: each installed executable's size.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { echo "usage: $0 BEFORE_BIN AFTER_BIN" >&2; exit 2; }
declare -A bins=([before]=$(cd "$1" && pwd) [after]=$(cd "$2" && pwd))
rounds=${ROUNDS:-3}
runs=${RUNS:-30}
calls=${CALLS:-2000}
clients=${CLIENTS:-1000}
fanout_rounds=${ROUNDS_FANOUT:-10}
idle_wait=${IDLE_WAIT:-10}
ulimit -n 8192
source Benchmarks/common.sh
cc -O2 -o "$work/dbus-hub" Benchmarks/DBus/hub.c -lsystemd
cc -O2 -o "$work/webremote-fanout" Benchmarks/WebRemote/fanout.c -lcrypto

source Benchmarks/timing.sh
kib() { awk '/VmRSS/ { print $2 }' /proc/"$1"/status; }
# A process's CPU time so far, user and system, in clock ticks.
ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
smaps() { awk -v key="$2" '$1 == key ":" { print $2 }' /proc/"$1"/smaps_rollup; }

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M') UTC"
echo "# playerctl $(playerctl --version); remotectl before $("${bins[before]}/remotectl" --version)," \
  "after $("${bins[after]}/remotectl" --version)"
echo
echo "# Installed executables (bytes; MB = 10^6 bytes)"
for name in remotectl remotectld binaural; do
  b=$(stat -c %s "${bins[before]}/$name")
  a=$(stat -c %s "${bins[after]}/$name")
  awk -v n="$name" -v b="$b" -v a="$a" 'BEGIN { printf "%-10s before %6.1f MB  after %6.1f MB\n", n, b / 1e6, a / 1e6 }'
done

# One round for LABEL on a fresh bus; prints one line of figures.
round() {
  local label=$1 bin=${bins[$1]} dir="$work/$1-$2"
  mkdir -p "$dir/state" "$dir/config"
  mkdir -m 700 "$dir/runtime"
  dbus-daemon --session --nofork --address="unix:path=$dir/bus" &
  local bus=$!
  pids+=("$bus")
  export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus"
  for _ in $(seq 100); do [ -S "$dir/bus" ] && break; sleep 0.05; done
  "$bin/binaural" --output null --headless --name binaural 2>/dev/null &
  local player=$!
  pids+=("$player")
  wait_for_name org.mpris.MediaPlayer2.binaural
  [ "$(playerctl -p binaural status)" = Paused ] || { echo "binaural does not answer" >&2; exit 1; }

  # remotectl against playerctl, with only binaural on the bus (as Benchmarks/remotectl.sh).
  : >"$dir/ours"; : >"$dir/theirs"
  for _ in 1 2 3; do "$bin/remotectl" status >/dev/null 2>&1; playerctl status >/dev/null 2>&1; done
  for run in $(seq "$runs"); do
    if [ $((run % 2)) = 0 ]; then
      wall "$bin/remotectl" status >>"$dir/ours"; wall playerctl status >>"$dir/theirs"
    else
      wall playerctl status >>"$dir/theirs"; wall "$bin/remotectl" status >>"$dir/ours"
    fi
  done
  local ours theirs
  ours=$(median <"$dir/ours")
  theirs=$(median <"$dir/theirs")

  # playerctld beside it, alone on the bus with binaural (the hub stands in for it otherwise).
  playerctld 2>/dev/null &
  local peer=$!
  pids+=("$peer")
  wait_for_name org.mpris.MediaPlayer2.playerctld
  sleep "$idle_wait"
  local peer_rss peer_dirty
  peer_rss=$(kib "$peer")
  peer_dirty=$(smaps "$peer" Private_Dirty)
  kill "$peer"
  wait "$peer" 2>/dev/null || true

  XDG_RUNTIME_DIR="$dir/runtime" XDG_STATE_HOME="$dir/state" XDG_CONFIG_HOME="$dir/config" \
    "$bin/remotectld" --http-port 0 --proxy on --log-level warning 2>"$dir/remotectld.log" &
  local hub=$!
  pids+=("$hub")
  wait_for_name org.mpris.MediaPlayer2.remotectld
  wait_for_proxy
  sleep "$idle_wait"
  local idle anonymous clean pss dirty
  idle=$(kib "$hub")
  pss=$(smaps "$hub" Pss)
  anonymous=$(smaps "$hub" Anonymous)
  clean=$(smaps "$hub" Private_Clean)
  dirty=$(smaps "$hub" Private_Dirty)

  local ratio cpu
  cpu=$(ticks "$hub")
  ratio=$("$work/dbus-hub" playpause "$calls" org.mpris.MediaPlayer2.binaural org.mpris.MediaPlayer2.remotectld \
    | awk '$1 == "ratio" { print $NF }')
  # Microseconds of the hub's CPU a round.
  cpu=$(( ($(ticks "$hub") - cpu) * 1000000 / $(getconf CLK_TCK) / calls ))

  # The web remote: pair as the page does, then CLIENTS clients with the bearer on loopback.
  local base=""
  for _ in $(seq 200); do
    base=$(gdbus call --address "$DBUS_SESSION_BUS_ADDRESS" --dest io.github.swift_remote_control.Hub \
      --object-path /org/mpris/MediaPlayer2 --method org.freedesktop.DBus.Properties.Get \
      io.github.swift_remote_control.WebRemote1 URLs | grep -o "http://[^']*" | head -1 || true)
    [ -n "$base" ] && break
    sleep 0.05
  done
  local link token port fanout
  link=$(XDG_STATE_HOME="$dir/state" "$bin/remotectl" pair --no-qr | sed -n 1p)
  python3 Benchmarks/pair_device.py "$link" >/dev/null
  token=${link##*key=}
  port=${base##*:}
  port=${port%/}
  fanout=$("$work/webremote-fanout" "$port" "$token" "$clients" "$fanout_rounds" "$hub" | awk '$1 == "rss" { print $2, $3 }')

  awk -v l="$label" -v r="$2" -v o="$ours" -v t="$theirs" -v i="$idle" -v a="$anonymous" -v c="$clean" -v s="$pss" \
    -v d="$dirty" -v pr="$peer_rss" -v pd="$peer_dirty" -v p="$ratio" -v u="$cpu" -v f="$fanout" 'BEGIN {
      split(f, m, " ")
      printf "%-6s %d  remotectl %.2f ms / playerctl %.2f ms = %.2f  idle %.1f MiB (anonymous %.1f, clean %.1f, Pss %.1f, private dirty %.2f; playerctld %.1f, private dirty %.2f)  PlayPause proxy/straight %.2f, hub CPU %d us a round  %d clients: %.1f -> %.1f MiB\n",
        l, r, o / 1000, t / 1000, o / t, i / 1024, a / 1024, c / 1024, s / 1024, d / 1024, pr / 1024, pd / 1024, p, u, '"$clients"', m[1] / 1024, m[2] / 1024
    }'
  kill -KILL "$hub" "$player" "$bus" 2>/dev/null || true
  wait "$hub" "$player" "$bus" 2>/dev/null || true
}

echo
echo "# label round  remotectl status wall (median of $runs)  hub idle with one player  PlayPause ($calls rounds)  hub with clients"
for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then round before "$r"; round after "$r"; else round after "$r"; round before "$r"; fi
done
