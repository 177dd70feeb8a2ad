"""Filling a box with solids: the exact-cover engine (:class:`~pento_core.polyomino.cover.Cover`)
with cells in three dimensions.

The layout: the box's shortest side runs fastest through the bits, its longest slowest, so the
search's first empty cell sweeps the box across its smallest cross-section and the frontier of
states stays narrow (the flat boards' reason, one dimension up).  A box whose smallest
cross-section is wider than :data:`SWEEP_WIDTH` is not swept: its states rarely meet twice, and the
engine branches on the fewest options instead.  A spare sentinel bit after each
line, and a spare line after each plane, keeps every neighbour 1, ``a`` or ``b`` bits away without
wrapping, which the engine's cut of isolated cells needs.

Symmetries: the motions of the cube (:data:`~.geometry.MOTIONS`) that map the box onto itself,
mirror images included, and the pieces onto pieces with as many copies (a mirror image sends L1 to
J1, so with the 29 pentacubes the mirrors are symmetries, and with L1 alone they are not).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import replace

from ..budget import Budget
from ..errors import ImpossibleError
from ..polyomino.cover import Cover, Mask, Motion, held_regions, keeps_holds
from ..polyomino.feasibility import SEARCH_SECONDS
from . import geometry
from .box import Block, Box
from .feasibility import impossibility
from .geometry import Cell
from .pieces import Solid, SolidSet

Filling = tuple[Block, ...]
# The widest cross-section (cells) a box is swept across; a box wider than that is searched on the
# fewest options instead (see :mod:`pento_core.polyomino.cover`).  Measured with the 12 planar
# pentacubes, every filling counted: across 6 cells, 2x3x10 and 1x6x10 take 0.25 s and 1.1 s swept
# (0.55 s and 3.2 s on the fewest options); across 10, 2x5x6 takes 7.6 s swept and 2.3 s on the
# fewest options; across 12, 3x4x5 takes 532 s swept and 59 s on the fewest options.
SWEEP_WIDTH = 6


class BoxProblem(Cover[Cell, Filling]):
    """Fill every cell of ``box`` with ``pieces`` (all of them, or with ``allow_unused`` some),
    around the ``placed`` blocks, kept in every filling.

    ``fewest`` chooses the search: on the fewest options (True) or a sweep (False); by default,
    the fewest options for a box wider than :data:`SWEEP_WIDTH` cells across.  Both give the same
    counts and fillings, in another order.

    Construction raises :class:`ImpossibleError` for a box that an argument of
    :mod:`~.feasibility` rules out, and :class:`~pento_core.budget.BudgetSpent` when ``budget``
    runs out while compiling.  ``mirrors`` False: fillings are the same only up to rotations
    (:attr:`~pento_core.polyomino.cover.Cover.mirrors`)."""

    def __init__(
        self,
        box: Box,
        pieces: SolidSet,
        allow_unused: bool = False,
        placed: Iterable[Block] = (),
        budget: Budget | None = None,
        fewest: bool | None = None,
        mirrors: bool = True,
    ) -> None:
        budget = (budget or Budget()).started()
        self.box = box
        self.mirrors = mirrors
        self.pieces = pieces
        self.allow_unused = allow_unused
        self.placed: tuple[Block, ...] = tuple(placed)
        self.types: list[Solid] = [p for p, _ in pieces]
        left = [n for _, n in pieces]
        covered: set[Cell] = set()
        for b in self.placed:
            left[self.types.index(b.piece)] -= 1
            covered |= b.cells
        empty = box.cells - covered
        rest = SolidSet(tuple((p, n) for p, n in zip(self.types, left, strict=True) if n > 0))
        precheck = replace(budget, deadline=min(budget.deadline or math.inf, time.monotonic() + SEARCH_SECONDS))
        reason = impossibility(empty, rest, allow_unused, precheck)
        if reason:
            raise ImpossibleError(reason)
        dims = box.dims
        hi = box.extent
        fast, mid, slow = sorted(range(3), key=lambda i: (dims[i], -i))
        self._stride = [0, 0, 0]
        self._stride[fast] = 1
        self._stride[mid] = hi[fast] + 1
        self._stride[slow] = (hi[fast] + 1) * (hi[mid] + 1)
        self._bit_of = {c: self._index(c) for c in box.cells}
        self._cell_of = {b: c for c, b in self._bit_of.items()}
        self.start_free = self.mask(empty)
        self._holds = held_regions([p.name for p in self.types], box.holds)
        placements: list[list[Mask]] = []
        for piece, held in zip(self.types, self._holds, strict=True):
            inside = self.mask(held) if held is not None else -1  # where its placements may lie
            masks = []
            for o in piece.orientations():
                budget.check()
                d, r, c = geometry.size(o)
                for z0 in range(hi[0] - d + 1):
                    for r0 in range(hi[1] - r + 1):
                        for c0 in range(hi[2] - c + 1):
                            cells = [(z + z0, y + r0, x + c0) for z, y, x in o]
                            if all(cell in self._bit_of for cell in cells):
                                m = self.mask(cells)
                                if m & inside == m:
                                    masks.append(m)
            placements.append(masks)
        shifts = (self._stride[mid], self._stride[slow])
        if fewest is None:
            fewest = dims[fast] * dims[mid] > SWEEP_WIDTH
        self._setup([n for _, n in pieces], left, placements, shifts, min(p.size for p in self.types), fewest)

    def _index(self, cell: Cell) -> int:
        return sum(cell[i] * self._stride[i] for i in range(3))

    def solution_of(self, path: Iterable[tuple[int, Mask]]) -> Filling:
        """The filling a path of choices stands for, the placed blocks first."""
        return self.placed + tuple(Block(self.types[t], self.cells(m)) for t, m in path)

    def _symmetry_maps(self) -> list[tuple[Motion, bool]]:
        placed = {(b.piece, b.cells) for b in self.placed}
        counts = [n for _, n in self.pieces]
        shapes = [frozenset(p.orientations()) for p in self.types]
        maps: list[tuple[Motion, bool]] = []
        rotations = len(geometry.ROTATIONS)  # MOTIONS: the rotations first, then the reflections
        for i, motion in enumerate(geometry.MOTIONS):
            cell_map = box_motion(self.box, motion)
            if cell_map is None:
                continue
            types: list[int] = []
            for t, own in enumerate(shapes):
                image = frozenset(geometry.moved(motion, o) for o in own)
                match = [u for u, other in enumerate(shapes) if other == image and counts[u] == counts[t]]
                if not match:
                    break
                types.append(t if t in match else match[0])
            else:
                moved = {
                    (self.types[types[self.types.index(b.piece)]], frozenset(cell_map[c] for c in b.cells))
                    for b in self.placed
                }
                if moved != placed or not keeps_holds(self._holds, types, cell_map):
                    continue
                maps.append(((self._bit_map(cell_map), types), i >= rotations))
        return maps


def box_motion(box: Box, motion: geometry.Motion) -> dict[Cell, Cell] | None:
    """Where ``motion`` sends each of the box's cells when it maps the box onto itself, else None."""
    cells = sorted(box.cells)
    image = geometry.move(motion, cells)
    lo = [min(c[i] for c in image) for i in range(3)]
    moved = [(a - lo[0], b - lo[1], c - lo[2]) for a, b, c in image]
    if frozenset(moved) != box.cells:
        return None
    return dict(zip(cells, moved, strict=True))
