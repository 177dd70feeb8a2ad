"""Issue 50: ``--search sweep`` or ``--search fewest`` chooses how a count searches (pento_core's
polyomino/cover.py notes: the first free cell with its memo, or the piece or cell with the fewest
options).  Either way the same tilings are found: the counts below are the published ones (Scott's
8 x 8, the 5 x 12 rectangle, the planar pentacubes' 2 x 3 x 10 box) or a brute force's (the 3 x 20
loop, tests/test_wrap.py), and each search must reach them on a flat board, a wrapped one and a box."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest
from support.clirun import pento
from support.positions import random_placed

import pento_core.bitset as bitset
import pento_core.polyomino.cover as cover_module
from pento_core.budget import Budget, Outcome
from pento_core.errors import ImpossibleError
from pento_core.games.cover import CoverGame
from pento_core.polycube.box import parse_box
from pento_core.polycube.pieces import parse_solids
from pento_core.polycube.problem import BoxProblem
from pento_core.polyomino.board import Board, parse_board, parse_position
from pento_core.polyomino.cover import FIRST_SWEEP_NODES, Problem, Tally, first_cover
from pento_core.polyomino.pieces import parse_piece_names


def last_lines(*args: str) -> list[str]:
    r = pento("count", *args)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().splitlines()[-2:]


@pytest.mark.parametrize("search", ["sweep", "fewest"])
def test_both_searches_count_the_published_figures(search: str, tmp_path: Path) -> None:
    scott = tmp_path / "scott.txt"
    scott.write_text("\n".join("...##..." if r in (3, 4) else "........" for r in range(8)) + "\n")
    assert last_lines(str(scott), "--distinct", "--search", search) == ["count: 520", "distinct: 65"]
    assert last_lines("5x12", "--distinct", "--search", search) == ["count: 4040", "distinct: 1010"]
    assert last_lines("2x3x10", "--distinct", "--search", search) == ["count: 96", "distinct: 12"]
    # the 3 x 20 loop: its two tilings (its short sides joined)
    assert last_lines("3x20", "--wrap", "cylinder", "--distinct", "--search", search)[-1] == "distinct: 2"


def test_a_search_that_is_not_one_is_refused_in_one_line() -> None:
    r = pento("count", "6x10", "--search", "fastest")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "error: argument --search: invalid choice: 'fastest' (choose from 'sweep', 'fewest')"
        " (see python -m pento_core count --help)"
    ]


# Hold X to the upper left quarter of 6x10 (as Goodger's files do) with one piece placed: a hold and
# a placed piece on the fewest options too.
_HELD_6X10 = """\
FF........
.FF.......
.F........
..........
..........
..........
hold X
+++++.....
+++++.....
+++.......
"""


@pytest.mark.parametrize(
    ("board", "names", "allow_unused", "one_sided"),
    [
        ("3x20", "FILNPTUVWXYZ", False, False),
        ("4x4", "I2*8", False, False),  # copies of a piece: only cells are branched on
        ("5x5", "FILNPTUVWXYZ", True, False),  # pieces left over
        ("5x5", "FILPX", False, False),  # nothing fits: none
        ("5x10", "FF'IL'NP'TUXW", False, True),  # one-sided pieces, a piece and its mirror image
        (_HELD_6X10, "FILNPTUVWXYZ", False, False),
    ],
)
def test_on_a_flat_board_the_search_on_the_fewest_options_finds_what_the_sweep_finds(
    board: str, names: str, allow_unused: bool, one_sided: bool
) -> None:
    # the flat board's two searches, one the oracle of the other (as tests/test_polycube.py does
    # for boxes): the same counts, the same tilings, each class listed once, and the first one found
    # is one of them.  The fewest options' step looks one choice ahead and remembers positions on a
    # flat board: these are the paths that must agree.
    shape = parse_position(board, parse_piece_names(names, one_sided)) if "\n" in board else None
    flat = shape.board if shape else Board.rectangle(*map(int, board.split("x")))
    pieces = parse_piece_names(names, one_sided)
    placed = shape.placements if shape else ()
    swept = Problem(flat, pieces, allow_unused, placed, fewest=False)
    fewest = Problem(flat, pieces, allow_unused, placed, fewest=True)
    expected = swept.count()
    result = fewest.count()
    assert expected.complete and (result.count, result.distinct, result.complete) == (
        expected.count,
        expected.distinct,
        True,
    )
    every = {frozenset((p.piece.name, p.cells) for p in s) for s in fewest.solutions()}
    assert every == {frozenset((p.piece.name, p.cells) for p in s) for s in swept.solutions()}
    assert len(every) == expected.count
    assert len(list(fewest.solutions(distinct=True))) == expected.distinct
    first = fewest.first()
    if expected.count:
        assert first.solution is not None and frozenset((p.piece.name, p.cells) for p in first.solution) in every
    else:
        assert first.status is Outcome.NO


# X held to the upper left quarter, and the I placed along a short side: 58 tilings
_HELD_6X10_I = """\
.........I
.........I
.........I
.........I
.........I
..........
hold X
+++++.....
+++++.....
+++.......
"""


@pytest.mark.parametrize(
    ("board", "names", "one_sided", "wrap"),
    [
        ("6x10", "FILNPTUVWXYZ", False, None),
        ("3x6", "O4,I2,I4,L4,S4", False, None),  # a domino once: two must not pass for another piece
        ("2x8", "I2*2,O4,L4,I4", False, None),  # copies of a piece
        ("5x10", "FF'IL'NP'TUXW", True, None),  # one-sided pieces, a piece and its mirror image
        ("3x20", "FILNPTUVWXYZ", False, "cylinder"),  # a board that wraps
        (_HELD_6X10_I, "FILNPTUVWXYZ", False, None),  # a hold and a placed piece
    ],
)
def test_the_sweeps_last_cells_table_counts_what_the_plain_sweep_counts(
    board: str, names: str, one_sided: bool, wrap: str | None
) -> None:
    # The sweep looks its last cells up in a table made for every set of pieces at once (the
    # notes of Cover._finisher); the plain sweep, which grades the cover game's levels, searches
    # them for each set of pieces left: the oracle.  The table must really have been used.
    shape = parse_position(board, parse_piece_names(names, one_sided)) if "\n" in board else None
    flat = shape.board if shape else Board.rectangle(*map(int, board.split("x")))
    flat = flat.wrapped(wrap) if wrap else flat
    pieces = parse_piece_names(names, one_sided)
    placed = shape.placements if shape else ()
    plain = Problem(flat, pieces, placed=placed, plain=True).count()
    problem = Problem(flat, pieces, placed=placed)
    search = problem.search()
    group = problem.symmetry_maps()
    tally = sum((problem.count_part(part, search, group) for part in problem.parts()), Tally(0, Fraction(0), 0))
    result = problem.result(tally, search.nodes, search.elapsed)
    assert plain.complete and plain.count
    assert (result.count, result.distinct) == (plain.count, plain.distinct)
    assert search.finishes, "the table was never looked at"


def test_the_table_gives_the_published_count_of_6x10() -> None:
    result = Problem(Board.rectangle(6, 10), parse_piece_names("FILNPTUVWXYZ")).count()
    assert (result.count, result.distinct) == (9356, 2339)  # the 2,339 of Haselgrove (1960)


# -- the cover game's first cover (its Hint and Solve) ---------------------------------------------

# An 8 x 8 with four holes (the cover game's preset, as one seed made it) on which the sweep takes
# 33,859 positions to its first cover: half a second in CPython, several in the page, where a
# hint has 5 s.  The fewest options take 824.
_HOLES = "#......./......../....#..#/......../......../......../.......#/........"


def test_a_hint_where_the_sweep_wanders_comes_within_a_few_thousand_positions() -> None:
    game = CoverGame()
    state = game.start(_HOLES)
    pos = state.position
    assert Problem(pos.board, pos.pieces).first(Budget(max_nodes=5000)).status is Outcome.UNKNOWN
    hint = game.hint(state, Budget(max_nodes=5000))
    assert hint.kind == "place" and hint.move, hint
    solution = game.solve(state, Budget(max_nodes=5000))
    assert solution.found and not solution.from_empty
    for move in solution.moves:  # a cover indeed: the game plays it to the end
        state = game.apply(state, move)
    assert state.position.is_complete()
    # what it reports counts the sweep's positions and the fewest options' together, never going back
    seen: list[int] = []
    found = first_cover(pos.board, pos.pieces, progress=lambda p: seen.append(p.nodes))
    assert found.status is Outcome.YES and found.nodes > FIRST_SWEEP_NODES
    assert seen == sorted(seen) and seen[-1] >= FIRST_SWEEP_NODES, seen


def test_the_first_cover_agrees_with_the_sweep_and_is_a_cover() -> None:
    rng = random.Random(3)
    pieces = parse_piece_names("F,I,L,N,P,T,U,V,W,X,Y,Z")
    scott = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))
    boards = [parse_board(_HOLES), parse_board(scott), parse_board("6x10")]
    past_the_sweep = 0
    for board in boards:
        every = Problem(board, pieces)
        for k in (0, 1, 1, 2, 3):
            placed = random_placed(every, k, rng)
            try:
                swept = Problem(board, pieces, placed=placed).first()
            except ImpossibleError:
                with pytest.raises(ImpossibleError):
                    first_cover(board, pieces, placed=placed)
                continue
            past_the_sweep += swept.nodes > FIRST_SWEEP_NODES  # found by the fewest options
            found = first_cover(board, pieces, placed=placed)
            assert found.status is swept.status, (board, placed)
            if found.solution is not None:
                cells = [c for p in found.solution for c in p.cells]
                assert sorted(cells) == sorted(board.cells) and set(placed) <= set(found.solution)
                assert len({p.piece.name for p in found.solution}) == len(found.solution) == 12
    assert past_the_sweep >= 2  # the fewest options' part was taken, not only the sweep's


def test_a_board_with_many_placements_is_only_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fewest options' tables grow with the square of the placements (a 64 x 64 board would
    need gigabytes): past FEWEST_MAX_PLACEMENTS the first cover is the sweep's, however long."""

    def refused(*args: object) -> None:
        raise AssertionError("the fewest options' tables were built")

    monkeypatch.setattr(cover_module, "FEWEST_MAX_PLACEMENTS", 100)
    monkeypatch.setattr(cover_module, "_LiveTables", refused)
    board = parse_board(_HOLES)
    found = first_cover(board, parse_piece_names("F,I,L,N,P,T,U,V,W,X,Y,Z"))
    assert found.status is Outcome.YES and found.nodes > FIRST_SWEEP_NODES


