#!/usr/bin/env bash
# Makes the Bluetooth tier's Python environment at $1 (once): Debian's python3, with its python3-dbus
# and python3-gi (the VM's agent and players), and bumble from PyPI (the car). Debian's interpreter,
# not whichever python3 is first in PATH: the VM sees the host's /usr, not a user's home.
set -euo pipefail
venv=${1:?usage: $0 VENV}
bumble=0.0.236
if [ -x "$venv/bin/python3" ] && "$venv/bin/python3" -c "import bumble, dbus" 2> /dev/null \
  && [ "$("$venv/bin/python3" -c 'import importlib.metadata as m; print(m.version("bumble"))')" = $bumble ]; then
  exit 0
fi
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet "bumble==$bumble"
