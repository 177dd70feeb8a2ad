"""Free-form boards made by joining pentominoes (the thesis, section 3.5).

A board of n distinct pentominoes "joined" ("aglutinados") so that each
touches another.  Its **perimeter** (Lemmas 3.1-3.3) counts every edge between
a board cell and a cell outside it, holes included: a pentomino has 12 (P has
10), each shared edge removes 2, so the perimeter is even and at most 10n+2.

The thesis builds boards in a square workspace, one piece at a time, each
piece in an orientation drawn once at the start and put with the top-left
corner of its bounding box on a cell next to the board (its ``PeriLista``):

* **1.1** (Algorithm 12): a random such cell, until one is valid;
* **1.2**: 1.1 again until the perimeter is at most the one asked for;
* **2.1** (Algorithm 13): every such cell is tried and the least perimeter kept;
* **2.2**: as 2.1, with three more anchors per cell (shifted left and up by the
  piece's width and height), so pieces can also join above and to the left.

A piece that fits nowhere goes to the back of the queue; when the queue comes
round to a piece already tried with as many pieces placed, the board is
discarded and construction starts again.  :func:`compact_board` goes beyond
the thesis: it reaches a perimeter band directly (see its docstring).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..budget import Budget, Outcome
from ..errors import PentoError
from ..i18n import N_, tr
from .board import Board, Placement
from .cover import Problem
from .geometry import Cell, Shape, bounds, components, mirror_h, mirror_v, neighbours, normalize, rotate
from .pieces import PENTOMINOES, PieceSet

VERSIONS = ("1.1", "1.2", "2.1", "2.2")
# What each version's boards look like, for a player choosing one (the thesis's names are the
# versions' numbers): 1.1 adds pentominoes anywhere on the edge, 2.1 and 2.2 keep the board ever
# more compact (mean perimeters 35.7, 30.7 and 26.5 for four pentominoes, Tables 3.2-3.5), and 1.2
# builds again until the perimeter is small enough.
VERSION_LABELS = (N_("spread out"), N_("spread out, outline limited"), N_("rounder"), N_("compact"))

# The thesis's published figures for n = 4 (Tables 3.2, 3.4, 3.5; means in the text).
THESIS_TABLES: dict[str, dict[str, float]] = {
    "1.1": {"18": 0.0, "19-24": 0.4, "25-30": 10.47, "31-36": 50.94, "37-42": 38.19, "mean": 35.667},
    "2.1": {"18": 0.0, "19-24": 6.42, "25-30": 46.47, "31-36": 42.09, "37-42": 5.02, "mean": 30.72},
    "2.2": {"18": 0.11, "19-24": 28.53, "25-30": 66.94, "31-36": 4.42, "37-42": 0.0, "mean": 26.51},
}


def perimeter(cells: Iterable[Cell]) -> int:
    """Edges between a cell of ``cells`` and a cell outside it (holes included)."""
    s = set(cells)
    return sum(1 for c in s for n in neighbours(c) if n not in s)


MAX_DISCARDS = 50_000  # boards version 1.2 may throw away for one board before giving up (about 10 s)


def min_perimeter(area: int) -> int:
    """The least perimeter of a polyomino of ``area`` cells (2 * ceil(2 * sqrt(area)))."""
    k = 0
    while k * k < 4 * area:
        k += 1
    return 2 * k


def bands(n: int) -> list[tuple[int, int]]:
    """Perimeter bands as in the thesis's tables: the least possible, then steps of six up to 10n+2."""
    lo = min_perimeter(5 * n)
    out = [(lo, lo)]
    start = lo + 1
    while start <= 10 * n + 2:
        out.append((start, start + 5))
        start += 6
    return out


def band_label(band: tuple[int, int]) -> str:
    return str(band[0]) if band[0] == band[1] else f"{band[0]}-{band[1]}"


@dataclass(frozen=True)
class FreeformBoard:
    """A board of joined pentominoes and the placements that built it."""

    placements: tuple[Placement, ...]
    discarded: int = 0  # boards thrown away on the way (loops; quality in 1.2)

    @property
    def cells(self) -> Shape:
        return frozenset(c for p in self.placements for c in p.cells)

    @property
    def perimeter(self) -> int:
        return perimeter(self.cells)

    @property
    def board(self) -> Board:
        return Board.of(self.cells)

    @property
    def pieces(self) -> PieceSet:
        return PieceSet.of([p.piece for p in self.placements])


