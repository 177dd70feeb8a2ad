"""The app's icons (issue 26): each PNG is the drawing on the bar's dark colour, edge to edge.

A PNG is read here by a small decoder of its own (8-bit RGB or RGBA, not interlaced: what
scripts/make_icons.py writes), so the check needs no imaging library."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
BACK = (0x2B, 0x2D, 0x42)  # the drawing's background, the page's bar colour
TILE = (0xF4, 0xA2, 0x61)  # a square of the P


def read_png(path: Path) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0
    n = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * n
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - n] if i >= n else 0
            b = prev[i]
            c = prev[i - n] if i >= n else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixels = [[tuple(row[x * n : x * n + n]) for x in range(width)] for row in rows]
    return width, height, pixels


def near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(p - c) <= 6 for p, c in zip(pixel[:3], colour, strict=True)) and (len(pixel) < 4 or pixel[3] > 250)


@pytest.mark.parametrize(
    ("name", "size", "bleed"),
    [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),
        ("favicon-32.png", 32, False),
    ],
)
def test_every_icon_is_the_drawing_on_its_dark_square(name: str, size: int, bleed: bool) -> None:
    width, height, px = read_png(ICONS / name)
    assert (width, height) == (size, size)
    # the background reaches every edge's middle (a rect drawn at the wrong scale would not)
    s = size - 1
    for x, y in ((size // 2, 1), (size // 2, s - 1), (1, size // 2), (s - 1, size // 2)):
        assert near(px[y][x], BACK), (name, x, y, px[y][x])
    corner = px[0][0]
    assert near(corner, BACK) if bleed else corner[3] < 10, (name, corner)  # rounded unless full bleed
    # the P's top left square is there, inside the safe zone for a maskable icon
    assert any(near(p, TILE) for row in px[size // 4 : size // 2] for p in row[size // 4 : size // 2]), name
