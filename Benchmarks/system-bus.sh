#!/usr/bin/env bash
# The bus figures of BENCHMARKS.md (one system-bus connection): the hub's connections on a private
# system bus beside the BlueZ double (one adapter), its GetConnectionUnixProcessID calls for one new
# player (dbus-monitor on the session bus) and its threads. BIN names a folder of built products
# (main's beside this branch's for the side-by-side figure). The pauses only let the hub settle
# before counting; SystemBusConnectionTests pins the same counts without them.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-"$(swift build --show-bin-path)"}
graceful_stop=1
source Benchmarks/common.sh
start_private_bus
start_private_system_bus
start_bluez_double
start_hub
sleep 1
dbus-monitor --address "$DBUS_SESSION_BUS_ADDRESS" "type='method_call',member='GetConnectionUnixProcessID'" > "$work/monitor" 2>/dev/null &
pids+=($!)
sleep 0.5
"$bin/binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
sleep 1
owner=$(busctl --address="$DBUS_SESSION_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus GetNameOwner s org.mpris.MediaPlayer2.binaural | awk '{print $2}')
echo "GetConnectionUnixProcessID for the new player: $(grep -A1 'member=GetConnectionUnixProcessID' "$work/monitor" | grep -c "$owner")"
n=0
for name in $(busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus ListNames | grep -o '":[0-9.]*"' | tr -d '"'); do
  pid=$(busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus GetConnectionUnixProcessID s "$name" 2>/dev/null | awk '{print $2}') || true
  [ "$pid" = "$hub" ] && n=$((n+1))
done
echo "the hub's connections on the system bus: $n"
echo "the hub's threads: $(ls /proc/$hub/task | wc -l)"
