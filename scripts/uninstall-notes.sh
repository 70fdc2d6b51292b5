#!/usr/bin/env bash
# What `make uninstall` (and removing the Debian packages) leaves: the state the programs wrote
# for the user, found where each program keeps it, with the command that removes it.
# - remotectld's paired web remote devices and the last Now Playing app it would start again:
#   $XDG_STATE_HOME/remotectld/devices.json and last-now-playing.json (~/.local/state/remotectld);
# - binaural's favourites: $XDG_DATA_HOME/binaural/favourites (~/.local/share/binaural);
# - the artwork cache: $XDG_CACHE_HOME/swift-remote-control/artwork (~/.cache/…);
# - the bridge's token, socket and endpoint: $XDG_RUNTIME_DIR/remotectld (gone at logout);
# - the user's own settings: $XDG_CONFIG_HOME/remotectld (remotectld.conf, bridge-origins);
# - an enabled unit: ~/.config/systemd/user/*.wants/remotectld.service.
# Usage: scripts/uninstall-notes.sh
set -euo pipefail

absolute() { case "${1:-}" in /*) echo "$1" ;; *) echo "$2" ;; esac; }
home=${HOME:-}
state=$(absolute "${XDG_STATE_HOME:-}" "$home/.local/state")/remotectld
data=$(absolute "${XDG_DATA_HOME:-}" "$home/.local/share")/binaural
cache=$(absolute "${XDG_CACHE_HOME:-}" "$home/.cache")/swift-remote-control
config=$(absolute "${XDG_CONFIG_HOME:-}" "$home/.config")
runtime=${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/remotectld}

left=()
describe() {
  if [ -e "$1" ]; then
    printf '  %s: %s\n' "$1" "$2"
    left+=("$1")
  fi
}
echo "Left for you to keep or remove (what the programs wrote, not what install installed):"
describe "$state" "paired web remote devices (devices.json), the last Now Playing app (last-now-playing.json)"
describe "$data" "binaural's favourites"
describe "$cache" "the artwork cache"
[ -n "$runtime" ] && describe "$runtime" "the bridge's token, socket and endpoint (gone at logout)"
describe "$config/remotectld" "your settings (remotectld.conf, bridge-origins)"
for link in "$config"/systemd/user/*.wants/remotectld.service; do
  [ -L "$link" ] || continue
  echo "  $link: the unit you enabled; first run systemctl --user disable --now remotectld"
done
if [ ${#left[@]} -eq 0 ]; then
  echo "  nothing: no state of theirs is here."
else
  echo "Remove it all with:"
  printf '  rm -rf'
  printf ' %q' "${left[@]}"
  printf '\n'
fi
