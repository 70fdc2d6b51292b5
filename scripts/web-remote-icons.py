#!/usr/bin/env python3
"""Draws the web remote's home-screen icons as PNG files, with the standard library only.

The same drawing as Sources/WebRemote/Resources/icons/icon.svg: a pink-to-violet square, a
white play triangle and a progress bar under it. Run it again after changing the drawing:

    python3 scripts/web-remote-icons.py Sources/WebRemote/Resources/icons

Writes icon-192.png and icon-512.png (rounded corners, for "any"), icon-maskable-512.png (full
bleed, the drawing inside the central 80 % safe zone) and icon-180.png (full bleed: iOS rounds
it itself).
"""

import struct
import sys
import zlib
from pathlib import Path

TOP = (0xFF, 0x5C, 0x8A)
BOTTOM = (0x7B, 0x3F, 0xE4)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # per axis: 16 samples a pixel smooth the edges


def inside_rounded_square(x, y, radius):
    """Whether (x, y) in the unit square lies inside it with corners rounded by radius."""
    cx = min(max(x, radius), 1 - radius)
    cy = min(max(y, radius), 1 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def inside_triangle(x, y, a, b, c):
    def side(p, q):
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])

    d1, d2, d3 = side(a, b), side(b, c), side(c, a)
    negative = d1 < 0 or d2 < 0 or d3 < 0
    positive = d1 > 0 or d2 > 0 or d3 > 0
    return not (negative and positive)


def inside_bar(x, y, left, right, top, bottom):
    r = (bottom - top) / 2
    cx = min(max(x, left + r), right - r)
    cy = (top + bottom) / 2
    return (x - cx) ** 2 + (y - cy) ** 2 <= r**2


def shade(x, y, corner, scale):
    """The colour and coverage of one sample; the drawing scaled by scale about the centre."""
    if corner > 0 and not inside_rounded_square(x, y, corner):
        return None
    t = y
    background = tuple(round(TOP[i] + (BOTTOM[i] - TOP[i]) * t) for i in range(3))
    # The drawing in its own unit square, then scaled about the centre.
    u = (x - 0.5) / scale + 0.5
    v = (y - 0.5) / scale + 0.5
    if inside_triangle(u, v, (0.36, 0.22), (0.36, 0.62), (0.70, 0.42)):
        return WHITE
    if inside_bar(u, v, 0.22, 0.78, 0.74, 0.80):
        if u < 0.50:
            return WHITE
        return tuple(round(background[i] + (WHITE[i] - background[i]) * 0.45) for i in range(3))
    return background


def draw(size, corner, scale):
    rows = []
    n = SAMPLES
    for py in range(size):
        row = bytearray([0])  # PNG filter type 0
        for px in range(size):
            r = g = b = a = 0
            for sy in range(n):
                for sx in range(n):
                    colour = shade((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, corner, scale)
                    if colour is not None:
                        r += colour[0]
                        g += colour[1]
                        b += colour[2]
                        a += 1
            if a:
                row += bytes((r // a, g // a, b // a, round(255 * a / (n * n))))
            else:
                row += bytes((0, 0, 0, 0))
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: web-remote-icons.py OUTPUT_FOLDER")
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    icons = {
        "icon-192.png": (192, 0.18, 1.0),
        "icon-512.png": (512, 0.18, 1.0),
        "icon-maskable-512.png": (512, 0.0, 0.8),
        "icon-180.png": (180, 0.0, 0.9),
    }
    for name, (size, corner, scale) in icons.items():
        (folder / name).write_bytes(draw(size, corner, scale))
        print(folder / name)


if __name__ == "__main__":
    main()
