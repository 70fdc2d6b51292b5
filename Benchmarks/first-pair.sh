#!/usr/bin/env bash
# The extra wait of the `remotectl pair` that starts the hub (D-Bus activation), next to a
# `remotectl pair` answered by the hub it started, side by side in one run (BENCHMARKS.md,
# issue 46):
#
#   BIN=.build/debug Benchmarks/first-pair.sh
#
# ROUNDS times (default 10), each on a fresh private session bus whose services folder holds the
# hub's activation file (as `make install` writes it, `Exec=$BIN/remotectld --http-port 0
# --bridge-port 0`), in a home folder of its own: the wall time of the first `remotectl pair
# --no-qr` (which starts the hub), then of a second one, then the hub stopped. Each must print
# the pairing URL. Prints each round and the medians (ms).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "${BIN:-.build/debug}" && pwd)
rounds=${ROUNDS:-10}
source Benchmarks/common.sh
source Benchmarks/timing.sh
# Runs `remotectl pair --no-qr`, fails unless it prints a pairing URL, and prints its wall ms.
timed_pair() {
  local start end output
  start=$(date +%s%N)
  output=$("$bin/remotectl" pair --no-qr 2>&1) || { echo "remotectl pair failed: $output" >&2; return 1; }
  end=$(date +%s%N)
  case $output in http://127.0.0.1:*'#pair='*) ;; *) echo "no pairing URL: $output" >&2; return 1 ;; esac
  awk -v ns=$((end - start)) 'BEGIN { printf "%.1f\n", ns / 1e6 }'
}
# The hub the bus started, by its process id (it is not a child of this script), stopped on exit.
hub_pid() {
  busctl --address="$DBUS_SESSION_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus GetConnectionUnixProcessID s io.github.swift_remote_control.Hub | cut -d' ' -f2
}

echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "Linux $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M') UTC"
echo "# round  first pair (starts the hub) ms  second pair ms"
for r in $(seq "$rounds"); do
  dir="$work/$r"
  mkdir -p "$dir/services" "$dir/home"
  mkdir -m 700 "$dir/runtime"
  cat >"$dir/services/io.github.swift_remote_control.Hub.service" <<SERVICE
[D-BUS Service]
Name=io.github.swift_remote_control.Hub
Exec=$bin/remotectld --http-port 0 --bridge-port 0
SERVICE
  cat >"$dir/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$dir/bus</listen>
  <servicedir>$dir/services</servicedir>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
CONF
  HOME="$dir/home" XDG_RUNTIME_DIR="$dir/runtime" XDG_STATE_HOME="$dir/home/state" \
    XDG_CONFIG_HOME="$dir/home/config" dbus-daemon --config-file="$dir/session.conf" --nofork 2>/dev/null &
  bus=$!
  pids+=("$bus")
  for _ in $(seq 100); do [ -S "$dir/bus" ] && break; sleep 0.05; done
  export DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus"
  failed=0
  first=$(timed_pair) || failed=1
  hub=$(hub_pid) && pids+=("$hub")
  [ "$failed" = 0 ] || exit 1
  second=$(timed_pair)
  echo "$r $first $second" | tee -a "$work/figures"
  kill -TERM "$hub" "$bus" 2>/dev/null || true
  wait "$bus" 2>/dev/null || true
  while kill -0 "$hub" 2>/dev/null; do sleep 0.05; done
done
first=$(awk '{ print $2 }' "$work/figures" | median)
second=$(awk '{ print $3 }' "$work/figures" | median)
echo "medians: first pair $first ms, second pair $second ms, the first's extra wait" \
  "$(awk -v a="$first" -v b="$second" 'BEGIN { printf "%.1f", a - b }') ms"
