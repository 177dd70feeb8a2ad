"""Three published counts that Pento does not reproduce, and the evidence that Pento is right
(issue 50; docs/corrections.md tells the story).  David Goodger's Polyform Puzzler states in its
puzzles' docstrings: the one-sided polyominoes of 2 to 4 squares in the octagon, 1,023 solutions;
the solid pentominoes in "three walls", 90; in the "spinner block", 42.  Pento counts 1,194, 95
and 56.  Each is checked here without the engine's search: the octagon by the tests' own brute
force (tests/support/checker.py); the two boxes by reading every filling Pento lists, checking each
and classing them under the box's motions with the tests' own turns (tests/support/solids.py).
That the boxes have no other fillings, a plain exact cover of their own confirms in
bench/bench_corrections.py (a minute and more each: too slow for every run)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from support.checker import brute_force
from support.clirun import pento
from support.solids import SOLID_PENTOMINOES, box_text, solid_turns

Cell2 = tuple[int, int]
Cell3 = tuple[int, int, int]


def count(*args: str) -> dict[str, str]:
    done = pento("count", *args)
    assert done.returncode == 0, done.stderr
    return dict(line.split(": ", 1) for line in done.stdout.splitlines())


def drawn(*rows: str) -> frozenset[Cell2]:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def picture(shape: frozenset[Cell2]) -> str:
    """A shape as a pieces file draws it (``drawn``'s other half)."""
    rows, cols = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
    return "\n".join("".join("#" if (r, c) in shape else "." for c in range(cols)) for r in range(rows))


# -- the octagon ------------------------------------------------------------------------------------

# Goodger's OneSidedPolyominoes234Octagon: the diamond of side 5 with its four tips and its centre
# left out, 36 squares in a 7 x 7 square
OCTAGON = ("##...##", "#.....#", ".......", "...#...", ".......", "#.....#", "##...##")
# the ten one-sided pieces of 2 to 4 squares: the domino, two trominoes, seven tetrominoes
ONE_SIDED_234 = {
    "I2": drawn("##"),
    "I3": drawn("###"),
    "L3": drawn("##", "#."),
    "I4": drawn("####"),
    "O4": drawn("##", "##"),
    "T4": drawn("###", ".#."),
    "S4": drawn(".##", "##."),
    "Z4": drawn("##.", ".##"),
    "L4": drawn("###", "#.."),
    "J4": drawn("###", "..#"),
}


def square_motions(n: int) -> list[Callable[[Cell2], Cell2]]:
    """The eight motions of an n x n square, on its cells."""
    m = n - 1
    return [
        lambda p: p,
        lambda p: (p[1], m - p[0]),
        lambda p: (m - p[0], m - p[1]),
        lambda p: (m - p[1], p[0]),
        lambda p: (p[0], m - p[1]),
        lambda p: (m - p[0], p[1]),
        lambda p: (p[1], p[0]),
        lambda p: (m - p[1], m - p[0]),
    ]


def test_the_one_sided_octagon_has_1194_solutions_not_1023(tmp_path: Path) -> None:
    board = frozenset((r, c) for r, row in enumerate(OCTAGON) for c, ch in enumerate(row) if ch == ".")
    assert len(board) == 36 == sum(len(s) for s in ONE_SIDED_234.values())
    (tmp_path / "octagon.txt").write_text("\n".join(OCTAGON) + "\n")
    (tmp_path / "pieces.txt").write_text("\n\n".join(picture(s) for s in ONE_SIDED_234.values()) + "\n")
    pentos = count(str(tmp_path / "octagon.txt"), "--pieces", str(tmp_path / "pieces.txt"), "--one-sided", "--distinct")
    assert pentos["symmetries"] == "8 (4 rotations, 4 reflections)"
    assert (pentos["count"], pentos["distinct"]) == ("9552", "1194")

    # The I4 has 24 places on the board, three up to the octagon's eight motions, and no motion
    # but the identity keeps a place (so no tiling is its own image, and each class has exactly
    # one tiling with the I4 at a chosen place of its orbit).  Goodger puts the I4 at two of them
    # only (his offsets (2,0) and (1,1), upright): x = 2, y = 0..3 and x = 1, y = 1..4.
    places = {frozenset((r + k, c) if down else (r, c + k) for k in range(4)) for r, c in board for down in (0, 1)}
    places = {p for p in places if p <= board}
    motions = square_motions(7)
    orbits = {frozenset(frozenset(map(m, p)) for m in motions) for p in places}
    assert len(places) == 24 and sorted(len(o) for o in orbits) == [8, 8, 8]
    upright = {(c, r): frozenset((r + k, c) for k in range(4)) for r, c in [(0, 2), (1, 1), (1, 2)]}
    goodgers, third = [upright[(2, 0)], upright[(1, 1)]], upright[(2, 1)]
    assert {next(o for o in orbits if p in o) for p in [*goodgers, third]} == orbits

    rest = {name: (shape, 1) for name, shape in ONE_SIDED_234.items() if name != "I4"}
    tilings = {p: brute_force(board - p, rest, one_sided=True) for p in [*goodgers, third]}
    assert [len(tilings[p]) for p in goodgers] == [660, 363]  # 1,023: Goodger's figure, exactly
    assert len(tilings[third]) == 171  # the classes his two places leave out
    assert sum(len(t) for t in tilings.values()) == 1194 and 8 * 1194 == 9552


# -- two boxes of solid pentominoes -----------------------------------------------------------------


def fillings_listed(path: Path) -> list[frozenset[tuple[str, frozenset[Cell3]]]]:
    """Every filling ``solve`` lists, read back as (letter, cells) pairs."""
    done = pento("solve", str(path), "--limit", "100000")
    assert done.returncode == 0, done.stderr
    out = []
    for text in done.stdout.strip("\n").split("\n\n\n"):
        pieces: dict[str, set[Cell3]] = {}
        for z, layer in enumerate(text.split("\n\n")):
            for r, row in enumerate(layer.splitlines()):
                for c, ch in enumerate(row):
                    if ch != "#":
                        pieces.setdefault(ch, set()).add((z, r, c))
        out.append(frozenset((name, frozenset(cells)) for name, cells in pieces.items()))
    return out


def box_motions(box: frozenset[Cell3]) -> list[dict[Cell3, Cell3]]:
    """The motions of the box: each of the 48 ways to permute and turn over the three axes, slid
    back into place, kept when it maps the box's cells onto themselves."""
    out = []
    for axes in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            image = {p: tuple(signs[i] * p[axes[i]] for i in range(3)) for p in box}
            low = [min(q[i] for q in image.values()) for i in range(3)]
            moved = {p: (q[0] - low[0], q[1] - low[1], q[2] - low[2]) for p, q in image.items()}
            if set(moved.values()) == box:
                out.append(moved)
    return out


def classes(fillings: list[frozenset[tuple[str, frozenset[Cell3]]]], motions: list[dict[Cell3, Cell3]]) -> int:
    def image(filling: frozenset[tuple[str, frozenset[Cell3]]], m: dict[Cell3, Cell3]) -> tuple[object, ...]:
        return tuple(sorted((name, tuple(sorted(m[c] for c in cells))) for name, cells in filling))

    return len({min(image(f, m) for m in motions) for f in fillings})


def check_box(tmp_path: Path, name: str, box: frozenset[Cell3], motions_expected: int) -> tuple[int, int]:
    """(fillings, classes) of the twelve solid pentominoes in ``box``: every filling Pento lists,
    each checked, and classed under the box's motions, with the tests' own turns and motions."""
    path = tmp_path / f"{name}.txt"
    path.write_text(box_text(box))
    turns = {n: solid_turns(s) for n, s in SOLID_PENTOMINOES.items()}
    # each piece is flat, so its mirror image is one of its turns: every motion of the box, the
    # ones that turn space over included, maps the set onto itself
    for n, shape in turns.items():
        assert all(_norm3(frozenset((a, b, -c) for a, b, c in t)) in shape for t in shape), n
    listed = fillings_listed(path)
    for filling in listed:
        assert {n for n, _ in filling} == set(SOLID_PENTOMINOES)
        assert frozenset().union(*(cells for _, cells in filling)) == box
        assert all(_norm3(cells) in turns[n] for n, cells in filling)
    assert len(set(listed)) == len(listed)
    motions = box_motions(box)
    assert len(motions) == motions_expected
    return len(listed), classes(listed, motions)


def _norm3(cells: frozenset[Cell3]) -> frozenset[Cell3]:
    low = [min(c[i] for c in cells) for i in range(3)]
    return frozenset((a - low[0], b - low[1], c - low[2]) for a, b, c in cells)


def test_three_walls_hold_95_classes_of_fillings_not_90(tmp_path: Path) -> None:
    """Goodger's SolidPentominoesThreeWalls: a 7 x 6 floor and a wall 6 long and 3 high across its
    middle (Kadon's Quintillions booklet)."""
    floor = {(0, r, c) for r in range(6) for c in range(7)}
    wall = {(z, r, 3) for z in (1, 2, 3) for r in range(6)}
    # four motions, and no filling is its own image: 380 / 4
    assert check_box(tmp_path, "walls", frozenset(floor | wall), 4) == (380, 95)


def test_the_spinner_block_holds_56_classes_of_fillings_not_42(tmp_path: Path) -> None:
    """Goodger's SolidPentominoesSpinnerBlock: a 4 x 4 x 3 block with a column 3 high against each
    side, turning one way round like a pinwheel."""
    core = {(z, r, c) for z in range(3) for r in range(1, 5) for c in range(1, 5)}
    columns = {(z, r, c) for z in range(3) for r, c in [(1, 0), (5, 1), (0, 4), (4, 5)]}
    assert check_box(tmp_path, "spinner", frozenset(core | columns), 8) == (448, 56)
