"""A live lesson on the class server (issue 48), played in the browser against the real server on
SQLite: a teacher's board and three pupils (a phone in Portuguese, a tablet in German, a laptop in
English); one pupil's network cut and restored, the server killed with SIGKILL and started again
mid-lesson, a forged solution refused, a pupil's token refused the results; nothing lost."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

from support.a11y import assert_clean, small_controls
from support.browser import Console, wait_until
from support.class_server import ClassServer, free_port

import build
from pento_core import registry
from pento_core.budget import Budget

# two puzzles: the 1 x 5 strip (one move) and a 2 x 5 board of two P pentominoes (two moves)
LINK = "#assign:ABC123:h:Friday:cover:1x5:cover:2x5~PP"
STRIP = ["I1@0,0"]
PHONE, TABLET, LAPTOP = {"width": 390, "height": 844}, {"width": 820, "height": 1180}, {"width": 1366, "height": 768}
NETWORK = re.compile(r"Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch")


def board_cell(teacher: Any, row: int, item: int) -> str:
    rows = "document.querySelector('#board-table tbody').rows"
    return str(teacher.evaluate(f"{rows}[{row}].cells[{item + 1}].dataset.solved"))


def solved_on_board(teacher: Any, row: int, item: int) -> None:
    """Wait until the board shows pupil ``row``'s puzzle ``item`` solved (rows in joining order)."""
    wait_until(
        teacher,
        f"(b => b && b.rows.length > {row} && b.rows[{row}].cells[{item + 1}].dataset.solved === 'yes')"
        "(document.querySelector('#board-table tbody'))",
        timeout=40,
    )


def join(
    browser: Any,
    returning: Any,
    base: str,
    pin: str,
    name: str,
    lang: str,
    viewport: dict[str, int],
    typed: bool = False,
) -> tuple[Any, Any, Console]:
    """A pupil, on a device that has been to the class server before, joins: by the board's QR code
    (its address has the PIN), or ``typed``: the server's address, the start screen's "Join a
    lesson", and the PIN typed in."""
    context = browser.new_context(viewport=viewport)
    returning(context, base + "/")
    page = context.new_page()
    console = Console()
    console.attach(page)
    if typed:
        page.goto(f"{base}/?lang={lang}")
        page.locator("#live-entry a[href='#join']").click()
        page.locator("#join-pin").fill(pin)
        page.locator("#join-pin-form button[type=submit]").click()
    else:
        page.goto(f"{base}/?lang={lang}#join:{pin}")  # the QR code's address: the PIN typed in already
    page.wait_for_selector("#join-name-form:not([hidden])")
    assert_clean(page, f"join ({lang})")
    if viewport["width"] <= 1100:  # a phone and a tablet: every control a finger's size
        assert small_controls(page) == [], lang
    page.locator("#join-name").fill(name)
    page.locator("#join-name-form button[type=submit]").click()
    page.wait_for_selector("#assign:not([hidden]) #assign-list button")
    wait_until(page, "!document.getElementById('assign-live').hidden")
    return context, page, console


def solve(page: Any, item: int, moves: list[str]) -> None:
    page.locator("#assign-list button").nth(item).click()
    wait_until(page, "window.pento.session() && window.pento.layout() !== null", timeout=60)
    for move in moves:
        assert page.evaluate(f"window.pento.play({json.dumps(move)}).then(r => r.ok)"), move
    page.wait_for_selector("#done[open]", timeout=30_000)
    page.locator("#done-assignment").click()
    page.wait_for_selector("#assign:not([hidden])")


def two_ps() -> list[str]:
    """The 2 x 5's solution, as the core's solver finds it."""
    game = registry.get("cover")
    found = game.solve(game.start("2x5~PP"), Budget(max_seconds=30).started(), None)
    assert found.found
    return [m for m in found.moves if m != "clear"]


