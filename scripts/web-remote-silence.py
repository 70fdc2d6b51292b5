#!/usr/bin/env python3
"""Writes the web remote's silence: the audio the page plays, inaudibly, while "Show on lock
screen" is on, so that the phone's browser counts the page as playing media and hands its Media
Session to the lock screen. Run it again only to change it:

    python3 scripts/web-remote-silence.py Sources/WebRemote/Resources/silence.mp3

Why this file:
- MP3, because every phone browser plays it (Chrome and Firefox for Android, Safari on iOS);
  Opus in Ogg does not play on older iOS, and WAV is ten to forty times larger for as long.
- MPEG-2 Layer III (the low-sampling-rate extension every MP3 decoder has), 16 kHz, mono,
  8 kbit/s, the smallest bit rate there is: 36-byte frames of 36 ms, 1 KB a second.
- 200 frames, 7.2 s: browsers count only media longer than 5 s as content worth a media
  notification (shorter is a sound effect); the page loops it.
- Digital silence with nothing to decode: each frame is a header, then side information that
  is all zero (no Huffman data, gain 0), so a decoder outputs zeros and does no work.
"""

import sys
from pathlib import Path

# Sync, MPEG-2, Layer III, no CRC | 8 kbit/s, 16 kHz, no padding | mono.
HEADER = bytes([0xFF, 0xF3, 0x18, 0xC0])
FRAME_BYTES = 36  # 72 × 8000 / 16000
FRAMES = 200


def main():
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "silence.mp3")
    frame = HEADER + bytes(FRAME_BYTES - len(HEADER))
    target.write_bytes(frame * FRAMES)


if __name__ == "__main__":
    main()
