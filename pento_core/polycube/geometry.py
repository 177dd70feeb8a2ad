"""Cells, shapes and the motions of the cube, as pure functions.

Vocabulary, the flat family's (:mod:`pento_core.polyomino.geometry`) with a third coordinate:

* ``Cell`` is ``(layer, row, col)``: layers stack upwards, rows grow towards the viewer (downwards
  in a layer drawn from above), columns to the right.
* ``Shape`` is a frozenset of cells; a *normalised* shape touches layer 0, row 0 and column 0.
* A *motion* is one of the 48 symmetries of the cube: a permutation of the three axes with a sign
  on each.  The 24 with determinant +1 are the *rotations*, the ways to turn a solid piece in the
  hand; the other 24 are mirror images, which no hand can make of a piece of wood.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import lru_cache

from ..polyomino.geometry import groups

Cell = tuple[int, int, int]
Shape = frozenset[Cell]
# A motion: new coordinate i is sign[i] * old coordinate perm[i].
Motion = tuple[tuple[int, int, int], tuple[int, int, int]]


def _parity(perm: tuple[int, ...]) -> int:
    """+1 for an even permutation, -1 for an odd one."""
    inversions = sum(1 for i, j in itertools.combinations(range(len(perm)), 2) if perm[i] > perm[j])
    return -1 if inversions % 2 else 1


def _motions() -> tuple[Motion, ...]:
    out: list[tuple[int, Motion]] = []
    for perm in itertools.permutations(range(3)):
        for sign in itertools.product((1, -1), repeat=3):
            det = _parity(perm) * sign[0] * sign[1] * sign[2]
            out.append((-det, (perm, sign)))  # type: ignore[arg-type]
    out.sort(key=lambda m: m[0])  # stable: rotations first, the identity first of all
    return tuple(m for _, m in out)


MOTIONS: tuple[Motion, ...] = _motions()
"""The 48 symmetries of the cube, the 24 rotations first (the identity first of all)."""
ROTATIONS: tuple[Motion, ...] = MOTIONS[:24]
IDENTITY = 0


def move(motion: Motion, cells: Iterable[Cell]) -> list[Cell]:
    """Apply ``motion`` without normalising."""
    perm, sign = motion
    return [(sign[0] * c[perm[0]], sign[1] * c[perm[1]], sign[2] * c[perm[2]]) for c in cells]


def normalize(cells: Iterable[Cell]) -> Shape:
    """Translate ``cells`` so that the smallest layer, row and column are 0."""
    cells = list(cells)
    if not cells:
        return frozenset()
    lo = [min(c[i] for c in cells) for i in range(3)]
    return frozenset((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in cells)


def moved(motion: Motion, cells: Iterable[Cell]) -> Shape:
    """Apply ``motion`` and normalise."""
    return normalize(move(motion, cells))


def size(cells: Iterable[Cell]) -> tuple[int, int, int]:
    """Layers, rows and columns of the smallest box around a non-empty set of cells."""
    return _size(cells if isinstance(cells, frozenset) else frozenset(cells))


@lru_cache(maxsize=4096)
def _size(cells: Shape) -> tuple[int, int, int]:
    return tuple(max(c[i] for c in cells) - min(c[i] for c in cells) + 1 for i in range(3))  # type: ignore[return-value]


def orientations(s: Iterable[Cell]) -> list[Shape]:
    """Every distinct way the piece can lie, turned about any axis (never mirrored), normalised, in
    the order of :data:`ROTATIONS`, keeping the first of each repeated shape."""
    return list(_orientations(s if isinstance(s, frozenset) else frozenset(s)))


# A generator draws and sets up hundreds of piece sets for one box, and the same few dozen shapes
# come back each time: their turns are worked out once (the shapes are small, the caches bounded).
@lru_cache(maxsize=4096)
def _orientations(s: Shape) -> tuple[Shape, ...]:
    out: list[Shape] = []
    for m in ROTATIONS:
        o = moved(m, s)
        if o not in out:
            out.append(o)
    return tuple(out)


def canonical(s: Iterable[Cell], mirrors: bool = False) -> tuple[Cell, ...]:
    """A key equal for two shapes iff one turns into the other (or, with ``mirrors``, is the other's
    mirror image turned)."""
    return _canonical(s if isinstance(s, frozenset) else frozenset(s), mirrors)


@lru_cache(maxsize=4096)
def _canonical(cells: Shape, mirrors: bool) -> tuple[Cell, ...]:
    return min(tuple(sorted(moved(m, cells))) for m in (MOTIONS if mirrors else ROTATIONS))


def mirror(s: Iterable[Cell]) -> Shape:
    """The mirror image (columns reversed)."""
    return moved(((0, 1, 2), (1, 1, -1)), s)


def is_chiral(s: Iterable[Cell]) -> bool:
    """True when no turn makes the shape into its mirror image."""
    cells = list(s)
    return canonical(cells) != canonical(mirror(cells))


def is_planar(s: Iterable[Cell]) -> bool:
    """True when the shape is one cube thick (a solid polyomino)."""
    return min(size(s)) == 1


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six face-adjacent cells."""
    a, b, c = cell
    return ((a - 1, b, c), (a + 1, b, c), (a, b - 1, c), (a, b + 1, c), (a, b, c - 1), (a, b, c + 1))


def components(cells: Iterable[Cell]) -> list[Shape]:
    """The face-connected groups of ``cells``, each as a shape, in reading order."""
    return groups(cells, neighbours)


def is_connected(cells: Iterable[Cell]) -> bool:
    """True if the cells form one face-connected group (empty counts as connected)."""
    return len(components(cells)) <= 1


def layers_text(cells: Iterable[Cell], on: str = "#", off: str = ".") -> str:
    """Draw a shape layer by layer, the bottom layer first, layers separated by a line ``---``
    (the board file format of :mod:`pento_core.polycube.box`)."""
    shape = normalize(cells)
    depth, rows, cols = size(shape)
    return "\n---\n".join(
        "\n".join("".join(on if (z, r, c) in shape else off for c in range(cols)) for r in range(rows))
        for z in range(depth)
    )
