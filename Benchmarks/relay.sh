#!/usr/bin/env bash
# A press on a relay's own name, beside the same press sent straight to the player: the tests'
# system-bus player (system_player.py) on a private system bus, relayed by remotectld as
# org.mpris.MediaPlayer2.bench.system on a private session bus. CALLS rounds (default 300), each
# one `Next` straight to the player on the system bus and one to the relay on the session bus,
# in alternating order; p50/p90 of each and their ratio. BIN names a folder of built products
# (main's beside a branch's for the side-by-side figure).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-"$(swift build --show-bin-path)"}
calls=${CALLS:-300}
source Benchmarks/common.sh
start_private_bus
start_private_system_bus
start_hub
PYTHONPATH=Tests/BusTestSupport:Tests/remotectldTests/Support /usr/bin/python3 \
  Tests/remotectldTests/Support/system_player.py bench >/dev/null 2>"$work/player.log" &
pids+=($!)
wait_for_name org.mpris.MediaPlayer2.bench.system
/usr/bin/python3 - "$calls" <<'PY'
import os, statistics, sys, time
import dbus
calls = int(sys.argv[1])
system = dbus.bus.BusConnection(os.environ['DBUS_SYSTEM_BUS_ADDRESS'])
session = dbus.bus.BusConnection(os.environ['DBUS_SESSION_BUS_ADDRESS'])
targets = {
    'straight': (system, 'org.mpris.MediaPlayer2.bench'),
    'relay': (session, 'org.mpris.MediaPlayer2.bench.system'),
}
times = {name: [] for name in targets}
for round in range(calls + 20):
    order = list(targets) if round % 2 == 0 else list(reversed(list(targets)))
    for name in order:
        bus, destination = targets[name]
        start = time.perf_counter()
        bus.call_blocking(destination, '/org/mpris/MediaPlayer2', 'org.mpris.MediaPlayer2.Player', 'Next', '', ())
        if round >= 20:
            times[name].append((time.perf_counter() - start) * 1e6)
def p(values, q):
    return statistics.quantiles(values, n=100)[q - 1]
for name, values in times.items():
    print(f'{name}: p50 {p(values, 50):.0f} µs, p90 {p(values, 90):.0f} µs ({len(values)} calls)')
print(f'relay ÷ straight, p50: {p(times["relay"], 50) / p(times["straight"], 50):.2f}')
PY
