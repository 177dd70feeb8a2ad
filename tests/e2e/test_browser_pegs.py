"""Peg solitaire in the browser: a whole game by drag and by tap, undo, hints, a lost
position's proof, a link."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from support.browser import App, finger_drag, open_hash, open_ready, play, session, status_text, two_frames, wait_until
from support.hosting import Host
from support.moves import PEGS_ISSUE_25
from support.site import site_config

from pento_core import api


def hole(page: Any, r: int, c: int) -> dict[str, float]:
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    return next(h for h in lay["holes"] if h["r"] == r and h["c"] == c)


def jumps(move: str) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = move.split("-")
    r1, c1 = (int(x) for x in a.split(","))
    r2, c2 = (int(x) for x in b.split(","))
    return (r1, c1), (r2, c2)


def test_a_whole_game_by_drag_and_by_tap(app: App) -> None:
    page = play(app, "Triangle (15 holes)", "pegs")
    assert page.locator("#game-title").text_content() == "Peg solitaire: triangle"
    moves = api.handle({"cmd": "solve", "args": {"game": "pegs", "desc": "triangle", "state": ""}})["result"]["moves"]
    for k, move in enumerate(moves):
        before = session(page)["state"]
        (r1, c1), (r2, c2) = jumps(move)
        a, b = hole(page, r1, c1), hole(page, r2, c2)
        if k % 2 == 0:  # drag
            page.mouse.move(a["x"], a["y"])
            page.mouse.down()
            page.mouse.move((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2, steps=4)
            page.mouse.move(b["x"], b["y"], steps=4)
            page.mouse.up()
        else:  # tap the peg, then the hole
            page.mouse.click(a["x"], a["y"])
            page.mouse.click(b["x"], b["y"])
        wait_until(page, f"window.pento.session().state !== {json.dumps(before)}")
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert "One peg left" in str(page.locator("#done-text").text_content())
    assert session(page)["view"]["left"] == 1 and session(page)["view"]["complete"]


def test_undo_and_a_refused_jump(app: App) -> None:
    page = play(app, "English (33 holes)", "pegs")
    a, b = hole(page, 1, 3), hole(page, 3, 3)
    page.mouse.click(a["x"], a["y"])
    page.mouse.click(b["x"], b["y"])
    wait_until(page, "window.pento.session().state === '1,3-3,3'")
    assert status_text(page) == "31 pegs left; 1 move (1 jump) so far."
    # a peg dragged into a full hole is refused with the reason, and nothing changes
    a, b = hole(page, 5, 3), hole(page, 3, 3)
    page.mouse.move(a["x"], a["y"])
    page.mouse.down()
    page.mouse.move(b["x"], b["y"], steps=6)
    page.mouse.up()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert "is not empty" in status_text(page) and session(page)["state"] == "1,3-3,3"
    page.get_by_role("button", name="Undo").click()
    wait_until(page, "window.pento.session().state === ''")


def test_a_hint_keeps_the_game_winnable(app: App) -> None:
    page = play(app, "English, finish in the centre", "pegs")
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Jump the peg')")
    assert "stays winnable" in status_text(page)


def test_a_lost_position_shows_its_proof(app: App) -> None:
    # finish in a corner hole of the English board's arm: the classes say no, and mark their holes
    page = open_hash(app, "pegs:english~0%2C2:")
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    message = status_text(page)
    assert message.startswith("This position can no longer be won: position classes")
    hint = api.handle({"cmd": "hint", "args": {"game": "pegs", "desc": "english~0,2", "state": ""}})["result"]
    assert len(hint["cells"]) > 0  # the marked holes


def test_the_issues_english_position_is_decided_by_the_first_hint(app: App) -> None:
    """Issue 25: after nine random jumps on the English board Hint waited 5 s and ran out of time,
    twice in a row; the English table now decides it on the first press."""
    page = open_hash(
        app,
        "pegs:english:3%2C5-3%2C3%3B1%2C4-3%2C4%3B3%2C3-3%2C5%3B1%2C2-1%2C4%3B2%2C2-2%2C4%3B2%2C0-2%2C2"
        "%3B4%2C0-2%2C0%3B5%2C4-3%2C4%3B2%2C4-4%2C4",
    )
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert status_text(page).startswith("This position can no longer be won: every way of jumping was tried")
    assert "ran out of time" not in status_text(page)


def test_a_link_reopens_a_position(app: App) -> None:
    page = open_hash(app, "pegs:6x4:1%2C2-3%2C2")
    assert session(page)["view"]["left"] == 22 and session(page)["desc"] == "6x4"


def test_a_pagoda_proof_is_shown_as_numbers_on_the_holes(app: App) -> None:
    # five scattered pegs, the last wanted in the centre: the classes allow it, a pagoda does not
    rows = "##.o.##/##...##/......./..o..../..o..o./##...##/##o..##"
    page = open_hash(app, f"pegs:{rows.replace('/', '%2F')}~3%2C3:")
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert "a pagoda function" in status_text(page) and "the pegs add up to 0" in status_text(page)
    labels = json.loads(page.evaluate("JSON.stringify(window.pento.layout().labels)"))
    assert labels and all(int(v) > 0 for _, _, v in labels)
    # a badge is drawn on a numbered hole: the proof's purple at its upper right
    r, c, _ = labels[0]
    h = hole(page, r, c)
    cell = json.loads(page.evaluate("JSON.stringify(window.pento.layout().cell)"))
    colour = page.evaluate(
        """([x, y]) => { const cv = document.querySelector('canvas.board-canvas');
        const box = cv.getBoundingClientRect(); const k = cv.width / box.width;
        return Array.from(cv.getContext('2d').getImageData((x - box.left) * k, (y - box.top) * k, 1, 1).data); }""",
        [h["x"] + cell * 0.17, h["y"] - cell * 0.27],
    )
    assert colour[:3] == [0x4A, 0x14, 0x8C], colour


def editor_cell(page: Any, r: int, c: int) -> tuple[float, float]:
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["editor"]
    return lay["x"] + (c + 0.5) * lay["cell"], lay["y"] + (r + 0.5) * lay["cell"]


def test_a_drawn_board_is_played_and_a_board_without_pegs_is_refused(app: App) -> None:
    page = play(app, "English (33 holes)", "pegs")
    page.get_by_role("button", name="Draw a board").click()
    # shrunk to 3 x 3, the emptier edges go first: what is left is the English board's middle
    for name, value in (("rows", "3"), ("columns", "3")):
        page.get_by_role("spinbutton", name=f"drawn board {name}").fill(value)
        page.get_by_role("spinbutton", name=f"drawn board {name}").dispatch_event("change")
    assert page.evaluate("window.pento.layout().text") == "ooo/o.o/ooo"
    page.get_by_role("button", name="Empty hole").click()
    for r in range(3):
        for c in range(3):
            page.mouse.click(*editor_cell(page, r, c))
    assert page.evaluate("window.pento.layout().text") == ".../.../..."
    page.get_by_role("button", name="Play this board").click()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert status_text(page) == "This board cannot be played: the board has no pegs"
    assert page.evaluate("window.pento.layout().text") == ".../.../..."  # the drawing is kept
    # a fourth row: an empty hole and two pegs, the finish ring in the empty hole
    page.get_by_role("spinbutton", name="drawn board rows").fill("4")
    page.get_by_role("spinbutton", name="drawn board rows").dispatch_event("change")
    page.get_by_role("button", name="Peg", exact=True).click()
    for c in (1, 2):
        page.mouse.click(*editor_cell(page, 3, c))
    page.get_by_role("button", name="Empty hole").click()
    page.mouse.click(*editor_cell(page, 3, 0))
    page.get_by_role("button", name="No hole").click()
    for r in range(3):
        for c in range(3):
            page.mouse.click(*editor_cell(page, r, c))
    page.get_by_role("button", name="Finish ring").click()
    page.mouse.click(*editor_cell(page, 3, 0))
    assert page.evaluate("window.pento.layout().text") == "###/###/###/.oo~3,0"
    page.get_by_role("button", name="Play this board").click()
    opened = "(s => s && s.desc === '###/###/###/.oo~3,0' && window.pento.layout().holes)(window.pento.session())"
    wait_until(page, opened)
    assert session(page)["view"]["left"] == 2
    a, b = hole(page, 3, 2), hole(page, 3, 0)
    page.mouse.click(a["x"], a["y"])
    page.mouse.click(b["x"], b["y"])
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert session(page)["view"]["complete"]


def test_the_editor_rests_the_game_and_says_when_a_board_cannot_be_won(app: App) -> None:
    """Issue 25: Hint, Solve, Undo and the clock acted on the hidden game while a board was drawn,
    and a board no jumps can win opened without a word."""
    page = play(app, "English (33 holes)", "pegs")
    a, b = hole(page, 1, 3), hole(page, 3, 3)
    page.mouse.click(a["x"], a["y"])
    page.mouse.click(b["x"], b["y"])
    wait_until(page, "window.pento.session().at === 1")
    page.get_by_role("button", name="Draw a board").click()
    for name in ("hint", "solve", "undo", "new"):
        assert page.locator(f"#{name}").is_disabled(), name
    page.keyboard.press("Control+z")
    assert session(page)["at"] == 1  # Undo rests too
    # one row: three pegs and a hole; the only jump leaves two pegs apart
    for name, value in (("rows", "3"), ("columns", "4")):
        page.get_by_role("spinbutton", name=f"drawn board {name}").fill(value)
        page.get_by_role("spinbutton", name=f"drawn board {name}").dispatch_event("change")
    page.get_by_role("button", name="No hole").click()
    for r in (0, 2):
        for c in range(4):
            page.mouse.click(*editor_cell(page, r, c))
    for tool, cells in (("Peg", (0, 1, 2)), ("Empty hole", (3,))):
        page.get_by_role("button", name=tool, exact=True).click()
        for c in cells:
            page.mouse.click(*editor_cell(page, 1, c))
    assert page.evaluate("window.pento.layout().text") == "####/ooo./####"
    page.get_by_role("button", name="Play this board").click()
    wait_until(page, "document.querySelector('#status').textContent.endsWith('Change the board, or play it anyway.')")
    assert status_text(page).startswith("This position can no longer be won")
    assert page.evaluate("window.pento.layout().editor") is not None  # still drawing
    page.get_by_role("button", name="Play it anyway").click()
    wait_until(page, "(s => s && s.desc === '####/ooo./####' && !window.pento.layout().editor)(window.pento.session())")
    assert not page.locator("#hint").is_disabled()


def test_a_finger_drops_the_peg_where_it_is_drawn_above_it(app: App) -> None:
    """Issue 25: on a phone a peg was drawn above the finger but dropped where the finger was."""
    page = play(app, "English (33 holes)", "pegs")
    page.set_viewport_size({"width": 390, "height": 844})
    wait_until(page, "window.innerWidth === 390")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        two_frames(page)
        a, b = hole(page, 1, 3), hole(page, 3, 3)
        lift = 1.2 * json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["cell"]

        # the finger goes below the hole, so that the peg drawn above it is over the hole
        finger_drag(cdp, (a["x"], a["y"]), (b["x"], b["y"] + lift))
        wait_until(page, "window.pento.session().at === 1")
        assert session(page)["state"] == "1,3-3,3"
    finally:
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        cdp.detach()


ISSUE_25 = "pegs:english:" + quote(PEGS_ISSUE_25, safe="")


def test_the_english_table_is_fetched_when_a_hint_first_reads_it_not_before(page: Any) -> None:
    """Issue 47: the English board's table (pento_core/pegs/table.py; 193 kB of the core's 673 kB as
    the page downloaded it) is read by that board's hints alone, so it is no part of a first visit's
    download: the engine fetches it the first hint that reads it, once, and the hint is the table's.
    Where it cannot be fetched the hint says so, and the next one fetches it."""
    (table,) = site_config("APART")
    core = site_config("CORE")
    host = Host()  # counts what it sends; ?nosw: no service worker filling its cache meanwhile
    try:
        open_ready(page, host.base + "?nosw#cover:6x10:")
        wait_until(page, "window.pento.layout() !== null")
        assert host.requests[f"/{table}.xz"] == 0
        assert host.requests[f"/{core}.xz"] == 1  # the core came, without it
        page.evaluate(f"history.pushState(null, '', '#{ISSUE_25}'); dispatchEvent(new PopStateEvent('popstate'))")
        wait_until(page, "window.pento.session() && window.pento.session().game === 'pegs' && window.pento.layout()")
        before = session(page)["state"]
        # no connection at that moment: said plainly, the game left as it was, and the next hint tries again
        page.route("**/*.table.xz", lambda route: route.abort())
        page.get_by_role("button", name="Hint").click()
        wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
        assert "has not been downloaded yet. Connect to the internet and try again." in status_text(page)
        assert session(page)["state"] == before and host.requests[f"/{table}.xz"] == 0
        page.unroute("**/*.table.xz")
        page.get_by_role("button", name="Hint").click()
        wait_until(page, "document.querySelector('#status').textContent.startsWith('This position can no longer')")
        assert status_text(page).startswith("This position can no longer be won: every way of jumping was tried")
        assert host.requests[f"/{table}.xz"] == 1
        page.get_by_role("button", name="Hint").click()  # the table is the engine's now
        wait_until(page, "!window.pento.busy()")
        assert host.requests[f"/{table}.xz"] == 1
    finally:
        host.close()
