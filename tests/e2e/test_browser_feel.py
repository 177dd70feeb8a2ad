"""How the games feel on a phone, a tablet, a laptop and a projector (issue 25): touch targets,
the toolbar, focus, the words a player reads.  Each test failed on the main before it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from support.a11y import small_controls
from support.browser import (
    App,
    first_presets,
    open_hash,
    play,
    session,
    status_text,
    two_frames,
    wait_until,
    win_one_by_five,
)

from pento_core import api

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_every_visible_control_of_every_game_is_a_touch_target(app: App, size: dict[str, int]) -> None:
    page = app.page
    page.set_viewport_size(size)
    assert small_controls(page) == [], "on the start screen"
    for game, preset in first_presets():
        play(app, preset, game)
        two_frames(page)
        assert small_controls(page) == [], f"{game} ({preset})"  # Help, open on a first visit, included
        page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        assert small_controls(page) == [], f"{game} ({preset})"
        page.locator("#home-link").click()
        page.wait_for_selector("body[data-screen=home]", state="attached")


def test_a_phones_start_screen_is_a_few_screens_long_and_every_puzzle_a_tap_away(app: App) -> None:
    """Issue 49: the start screen was 6,800 px long on a phone (every preset of every game, the
    levels and the forms); a card now shows its first row of puzzles, the rest one tap away."""
    page = app.page
    page.set_viewport_size(PHONE)
    height = page.evaluate("document.querySelector('main').scrollHeight")
    assert height <= 5 * PHONE["height"], f"the start screen is {height} px long"
    card = page.locator("[data-game=cover]")
    last = card.get_by_role("button", name="Toothed parallelogram", exact=True)
    toggle = card.get_by_role("button", name="Show more puzzles")
    assert last.is_hidden() and card.locator(".ladders").is_hidden()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert card.get_by_role("button", name="Show fewer puzzles").get_attribute("aria-expanded") == "true"
    assert card.locator(".ladders").is_visible() and card.get_by_role("button", name="Play").first.is_visible()
    last.click()
    wait_until(page, "(s => s && s.game === 'cover')(window.pento.session())", timeout=60)
    # a laptop shows every puzzle at once, with no such button
    page.set_viewport_size({"width": 1280, "height": 860})
    page.locator("#home-link").click()
    page.wait_for_selector("body[data-screen=home]", state="attached")
    assert card.get_by_role("button", name="Toothed parallelogram", exact=True).is_visible()
    assert card.locator(".card-toggle").is_hidden()


# the toolbar is the shell's: the game with every button, one with fewer, and the workshop
@pytest.mark.parametrize("game", ["cover", "lastfit", "workshop"])
def test_a_phones_toolbar_is_one_row_and_more_holds_the_rest(app: App, game: str) -> None:
    page = app.page
    page.set_viewport_size(PHONE)
    preset = dict(first_presets())[game]
    play(app, preset, game)
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    tops = page.evaluate(
        "[...document.querySelectorAll('#gamebar button')].filter(b => b.offsetParent)"
        ".map(b => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(tops) >= 4 and len(set(tops)) == 1, f"{game}: the buttons stand in rows at {sorted(set(tops))}"
    # Undo keeps its name for a screen reader, though a phone shows an arrow
    assert page.get_by_role("button", name="Undo", exact=True).is_visible()
    page.locator("#more").click()
    items = page.locator("#more-items button").all_text_contents()
    assert "Help" in items and "Link" in items
    page.locator("#more-items").get_by_role("button", name="Help").click()
    page.wait_for_selector("#help[open]")
    assert not page.locator("#more-menu").evaluate("d => d.open")
    wait_until(page, f"document.getElementById('help-title').textContent.includes({json.dumps('How to play')})")


@pytest.mark.parametrize("game", [g for g, _ in first_presets()])
def test_the_keyboard_starts_on_the_board_and_two_fingers_may_pinch_it(app: App, game: str) -> None:
    """Focus stayed on the page's body: 5 to 13 Tabs to the board, 68 to the tangram's.  And the
    boards forbade pinch-zoom (touch-action: none), though GandaGalo's 20 x 20 has 18 px squares on
    a phone: one finger still plays, two pinch (the tangram keeps two fingers for its twist)."""
    page = app.page
    play(app, dict(first_presets())[game], game)
    # a view's board: its canvas, or the element it marks data-board (a board of buttons)
    focused = page.evaluate(
        "(e => e.matches('canvas.board-canvas, [data-board]') ? 'board' : e.id)(document.activeElement)"
    )
    assert focused == ("view" if game == "workshop" else "board")  # the workshop starts on its page, not a field
    canvas = page.query_selector("#view canvas.board-canvas")
    if game != "workshop" and canvas:  # a board of buttons leaves the browser's own touch alone
        action = page.evaluate("c => getComputedStyle(c).touchAction", canvas)
        assert action == ("none" if game == "tangram" else "pinch-zoom")


def test_a_win_counts_the_moves_of_its_line_not_the_undone_ones(app: App) -> None:
    page = win_one_by_five(app)
    page.locator("#done-stay").click()
    page.locator("#undo").click()
    wait_until(page, "window.pento.session().at === 0")
    page.locator("#redo").click()  # three moves made (place, undo, redo); the winning line has one
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert "Moves: 1." in str(page.locator("#done-text").text_content())
    assert re.fullmatch(r"Solved in \d+:\d\d, 1 move\.", status_text(page))


def test_a_cover_hint_turns_and_marks_its_piece_in_the_tray(app: App) -> None:
    """Issue 25: Hint outlined the place but left the tray piece unturned and unmarked."""
    page = play(app, "6 x 10")
    page.locator("#hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Try ')")
    hint = api.handle({"cmd": "hint", "args": {"game": "cover", "desc": "6x10", "state": ""}})["result"]
    name, orientation = hint["move"][0], int(hint["move"][1:].split("@")[0])
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    assert lay["focus"] == {"name": name, "from": "tray"}
    assert lay["trayOrientation"][name] == orientation


def test_a_wide_board_on_an_upright_phone_is_shown_turned_and_plays_the_same(app: App) -> None:
    """Issue 25: the phone did not turn a wide board to fit an upright screen (3 x 20: 18 px cells
    across 390 px).  Shown turned, its cells are larger; a drop lands where it is seen, and the
    core gets the same placement in its own cells."""
    page = app.page
    page.set_viewport_size(PHONE)
    # the boards: 6 x 10 had 31 px squares, Last Fit's 8 x 8 28 px under a tray of 60 %
    for fragment in ("cover:6x10:", "lastfit:8x8~Ana%2CBruno:"):
        cell = json.loads(open_hash(app, fragment).evaluate("JSON.stringify(window.pento.layout())"))["cell"]
        assert cell >= 36, (fragment, cell)
    page = open_hash(app, "cover:3x20:")
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    assert lay["turned"] and lay["cell"] >= 1.15 * (390 - 24) / 20, lay["cell"]
    piece = lay["tray"]["V"]  # three by three: it fits the board's three columns as shown
    grab = piece[0]
    s = lay["cell"]
    # the grabbed cell onto the shown cell of the same offset: the piece's shown cells from (0, 0)
    x, y = lay["boardX"] + (grab["c"] + 0.5) * s, lay["boardY"] + (grab["r"] + 0.5) * s
    page.mouse.move(grab["x"], grab["y"])
    page.mouse.down()
    page.mouse.move(x, y, steps=8)
    page.mouse.up()
    wait_until(page, "window.pento.session().view.placements.length === 1")
    core = session(page)["view"]["placements"][0]["cells"]
    rows = lay["rows"]  # the core's rows: its (r, c) is shown at (c, rows - 1 - r)
    assert {(c, rows - 1 - r) for r, c in core} == {(p["r"], p["c"]) for p in piece}
    # back on a laptop, the same game is shown as it is, its piece where it was
    page.set_viewport_size({"width": 1280, "height": 860})
    wait_until(page, "window.pento.layout().turned === false")
    assert session(page)["view"]["placements"][0]["cells"] == core


def test_a_big_board_on_a_phone_can_be_zoomed_and_still_played(app: App) -> None:
    """Issue 25: GandaGalo's 20 x 20 got 18 px squares on a phone and could not be zoomed."""
    page = app.page
    page.set_viewport_size(PHONE)
    play(app, "20 x 20, hard", "gandagalo")
    page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    before = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["cell"]
    assert before < 36
    page.get_by_role("button", name="Zoom in", exact=True).click()
    page.get_by_role("button", name="Zoom in", exact=True).click()
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    assert lay["cell"] >= 36 > before
    stage = page.evaluate(
        "(s => [s.scrollWidth > s.clientWidth, getComputedStyle(s.querySelector('canvas')).touchAction])"
        "(document.querySelector('.stage'))"
    )
    # one finger pans the zoomed board, a tap still plays (Chromium names pan-x pan-y pinch-zoom so)
    assert stage == [True, "manipulation"]
    # a click on a free square of the zoomed board marks it
    info = api.handle({"cmd": "load", "args": {"game": "gandagalo", "desc": session(page)["desc"]}})["result"]["info"]
    taken = {tuple(g[:2]) for g in info["givens"]} | {tuple(b) for b in info["blocked"]}
    free = next((r, c) for r in range(10, lay["rows"]) for c in range(lay["cols"]) if (r, c) not in taken)
    page.evaluate(f"document.querySelector('.stage').scrollTo(0, {max(0, free[0] * lay['cell'] - 100)})")
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    x = lay["boards"][0]["x"] + (free[1] + 0.5) * lay["cell"]
    y = lay["boards"][0]["y"] + (free[0] + 0.5) * lay["cell"]
    page.mouse.click(x, y)
    wait_until(page, "window.pento.session().view.filled === 1")
    page.get_by_role("button", name="Zoom out", exact=True).click()
    page.get_by_role("button", name="Zoom out", exact=True).click()
    assert json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["cell"] == before


