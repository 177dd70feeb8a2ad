"""The convex tangram figures (Wang and Hsiung, 1942): 20 convex polygons can be made of the 16
small triangles the seven tans cut into, and the tans make 13 of them.

The search works where every tan has corners on whole numbers: the small
triangle's legs lie on the axes (the units of :func:`~.geometry.shape`).  A
convex polygon there has edges in the eight directions of the compass; it is
written by how many unit steps it takes in each (:func:`polygons`).  A tan
covers a set of *quarters*: each unit square cut by both diagonals into four
triangles; a figure of area 8 is 32 quarters, and :func:`tiling` is an exact
cover of them by the seven tans, by plain backtracking (the first uncovered
quarter, every tan that covers it).
"""

from __future__ import annotations

from functools import cache
from itertools import product

IntPoint = tuple[int, int]
Quarter = tuple[int, int, str]  # the unit square's lower left corner, and which quarter: S E N W

COMPASS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
# each quarter's centre in sixths of a unit (whole numbers, so the tests of which side of an edge
# it lies on are exact in plain integers): the centroid of the quarter's triangle
_SIXTHS = 6
_CENTRES = {"S": (3, 1), "E": (5, 3), "N": (3, 5), "W": (1, 3)}
# each tan in an orientation with whole-number corners here; the medium triangle's legs are diagonal
TANS: dict[str, tuple[IntPoint, ...]] = {
    "S": ((0, 0), (1, 0), (0, 1)),
    "M": ((0, 0), (2, 0), (1, 1)),
    "L": ((0, 0), (2, 0), (0, 2)),
    "Q": ((0, 0), (1, 0), (1, 1), (0, 1)),
    "P": ((0, 0), (1, 0), (2, 1), (1, 1)),
}
SET = ("S", "S", "M", "L", "L", "Q", "P")


def _area2(pts: list[IntPoint] | tuple[IntPoint, ...]) -> int:
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts)))


def _images(pts: tuple[IntPoint, ...]) -> list[tuple[IntPoint, ...]]:
    """The polygon under the square's eight symmetries, each counter-clockwise, lowest corner at 0,0."""
    out = []
    for flip in (False, True):
        for turns in range(4):
            q = []
            for x, y in pts:
                if flip:
                    x = -x
                for _ in range(turns):
                    x, y = -y, x
                q.append((x, y))
            if _area2(q) < 0:
                q.reverse()
            mx, my = min(p[0] for p in q), min(p[1] for p in q)
            out.append(tuple((x - mx, y - my) for x, y in q))
    return out


@cache
def polygons(longest: int = 8) -> tuple[tuple[IntPoint, ...], ...]:
    """Every convex polygon of area 8 with edges in the compass directions (each at most ``longest``
    steps: more cannot close an area of 8), once each up to turns and flips.  (Half a million step
    counts are tried: worked out once.)"""
    seen = set()
    out = []
    for e, ne, n, nw, sw, se in product(range(longest + 1), repeat=6):
        w = e + ne - nw - sw + se  # the steps west and south that close the polygon
        s = n + ne + nw - sw - se
        if w < 0 or s < 0:
            continue
        pts = [(0, 0)]
        for steps, (dx, dy) in zip((e, ne, n, nw, w, sw, s, se), COMPASS, strict=True):
            if steps:
                pts.append((pts[-1][0] + steps * dx, pts[-1][1] + steps * dy))
        pts.pop()
        if len(pts) < 3 or _area2(pts) != 16:
            continue
        key = min(tuple(sorted(img)) for img in _images(tuple(pts)))
        if key not in seen:
            seen.add(key)
            out.append(tuple(pts))
    return tuple(out)


def quarters(poly: tuple[IntPoint, ...]) -> frozenset[Quarter]:
    """The quarters inside a convex counter-clockwise polygon (their centres never lie on an edge)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    scaled = [(_SIXTHS * x, _SIXTHS * y) for x, y in poly]  # in sixths, as the centres are
    edges = list(zip(scaled, scaled[1:] + scaled[:1], strict=True))
    out = set()
    for i in range(min(xs), max(xs)):
        for j in range(min(ys), max(ys)):
            for q, (cx, cy) in _CENTRES.items():
                px, py = _SIXTHS * i + cx, _SIXTHS * j + cy
                if all((b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]) > 0 for a, b in edges):
                    out.add((i, j, q))
    return frozenset(out)


def tiling(poly: tuple[IntPoint, ...]) -> list[tuple[str, tuple[IntPoint, ...]]] | None:
    """The seven tans covering the convex ``poly`` exactly (each as its code and corners), or None."""
    return cover(quarters(poly))


def cover(target: frozenset[Quarter]) -> list[tuple[str, tuple[IntPoint, ...]]] | None:
    """The seven tans covering the quarters ``target`` exactly (any region, convex or not), or None."""
    xs, ys = [q[0] for q in target], [q[1] for q in target]
    places: dict[str, list[tuple[frozenset[Quarter], tuple[IntPoint, ...]]]] = {}
    for code, pts in TANS.items():
        shapes = {tuple(sorted(img)): img for img in _images(pts)}
        places[code] = []
        for img in shapes.values():
            for dx in range(min(xs) - 2, max(xs) + 2):
                for dy in range(min(ys) - 2, max(ys) + 2):
                    moved = tuple((x + dx, y + dy) for x, y in img)
                    cells = quarters(moved)
                    if cells <= target:
                        places[code].append((cells, moved))
    order = sorted(target)

    def search(covered: frozenset[Quarter], left: tuple[str, ...]) -> list[tuple[str, tuple[IntPoint, ...]]] | None:
        if not left:
            return [] if len(covered) == len(target) else None
        first = next(c for c in order if c not in covered)
        for code in sorted(set(left)):
            rest = list(left)
            rest.remove(code)
            for cells, moved in places[code]:
                if first in cells and not cells & covered:
                    found = search(covered | cells, tuple(rest))
                    if found is not None:
                        return [(code, moved), *found]
        return None

    return search(frozenset(), SET)


def figures() -> list[tuple[tuple[IntPoint, ...], list[tuple[str, tuple[IntPoint, ...]]]]]:
    """The convex polygons the tans make, each with one arrangement."""
    out = []
    for poly in polygons():
        found = tiling(poly)
        if found is not None:
            out.append((poly, found))
    return out
