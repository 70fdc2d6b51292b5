#!/usr/bin/env bash
# What `make install` prints once the files are in place: the next step that applies on this
# machine, and warnings for what would keep the programs from being found.
# Usage: scripts/install-notes.sh BINDIR UNITDIR DBUSDIR
set -euo pipefail
# Under pipefail a reader that stops early (head, grep -q) fails its pipeline when the writer gets
# SIGPIPE, which happens or not by timing: every reader here reads its input to the end.

bindir=${1:?usage: $0 BINDIR UNITDIR DBUSDIR}
unitdir=${2:?usage: $0 BINDIR UNITDIR DBUSDIR}
dbusdir=${3:?usage: $0 BINDIR UNITDIR DBUSDIR}

# The folders the session bus reads activation files from: dbus-daemon's
# <standard_session_servicedirs/> ($XDG_DATA_HOME and each of $XDG_DATA_DIRS, then /usr/share, each
# with dbus-1/services; XDG_DATA_DIRS as the systemd user manager gives it to the bus when one
# runs and sets it, else as this shell has it), and every <servicedir> of session.conf and the
# files it includes. dbus-broker reads the same configuration.
session_bus_servicedirs() {
  local data_home data_dirs dir
  data_home=${XDG_DATA_HOME:-}
  data_dirs=$(systemctl --user show-environment 2>/dev/null | sed -n 's/^XDG_DATA_DIRS=//p' | sed -n 1p)
  data_dirs=${data_dirs:-${XDG_DATA_DIRS:-}}
  case $data_home in /*) ;; *) data_home=$HOME/.local/share ;; esac
  echo "$data_home/dbus-1/services"
  IFS=: read -r -a dirs <<<"${data_dirs:-/usr/local/share:/usr/share}"
  for dir in "${dirs[@]}"; do case $dir in /*) echo "$dir/dbus-1/services" ;; esac; done
  echo /usr/share/dbus-1/services
  for dir in /usr/share/dbus-1/session.conf /etc/dbus-1/session.conf /usr/share/dbus-1/session.d/*.conf \
    /etc/dbus-1/session.d/*.conf /etc/dbus-1/session-local.conf; do
    [ -f "$dir" ] && sed -n 's|.*<servicedir>[[:space:]]*\([^<]*[^<[:space:]]\)[[:space:]]*</servicedir>.*|\1|p' "$dir"
  done
  return 0
}

echo "Installed remotectl, remotectld and binaural in $bindir."
case ":$PATH:" in
  *":$bindir:"*) ;;
  *)
    echo "warning: $bindir is not on PATH, so a shell (and a media key binding) will not find remotectl."
    echo "  Add it, for instance in ~/.profile:  export PATH=\"$bindir:\$PATH\""
    ;;
esac
if command -v systemd-analyze >/dev/null 2>&1 &&
  ! systemd-analyze --user unit-paths 2>/dev/null | grep -xF "$unitdir" >/dev/null; then
  echo "warning: systemd does not look in $unitdir for user units, so it will not find remotectld.service."
  echo "  Link it in:  systemctl --user link $unitdir/remotectld.service"
fi
canonical() { realpath -m -- "$1"; }
searched=$(session_bus_servicedirs | while read -r dir; do canonical "$dir"; done)
if ! grep -qxF "$(canonical "$dbusdir")" <<<"$searched"; then
  user_dir=$(session_bus_servicedirs | sed -n 1p)
  echo "warning: the session bus does not look in $dbusdir for activation files, so it cannot start"
  echo "  remotectld (remotectl hub would say so). It looks in: $(session_bus_servicedirs | sort -u | paste -sd ' ')."
  echo "  For you alone, link the two files where it looks:"
  echo "    mkdir -p $user_dir"
  echo "    ln -sf $dbusdir/io.github.swift_remote_control.Hub.service \\"
  echo "      $dbusdir/org.mpris.MediaPlayer2.remotectld.service $user_dir/"
  echo "  Or for every user, as root, a file /etc/dbus-1/session.d/swift-remote-control.conf holding:"
  echo "    <busconfig><servicedir>$dbusdir</servicedir></busconfig>"
  echo "  (the bus reads it when it next starts, or at once after"
  echo "  dbus-send --session --type=method_call --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig)."
fi
# A session bus that runs already reads its activation folders when it starts: one made since (the
# first install into a home) it does not see until told to read its configuration again, and the
# first call to the hub's name would fail. So it is told, as a package's installation would.
address=${DBUS_SESSION_BUS_ADDRESS:-}
[ -z "$address" ] && [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ] && address="unix:path=$XDG_RUNTIME_DIR/bus"
activatable() {
  dbus-send --bus="$address" --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ListActivatableNames \
    2>/dev/null | grep -F '"io.github.swift_remote_control.Hub"' >/dev/null
}
if [ -n "$address" ] && command -v dbus-send >/dev/null 2>&1 &&
  dbus-send --bus="$address" --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetId >/dev/null 2>&1 &&
  ! activatable; then
  dbus-send --bus="$address" --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig \
    >/dev/null 2>&1 || true
  if activatable; then
    echo "The running session bus started before $dbusdir existed: it was told to read its"
    echo "configuration again (ReloadConfig), and now starts remotectld when asked."
  else
    echo "warning: the running session bus cannot start remotectld even after reading its configuration again"
    echo "  (ReloadConfig): it does not look in $dbusdir (see above); remotectl doctor says what it sees."
  fi
fi
if systemctl --user show-environment >/dev/null 2>&1; then
  echo "Next: systemctl --user daemon-reload   (so that your systemd user manager sees remotectld.service)."
  echo "Then remotectld starts on the first call to its names (D-Bus activation); to start it with the"
  echo "session instead: systemctl --user enable --now remotectld"
elif [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
  echo "No systemd user manager answers here, and none is needed: the session bus starts remotectld"
  echo "itself on the first call to its names (D-Bus activation)."
else
  echo "No session bus here (neither DBUS_SESSION_BUS_ADDRESS nor \$XDG_RUNTIME_DIR/bus): README.md's"
  echo "\"Without a desktop session\" says how to start one, so that remotectl reaches players and remotectld."
fi