def test_a_long_cover_board_on_a_phone_can_be_zoomed_and_a_piece_placed_by_taps(app: App) -> None:
    """Issue 25: a board whose squares stay under 36 px on a phone (3 x 20 upright, turned: 26 px)
    gets the zoom buttons too; zoomed, the stage scrolls and tapping a piece, then a square, places
    it where the core says."""
    page = app.page
    page.set_viewport_size(PHONE)
    page = open_hash(app, "cover:3x20:")
    zoom_in = page.get_by_role("button", name="Zoom in", exact=True)
    before = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["cell"]
    assert before < 36 and zoom_in.is_visible()
    zoom_in.click()
    lay = json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))
    assert lay["cell"] >= 36 > before and lay["turned"]
    stage = page.evaluate(
        "(s => [s.scrollHeight > s.clientHeight || s.scrollWidth > s.clientWidth,"
        " getComputedStyle(s.querySelector('canvas')).touchAction])(document.querySelector('.stage'))"
    )
    assert stage == [True, "manipulation"]  # one finger pans (Chromium names pan-x pan-y pinch-zoom so)

    def scrolled_to(y: float) -> dict[str, Any]:
        """The layout once the stage is scrolled to its ``y`` pixels from the top."""
        page.evaluate(f"document.querySelector('.stage').scrollTo(0, {y})")
        return dict(json.loads(page.evaluate("JSON.stringify(window.pento.layout())")))

    grab = scrolled_to(lay["tray"]["V"][0]["y"] - lay["canvas"]["y"] - 120)["tray"]["V"][0]
    page.mouse.click(grab["x"], grab["y"])  # V chosen
    lay = scrolled_to(0)
    s = lay["cell"]
    page.mouse.click(lay["boardX"] + (grab["c"] + 0.5) * s, lay["boardY"] + (grab["r"] + 0.5) * s)
    wait_until(page, "window.pento.session().view.placements.length === 1")
    core = session(page)["view"]["placements"][0]["cells"]
    shown = {(c, lay["rows"] - 1 - r) for r, c in core}  # the core's (r, c) is shown at (c, rows - 1 - r)
    assert (grab["r"], grab["c"]) in shown and len(shown) == 5
    page.get_by_role("button", name="Zoom out", exact=True).click()
    assert json.loads(page.evaluate("JSON.stringify(window.pento.layout())"))["cell"] == before


