"""Issue 50: a piece held to a region of the board, as puzzle books break a board's symmetry.  The
counts are compared with the published ones of David Goodger's Polyform Puzzler, whose solvers hold
pieces so (3x20: X at two places and I in the top row, 2 solutions), and with a brute force over
every tiling, filtered (tests/support/checker.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.checker import brute_force
from support.clirun import pento

from pento_core.errors import ImpossibleError, ParseError
from pento_core.polyomino.board import parse_board
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.pieces import PieceSet, parse_piece_names
from pento_core.polyomino.puzzle import parse_puzzle, parse_puzzle_text

GOODGER_3X20 = """....................
....................
....................
hold X
..+....+............
.+++..+++...........
..+....+............
hold I
++++++++++++++++++++
"""


def test_the_3x20_with_goodgers_holds_has_its_two_solutions(tmp_path: Path) -> None:
    board = tmp_path / "3x20.txt"
    board.write_text(GOODGER_3X20)
    run = pento("count", str(board), "--distinct")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[-2:] == ["count: 2", "distinct: 2"]
    assert "symmetries: 1 (1 rotation, no reflections)" in lines  # the holds leave no motion
    listed = pento("solve", str(board)).stdout.strip().split("\n\n")
    assert len(listed) == 2 and all(t.splitlines()[0].count("I") == 5 for t in listed)


def test_a_held_piece_counts_what_the_brute_force_keeps() -> None:
    """L held to the left half of 3x10: the engine counts the brute force's tilings whose L lies
    there; the region keeps the top-bottom flip alone, and the classes are counted under it."""
    text = "..........\n" * 3 + "hold L\n" + "+++++.....\n" * 3
    board = parse_board(text)
    pieces = PieceSet.of({p: 1 for p, _ in parse_piece_names("LNPUVY", False)}, False)
    plain = {p.name: (p.shape, n) for p, n in pieces}
    region = board.held("L")
    assert region == {(r, c) for r in range(3) for c in range(5)}
    kept = [t for t in brute_force(board.cells, plain) if all(cells <= region for n, cells in t if n == "L")]
    result = Problem(board, pieces).count()

    def flipped(
        t: frozenset[tuple[str, frozenset[tuple[int, int]]]],
    ) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
        return tuple(sorted((n, tuple(sorted((2 - r, c) for r, c in cells))) for n, cells in t))

    def same(
        t: frozenset[tuple[str, frozenset[tuple[int, int]]]],
    ) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
        return tuple(sorted((n, tuple(sorted(cells))) for n, cells in t))

    classes = len({min(same(t), flipped(t)) for t in kept})
    assert (result.count, result.distinct, result.symmetries) == (len(kept), classes, 2)
    assert 0 < len(kept) < len(brute_force(board.cells, plain))


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("...\n...\nhold L\n...+\n", 4, "on the board"),
        ("...\n...\nhold L\n+..\nhold l\n.+.\n", 5, "L is held twice"),
        ("...\n...\nhold L\n...\n", 3, "held to no cell"),
        ("...\n...\nhold L\n.x.\n", 4, "unexpected character 'x'"),
    ],
)
def test_a_bad_hold_says_where(text: str, line: int, words: str) -> None:
    with pytest.raises(ParseError) as e:
        parse_board(text)
    assert e.value.line == line and words in str(e.value)


def test_a_hold_is_drawn_beside_the_board_and_names_a_piece_of_the_set() -> None:
    board = parse_board("\n##....\n##....\nhold I\n##++++\n")  # the board's first column is the drawing's third
    assert board.held("I") == frozenset({(0, 0), (0, 1), (0, 2), (0, 3)})
    with pytest.raises(ImpossibleError, match="F is held to a region but is not one of the pieces"):
        Problem(parse_board(".....\nhold F\n+++++\n"), parse_piece_names("I", False))


def test_a_games_puzzle_holds_no_piece() -> None:
    """The games (the cover game, the workshop) would let a player put a held piece anywhere while
    their solver would not: a puzzle spec or text with a hold is refused, in words."""
    with pytest.raises(ParseError, match="for the command line's board files"):
        parse_puzzle("...../hold I/+++++")
    with pytest.raises(ParseError, match="for the command line's board files"):
        parse_puzzle_text(".....\nhold I\n+++++\n---\n#####\n")