@pytest.mark.parametrize(
    ("where", "names", "allow_unused"),
    [
        ("4x15", "FILNPTUVWXYZ", False),
        (_HELD_6X10_I, "FILNPTUVWXYZ", False),  # a hold and a placed piece
        ("5x5", "FILNPTUVWXYZ", True),  # pieces left over
        ("4x4", "I2*8", False),  # copies of a piece
        ("2x3x10", "planar-pentacubes", False),  # a box, where pieces are branched on too
    ],
)
def test_the_long_sets_as_gmps_integers_search_as_pythons_ints_do_node_for_node(
    where: str, names: str, allow_unused: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The search on the fewest options keeps its sets of placements as GMP's integers where gmpy2
    # is installed (the command line's `fast` extra, pento_core/bitset.py) and as Python's ints in
    # the page: the same choices in the same order, so the same nodes, counts and tilings.
    import gmpy2  # the tests install it (requirements/test.txt): a test environment without it fails here

    def problem() -> Problem | BoxProblem:
        if "\n" not in where and where.count("x") == 2:  # LxRxC: a box
            return BoxProblem(parse_box(where), parse_solids(names), allow_unused, fewest=True)
        shape = parse_position(where, parse_piece_names(names)) if "\n" in where else None
        flat = shape.board if shape else Board.rectangle(*map(int, where.split("x")))
        return Problem(flat, parse_piece_names(names), allow_unused, shape.placements if shape else (), fewest=True)

    def search(gmp: bool) -> tuple[object, ...]:
        monkeypatch.setattr(bitset, "use_gmp", gmp)
        p = problem()
        assert isinstance(p._aux(p.start_free, p.start_left), gmpy2.mpz if gmp else int)
        r = p.count()
        listed = [sorted((b.piece.name, sorted(b.cells)) for b in s) for s in itertools.islice(p.solutions(), 40)]
        return r.count, r.distinct, r.nodes, p.first().nodes, listed

    gmp, ints = search(True), search(False)
    assert gmp == ints and gmp[0]
