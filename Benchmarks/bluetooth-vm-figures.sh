#!/usr/bin/env bash
# The Bluetooth tier's figures (BENCHMARKS.md): one VM run (scripts/bluetooth-vm/run.sh, TCG), the
# hub and mpris-proxy registering the same binaural in alternating blocks against the real bluetoothd 5.66, a
# bumble car pressing and listening; prints p50 and max of each and the hub's ratio to mpris-proxy.
# Usage (from the repository, after swift build and make bluetooth-deps): Benchmarks/bluetooth-vm-figures.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
BLUETOOTH_VM_BUILD=${BLUETOOTH_VM_BUILD:-$(cd "$root" && swift build --show-bin-path)} \
  BLUETOOTH_VM_VENV=${BLUETOOTH_VM_VENV:-$root/.build-bluetooth/venv} \
  "$root/scripts/bluetooth-vm/run.sh" "$root/scripts/bluetooth-vm/inside.sh" "$share"
/usr/bin/python3 "$root/Benchmarks/bluetooth_vm_figures.py" "$share/results.json" "$(cat "$share/wall-seconds")"
