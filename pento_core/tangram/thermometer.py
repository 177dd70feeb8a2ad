"""The thermometer a player reads: how much of the silhouette is made, counting only tans that lie
where a solution has them.

The poster's measure (:func:`~.outline.progress`: the smaller of the share of the target's outline
corners the player's outline has and the share of its area the tans cover) is kept for the record,
but it misleads a player: it stays at 0 % through six correct tans of the Triangle (the outline
has none of the target's corners until the figure is nearly whole), drops after a correct tan in
32 of 252 placement orders, and any overlap anywhere reads 0 %.

This one is the share of the set's area (8 small-triangle legs squared) lying in the places of
one solution, the best one for the position:

* the solutions are the stored arrangement and its images under the silhouette's own symmetries
  (the square's eight turns and flips, the mirror of a figure that is its own mirror image): a
  tan seated as the stored solution has it turned by the figure's symmetry is as right;
* a tan counts for a solution when it lies exactly on one of that solution's places for its
  kind (one tan to one place): a tan that overlaps another or spills over the silhouette is in no
  solution's place, so it never counts, and it takes nothing from the tans that are right (a tan
  dropped on a right one while the player moves it about leaves the reading as it was);
* the reading is the best solution's share, rounded down, so 100 % means every tan is in place:
  the figure is made.  (A figure made another way, which the outline check accepts, is shown as
  solved by the game, at 100 %.)

So every tan placed where a solution can have it raises the reading, as long as the tans placed
before it fit the same solution; a misplaced one never changes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache

from .arrangement import Placed
from .geometry import Point, add, ccw, mirror, normalise, rotate45, sub
from .number import ZERO, Surd
from .outline import Silhouette

# each tan's area, the small triangle's legs being 1: the set's area is 8
AREA = {"S": Fraction(1, 2), "M": Fraction(1), "L": Fraction(2), "Q": Fraction(1), "P": Fraction(1)}
SET_AREA = sum((AREA[c] * n for c, n in {"S": 2, "M": 1, "L": 2, "Q": 1, "P": 1}.items()), Fraction(0))

Place = tuple[str, frozenset[Point]]  # a tan's kind and its corners: where it lies, whatever its turn
Motion = Callable[[Point], Point]


def place(tan: Placed) -> Place:
    return tan.code, frozenset(tan.polygon())


def _centre(points: Sequence[Point]) -> Point:
    """The mean of ``points``: every symmetry of a polygon permutes its corners, so it fixes this."""
    n = Surd(Fraction(1, len(points)))
    return (sum((p[0] for p in points), ZERO) * n, sum((p[1] for p in points), ZERO) * n)


def _motions(centre: Point) -> list[Motion]:
    """The sixteen turns by 45° and flips about ``centre`` (the identity first)."""

    def motion(k: int, flip: bool) -> Motion:
        return lambda p: add(centre, rotate45(mirror(sub(p, centre)) if flip else sub(p, centre), k))

    return [motion(k, flip) for flip in (False, True) for k in range(8)]


def symmetries(target: Silhouette) -> list[Motion]:
    """The motions that map the silhouette (outline and holes) onto itself, the identity first."""
    outline = normalise(ccw(target.outline))
    corners = frozenset(outline)
    holes = frozenset(frozenset(normalise(ccw(h))) for h in target.holes)
    found = []
    for m in _motions(_centre(outline)):
        if frozenset(m(p) for p in corners) != corners:
            continue
        if frozenset(frozenset(m(p) for p in h) for h in holes) == holes:
            found.append(m)
    return found


@lru_cache(maxsize=64)
def solutions(target: Silhouette, solution: tuple[Placed, ...]) -> tuple[Counter[Place], ...]:
    """The places of ``solution`` and of its images under the silhouette's symmetries, each once."""
    seen: list[Counter[Place]] = []
    stored = [(t.code, t.polygon()) for t in solution]
    for m in symmetries(target):
        image = Counter((code, frozenset(m(p) for p in poly)) for code, poly in stored)
        if image not in seen:
            seen.append(image)
    return tuple(seen)


def share(target: Silhouette, solution: tuple[Placed, ...], tans: Sequence[Placed | None]) -> Fraction:
    """The share of the set's area lying in the places of the best solution (module docstring)."""
    laid = Counter(place(t) for t in tans if t is not None)
    best = Fraction(0)
    for places in solutions(target, solution):
        right = laid & places  # one tan to one place
        best = max(best, sum((AREA[code] * n for (code, _), n in right.items()), Fraction(0)))
    return best / SET_AREA


def progress(target: Silhouette, solution: tuple[Placed, ...], tans: Sequence[Placed | None]) -> int:
    """The thermometer, a whole percentage: 100 only when every tan is in a solution's place."""
    return int(100 * share(target, solution, tans))
