#!/usr/bin/env bash
# Boots Debian's kernel in qemu once and runs SCRIPT inside it: the host's root read-only over 9p (so
# the build's executables and the Bluetooth venv are there at their own paths), the folder SHARE
# read-write on /mnt for what the run writes. Bounded by BLUETOOTH_VM_TIMEOUT seconds (default 1500);
# qemu is killed and the initramfs removed whatever happens. With --interactive the VM's console is
# this terminal (make demo-car).
# Usage: scripts/bluetooth-vm/run.sh [--interactive] SCRIPT SHARE
set -uo pipefail
interactive=no
[ "${1:-}" = --interactive ] && { interactive=yes; shift; }
script=$(realpath "${1:?usage: $0 [--interactive] SCRIPT SHARE}")
share=$(realpath "${2:?usage: $0 [--interactive] SCRIPT SHARE}")
here=$(dirname "$(realpath "$0")")

need() { echo "the Bluetooth tier needs $1: install it with \`$2\`" >&2; exit 3; }
command -v qemu-system-x86_64 > /dev/null || need qemu "sudo apt-get install qemu-system-x86"
kernel=$(ls /boot/vmlinuz-*-amd64 2> /dev/null | sort -V | tail -1)
[ -n "$kernel" ] || need "Debian's kernel" "sudo apt-get install linux-image-amd64"
version=${kernel#/boot/vmlinuz-}
[ -f "/lib/modules/$version/modules.dep" ] || need "the modules of $version" "sudo apt-get install linux-image-amd64"
[ -r "$kernel" ] || { echo "the Bluetooth tier needs to read $kernel: \`sudo chmod a+r $kernel\`" >&2; exit 3; }
[ -x /bin/busybox ] && file -L /bin/busybox 2> /dev/null | grep -q static \
  || need "a static busybox" "sudo apt-get install busybox-static"
command -v btvirt > /dev/null || need "btvirt" "sudo apt-get install bluez-test-tools"
[ -x /usr/libexec/bluetooth/bluetoothd ] || need "bluetoothd" "sudo apt-get install bluez"
command -v bluealsa > /dev/null || need "bluealsa (the computer's A2DP sink)" "sudo apt-get install bluez-alsa-utils"
command -v sbcenc > /dev/null || need "sbcenc (the phone's SBC encoder)" "sudo apt-get install sbc-tools"

work=$(mktemp -d "${TMPDIR:-/tmp}/bluetooth-vm.XXXXXX")
qemu=
cleanup() {
  [ -n "$qemu" ] && kill "$qemu" 2> /dev/null && wait "$qemu" 2> /dev/null
  rm -rf "$work" "$share/.bluetooth-vm-script" "$share/.bluetooth-vm-env"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# The VM's /tmp is its own: what the run reads from the host's /tmp (a clone there) is shown again.
"$here/mkinitrd.sh" "$work/initrd.gz" "$version" "$(realpath "$here/../..")" \
  ${BLUETOOTH_VM_BUILD:+"$(realpath "$BLUETOOTH_VM_BUILD")"} ${BLUETOOTH_VM_VENV:+"$(realpath "$BLUETOOTH_VM_VENV")"} || exit 3
cp "$script" "$share/.bluetooth-vm-script"
# What the script inside needs to know (the VM does not inherit this environment): every
# BLUETOOTH_VM_* variable, and where this folder is.
{ echo "export BLUETOOTH_VM_SCRIPTS=$here"; export -p | grep -E '^declare -x BLUETOOTH_VM_' | sed 's/^declare -x/export/'; } \
  > "$share/.bluetooth-vm-env"

accel=tcg
# KVM where it boots this kernel; nested KVM on the CI's machine class does not, so TCG is the default.
[ "${BLUETOOTH_VM_ACCEL:-tcg}" = kvm ] && [ -w /dev/kvm ] && accel=kvm
# no_timer_check: under TCG on a busy host the kernel's IO-APIC timer check can fail and panic at boot.
args=(-accel "$accel" -m 2048 -smp 2 -nographic -no-reboot -kernel "$kernel" -initrd "$work/initrd.gz"
  -append "console=ttyS0 panic=-1 no_timer_check ${BLUETOOTH_VM_QUIET-quiet}"
  -virtfs "local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap"
  -virtfs "local,path=$share,mount_tag=out,security_model=none")
started=$(date +%s)
if [ $interactive = yes ]; then
  qemu-system-x86_64 "${args[@]}"
  status=$?
else
  qemu-system-x86_64 "${args[@]}" < /dev/null > "$share/console.log" 2>&1 &
  qemu=$!
  timeout=${BLUETOOTH_VM_TIMEOUT:-1500}
  while kill -0 "$qemu" 2> /dev/null && [ $(( $(date +%s) - started )) -lt "$timeout" ]; do sleep 1; done
  if kill -0 "$qemu" 2> /dev/null; then
    echo "the Bluetooth VM did not finish within $timeout s (BLUETOOTH_VM_TIMEOUT); its console is in $share/console.log" >&2
    exit 124
  fi
  wait "$qemu"; status=$?; qemu=
  # The VM powers off whatever happened inside; only its last words say whether the script ran.
  if ! grep -q "bluetooth-vm: done" "$share/console.log"; then
    echo "the Bluetooth VM stopped before its script ended; its console is in $share/console.log:" >&2
    grep -a -m3 -E "Kernel panic|bluetooth-vm:" "$share/console.log" >&2
    status=1
  fi
fi
echo "$(( $(date +%s) - started ))" > "$share/wall-seconds"
exit $status
