"""New tangram silhouettes: the seven tans laid edge to edge, the figure traced exactly, graded.

A figure grows from one tan: each next tan (in a random order) is laid along an edge of a tan
already down, its edge running the opposite way along the other's from one of that edge's ends,
so that every tan shares a stretch of edge with the figure (never a corner alone) and every
corner stays in the exact numbers a + b√2 (turns by 45° included: √2 lengths meet √2 lengths).
Of a few places that do not overlap, the one that keeps the figure's bounding box smallest is
taken: figures come out compact enough to read as a shape.

The figure's outline and holes are then traced by the verifier's own code
(:func:`~.outline.trace`), so a generated silhouette is exactly what the game will compare a
player's tans with, and its arrangement is stored with it for Hint and Solve.  A figure is kept
when

* it has no hole (or, asked for holes, at least one);
* it is compact: its area (8) is at least :data:`MIN_FILL` of its bounding box, and the box at most
  :data:`MAX_ASPECT` times as long as it is wide;
* it is no library silhouette, turned or mirrored (:func:`~.outline.matches`);
* its grade is the level asked.

**Grade.**  The outline gives the tans away where their corners are its corners.  Of the set's
23 tan corners, the share that are *hidden* (inside the figure or in the middle of an outline
edge) grades it: a figure where nearly every corner shows says where the tans go (**easy**: at
most 3 of 23 hidden), one whose long straight edges run along several tans hides them (**hard**:
7 or more hidden).  The bounds (:data:`LEVELS`) split figures grown at random into thirds.

The same seed and level give the same figure in every release: the random choices come from
``random.Random`` seeded by the level and the seed, whose sequence Python keeps stable, and the
tests hold a few seeds' figures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..budget import Budget
from .arrangement import Placed
from .geometry import Point, Polygon, ccw, normalise, sub
from .library import FIGURES
from .number import ZERO
from .outline import Silhouette, matches, overlap, trace

# the share of the 23 tan corners the outline hides: from, below (3/23 and 7/23 split figures
# grown at random into thirds: 0.13 and 0.30 measured over 150)
LEVELS = {"easy": (0.0, 0.15), "medium": (0.15, 0.29), "hard": (0.29, 1.01)}
MIN_FILL = 0.34  # the figure's area as a share of its bounding box, at least
MAX_ASPECT = 2.6  # the bounding box's long side over its short side, at most
CHOICES = 3  # places tried for each tan; the most compact is kept
TAN_CORNERS = 23  # 5 triangles and 2 quadrilaterals
ORDER = ("L", "L", "M", "S", "S", "Q", "P")


@dataclass(frozen=True)
class Generated:
    """A generated silhouette, its arrangement (the tans where they lie in it), its level and
    the share of tan corners its outline hides."""

    silhouette: Silhouette
    tans: tuple[Placed, ...]
    level: str
    hidden: float
    tries: int  # figures grown until this one was kept


@cache
def _library() -> dict[int, tuple[Silhouette, ...]]:
    """The library's silhouettes (straight corners dropped, as traced outlines have none) by their
    number of corners: a figure is compared only with those it could be."""
    out: dict[int, list[Silhouette]] = {}
    for f in FIGURES:
        sil = f.silhouette()
        outline = normalise(ccw(sil.outline))
        holes = tuple(normalise(tuple(reversed(ccw(h)))) for h in sil.holes)
        out.setdefault(len(outline), []).append(Silhouette(outline, holes))
    return {n: tuple(sils) for n, sils in out.items()}


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _box(poly: Polygon) -> Box:
    xs = [float(x) for x, _ in poly]
    ys = [float(y) for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _apart(a: Box, b: Box) -> bool:
    """Whether two bounding boxes are clearly apart (then their polygons cannot overlap: the exact
    test is spent only on the others)."""
    return a[2] < b[0] + 1e-9 or b[2] < a[0] + 1e-9 or a[3] < b[1] + 1e-9 or b[3] < a[1] + 1e-9


def _box_area(boxes: list[Box]) -> float:
    """The area of the box around ``boxes``."""
    return (max(b[2] for b in boxes) - min(b[0] for b in boxes)) * (max(b[3] for b in boxes) - min(b[1] for b in boxes))


def _orientations(code: str) -> list[tuple[int, bool]]:
    flips = (False, True) if code == "P" else (False,)
    return [(turn, flip) for flip in flips for turn in range(8)]


def _direction(a: Point, b: Point) -> int:
    """The direction of edge ``a``-``b`` in eighths of a turn: a tan's edges all run at multiples of
    45°, so the rounded angle of the floats is exact (and no exact arithmetic is spent)."""
    return round(math.atan2(float(b[1]) - float(a[1]), float(b[0]) - float(a[0])) / (math.pi / 4)) % 8


def _edges(poly: Polygon) -> list[tuple[Point, Point, int]]:
    """The polygon's edges, each with its direction."""
    return [
        (poly[i], poly[(i + 1) % len(poly)], _direction(poly[i], poly[(i + 1) % len(poly)])) for i in range(len(poly))
    ]


