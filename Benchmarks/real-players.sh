#!/usr/bin/env bash
# The real players' figures of BENCHMARKS.md: RealPlayerTests run RUNS times (default 3), one
# case at a time (--no-parallel: the figures are the players' and the hub's, not the load's),
# each case appending to a JSON-lines file how long its player took to announce Paused
#   - from the moment `pactl subscribe` reported the call's stream (`pacat
#     --property=media.role=phone`), and
#   - from the moment it reported the "headphones" sink removed (the sink unloaded under it);
# then, for each player and each sound server, the p50, p90, min and max over every run and both
# hub orders. Each moment is stamped on the thread that read the line (pactl's, gdbus monitor's).
# Needs the debug build with its tests (`swift build --build-tests`) and what `make test`
# installs; runs as root (the players run as a user the tests make).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
figures=${REAL_PLAYER_FIGURES:-$(mktemp --suffix=.jsonl)}
for run in $(seq "$runs"); do
  REAL_PLAYER_FIGURES=$figures swift test --skip-build --no-parallel --filter RealPlayerTests \
    >"$figures.run$run.log" 2>&1 || echo "run $run had failures: $figures.run$run.log" >&2
done
python3 - "$figures" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]
print("| player | server | event → Paused | n | p50 | p90 | min | max |")
print("|---|---|---|---:|---:|---:|---:|---:|")
for player in ["chromium", "firefox", "vlc", "mpv", "flatpakMPV"]:
    for server in ["pulseAudio", "pipeWire"]:
        for key, what in [("lostOutputMilliseconds", "lost output"), ("callMilliseconds", "call")]:
            values = [r[key] for r in rows if r["player"] == player and r["server"] == server and key in r]
            if not values:
                continue
            print(f"| {player} | {server} | {what} | {len(values)} | {statistics.median(values):.1f} ms "
                  f"| {percentile(values, 0.9):.1f} ms | {min(values):.1f} ms | {max(values):.1f} ms |")
PY
echo "figures: $figures" >&2
