#!/usr/bin/env python3
"""A media player in Python that desktop media controls drive, through remotectld's bridge.

It connects to remotectld (the unix socket in $XDG_RUNTIME_DIR/remotectld, or loopback TCP with
the token from $XDG_RUNTIME_DIR/remotectld/bridge-token), registers a player, and plays a
pretend playlist: play, pause, next, previous and seeking from playerctl, GNOME's or KDE's
controls or media keys change what it reports. Every action it performs is printed on a line of
its own ("action play", "action seekto 30.0"), so scripts can follow it.

Only the protocol in docs/bridge-protocol.md is used; the one dependency is PyPI's `websockets`.

    python3 remote_control_player.py --app-id pyplayer --title "First" --title "Second"
    playerctl --player=pyplayer play
"""

import argparse
import asyncio
import json
import os
import sys
import time

try:  # websockets 13 and later
    from websockets.asyncio.client import connect, unix_connect
except ImportError:
    try:  # websockets 10 to 12
        from websockets import connect, unix_connect
    except ImportError:
        sys.exit(
            "remote_control_player.py needs PyPI's websockets, which is not installed: "
            "sudo apt install python3-websockets (Debian, Ubuntu), or pip install websockets"
        )
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ACTIONS = ["play", "pause", "stop", "seekbackward", "seekforward", "seekto", "previoustrack", "nexttrack"]


class Player:
    """The pretend player: a playlist, a playback state and a position anchored in time."""

    def __init__(self, titles, artist, duration):
        self.titles = titles
        self.artist = artist
        self.duration = duration
        self.index = 0
        self.state = "paused"
        self.position = 0.0
        self.anchor = time.monotonic()

    def now(self):
        """The position now: the anchor moved on while playing, within [0, duration]."""
        if self.state != "playing":
            return self.position
        return min(self.duration, self.position + time.monotonic() - self.anchor)

    def move_to(self, position):
        self.position = max(0.0, min(self.duration, position))
        self.anchor = time.monotonic()

    def perform(self, details):
        """Carries out an action; returns the messages that report what changed."""
        action = details["action"]
        if action == "play":
            self.move_to(self.now())
            self.state = "playing"
            return ["playbackState", "positionState"]
        if action == "pause":
            self.move_to(self.now())
            self.state = "paused"
            return ["playbackState", "positionState"]
        if action == "stop":
            self.move_to(0)
            self.state = "none"
            return ["playbackState", "positionState"]
        if action in ("nexttrack", "previoustrack"):
            step = 1 if action == "nexttrack" else -1
            self.index = (self.index + step) % len(self.titles)
            self.move_to(0)
            return ["metadata", "positionState"]
        if action == "seekto":
            self.move_to(details["seekTime"])
            return ["positionState"]
        if action in ("seekforward", "seekbackward"):
            offset = details.get("seekOffset", 10.0)
            self.move_to(self.now() + (offset if action == "seekforward" else -offset))
            return ["positionState"]
        return []

    def message(self, kind):
        """The bridge message that reports `kind` of the player's state."""
        if kind == "metadata":
            return {"type": "metadata", "player": "main",
                    "metadata": {"title": self.titles[self.index], "artist": self.artist,
                                 "album": "Python", "trackId": f"track-{self.index}"}}
        if kind == "positionState":
            return {"type": "positionState", "player": "main",
                    "positionState": {"duration": self.duration, "playbackRate": 1, "position": self.now()}}
        return {"type": "playbackState", "player": "main", "playbackState": self.state}


def runtime_folder():
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        sys.exit("XDG_RUNTIME_DIR is not set: remotectld keeps its bridge socket and token there")
    return os.path.join(runtime, "remotectld")


def open_connection(arguments):
    """The connection to open (an async context manager), and the token to give, if any."""
    folder = runtime_folder()
    if arguments.tcp:
        with open(os.path.join(folder, "bridge-endpoint")) as file:
            endpoint = file.read().strip()
        with open(os.path.join(folder, "bridge-token")) as file:
            token = file.read().strip()
        return connect(endpoint), token
    return unix_connect(os.path.join(folder, "bridge.sock"), "ws://localhost/bridge"), None


async def serve(arguments, player):
    """Registers the player and carries out its actions until the hub closes the connection;
    returns the close code and reason."""
    connection, token = open_connection(arguments)
    async with connection as websocket:
        hello = {"type": "hello", "version": 1, "client": "remote_control_player.py 1"}
        if token:
            hello["token"] = token
        await websocket.send(json.dumps(hello))
        await websocket.send(json.dumps({"type": "register", "player": "main", "appId": arguments.app_id,
                                         "identity": arguments.identity}))
        await websocket.send(json.dumps({"type": "actions", "player": "main", "actions": ACTIONS}))
        for kind in ("metadata", "positionState", "playbackState"):
            await websocket.send(json.dumps(player.message(kind)))
        async for text in websocket:
            message = json.loads(text)
            if message["type"] == "registered":
                print(f"registered {message['busName']}", flush=True)
            elif message["type"] == "error":
                print(f"error {message['code']}: {message['message']}", file=sys.stderr, flush=True)
            elif message["type"] == "action":
                details = message["details"]
                argument = details.get("seekTime", details.get("seekOffset"))
                print(f"action {details['action']}" + ("" if argument is None else f" {argument}"), flush=True)
                for kind in player.perform(details):
                    await websocket.send(json.dumps(player.message(kind)))
        return websocket.close_code, websocket.close_reason


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-id", default="pyplayer", help="the bus name is org.mpris.MediaPlayer2.<app-id>")
    parser.add_argument("--identity", default="Python Player", help="the name people see")
    parser.add_argument("--title", action="append", help="a title of the playlist; repeat it")
    parser.add_argument("--artist", default="remotectld bridge")
    parser.add_argument("--duration", type=float, default=180.0, help="each track's length in seconds")
    parser.add_argument("--tcp", action="store_true", help="connect over loopback TCP with the token")
    parser.add_argument("--play", action="store_true", help="start playing at once")
    arguments = parser.parse_args()
    player = Player(arguments.title or ["Track 1", "Track 2", "Track 3"], arguments.artist, arguments.duration)
    if arguments.play:
        player.state = "playing"

    # A hub that stops (restarted, or the session ending) closes the connection: say so, and
    # register again, as the same player, once a hub serves the bridge again.
    waiting = False
    while True:
        try:
            code, reason = await serve(arguments, player)
            print(f"remotectld closed the connection ({code}{': ' + reason if reason else ''}); "
                  "connecting again", file=sys.stderr, flush=True)
            waiting = False
        except (OSError, ConnectionClosed, InvalidHandshake) as error:
            if not waiting:
                print(f"cannot reach remotectld's bridge ({error or type(error).__name__}); "
                      "trying again every second", file=sys.stderr, flush=True)
            waiting = True
        await asyncio.sleep(1)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