@pytest.mark.parametrize("game", ["pegs", "gandagalo"])
def test_n_starts_a_new_puzzle_of_the_same_kind_and_keeps_this_one(app: App, game: str) -> None:
    """Issue 26: the collection's common N for a new game was free in every game."""
    page = play(app, dict(first_presets())[game], game)
    first = session(page)["id"]
    page.locator("#view canvas").first.focus()
    page.keyboard.press("n")
    wait_until(page, f"window.pento.session() && window.pento.session().id !== {json.dumps(first)}")
    assert session(page)["game"] == game
    page.keyboard.press("Shift+N")  # not N: a shifted letter is the game's (the cover game's N piece)
    assert session(page)["game"] == game


def test_link_uses_the_share_sheet_where_there_is_one_and_copies_where_not(app: App) -> None:
    """Issue 26: sharing was copy-to-clipboard only; phones have a share sheet."""
    page = play(app, "6 x 10")
    # this Chromium has no share sheet: a phone's is stood in for, then taken away again
    page.evaluate("navigator.share = async (d) => { window.__shared = d; }; navigator.canShare = () => true; null")
    try:
        page.locator("#copy-link").click()
        wait_until(page, "window.__shared")
        shared = page.evaluate("window.__shared")
        assert shared["url"] == page.evaluate("location.href")
        assert status_text(page) == "Link shared: it reopens this exact position."
        # closing the sheet is no error, and says nothing more
        page.evaluate("navigator.share = async () => { throw new DOMException('closed', 'AbortError'); }; null")
        page.locator("#copy-link").click()
        assert status_text(page) == "Link shared: it reopens this exact position."
    finally:
        page.evaluate("delete navigator.share; delete navigator.canShare; delete window.__shared;")
    assert page.evaluate("typeof navigator.share") == "undefined"
