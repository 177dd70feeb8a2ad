"""Pento embedded in a course page on another site, in a sandboxed iframe (the snippet of docs/hosting.md):
one game without the site's chrome, storage blocked, the position kept by the address and carried
by "Open in full page"."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from support.browser import wait_until


def test_a_game_embedded_in_a_sandboxed_iframe_on_another_site(
    full_browser: Any, base_url: str, tmp_path: Path
) -> None:
    # the course page is on another site: "localhost" and "127.0.0.1" are different sites
    game_url = base_url.replace("127.0.0.1", "localhost") + "index.html?embed#cover:6x10:"
    (tmp_path / "course.html").write_text(
        "<!doctype html><title>Course</title><h1>Week 3: pentominoes</h1>"
        f'<iframe id="pento" src="{game_url}" width="720" height="540" sandbox="allow-scripts allow-same-origin'
        ' allow-popups" title="Pento"></iframe>'
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=host.serve_forever, daemon=True).start()
    ctx = full_browser.new_context(viewport={"width": 900, "height": 700})
    try:
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{host.server_address[1]}/course.html")
        frame = page.frame_locator("#pento")
        inner = next(f for f in page.frames if f.url.startswith(game_url.split("#")[0]))
        wait_until(inner, "window.pento && window.pento.session() && window.pento.layout()", 90)
        assert inner.evaluate("document.body.dataset.embed") == "yes"
        assert not frame.locator("#home-link").is_visible()  # no site chrome
        assert "not saved in this embedded page" in str(frame.locator("#notice-text").text_content())
        full_page = frame.locator("#full-page").bounding_box()  # issue 25: it was 16 px high in a frame
        assert full_page is not None and full_page["height"] >= 44
        # a piece dragged onto the board, inside the frame
        box = page.locator("#pento").bounding_box()
        assert box is not None
        # the frame's content starts inside its border: the tray's cells are small enough for 2 px to matter
        border = page.evaluate("(f => ({x: f.clientLeft, y: f.clientTop}))(document.getElementById('pento'))")
        box = {"x": box["x"] + border["x"], "y": box["y"] + border["y"]}
        lay = json.loads(inner.evaluate("JSON.stringify(window.pento.layout())"))
        cell = lay["tray"]["X"][0]
        s = lay["cell"]
        x, y = lay["boardX"] + 1.5 * s, lay["boardY"] + 1.5 * s
        page.mouse.move(box["x"] + cell["x"], box["y"] + cell["y"])
        page.mouse.down()
        page.mouse.move(box["x"] + x, box["y"] + y, steps=6)
        page.mouse.up()
        state = wait_until(inner, "(s => s && s.state)(window.pento.session())", 30)
        # the address keeps the position, and "Open in full page" carries it, without ?embed
        assert inner.evaluate("location.hash").endswith(":" + quote(state, safe=""))
        href = frame.locator("#full-page").get_attribute("href") or ""
        assert "embed" not in href and href.endswith(inner.evaluate("location.hash"))
        with page.expect_popup() as popup:
            frame.locator("#full-page").click()
        full = popup.value
        wait_until(full, "window.pento && window.pento.session() && window.pento.layout()", 90)
        assert full.evaluate("window.pento.session().state") == state
        assert full.evaluate("document.body.dataset.embed") is None
    finally:
        ctx.close()
        host.shutdown()
