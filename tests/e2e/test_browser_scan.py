"""The results page's camera (issue 27, item 3): Chromium's fake camera plays a video of pupils' QR
codes (a results link with its code, a bare code, one from another race, each held up for a
while), and the page adds and checks each as it is read, ignoring repeats."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from support.browser import wait_until
from support.camera import camera_page, y4m

from pento_core.classroom.race import result_code

RACE = "QRCAM7"


def test_the_camera_collects_codes_one_after_another(
    browser: Any, base_url: str, tmp_path: Path, returning: Any
) -> None:
    desc = "1x5"
    ana = result_code("cover", desc, RACE, "Ana", 412, "I1@0,0")
    bruno = result_code("cover", desc, RACE, "Bruno", 377, "I1@0,0")
    stranger = result_code("cover", desc, "ABCDEF", "Carla", 300, "I1@0,0")
    results = f"{base_url}?nosw#results:{RACE}:cover:{quote(desc)}"
    video = tmp_path / "codes.y4m"
    # Ana shows her screen's QR code (her results link), Bruno reads his code out as a QR of it alone
    y4m(video, [f"{results}:{ana}", bruno, stranger])
    with camera_page(browser, video, results, returning) as page:
        page.wait_for_selector("body[data-screen=results]", state="attached", timeout=90_000)
        # jsQR comes the first time the camera is used (it is not in the offline cache before): with
        # no network then, the page says so and the camera goes off again
        page.context.route("**/web/vendor/jsQR.js", lambda route: route.abort("internetdisconnected"))
        page.locator("#results-scan").click()
        wait_until(page, "document.querySelector('#status').textContent.includes('needs the internet')")
        assert page.locator("#results-scan").get_attribute("aria-pressed") != "true"
        assert page.locator("#results-video").is_hidden()
        page.context.unroute("**/web/vendor/jsQR.js")
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
