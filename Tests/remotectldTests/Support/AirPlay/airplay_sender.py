"""A real AirPlay sender on loopback: pyatv (PyPI, 0.18) streaming a generated tone over RAOP
(AirPlay 1) to a receiver at 127.0.0.1, with a title, an artist, an album and artwork, as a phone
streams to shairport-sync. No mDNS: the receiver is given by hand (conf.ManualService), so neither
avahi-daemon nor a network is needed.

Usage: airplay_sender.py PORT SECONDS TITLE ARTIST ALBUM

It prints one JSON line per step on standard output, flushed: {"event": "connected"},
{"event": "streaming"} just before the stream starts, {"event": "finished"} once pyatv has sent
the whole file and ended the session (or {"event": "failed", "error": ...}), then exits. SIGTERM
ends the stream early, as a phone that stops does.

When standard input is a pipe, each line "track TITLE" read from it while the stream plays is a
track change within the session, as a phone's: the new title (same artist and album) in an RTSP
SET_PARAMETER on the stream's connection, answered with {"event": "track", "title": TITLE} once
the receiver answered it.

A quirk of the sender, not of the receiver: pyatv announces raw PCM (`a=rtpmap:96 L16/44100/2`)
and adds an ALAC-style `a=fmtp:96 ...` line; shairport-sync 3.3.8 reads that line as ALAC
parameters, decodes the PCM as ALAC and aborts. An iPhone announces ALAC with its fmtp line, or
PCM with none, so this sender drops the line from pyatv.support.rtsp.ANNOUNCE_PAYLOAD before
connecting.
"""

import asyncio
import base64
import json
import math
import os
import signal
import stat
import struct
import sys
import tempfile
import wave

from pyatv import conf, connect
from pyatv.const import Protocol
from pyatv.interface import MediaMetadata
from pyatv.protocols.raop import stream_client
from pyatv.support import rtsp

# A 1x1 JPEG: the cover shairport-sync writes to its cover-art cache and names in mpris:artUrl.
ARTWORK = base64.b64decode(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////"
    "////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAB"
    "PxA="
)


def say(event, **fields):
    print(json.dumps(dict(event=event, **fields)), flush=True)


def drop_fmtp_line():
    """Removes pyatv's a=fmtp line from its ANNOUNCE body (see the module's comment)."""
    lines = rtsp.ANNOUNCE_PAYLOAD.split("\r\n")
    rtsp.ANNOUNCE_PAYLOAD = "\r\n".join(line for line in lines if not line.startswith("a=fmtp:"))


def remember_stream_clients(clients):
    """Keeps each pyatv stream client that starts sending audio, to send track changes on."""
    send_audio = stream_client.StreamClient.send_audio

    async def remembering(self, *arguments, **keywords):
        clients.append(self)
        return await send_audio(self, *arguments, **keywords)

    stream_client.StreamClient.send_audio = remembering


async def change_track(client, metadata):
    """A phone's track change: the new track's text metadata, then its progress (shairport-sync
    3.3.8 holds the metadata until progress comes)."""
    context = client.context
    now = context.rtptime
    await client.rtsp.set_metadata(context.rtsp_session, context.rtpseq, now, metadata)
    await client.rtsp.set_parameter("progress", "%d/%d/%d" % (now, now, now + 60 * context.sample_rate))
    say("track", title=metadata.title)


def follow_commands(loop, clients, metadata):
    """Reads "track TITLE" lines from standard input when it is a pipe (see the module's text)."""
    if not stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode):
        return
    os.set_blocking(sys.stdin.fileno(), False)
    pending = bytearray()

    def readable():
        data = os.read(sys.stdin.fileno(), 4096)
        if not data:
            loop.remove_reader(sys.stdin.fileno())
            return
        pending.extend(data)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            command, _, title = line.decode().partition(" ")
            if command == "track" and clients:
                changed = MediaMetadata(title=title, artist=metadata.artist, album=metadata.album)
                asyncio.ensure_future(change_track(clients[-1], changed))

    loop.add_reader(sys.stdin.fileno(), readable)


def write_tone(path, seconds):
    """A 440 Hz tone, 16-bit stereo at 44.1 kHz, as AirPlay 1 carries it."""
    rate = 44100
    frames = bytearray()
    for index in range(int(seconds * rate)):
        sample = int(8000 * math.sin(2 * math.pi * 440 * index / rate))
        frames += struct.pack("<hh", sample, sample)
    with wave.open(path, "wb") as file:
        file.setnchannels(2)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(bytes(frames))


async def stream(port, path, metadata):
    loop = asyncio.get_running_loop()
    config = conf.AppleTV("127.0.0.1", "remotectl test sender")
    # What shairport-sync announces over mDNS: no encryption, raw PCM or ALAC, and every kind
    # of metadata (text, artwork, progress).
    properties = {"et": "0", "cn": "0,1", "md": "0,1,2", "tp": "UDP", "sr": "44100", "ss": "16", "ch": "2"}
    config.add_service(conf.ManualService("remotectl-test", Protocol.RAOP, port, properties))
    device = await connect(config, loop)
    say("connected")
    clients = []
    remember_stream_clients(clients)
    follow_commands(loop, clients, metadata)
    task = asyncio.ensure_future(device.stream.stream_file(path, metadata=metadata))
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    say("streaming")
    try:
        await task
        say("finished")
    except asyncio.CancelledError:
        say("stopped")
    finally:
        close = device.close()
        if close:
            await asyncio.wait(close, timeout=5)


def main():
    port, seconds, title, artist, album = sys.argv[1:6]
    drop_fmtp_line()
    folder = tempfile.mkdtemp(prefix="airplay-sender-")
    path = os.path.join(folder, "tone.wav")
    try:
        write_tone(path, float(seconds))
        metadata = MediaMetadata(title=title, artist=artist, album=album, artwork=ARTWORK)
        asyncio.run(stream(int(port), path, metadata))
    except Exception as error:  # a refused connection, a receiver that ends the session
        say("failed", error="%s: %s" % (type(error).__name__, error))
        sys.exit(1)
    finally:
        os.remove(path)
        os.rmdir(folder)


if __name__ == "__main__":
    main()
