# What the benchmark scripts share, sourced from the repository root after `set -euo pipefail`:
# a temporary folder `work`, the children in `pids` stopped on exit (with SIGKILL, or SIGTERM
# then SIGKILL after half a second when `graceful_stop=1`), a private bus, waiting for a name
# on it, a private system bus, the tests' BlueZ double on it, mpv-mpris's plugin, and counting a process's wake-ups while idle.

work=$(mktemp -d)
pids=()
graceful_stop=${graceful_stop:-0}
cleanup() {
  if [ "$graceful_stop" = 1 ]; then
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    sleep 0.5
  fi
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Starts a dbus-daemon on `$work/bus`, exports its address and waits for its socket.
start_private_bus() {
  dbus-daemon --session --nofork --address="unix:path=$work/bus" &
  pids+=($!)
  export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
  for _ in $(seq 100); do [ -S "$work/bus" ] && return 0; sleep 0.05; done
  echo "$(basename "$0"): the private dbus-daemon did not start" >&2
  exit 1
}

# Starts a private system bus on `$work/system_bus_socket`, as the tests' ConfiguredBus makes it (one
# that lets everyone own and send anything; a real one denies by default), exports its address and
# waits for its socket.
start_private_system_bus() {
  cat >"$work/system.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/>
    <allow send_type="method_call"/><allow send_type="signal"/>
    <allow send_type="method_return"/><allow send_type="error"/>
    <allow receive_type="method_call"/><allow receive_type="signal"/>
    <allow receive_type="method_return"/><allow receive_type="error"/>
  </policy>
</busconfig>
CONF
  dbus-daemon --config-file="$work/system.conf" --nofork &
  pids+=($!)
  export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/system_bus_socket"
  for _ in $(seq 100); do [ -S "$work/system_bus_socket" ] && return 0; sleep 0.05; done
  echo "$(basename "$0"): the private system dbus-daemon did not start" >&2
  exit 1
}
# Whether NAME is owned on the private system bus.
system_has_name() { busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" list --acquired --no-legend 2>/dev/null | grep -q "^$1 "; }

# Starts the tests' BlueZ double (python3-dbusmock with Support/BlueZ/bluez_double.py) on the
# private system bus, waits up to 10 s for org.bluez and adds one adapter, hci0.
start_bluez_double() {
  /usr/bin/python3 -m dbusmock --system -t Tests/remotectldTests/Support/BlueZ/bluez_double.py >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 200); do system_has_name org.bluez && break; sleep 0.05; done
  gdbus call --address "$DBUS_SYSTEM_BUS_ADDRESS" --dest org.bluez --object-path / \
    --method org.bluez.Mock.AddAdapter hci0 computer-hci0 >/dev/null
}

has_name() { busctl --address="$DBUS_SESSION_BUS_ADDRESS" list --acquired --no-legend 2>/dev/null | grep -q "^$1 "; }
# Waits up to 20 s for NAME to be owned on the private bus; ends the script if it is not.
wait_for_name() {
  for _ in $(seq 400); do has_name "$1" && return 0; sleep 0.05; done
  echo "$(basename "$0"): $1 did not appear on the bus" >&2
  exit 1
}

# Starts the hub without its web remote and bridge, logging warnings to `$work/remotectld.log`,
# as `hub` (and in `pids`), and waits for its name.
start_hub() {
  "$bin/remotectld" --no-http --no-bridge --log-level warning 2>"$work/remotectld.log" &
  hub=$!
  pids+=($hub)
  wait_for_name io.github.swift_remote_control.Hub
}

# Waits up to 10 s for the hub's proxy player to stand in for a player (its CanPause true); goes on
# either way, as the measurements that follow say what they find.
wait_for_proxy() {
  for _ in $(seq 200); do
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.mpris.MediaPlayer2.remotectld \
      /org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player CanPause 2>/dev/null | grep -q true && return 0
    sleep 0.05
  done
}

# mpv-mpris's plugin, for `mpv --script=`; ends the script when the package is missing.
mpv_mpris_plugin() {
  local plugin
  plugin=$(dpkg -L mpv-mpris 2>/dev/null | grep -m1 'mpris.so$' || true)
  [ -n "$plugin" ] && { echo "$plugin"; return 0; }
  echo "$(basename "$0"): mpv-mpris is not installed (apt-get install mpv-mpris)" >&2
  exit 1
}

# Context switches per thread of a process, as "TID COUNT" lines.
thread_switches() {
  for status in /proc/"$1"/task/*/status; do
    awk -v tid="$(basename "$(dirname "$status")")" \
      '/ctxt_switches/ { sum += $2 } END { print tid, sum + 0 }' "$status" 2>/dev/null || true
  done
}
# PID: its context switches (wake-ups) over `idle_seconds`, threads born meanwhile counted from 0.
idle() {
  local before after
  before=$(thread_switches "$1")
  sleep "$idle_seconds"
  after=$(thread_switches "$1")
  awk 'NR == FNR { start[$1] = $2; next } { sum += $2 - start[$1] } END { print sum + 0 }' \
    <(echo "$before") <(echo "$after")
}
