#!/usr/bin/env bash
# The demo: builds binaural and remotectl, and runs `binaural --output auto` in this terminal.
# Sound goes to PulseAudio or PipeWire when one answers, else ALSA, else nowhere (it says so in
# one line and plays on silently). Without a session bus binaural starts a private one and prints
# how to reach it; remotectl finds it by itself.
# Usage: scripts/demo.sh [binaural options...]   (make demo runs it after installing packages)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
# Extra `swift build` options, such as --scratch-path .build-other.
BUILD_FLAGS=${BUILD_FLAGS:-}
# Its progress shows: the first build takes minutes, and a still terminal looks stuck.
echo "Building binaural and remotectl (the first build takes about 7 minutes on two cores; later ones seconds)…"
$SWIFT build $BUILD_FLAGS --product binaural
$SWIFT build $BUILD_FLAGS --product remotectl
bin=$($SWIFT build $BUILD_FLAGS --show-bin-path)

# The view takes the whole terminal, so what to try from another one goes inside it too, with
# remotectl's full path: it is not on PATH before `make install`.
try="From another terminal: playerctl play-pause · playerctl next · $bin/remotectl -F status · $bin/remotectl doctor"
# Where no session bus runs, binaural starts a private one: the other terminal needs its address
# for playerctl, and remotectl's folder on PATH for the README's lines as written.
# Both go in a small file the other terminal sources, so that the line to paste is short enough to
# show whole in the view, in an 80-column terminal.
notices=(--notice "$try")
paste=""
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ ! -S "${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then
  # Without XDG_RUNTIME_DIR (su, a container), a runtime folder of this user's own,
  # /tmp/rt-UID (short, so that the private bus's address fits an 80-column row of the view):
  # /tmp/swift-remote-control, binaural's folder then, may be another user's.
  if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
    export XDG_RUNTIME_DIR="/tmp/rt-$(id -u)"
    mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  fi
  folder="$XDG_RUNTIME_DIR/swift-remote-control"
  mkdir -p -m 700 "$folder"
  cat >"$folder/demo-env" <<ENV
export XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR"
export DBUS_SESSION_BUS_ADDRESS=\$(cat "$folder/bus-address")
export PATH="$bin:\$PATH"
ENV
  paste='No session bus here: in the other terminal, paste this first:
. ${XDG_RUNTIME_DIR:-/tmp/rt-$(id -u)}/swift-remote-control/demo-env'
  notices+=(--notice "$paste")
fi
cat <<TEXT

Binaural is about to start, paused; the view lists its keys, and q quits.
$try
$paste

On a desktop, the media keys and the media controls in the top bar drive it too.

TEXT
exec "$bin/binaural" --output auto "${notices[@]}" "$@"
