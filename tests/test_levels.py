"""The pentomino ladders (issue 28, item 3): 100 levels a board, graded, each solvable, played with
locked pieces that Hint, Solve and every move respect."""

from __future__ import annotations

import pytest
from support.checker import brute_force

from pento_core import registry
from pento_core.budget import Budget
from pento_core.digits import DigitReader, DigitWriter
from pento_core.errors import IllegalMoveError, ParseError
from pento_core.games.cover import CoverState
from pento_core.polyomino import levels
from pento_core.polyomino.pieces import PENTOMINOES

GAME = registry.get("cover")
BOARDS = list(levels.BOARDS)


def free_region(
    level: levels.Level,
) -> tuple[frozenset[tuple[int, int]], dict[str, tuple[frozenset[tuple[int, int]], int]]]:
    """The cells a level leaves to cover and the pieces left to cover them, as plain sets."""
    board, _ = levels.puzzle_of(level.board)
    taken = {c for p in level.locked for c in p.cells}
    left = {p.name: (PENTOMINOES[p.name].shape, 1) for p in PENTOMINOES.values()}
    for p in level.locked:
        del left[p.piece.name]
    return frozenset(board.cells - taken), left


@pytest.mark.parametrize("board", BOARDS)
def test_each_ladder_climbs_from_two_free_pieces_to_the_empty_board(board: str) -> None:
    ladder = levels.table()[board]
    assert [lv.number for lv in ladder] == list(range(1, levels.LEVELS + 1))
    assert ladder[0].grade.free == 2 and ladder[-1].grade.free == 12 and ladder[-1].locked == ()
    frees = [lv.grade.free for lv in ladder]
    assert {f: frees.count(f) for f in set(frees)} == levels.SCHEDULE
    keys = [lv.grade.key() for lv in ladder]
    assert keys == sorted(keys)  # free pieces first, then search per completion, never down
    assert len({lv.locked for lv in ladder}) == levels.LEVELS  # no level twice


@pytest.mark.parametrize("board", BOARDS)
def test_locked_pieces_are_real_placements_and_easy_levels_have_the_completions_they_claim(board: str) -> None:
    b, _ = levels.puzzle_of(board)
    for level in levels.table()[board]:
        names = [p.piece.name for p in level.locked]
        assert len(names) == len(set(names)) == 12 - level.grade.free
        cells = [c for p in level.locked for c in p.cells]
        assert len(cells) == len(set(cells)) and set(cells) <= b.cells
        if level.grade.free <= 5:  # the independent brute force counts the ways to finish
            region, left = free_region(level)
            assert len(brute_force(region, left)) == level.grade.completions, level.line()


def test_grades_are_the_engines_counts_and_a_block_is_made_again_the_same() -> None:
    for board in BOARDS:
        for level in levels.table()[board][:20]:
            assert levels.grade(board, level.locked) == level.grade
    block = levels.make_block("6x10", 2, levels.SCHEDULE[2])
    assert [(lv.locked, lv.grade) for lv in block] == [(lv.locked, lv.grade) for lv in levels.table()["6x10"][:6]]


def test_the_top_of_each_ladder_counts_the_published_covers() -> None:
    """The empty board's grade holds every cover, mirror images and turns included: the published
    distinct counts times the board's symmetries (2339, 1010, 368, 2 rectangles x 4; Scott's 65 x 8)."""
    published = {"6x10": 2339 * 4, "5x12": 1010 * 4, "4x15": 368 * 4, "3x20": 2 * 4, "scott": 65 * 8}
    assert {board: levels.table()[board][-1].grade.completions for board in BOARDS} == published


def test_the_hardest_levels_are_proved_solvable() -> None:
    for board in BOARDS:
        for level in levels.table()[board][87::4]:
            levels.prove(level)


