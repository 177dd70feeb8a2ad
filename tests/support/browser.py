"""The browser tests' helpers: Chromium's flags, the shared page, waiting on the page, and driving
a game by mouse, finger and link.  The fixtures (tests/e2e/conftest.py) are built from these."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote

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

# The tests' browser alone compiles WebAssembly with V8's baseline compiler only (Liftoff): the
# tests boot some 70 fresh pages, and without the optimising tier each boot costs about a second
# less CPU (3.2 s -> 2.1 s measured here), more than the slower Python in the page gives back.
# The tests time nothing; the benchmarks keep CHROMIUM_ARGS, the tiers a player's browser has.
TEST_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]

# What the page's window.print() does in the tests' browser: it is counted, not carried out.  A
# player's browser opens its print dialog there; headless Chromium 156 starts a real print job
# instead and then refuses the tests' own Page.printToPDF ("Page is already being printed"),
# while older ones did nothing.  The tests print the print view themselves (page.pdf, print
# media) and check with :func:`prints` that the page asked for it.
PRINT_STUB = "window.print = () => { window.pentoPrints = (window.pentoPrints || 0) + 1; };"


def wants_shot(request: pytest.FixtureRequest) -> bool:
    """Whether a test's last screen is saved: when it failed, or always with PENTO_SHOTS=all (a
    screenshot of every test costs the suite some seconds; tests that show a screen on purpose
    take their own, named ones)."""
    if os.environ.get("PENTO_SHOTS") == "all":
        return True
    return any(getattr(getattr(request.node, f"report_{w}", None), "failed", False) for w in ("setup", "call"))


def shot_name(request: pytest.FixtureRequest) -> str:
    """A file name for a test's screenshot (its parameters may hold slashes)."""
    return re.sub(r"[^A-Za-z0-9_.,=-]+", "_", request.node.name) + ".png"


class Console:
    """Console errors and uncaught exceptions of a page."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Any) -> None:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))


class App:
    """The shared page, reset to the start screen with nothing saved."""

    def __init__(self, page: Any, base_url: str, console: Console) -> None:
        self.page = page
        self.base_url = base_url
        self.console = console
        # how the page's first engine started (a first visit's full boot): window.pento.engine().boot
        self.first_boot: dict[str, Any] = page.evaluate("window.pento.engine().boot")
        # and that engine once idle, every game imported and its snapshot kept (which the tests'
        # tabs restore): window.pento.engine().kept
        self.first_kept: dict[str, Any] = wait_until(page, "window.pento.engine().kept", timeout=60)

    def reset(self) -> None:
        page = self.page
        page.set_viewport_size(LAPTOP)
        page.emulate_media(reduced_motion="no-preference")
        if page.evaluate("window.pento.busy()"):
            # work the last test left running: Stop where the page offers it; work it does not
            # show (a quiet request, such as the results page's check of its codes) is waited for
            stop = page.locator("#stop")
            if stop.is_visible():
                stop.click()
            wait_until(page, "!window.pento.busy()", timeout=60)
        page.evaluate(
            "document.querySelectorAll('dialog[open]').forEach(d => d.close());"
            "document.getElementById('notice').hidden = true;"
            "history.pushState(null, '', location.pathname + location.search);"
            "dispatchEvent(new PopStateEvent('popstate'));"
        )
        page.wait_for_selector("body[data-screen=home]", state="attached")
        page.evaluate(
            "localStorage.clear();"
            "history.pushState(null, '', location.pathname + location.search);"
            "dispatchEvent(new PopStateEvent('popstate'));"
        )
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)


LAPTOP = {"width": 1280, "height": 860}


def prints(page: Any) -> int:
    """How many times the page has called window.print() (see PRINT_STUB)."""
    return int(page.evaluate("window.pentoPrints || 0"))


def wait_until(page: Any, expression: str, timeout: float = 20.0) -> Any:
    """Poll a JS expression until it is truthy (no string-eval waits: the page has a strict CSP).
    A poll that meets the page between two documents (a reload the expression itself asked for,
    a link followed) counts as not yet, and the next one asks the new document."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + timeout
    while True:
        try:
            value = page.evaluate(expression)
        except PlaywrightError as e:
            if "Execution context was destroyed" not in str(e) and "navigation" not in str(e):
                raise
            value = None
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
    """The screen point of the core's board cell (r, c) (a cover-like view; an upright phone may
    show a wide board turned a quarter clockwise: the core's (r, c) at (c, rows - 1 - r))."""
    s = lay["cell"]
    if lay.get("turned"):
        r, c = c, lay["rows"] - 1 - r
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


@contextlib.contextmanager
def touch_device(
    browser: Any, url: str, returning: Callable[[Any], None] | None = None, **options: Any
) -> Iterator[tuple[Any, Any]]:
    """A touch device of its own (a context with ``options``: its viewport, is_mobile...) showing
    the board ``url`` links to; yields the page and a DevTools session for finger_drag.  Given
    ``returning`` (the fixture), the device has been to the site before (support/returning.py)."""
    ctx = browser.new_context(has_touch=True, **options)
    try:
        if returning:
            returning(ctx)
        page = ctx.new_page()
        page.goto(url)
        wait_until(page, "window.pento.layout() !== null && window.pento.session() !== null", timeout=90)
        wait_until(page, LAID_OUT)  # a finger goes where the board is now, not where it was a frame ago
        yield page, ctx.new_cdp_session(page)
    finally:
        ctx.close()


