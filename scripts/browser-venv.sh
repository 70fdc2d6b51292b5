#!/usr/bin/env bash
# Makes the Python virtual environment the browser tests drive Chromium from, when it is
# missing or out of date: selenium (4.51.0: 4.52 needs a certifi the package index lacks),
# websockets (the bridge's Python example), segno (the QR codes remotectl draws are
# compared with its) and pyatv (0.18: the AirPlay sender the shairport-sync tests stream from).
# Usage: scripts/browser-venv.sh FOLDER
set -euo pipefail

venv=${1:-.build-browser/venv}
requirements=(selenium==4.51.0 websockets segno 'pyatv==0.18.*')
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "${requirements[*]}" ]; then
  exit 0
fi
echo "Making the browser tests' Python environment in $venv"
# Debian's Python, whose venv module python3-venv provides.
/usr/bin/python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}"
echo "${requirements[*]}" > "$stamp"
