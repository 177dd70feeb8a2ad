"""The exact-cover engine: published figures, an independent checker, brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.checker import brute_force, classes_by_motion, is_tiling

from pento_core.budget import Budget, BudgetSpent, Outcome
from pento_core.errors import ImpossibleError
from pento_core.polyomino.board import Board, Placement, parse_board, parse_position
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.feasibility import impossibility
from pento_core.polyomino.pieces import PieceSet, family, parse_piece_names

PENTS = PieceSet.pentominoes()
SCOTT = parse_board("\n".join("...##..." if r in (3, 4) else "........" for r in range(8)))


def _checker_pieces(ps: PieceSet):
    return {p.name: (p.shape, n) for p, n in ps}


def _check(problem: Problem, solution) -> bool:
    return is_tiling(
        problem.board.cells,
        _checker_pieces(problem.pieces),
        [(p.piece.name, p.cells) for p in solution],
        problem.pieces.one_sided,
        problem.allow_unused,
    )


# Table 2.1 of the thesis (after Fletcher): tilings up to symmetry; a
# rectangle has 4 symmetries and no tiling is itself symmetric, so 4x as many in all.
@pytest.mark.parametrize(
    ("spec", "total", "up_to_symmetry"),
    [("3x20", 8, 2), ("4x15", 1472, 368), ("5x12", 4040, 1010), ("6x10", 9356, 2339)],
)
def test_table_2_1_rectangles(spec, total, up_to_symmetry):
    result = Problem(parse_board(spec), PENTS).count()
    assert result.complete and result.symmetries == 4
    assert (result.count, result.distinct) == (total, up_to_symmetry)


def test_scott_8x8_without_centre():
    result = Problem(SCOTT, PENTS).count()
    assert (result.count, result.distinct, result.symmetries) == (520, 65, 8)


@pytest.mark.parametrize("spec", ["3x20", "4x15"])
def test_every_solution_is_checked_independently(spec):
    problem = Problem(parse_board(spec), PENTS)
    sols = list(problem.solutions())
    assert len(sols) == problem.count().count
    assert all(_check(problem, s) for s in sols)
    assert len({frozenset((p.piece.name, p.cells) for p in s) for s in sols}) == len(sols)


def test_distinct_solutions_are_one_per_class():
    problem = Problem(SCOTT, PENTS)
    sols = list(problem.solutions(distinct=True))
    assert len(sols) == 65 and all(_check(problem, s) for s in sols)
    tilings = [frozenset((p.piece.name, p.cells) for p in s) for s in sols]
    assert classes_by_motion(tilings, SCOTT.cells, _checker_pieces(PENTS), False) == 65


def test_first_and_partial_start():
    problem = Problem(parse_board("6x10"), PENTS)
    first = problem.first()
    assert first.status is Outcome.YES and _check(problem, first.solution)
    # start from three of its pieces: the completion keeps them
    kept = first.solution[:3]
    partial = Problem(problem.board, PENTS, placed=kept)
    again = partial.first()
    assert again.status is Outcome.YES and set(kept) <= set(again.solution)
    assert _check(problem, again.solution)


def test_partial_position_that_cannot_be_completed():
    # On 3x20 every tiling has X next to an end; X in column 8 leaves regions
    # of 20 and 35 cells, so only the search can tell that nothing fits.
    pos = parse_position(".......X............\n......XXX...........\n.......X............", PENTS)
    problem = Problem(pos.board, PENTS, placed=pos.placements)
    assert problem.first().status is Outcome.NO
    assert problem.count().count == 0
    # and a walled-off corner cell is refused before any search
    with pytest.raises(ImpossibleError, match="fewer than the smallest piece"):
        corner = parse_position(".X........\nXXX.......\n.X........\n" + "..........\n" * 3, PENTS)
        Problem(corner.board, PENTS, placed=corner.placements)


def test_budget_gives_unknown_not_a_hang_and_reports_progress():
    seen = []
    problem = Problem(parse_board("6x10"), PENTS)
    result = problem.count(budget=Budget(max_nodes=5000), progress=seen.append, progress_every=0)
    assert not result.complete and result.count is None and result.distinct is None
    assert seen and seen[-1].nodes <= result.nodes
    stop = Problem(parse_board("6x10"), PENTS).first(budget=Budget(should_stop=lambda: True))
    assert stop.status is Outcome.UNKNOWN
    with pytest.raises(BudgetSpent):
        list(problem.solutions(budget=Budget(max_nodes=3000)))


def test_copies_are_interchangeable():
    # Two I pentominoes on 2x5: one tiling, not two.
    problem = Problem(parse_board("2x5"), parse_piece_names("II"))
    assert problem.count().count == 1


def test_pieces_may_be_left_unused():
    result = Problem(parse_board("5x5"), PENTS, allow_unused=True).count()
    sols = list(Problem(parse_board("5x5"), PENTS, allow_unused=True).solutions())
    assert result.count == len(sols) > 0
    assert all(_check(Problem(parse_board("5x5"), PENTS, allow_unused=True), s) for s in sols)


@pytest.mark.parametrize(("board", "pieces"), [("4x4", {"L4": 4}), ("2x4", {"L4": 2}), ("4x5", {"L4": 3, "T4": 2})])
def test_one_sided_counts_agree_with_a_brute_force(board: str, pieces: dict[str, int]) -> None:
    """Pieces as drawn, never flipped: the engine's count is the brute force's, and fewer than free."""
    tetrominoes = family(4)
    chosen = {tetrominoes[n]: k for n, k in pieces.items()}
    spec = {n: (tetrominoes[n].shape, k) for n, k in pieces.items()}
    one = Problem(parse_board(board), PieceSet.of(chosen, one_sided=True)).count()
    free = Problem(parse_board(board), PieceSet.of(chosen)).count()
    cells = parse_board(board).cells
    assert one.count == len(brute_force(cells, spec, one_sided=True)) > 0
    assert free.count == len(brute_force(cells, spec)) > one.count
    rows, cols = map(int, board.split("x"))
    assert one.symmetries == (4 if rows == cols else 2)  # the board's rotations only: a reflection flips pieces


@pytest.mark.parametrize(
    ("board", "pieces", "words"),
    [
        ("6x10", "FILNPTUVWXY", "area mismatch"),
        ("." * 7 + "#" + "." * 23, "FILNPV", "region at row 1, column 1 has 7 cells, not a multiple of 5"),
    ],
)
def test_impossible_problems_are_refused_before_search(board, pieces, words):
    with pytest.raises(ImpossibleError, match=words):
        Problem(parse_board(board), parse_piece_names(pieces))


def test_impossibility_region_smaller_than_piece():
    from pento_core.polyomino.board import Position

    b = parse_board(".#....\n##....\n......")
    reason = impossibility(Position(b, parse_piece_names("I4,I4,T4,L4")), allow_unused=True)
    assert reason and "fewer than the smallest piece" in reason


# -- against brute force on small random problems ---------------------------------

SMALL = [*family(2).values(), *family(3).values(), *family(4).values()]


@st.composite
def small_problems(draw):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 5))
    holes = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), max_size=3))
    cells = {(r, c) for r in range(rows) for c in range(cols)} - holes
    pieces = draw(st.lists(st.sampled_from(SMALL), min_size=1, max_size=6))
    one_sided = draw(st.booleans())
    allow_unused = draw(st.booleans())
    return cells, pieces, one_sided, allow_unused


@settings(max_examples=150, deadline=None)
@given(small_problems())
def test_counts_match_brute_force(case):
    cells, pieces, one_sided, allow_unused = case
    if not cells:
        return
    board = Board.of(cells)
    ps = PieceSet.of(pieces, one_sided)
    try:
        problem = Problem(board, ps, allow_unused=allow_unused)
    except ImpossibleError:
        expected = brute_force(board.cells, _checker_pieces(ps), one_sided, allow_unused)
        assert expected == []
        return
    expected = brute_force(board.cells, _checker_pieces(ps), one_sided, allow_unused)
    result = problem.count()
    assert result.count == len(expected)
    assert result.distinct == classes_by_motion(expected, board.cells, _checker_pieces(ps), one_sided)
    sols = list(problem.solutions())
    assert {frozenset((p.piece.name, p.cells) for p in s) for s in sols} == set(expected)
    reps = list(problem.solutions(distinct=True))
    assert len(reps) == result.distinct
    assert all(_check(problem, s) for s in reps)


def test_symmetric_solutions_are_counted_once():
    # 2x2 with four monominoes... use 4x4 with four O4: the one tiling is symmetric.
    o4 = family(4)["O4"]
    result = Problem(parse_board("4x4"), PieceSet.of({o4: 4})).count()
    assert (result.count, result.distinct, result.symmetries) == (1, 1, 8)
    # 4x4 with four L4: tilings related by symmetry, some symmetric themselves
    l4 = family(4)["L4"]
    problem = Problem(parse_board("4x4"), PieceSet.of({l4: 4}))
    expected = brute_force(problem.board.cells, {"L4": (l4.shape, 4)})
    r = problem.count()
    assert r.count == len(expected)
    assert r.distinct == classes_by_motion(expected, problem.board.cells, {"L4": (l4.shape, 4)}, False)


def test_placements_keep_their_piece():
    """The first solution's placements are each its piece, turned or flipped (the independent checker
    reads them), and together they tile the board."""
    problem = Problem(parse_board("3x20"), PENTS)
    sol = problem.first().solution
    assert all(isinstance(p, Placement) for p in sol) and len(sol) == 12
    pieces = {p.name: (p.shape, 1) for p, _ in PENTS}
    assert is_tiling(problem.board.cells, pieces, [(p.piece.name, p.cells) for p in sol])
