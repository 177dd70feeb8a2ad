"""Fixtures for the browser tests: the built site served over HTTP, and Chromium.

Chromium is the system's (Debian's ``chromium``, or $PENTO_CHROMIUM), driven
by Playwright with ``executable_path``; where no system browser exists,
Playwright's own is used.  Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

import build

ARTIFACTS = build.ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    build.build()
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        exe = build.find_chromium()
        options: dict[str, Any] = {"args": CHROMIUM_ARGS}
        if exe:
            options["executable_path"] = exe
        b = p.chromium.launch(**options)
        yield b
        b.close()


class Console:
    """Console errors and uncaught exceptions of a page."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Any) -> None:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    yield ctx
    ctx.close()


@pytest.fixture()
def console() -> Console:
    return Console()


@pytest.fixture()
def page(context: Any, console: Console, request: pytest.FixtureRequest) -> Iterator[Any]:
    pg = context.new_page()
    console.attach(pg)
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    with contextlib.suppress(Exception):
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    assert console.errors == [], f"the page logged errors: {console.errors}"


def wait_until(page: Any, expression: str, timeout: float = 20.0) -> Any:
    """Poll a JS expression until it is truthy (no string-eval waits: the page has a strict CSP)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        time.sleep(0.05)


def open_ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)


def session(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("JSON.stringify(window.pento.session())"))


def layout(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))


def cell_center(lay: dict[str, Any], r: int, c: int) -> tuple[float, float]:
    s = lay["cell"]
    return lay["boardX"] + (c + 0.5) * s, lay["boardY"] + (r + 0.5) * s


def drag_piece(page: Any, name: str, r: int, c: int, grab: int = 0) -> None:
    """Drag tray piece ``name`` by its cell ``grab`` so that cell lands on board cell (r, c)."""
    lay = layout(page)
    cell = lay["tray"][name][grab]
    x, y = cell_center(lay, r, c)
    page.mouse.move(cell["x"], cell["y"])
    page.mouse.down()
    page.mouse.move((cell["x"] + x) / 2, (cell["y"] + y) / 2, steps=4)
    page.mouse.move(x, y, steps=4)
    page.mouse.up()


def start_game(page: Any, base: str, preset: str) -> None:
    open_ready(page, base)
    page.get_by_role("button", name=preset, exact=True).click()
    page.wait_for_selector("body[data-screen=play]", state="attached")
    wait_until(page, "window.pento.layout() !== null")


def next_state(page: Any, before: str, timeout: float = 20.0) -> str:
    """Wait until the position differs from ``before``; return the new state string."""
    expr = f"(s => s && s.state !== {json.dumps(before)} && [s.state])(window.pento.session())"
    return str(wait_until(page, expr, timeout)[0])
