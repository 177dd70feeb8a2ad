"""The results page's camera (issue 27, item 3): Chromium's fake camera plays a video of pupils' QR
codes (a results link with its code, a bare code, one from another race, each held up for a
while), and the page adds and checks each as it is read, ignoring repeats."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from conftest import TEST_ARGS, Console, wait_until

import build
from pento_core.classroom.qr import qr_matrix
from pento_core.classroom.race import result_code

W, H = 640, 480
RACE = "QRCAM7"


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
def camera_page(browser: Any, video: Path, url: str) -> Iterator[Any]:
    """A device whose camera films ``video`` (Chromium's fake camera), showing ``url``; its console
    must stay free of errors."""
    exe = build.find_chromium()
    args = [*TEST_ARGS, "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    camera = browser.browser_type.launch(args=args, **({"executable_path": exe} if exe else {}))
    console = Console()
    try:
        context = camera.new_context(viewport={"width": 1280, "height": 860}, permissions=["camera"])
        page = context.new_page()
        console.attach(page)
        page.goto(url)
        yield page
        context.close()
    finally:
        camera.close()
    assert console.errors == [], console.errors


def test_the_camera_collects_codes_one_after_another(browser: Any, base_url: str, tmp_path: Path) -> None:
    desc = "1x5"
    ana = result_code("cover", desc, RACE, "Ana", 412, "I1@0,0")
    bruno = result_code("cover", desc, RACE, "Bruno", 377, "I1@0,0")
    stranger = result_code("cover", desc, "ABCDEF", "Carla", 300, "I1@0,0")
    results = f"{base_url}?nosw#results:{RACE}:cover:{quote(desc)}"
    video = tmp_path / "codes.y4m"
    # Ana shows her screen's QR code (her results link), Bruno reads his code out as a QR of it alone
    y4m(video, [f"{results}:{ana}", bruno, stranger])
    with camera_page(browser, video, results) as page:
        page.wait_for_selector("body[data-screen=results]", state="attached", timeout=90_000)
        page.locator("#results-scan").click()
        wait_until(page, "document.getElementById('results-scan').getAttribute('aria-pressed') === 'true'")
        assert "The camera is on" in str(page.locator("#status").text_content())
        wait_until(page, "document.querySelectorAll('#results-rows tr').length === 2", timeout=60)
        wait_until(page, "document.querySelectorAll('#results-refused li').length === 1", timeout=60)
        rows = [r.split("\t")[:3] for r in page.locator("#results-rows tr").all_inner_texts()]
        assert rows == [["1", "Bruno", "0:37.7"], ["2", "Ana", "0:41.2"]]
        assert stranger in str(page.locator("#results-refused").text_content())
        # the video loops: every code is seen again (a fourth showing is Ana's again), and each is in the list once
        wait_until(page, "Number(document.getElementById('results-video').dataset.showings) >= 4", timeout=60)
        stored = page.evaluate(f"JSON.parse(localStorage.getItem('pento.race.{RACE}'))")
        assert sorted(stored) == sorted([ana, bruno, stranger])
        page.locator("#results-scan").click()  # the camera goes off
        assert page.locator("#results-video").is_hidden()
        assert page.evaluate("document.getElementById('results-video').srcObject") is None