def two_frames(page: Any) -> None:
    """Wait until the page has drawn two more frames: a resize's ResizeObserver has run and the
    board is laid out anew."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


# The board's layout is the same two frames on: nothing (a status line that grew, a font that came)
# is still moving it.
LAID_OUT = (
    "new Promise(done => { const was = JSON.stringify(window.pento.layout());"
    " requestAnimationFrame(() => requestAnimationFrame(() => done(was === JSON.stringify(window.pento.layout())))); })"
)


def start_game(page: Any, base: str | None, preset: str, game: str = "cover") -> None:
    """Open ``preset`` of ``game`` from the start screen (loading ``base`` first unless None); on a
    phone, where a game's card shows its first row of puzzles, through "Show more puzzles"."""
    if base is not None:
        open_ready(page, base)
    card = page.locator(f"[data-game={game}]")
    button = card.get_by_role("button", name=preset, exact=True)
    if not button.is_visible() and card.locator(".card-toggle").is_visible():
        card.locator(".card-toggle").click()
    button.click()
    page.wait_for_selector("body[data-screen=play]", state="attached")
    wait_until(page, "window.pento.layout() !== null && window.pento.session() !== null", timeout=60)


def play(app: App, preset: str, game: str = "cover") -> Any:
    """Open a preset on the shared page; returns the page."""
    start_game(app.page, None, preset, game)
    return app.page


def follow_link(page: Any, fragment: str) -> None:
    """Follow a link to ``#fragment`` on ``page`` (a new history entry, as a click would make); the
    page's router answers it (the caller waits for what it should show)."""
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + {json.dumps('#' + fragment)});"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )


def join_assignment(page: Any, fragment: str, items: int, name: str = "Ana") -> None:
    """Follow a link to the assignment ``#fragment`` on ``page``, wait for its ``items`` puzzles and
    play as ``name``, typed as a pupil types it: the list's puzzles can then be opened."""
    follow_link(page, fragment)
    wait_until(page, f"document.querySelectorAll('#assign-list button').length === {items}", timeout=90)
    page.locator("#assign-name").fill(name)
    page.locator("#assign-name-form button[type=submit]").click()
    wait_until(page, "!document.querySelector('#assign-list button').disabled")


def open_hash(app: App, fragment: str) -> Any:
    """Follow a link to ``#fragment`` on the shared page and wait until it shows that position."""
    page = app.page
    follow_link(page, fragment)
    game, desc, state = ([*(unquote(x) for x in fragment.split(":")), "", ""])[:3]
    expected = json.dumps([game, desc, state], separators=(",", ":"), ensure_ascii=False)
    wait_until(
        page,
        f"(s => s && window.pento.layout() && JSON.stringify([s.game, s.desc, s.state]) === {json.dumps(expected)})"
        "(window.pento.session())",
        timeout=60,
    )
    return page


def open_link_anew(app: App, link: str) -> Any:
    """Open ``link`` as a browser with nothing saved would: the shared page goes to the start screen,
    its storage is emptied, then it follows the link (so what it shows can only come from the link).
    Cheaper than a context of its own, which boots another engine; a test of the page's first load
    from a link keeps one (test_browser_cover's copied link)."""
    page = app.page
    page.evaluate(
        "history.pushState(null, '', location.pathname + location.search); dispatchEvent(new PopStateEvent('popstate'))"
    )
    page.wait_for_selector("body[data-screen=home]", state="attached")
    page.evaluate("localStorage.clear()")
    return open_hash(app, link.split("#", 1)[1])


def status_text(page: Any) -> str:
    return str(page.locator("#status").text_content())


def next_state(page: Any, before: str, timeout: float = 20.0) -> str:
    """Wait until the position differs from ``before``; return the new state string."""
    expr = f"(s => s && s.state !== {json.dumps(before)} && [s.state])(window.pento.session())"
    return str(wait_until(page, expr, timeout)[0])


def finger_drag(cdp: Any, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """One finger from ``start`` to ``end`` in ``steps`` moves, through the DevTools protocol (a
    page with touch, or with touch emulation turned on)."""

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    for k in range(1, steps + 1):
        touch("touchMove", start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
    touch("touchEnd", *end)


def win_one_by_five(app: App) -> Any:
    """Open the 1 x 5 board and win it by keys (the I, turned upright, put down): the quickest win."""
    page = open_hash(app, "cover:1x5:")
    page.locator("#view canvas").first.focus()
    for key in ("Shift+I", "r", "Enter"):
        page.keyboard.press(key)
    page.wait_for_selector("#done[open]", timeout=30_000)
    return page


def first_presets() -> list[tuple[str, str]]:
    """Every game of the registry with the label of its first preset, in the registry's order."""
    from pento_core import registry

    return [(game_id, game.presets()[0].label) for game_id, game in registry.GAMES.items()]


def games_with(presets: dict[str, list[str]] | None = None) -> list[Any]:
    """Every game of the registry, each at the presets named for it in ``presets`` or else at its
    first, as pytest cases named ``game-preset``: the browser tests take their games from the
    registry, so a game added there is tested here, by its name."""
    cases = []
    for game_id, first in first_presets():
        labels = (presets or {}).get(game_id) or [first]
        cases += [pytest.param(game_id, label, id=f"{game_id}-{label}") for label in labels]
    return cases