class _Workspace:
    """The thesis's square work area (vMatriz) with the board being built."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells: set[Cell] = set()
        self.per = 0

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def peri_list(self) -> list[Cell]:
        """Cells next to the board, in the workspace, in reading order (Algorithm 8's PeriLista)."""
        return sorted({n for c in self.cells for n in neighbours(c) if n not in self.cells and self.inside(n)})

    def fit(self, shape: Shape, anchor: Cell, touching: set[Cell]) -> list[Cell] | None:
        """Algorithm 9: the cells, if all are in the workspace, free, and one touches the board."""
        cells = [(r + anchor[0], c + anchor[1]) for r, c in shape]
        if not all(self.inside(c) and c not in self.cells for c in cells):
            return None
        if self.cells and not any(c in touching for c in cells):
            return None
        return cells

    def perimeter_with(self, cells: list[Cell]) -> int:
        """Lemma 3.1: each new shared edge takes 2 off the sum of the perimeters."""
        shared = sum(1 for c in cells for n in neighbours(c) if n in self.cells)
        return self.per + perimeter(cells) - 2 * shared

    def add(self, cells: list[Cell]) -> None:
        self.per = self.perimeter_with(cells)
        self.cells.update(cells)


def _random_orientation(shape: Shape, rng: random.Random) -> Shape:
    """Algorithm 11: 0-3 rotations, then 0 or 1 vertical and 0 or 1 horizontal mirrors."""
    for _ in range(rng.randint(0, 3)):
        shape = rotate(shape)
    if rng.randint(0, 1):
        shape = mirror_v(shape)
    if rng.randint(0, 1):
        shape = mirror_h(shape)
    return shape


def build(version: str, n: int, rng: random.Random, max_perimeter: int | None = None) -> FreeformBoard:
    """One board of ``n`` distinct pentominoes by the thesis's construction ``version``.

    ``max_perimeter`` is version 1.2's quality test (boards with a larger
    perimeter are discarded and built again).
    """
    if version not in VERSIONS:
        raise PentoError(
            tr("unknown version {version!r}: choose one of {value}", version=version, value=", ".join(VERSIONS))
        )
    if not 2 <= n <= 12:
        raise PentoError(tr("n must be between 2 and 12"))
    if version == "1.2" and max_perimeter is None:
        raise PentoError(tr("version 1.2 needs the largest perimeter to accept"))
    if version == "1.2" and max_perimeter is not None and max_perimeter < min_perimeter(5 * n):
        least = min_perimeter(5 * n)
        raise PentoError(
            tr(
                "no board of {n} pentominoes has a perimeter of {max_perimeter} or less (the least: {least})",
                n=n,
                max_perimeter=max_perimeter,
                least=least,
            )
        )
    size = 8 * n + 2  # 34 for n = 4, as in the thesis (section 3.1)
    discarded = 0
    while discarded <= MAX_DISCARDS:
        board = _attempt(version, n, rng, size)
        if board is None or (version == "1.2" and max_perimeter is not None and board.perimeter > max_perimeter):
            discarded += 1
            continue
        return FreeformBoard(board.placements, discarded)
    raise PentoError(
        tr(
            "version {version} built no board with a perimeter of at most {max_perimeter} in {MAX_DISCARDS:,}"
            " tries; a perimeter band (--band) builds compact boards directly",
            version=version,
            max_perimeter=max_perimeter,
            MAX_DISCARDS=MAX_DISCARDS,
        )
    )


def _attempt(version: str, n: int, rng: random.Random, size: int) -> FreeformBoard | None:
    names = rng.sample(sorted(PENTOMINOES), n)
    queue = [(name, _random_orientation(PENTOMINOES[name].shape, rng)) for name in names]
    touched = [0] * n  # Pent[].tocado: pieces placed when this piece was last tried
    ws = _Workspace(size)
    middle = size // 2
    placements: list[Placement] = []
    first = ws.fit(queue[0][1], (middle, middle), set())
    assert first is not None
    ws.add(first)
    placements.append(Placement(PENTOMINOES[queue[0][0]], frozenset(first)))
    touched[0] = 1
    k = 1
    while k < n:
        name, shape = queue[k]
        peri = ws.peri_list()
        touching = set(peri)
        cells = _choose(version, ws, shape, peri, touching, rng)
        if cells is None:
            # to the back of the queue; a piece met again with as many placed means a loop
            touched[k] = k + 1
            queue.append(queue.pop(k))
            touched.append(touched.pop(k))
            if touched[k] >= k + 1:
                return None
            continue
        ws.add(cells)
        placements.append(Placement(PENTOMINOES[name], frozenset(cells)))
        touched[k] = k + 1
        k += 1
    return FreeformBoard(tuple(placements))


def _choose(
    version: str, ws: _Workspace, shape: Shape, peri: list[Cell], touching: set[Cell], rng: random.Random
) -> list[Cell] | None:
    if version in ("1.1", "1.2"):
        candidates = list(peri)
        while candidates:  # draw, and drop what does not fit (swap with the last)
            i = rng.randrange(len(candidates))
            cells = ws.fit(shape, candidates[i], touching)
            if cells is not None:
                return cells
            candidates[i] = candidates[-1]
            candidates.pop()
        return None
    anchors = peri
    if version == "2.2":
        _, _, max_r, max_c = bounds(shape)
        extra = set(peri)
        for r, c in peri:
            for cell in ((r, c - max_c), (r - max_r, c - max_c), (r - max_r, c)):
                if ws.inside(cell):
                    extra.add(cell)
        anchors = sorted(extra)
    best: list[Cell] | None = None
    least = None
    for anchor in anchors:
        cells = ws.fit(shape, anchor, touching)
        if cells is None:
            continue
        p = ws.perimeter_with(cells)
        if least is None or p <= least:  # "temp <= menor": the last of equals wins
            least, best = p, cells
    return best


def table(
    version: str, n: int, count: int, seed: int, max_perimeter: int | None = None, budget: Budget | None = None
) -> dict[str, object]:
    """Build ``count`` boards and tally their perimeters in the thesis's bands (BudgetSpent when
    ``budget`` runs out first)."""
    budget = (budget or Budget()).started()
    rng = random.Random(seed)
    hist = {band_label(b): 0 for b in bands(n)}
    total = 0
    discarded = 0
    for _ in range(count):
        budget.check()
        board = build(version, n, rng, max_perimeter)
        p = board.perimeter
        total += p
        discarded += board.discarded
        for b in bands(n):
            if b[0] <= p <= b[1]:
                hist[band_label(b)] += 1
    return {"counts": hist, "mean": total / count if count else 0.0, "discarded": discarded, "boards": count}


def compact_board(n: int, low: int, high: int, rng: random.Random, budget_steps: int = 20_000) -> FreeformBoard:
    """A board of ``n`` distinct joined pentominoes whose perimeter lies in [low, high].

    A few boards are first built the thesis's way (versions 2.2, 2.1, 1.1 in
    turn), which is quickest where the band is common.  Otherwise, instead of
    building boards and throwing away those outside the band (version 1.2,
    thousands of discards for compact bands), a region of 5n
    cells is steered into the band: a cell on its edge moves to a free cell
    next to it whenever that brings the perimeter nearer the band (and now
    and then when not, to leave local minima).  A region in the band is kept
    when the solver finds it tiled by n distinct pentominoes, which become
    the board's pieces.
    """
    if not 2 <= n <= 12:
        raise PentoError(tr("n must be between 2 and 12"))
    area = 5 * n
    if low > high:
        raise PentoError(tr("a perimeter band goes from low to high, not from {low} to {high}", low=low, high=high))
    least, most = min_perimeter(area), 10 * n + 2
    if high < least or low > most:
        raise PentoError(
            tr(
                "boards of {n} pentominoes have perimeters from {least} to {most}, none in {low}-{high}",
                n=n,
                least=least,
                most=most,
                low=low,
                high=high,
            )
        )
    low, high = max(low, least), min(high, most)
    if low == high and low % 2:
        raise PentoError(tr("no board has a perimeter of {low}: a perimeter is always even", low=low))
    # Where the band is common, the thesis's own builders land in it within a few tries.
    for attempt in range(24):
        board = _attempt(("2.2", "2.1", "1.1")[attempt % 3], n, rng, 8 * n + 2)
        if board is not None and low <= board.perimeter <= high:
            return board
    pentominoes = PieceSet.pentominoes()
    for _ in range(200):
        region = _steer(_grow(area, rng), low, high, rng, budget_steps)
        if region is None:
            continue
        result = Problem(Board.of(region), pentominoes, allow_unused=True).first(Budget(max_seconds=5))
        if result.status is Outcome.YES and result.solution is not None:
            return FreeformBoard(result.solution)
    raise PentoError(
        tr("could not build a board of {n} pentominoes with perimeter {low}-{high}", n=n, low=low, high=high)
    )


def _grow(area: int, rng: random.Random, compact: float = 0.0) -> set[Cell]:
    """A random region of ``area`` cells; with ``compact`` > 0 a free cell is more likely
    to be added the more region cells it touches (weight ``(1 + compact) ** touching``)."""
    region = {(0, 0)}
    while len(region) < area:
        frontier = sorted({n for c in region for n in neighbours(c)} - region)
        if compact:
            weights = [(1 + compact) ** sum(1 for m in neighbours(f) if m in region) for f in frontier]
            region.add(rng.choices(frontier, weights)[0])
        else:
            region.add(rng.choice(frontier))
    return region


def _distance(p: int, low: int, high: int) -> int:
    return low - p if p < low else p - high if p > high else 0


def _steer(region: set[Cell], low: int, high: int, rng: random.Random, steps: int) -> frozenset[Cell] | None:
    region = set(region)
    per = perimeter(region)
    for _ in range(steps):
        if low <= per <= high:
            return normalize(region)
        edge = [c for c in region if any(n not in region for n in neighbours(c))]
        out = edge[rng.randrange(len(edge))]
        touching_out = sum(1 for n in neighbours(out) if n in region)
        region.discard(out)
        # a cell with one neighbour in the region is a leaf: taking it keeps the region connected
        if touching_out > 1 and len(components(region)) != 1:
            region.add(out)
            continue
        free = sorted({n for c in region for n in neighbours(c)} - region - {out})
        into = free[rng.randrange(len(free))]
        touching_in = sum(1 for n in neighbours(into) if n in region)
        # Lemma 3.1 locally: a cell adds 4 edges and every neighbour in the region takes 2 off
        new = per - (4 - 2 * touching_out) + (4 - 2 * touching_in)
        if _distance(new, low, high) <= _distance(per, low, high) or rng.random() < 0.05:
            region.add(into)
            per = new
        else:
            region.add(out)
    return None
