#!/usr/bin/env python3
"""AirPlays a sound file to this computer, as an iPhone would: pyatv (PyPI) streams it over RAOP
(AirPlay 1) to the AirPlay receiver here, shairport-sync, found by address and port rather than
over mDNS, so neither avahi nor a phone is needed.

Usage: scripts/airplay-send.py [FILE] [--host 127.0.0.1] [--port 5000] [--tone SECONDS]
                               [--title T] [--artist A] [--album B]

FILE is any file pyatv plays (WAV, MP3, FLAC, Ogg); without one, --tone SECONDS streams a 440 Hz
tone of that length. Title, artist and album come from the file's tags unless given. It prints
what it does and exits 0 once the whole file is sent; Ctrl-C stops the stream, as a phone that
stops does. Needs pyatv (`pip install pyatv==0.18.0`, in a venv if your Python is externally
managed) and a running shairport-sync (Debian: `sudo apt install shairport-sync`).

pyatv announces raw PCM with an ALAC-style `a=fmtp` line, which shairport-sync 3.3.8 takes for
ALAC parameters (it then decodes the PCM as ALAC and aborts); a phone sends no such line with
PCM, so neither does this script.
"""

import argparse
import asyncio
import math
import os
import signal
import struct
import sys
import tempfile
import wave

try:
    from pyatv import conf, connect
    from pyatv.const import Protocol
    from pyatv.interface import MediaMetadata
    from pyatv.support import rtsp
except ImportError:
    sys.exit("airplay-send: pyatv is not installed: pip install pyatv==0.18.0 (in a venv if needed)")


def arguments():
    parser = argparse.ArgumentParser(description="AirPlay a sound file to this computer's shairport-sync.")
    parser.add_argument("file", nargs="?", help="the sound file (WAV, MP3, FLAC, Ogg)")
    parser.add_argument("--host", default="127.0.0.1", help="the receiver's address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=5000, help="its RTSP port (shairport-sync's default: 5000)")
    parser.add_argument("--tone", type=float, metavar="SECONDS", help="stream a 440 Hz tone instead of a file")
    parser.add_argument("--title")
    parser.add_argument("--artist")
    parser.add_argument("--album")
    parsed = parser.parse_args()
    if (parsed.file is None) == (parsed.tone is None):
        parser.error("give a sound file or --tone SECONDS, one of the two")
    return parsed


def without_fmtp_line():
    """Drops pyatv's a=fmtp line from its ANNOUNCE body (see the module's text)."""
    lines = rtsp.ANNOUNCE_PAYLOAD.split("\r\n")
    rtsp.ANNOUNCE_PAYLOAD = "\r\n".join(line for line in lines if not line.startswith("a=fmtp:"))


def write_tone(path, seconds):
    """A 440 Hz tone, 16-bit stereo at 44.1 kHz."""
    rate = 44100
    with wave.open(path, "wb") as file:
        file.setnchannels(2)
        file.setsampwidth(2)
        file.setframerate(rate)
        for second in range(math.ceil(seconds)):
            frames = bytearray()
            for index in range(int(min(1, seconds - second) * rate)):
                sample = int(8000 * math.sin(2 * math.pi * 440 * (second * rate + index) / rate))
                frames += struct.pack("<hh", sample, sample)
            file.writeframes(bytes(frames))


async def send(options, path):
    loop = asyncio.get_running_loop()
    config = conf.AppleTV(options.host, "airplay-send")
    # What shairport-sync announces over mDNS: no encryption, PCM or ALAC, every kind of metadata.
    properties = {"et": "0", "cn": "0,1", "md": "0,1,2", "tp": "UDP", "sr": "44100", "ss": "16", "ch": "2"}
    config.add_service(conf.ManualService("shairport-sync", Protocol.RAOP, options.port, properties))
    device = await connect(config, loop)
    print(f"airplay-send: connected to {options.host}:{options.port}, streaming {options.file or 'a tone'}",
          flush=True)
    given = {key: getattr(options, key) for key in ("title", "artist", "album") if getattr(options, key)}
    metadata = MediaMetadata(**given) if given else None
    task = asyncio.ensure_future(device.stream.stream_file(path, metadata=metadata))
    loop.add_signal_handler(signal.SIGINT, task.cancel)
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        await task
        print("airplay-send: sent it all", flush=True)
    except asyncio.CancelledError:
        print("airplay-send: stopped", flush=True)
    finally:
        close = device.close()
        if close:
            await asyncio.wait(close, timeout=5)


def main():
    options = arguments()
    without_fmtp_line()
    folder = None
    path = options.file
    if options.tone is not None:
        folder = tempfile.mkdtemp(prefix="airplay-send-")
        path = os.path.join(folder, "tone.wav")
        write_tone(path, options.tone)
        if not options.title:
            options.title = "A %g s tone" % options.tone
    elif not os.path.isfile(path):
        sys.exit(f"airplay-send: no such file: {path}")
    try:
        asyncio.run(send(options, path))
    except (OSError, asyncio.TimeoutError) as error:
        sys.exit(f"airplay-send: cannot AirPlay to {options.host}:{options.port} ({error}); "
                 "is shairport-sync running there (systemctl status shairport-sync)?")
    except Exception as error:  # the receiver refused the session or ended it
        sys.exit(f"airplay-send: the receiver at {options.host}:{options.port} ended the stream: "
                 f"{type(error).__name__}: {error}")
    finally:
        if folder:
            os.remove(path)
            os.rmdir(folder)


if __name__ == "__main__":
    main()
