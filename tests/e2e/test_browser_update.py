"""A new version published while the page is open: the page says so, a reload switches to it,
and the game in progress and its link survive the update."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

from support.browser import drag_piece, open_ready, session, wait_until

import build


def test_a_new_version_is_announced_and_the_game_survives_it(context: Any, page: Any, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    server = build.make_server(0, directory=site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        open_ready(page, base + "#cover:6x10:")
        wait_until(page, "navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=60)
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        wait_until(page, "window.pento.layout() !== null", timeout=60)
        drag_piece(page, "X", 1, 1)
        wait_until(page, "window.pento.session().state !== ''")
        before = session(page)
        assert page.locator("#notice").is_hidden()

        # the teacher's host gets a new build: the service worker's file changes with its build id
        worker = site / "sw.js"
        text = worker.read_text()
        assert text.count('const BUILD = "') == 1
        worker.write_text(text.replace('const BUILD = "', 'const BUILD = "next-', 1))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")  # as the page checks
        page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
        announced = page.locator("#notice-text").text_content()
        assert announced == "A new version of Pento is ready. Your games and links are kept."
        page.locator("#notice-action").click()  # Reload

        wait_until(page, "window.pento && window.pento.session() && window.pento.layout() !== null", timeout=90)
        after = session(page)
        assert (after["game"], after["desc"], after["state"]) == (before["game"], before["desc"], before["state"])
        assert page.evaluate("caches.keys()") == ["pento-next-" + text.split('const BUILD = "')[1].split('"')[0]]
    finally:
        server.shutdown()


def test_a_page_whose_engine_is_of_another_version_reloads_once_then_says_so(page: Any, base_url: str) -> None:
    """A half-updated cache: the page speaks one protocol, its engine another.  It reloads once to
    finish the update; when that does not help it says so plainly and never half-works."""
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))

    def other_protocol(route: Any) -> None:
        response = route.fetch()
        body = response.text()
        assert "export const PROTOCOL = " in body
        other = body.replace("export const PROTOCOL = ", "export const PROTOCOL = 1000 + ")
        route.fulfill(response=response, body=other)

    page.route("**/web/config.js", other_protocol)
    page.goto(base_url + "?nosw#cover:6x10:")
    message = (
        "This page and its puzzle engine are from two different versions of Pento. "
        "Reload the page to finish the update."
    )
    page.locator("#load-error-text").get_by_text(message, exact=True).wait_for(timeout=90_000)  # through the reload
    assert page.locator("#load-error").is_visible()
    assert len(loads) == 2  # the page was loaded again, once, and then no more
    assert page.evaluate("sessionStorage.getItem('pento.reloaded-for-protocol')") is not None
    assert page.evaluate("document.body.dataset.core") == "error"
    assert page.evaluate("window.pento.session()") is None  # no game opened by an engine it cannot trust
