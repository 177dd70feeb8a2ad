"""Points, polygons and the seven tans, exactly (coordinates are :class:`~.number.Surd`).

The tans, with the small triangle's legs 1 (the set's area is 8): two small
triangles (legs 1), a medium one (legs √2), two large ones (legs 2), a
square (side 1) and a parallelogram (sides 1 and √2, angles 45° and 135°).
Polygons are tuples of points, counter-clockwise once :func:`ccw` has been
applied.  Rotations by multiples of 45°, mirror images and translations keep
every coordinate in the field.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import ParseError
from ..i18n import tr
from .number import HALF_ROOT2, ONE, ROOT2, ZERO, Surd, parse

Point = tuple[Surd, Surd]
Polygon = tuple[Point, ...]
TWO = Surd(Fraction(2))

# name -> how many of it a set has
TANS = {"small triangle": 2, "medium triangle": 1, "large triangle": 2, "square": 1, "parallelogram": 1}


def sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def add(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1])


def cross(u: Point, v: Point) -> Surd:
    return u[0] * v[1] - u[1] * v[0]


def dot(u: Point, v: Point) -> Surd:
    return u[0] * v[0] + u[1] * v[1]


def area2(poly: Polygon) -> Surd:
    """Twice the signed area (positive when counter-clockwise)."""
    total = ZERO
    for i, p in enumerate(poly):
        total = total + cross(p, poly[(i + 1) % len(poly)])
    return total


def ccw(poly: Polygon) -> Polygon:
    """The polygon counter-clockwise."""
    return poly if area2(poly).sign() > 0 else tuple(reversed(poly))


def rotate45(p: Point, k: int) -> Point:
    """``p`` turned by ``k`` × 45° counter-clockwise about the origin."""
    x, y = p
    for _ in range(k % 8):
        x, y = (x - y) * HALF_ROOT2, (x + y) * HALF_ROOT2
    return (x, y)


def mirror(p: Point) -> Point:
    """``p`` mirrored in the vertical axis."""
    return (-p[0], p[1])


def shape(name: str) -> Polygon:
    """The tan ``name`` at the origin, counter-clockwise."""
    o, one, r2 = ZERO, ONE, ROOT2
    return {
        "small triangle": ((o, o), (one, o), (o, one)),
        "medium triangle": ((o, o), (r2, o), (o, r2)),
        "large triangle": ((o, o), (TWO, o), (o, TWO)),
        "square": ((o, o), (one, o), (one, one), (o, one)),
        "parallelogram": ((o, o), (one, o), (one + one, one), (one, one)),
    }[name]


def signature(poly: Polygon) -> tuple[tuple[Surd, Surd, Surd], ...]:
    """For each corner: the squared length of the edge leaving it, and the dot and cross products
    with the next edge.  Two polygons are congruent by a turn and a shift exactly when these
    sequences agree up to a cyclic shift (lengths and angles in order)."""
    n = len(poly)
    edges = [sub(poly[(i + 1) % n], poly[i]) for i in range(n)]
    return tuple((dot(e, e), dot(e, edges[(i + 1) % n]), cross(e, edges[(i + 1) % n])) for i, e in enumerate(edges))


def same_cycle(a: tuple[object, ...], b: tuple[object, ...]) -> int | None:
    """The shift ``k`` with ``a[i] == b[(i + k) % n]`` for all ``i``, or None."""
    if len(a) != len(b):
        return None
    n = len(a)
    for k in range(n):
        if all(a[i] == b[(i + k) % n] for i in range(n)):
            return k
    return None


def mirrored(poly: Polygon) -> Polygon:
    return ccw(tuple(mirror(p) for p in poly))


def identify(poly: Polygon) -> str | None:
    """Which tan ``poly`` is (turned, moved, the parallelogram perhaps flipped), or None."""
    poly = ccw(poly)
    size = area2(poly)
    mine = signature(poly)
    for name in TANS:
        model = shape(name)
        if len(model) != len(poly) or area2(model) != size:  # cheap tests first: corners and area
            continue
        for candidate in (model, mirrored(model)):
            if same_cycle(mine, signature(candidate)) is not None:
                return name
    return None


def parse_point(text: str) -> Point:
    x, sep, y = text.partition(",")
    if not sep:
        raise ParseError(tr("{value!r} is not a point x,y", value=text[:30]))
    return (parse(x), parse(y))


def parse_polygon(line: str) -> Polygon:
    """A polygon: its points ``x,y`` separated by spaces."""
    points = tuple(parse_point(t) for t in line.split())
    if len(points) < 3:
        raise ParseError(tr("a polygon has at least three points"))
    if area2(points).sign() == 0:
        raise ParseError(tr("a polygon's points must not all lie on one line"))
    return ccw(points)


def normalise(poly: Polygon) -> Polygon:
    """Drop corners where the outline goes straight on (collinear neighbours), so edges are merged.

    One pass with a stack, then the seam where the loop closes: linear in the corners (the
    silhouette file of a command line may have tens of thousands of them; dropping one corner at a
    time and starting over was quadratic, minutes for 40 kB)."""

    def straight(a: Point, b: Point, c: Point) -> bool:
        return cross(sub(b, a), sub(c, b)).sign() == 0 and dot(sub(b, a), sub(c, b)).sign() > 0

    out: list[Point] = []
    for p in poly:
        while len(out) >= 2 and straight(out[-2], out[-1], p):
            out.pop()
        out.append(p)
    start = 0  # the corners where the loop closes: the last before the first, the first after the last
    changed = True
    while changed and len(out) - start > 3:
        changed = False
        if straight(out[-2], out[-1], out[start]):
            out.pop()
            changed = True
        elif straight(out[-1], out[start], out[start + 1]):
            start += 1
            changed = True
    return tuple(out[start:])
