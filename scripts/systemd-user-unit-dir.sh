#!/usr/bin/env bash
# Prints the folder `make install` puts remotectld's systemd user unit in, for PREFIX: one that
# systemd's user manager searches, so that `systemctl --user` and D-Bus activation through
# systemd find the unit.
# - A prefix in the home folder: PREFIX/share/systemd/user (for ~/.local, that is
#   $XDG_DATA_HOME/systemd/user; systemd never looks in ~/.local/lib/systemd/user).
# - Another prefix: the folder pkg-config's systemduserunitdir names for it (PREFIX/lib/systemd/user
#   with Debian's systemd.pc: /usr/lib/systemd/user for /usr), else PREFIX/share/systemd/user.
# Of the two, the one `systemd-analyze --user unit-paths` lists wins; when it lists neither (or
# cannot be asked), the first. install-notes.sh warns when systemd does not search the folder.
# Usage: scripts/systemd-user-unit-dir.sh PREFIX
set -euo pipefail

prefix=${1:?usage: $0 PREFIX}
prefix=${prefix%/}
home=${HOME%/}
if [ -n "$home" ] && [ "$home" != / ] && [[ "$prefix/" == "$home/"* ]]; then
  candidates=("$prefix/share/systemd/user" "$prefix/lib/systemd/user")
else
  library=$(pkg-config --define-variable=prefix="$prefix" --variable=systemduserunitdir systemd 2>/dev/null || true)
  candidates=("${library:-$prefix/lib/systemd/user}" "$prefix/share/systemd/user")
fi
searched=$(systemd-analyze --user unit-paths 2>/dev/null || true)
for candidate in "${candidates[@]}"; do
  if grep -qxF "$candidate" <<<"$searched"; then
    echo "$candidate"
    exit 0
  fi
done
echo "${candidates[0]}"
