"""GandaGalo in the browser: a board made by the start screen's form and played to the end by
clicks, one played by the keyboard alone, an anchor rolled back, a hint, mistakes shown."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from support.browser import App, layout, open_hash, session, status_text, wait_until
from support.gandagalo_checker import fillings, read, valid

from pento_core.gandagalo.generator import generate


def solution(desc: str) -> dict[tuple[int, int], str]:
    (only,) = list(fillings(read(desc.replace("/", "\n")), 2))  # the independent brute force
    return only


def free_cells(desc: str) -> list[tuple[int, int]]:
    return sorted(cell for cell, ch in read(desc.replace("/", "\n")).items() if ch == ".")


def click_cell(page: Any, r: int, c: int, button: str = "left") -> None:
    lay = layout(page)
    s = lay["cell"]
    board = lay["boards"][0]
    page.mouse.click(board["x"] + (c + 0.5) * s, board["y"] + (r + 0.5) * s, button=button)


def pixel(page: Any, r: int, c: int, middle: bool = False) -> list[int]:
    """The colour near the top left corner of square (r, c), away from its mark (or in its middle)."""
    lay = layout(page)
    s = lay["cell"]
    x = lay["boards"][0]["x"] - lay["canvas"]["x"] + c * s + (s // 2 if middle else 4)
    y = lay["boards"][0]["y"] - lay["canvas"]["y"] + r * s + (s // 2 if middle else 4)
    return list(
        page.evaluate(
            f"(() => {{ const cv = document.querySelector('.board-canvas'); const d = devicePixelRatio;"
            f" return [...cv.getContext('2d').getImageData({x} * d, {y} * d, 1, 1).data]; }})()"
        )
    )


def open_board(app: App, desc: str, state: str = "") -> Any:
    return open_hash(app, f"gandagalo:{quote(desc, safe='')}:{quote(state, safe='')}")


def test_a_new_board_from_the_form_played_to_the_end_by_clicks(app: App) -> None:
    page = app.page
    card = page.locator("[data-game=gandagalo]")
    card.get_by_label("rows").fill("5")
    card.get_by_label("columns").fill("6")
    card.get_by_label("level").select_option("easy")
    card.get_by_role("button", name="Play", exact=True).click()
    wait_until(page, "(s => s && s.game === 'gandagalo' && window.pento.layout())(window.pento.session())", 60)
    assert page.locator("#game-title").text_content() == "GandaGalo: 5 × 6, easy"
    desc = session(page)["desc"]
    sol = solution(desc)
    for k, (r, c) in enumerate(free_cells(desc)):
        before = session(page)["state"]
        # a click cycles empty, X, O: one click for X, two for O (quick taps all count);
        # a right click goes the other way round
        if sol[r, c] == "X":
            click_cell(page, r, c)
        elif k % 2:
            click_cell(page, r, c, "right")
        else:
            click_cell(page, r, c)
            click_cell(page, r, c)
        done = f"(s => s.state !== {json.dumps(before)} && s.view.marks.length === {k + 1})(window.pento.session())"
        wait_until(page, done)
    page.wait_for_selector("#done[open]", timeout=20_000)
    assert session(page)["view"]["complete"]
    assert [m[2] for m in session(page)["view"]["marks"]] == [sol[cell] for cell in free_cells(desc)]


def test_a_whole_board_by_the_keyboard_alone(app: App) -> None:
    desc = generate(4, 5, "hard", 2).text().replace("\n", "/")
    page = open_board(app, desc)
    sol = solution(desc)
    page.locator(".board-canvas").focus()
    at = (0, 0)
    for k, (r, c) in enumerate(free_cells(desc)):
        while at != (r, c):  # walk the cursor there with the arrow keys
            dr, dc = r - at[0], c - at[1]
            key = "ArrowDown" if dr > 0 else "ArrowUp" if dr < 0 else "ArrowRight" if dc > 0 else "ArrowLeft"
            page.keyboard.press(key)
            at = (at[0] + (dr > 0) - (dr < 0), at[1]) if dr else (at[0], at[1] + (dc > 0) - (dc < 0))
        if k == 0:  # Space cycles, Backspace empties
            page.keyboard.press("Space")
            wait_until(page, "window.pento.session().view.marks.length === 1")
            page.keyboard.press("Backspace")
            wait_until(page, "window.pento.session().view.marks.length === 0")
        page.keyboard.press(sol[r, c].lower())
        wait_until(page, f"window.pento.session().view.marks.length === {k + 1}")
    page.wait_for_selector("#done[open]", timeout=20_000)
    assert layout(page)["cursor"] == list(free_cells(desc)[-1])


def test_an_anchor_and_back_to_it(app: App) -> None:
    desc = generate(6, 6, "hard", 5).text().replace("\n", "/")
    page = open_board(app, desc)
    (a, b, c, *_) = free_cells(desc)
    click_cell(page, *a)
    wait_until(page, "window.pento.session().view.marks.length === 1")
    kept = session(page)["state"]
    page.get_by_role("button", name="Anchor", exact=True).click()
    wait_until(page, "window.pento.session().view.anchors === 1")
    click_cell(page, *b)
    click_cell(page, *c)
    wait_until(page, "window.pento.session().view.since_anchor.length === 2")
    # one click is an X, whose strokes cross in the middle of the square: the supposition's X is
    # purple, the X made before the anchor blue
    red, green, blue, _ = pixel(page, *b, middle=True)
    assert red > 90 and blue > 130 and green < 80
    red, green, blue, _ = pixel(page, *a, middle=True)
    assert red < 60 and blue > 180
    page.get_by_role("button", name="Back to anchor").click()
    wait_until(page, f"window.pento.session().state === {json.dumps(kept)}")
    assert session(page)["view"]["anchors"] == 0 and len(session(page)["view"]["marks"]) == 1
    # undo brings the supposition back, anchor and all: anchors are part of the position
    page.get_by_role("button", name="Undo").click()
    wait_until(page, "window.pento.session().view.anchors === 1 && window.pento.session().view.marks.length === 3")


def test_a_hint_names_the_rule_and_is_drawn(app: App) -> None:
    desc = generate(6, 6, "easy", 1).text().replace("\n", "/")
    page = open_board(app, desc)
    page.get_by_role("button", name="Hint").click()
    wait_until(page, "/^[XO] at \\(\\d+,\\d+\\)/.test(document.querySelector('#status').textContent)")
    message = status_text(page)
    assert "would make three" in message
    hint = layout(page)["hint"]
    r, c = hint["target"]
    assert solution(desc)[r, c] == hint["mark"] and message.startswith(f"{hint['mark']} at ({r + 1},{c + 1})")
    red, green, blue, _ = pixel(page, r, c)
    assert green > red and green > blue  # the square is lit green


def test_mistakes_on_request_and_always(app: App) -> None:
    desc = generate(6, 6, "hard", 3).text().replace("\n", "/")
    board = read(desc.replace("/", "\n"))
    sol = solution(desc)
    # a wrong mark that breaks no line yet: only the solution knows it is wrong
    (r, c), wrong = next(
        (cell, "O" if sol[cell] == "X" else "X")
        for cell in free_cells(desc)
        if valid({**board, cell: "O" if sol[cell] == "X" else "X"})
    )
    page = open_board(app, desc)
    page.get_by_label("Show mistakes").uncheck()
    click_cell(page, r, c)
    if wrong == "O":
        click_cell(page, r, c)
    wait_until(page, f"(v => v.marks.length === 1 && v.marks[0][2] === '{wrong}')(window.pento.session().view)")
    assert not layout(page)["mistakesShown"]
    assert min(pixel(page, r, c)[:3]) > 235  # paper white: nothing shown until asked
    page.get_by_role("button", name="Check").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Marked on the board')")
    red, green, blue, _ = pixel(page, r, c)
    assert red > 200 and green < 215 and blue < 215  # tinted red
    # "Show mistakes" keeps them shown as you play, and is remembered on this device
    page.get_by_label("Show mistakes").check()
    other = next(cell for cell in free_cells(desc) if cell != (r, c))
    click_cell(page, *other)
    wait_until(page, "window.pento.session().view.marks.length === 2")
    assert layout(page)["mistakesShown"] and pixel(page, r, c)[1] < 215
    assert page.evaluate("localStorage.getItem('pento.gandagalo.mistakes')") == "yes"
    page.get_by_label("Show mistakes").uncheck()
