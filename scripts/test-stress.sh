#!/usr/bin/env bash
# The whole test suite, run again and again on a busy machine: what a new user gets from
# `git clone` and `make test`, while something else keeps one core busy. A test that passes
# alone but races a program it started (its name on the bus before its Metadata, a sound a
# moment late) fails here.
#
# It clones this repository's current HEAD (committed work only) into a temporary folder, with
# the shared folder beside the clone as a symbolic link when there is one (../shared), builds
# once, then runs `swift test --skip-build` RUNS times in a row (5 by default) while
# `sha256sum /dev/zero` keeps one core busy. It prints each run's result, the tests that failed
# and where each run's log is, and exits non-zero when any run failed.
#
# Usage: scripts/test-stress.sh            (make test-stress runs it after installing packages)
#   RUNS=N        how many runs (5)
#   KEEP=1        keep the clone and the logs even when every run passed
#   SWIFT=PATH    the swift driver (swift)
set -euo pipefail

SWIFT=${SWIFT:-swift}
RUNS=${RUNS:-5}
KEEP=${KEEP:-0}
root=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$root" rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/test-stress.XXXXXX")
clone="$work/swift-remote-control"
logs="$work/logs"
mkdir -p "$logs"

load=""
stop_load() {
  if [ -n "$load" ]; then
    kill "$load" 2>/dev/null || true
    wait "$load" 2>/dev/null || true
    load=""
  fi
}
finish() {
  status=$?
  stop_load
  if [ "$status" -eq 0 ] && [ "$KEEP" != 1 ]; then
    rm -rf "$work"
    # SwiftPM's lock files for the clone's build folder, named after its path.
    rm -f "${TMPDIR:-/tmp}/$(printf '%s' "$clone" | tr / _)"_.build*.lock
  else
    echo "The clone and the logs are in $work"
  fi
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

echo "Cloning $commit into $clone"
git clone --quiet --no-checkout "$root" "$clone"
git -C "$clone" checkout --quiet --detach "$commit"
if [ -d "$root/../shared" ]; then
  ln -s "$(cd "$root/../shared" && pwd)" "$work/shared"
fi

# The browser tests' Python environment, made afresh in the clone when this checkout has one.
if [ -x "$root/.build-browser/venv/bin/python" ]; then
  "$root/scripts/browser-venv.sh" "$clone/.build-browser/venv" >"$logs/venv.log" 2>&1
fi

echo "Building once (a clean build takes a few minutes)"
(cd "$clone" && $SWIFT build --build-tests) >"$logs/build.log" 2>&1 || {
  tail -n 40 "$logs/build.log"
  echo "The build failed; its log is $logs/build.log"
  exit 1
}

# One core kept busy for as long as the runs take; stopped on any exit (trap above).
sha256sum /dev/zero >/dev/null 2>&1 &
load=$!
echo "Load: sha256sum /dev/zero (pid $load) keeps one core busy"

failed=0
for run in $(seq 1 "$RUNS"); do
  log="$logs/run-$run.log"
  started=$(date +%s)
  if (cd "$clone" && $SWIFT test --skip-build ${TEST_FLAGS:-}) >"$log" 2>&1; then
    echo "run $run of $RUNS: passed ($(($(date +%s) - started)) s)"
  else
    failed=$((failed + 1))
    echo "run $run of $RUNS: FAILED ($(($(date +%s) - started)) s), log $log"
    # Swift Testing marks a failed test and each failed expectation with ✘.
    grep -E '✘ Test .* (failed|recorded an issue)' "$log" | sed 's/^/    /' | sort -u | head -n 20 || true
    grep -E '^Test Case .* failed' "$log" | sed 's/^/    /' | head -n 20 || true
  fi
done
stop_load

echo "$((RUNS - failed)) of $RUNS runs passed"
[ "$failed" -eq 0 ]
