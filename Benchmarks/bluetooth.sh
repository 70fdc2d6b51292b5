#!/usr/bin/env bash
# The Bluetooth press figure of BENCHMARKS.md: a car's no-reply Play/Pause on the registered
# player → the Now Playing app's (binaural's) PlaybackStatus, p50, through the hub's registration
# and through mpris-proxy's relay of the same app, side by side in one run. bluetoothd cannot run
# without Bluetooth in the kernel, so org.bluez is the tests' double (python3-dbusmock's bluez5
# template with bluetoothd 5.66's Media1) on a private system bus; mpris-proxy is BlueZ's own.
# ROUNDS sets the rounds (default 100; each sends Play and Pause through each).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-100}

# BIN names a folder of already built products (the `make release SCRATCH=…` build, say).
if [ -z "${BIN:-}" ]; then
  swift build -c release --product remotectld >&2
  swift build -c release --product binaural >&2
fi
bin=${BIN:-"$(swift build -c release --show-bin-path)"}
command -v mpris-proxy >/dev/null || { echo "bluetooth.sh: mpris-proxy is not installed (apt-get install bluez)" >&2; exit 1; }
graceful_stop=1
source Benchmarks/common.sh
start_private_bus
start_private_system_bus

start_bluez_double

start_hub
"$bin/binaural" --output null --headless --name binaural 2>/dev/null &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.binaural
mpris-proxy >/dev/null 2>&1 &
proxy=$!
pids+=($proxy)
# bluetooth_press.py waits for mpris-proxy to register binaural with the double.
/usr/bin/python3 Benchmarks/bluetooth_press.py binaural "$rounds" "$hub" "$proxy"
