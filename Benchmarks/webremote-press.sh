#!/usr/bin/env bash
# A web-remote press of two hubs beside a direct D-Bus PlayPause, in one run (BENCHMARKS.md,
# "Lighter: the size, the web remote's press, `remotectl status`'s metadata"):
#
#   Benchmarks/webremote-press.sh BEFORE AFTER
#
# BEFORE and AFTER are folders holding a remotectld (release, as `make install` builds it). One
# private dbus-daemon and one `binaural --output null` on it (from BIN, default .build/debug, with
# the remotectl that pairs), one state folder for both hubs (the device paired once is both
# hubs'); then ROUNDS rounds (default 5), each starting BEFORE's hub, then AFTER's (the order
# swapped every other round), one at a time: PRESSES presses (default 1000) from the plain C
# client (Benchmarks/WebRemote/fanout.c, a loopback program's bearer) and as many direct
# PlayPause calls (Benchmarks/DBus/roundtrip.c) just before, after 50 presses not counted; the p50
# of each and their ratio; the hub's context switches per press (all its threads) over the counted
# presses, and how many of its threads a press wakes.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { echo "usage: $0 BEFORE AFTER" >&2; exit 2; }
before=$(realpath "$1")
after=$(realpath "$2")
bin=$(realpath "${BIN:-.build/debug}")
rounds=${ROUNDS:-5}
presses=${PRESSES:-1000}
python=.build-browser/venv/bin/python
[ -x "$python" ] || scripts/browser-venv.sh .build-browser/venv >&2
graceful_stop=1
source Benchmarks/common.sh
cc -O2 -o "$work/dbus-roundtrip" Benchmarks/DBus/roundtrip.c -lsystemd
cc -O2 -o "$work/webremote-fanout" Benchmarks/WebRemote/fanout.c -lcrypto

export XDG_STATE_HOME="$work/state"
start_private_bus
"$bin/binaural" --output null --headless --name binaural 2>"$work/binaural.log" &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural

hub=""
# Starts the hub in folder $1 with its web remote on an ephemeral port; sets `hub` and `base`.
start_web_hub() {
  "$1/remotectld" --http-port 0 2>>"$work/remotectld.log" &
  hub=$!
  pids+=($hub)
  wait_for_name io.github.swift_remote_control.Hub
  base=""
  for _ in $(seq 200); do
    base=$(gdbus call --address "$DBUS_SESSION_BUS_ADDRESS" --dest io.github.swift_remote_control.Hub \
      --object-path /org/mpris/MediaPlayer2 --method org.freedesktop.DBus.Properties.Get \
      io.github.swift_remote_control.WebRemote1 URLs | grep -o "http://[^']*" | head -1 || true)
    [ -n "$base" ] && break
    sleep 0.05
  done
  [ -n "$base" ] || { echo "webremote-press.sh: the hub serves no web remote" >&2; exit 1; }
}
stop_web_hub() {
  kill -TERM "$hub"
  wait "$hub" 2>/dev/null || true
  for _ in $(seq 200); do has_name io.github.swift_remote_control.Hub || return 0; sleep 0.05; done
  echo "webremote-press.sh: the hub did not leave the bus" >&2
  exit 1
}

# Pairing once, as the page does (the link's key signs the request and is the device's bearer on
# loopback from then on), with the first hub; the state folder keeps the device for both.
start_web_hub "$before"
link=$("$bin/remotectl" pair --no-qr | head -1)
"$python" Benchmarks/pair_device.py "$link" >/dev/null
token=${link##*key=}
stop_web_hub

# One hub's press p50 against the direct PlayPause's, measured just before it.
press() {
  start_web_hub "$1"
  for _ in $(seq 200); do
    curl -s -H "Authorization: Bearer $token" "${base}api/players" | grep -q '"id":"binaural"' && break
    sleep 0.05
  done
  local port=${base##*:}
  port=${port%/}
  local direct p50 p90 p99
  # A first batch, not counted: the hub's first press maps back what it runs.
  "$work/webremote-fanout" press "$port" "$token" 50 >/dev/null
  direct=$("$work/dbus-roundtrip" calls "$presses" org.mpris.MediaPlayer2.binaural \
    | awk '$2 == "PlayPause" { print $3 }')
  switches >"$work/switches-before"
  read -r _ p50 p90 p99 < <("$work/webremote-fanout" press "$port" "$token" "$presses")
  switches >"$work/switches-after"
  stop_web_hub
  # Context switches per press, of all the hub's threads, and how many of its threads switched at
  # least once every ten presses (the threads a press wakes).
  local per_press
  per_press=$(join "$work/switches-before" "$work/switches-after" | awk -v n="$presses" \
    '{ all += $5 - $3; if ($5 - $3 >= n / 10) woken++ }
     END { printf "%.1f %d", all / n, woken }')
  awk -v d="$direct" -v p="$p50" -v s="$per_press" 'BEGIN { printf "%d %d %.2f %s", d, p, p / d, s }'
}

# The hub's threads: id, name, context switches (voluntary and involuntary) so far.
switches() {
  local task
  for task in /proc/"$hub"/task/*; do
    # A thread that ends meanwhile is left out.
    awk -v id="$(basename "$task")" '/^Name:/ { name = $2 } /^(non)?voluntary_ctxt_switches/ { n += $2 }
      END { if (name != "") print id, name, n }' "$task/status" 2>/dev/null || true
  done | sort
}

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), $(date -u '+%F %H:%M') UTC; $presses presses a hub a round"
echo "# round  load(1 min)  before: direct-p50-us press-p50-us ratio switches/press threads-woken  after: (the same)"
for round in $(seq "$rounds"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  if [ $((round % 2)) = 1 ]; then
    b=$(press "$before"); a=$(press "$after")
  else
    a=$(press "$after"); b=$(press "$before")
  fi
  echo "$round  $load  before: $b  after: $a"
done
