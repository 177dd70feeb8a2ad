"""Last Fit: the move generator's published counts, exact values against an independent plain
search (tests/support/lastfit_checker.py, no shared code), the game, the command line."""

from __future__ import annotations

import random
import subprocess
import time

import pytest
from support.clirun import pento
from support.lastfit_checker import placements, rectangle, symmetric_classes, wins

from pento_core.budget import Budget, BudgetSpent, Outcome
from pento_core.errors import IllegalMoveError, ParseError, PentoError
from pento_core.games.lastfit import LastFitGame
from pento_core.polyomino import lastfit as lf
from pento_core.polyomino.board import Board, Position
from pento_core.polyomino.cover import board_symmetries, symmetry_cell_map

GAME = LastFitGame()


def test_the_opening_moves_on_8x8_are_2308_and_296_up_to_symmetry() -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    assert len(lay.moves) == 2308 == len(placements(rectangle(8, 8)))  # the thesis's figures (Orman)
    maps = [symmetry_cell_map(lay.board, k) for k in board_symmetries(lay.board)]
    classes = {min(tuple(sorted(mp[c] for c in lay.cells_of(m.mask))) for mp in maps) for m in lay.moves}
    assert len(classes) == 296 == symmetric_classes(8, 8)


def random_position(lay: lf.Layout, pieces: int, seed: int) -> tuple[int, int, list[lf.Move]]:
    rng = random.Random(seed)
    occupied = used = 0
    played = []
    for _ in range(pieces):
        moves = lf.legal(lay.moves, occupied, used)
        if not moves:
            break
        m = moves[rng.randrange(len(moves))]
        played.append(m)
        occupied |= m.mask
        used |= 1 << m.piece
    return occupied, used, played


def checker_value(lay: lf.Layout, played: list[lf.Move]) -> bool:
    taken = frozenset(c for m in played for c in lay.cells_of(m.mask))
    return wins(frozenset(lay.board.cells), taken, frozenset(lf.NAMES[m.piece] for m in played))


@pytest.mark.parametrize("size", [(3, 5), (4, 5), (5, 5), (4, 6), (2, 10), (3, 7)])
def test_exact_values_of_small_empty_boards_agree_with_a_plain_search(size: tuple[int, int]) -> None:
    lay = lf.layout(Board.rectangle(*size))
    verdict = lf.solve(lay, 0, 0)
    assert (verdict.value is Outcome.YES) == wins(rectangle(*size), frozenset(), frozenset())


@pytest.mark.parametrize(
    ("size", "pieces", "seed"), [((6, 6), 1, s) for s in range(3)] + [((8, 8), 6, s) for s in range(4)]
)
def test_exact_values_of_positions_agree_and_winning_moves_win(size: tuple[int, int], pieces: int, seed: int) -> None:
    lay = lf.layout(Board.rectangle(*size))
    occupied, used, played = random_position(lay, pieces, seed)
    verdict = lf.solve(lay, occupied, used)
    assert (verdict.value is Outcome.YES) == checker_value(lay, played)
    if verdict.move is not None:  # after the winning move, the opponent loses (says the checker)
        assert not checker_value(lay, [*played, verdict.move])


def test_the_computer_levels_play_legal_moves_and_perfect_never_loses_a_won_position() -> None:
    lay = lf.layout(Board.rectangle(5, 6))
    for level in lf.LEVELS:
        m = lf.choose(lay, 0, 0, level, 1)
        assert m is not None and m in lay.moves
    # the perfect computer, to move in a won position, keeps it won whatever the opponent does:
    # the first positions (by seed) that the checker says are won
    won = [p for p in (random_position(lay, 1, seed) for seed in range(12)) if checker_value(lay, p[2])][:3]
    assert len(won) == 3
    for occupied, used, played in won:
        m = lf.choose(lay, occupied, used, "perfect", 0)
        assert m is not None and not checker_value(lay, [*played, m])


