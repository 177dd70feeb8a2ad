"""The table the tans lie on: moving, turning and flipping a tan, and snapping a drop to an exact place.

The page drags tans with floating-point pixels; the core turns each drop into
an exact position (a :class:`~.arrangement.Placed` with :class:`~.number.Surd`
coordinates), so that a figure can be finished exactly, and a verdict never
sees a float.  A drop **snaps**: among the places where one of the tan's
corners lies on a *mark* (a corner or an edge's midpoint of another tan or of
the silhouette) within :data:`SNAP` of the drop, the nearest one where the tan
overlaps nothing wins (when each overlaps, the nearest of them: the player put it
there); with no mark near, the corner goes to the nearest point of a quarter-unit
lattice.  A turn or a flip keeps the tan's centre where it
is, then snaps the same way, so a tan turned in place stays against its
neighbours.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction

from ..errors import ParseError
from ..i18n import tr
from .arrangement import Placed
from .geometry import Point, Polygon, sub
from .number import Surd
from .outline import overlap

SNAP = 0.35  # table units (a small triangle's leg is 1): how far a corner jumps to a mark
LATTICE = 4  # with no mark near, a corner lands on a multiple of 1/LATTICE
REACH = 60  # a tan's corner stays within this many units of the origin
_FLOAT = re.compile(r"^-?[0-9]{1,4}(?:\.[0-9]{1,8})?$")


def parse_float(text: str, what: str) -> float:
    """A plain decimal number from the page (no exponent, no ``nan``): a drop's coordinate."""
    if not _FLOAT.match(text):
        raise ParseError(tr("{what} must be a decimal number like -1.25, not {value!r}", what=what, value=text[:20]))
    value = float(text)
    if abs(value) > REACH:
        raise ParseError(tr("{what} must lie within {REACH} units of the table's centre", what=what, REACH=REACH))
    return value


def write_float(value: float) -> str:
    """``value`` as :func:`parse_float` reads it: a plain decimal of at most 8 places."""
    text = f"{value:.8f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _floats(p: Point) -> tuple[float, float]:
    return (float(p[0]), float(p[1]))


def marks(polygons: list[Polygon]) -> list[Point]:
    """The points a corner snaps to: the corners and edge midpoints of ``polygons``, each once."""
    half = Surd(Fraction(1, 2))
    out: dict[Point, None] = {}
    for poly in polygons:
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            out[a] = None
            out[((a[0] + b[0]) * half, (a[1] + b[1]) * half)] = None
    return list(out)


def centre(poly: Polygon) -> Point:
    """The mean of the corners (inside a convex tan; exact)."""
    n = Surd(len(poly))
    return (sum((p[0] for p in poly), Surd()) / n, sum((p[1] for p in poly), Surd()) / n)


def lattice(x: float) -> Surd:
    """The multiple of ``1/LATTICE`` nearest ``x``."""
    return Surd(Fraction(round(x * LATTICE), LATTICE))


def snap(tan: Placed, want: tuple[float, float], spots: list[Point], others: list[Polygon]) -> Placed:
    """``tan`` with its first corner as near ``want`` as the snapping rule (module docstring) puts it."""
    corners = [sub(v, tan.at) for v in tan.polygon()]  # each corner's offset from the first
    near: list[tuple[float, Point]] = []
    for spot in spots:
        sx, sy = _floats(spot)
        for c in corners:
            cx, cy = _floats(c)
            d = math.hypot(sx - cx - want[0], sy - cy - want[1])
            if d <= SNAP:
                near.append((d, sub(spot, c)))
    near.sort(key=lambda t: t[0])
    seen = set()
    for _, at in near:
        if at in seen:
            continue
        seen.add(at)
        moved = replace(tan, at=at)
        poly = moved.polygon()
        if not any(overlap(poly, o) for o in others):
            return moved
    if near:  # every mark near puts it onto another tan: the nearest, still corner to corner
        return replace(tan, at=near[0][1])
    return replace(tan, at=(lattice(want[0]), lattice(want[1])))


def turned(tan: Placed, step: int) -> tuple[Placed, tuple[float, float]]:
    """``tan`` turned by ``step`` × 45° counter-clockwise about its centre, and where its first
    corner would go for the centre to stay put (a drop to snap)."""
    return _about_centre(tan, replace(tan, turn=(tan.turn + step) % 8))


def flipped(tan: Placed) -> tuple[Placed, tuple[float, float]]:
    """``tan`` mirrored in the vertical line through its centre (as :func:`turned`).  A mirror after
    a turn by k is a turn by -k after a mirror, hence the turn's sign."""
    return _about_centre(tan, replace(tan, turn=(-tan.turn) % 8, flip=not tan.flip))


def _about_centre(old: Placed, new: Placed) -> tuple[Placed, tuple[float, float]]:
    here = centre(old.polygon())
    there = centre(new.polygon())
    at = (new.at[0] + here[0] - there[0], new.at[1] + here[1] - there[1])
    return replace(new, at=at), _floats(at)
