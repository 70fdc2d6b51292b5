#!/usr/bin/env bash
# Writes an initramfs for the Bluetooth tier's VM to $1: busybox, and from Debian's kernel the modules
# the tier needs (virtio and 9p for the host's root, bluetooth, hci_vhci for btvirt's virtual
# controllers, uinput for bluetoothd's own input device, evdev to read it), loaded in modules.dep order; its /init mounts
# the host's root read-only over 9p, tmpfs where bluetoothd and the buses write, the read-write share
# (tag `out`) on /mnt, and runs the share's `.bluetooth-vm-script` (run.sh puts it there). Each
# FOLDER under the host's /tmp (a clone of the repository there, its build, its venv) is shown again,
# read-only, at its own path in the VM's /tmp, which the tmpfs would hide.
# Usage: scripts/bluetooth-vm/mkinitrd.sh OUT.gz [KERNEL_VERSION [FOLDER...]]
set -euo pipefail
out=${1:?usage: $0 OUT.gz [KERNEL_VERSION [FOLDER...]]}
kernel=${2:-$(uname -r)}
shift $(($# < 2 ? $# : 2))
modules=/lib/modules/$kernel
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/{bin,mods,proc,sys,dev,newroot,hosttmp}
for folder in "$@"; do case $folder in /tmp/*) echo "$folder" ;; esac; done > "$work/keep"
cp /bin/busybox "$work/bin/busybox"

ordered=()
add_module() {
  local name=$1 path dependency known
  path=$(grep -E "(^|/)$name\.ko(\.xz)?:" "$modules/modules.dep" | head -1 | cut -d: -f1)
  [ -n "$path" ] || { echo "the kernel $kernel has no module $name" >&2; exit 1; }
  for dependency in $(grep -E "^$path:" "$modules/modules.dep" | cut -d: -f2); do
    add_module "$(basename "$dependency" | sed -E 's/\.ko(\.xz)?$//')"
  done
  for known in "${ordered[@]}"; do [ "$known" = "$path" ] && return 0; done
  ordered+=("$path")
}
for name in virtio_pci 9pnet_virtio 9p overlay bluetooth hci_vhci uinput evdev; do add_module "$name"; done
for path in "${ordered[@]}"; do
  file=$(basename "$path")
  case $file in
    *.xz) xz -dc "$modules/$path" > "$work/mods/${file%.xz}"; file=${file%.xz} ;;
    *) cp "$modules/$path" "$work/mods/$file" ;;
  esac
  echo "$file" >> "$work/mods/order"
done

cat > "$work/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for module in $(cat /mods/order); do insmod /mods/$module || echo "bluetooth-vm: insmod $module failed"; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144 host /newroot || { echo "bluetooth-vm: the host's root did not mount"; poweroff -f; }
mount -o bind /newroot/tmp /hosttmp
for folder in run tmp var/lib/bluetooth; do mount -t tmpfs tmpfs /newroot/$folder; done
for folder in $(cat /keep); do
  mkdir -p "/newroot$folder" && mount -o bind "/hosttmp${folder#/tmp}" "/newroot$folder" \
    || echo "bluetooth-vm: the host's $folder is not shown in the VM"
done
mount -t proc proc /newroot/proc; mount -t sysfs sys /newroot/sys; mount -t devtmpfs dev /newroot/dev
mkdir -p /newroot/dev/pts; mount -t devpts devpts /newroot/dev/pts
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 out /newroot/mnt || echo "bluetooth-vm: the share did not mount"
exec switch_root /newroot /bin/sh -c "setsid -c sh /mnt/.bluetooth-vm-script </dev/console >/dev/console 2>&1; echo bluetooth-vm: done; echo o > /proc/sysrq-trigger; sleep 30"
INIT
chmod +x "$work/init"
(cd "$work" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$out"
