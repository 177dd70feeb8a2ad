"""Each impossibility argument, and that they never refuse a problem that has a solution."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.checker import brute_force

from pento_core.polyomino.board import Board, Position, parse_board
from pento_core.polyomino.feasibility import area, colouring, impossibility, region_sizes, small_region
from pento_core.polyomino.pieces import PieceSet, family, parse_piece_names

CORNERS = "\n".join("".join("#" if (r, c) in ((0, 0), (7, 7)) else "." for c in range(8)) for r in range(8))


def pos(board: str, pieces: str) -> Position:
    return Position(parse_board(board), parse_piece_names(pieces))


def test_area_mismatch():
    assert "60 cells but the board has 63" in area(pos("7x9", "FILNPTUVWXYZ"), False)
    assert area(pos("5x5", "FILNPTUVWXYZ"), True) is None
    assert "cover only 10 cells" in area(pos("5x5", "FI"), True)


def test_region_smaller_than_the_smallest_piece():
    reason = small_region(pos(".#....\n##....", "I4,T4"), False)
    assert reason == "the region at row 1, column 1 has 1 cell, fewer than the smallest piece (4)"


def test_region_size_no_combination_makes():
    # a 7-cell region with pieces of sizes 4 and 5 only: 4+5 = 9, 4 = 4, 5 = 5; 7 is impossible
    reason = region_sizes(pos(".......#.........", "I4,I4,L,I"), True)
    assert reason and "7 cells, a size no combination of the pieces (sizes 4, 5) makes" in reason
    assert region_sizes(pos("........#.........", "I4,I4,L,I"), True) is None


def test_checkerboard_decides_the_mutilated_board():
    reason = colouring(Position(parse_board(CORNERS), parse_piece_names("I2*31")), False)
    assert reason and reason.startswith("checkerboard colouring: the cells to cover are 30 dark and 32 light")
    # the full board is fine
    assert colouring(Position(parse_board("8x8"), parse_piece_names("I2*32")), False) is None
    # T tetrominoes: each has imbalance 2, so 4x4 with four Ts is fine but 4x4 with one T and six dominoes is not
    assert colouring(pos("4x4", "T4*4"), False) is None
    assert colouring(pos("4x4", "T4,I2*6"), False) is not None


def test_impossibility_says_the_first_argument_that_applies():
    assert impossibility(pos("6x10", "FILNPTUVWXYZ")) is None
    assert impossibility(Position(parse_board(CORNERS), parse_piece_names("I2*31"))).startswith("checkerboard")


SMALL = [*family(1).values(), *family(2).values(), *family(3).values(), *family(4).values()]


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(1, 5),
    st.sets(st.tuples(st.integers(0, 3), st.integers(0, 4)), max_size=4),
    st.lists(st.sampled_from(SMALL), min_size=1, max_size=6),
    st.booleans(),
)
def test_arguments_never_refuse_a_solvable_problem(rows, cols, holes, pieces, allow_unused):
    cells = {(r, c) for r in range(rows) for c in range(cols)} - holes
    if not cells:
        return
    board = Board.of(cells)
    ps = PieceSet.of(pieces)
    reason = impossibility(Position(board, ps), allow_unused)
    if reason is not None:
        assert brute_force(board.cells, {p.name: (p.shape, n) for p, n in ps}, False, allow_unused) == []


@pytest.mark.parametrize("spec", ["6x10", "3x20"])
def test_published_boards_pass_every_argument(spec):
    assert impossibility(pos(spec, "FILNPTUVWXYZ")) is None
