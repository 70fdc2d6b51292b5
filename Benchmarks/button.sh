#!/usr/bin/env bash
# The headset button figures of BENCHMARKS.md: from the last release of a click sequence to the
# event reaching the player, through remotectld, for binaural (and mpv + mpv-mpris when
# installed), on a private bus. ROUNDS sets the number of single/double/triple rounds (default 50).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-50}

# BIN names a folder of already built products (the `make release SCRATCH=…` build, say).
if [ -z "${BIN:-}" ]; then
  swift build -c release --product remotectld >&2
  swift build -c release --product binaural >&2
fi
bin=${BIN:-"$(swift build -c release --show-bin-path)"}
graceful_stop=1
source Benchmarks/common.sh
start_private_bus

"$bin/remotectld" --no-http --log-level warning 2>"$work/remotectld.log" &
pids+=($!)
wait_for_name io.github.swift_remote_control.Hub
"$bin/binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
wait_for_active() {  # NAME: the hub's ActivePlayer is org.mpris.MediaPlayer2.NAME
  for _ in $(seq 200); do
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property io.github.swift_remote_control.Hub \
      /org/mpris/MediaPlayer2 io.github.swift_remote_control.Hub1 ActivePlayer | grep -q "\.$1\"" && return 0
    sleep 0.05
  done
  echo "button.sh: the hub did not make $1 active" >&2
  exit 1
}
wait_for_active binaural
/usr/bin/python3 Benchmarks/button.py binaural "$rounds"

plugin=$(dpkg -L mpv-mpris 2>/dev/null | grep -m1 'mpris.so$' || true)
if command -v mpv >/dev/null && [ -n "$plugin" ]; then
  kill -TERM "${pids[-1]}"  # binaural: the hub's choice falls to mpv
  /usr/bin/python3 - "$work" <<'PY'
import sys, wave
for name in ("one", "two", "three"):
    with wave.open(f"{sys.argv[1]}/{name}.wav", "wb") as track:
        track.setnchannels(1); track.setsampwidth(1); track.setframerate(8000)
        track.writeframes(bytes([128]) * 8000 * 600)
PY
  mpv --no-config --idle=yes --pause --script="$plugin" --no-video --ao=null --no-terminal \
    "$work/one.wav" "$work/two.wav" "$work/three.wav" &
  pids+=($!)
  wait_for_name org.mpris.MediaPlayer2.mpv
  wait_for_active mpv
  /usr/bin/python3 Benchmarks/button.py mpv "$rounds"
fi
