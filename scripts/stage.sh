#!/usr/bin/env bash
# Runs one stage of `make check` and records how long it took, so that the slow loop has numbers:
# each stage's name, status and seconds go to the file STAGES names (one tab-separated line each),
# and scripts/stage.sh --report prints them as a table.
# Usage: STAGES=FILE scripts/stage.sh NAME COMMAND...     STAGES=FILE scripts/stage.sh --report
set -uo pipefail

stages=${STAGES:?STAGES names the file the stages are recorded in}
if [ "${1:-}" = --report ]; then
  [ -f "$stages" ] || exit 0
  echo
  echo "make check, stage by stage:"
  awk -F'\t' '{ printf "  %-28s %-6s %6d s\n", $1, $2, $3; total += $3 }
    END { printf "  %-28s %-6s %6d s\n", "total", "", total }' "$stages"
  exit 0
fi
name=${1:?usage: $0 NAME COMMAND...}
shift
echo "== $name"
start=$(date +%s)
"$@"
status=$?
seconds=$(( $(date +%s) - start ))
printf '%s\t%s\t%d\n' "$name" "$([ $status -eq 0 ] && echo ok || echo failed)" "$seconds" >> "$stages"
echo "== $name: $([ $status -eq 0 ] && echo ok || echo "failed ($status)") in $seconds s"
exit $status
