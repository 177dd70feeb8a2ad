"""The polyomino workshop in real headless Chromium."""

from __future__ import annotations

import time
from typing import Any

from support.browser import App, drag_piece, layout, next_state, open_link_anew, play, session, wait_until


def open_workshop(app: App, preset: str) -> Any:
    page = app.page
    if page.evaluate("document.body.dataset.screen") == "play":
        page.locator("#home-link").click()
    return play(app, preset, "workshop")


def verdict(page: Any) -> str:
    return str(page.locator(".ws-verdict").text_content())


def found(page: Any) -> dict[str, str]:
    loc = page.locator(".ws-found")
    return {
        "state": loc.get_attribute("data-state"),
        "count": loc.get_attribute("data-count"),
        "text": loc.text_content(),
    }


def test_edit_solve_count_and_browse(app: App) -> None:
    page = open_workshop(app, "6 x 10 with the 12 pentominoes")
    assert "fit on the board in 2,056 places" in verdict(page)
    # the board: 3 x 20
    page.locator("#play").get_by_label("rows").fill("3")
    page.locator("#play").get_by_label("columns").fill("20")
    page.get_by_role("button", name="Set size").click()
    wait_until(page, "window.pento.session().state.startsWith('3x20~')")
    page.get_by_role("button", name="Find all tilings").click()
    page.wait_for_selector(".ws-found[data-state=done]", state="attached", timeout=60_000)
    assert found(page)["count"] == "8" and "8 tilings" in found(page)["text"]
    # distinct up to symmetry: the thesis's Table 2.1 says 2
    page.get_by_label("distinct up to the board's symmetries").check()
    wait_until(page, "document.querySelector('.ws-found').dataset.count === '2'", timeout=60)
    page.wait_for_selector(".ws-found[data-state=done]", state="attached", timeout=60_000)
    shown = page.locator(".ws-solution")
    first = shown.get_attribute("data-grid")
    assert first and len(first.split("/")) == 3 and shown.get_attribute("data-index") == "1"
    page.get_by_role("button", name="Next ▶").click()
    assert shown.get_attribute("data-index") == "2" and shown.get_attribute("data-grid") != first
    page.get_by_role("button", name="« First").click()
    assert shown.get_attribute("data-grid") == first
    # paint: erase one cell with the mouse; the verdict explains at once
    page.locator(".ws-editor").scroll_into_view_if_needed()
    lay = layout(page)
    page.mouse.click(lay["editorX"] + lay["cell"] * 0.5, lay["editorY"] + lay["cell"] * 0.5)
    wait_until(page, "document.querySelector('.ws-verdict').dataset.kind === 'impossible'")
    assert "area mismatch: the pieces cover 60 cells but the board has 59 cells" in verdict(page)
    assert found(page)["state"] == "idle"  # the listed tilings were for the old board
    page.get_by_role("button", name="Undo").click()
    wait_until(page, "document.querySelector('.ws-verdict').dataset.kind === 'ok'")
    # the pieces: leave X out and allow pieces left over: 3x20 can't be done with 11 pieces (55 cells)
    page.get_by_label("copies of X", exact=True).fill("0")
    page.get_by_label("copies of X", exact=True).dispatch_event("change")
    wait_until(page, "document.querySelector('.ws-verdict').textContent.includes('55 cells')")


def test_impossible_cases_are_explained(app: App) -> None:
    page = open_workshop(app, "8x8 without two corners, dominoes")
    assert verdict(page).startswith("Impossible before any search: checkerboard colouring")
    assert page.get_by_role("button", name="Find all tilings").is_disabled()
    open_workshop(app, "5 x 4 with the 5 tetrominoes")
    assert "checkerboard colouring" in verdict(page)


def test_a_custom_piece_can_be_drawn(app: App) -> None:
    page = open_workshop(app, "6 x 10 with the 12 pentominoes")
    page.get_by_text("Draw your own piece").click()
    for r, c in [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2)]:  # a hexomino-like shape
        page.get_by_role("button", name=f"row {r + 1} column {c + 1}", exact=True).click()
    page.get_by_role("button", name="Add this piece").click()
    wait_until(page, "window.pento.session().state.includes('H')")  # recognised as a named hexomino
    pieces = page.locator(".ws-section").filter(has=page.get_by_role("heading", name="The pieces"))
    assert "66 cells" in str(pieces.text_content())