@cache
def _shapes(code: str) -> tuple[tuple[int, bool, tuple[tuple[Point, Point, int], ...]], ...]:
    """Tan ``code`` in each orientation at the origin: the turn, the flip and the edges."""
    return tuple(
        (turn, flip, tuple(_edges(Placed(code, turn, flip, (ZERO, ZERO)).polygon())))
        for turn, flip in _orientations(code)
    )


def _attachments(down: list[Polygon], code: str) -> list[tuple[int, bool, Point, Point]]:
    """Every place for tan ``code`` with an edge running opposite along an edge of a tan down,
    from one end of it (overlaps not yet ruled out), as (turn, flip, onto, corner): the tan
    turned and flipped, moved so that its ``corner`` lies on ``onto`` (:func:`_placed`).  Kept
    apart so that only the places tried are moved: a grown figure tries a few of some thousands."""
    edges_down = [edge for poly in down for edge in _edges(poly)]
    out = []
    for turn, flip, edges in _shapes(code):
        for c, d, direction in edges:
            opposite = (direction + 4) % 8
            for a, b, other in edges_down:
                if other != opposite:
                    continue
                out.append((turn, flip, b, c))  # c laid on b (d towards a)
                out.append((turn, flip, a, d))  # or d on a
    return out


def _placed(code: str, place: tuple[int, bool, Point, Point]) -> Placed:
    turn, flip, onto, corner = place
    return Placed(code, turn, flip, sub(onto, corner))


def grow(rng: random.Random) -> list[Placed]:
    """Seven tans laid edge to edge (module docstring), the first one at the origin."""
    order = list(ORDER)
    rng.shuffle(order)
    first = order.pop()
    turn, flip = rng.choice(_orientations(first))
    tans = [Placed(first, turn, flip, (ZERO, ZERO))]
    polys = [tans[0].polygon()]
    boxes = [_box(polys[0])]
    for code in order:
        places = _attachments(polys, code)
        rng.shuffle(places)
        fitting: list[tuple[Placed, Polygon, Box]] = []
        for where in places:
            place = _placed(code, where)
            poly = place.polygon()
            box = _box(poly)
            if not any(not _apart(box, b) and overlap(poly, q) for q, b in zip(polys, boxes, strict=True)):
                fitting.append((place, poly, box))
                if len(fitting) == CHOICES:
                    break
        if not fitting:
            return []  # boxed in: grown again
        place, poly, box = min(fitting, key=lambda found: _box_area([*boxes, found[2]]))
        tans.append(place)
        polys.append(poly)
        boxes.append(box)
    return tans


def hidden_share(outline: Polygon, holes: tuple[Polygon, ...], tans: list[Placed]) -> float:
    """The share of the tans' corners that are no corner of the figure's outline or holes."""
    shown = set(outline) | {p for h in holes for p in h}
    corners = [p for t in tans for p in t.polygon()]
    return sum(1 for p in corners if p not in shown) / len(corners)


def generate(
    level: str = "medium",
    seed: int = 0,
    holes: bool = False,
    budget: Budget | None = None,
    progress: Callable[[int], None] | None = None,
) -> Generated:
    """A silhouette of ``level`` (:data:`LEVELS`) from ``seed``: figures are grown until one is
    kept (module docstring); ``holes``: one with at least one hole.  ``budget`` is checked
    between figures (BudgetSpent); ``progress`` hears how many were grown."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    low, high = LEVELS[level]
    rng = random.Random(f"tangram:{level}:{'holes' if holes else 'plain'}:{seed}")
    tries = 0
    while True:
        if budget is not None:
            budget.check()
        tries += 1
        if progress is not None:
            progress(tries)
        tans = grow(rng)
        if not tans:
            continue
        traced = trace([t.polygon() for t in tans])
        if traced.overlap is not None or len(traced.outlines) != 1:
            continue
        outline = normalise(traced.outlines[0])
        loops = tuple(normalise(h) for h in traced.holes)
        if bool(loops) != holes:
            continue
        x0, y0, x1, y1 = _box(outline)
        w, h = x1 - x0, y1 - y0
        if 8 / (w * h) < MIN_FILL or max(w, h) / min(w, h) > MAX_ASPECT:
            continue
        hidden = hidden_share(outline, loops, tans)
        if not low <= hidden < high:
            continue
        if any(matches(outline, list(loops), fig, True) for fig in _library().get(len(outline), ())):
            continue
        return Generated(Silhouette(outline, loops), tuple(tans), level, hidden, tries)
