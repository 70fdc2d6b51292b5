"""Load for the web remote's figures in BENCHMARKS.md, against a running remotectld.

  load.py press BASE TOKEN COUNT
      COUNT togglePlayPause commands over a WebSocket (a new one every 90, under the hub's
      flood limit), each sent once the previous one was acknowledged; prints "press p50 p90 p99" in microseconds (command sent to ack received).
  load.py fanout BASE TOKEN CLIENTS ROUNDS HUB_PID [IDLE_SECONDS]
      CLIENTS WebSockets (in 4 processes), then ROUNDS volume changes through the REST API,
      each 200 ms apart; prints "fanout p50 p99 max" in milliseconds from just before the
      request to each client's receipt of the change (clock: CLOCK_MONOTONIC, the same in
      every process), the hub's resident memory before and with the clients ("rss KiB KiB"),
      and, with IDLE_SECONDS, the hub's context switches over that long with every client
      idle ("idle switches seconds").

BASE is the hub's URL (http://127.0.0.1:PORT/) and TOKEN a device's key, sent as a bearer (as a
program on loopback may). Needs the
websockets package (the test venv has it). Every loop is bounded in count and time.
"""
import asyncio
import json
import multiprocessing
import os
import sys
import time
import urllib.request

from websockets.asyncio.client import connect

PROCESSES = 4


def events_url(base):
    return base.replace("http://", "ws://", 1) + "api/events"


def origin(base):
    return base.rstrip("/")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def open_socket(base, token):
    return await connect(
        events_url(base), origin=origin(base), additional_headers={"Authorization": f"Bearer {token}"},
        max_size=1 << 20, open_timeout=60, ping_interval=None)


# MARK: - press


async def press(base, token, count):
    socket = None
    times = []
    for index in range(count):
        # The hub closes a socket that sends more than 100 messages in 10 s (a flood): a new
        # socket every 90 presses, opened outside the timed part.
        if index % 90 == 0:
            if socket:
                await socket.close()
            socket = await open_socket(base, token)
            await socket.recv()  # the snapshot
        started = time.monotonic_ns()
        await socket.send(json.dumps(
            {"type": "command", "id": f"p{index}", "player": "binaural", "command": "togglePlayPause"}))
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), 10))
            if message.get("type") == "ack" and message.get("id") == f"p{index}":
                break
        if not message.get("ok"):
            raise SystemExit(f"press: not acknowledged: {message}")
        times.append((time.monotonic_ns() - started) / 1000)
    await socket.close()
    print(f"press {percentile(times, .5):.1f} {percentile(times, .9):.1f} {percentile(times, .99):.1f}")


# MARK: - fanout


def worker(base, token, clients, ready, results, stop):
    async def client(received):
        socket = await open_socket(base, token)
        await socket.recv()
        ready.put(1)
        try:
            while True:
                message = await socket.recv()
                if '"volume"' not in message:
                    continue
                at = time.monotonic_ns()
                changes = json.loads(message).get("changes", {})
                if "volume" in changes:
                    received.append((round(changes["volume"], 4), at))
        except Exception:
            pass

    async def main():
        received = []
        tasks = [asyncio.create_task(client(received)) for _ in range(clients)]
        while stop.empty():
            await asyncio.sleep(0.05)
        results.put(received)
        for task in tasks:
            task.cancel()

    asyncio.run(main())


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def switches(pid):
    total = 0
    for thread in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{thread}/status") as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def set_volume(base, token, volume):
    request = urllib.request.Request(
        base + "api/players/binaural/volume", method="POST", data=json.dumps({"volume": volume}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()


def fanout(base, token, clients, rounds, hub_pid, idle_seconds):
    before = resident_kib(hub_pid)
    ready, results, stop = multiprocessing.Queue(), multiprocessing.Queue(), multiprocessing.Queue()
    share = [clients // PROCESSES + (1 if index < clients % PROCESSES else 0) for index in range(PROCESSES)]
    processes = [
        multiprocessing.Process(target=worker, args=(base, token, count, ready, results, stop)) for count in share]
    for process in processes:
        process.start()
    for _ in range(clients):
        ready.get(timeout=120)
    time.sleep(1)
    during = resident_kib(hub_pid)
    if idle_seconds:
        first = switches(hub_pid)
        time.sleep(idle_seconds)
        print(f"idle {switches(hub_pid) - first} {idle_seconds}")
    sent = {}
    for index in range(rounds):
        volume = round(0.1 + index / 1000, 4)
        sent[volume] = time.monotonic_ns()
        set_volume(base, token, volume)
        time.sleep(0.2)
    time.sleep(1)
    for _ in processes:
        stop.put(1)
    latencies = []
    for _ in processes:
        for volume, at in results.get(timeout=60):
            if volume in sent:
                latencies.append((at - sent[volume]) / 1e6)
    for process in processes:
        process.join(timeout=10)
    expected = clients * rounds
    print(f"received {len(latencies)} {expected}")
    print(f"fanout {percentile(latencies, .5):.2f} {percentile(latencies, .99):.2f} {max(latencies):.2f}")
    print(f"rss {before} {during}")


if __name__ == "__main__":
    verb = sys.argv[1]
    if verb == "press":
        asyncio.run(press(sys.argv[2], sys.argv[3], int(sys.argv[4])))
    elif verb == "fanout":
        fanout(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]),
               int(sys.argv[7]) if len(sys.argv) > 7 else 0)
    else:
        raise SystemExit(__doc__)
