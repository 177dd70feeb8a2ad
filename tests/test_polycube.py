"""Pentacubes (issue 29): the polycube families against OEIS, boxes against the published counts
(Goodger's Polyform Puzzler: 2x3x10 and 2x5x6; 3x4x5 is in bench/bench_pentacubes.py, a minute
long), every filling checked cell by cell by this file's own code, and the command line's contract."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from support.clirun import pento, pento_process
from support.solids import solid_turns

from pento_core.budget import Outcome
from pento_core.errors import ImpossibleError, ParseError
from pento_core.polycube import geometry
from pento_core.polycube.box import Box, parse_box
from pento_core.polycube.pieces import SolidSet, family, mirror_of, parse_solids, pentacubes, polycubes
from pento_core.polycube.problem import BoxProblem
from pento_core.polyomino.cover import Tally

Cell = tuple[int, int, int]


def test_polycube_families_have_the_published_counts() -> None:
    # OEIS A000162 (mirror images are different) and A038119 (they are the same)
    assert [len(polycubes(n)) for n in range(1, 7)] == [1, 1, 2, 8, 29, 166]
    assert [len(polycubes(n, mirrors=True)) for n in range(1, 7)] == [1, 1, 2, 7, 23, 112]
    assert [len(family(n)) for n in range(1, 7)] == [1, 1, 2, 8, 29, 166]


def test_the_29_pentacubes_are_distinct_named_and_paired_with_their_mirror_images() -> None:
    pieces = pentacubes()
    assert len(pieces) == 29 and len({p.name for p in pieces}) == 29
    assert sum(p.size for p in pieces) == 145
    assert sum(p.planar for p in pieces) == 12 and [p.name for p in pieces[:12]] == list("FILNPTUVWXYZ")
    turned = [solid_turns(p.shape) for p in pieces]
    assert all(len(t) == len(p.orientations()) for t, p in zip(turned, pieces, strict=True))
    for a, b in itertools.combinations(range(29), 2):
        assert not turned[a] & turned[b], (pieces[a].name, pieces[b].name)
    pairs = {(p.name, mirror_of(p).name) for p in pieces if mirror_of(p) != p}
    assert pairs == {
        (a, b)
        for x, y in [("L1", "J1"), ("L2", "J2"), ("L4", "J4"), ("N1", "S1"), ("N2", "S2"), ("V1", "V2")]
        for a, b in ((x, y), (y, x))
    }
    achiral = sorted(p.name for p in pieces[12:] if mirror_of(p) == p)
    assert achiral == ["A", "L3", "Q", "T1", "T2"]
    for p in pieces:  # a mirror image, turned any way, is its mirror piece's shape
        mirrored = frozenset((z, r, -c) for z, r, c in p.shape)
        assert solid_turns(geometry.normalize(mirrored)) == solid_turns(mirror_of(p).shape)


def check_filling(box: Box, pieces: SolidSet, filling: tuple) -> None:  # type: ignore[type-arg]
    """Every cell of the box covered once, each block a turn of its piece, each piece used once."""
    seen: set[Cell] = set()
    used: dict[str, int] = {}
    for block in filling:
        assert block.cells in _turns_placed(block.piece.shape, block.cells)
        assert not seen & block.cells
        seen |= block.cells
        used[block.piece.name] = used.get(block.piece.name, 0) + 1
    assert seen == box.cells
    assert used == {p.name: n for p, n in pieces}


def _turns_placed(shape: frozenset[Cell], cells: frozenset[Cell]) -> set[frozenset[Cell]]:
    lo = [min(c[i] for c in cells) for i in range(3)]
    return {frozenset((a + lo[0], b + lo[1], c + lo[2]) for a, b, c in t) for t in solid_turns(shape)}


def _box_images(box: Box, filling: tuple) -> set[frozenset[tuple[str, frozenset[Cell]]]]:  # type: ignore[type-arg]
    """A filling under every motion of the box (this test's own: axis permutations and flips),
    pieces named by shape so a mirror sends L1's cells to J1's."""
    dims = [max(c[i] for c in box.cells) for i in range(3)]
    out = set()
    for perm in itertools.permutations(range(3)):
        for flips in itertools.product((False, True), repeat=3):

            def f(c: Cell, perm: tuple[int, ...] = perm, flips: tuple[bool, ...] = flips) -> Cell:
                v = [dims[i] - c[i] if flips[i] else c[i] for i in range(3)]
                return (v[perm[0]], v[perm[1]], v[perm[2]])

            if {f(c) for c in box.cells} != box.cells:
                continue
            out.add(frozenset((_name_of(frozenset(map(f, b.cells))), frozenset(map(f, b.cells))) for b in filling))
    return out


def _name_of(cells: frozenset[Cell]) -> str:
    lo = [min(c[i] for c in cells) for i in range(3)]
    shape = frozenset((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in cells)
    for p in pentacubes():
        if shape in solid_turns(p.shape):
            return p.name
    raise AssertionError(cells)


@pytest.mark.parametrize(
    ("spec", "count", "distinct", "list_them"),
    [
        ("2x3x10", 96, 12, True),
        ("1x3x20", 8, 2, True),
        ("1x5x12", 4040, None, False),
        ("2x5x6", 2112, 264, False),  # by default on the fewest options; counted only: listing is slow
    ],
)
def test_planar_pentacube_boxes_have_the_published_counts(
    spec: str, count: int, distinct: int | None, list_them: bool
) -> None:
    # 2x3x10: 12 and 2x5x6: 264 (Goodger); a box one cube thick is the flat board, whose pentomino
    # tilings the thesis counts (Table 2.1: 3x20 has 2, 5x12 1010, each seen 4 ways)
    box = parse_box(spec)
    pieces = parse_solids("planar-pentacubes")
    problem = BoxProblem(box, pieces)
    result = problem.count()
    assert (result.count, result.complete) == (count, True)
    if distinct is not None:
        assert result.distinct == distinct
    if not list_them:
        return
    listed = list(problem.solutions(distinct=True))
    assert len(listed) == distinct
    classes = [_box_images(box, f) for f in listed]
    for f in listed:
        check_filling(box, pieces, f)
    assert all(not a & b for a, b in itertools.combinations(classes, 2))  # no two listed are one class
    every = list(problem.solutions())
    assert len(every) == count and set().union(*classes) == {
        frozenset((b.piece.name, b.cells) for b in f) for f in every
    }


@pytest.mark.parametrize(
    ("spec", "names", "allow_unused"),
    [
        ("2x2x5", "L2*2,J2*2", False),  # copies of a piece (never branched on) and mirror motions
        ("2x3x5", "planar-pentacubes", True),  # pieces left over: only cells are branched on
        ("2x3x10", "planar-pentacubes", False),
        ("1x2x5", "L1,J1", False),  # nothing fits: none
    ],
)
def test_the_search_on_the_fewest_options_finds_what_the_sweep_finds(spec: str, names: str, allow_unused: bool) -> None:
    # the two searches of the engine (BoxProblem's `fewest`), one the oracle of the other: the same
    # counts, the same fillings (each checked here), and parts counted apart add up
    box = parse_box(spec)
    pieces = parse_solids(names)
    swept = BoxProblem(box, pieces, allow_unused, fewest=False)
    fewest = BoxProblem(box, pieces, allow_unused, fewest=True)
    expected = swept.count()
    result = fewest.count()
    assert (result.count, result.distinct, result.complete) == (expected.count, expected.distinct, True)

    def listed(problem: BoxProblem) -> set[frozenset[tuple[str, frozenset[Cell]]]]:
        return {frozenset((b.piece.name, b.cells) for b in f) for f in problem.solutions()}

    every = listed(fewest)
    assert every == listed(swept) and len(every) == expected.count
    assert len(list(fewest.solutions(distinct=True))) == expected.distinct
    available = {p.name: n for p, n in pieces}
    for filling in every:
        seen: set[Cell] = set()
        for name, cells in filling:
            assert cells in _turns_placed(next(p.shape for p, _ in pieces if p.name == name), cells)
            assert not seen & cells
            seen |= cells
        used = {name: sum(1 for n, _ in filling if n == name) for name, _ in filling}
        assert seen == box.cells and all(used[n] <= available[n] for n in used)
        assert allow_unused or used == available
    first = fewest.first()
    if expected.count:
        assert first.status is Outcome.YES and first.solution is not None
        assert frozenset((b.piece.name, b.cells) for b in first.solution) in every
    else:
        assert first.status is Outcome.NO
    search, group = fewest.search(), fewest.symmetry_maps()
    tally = sum((fewest.count_part(p, search, group) for p in fewest.parts(at_least=20)), Tally())
    assert fewest.result(tally, tally.nodes, 0.0).count == expected.count


def test_mirror_pairs_count_as_the_set_turns_them() -> None:
    # L1 and J1 fill a 2x1x5 slab?  Neither fits (they are not flat): the count is 0, not an error
    assert BoxProblem(parse_box("1x2x5"), parse_solids("L1,J1")).count().count == 0
    # with both of a mirror pair, the mirror motions of the box are symmetries; with one alone they
    # are not (a 2x2x5 box: 16 motions, 8 of them turns)
    box = parse_box("2x2x5")
    both = BoxProblem(box, parse_solids("L2*2,J2*2"))
    one = BoxProblem(box, parse_solids("L2*4"))
    assert len(both.symmetry_maps()) == 16 and len(one.symmetry_maps()) == 8
    for problem in (both, one):
        fillings = list(problem.solutions())
        assert len(fillings) == problem.count().count > 0
        for f in fillings:
            check_filling(box, problem.pieces, f)


def test_impossible_boxes_are_refused_with_a_reason_before_any_search() -> None:
    with pytest.raises(ImpossibleError, match="145 cubes"):
        BoxProblem(parse_box("3x4x5"), parse_solids("pentacubes"))
    with pytest.raises(ImpossibleError, match="3D chessboard"):
        BoxProblem(parse_box("1x5x5"), parse_solids("X*5"))  # 13 dark, 12 light; each X is 3 off
    with pytest.raises(ImpossibleError, match="layer 1, row 1, column 1"):
        BoxProblem(parse_box("..#.....\n---\n########"), parse_solids("II"), allow_unused=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2x3x0", "from 1 to 20"),
        ("1x1x21", "from 1 to 20"),
        ("..\n---\n.x", "layer 2, row 1"),
        ("##\n---\n##", "no cells"),
    ],
)
def test_bad_boxes_get_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_box(text)


def test_bad_piece_lists_get_a_clear_message() -> None:
    for spec, message in [("L9", "not a polycube"), ("X*0", "copies"), ("", "no pieces")]:
        with pytest.raises(ParseError, match=message):
            parse_solids(spec)


def test_the_command_line_counts_and_lists_boxes(tmp_path: Path) -> None:
    for jobs in ("1", "2"):  # shared out over processes, a box's count is the same
        done = pento_process("count", "2x3x10", "--distinct", "--jobs", jobs)
        assert done.returncode == 0 and done.stdout.splitlines()[-2:] == ["count: 96", "distinct: 12"]
    slab = tmp_path / "slab.txt"
    slab.write_text("\n---\n".join(["..........\n..........\n.........."] * 2) + "\n")
    done = pento("count", str(slab), "--pieces", "planar-pentacubes")
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "count: 96"
    done = pento("solve", "2x3x10", "--distinct")
    fillings = done.stdout.rstrip("\n").split("\n\n\n")
    assert done.returncode == 0 and len(fillings) == 12
    for text in fillings:
        layers = [layer.split("\n") for layer in text.split("\n\n")]
        assert [len(layer) for layer in layers] == [3, 3] and all(len(row) == 10 for layer in layers for row in layer)
        letters = [ch for layer in layers for row in layer for ch in row]
        assert sorted(set(letters)) == sorted("FILNPTUVWXYZ") and all(letters.count(ch) == 5 for ch in set(letters))


@pytest.mark.parametrize(
    "args",
    [
        ("count", "3x4x5", "--pieces", "pentacubes"),
        ("count", "2x3x99"),
        ("count", "2x3x10", "--pieces", "L1,ZZ"),
        ("count", "2x3x10", "--one-sided"),
        ("solve", "2x3x10", "--jobs", "2"),
    ],
)
def test_bad_box_input_is_one_error_line_and_exit_2(args: tuple[str, ...]) -> None:
    done = pento(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: ")


def test_a_spent_timeout_on_a_box_exits_3() -> None:
    done = pento("count", "2x5x6", "--timeout", "0.001")
    assert done.returncode == 3 and done.stdout.splitlines()[-1] == "count: unknown (budget spent)"