def test_a_level_is_played_with_its_pieces_locked() -> None:
    desc = GAME.new("level:6x10:3", 0)
    assert desc == "level:6x10:3"
    state = GAME.start(desc)
    assert isinstance(state, CoverState) and len(state.locked) == 10
    assert GAME.write_state(state) == ""  # the locked pieces are the puzzle's, not the player's moves
    view = GAME.view(state)
    assert sum(1 for p in view["placements"] if p.get("locked")) == 10
    assert view["summary"].startswith("0 of 2 pieces placed")
    info = GAME.info(desc)
    assert info["ladder"] == {"params": "level:6x10", "level": 3, "size": 100, "next": "level:6x10:4"}
    assert info["title"] == "Pentomino cover: 6 x 10, level 3"
    locked_cell = "{},{}".format(*min(state.locked[0].cells))
    with pytest.raises(IllegalMoveError, match="part of the puzzle"):
        GAME.apply(state, f"-{locked_cell}")
    with pytest.raises(IllegalMoveError, match="part of the puzzle"):
        GAME.apply(state, f"{locked_cell}>I0@0,0")
    hint = GAME.hint(state, Budget(max_seconds=5), None)
    assert hint.kind == "place" and hint.move is not None
    state = GAME.apply(state, hint.move)
    assert GAME.write_state(state) == hint.move
    assert GAME.write_state(GAME.apply(state, "clear")) == ""  # clear takes the player's pieces only
    assert len(GAME.apply(state, "clear").position.placements) == 10
    solution = GAME.solve(state, Budget(max_seconds=5), None)
    assert solution.found and not solution.from_empty
    for move in solution.moves:
        state = GAME.apply(state, move)
    assert GAME.status(state).state == "solved"
    # the state text (a save, a link) holds the player's moves and opens the same position
    again = GAME.start(desc, GAME.write_state(state))
    assert again.position.placements == state.position.placements
    # a solved level packs into a result code and back (assignments)
    out = DigitWriter()
    assert GAME.pack_solution(state, out)
    assert GAME.unpack_solution(desc, DigitReader(out.value())) == GAME.write_state(state)


def test_a_misplaced_piece_is_named_and_solve_keeps_the_locked_pieces() -> None:
    level = levels.table()["4x15"][30]
    desc = f"level:4x15:{level.number}"
    state = GAME.start(desc)
    region, left = free_region(level)
    solutions = brute_force(region, left)
    good = {p for t in solutions for p in t}
    # take a free piece's placement from a completion and move it one cell where it still fits
    bad_state = None
    for name, cells in sorted(good, key=lambda x: (x[0], sorted(x[1]))):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            moved = frozenset((r + dr, c + dc) for r, c in cells)
            if moved <= region and all((name, moved) not in t for t in solutions):
                r0 = min(r for r, _ in moved)
                c0 = min(c for _, c in moved)
                shape = frozenset((r - r0, c - c0) for r, c in moved)
                o = PENTOMINOES[name].orientations().index(shape)
                bad_state = GAME.apply(state, f"{name}{o}@{r0},{c0}")
                break
        if bad_state is not None:
            break
    assert bad_state is not None
    hint = GAME.hint(bad_state, Budget(max_seconds=5), None)
    assert hint.kind == "blocked"
    blamed = {tuple(c) for c in hint.cells}
    assert not any(blamed & p.cells for p in level.locked)
    solution = GAME.solve(bad_state, Budget(max_seconds=5), None)
    assert solution.found and solution.from_empty
    after = GAME.apply(bad_state, "clear")
    for move in solution.moves:
        after = GAME.apply(after, move)
    assert GAME.status(after).state == "solved" and set(after.locked) <= set(after.position.placements)


def test_the_last_level_is_the_empty_board_and_has_no_next() -> None:
    info = GAME.info(GAME.new("level:scott:100", 0))
    assert info["ladder"]["next"] is None and info["ladder"]["level"] == 100
    assert GAME.write_state(GAME.start("level:scott:100")) == ""


@pytest.mark.parametrize(
    "bad", ["level:7x9:1", "level:6x10:0", "level:6x10:101", "level:6x10:x", "level:", "level:6x10:1:2"]
)
def test_a_bad_level_gets_a_clear_message(bad: str) -> None:
    with pytest.raises(ParseError):
        GAME.validate(bad)


def test_every_board_has_a_ladder_on_the_start_screen() -> None:
    entry = next(e for e in registry.entries() if e["id"] == "cover")
    assert [(ld["params"], ld["size"]) for ld in entry["ladders"]] == [(f"level:{b}", 100) for b in BOARDS]
    assert all(not e["ladders"] for e in registry.entries() if e["id"] != "cover")
