"""Printed sheets read back: PDF pages with their size, text and pixels (PDFium), A4 and Letter."""

from __future__ import annotations

import pypdfium2 as pdfium

from support.browser import ARTIFACTS
from support.qrread import write_png_grey

A4 = (595, 842)  # points


LETTER = (612, 792)


def pages_of(pdf: bytes, name: str) -> list[tuple[tuple[int, int], str, bytearray, int, int]]:
    """Each page: its size in points, its text, and its grey pixels (saved as a PNG too)."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for i in range(len(doc)):
        sheet = doc[i]
        w, h = sheet.get_size()
        text = sheet.get_textpage().get_text_range()
        bitmap = sheet.render(scale=2, grayscale=True)
        grey = bytearray()
        raw = bytes(bitmap.buffer)
        for y in range(bitmap.height):
            grey += raw[y * bitmap.stride : y * bitmap.stride + bitmap.width]
        ARTIFACTS.mkdir(exist_ok=True)
        write_png_grey(str(ARTIFACTS / f"print-{name}-{i + 1}.png"), grey, bitmap.width, bitmap.height)
        out.append(((round(w), round(h)), text, grey, bitmap.width, bitmap.height))
    return out
