"""The thesis's problems in the browser: Game of 20 and 30, triplication, duplication,
toothed parallelograms, 8x8 with four holes; one of each is played."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from support.browser import App, layout, open_hash, play, session, wait_until

from pento_core import api


def hint_then_solve(page: Any) -> None:
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Try ')", timeout=30)
    page.get_by_role("button", name="Solve").click()
    page.wait_for_selector("#done[open]", timeout=60_000)
    assert session(page)["view"]["complete"]


@pytest.mark.parametrize(
    ("preset", "desc_check"),
    [
        ("Triplication", "~u"),
        ("Duplication", "~u"),
        ("Toothed parallelogram", "/"),
        ("8x8 with four holes", "/"),
    ],
)
def test_each_cover_problem_plays_to_the_end(app: App, preset: str, desc_check: str) -> None:
    page = play(app, preset)
    assert desc_check in session(page)["desc"]
    hint_then_solve(page)


def test_game_of_20_copies_share_the_pieces(app: App) -> None:
    page = play(app, "Game of 20", "twenty")
    lay = layout(page)
    assert len(lay["boards"]) == 3 and page.locator("#game-title").text_content() == "Game of 20"
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Try ')")
    assert "on copy 1" in str(page.locator("#status").text_content())
    page.get_by_role("button", name="Solve").click()
    page.wait_for_selector("#done[open]", timeout=60_000)
    view = session(page)["view"]
    assert view["complete"] and [c["complete"] for c in view["copies"]] == [True, True, True]
    names = [p["piece"] for p in view["placements"]]
    assert sorted(names) == sorted("FILNPTUVWXYZ")
    # the solver finished it: no ranking form
    assert page.locator("#ranking-form").is_hidden()
    assert "not timed" in str(page.locator("#done-text").text_content())


def test_game_of_20_finished_by_hand_is_ranked(app: App) -> None:
    page = play(app, "Game of 20", "twenty")
    desc = session(page)["desc"]
    # The coverings come from the core in this process (not the page's Solve, which
    # would mark the game as helped); the page then opens with all but the last piece.
    moves = api.handle({"id": 1, "cmd": "solve", "args": {"game": "twenty", "desc": desc, "state": "||"}})
    state = "||"
    for move in moves["result"]["moves"]:
        args = {"game": "twenty", "desc": desc, "state": state, "move": move}
        state = api.handle({"id": 2, "cmd": "move", "args": args})["result"]["state"]
    copies = state.split("|")
    last = copies[2].split(";")[-1]
    partial = "|".join([copies[0], copies[1], ";".join(copies[2].split(";")[:-1])])
    open_hash(app, "twenty:" + quote(desc, safe="") + ":" + quote(partial, safe=""))
    # the piece left is the only one in the tray; X is on a copy, so dropping X again is refused
    lay = layout(page)
    name = last[0]
    tray = [n for n, left in session(page)["view"]["available"].items() if left]
    assert tray == [name]
    # drop the last piece where the solution had it, on copy 3
    orient_anchor = last[1:]
    o, anchor = orient_anchor.split("@")
    r, c = (int(x) for x in anchor.split(","))
    # rotate the tray piece to orientation o with the core's table (R and H keys)
    cell = lay["tray"][name][0]
    page.mouse.click(cell["x"], cell["y"])
    for _ in range(8):
        if layout(page)["trayOrientation"][name] == int(o):
            break
        page.keyboard.press("r")
        if layout(page)["trayOrientation"][name] != int(o) and _ == 3:
            page.keyboard.press("h")
    assert layout(page)["trayOrientation"][name] == int(o)
    lay = layout(page)
    grab = lay["tray"][name][0]
    b = lay["boards"][2]
    s = lay["cell"]
    x, y = b["x"] + (c + grab["c"] + 0.5) * s, b["y"] + (r + grab["r"] + 0.5) * s
    page.mouse.move(grab["x"], grab["y"])
    page.mouse.down()
    page.mouse.move(x, y, steps=6)
    page.mouse.up()
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert "Time: " in str(page.locator("#done-text").text_content())
    page.fill("#player-name", "<img src=x onerror=alert(1)>Zoe")
    page.get_by_role("button", name="Save my time").click()
    wait_until(page, "document.querySelectorAll('#ranking-list li').length === 1")
    assert page.locator("#ranking-list img").count() == 0
    assert "Zoe" in str(page.locator("#ranking-list").text_content())
    # the ranking is kept per board: another Game of 20 board starts with none
    page.get_by_role("button", name="Another puzzle").click()
    # a new board is generated with its proof: seconds, more on a busy two-core machine
    wait_until(page, f"window.pento.session() && window.pento.session().desc !== {json.dumps(desc)}", timeout=90)
    boards = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('pento.ranking')).boards)")
    assert boards == [f"twenty:{desc}"]


def test_game_of_30_has_two_copies(app: App) -> None:
    page = play(app, "Game of 30", "twenty")
    assert len(layout(page)["boards"]) == 2
    hint_then_solve(page)


def test_a_refused_drop_on_a_copy_says_why(app: App) -> None:
    page = play(app, "Game of 20", "twenty")
    lay = layout(page)
    rows = lay["rows"]
    b = lay["boards"][1]
    s = lay["cell"]
    grab = lay["tray"]["I"][0]  # I stands upright: its top cell on the last row hangs below the board
    page.mouse.move(grab["x"], grab["y"])
    page.mouse.down()
    page.mouse.move(b["x"] + 0.5 * s, b["y"] + (rows - 0.5) * s, steps=6)
    page.mouse.up()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    said = str(page.locator("#status").text_content())
    # the copy is a new board each time: the I sticks out below it, or first meets one of its holes
    assert "I would stick out over the edge of the board" in said or "I would cover a square that is not part" in said
    assert session(page)["state"] == "||" and session(page)["view"]["available"]["I"] == 1


def test_a_free_form_board_built_by_a_chosen_version(app: App) -> None:
    page = app.page
    form = page.locator("[data-game=cover] form").filter(has_text="Free-form board")
    shape = form.get_by_label("shape")
    names = shape.locator("option").all_text_contents()
    assert names == ["spread out", "spread out, outline limited", "rounder", "compact"]
    shape.select_option("1.1")  # the thesis's version 1.1, by the name a player reads
    form.get_by_label("pentominoes").fill("5")
    form.get_by_role("button", name="Play").click()
    wait_until(page, "window.pento.session() !== null && window.pento.layout() !== null", timeout=60)
    assert session(page)["desc"].endswith("~u") and session(page)["view"]["area"] == 25
    hint_then_solve(page)
