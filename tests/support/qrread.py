"""Reading QR codes in tests with an independent decoder (zxing-cpp), from module rows or from a
screenshot (PNG bytes, decoded here with the standard library: 8-bit grey, RGB or RGBA)."""

from __future__ import annotations

import struct
import zlib

import zxingcpp


def decode_grey(grey: bytearray, width: int, height: int) -> list[str]:
    """The texts zxing reads in an image of grey levels, one byte a pixel, row after row."""
    return _read(grey, width, height)


def write_png_grey(path: str, grey: bytearray, width: int, height: int) -> None:
    """Save grey levels as a PNG (for a person to look at)."""
    rows = b"".join(b"\0" + bytes(grey[y * width : (y + 1) * width]) for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(
            b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
        )


def _read(grey: bytearray, width: int, height: int) -> list[str]:
    image = memoryview(grey).cast("B", (height, width))
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def decode_rows(rows: list[str], scale: int = 4, quiet: int = 4) -> list[str]:
    """The texts zxing reads from modules drawn ``scale`` pixels wide with a ``quiet`` zone."""
    side = (len(rows) + 2 * quiet) * scale
    grey = bytearray([255]) * (side * side)
    for r, row in enumerate(rows):
        for c, module in enumerate(row):
            if module == "1":
                for dy in range(scale):
                    at = ((r + quiet) * scale + dy) * side + (c + quiet) * scale
                    grey[at : at + scale] = bytes(scale)
    return _read(grey, side, side)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_grey(png: bytes) -> tuple[bytearray, int, int]:
    """The grey levels of a non-interlaced 8-bit PNG, with its width and height."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data = 8, b""
    width = height = channels = 0
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0, "only 8-bit, non-interlaced PNGs"
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    raw = zlib.decompress(data)
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            add = (0, left, up, (left + up) // 2, _paeth(left, up, corner))[kind]
            row[x] = (row[x] + add) & 0xFF
        rows.append(row)
        previous = row
    grey = bytearray(width * height)
    for y, row in enumerate(rows):
        for x in range(width):
            px = row[x * channels : x * channels + min(channels, 3)]
            grey[y * width + x] = sum(px) // len(px)
    return grey, width, height


def decode_png(png: bytes) -> list[str]:
    """The texts zxing reads in a screenshot."""
    return _read(*png_grey(png))
