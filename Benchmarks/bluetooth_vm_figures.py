# Reads the Bluetooth tier's results.json and prints its figures: each timing's p50 and max for the hub
# and for mpris-proxy, the hub's ratio, the presses that did not reach the app, and the wall time.
# Usage: bluetooth_vm_figures.py RESULTS.json [WALL_SECONDS]
import json
import statistics
import sys

results = json.load(open(sys.argv[1]))
figures = results.get("figures", {})
if "error" in figures:
    print("the figures scenario failed:", figures["error"])
rows = (("press_to_status_ms", "car's Pause/Play -> app's PlaybackStatus", 1.5),
        ("status_to_car_ms", "app pauses/plays -> car's PLAYBACK_STATUS_CHANGED", 1.3),
        ("track_to_car_ms", "app changes track -> car's TRACK_CHANGED", 1.3))
print("%-52s %-22s %-22s %-12s %s" % ("figure (TCG)", "hub p50 / max ms", "mpris-proxy p50 / max", "ratio p50", "goal"))
for key, label, goal in rows:
    hub, proxy = figures.get("hub", {}).get(key, []), figures.get("mpris-proxy", {}).get(key, [])
    if not hub or not proxy:
        print("%-52s missing (hub %d, mpris-proxy %d samples)" % (label, len(hub), len(proxy)))
        continue
    ratio = statistics.median(hub) / statistics.median(proxy)
    print("%-52s %-22s %-22s %-12s <= %.1fx %s" % (
        label, "%.0f / %.0f (n=%d)" % (statistics.median(hub), max(hub), len(hub)),
        "%.0f / %.0f (n=%d)" % (statistics.median(proxy), max(proxy), len(proxy)), "%.2fx" % ratio, goal,
        "met" if ratio <= goal else "NOT met"))
# A run with BLUETOOTH_VM_SPLIT=1: each notification split where the registered player's PropertiesChanged
# reached the system bus (before it: the hub's or mpris-proxy's time; after it: bluetoothd's and the car's).
for key, label in (("status_to_system_bus_ms", "  status: app -> registered player's signal"),
                   ("status_system_bus_to_car_ms", "  status: that signal -> car"),
                   ("track_to_system_bus_ms", "  track: app -> registered player's signal"),
                   ("track_system_bus_to_car_ms", "  track: that signal -> car")):
    hub, proxy = figures.get("hub", {}).get(key, []), figures.get("mpris-proxy", {}).get(key, [])
    if hub and proxy:
        print("%-52s %-22s %-22s" % (label, "%.1f / %.1f (n=%d)" % (statistics.median(hub), max(hub), len(hub)),
                                     "%.1f / %.1f (n=%d)" % (statistics.median(proxy), max(proxy), len(proxy))))
for path in ("hub", "mpris-proxy"):
    keys = sorted(set(figures.get(path, {}).get("track_keys", [])))
    if keys:
        print("%s: a track change's signal to bluetoothd carried %s" % (path, " | ".join(keys)))
for path in ("hub", "mpris-proxy"):
    got = figures.get(path, {})
    print("%s: presses that did not reach the app %s; status changes and track changes the car was not told of"
          " %s, %s" % (path, got.get("presses_missed"), got.get("status_missed"), got.get("tracks_missed")))
print("blocks, in order:", " ".join(figures.get("order", [])))
print("tier inside the VM: %s s; wall time with boot: %s s" % (
    results.get("tier", {}).get("seconds_in_vm"), sys.argv[2] if len(sys.argv) > 2 else "?"))
print("hub, remotectl and binaural from:", results.get("tier", {}).get("executables", "? (a run before they were recorded)"))