def test_a_live_lesson_from_the_board_to_the_last_solve(browser: Any, tmp_path: Path, returning: Any) -> None:
    port = free_port()
    server = ClassServer(tmp_path, port=port)
    contexts: list[Any] = []
    consoles: list[Console] = []
    try:
        # the teacher opens the board from the server's address and starts the lesson from a link
        teacher_context = browser.new_context(viewport=LAPTOP)
        contexts.append(teacher_context)
        returning(teacher_context, server.base + "/")  # the teacher's laptop has been there before
        teacher = teacher_context.new_page()
        consoles.append(Console())
        consoles[-1].attach(teacher)
        teacher.goto(server.base + "/")  # the server's page offers the lesson on its start screen
        teacher.get_by_role("link", name="Live lesson").click()
        teacher.wait_for_selector("#board-start:not([hidden])")
        teacher.locator("#board-link").fill("https://school.example/pento/" + LINK)
        teacher.get_by_role("button", name="Start the lesson").click()
        teacher.wait_for_selector("#board-live:not([hidden])")
        pin = str(teacher.locator("#board-pin").text_content())
        assert re.fullmatch(r"\d{6}", pin)
        assert f"{server.base}/join" in str(teacher.locator("#board-address").text_content())
        teacher.wait_for_selector("#board-qr canvas")

        ana_context, ana, ana_console = join(browser, returning, server.base, pin, "Ana", "pt", PHONE, typed=True)
        bo_context, bo, bo_console = join(browser, returning, server.base, pin, "Bo", "de", TABLET)
        cai_context, cai, cai_console = join(browser, returning, server.base, pin, "Cai", "en", LAPTOP)
        contexts += [ana_context, bo_context, cai_context]
        consoles += [ana_console, bo_console, cai_console]
        assert "vê o teu trabalho" in str(ana.locator("#assign-live").text_content())
        wait_until(teacher, "document.querySelectorAll('#board-table tbody tr').length === 3")
        assert teacher.locator("#board-table tbody th").all_text_contents() == ["Ana", "Bo", "Cai"]
        assert_clean(teacher, "the board")

        # Ana solves the strip: on the board at once
        solve(ana, 0, STRIP)
        solved_on_board(teacher, 0, 0)

        # Bo's network goes down: his solve waits on the tablet, says so, and arrives once it is back
        bo_context.set_offline(True)
        solve(bo, 0, STRIP)
        wait_until(bo, "document.getElementById('assign-live').dataset.kind === 'waiting'")
        assert "an deine Lehrkraft gesendet" in str(bo.locator("#assign-live").text_content())
        assert board_cell(teacher, 1, 0) == "no"
        bo_context.set_offline(False)
        solved_on_board(teacher, 1, 0)
        wait_until(bo, "document.getElementById('assign-live').dataset.kind === 'ok'")

        # the server is killed mid-lesson and started again on the same data: the board and the pupils'
        # pages find it again by themselves, and what it had acknowledged is all there. Cai solves
        # while the board is reconnecting: its stream of changes is held back until the solve is
        # in, so that the solve comes in no event and the board must read it when the stream opens
        held: list[Any] = []
        teacher.route("**/api/sessions/*/events", lambda route: held.append(route))
        server.kill()
        server.close()
        with teacher.expect_request("**/api/sessions/*/events", timeout=40_000):
            server = ClassServer(tmp_path, port=port)
        solve(cai, 1, two_ps())
        wait_until(cai, "document.getElementById('assign-live').dataset.kind === 'ok'")  # the server has it
        assert board_cell(teacher, 2, 1) == "no"
        assert len(held) == 1
        held[0].continue_()
        teacher.unroute("**/api/sessions/*/events")
        solved_on_board(teacher, 2, 1)
        assert [board_cell(teacher, r, 0) for r in range(3)] == ["yes", "yes", "no"]

        # a forged solution is refused, and a pupil's token reads no results
        token = cai.evaluate("JSON.parse(localStorage.getItem('pento.live.ABC123')).token")
        work = {"item": 0, "event": "forged", "solved": True, "tenths": 1, "hints": 0, "solves": 0, "state": ""}
        forged = cai.evaluate(
            """([t, work]) => fetch('api/work', {method: 'POST', headers: {Authorization: 'Bearer ' + t},
                   body: JSON.stringify(work)}).then(r => r.json())""",
            [token, work],
        )
        assert forged["accepted"] is False
        session = teacher.evaluate("JSON.parse(localStorage.getItem('pento.board')).session")
        read = f"t => fetch('api/sessions/{session}/results', {{headers: {{Authorization: 'Bearer ' + t}}}})"
        assert cai.evaluate(read + ".then(r => r.status)", token) == 403

        # the projector hides the names; a reload of the board finds the lesson again
        teacher.get_by_role("button", name="Hide the names").click()
        assert teacher.locator("#board-table tbody th").all_text_contents() == ["Pupil 1", "Pupil 2", "Pupil 3"]
        teacher.reload()
        teacher.wait_for_selector("#board-live:not([hidden])")
        solved_on_board(teacher, 2, 1)
        assert teacher.locator("#board-pin").text_content() == pin
        # End the lesson: the PIN lets nobody in, and a pupil's page says it has ended
        teacher.get_by_role("button", name="End the lesson").click()
        teacher.wait_for_selector("#board-new:not([hidden])")
        solve(ana, 1, two_ps())
        wait_until(ana, "document.getElementById('assign-live').textContent.includes('terminou')")
        assert board_cell(teacher, 0, 1) == "no"
        # the offline cache keeps the site's files, never the server's replies (a lesson's results,
        # its endless stream of changes)
        cached = teacher.evaluate(
            """caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys()))))
                   .then(lists => lists.flat().map(r => new URL(r.url).pathname))"""
        )
        assert "/index.html" in cached or "/" in cached
        assert [path for path in cached if path.startswith("/api/")] == []
        for console in consoles:  # only the failed requests of the cut network and the stopped server
            assert [e for e in console.errors if not NETWORK.search(e)] == []
    finally:
        for context in contexts:
            context.close()
        server.close()


