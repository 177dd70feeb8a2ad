"""Symmetry right for every piece set (issue 30, item 1): a motion of the board counts whenever it
maps the piece set onto itself, a reflection swapping the mirror pairs of a one-sided set (F and
F'), both to break symmetry in the search and for ``--distinct``."""

from __future__ import annotations

import pytest
from support.checker import brute_force, classes_by_motion, is_tiling
from support.clirun import pento

from pento_core.polyomino.board import Board
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.pieces import parse_piece_names


def plain(pieces_spec: str, one_sided: bool) -> dict[str, tuple[frozenset[tuple[int, int]], int]]:
    """The pieces as the independent checker takes them: name -> (shape, copies)."""
    return {p.name: (p.shape, n) for p, n in parse_piece_names(pieces_spec, one_sided)}


@pytest.mark.parametrize(
    ("rows", "cols", "spec"),
    [
        (4, 5, "PP'YY'"),  # two mirror pairs: the reflections swap them
        (5, 5, "PP'YY'I"),  # and a piece that is its own mirror image, fixed by the search
        (5, 5, "PP'YY'T"),
        (5, 7, "LL'NN'YY'V"),
        (5, 7, "FF'LL'PP'I"),
        (4, 5, "FIPU"),  # F and P without their mirror images: rotations only
    ],
)
def test_distinct_counts_agree_with_a_brute_force_grouped_by_motions(rows: int, cols: int, spec: str) -> None:
    board = Board.rectangle(rows, cols)
    pieces = parse_piece_names(spec, one_sided=True)
    result = Problem(board, pieces).count()
    cells = frozenset(board.cells)
    raw = brute_force(cells, plain(spec, True), one_sided=True)
    assert all(is_tiling(cells, plain(spec, True), t, one_sided=True) for t in raw)
    assert result.count == len(raw) > 0
    assert result.distinct == classes_by_motion(raw, cells, plain(spec, True), one_sided=True)
    # listing one per class gives as many, each a real tiling
    listed = list(Problem(board, pieces).solutions(distinct=True))
    assert len(listed) == result.distinct


def test_a_mirror_closed_set_keeps_the_reflections_that_swap_its_pairs() -> None:
    board = Board.rectangle(4, 5)
    closed = Problem(board, parse_piece_names("PP'YY'", one_sided=True)).symmetry_maps()
    assert len(closed) == 4  # every motion of the rectangle: the reflections swap P with P', Y with Y'
    half = Problem(Board.rectangle(3, 5), parse_piece_names("LL'N", one_sided=True)).symmetry_maps()
    assert len(half) == 2  # N's mirror image is not in the set: rotations only


def test_the_one_sided_3x30_has_46_distinct_covers_through_the_command_line() -> None:
    """Putter and Goodger: the 18 one-sided pentominoes tile 3x30 in 46 ways up to the rectangle's
    motions (184 in all)."""
    r = pento("count", "3x30", "--one-sided", "--distinct", "--pieces", "FF'ILL'NN'PP'TUVWXYY'ZZ'")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[-2:] == ["count: 184", "distinct: 46"]
