"""Boards for the Game of 20 and of 30 (the thesis, sections 2.3 and 2.6).

A board of area 5k that ``copies`` sets of k distinct pentominoes each cover,
the sets pairwise disjoint and together all twelve: 3 x 4 for the Game of 20,
2 x 6 for the Game of 30.  Boards are offered only with that proof: the
coverings themselves, found by the exact-cover engine.

Boards grown at random almost never qualify, so the generator first steers a
region of 5k cells to a compact perimeter (where qualifying boards are far
more common), then applies a necessary test that costs a few bit operations
(every one of the twelve pentominoes must fit somewhere in it, since each is
used by one of the coverings), and only then asks the engine for every
tiling of the region by distinct pentominoes and looks for disjoint sets
among them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..budget import Budget, Progress
from ..errors import PentoError
from ..i18n import tr
from .board import Board, Placement
from .cover import Problem
from .freeform import _grow, _steer, min_perimeter
from .geometry import Shape, bounds
from .pieces import PENTOMINOES, PieceSet

KINDS = {"twenty": (4, 3), "thirty": (6, 2)}  # pieces per set, copies of the board


@dataclass(frozen=True)
class PartitionBoard:
    """A board and one covering per copy; the coverings' piece sets partition the 12 pentominoes."""

    board: Board
    coverings: tuple[tuple[Placement, ...], ...]
    tried: int  # regions examined before this one


def every_pentomino_fits(region: Shape) -> bool:
    """Whether each of the 12 pentominoes has a placement inside ``region`` (a necessary condition)."""
    _, _, h, w = bounds(region)
    stride = w + 2
    mask = 0
    for r, c in region:
        mask |= 1 << (r * stride + c)
    return all(any(_fits(o, mask, stride, h, w) for o in piece.orientations()) for piece in PENTOMINOES.values())


def _fits(shape: Shape, region: int, stride: int, h: int, w: int) -> bool:
    _, _, sh, sw = bounds(shape)
    m = 0
    for r, c in shape:
        m |= 1 << (r * stride + c)
    for r0 in range(h - sh + 1):
        for c0 in range(w - sw + 1):
            shifted = m << (r0 * stride + c0)
            if shifted & region == shifted:
                return True
    return False


def prove(board: Board, k: int, copies: int, budget: Budget | None = None) -> tuple[tuple[Placement, ...], ...] | None:
    """Coverings of ``board`` by ``copies`` pairwise disjoint sets of ``k`` distinct pentominoes, or None."""
    problem = Problem(board, PieceSet.pentominoes(), allow_unused=True)
    by_set: dict[int, tuple[Placement, ...]] = {}
    order = sorted(PENTOMINOES)
    for solution in problem.solutions(budget=budget):
        key = sum(1 << order.index(p.piece.name) for p in solution)
        by_set.setdefault(key, solution)
    full = (1 << 12) - 1
    keys = sorted(by_set)

    def search(left: int, chosen: list[int]) -> list[int] | None:
        if not left:
            return chosen
        low = left & -left  # the set that holds the first piece still to place
        for key in keys:
            if key & low and key & left == key:
                found = search(left ^ key, [*chosen, key])
                if found:
                    return found
        return None

    if len(keys) < copies:
        return None
    found = search(full, [])
    if found is None or len(found) != copies:
        return None
    return tuple(by_set[key] for key in found)


def generate(
    kind: str,
    seed: int,
    max_regions: int = 20_000,
    progress: Callable[[Progress], None] | None = None,
    budget: Budget | None = None,
) -> PartitionBoard:
    """A Game of 20 (``twenty``) or of 30 (``thirty``) board with its proof; a seed always gives the same.

    ``progress`` hears how many regions have been examined, about every quarter second; ``budget``
    bounds the whole (BudgetSpent, never a board without its proof)."""
    if kind not in KINDS:
        raise PentoError(tr("unknown kind {kind!r}: twenty or thirty", kind=kind))
    k, copies = KINDS[kind]
    area = 5 * k
    rng = random.Random(seed)
    low = min_perimeter(area)
    budget = (budget or Budget()).started()
    start = time.monotonic()
    last = float("-inf")  # report at once: work has begun
    for tried in range(max_regions):
        budget.check()
        if progress is not None and time.monotonic() - last > 0.25:
            last = time.monotonic()
            progress(Progress(tried, 0, last - start, "boards"))
        region = _steer(_grow(area, rng, compact=8.0), low, low + 4, rng, 4000)
        if region is None or not every_pentomino_fits(region):
            continue
        board = Board.of(region)
        coverings = prove(board, k, copies, budget)
        if coverings is not None:
            return PartitionBoard(board, coverings, tried)
    raise PentoError(tr("no {kind} board found after {max_regions} regions", kind=kind, max_regions=max_regions))
