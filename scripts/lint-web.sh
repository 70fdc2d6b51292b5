#!/usr/bin/env bash
# Lints the web remote's page and the bridge's clients: their JavaScript (and the HTML pages'
# scripts) with ESLint, configured by .eslintrc.json, and their CSS with scripts/lint-css.js.
# Both come from Debian (eslint, node-eslint-plugin-html, node-css-tree; there is no npm here):
# they live in /usr/share/nodejs, where Debian's node looks and other builds of node (such as
# NodeSource's) do not, hence NODE_PATH.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
sources=(Sources/WebRemote/Resources Sources/Bridge/Resources)
status=0
eslint --format unix --ext .js,.html "${sources[@]}" || status=1
mapfile -t styled < <(find "${sources[@]}" -name '*.css' -o -name '*.html' | sort)
node scripts/lint-css.js "${styled[@]}" || status=1
exit "$status"
