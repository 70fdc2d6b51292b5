# Runs inside the Bluetooth tier's VM (run.sh copies it to the share): the environment run.sh wrote,
# then tier.py with the Bluetooth venv's Python; everything it writes goes to /mnt (the share).
. /mnt/.bluetooth-vm-env
mkdir -p /mnt/logs
if [ "${BLUETOOTH_VM_MODE:-tier}" = demo ]; then
  exec 2> /mnt/logs/inside.log
  stty sane
else
  exec > /mnt/logs/inside.log 2>&1
fi
export HOME=/tmp/home PYTHONDONTWRITEBYTECODE=1
mkdir -p $HOME
cd "$BLUETOOTH_VM_SCRIPTS"
"$BLUETOOTH_VM_VENV/bin/python3" tier.py "${BLUETOOTH_VM_MODE:-tier}"
echo "tier.py exited $?"
