#!/usr/bin/env bash
# What `make install` prints once the files are in place: the next step that applies on this
# machine, and warnings for what would keep the programs from being found.
# Usage: scripts/install-notes.sh BINDIR UNITDIR
set -euo pipefail

bindir=${1:?usage: $0 BINDIR UNITDIR}
unitdir=${2:?usage: $0 BINDIR UNITDIR}

echo "Installed remotectl, remotectld and binaural in $bindir."
case ":$PATH:" in
  *":$bindir:"*) ;;
  *)
    echo "warning: $bindir is not on PATH, so a shell (and a media key binding) will not find remotectl."
    echo "  Add it, for instance in ~/.profile:  export PATH=\"$bindir:\$PATH\""
    ;;
esac
if command -v systemd-analyze >/dev/null 2>&1 &&
  ! systemd-analyze --user unit-paths 2>/dev/null | grep -qxF "$unitdir"; then
  echo "warning: systemd does not look in $unitdir for user units, so it will not find remotectld.service."
  echo "  Link it in:  systemctl --user link $unitdir/remotectld.service"
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
