"""Fixtures for the browser tests: the built site served over HTTP, and Chromium.

Chromium is the system's, driven by Playwright with ``executable_path``: Debian's
``chromium-headless-shell`` for most tests (``browser``), Debian's ``chromium`` for
what only the browser itself does (``full_browser``); $PENTO_CHROMIUM, when set,
for both; where no system browser exists, Playwright's own.  Screenshots go to
``test-artifacts/``.

Booting Pyodide takes seconds, so most tests share one booted page (``app``):
each starts on the start screen with empty storage, at a laptop's size.  Tests
that need a page of their own to reload or to open a link in take ``tab``: a
new page beside the shared one, in the same browser profile, whose engine
starts as on a player's second visit (from the snapshot the shared page's
first boot kept).  Tests that need a new profile (a first visit, offline, a
failed load, blocked storage, a clock, another device) take ``page``, or make one; where
they test nothing of a first visit, ``returning`` gives it what a first visit keeps
(support/returning.py), and its engine boots as on a return visit.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support.browser import ARTIFACTS, LAPTOP, PRINT_STUB, TEST_ARGS, App, Console, open_ready, shot_name, wants_shot
from support.returning import KeptSiteHandler, give_kept, hand_over_snapshot

import build


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    if not os.environ.get("PENTO_BUILT"):  # build.py test has just built dist/ (and runs three of us at once)
        build.build()
    server = build.make_server(0, handler=KeptSiteHandler)  # the site, and what support/returning.py gives
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _launch(playwright: Any, exe: str | None) -> Any:
    """A Chromium (``exe``, or Playwright's own where None) whose every context counts window.print()
    instead of carrying it out (PRINT_STUB)."""
    options: dict[str, Any] = {"args": TEST_ARGS}
    if exe:
        options["executable_path"] = exe
    b = playwright.chromium.launch(**options)
    launch_context = b.new_context

    def new_context(**kwargs: Any) -> Any:
        ctx = launch_context(**kwargs)
        ctx.add_init_script(PRINT_STUB)
        return ctx

    b.new_context = new_context
    return b


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """The browser of most tests: Chromium's headless shell where it is installed (build.find_test_browser)."""
    b = _launch(playwright, build.find_test_browser())
    yield b
    b.close()


@pytest.fixture(scope="session")
def full_browser(playwright: Any, browser: Any) -> Iterator[Any]:
    """Chromium itself, for what only the browser players have does: it blocks a sandboxed frame's
    storage on another site, as an incognito window does (the headless shell lets the frame keep it).
    The same browser as ``browser`` where no headless shell is installed.  (The camera's tests and
    the install check launch Chromium itself too: the shell has no fake camera, and players install
    from the browser itself.)"""
    exe = build.find_chromium()
    if exe == build.find_test_browser():
        yield browser
        return
    b = _launch(playwright, exe)
    yield b
    b.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test, for the fixtures' teardown (:func:`wants_shot`)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def keep_last_screen(page: Any, request: pytest.FixtureRequest) -> None:
    """The test's last screen in test-artifacts/, when :func:`wants_shot` says so (never failing the test)."""
    if wants_shot(request):
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / shot_name(request)))


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
    keep_last_screen(pg, request)
    assert console.errors == [], f"the page logged errors: {console.errors}"


@pytest.fixture(scope="session")
def shared(browser: Any, base_url: str) -> Iterator[App]:
    ctx = browser.new_context(viewport=LAPTOP)
    page = ctx.new_page()
    console = Console()
    console.attach(page)
    open_ready(page, base_url + "?nosw")
    app = App(page, base_url + "?nosw", console)  # once its snapshot is kept
    hand_over_snapshot(page, base_url)
    yield app
    ctx.close()


@pytest.fixture()
def returning(shared: App, base_url: str) -> Callable[..., None]:
    """Gives a new profile (a context) what a first visit to the site (or to ``site``, another
    server of this build) keeps: call it before the profile's first page opens the site."""
    return lambda context, site=None: give_kept(context, base_url, site)


@pytest.fixture()
def app(shared: App, request: pytest.FixtureRequest) -> Iterator[App]:
    """The shared booted page on the start screen, storage empty; checks the console afterwards."""
    shared.console.errors.clear()
    shared.reset()
    yield shared
    keep_last_screen(shared.page, request)
    errors = list(shared.console.errors)
    shared.console.errors.clear()
    assert errors == [], f"the page logged errors: {errors}"


@pytest.fixture()
def tab(shared: App, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new page in the shared page's browser profile, storage emptied (as for ``app``), the
    shared page on its start screen with no game open, so that what this page saves is no tab's
    game there.  Its engine is restored from the shared page's snapshot: a return visit's boot,
    some 2 CPU-seconds less than a new profile's, which the suite pays for ``page``.  Not for a
    test of a first visit, nor one that changes the whole profile (its routes, clock, service
    worker, offline): those take ``page``.  The test opens its own link, with ``?nosw``."""
    shared.reset()
    pg = shared.page.context.new_page()
    console = Console()
    console.attach(pg)
    try:
        yield pg
        keep_last_screen(pg, request)
        # a service worker would stay in the shared profile, and serve the shared page's next load
        assert pg.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0, "open with ?nosw"
    finally:
        pg.close()
    assert console.errors == [], f"the page logged errors: {console.errors}"
