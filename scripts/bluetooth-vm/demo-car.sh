#!/usr/bin/env bash
# make demo-car: the Bluetooth tier's VM with binaural Now Playing, the hub, and a bumble car paired
# to the real bluetoothd; the car's display is drawn in this terminal and its buttons are keys. The VM
# boots under TCG (about half a minute on a quiet machine); `q` ends it, and nothing is left behind.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
share=$(mktemp -d "${TMPDIR:-/tmp}/demo-car.XXXXXX")
trap 'rm -rf "$share"' EXIT
echo "Booting the VM (the real bluetoothd, the hub, binaural and a bumble car); the car's display follows."
echo "Its logs, if something goes wrong: kept in $share until the demo ends."
"$here/run.sh" --interactive "$here/inside.sh" "$share"