def test_a_long_search_spreads_over_a_second_engine_and_stop_stops_both(app: App) -> None:
    """Issue 30: a listing still running after 2 s is shared out over extra engines (one per core
    beyond the first: two cores here, as on the machines the tests run on), and Stop stops them all."""
    page = open_workshop(app, "8x8 with the pentominoes and a 2x2 square")
    page.evaluate("Object.defineProperty(navigator, 'hardwareConcurrency', {value: 2, configurable: true})")
    page.get_by_role("button", name="Find all tilings").click()
    wait_until(page, "document.querySelectorAll('.ws-solution[data-index=\"1\"]').length === 1", timeout=60)
    wait_until(page, "window.pento.layout().shown >= 2", timeout=60)
    # the helper boots after 2 s, then takes runs of the search from the same queue
    wait_until(page, "window.pento.engine().spread.mostEngines === 2", timeout=90)
    wait_until(page, "document.querySelector('.ws-found').textContent.includes('with 2 engines at once')", timeout=30)
    assert page.evaluate("window.pento.engine().helpers") == 1
    page.get_by_role("button", name="Stop", exact=True).click()
    page.wait_for_selector(".ws-found[data-state=stopped]", state="attached", timeout=30_000)
    assert "Stopped after" in found(page)["text"]
    assert page.evaluate("window.pento.engine().helpers") == 0
    # the stopped engine and the helper are gone: the page keeps two workers, the spare that took
    # over and the new spare booting beside it (whatever it had before: a spare or none)
    deadline = time.monotonic() + 30
    while len(engines := [w.url for w in page.workers if "/web/engine/worker.js" in w.url]) != 2:
        assert time.monotonic() < deadline, engines
        page.wait_for_timeout(100)  # lets Playwright hear the workers' close events
    page.get_by_role("button", name="Next ▶").click()
    assert page.locator(".ws-solution").get_attribute("data-index") == "2"
    # the core is back for the next request
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    page.get_by_label("pieces may be left over").check()
    wait_until(page, "window.pento.session().state.endsWith('~u')")


def test_share_link_export_import_and_play_this(app: App) -> None:
    page = open_workshop(app, "6 x 10 with the 12 pentominoes")
    page.get_by_role("button", name="3 x 20", exact=True).click()
    wait_until(page, "window.pento.session().state.startsWith('3x20~')")
    exported = page.locator(".ws-text").first.input_value()
    assert exported.startswith("....................\n") and "\n---\n" in exported
    link = page.url
    state = session(page)["state"]
    page = open_link_anew(app, link)  # the link where nothing is saved, as in another browser
    assert session(page)["state"] == state
    assert page.locator("#play").get_by_label("rows").input_value() == "3"
    # import: a 2x5 board with two Ls
    page.get_by_placeholder("Paste a puzzle text here").fill(".....\n.....\n---\n####\n#...\n\n####\n#...\n")
    page.get_by_role("button", name="Import", exact=True).click()
    wait_until(page, "window.pento.session().state === '2x5~LL~'")  # two L pentominoes
    # play it by hand in the cover game
    page.get_by_role("button", name="Play this puzzle by hand").click()
    page.wait_for_selector("body[data-game=cover]", state="attached")
    wait_until(page, "window.pento.session() && window.pento.session().desc === '2x5~LL'")
    assert set(layout(page)["tray"]) == {"L"}


def test_on_a_phone_the_first_tiling_found_comes_into_sight(app: App) -> None:
    """Issue 25: on a phone the first tiling found was 1,000 px below the screen."""
    page = app.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_workshop(app, "6 x 10 with the 12 pentominoes")
    page.get_by_role("button", name="Find all tilings").click()
    wait_until(page, "document.querySelector('.ws-solution').dataset.index === '1'")
    page.locator("#stop").click()
    # its top on the screen, with room to see it
    top = page.evaluate("document.querySelector('.ws-solution').getBoundingClientRect().top")
    assert 0 <= top < 844 - 100, top


def test_play_this_on_a_puzzle_with_a_game_in_progress_continues_that_game(app: App) -> None:
    """Issue 45, item 4: the workshop's "Play this puzzle by hand" on a board the player has a game
    on reopens that game as it was left (it reopened it empty), and makes no second save of it."""
    page = play(app, "3 x 20")
    drag_piece(page, "X", 0, 1)
    placed = next_state(page, "")
    page = open_workshop(app, "6 x 10 with the 12 pentominoes")
    page.get_by_role("button", name="3 x 20", exact=True).click()
    wait_until(page, "window.pento.session().state.startsWith('3x20~')")
    page.get_by_role("button", name="Play this puzzle by hand").click()
    page.wait_for_selector("body[data-game=cover]", state="attached")
    wait_until(page, "window.pento.session() && window.pento.session().desc === '3x20' && window.pento.layout()")
    assert session(page)["state"] == placed
    assert "already started this puzzle" in str(page.locator("#status").text_content())
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pento.game.')).map(k => JSON.parse(localStorage[k]).desc)"
    )
    assert sorted(saves) == ["3x20", "6x10"]  # the cover game once, and the workshop's
