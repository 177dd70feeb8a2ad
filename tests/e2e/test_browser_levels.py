"""The pentomino levels in the page (issue 28, item 3): a beginner opens the first level from the
start screen, cannot move its grey pieces, places the two missing ones by drag and goes on to the
next level; the start screen then shows the ladder one level up."""

from __future__ import annotations

from typing import Any

from support.browser import App, cell_center, drag_piece, layout, next_state, session, status_text, wait_until

from pento_core import registry
from pento_core.budget import Budget
from pento_core.polyomino.placement import read_put

GAME = registry.get("cover")


def turn_tray_piece(page: Any, name: str, orientation: int) -> None:
    """Choose tray piece ``name`` by its key and turn it (R, then H and R) until the tray shows
    ``orientation``."""
    page.locator("#view canvas").first.focus()
    page.keyboard.press(f"Shift+{name}")
    for key in ["r", "r", "r", "h", "r", "r", "r", "h"]:
        if layout(page)["trayOrientation"][name] == orientation:
            return
        page.keyboard.press(key)
    assert layout(page)["trayOrientation"][name] == orientation


def test_a_beginner_solves_the_first_level_and_climbs_to_the_next(app: App) -> None:
    page = app.page
    ladder = page.locator('.card[data-game=cover] .ladder[data-params="level:6x10"]')
    assert "Level 1" in str(ladder.text_content()) and "0 of 100 solved" in str(ladder.text_content())
    ladder.click()
    wait_until(page, "(s => s && s.desc === 'level:6x10:1')(window.pento.session()) && window.pento.layout()")
    assert page.locator("#game-title").text_content() == "Pentomino cover: 6 x 10, level 1"
    assert "place the 2 missing pieces" in str(page.locator("#view").text_content())

    # a grey piece does not move: it is part of the puzzle
    state = GAME.start("level:6x10:1")
    locked = state.locked[0]
    lay = layout(page)
    x, y = cell_center(lay, *min(locked.cells))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 3 * lay["cell"], y + 4 * lay["cell"], steps=6)
    page.mouse.up()
    assert "grey pieces are part of the puzzle" in status_text(page)
    assert session(page)["state"] == ""

    # the two missing pieces, where the core's solution puts them, each dragged from the tray
    solution = GAME.solve(state, Budget(max_seconds=10), None)
    assert solution.found and len(solution.moves) == 2
    before = ""
    for move in solution.moves:
        put = read_put(move)
        turn_tray_piece(page, put.name, put.orientation)
        grab = layout(page)["tray"][put.name][0]
        drag_piece(page, put.name, put.row + grab["r"], put.col + grab["c"])
        before = next_state(page, before)
    page.wait_for_selector("#done[open]")
    assert GAME.status(GAME.start("level:6x10:1", session(page)["state"])).state == "solved"
    assert page.locator("#done-new").is_hidden()

    page.locator("#done-level").click()  # "Next level"
    wait_until(page, "(s => s && s.desc === 'level:6x10:2')(window.pento.session()) && window.pento.layout()")
    assert page.locator("#game-title").text_content() == "Pentomino cover: 6 x 10, level 2"

    page.locator("#home-link").click()
    page.wait_for_selector("body[data-screen=home]", state="attached")
    text = str(ladder.text_content())
    assert "Level 2" in text and "1 of 100 solved" in text

    page.locator("#open-progress").click()  # My progress says it too
    part = page.locator(".progress-game[data-game=cover] .progress-ladders")
    part.wait_for()
    assert "6 x 10: 1 of 100" in str(part.text_content()) and "3 x 20: 0 of 100" in str(part.text_content())
