#!/usr/bin/env bash
# Builds the Debian packages (remotectl, remotectld, binaural) as a user or a builder would: from
# a clean clone of this repository's HEAD (committed work only), with
# `dpkg-buildpackage -b -us -uc`. The clone and the release build stay in FOLDER/source; the
# .deb files, the .changes and the .buildinfo land in FOLDER.
#
# The build takes long (a release build of three executables), so when FOLDER already holds the
# packages of the same commit, it says so and builds nothing.
#
# Usage: scripts/build-deb.sh FOLDER        (make deb runs it after installing packages)
#   REBUILD=1   build even when FOLDER holds this commit's packages
set -euo pipefail

folder=${1:?usage: $0 FOLDER}
root=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$root" rev-parse HEAD)
mkdir -p "$folder"
folder=$(cd "$folder" && pwd)

if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "note: the packages are built from HEAD ($commit); uncommitted changes are not in them."
fi
if [ "${REBUILD:-0}" != 1 ] && [ "$(cat "$folder/commit" 2>/dev/null)" = "$commit" ] &&
  ls "$folder"/*.deb >/dev/null 2>&1; then
  echo "Debian packages of $commit already in $folder (REBUILD=1 builds them again):"
  ls -l "$folder"/*.deb
  exit 0
fi

rm -rf "$folder/source" "$folder"/*.deb "$folder"/*.changes "$folder"/*.buildinfo "$folder/commit"
git clone --quiet --no-checkout "$root" "$folder/source"
git -C "$folder/source" checkout --quiet --detach "$commit"
start=$(date +%s)
(cd "$folder/source" && dpkg-buildpackage -b -us -uc) > "$folder/build.log" 2>&1 || {
  status=$?
  tail -n 60 "$folder/build.log" >&2
  echo "dpkg-buildpackage failed ($status); the whole log: $folder/build.log" >&2
  exit "$status"
}
echo "$commit" > "$folder/commit"
echo "Built the Debian packages of $commit in $(( $(date +%s) - start )) s (log: $folder/build.log):"
for deb in "$folder"/*.deb; do
  installed=$(dpkg-deb -f "$deb" Installed-Size)
  printf '  %-40s %6s KiB download, %6s KiB installed\n' "$(basename "$deb")" "$(( $(stat -c %s "$deb") / 1024 ))" "$installed"
done
