"""A phone's camera for the browser tests: QR codes on screen read as a camera would, and a video
of codes for a page to scan."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import build
from pento_core.classroom.qr import qr_matrix
from support.browser import TEST_ARGS, Console
from support.qrread import decode_png

W, H = 640, 480  # the fake camera's frames


def scan(page: Any, selector: str) -> str:
    """What a phone's camera reads in the QR code on screen."""
    page.wait_for_selector(f"{selector} canvas", timeout=30_000)
    found = decode_png(page.locator(f"{selector} canvas").screenshot())
    assert len(found) == 1, found
    return found[0]


def y4m(path: Path, texts: list[str], frames_each: int = 7, gap: int = 3) -> None:
    """A video (YUV4MPEG2, 10 frames a second, grey) showing each text's QR code for ``frames_each``
    frames, with ``gap`` blank frames between: what a camera sees as pupils hold up their screens."""
    blank = bytes([235]) * (W * H)
    chroma = bytes([128]) * (W * H // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{W} H{H} F10:1 Ip A1:1 C420jpeg\n".encode())
        for text in texts:
            rows = qr_matrix(text, "M")
            n = len(rows) + 8  # a quiet zone of four modules each side
            module = min(W, H) * 9 // 10 // n
            left, top = (W - n * module) // 2, (H - n * module) // 2
            luma = bytearray(blank)
            for r, row in enumerate(rows):
                for c, bit in enumerate(row):
                    if bit == "1":
                        y0, x0 = top + (r + 4) * module, left + (c + 4) * module
                        for y in range(y0, y0 + module):
                            luma[y * W + x0 : y * W + x0 + module] = bytes([16]) * module
            for _ in range(frames_each):
                out.write(b"FRAME\n" + bytes(luma) + chroma)
            for _ in range(gap):
                out.write(b"FRAME\n" + blank + chroma)


@contextlib.contextmanager
def camera_page(browser: Any, video: Path, url: str, returning: Callable[[Any], None] | None = None) -> Iterator[Any]:
    """A device whose camera films ``video`` (Chromium's fake camera), showing ``url``; its console
    must stay free of errors.  Given ``returning`` (the fixture), it has been to the site before."""
    exe = build.find_chromium()
    args = [*TEST_ARGS, "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    camera = browser.browser_type.launch(args=args, **({"executable_path": exe} if exe else {}))
    console = Console()
    try:
        context = camera.new_context(viewport={"width": 1280, "height": 860}, permissions=["camera"])
        if returning:
            returning(context)
        page = context.new_page()
        console.attach(page)
        page.goto(url)
        yield page
        context.close()
    finally:
        camera.close()
    assert console.errors == [], console.errors