@pytest.mark.parametrize("level", lf.LEVELS)
def test_the_computers_move_is_a_function_of_position_level_and_seed(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same position, level and seed give the same move on a fast machine and on one where every
    look at the clock says a minute has passed (a loaded machine, a slow tablet)."""
    lay = lf.layout(Board.rectangle(8, 8))
    for seed in range(2):
        occupied, used, _ = random_position(lay, 2 + seed, seed)
        calm = lf.choose(lay, occupied, used, level, seed)
        ticks = iter(range(0, 10**9, 60))
        monkeypatch.setattr(time, "monotonic", lambda ticks=ticks: float(next(ticks)))
        loaded = lf.choose(lay, occupied, used, level, seed)
        monkeypatch.undo()
        assert calm is not None and calm == loaded


def test_the_strong_players_playouts_are_counted_in_work_not_seconds() -> None:
    assert lf.playouts_for(1) == lf.MAX_PLAYOUTS
    assert lf.playouts_for(10**9) == lf.MIN_PLAYOUTS
    assert lf.playouts_for(2000) == lf.PLAYOUT_WORK // 2000


# -- the game ----------------------------------------------------------------------------------------


def test_a_hot_seat_game_to_the_end() -> None:
    desc = "5x6~Ana,Bruno,Carla"
    st = GAME.start(desc)
    rng = random.Random(3)
    names = []
    while not GAME.view(st)["complete"]:
        view = GAME.view(st)
        names.append(("Ana", "Bruno", "Carla")[view["turn"]])
        moves = lf.legal(st.lay.moves, st.occupied, st.used)
        st = GAME.apply(st, moves[rng.randrange(len(moves))].text)
    assert names[:3] == ["Ana", "Bruno", "Carla"]
    view = GAME.view(st)
    loser = ("Ana", "Bruno", "Carla")[view["turn"]]
    assert view["summary"].startswith(f"{loser} cannot place a piece") and view["won"] is True
    again = GAME.start(desc, GAME.write_state(st))  # the state is the game: a link reopens it
    assert GAME.view(again) == view


def test_illegal_moves_are_refused_with_the_reason() -> None:
    st = GAME.apply(GAME.start("8x8~Ana,Bruno"), "I0@0,0")
    with pytest.raises(IllegalMoveError, match="played already"):
        GAME.apply(st, "I1@2,0")
    lay = lf.layout(Board.rectangle(8, 8))
    over = next(m for m in lay.moves if lf.NAMES[m.piece] == "L" and m.mask & st.occupied)
    with pytest.raises(IllegalMoveError, match="overlap"):
        GAME.apply(st, over.text)
    with pytest.raises(IllegalMoveError, match="edge"):
        GAME.apply(st, "L0@7,7")
    with pytest.raises(ParseError):
        GAME.apply(st, "Q0@0,0")
    assert GAME.write_state(GAME.apply(st, " x0@03,3 ")) == "I0@0,0;X0@3,3"  # written one way


@pytest.mark.parametrize(
    "desc", ["8x8", "8x8~Ana", "8x8~A,B,C,D,E", "8x8~You,computer:genius", "8x8~computer:strong,computer:perfect"]
)
def test_bad_games_are_refused(desc: str) -> None:
    with pytest.raises(PentoError):
        GAME.validate(desc)


def test_against_the_computer_its_reply_comes_with_the_move() -> None:
    st = GAME.apply(GAME.start("8x8~You,computer:intermediate"), "X0@3,3")
    view = GAME.view(st)
    assert len(view["moves"]) == 2 and view["turn"] == 0 and view["summary"].startswith("The computer placed")
    first = GAME.start("6x6~computer:beginner,You")  # the computer opens
    assert len(GAME.view(first)["moves"]) == 1
    # a link that stops where the computer is to move: it moves when the game is opened
    assert len(GAME.view(GAME.start("8x8~You,computer:beginner", "X0@3,3"))["moves"]) == 2


def test_a_lost_game_against_the_computer_is_not_a_win() -> None:
    # 2 x 5: one I fits and nothing after it; the computer opens and wins at once
    st = GAME.start("2x5~computer:perfect,You")
    view = GAME.view(st)
    assert view["complete"] and view["won"] is False and "Computer (perfect) wins" in view["summary"]


def test_the_analysis_names_a_winning_move_once_it_can() -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    _, _, played = random_position(lay, 5, 2)
    st = GAME.start("8x8~Ana,Bruno", ";".join(m.text for m in played))
    h = GAME.hint(st, Budget(max_seconds=10))
    expected = checker_value(lay, played)
    # a move either way (issue 49: a hint shows something to do): a winning one, or in a lost
    # position the one that leaves the other player the fewest places, said to be a loss
    assert h.kind == "place" and h.move
    after = GAME.apply(st, h.move)
    if expected:
        assert not checker_value(lay, list(after.moves))
    else:
        assert "a loss against perfect play" in h.message
    early = GAME.hint(GAME.start("8x8~Ana,Bruno"), Budget(max_seconds=1))
    assert early.kind == "place" and early.move and "2308 possible placements" in early.message  # a try


# Golomb's record: five pentominoes that leave no room for any other on 8x8 (found by a search
# for this test, and checked below by the independent checker as well as by the game)
RECORD = "V3@4,4;I0@0,1;L5@1,3;U2@5,1;Y3@3,2"


def test_a_five_piece_block_is_the_record() -> None:
    st = GAME.start("8x8~block", RECORD)
    view = GAME.view(st)
    assert view["complete"] and view["summary"] == "Blocked with 5 pieces: no other fits. That is the record!"
    lay = st.lay
    taken = frozenset(c for m in st.moves for c in lay.cells_of(m.mask))
    used = {lf.NAMES[m.piece] for m in st.moves}
    assert len(taken) == 25 and len(used) == 5
    assert not [1 for n, cells in placements(rectangle(8, 8)) if n not in used and not cells & taken]
    # one piece fewer does not block
    assert not GAME.view(GAME.start("8x8~block", RECORD.rsplit(";", 1)[0]))["complete"]


def test_the_blocking_puzzle_ends_when_nothing_fits() -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    st = GAME.start("8x8~block")
    rng = random.Random(5)
    while not GAME.view(st)["complete"]:
        moves = lf.legal(lay.moves, st.occupied, st.used)
        # the move that leaves the fewest places open: a greedy blocker
        st = GAME.apply(st, min(moves, key=lambda m: (len(lf.after(moves, m)), rng.random())).text)
    view = GAME.view(st)
    placed = len(view["moves"])
    assert view["won"] and view["summary"].startswith(f"Blocked with {placed} pieces")
    taken = frozenset(c for m in st.moves for c in lay.cells_of(m.mask))
    left = {lf.NAMES[k] for k in range(12) if not st.used >> k & 1}
    assert not [1 for n, cells in placements(rectangle(8, 8)) if n in left and not cells & taken]


# -- the command line, exactly as the issue spells it ---------------------------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return pento("lastfit", *args, stdin=stdin)


def test_solve_prints_the_winning_move_and_the_value() -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    for seed in range(6):
        _, _, played = random_position(lay, 6, seed)
        pos = Position(lay.board, lf.PENTOMINOES)
        for m in played:
            p = lf.placement(lay, m)
            pos = pos.place(p.piece, p.cells)
        r = run("solve", "-", stdin=pos.text())
        lines = r.stdout.strip().split("\n")
        assert r.returncode == 0
        if checker_value(lay, played):
            assert lines[-1] == "value: win" and len(lines) == 9
            before = pos.text().split("\n")
            new = {(i, j) for i, row in enumerate(lines[:8]) for j, ch in enumerate(row) if ch != before[i][j]}
            assert len(new) == 5 and all(before[i][j] == "." for i, j in new)  # one more piece on the board
        else:
            assert lines == ["value: loss"]


def test_a_spent_budget_and_bad_input() -> None:
    r = run("solve", "-", "--timeout", "0.2", stdin="\n".join(["." * 8] * 8))
    assert (r.returncode, r.stdout) == (3, "value: unknown\n")
    r = run("solve", "-", stdin="XX\n")
    assert r.returncode == 2 and r.stderr.startswith("error: ") and len(r.stderr.strip().split("\n")) == 1


@pytest.mark.parametrize("size", [(8, 8), (12, 12)])
def test_the_exact_search_keeps_a_spent_budget_on_an_open_board(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24, item 4: it once counted every move's replies (quadratic: 32 s on 12x12) before its
    first look at the budget.  With a deadline already past, it counts at most one batch."""
    lay = lf.layout(Board.rectangle(*size))
    calls = 0
    real_after = lf.after

    def counted_after(moves: list[lf.Move], m: lf.Move) -> list[lf.Move]:
        nonlocal calls
        calls += 1
        return real_after(moves, m)

    monkeypatch.setattr(lf, "after", counted_after)
    past = Budget(max_seconds=1, deadline=time.monotonic() - 1)
    verdict = lf.solve(lay, 0, 0, past)
    assert verdict.value is Outcome.UNKNOWN and calls <= 1


@pytest.mark.parametrize("name", ["Ana\u202e", "\u200bBob", "Eve\x7f"])
def test_a_players_name_refuses_control_and_format_characters(name: str) -> None:
    """Issue 24, item 10: a bidi override (U+202E) turned the title around; race names refused it."""
    with pytest.raises(ParseError, match="a player's name"):
        GAME.start(f"8x8~{name},Bruno")


def test_each_placed_piece_says_whose_it_is_for_the_page_to_colour() -> None:
    """Issue 25: placed pieces were coloured by piece, not by player."""
    game = LastFitGame()
    st = game.start("8x8~Ana,Bruno,Carla")
    for move in ("I0@0,0", "X0@5,5", "L0@0,3", "T0@0,5"):
        st = game.apply(st, move)
    owners = {p["piece"]: p["player"] for p in game.view(st)["placements"]}
    assert owners == {"I": 0, "X": 1, "L": 2, "T": 0}
    assert all("player" not in p for p in game.view(game.apply(game.start("8x8~block"), "I0@0,0"))["placements"])


def test_the_start_screen_pictures_each_preset_as_a_game_under_way() -> None:
    """Issue 25: the six pictures were the same empty board."""
    import build

    entry = next(g for g in build.catalog_data()["games"] if g["id"] == "lastfit")
    pictures = ["/".join(p["picture"]) for p in entry["presets"]]
    assert len(set(pictures)) == len(pictures)
    assert all(any(ch.isalpha() for ch in picture) for picture in pictures)


@pytest.mark.parametrize(("board", "rows", "cols"), [("5x6", 5, 6), ("6x6", 6, 6), ("7x7", 7, 7), ("8x8", 8, 8)])
def test_the_blocking_puzzles_solve_blocks_the_board(board: str, rows: int, cols: int) -> None:
    """Issue 49: the blocking puzzle had no Solve.  Its plan, played, leaves no place for any unused
    pentomino, as the independent checker finds (tests/support/lastfit_checker.py)."""
    g = LastFitGame()
    st = g.start(f"{board}~block")
    solution = g.solve(st, Budget(max_seconds=60).started())
    assert solution.found and solution.moves
    for move in solution.moves:
        st = g.apply(st, move)  # each move legal
    taken = frozenset().union(*(st.lay.cells_of(m.mask) for m in st.moves))
    used = {m.text[0] for m in st.moves}
    fits = [
        (name, cells) for name, cells in placements(rectangle(rows, cols)) if name not in used and not cells & taken
    ]
    assert fits == [], fits[:3]
    assert str(len(solution.moves)) in solution.message


def test_a_blocking_hint_shows_a_move_and_a_new_one_after_it() -> None:
    """Issue 49: the blocking puzzle's Hint repeated one general tip.  Now each hint is a piece on a
    square, and once it is placed the next hint is another; following them blocks the board."""
    g = LastFitGame()
    st = g.start("6x6~block")
    shown: list[str] = []
    while True:
        hint = g.hint(st, Budget(max_seconds=60).started())
        if hint.kind == "solved":
            break
        assert hint.kind == "place" and hint.move and hint.move not in shown
        assert hint.message.startswith(f"Place {hint.move[0]} at (")
        shown.append(hint.move)
        st = g.apply(st, hint.move)
    assert 1 < len(shown) <= 12 and g.view(st)["complete"]


def test_a_hint_against_the_computer_shows_a_move_on_an_open_board() -> None:
    """Issue 49: against the strong computer, Hint waited out its budget and said only "too early to
    calculate", with a note about three or more players.  On an open board the exact search is not
    tried; the hint says it is too early to know and still shows a move that fits."""
    g = LastFitGame()
    st = g.start("8x8~You,computer:strong")
    hint = g.hint(st, Budget(max_seconds=0).started())  # no time at all: the answer needs none
    assert hint.kind == "place" and hint.move
    assert "three or more players" not in hint.message and "too early to know who wins" in hint.message
    g.apply(st, hint.move)  # a legal move


def test_a_large_boards_placements_are_listed_within_the_budget() -> None:
    """Issue 45: `lastfit solve` of a 64 x 64 board with --timeout 0.1 listed all 242,884 placements
    (seconds) before its budget was looked at.  A budget already spent stops the listing at its
    first row, and nothing half-made is kept for the next request."""
    board = Board.rectangle(64, 64)
    with pytest.raises(BudgetSpent):
        lf.layout(board, Budget(max_seconds=0).started())
    assert len(lf.layout(Board.rectangle(6, 6)).moves) == sum(
        1 for _ in placements(rectangle(6, 6))
    )  # listed in full without a budget, as the independent checker counts them


def test_a_blocking_puzzle_claims_the_record_only_on_the_board_it_is_for() -> None:
    """Golomb's record, five pieces, is the 8 x 8's: a 5 x 6 blocked with five pieces (the puzzle of
    the day's board) said "That is the record!", where three can do (a hint's walk finds them)."""
    from pento_core import registry

    game = registry.get("lastfit")
    blocked = game.start("5x6~block", "F2@1,1;W2@1,3;N2@0,0;I1@4,0;L5@0,2")
    assert game.view(blocked)["summary"] == "Blocked with 5 pieces: no other fits."
    assert game.status(blocked).state == "solved"
    fewer = game.start("5x6~block", "L7@2,1;I1@1,1;V2@2,3")
    assert game.view(fewer)["summary"] == "Blocked with 3 pieces: no other fits."
    assert "8 x 8" not in game.info("5x6~block")["goal"]
    assert "the record on 8 x 8: 5" in game.info("8x8~block")["goal"]
    assert game.view(game.start("5x6~block", "L7@2,1;I1@1,1"))["summary"].startswith("2 placed; ")
