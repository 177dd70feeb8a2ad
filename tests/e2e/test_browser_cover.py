"""The cover game, played in real headless Chromium against the built site."""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import (
    cell_center,
    drag_piece,
    layout,
    next_state,
    open_ready,
    session,
    start_game,
    wait_until,
)


def status_text(page: Any) -> str:
    return str(page.locator("#status").text_content())


def test_core_gets_ready_and_lists_the_games(page: Any, base_url: str) -> None:
    open_ready(page, base_url)
    assert page.evaluate("document.body.dataset.core") == "ready"
    assert page.get_by_role("heading", name="Pentomino cover").is_visible()
    cover = page.locator("[data-game=cover]")
    for preset in ["6 x 10", "5 x 12", "4 x 15", "3 x 20", "8x8 without its centre"]:
        assert cover.get_by_role("button", name=preset, exact=True).is_visible()
    for title in ["Game of 20 and of 30", "Polyomino workshop"]:
        assert page.get_by_role("heading", name=title).is_visible()


def test_a_dragged_piece_lands_on_the_board(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    grab = layout(page)["tray"]["X"][0]  # X's top cell
    drag_piece(page, "X", 1, 4)
    state = next_state(page, "")
    assert state == f"X0@{1 - grab['r']},{4 - grab['c']}"
    view = session(page)["view"]
    assert view["available"]["X"] == 0 and view["covered"] == 5


def test_an_illegal_drop_is_refused_with_its_reason(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    lay = layout(page)
    cells = lay["tray"]["I"]
    assert len({c["c"] for c in cells}) == 1  # I stands upright in the tray
    # its top cell onto row 3: the bottom two cells would hang off the board
    drag_piece(page, "I", 3, 2)
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert "fall off the board at row 7" in status_text(page)
    assert session(page)["state"] == "" and session(page)["view"]["available"]["I"] == 1
    # overlap: put X down, then drop L across it
    drag_piece(page, "X", 0, 1)
    before = next_state(page, "")
    drag_piece(page, "L", 1, 1)
    wait_until(page, "document.querySelector('#status').textContent.includes('overlap')")
    assert "would overlap X" in status_text(page)
    assert session(page)["state"] == before


def test_rotate_and_mirror_change_the_piece(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    lay = layout(page)
    f = lay["tray"]["F"][0]
    page.mouse.click(f["x"], f["y"])
    assert layout(page)["focus"] == {"name": "F", "from": "tray"}
    shapes = [sorted((c["r"], c["c"]) for c in layout(page)["tray"]["F"])]
    page.keyboard.press("r")
    shapes.append(sorted((c["r"], c["c"]) for c in layout(page)["tray"]["F"]))
    page.get_by_role("button", name="⇅ Mirror H").click()
    shapes.append(sorted((c["r"], c["c"]) for c in layout(page)["tray"]["F"]))
    page.keyboard.press("v")
    shapes.append(sorted((c["r"], c["c"]) for c in layout(page)["tray"]["F"]))
    assert len({tuple(s) for s in shapes}) == 4
    # the thesis's rotation: F's cells (0,1),(0,2),(1,0),(1,1),(2,1) turned clockwise
    assert shapes[0] == [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]
    assert shapes[1] == [(0, 1), (1, 0), (1, 1), (1, 2), (2, 2)]
    # and the context menu does the same
    page.mouse.click(f["x"], f["y"], button="right")
    page.get_by_role("menuitem", name="Rotate (R)").click()
    assert sorted((c["r"], c["c"]) for c in layout(page)["tray"]["F"]) != shapes[3]


def test_hint_then_solve_completes_a_3x20_with_the_completion_message(page: Any, base_url: str) -> None:
    start_game(page, base_url, "3 x 20")
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Try ')")
    page.get_by_role("button", name="Solve").click()
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert "The board is covered! Time:" in str(page.locator("#done-text").text_content())
    view = session(page)["view"]
    assert view["complete"] and view["covered"] == 60 and len(view["placements"]) == 12


def test_hint_says_when_a_position_cannot_be_completed(page: Any, base_url: str) -> None:
    start_game(page, base_url, "3 x 20")
    # X in the 8th column leaves 20 and 35 cells: no cover exists
    grab = layout(page)["tray"]["X"][0]
    drag_piece(page, "X", 0 + grab["r"], 6 + grab["c"])
    next_state(page, "")
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "document.querySelector('#status').textContent.includes('cannot be completed')")
    assert "X stands in the way" in status_text(page)


def test_reload_restores_the_position_and_undo_history(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    drag_piece(page, "X", 0, 1)
    s1 = next_state(page, "")
    drag_piece(page, "I", 1, 9)
    s2 = next_state(page, s1)
    page.reload()
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    wait_until(page, "window.pento.session() !== null")
    assert session(page)["state"] == s2
    page.get_by_role("button", name="Undo").click()
    wait_until(page, f"window.pento.session().state === {json.dumps(s1)}")
    page.get_by_role("button", name="Redo").click()
    wait_until(page, f"window.pento.session().state === {json.dumps(s2)}")


def test_a_copied_link_reopens_the_position(browser: Any, page: Any, base_url: str) -> None:
    start_game(page, base_url, "5 x 12")
    drag_piece(page, "X", 2, 5)
    state = next_state(page, "")
    page.get_by_role("button", name="Copy link").click()
    wait_until(page, "document.querySelector('#status').textContent.length > 0")
    link = page.url
    assert "#cover:5x12:" in link
    other = browser.new_context()  # a fresh browser profile: nothing saved
    try:
        p2 = other.new_page()
        errors: list[str] = []
        p2.on("pageerror", lambda e: errors.append(str(e)))
        open_ready(p2, link)
        wait_until(p2, "window.pento.session() !== null")
        assert session(p2)["state"] == state and session(p2)["desc"] == "5x12"
        assert not errors
    finally:
        other.close()


def test_a_corrupt_save_is_set_aside_not_fatal(page: Any, base_url: str) -> None:
    open_ready(page, base_url)
    page.evaluate("localStorage.setItem('pento.save', '{not json')")
    page.goto(base_url)
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be read" in str(page.locator("#notice-text").text_content())
    assert page.evaluate("document.body.dataset.screen") == "home"
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.save.corrupt'))")
    assert len(kept) == 1
    # and a save from another version is set aside too
    page.evaluate("localStorage.setItem('pento.save', JSON.stringify({v: 99, game: 'cover'}))")
    page.goto(base_url)
    page.wait_for_selector("#notice:not([hidden])")
    page.get_by_role("button", name="6 x 10", exact=True).click()
    page.wait_for_selector("body[data-screen=play]", state="attached")


def test_a_malformed_link_gets_a_message(page: Any, base_url: str) -> None:
    open_ready(page, base_url + "#cover:6x10:Q9@0,0")
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be opened" in str(page.locator("#notice-text").text_content())
    assert "Q is not one of this puzzle's pieces" in str(page.locator("#notice-text").text_content())
    # untrusted text is shown as text, never as HTML
    open_ready(page, base_url + "#cover:" + "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E" + ":")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.locator("#notice img").count() == 0


def test_keyboard_only_play(page: Any, base_url: str) -> None:
    start_game(page, base_url, "3 x 20")
    page.locator("canvas").focus()
    page.keyboard.press("Shift+X")
    assert layout(page)["focus"] == {"name": "X", "from": "tray"}
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert next_state(page, "") == "X0@0,1"
    page.keyboard.press("]")
    chosen = layout(page)["focus"]["name"]
    assert chosen != "X"
    page.keyboard.press("Escape")
    assert layout(page)["focus"] is None
    page.keyboard.press("ArrowRight")  # the cursor onto X's top cell, (0, 2)
    page.keyboard.press("Delete")
    wait_until(page, "window.pento.session().state === ''")


def test_drag_a_placed_piece_off_the_board_to_take_it_back(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    drag_piece(page, "X", 0, 1)
    next_state(page, "")
    lay = layout(page)
    x, y = cell_center(lay, 1, 1)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + lay["cell"] * 9, steps=8)
    page.mouse.up()
    wait_until(page, "window.pento.session().state === ''")
    assert session(page)["view"]["available"]["X"] == 1


def test_phone_and_projector_sizes(browser: Any, base_url: str) -> None:
    for name, size in [("phone", (390, 844)), ("projector", (1920, 1080))]:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=name == "phone")
        try:
            pg = ctx.new_page()
            start_game(pg, base_url, "6 x 10")
            box = pg.locator("canvas").bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 1
            lay = layout(pg)
            assert lay["cell"] >= (24 if name == "phone" else 56)
            pg.screenshot(path=f"test-artifacts/{name}.png")
        finally:
            ctx.close()


def test_playable_offline_once_loaded(context: Any, page: Any, base_url: str) -> None:
    open_ready(page, base_url)
    wait_until(page, "navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=60)
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    wait_until(page, "caches.keys().then(k => k.length > 0)")
    time.sleep(1)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        page.get_by_role("button", name="4 x 15", exact=True).click()
        page.wait_for_selector("body[data-screen=play]", state="attached")
    finally:
        context.set_offline(False)


def test_a_core_that_fails_to_load_says_so_and_retries(context: Any, page: Any, console: Any, base_url: str) -> None:
    blocked = {"on": True}

    def handler(route: Any) -> None:
        if blocked["on"]:
            route.fulfill(status=503, body="unavailable")
        else:
            route.continue_()

    context.route("**/*.whl", handler)
    page.goto(base_url + "?nosw")
    page.wait_for_selector("body[data-core=error]", state="attached", timeout=90_000)
    assert "The puzzle engine failed to load" in str(page.locator("#load-error-text").text_content())
    assert "HTTP 503" in str(page.locator("#load-error-text").text_content())
    blocked["on"] = False
    page.get_by_role("button", name="Try again").click()
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    assert page.get_by_role("heading", name="Pentomino cover").is_visible()
    # the browser's own line for the refused download is expected here, and only that
    assert all("503" in e for e in console.errors)
    console.errors.clear()


def test_keyboard_only_from_start_to_finish(page: Any, base_url: str) -> None:
    open_ready(page, base_url)
    # the start screen's "any board" form, by keyboard: a 1 x 5 strip
    rows = page.locator("[data-game=cover] input[name=rows]")
    rows.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-screen=play]", state="attached", timeout=30_000)
    # Tab to the board, choose I, turn it flat, put it down
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.tagName") == "CANVAS":
            break
    assert page.evaluate("document.activeElement.tagName") == "CANVAS"
    page.keyboard.press("Shift+I")
    page.keyboard.press("r")
    page.keyboard.press("Enter")
    page.wait_for_selector("#done[open]", timeout=30_000)
    assert "The board is covered!" in str(page.locator("#done-text").text_content())
    page.keyboard.press("Enter")  # the dialog's first button: a new puzzle of the same board
    wait_until(page, "window.pento.session() && window.pento.session().state === ''")


def test_opening_a_link_never_loses_another_game(page: Any, base_url: str) -> None:
    start_game(page, base_url, "6 x 10")
    drag_piece(page, "X", 0, 1)
    mine = next_state(page, "")
    my_link = page.url
    # a friend's link to another puzzle
    page.goto(base_url + "#cover:3x20:I1%400%2C0")
    page.reload()
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    wait_until(page, "window.pento.session() && window.pento.session().desc === '3x20'")
    # my game is still there
    page.goto(my_link)
    page.reload()
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    wait_until(page, f"window.pento.session() && window.pento.session().state === {json.dumps(mine)}")
    assert session(page)["at"] == 1  # with its history: one move to undo
    # and a link to the same puzzle at another position adds a step, Undo returns to mine
    page.goto(base_url + "#cover:6x10:")
    wait_until(page, "window.pento.session().state === ''")
    page.get_by_role("button", name="Undo").click()
    wait_until(page, f"window.pento.session().state === {json.dumps(mine)}")
