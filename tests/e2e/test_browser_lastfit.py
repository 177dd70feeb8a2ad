"""Last Fit in the browser: a whole hot-seat game by drag, a game lost to the perfect computer,
undo against the computer, replay, and a link that reopens the game."""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import quote

from support.browser import App, layout, open_hash, session, status_text, wait_until
from support.lastfit_checker import wins

from pento_core.polyomino import lastfit as lf
from pento_core.polyomino.board import Board


def orient(page: Any, name: str, o: int) -> None:
    """Turn tray piece ``name`` to orientation ``o`` with the keys R and H (the view's own controls)."""
    cell = layout(page)["tray"][name][0]
    page.mouse.click(cell["x"], cell["y"])  # choose it
    for presses in range(10):
        if layout(page)["trayOrientation"][name] == o:
            return
        page.keyboard.press("h" if presses == 4 else "r")
    raise AssertionError(f"could not turn {name} to orientation {o}")


def drop(page: Any, move: lf.Move) -> None:
    """Drag the tray piece of ``move`` onto its cells (by the piece's first cell)."""
    name = lf.NAMES[move.piece]
    o, at = move.text[1:].split("@")
    r0, c0 = (int(n) for n in at.split(","))
    if layout(page)["trayOrientation"][name] != int(o):
        orient(page, name, int(o))
    lay = layout(page)
    grab = lay["tray"][name][0]
    s = lay["cell"]
    x = lay["boardX"] + (c0 + grab["c"] + 0.5) * s
    y = lay["boardY"] + (r0 + grab["r"] + 0.5) * s
    page.mouse.move(grab["x"], grab["y"])
    page.mouse.down()
    page.mouse.move((grab["x"] + x) / 2, (grab["y"] + y) / 2, steps=3)
    page.mouse.move(x, y, steps=3)
    page.mouse.up()


def open_game(app: App, desc: str, state: str = "") -> Any:
    return open_hash(app, f"lastfit:{quote(desc, safe='')}:{quote(state, safe='')}")


def legal_now(page: Any, board: Board) -> list[lf.Move]:
    lay = lf.layout(board)
    played = {m.text for m in lay.moves} & set(session(page)["view"]["moves"])
    occupied = used = 0
    for m in lay.moves:
        if m.text in played:
            occupied |= m.mask
            used |= 1 << m.piece
    return lf.legal(lay.moves, occupied, used)


def test_a_hot_seat_game_by_drag_to_the_end_then_replay(app: App) -> None:
    page = open_game(app, "6x6~Ana,Bruno")
    board = Board.rectangle(6, 6)
    rng = random.Random(2)
    turn_names = []
    while not session(page)["view"]["complete"]:
        current = page.locator(".players li.current").text_content()
        turn_names.append(current)
        moves = legal_now(page, board)
        before = len(session(page)["view"]["moves"])
        drop(page, moves[rng.randrange(len(moves))])
        wait_until(page, f"window.pento.session().view.moves.length === {before + 1}")
    assert turn_names[:2] == ["Ana", "Bruno"] and len(turn_names) >= 3
    view = session(page)["view"]
    winner = ("Ana", "Bruno")[1 - view["turn"]]
    page.wait_for_selector("#done[open]", timeout=10_000)
    assert f"{winner} wins!" in str(page.locator("#done-text").text_content())
    page.get_by_role("button", name="Admire it").click()
    # each player's pieces wear the player's colour: Ana's the first, Bruno's the second
    owners = {p["player"] for p in view["placements"]}
    assert owners == {0, 1}
    lay = layout(page)
    first = next(p for p in view["placements"] if p["player"] == 0)
    r, c = first["cells"][0]
    x, y = lay["boardX"] + (c + 0.5) * lay["cell"], lay["boardY"] + (r + 0.5) * lay["cell"]
    rgb = page.evaluate(
        f"(([x, y]) => {{ const cv = document.querySelector('#view canvas'); const b = cv.getBoundingClientRect();"
        f" const k = cv.width / b.width;"
        f" return [...cv.getContext('2d').getImageData((x - b.left) * k, (y - b.top) * k, 1, 1).data]; }})"
        f"({json.dumps([x, y])})"
    )
    assert rgb[:3] == [0x00, 0x72, 0xB2], rgb  # views/paint.js PLAYER_COLORS[0]
    # replay: the empty board, then each move again, then the end; its button is its Stop meanwhile
    final = session(page)["state"]
    page.get_by_role("button", name="Replay").click()
    assert page.get_by_role("button", name="Stop replay").is_visible()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Replay: step 1 of')")
    wait_until(page, "document.querySelector('#status').textContent.includes('wins!')", timeout=30)
    assert session(page)["state"] == final  # the replay never touched the game