def lan_address() -> str:
    """This machine's address on its network (not loopback): what a school's server is reached at.
    (A datagram socket's route is looked up on connect; nothing is sent.)"""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: any address off this machine does
        address = str(s.getsockname()[0])
    assert not address.startswith("127."), "this machine has no network address besides loopback"
    return address


def test_a_lesson_on_a_schools_plain_http_address(browser: Any, tmp_path: Path) -> None:
    """A school's server is reached at an address such as http://10.0.0.5:8000/: not a secure
    context, so the page has no Cache Storage (no engine snapshot), no service worker and no Web
    Locks there. The page boots all the same, the board starts a lesson and a pupil's solve
    reaches it."""
    server = ClassServer(tmp_path, "--host", "0.0.0.0")
    base = f"http://{lan_address()}:{server.base.rsplit(':', 1)[1]}"
    context = browser.new_context(viewport=LAPTOP)
    try:
        teacher = context.new_page()
        console = Console()
        console.attach(teacher)
        teacher.goto(base + "/")
        assert teacher.evaluate("isSecureContext") is False and teacher.evaluate("typeof caches") == "undefined"
        teacher.get_by_role("link", name="Live lesson").click()
        teacher.locator("#board-link").fill("#cover:1x5:")
        teacher.get_by_role("button", name="Start the lesson").click()
        teacher.wait_for_selector("#board-live:not([hidden])")
        pin = str(teacher.locator("#board-pin").text_content())
        pupil = context.new_page()
        console.attach(pupil)
        pupil.goto(f"{base}/#join:{pin}")
        pupil.wait_for_selector("#join-name-form:not([hidden])")
        pupil.locator("#join-name").fill("Ana")
        pupil.locator("#join-name-form button[type=submit]").click()
        pupil.wait_for_selector("#assign:not([hidden]) #assign-list button")
        solve(pupil, 0, STRIP)
        solved_on_board(teacher, 0, 0)
        assert console.errors == []
    finally:
        context.close()
        server.close()


def test_a_class_server_where_the_plain_site_was_offers_its_lesson(browser: Any, tmp_path: Path) -> None:
    """The service worker answers the build's files from its cache first (web/sw.js), the page among
    them.  A school puts the plain site at an address, then its class server there with the same
    build: a browser that kept the plain page finds the class server's service worker changed (the
    server marks it, as it marks its page), says a new version is ready, and once reloaded shows the
    class server's start screen, which offers the lesson."""
    port = free_port()
    plain = build.make_server(port)
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=LAPTOP)
    server = None
    try:
        page = context.new_page()
        console = Console()
        console.attach(page)
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        wait_until(page, "navigator.serviceWorker.controller !== null", timeout=60)
        assert page.get_by_role("link", name="Live lesson").count() == 0
        plain.shutdown()
        plain.server_close()
        server = ClassServer(tmp_path, port=port)
        page.reload()  # the plain page still, from the cache: this build's
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        assert page.get_by_role("link", name="Live lesson").count() == 0
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")  # as the page checks
        page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
        page.locator("#notice-action").click()  # Reload
        page.get_by_role("link", name="Live lesson").wait_for(timeout=60_000)
        assert console.errors == []
    finally:
        context.close()
        if server is not None:
            server.close()
        else:
            plain.shutdown()
