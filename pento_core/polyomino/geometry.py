"""Cells, shapes and the symmetries of the square grid, as pure functions.

Vocabulary:

* ``Cell`` is ``(row, col)``; rows grow downwards, columns to the right.
* ``Shape`` is a frozenset of cells.  A *normalised* shape touches row 0 and
  column 0.
* The thesis (Mafort 2009, section 3.2) writes a cell as ``(x, y)`` with
  ``x`` the column and ``y`` the row; its three transformations are
  :func:`rotate` (Algorithm 1, 90 degrees clockwise), :func:`mirror_v`
  (Algorithm 2, the mirror stands on the vertical axis: left and right swap)
  and :func:`mirror_h` (Algorithm 3, the mirror lies on the horizontal axis:
  top and bottom swap).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Cell = tuple[int, int]
Shape = frozenset[Cell]
Transform = Callable[[Cell], Cell]


def shape(cells: Iterable[Cell]) -> Shape:
    """The shape made of ``cells``."""
    return frozenset(cells)


def normalize(cells: Iterable[Cell]) -> Shape:
    """Translate ``cells`` so that the smallest row and column are 0."""
    cells = list(cells)
    if not cells:
        return frozenset()
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """``(min_row, min_col, max_row, max_col)`` of a non-empty set of cells."""
    cells = list(cells)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def rotate(s: Shape) -> Shape:
    """Rotate 90 degrees clockwise (thesis Algorithm 1), normalised."""
    max_r = max(r for r, _ in s)
    return normalize((c, max_r - r) for r, c in s)


def mirror_v(s: Shape) -> Shape:
    """Mirror in the vertical axis, left <-> right (thesis Algorithm 2)."""
    max_c = max(c for _, c in s)
    return normalize((r, max_c - c) for r, c in s)


def mirror_h(s: Shape) -> Shape:
    """Mirror in the horizontal axis, top <-> bottom (thesis Algorithm 3)."""
    max_r = max(r for r, _ in s)
    return normalize((max_r - r, c) for r, c in s)


# The eight symmetries of the square as linear maps (a, b, c, d):
# (r, c) -> (a*r + b*c, c_*r + d*c).  Index 0 is the identity, 1-3 the
# clockwise rotations, 4-7 the reflections.  Applied to a shape they are
# followed by normalisation.
SYMMETRIES: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),  # identity
    (0, 1, -1, 0),  # rotate 90 clockwise:  (r, c) -> (c, -r)
    (-1, 0, 0, -1),  # rotate 180
    (0, -1, 1, 0),  # rotate 270 clockwise
    (-1, 0, 0, 1),  # mirror_h: top <-> bottom
    (1, 0, 0, -1),  # mirror_v: left <-> right
    (0, 1, 1, 0),  # transpose (main diagonal)
    (0, -1, -1, 0),  # anti-transpose
)
ROTATIONS = (0, 1, 2, 3)


def apply_symmetry(index: int, cells: Iterable[Cell]) -> list[Cell]:
    """Apply symmetry ``index`` of :data:`SYMMETRIES` without normalising."""
    a, b, c_, d = SYMMETRIES[index]
    return [(a * r + b * c, c_ * r + d * c) for r, c in cells]


def transformed(index: int, s: Iterable[Cell]) -> Shape:
    """Apply symmetry ``index`` and normalise."""
    return normalize(apply_symmetry(index, s))


def orientations(s: Shape, reflections: bool = True) -> list[Shape]:
    """All distinct orientations of ``s``, normalised, in a fixed order.

    The order is the thesis's Table 1.2: the shape as given, then up to three
    clockwise rotations, then (with ``reflections``) the horizontal mirror
    image and its rotations, keeping the first of each repeated shape.
    """
    out: list[Shape] = []
    cur = normalize(s)
    for flip in (False, True) if reflections else (False,):
        if flip:
            cur = mirror_h(cur)
        for _ in range(4):
            if cur not in out:
                out.append(cur)
            cur = rotate(cur)
    return out


def canonical(s: Iterable[Cell], reflections: bool = True) -> tuple[Cell, ...]:
    """A key equal for two shapes iff one is an orientation of the other."""
    syms = range(8) if reflections else ROTATIONS
    return min(tuple(sorted(transformed(i, s))) for i in syms)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four edge-adjacent cells."""
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def is_connected(cells: Iterable[Cell]) -> bool:
    """True if the cells form one edge-connected group (empty counts as connected)."""
    return len(components(cells)) <= 1


def components(cells: Iterable[Cell]) -> list[Shape]:
    """The edge-connected groups of ``cells``, each as a shape, in reading order."""
    return groups(cells, neighbours)


T = TypeVar("T", bound=tuple[int, ...])


def groups(cells: Iterable[T], around: Callable[[T], Iterable[T]]) -> list[frozenset[T]]:
    """The connected groups of ``cells`` when each touches the cells ``around`` gives (in 2D or in
    3D), each as a frozenset, in sorted order of their least cell."""
    todo = set(cells)
    out: list[frozenset[T]] = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        group = [start]
        stack = [start]
        while stack:
            for n in around(stack.pop()):
                if n in todo:
                    todo.discard(n)
                    group.append(n)
                    stack.append(n)
        out.append(frozenset(group))
    return out


def render(s: Iterable[Cell], on: str = "#", off: str = ".") -> str:
    """Draw cells as text rows (inverse of :func:`parse_drawing` for one shape)."""
    cells = set(s)
    if not cells:
        return ""
    r0, c0, r1, c1 = bounds(cells)
    return "\n".join("".join(on if (r, c) in cells else off for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1))