def test_a_game_lost_to_the_perfect_computer_and_undo(app: App) -> None:
    # 5 x 5: a first move after which the second player wins (the independent search says which)
    board = Board.rectangle(5, 5)
    lay = lf.layout(board)
    cells = frozenset(board.cells)
    losing = next(
        m
        for m in lay.moves
        if m.text[1] == "0" and wins(cells, frozenset(lay.cells_of(m.mask)), frozenset(lf.NAMES[m.piece]))
    )
    page = open_game(app, "5x5~You,computer:perfect")
    drop(page, losing)
    wait_until(page, "window.pento.session().view.moves.length === 2", timeout=30)  # the computer answered
    assert status_text(page).startswith("The computer placed")
    page.get_by_role("button", name="Undo").click()  # back to the player's own last move: the empty board
    wait_until(page, "window.pento.session().view.moves.length === 0")
    drop(page, losing)
    wait_until(page, "window.pento.session().view.moves.length === 2", timeout=30)
    while not session(page)["view"]["complete"]:
        moves = legal_now(page, board)
        before = len(session(page)["view"]["moves"])
        drop(page, moves[0])
        wait_until(page, f"window.pento.session().view.moves.length >= {before + 1}", timeout=30)
    view = session(page)["view"]
    assert view["won"] is False and status_text(page).startswith("You cannot place a piece")
    assert status_text(page).endswith(": Computer (perfect) wins.")
    assert not page.locator("#done").evaluate("d => d.open")  # a loss is not celebrated


def test_a_link_reopens_the_game_where_it_was(app: App) -> None:
    page = open_game(app, "8x8~Ana,Bruno,Carla", "I0@0,0;X0@3,3")
    view = session(page)["view"]
    assert view["moves"] == ["I0@0,0", "X0@3,3"] and page.locator(".players li.current").text_content() == "Carla"
    url = page.evaluate("location.href")
    page.goto("about:blank")
    page.goto(url)
    wait_until(page, "window.pento.session() && window.pento.layout()", timeout=60)
    assert json.loads(page.evaluate("JSON.stringify(window.pento.session().view.moves)")) == ["I0@0,0", "X0@3,3"]


def test_friends_name_themselves_on_the_start_screen(app: App) -> None:
    page = app.page
    card = page.locator("[data-game=lastfit]")
    form = card.locator("form", has_text="Friends on one device")
    form.get_by_label("board").select_option("6x6")
    form.get_by_label("names, in turn order").fill("<b>Max</b>, Li")
    form.get_by_role("button", name="Play").click()
    wait_until(page, "[...document.querySelectorAll('.field-error')].some(e => !e.hidden && e.textContent)")
    assert page.locator("b").count() == 0  # a name is never markup
    form = page.locator("[data-game=lastfit] form", has_text="Friends on one device")
    form.get_by_label("names, in turn order").fill("Zoë, Max, Li")
    form.get_by_role("button", name="Play").click()
    wait_until(page, "(s => s && s.game === 'lastfit' && window.pento.layout())(window.pento.session())", 60)
    assert page.locator("#game-title").text_content() == "Last Fit: Zoë vs Max vs Li"
    assert page.locator(".players li.current").text_content() == "Zoë"


def test_a_drop_beside_the_board_says_why_it_did_not_go(app: App) -> None:
    """Issue 25: a touch drop that missed the board was silent."""
    page = open_game(app, "8x8~Ana,Bruno")
    lay = layout(page)
    grab = lay["tray"]["X"][2]
    page.mouse.move(grab["x"], grab["y"])
    page.mouse.down()
    page.mouse.move(grab["x"] - 5, lay["boardY"] - 3 * lay["cell"], steps=4)  # above the board, not on the tray
    page.mouse.move(lay["boardX"] + 2 * lay["cell"], max(2.0, lay["boardY"] - 2 * lay["cell"]), steps=4)
    page.mouse.up()
    wait_until(page, "document.querySelector('#status').dataset.kind === 'error'")
    assert status_text(page).startswith("X missed the board")
    assert session(page)["view"]["moves"] == []


def test_the_blocking_puzzle_has_hint_and_solve_and_a_game_between_players_no_solve(app: App) -> None:
    """Issue 49: the blocking puzzle's Hint shows a piece on the board (and a new one once it is
    placed), its Solve blocks the board; a game between players offers no Solve."""
    page = open_game(app, "6x6~block")
    assert page.locator("#solve").is_visible() and page.locator("#hint").is_visible()
    page.locator("#hint").click()
    wait_until(page, "document.querySelector('#status').textContent.startsWith('Place ')")
    first = status_text(page)
    move = first.split("Place ", 1)[1][0]  # the piece's letter
    assert move in "FILNPTUVWXYZ" and "(" in first
    page.locator("#solve").click()
    wait_until(page, "window.pento.session().view.complete === true", timeout=60)
    assert session(page)["view"]["summary"].startswith("Blocked with")
    page = open_game(app, "6x6~Ana,Bruno")
    assert page.locator("#hint").is_visible() and not page.locator("#solve").is_visible()
