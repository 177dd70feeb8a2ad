"""A tangram solution recognised by its outline (the SBGames 2008 poster's method, exactly).

:func:`check` decides whether seven tans form a silhouette, whatever arrangement
the player found:

1. **No overlap**: every tan is convex, so two overlap exactly when no edge
   direction of either separates them (touching is allowed).
2. **The union's outline**: every edge is split at the corners of other tans
   that lie on it (the poster's *split*); a piece of edge met in the opposite
   direction by a neighbour is inside the figure and goes (*eliminate*); the
   rest is chained into loops and collinear edges are merged.  Loops that run
   counter-clockwise are outlines, clockwise ones holes.
3. **Comparison**: one outline, congruent to the target's by a turn and a
   shift (and a flip when the puzzle allows it), found by comparing the
   cyclic lists of (edge length², and the dot and cross products with the
   next edge) -- the poster's (length, angle) lists, exactly; the holes must
   then land on the target's holes.  A hole the target lacks is never a
   solution.

The thermometer (:func:`progress`) is the poster's minimum of two shares:
the **outline**, the share of the target's corners (a corner with its
leaving edge: length and angle) that the player's outline also has, counted
as multisets; and the **area**, the share of the target covered by the tans
where they lie (tans overlapping count once).  A solved figure is 100 %.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from ..budget import Budget
from ..i18n import tr
from .geometry import (
    Point,
    Polygon,
    add,
    area2,
    ccw,
    cross,
    dot,
    identify,
    mirror,
    normalise,
    signature,
    sub,
)
from .number import ZERO, Surd


@dataclass(frozen=True)
class Silhouette:
    """A target figure: its outline (counter-clockwise) and its holes (clockwise)."""

    outline: Polygon
    holes: tuple[Polygon, ...] = ()


@dataclass(frozen=True)
class Verdict:
    solved: bool
    reason: str  # why not, in words ("" when solved)
    progress: int  # the thermometer, 0..100


# Floats settle an axis only for coordinates under _FLOAT_LIMIT, where a projection's error is under
# 10^-9, far below _MARGIN.  A gap below _MARGIN, zero or not, is left to exact arithmetic (a tan's
# gaps are a + b√2 with a, b in quarters: when not zero, at least 1/16 over |a - b√2|, some 10^-4).
_FLOAT_LIMIT = 1e3
_MARGIN = 1e-6


def _floats_settle(points: Iterable[tuple[float, float]]) -> bool:
    """Whether a test on these points may be settled in floats: every coordinate under
    :data:`_FLOAT_LIMIT` (see above)."""
    return all(abs(x) < _FLOAT_LIMIT and abs(y) < _FLOAT_LIMIT for x, y in points)


def overlap(p: Polygon, q: Polygon) -> bool:
    """Whether two convex polygons share interior points (edges and corners touching do not count).

    Separating axes: each edge's normal.  An axis is first tried in floats, which settle it when the
    two projections are apart, or overlap, by more than :data:`_MARGIN`; only the undecided ones (edges
    that touch, which tans do all the time) are computed exactly.  The verdict is always exact."""
    fp = [(float(x), float(y)) for x, y in p]
    fq = [(float(x), float(y)) for x, y in q]
    floats = _floats_settle(fp + fq)
    for poly, fpoly in ((p, fp), (q, fq)):
        n = len(poly)
        for i in range(n):
            if floats:
                (x0, y0), (x1, y1) = fpoly[i], fpoly[(i + 1) % n]
                nx, ny = y0 - y1, x1 - x0
                a = [nx * x + ny * y for x, y in fp]
                b = [nx * x + ny * y for x, y in fq]
                gap = max(min(b) - max(a), min(a) - max(b))
                if gap > _MARGIN:
                    return False
                if gap < -_MARGIN:
                    continue  # overlapping along this axis, beyond any doubt
            e = sub(poly[(i + 1) % n], poly[i])
            normal = (-e[1], e[0])
            ea = [dot(normal, v) for v in p]
            eb = [dot(normal, v) for v in q]
            if max(ea) <= min(eb) or max(eb) <= min(ea):
                return False
    return True


def _split_edges(pieces: list[Polygon]) -> list[tuple[Point, Point]]:
    """Every edge of the pieces, cut at each corner that lies inside it.  Whether a corner is on an
    edge's line is first tried in floats, which settle it when it is off the line by more than
    :data:`_MARGIN` (nearly always); only the others are computed exactly."""
    corners = {v for poly in pieces for v in poly}
    floats = [(v, float(v[0]), float(v[1])) for v in corners]
    exact = not _floats_settle((x, y) for _, x, y in floats)
    out: list[tuple[Point, Point]] = []
    for poly in pieces:
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            d = sub(b, a)
            length2 = dot(d, d)
            ax, ay, dx, dy = float(a[0]), float(a[1]), float(d[0]), float(d[1])
            inner = [
                v
                for v, x, y in floats
                if (exact or abs(dx * (y - ay) - dy * (x - ax)) <= _MARGIN)
                and cross(d, sub(v, a)).sign() == 0
                and ZERO < dot(d, sub(v, a)) < length2
                and v != a
                and v != b
            ]
            inner.sort(key=lambda v: dot(d, sub(v, a)))
            points = [a, *inner, b]
            out.extend(pairwise(points))
    return out


def union_loops(pieces: list[Polygon]) -> list[Polygon]:
    """The outline loops of non-overlapping counter-clockwise polygons, collinear edges merged."""
    edges = Counter(_split_edges(pieces))
    for (a, b), n in list(edges.items()):
        back = edges.get((b, a), 0)
        if n and back:
            k = min(n, back)
            edges[(a, b)] -= k
            edges[(b, a)] -= k
    leaving: dict[Point, list[Point]] = {}
    for (a, b), n in edges.items():
        for _ in range(n):
            leaving.setdefault(a, []).append(b)
    loops = []
    while any(leaving.values()):
        start = next(a for a, bs in leaving.items() if bs)
        loop = [start]
        prev, here = start, leaving[start].pop()
        while here != start or not loop:
            loop.append(here)
            options = leaving.get(here, [])
            if not options:
                break
            # at a corner where the outline meets itself, turn as far right as possible: the traced
            # loop then keeps a pinched figure in one piece, as a person tracing it would
            incoming = sub(here, prev)
            best = min(options, key=lambda b: _right_turn_key(incoming, sub(b, here)))
            options.remove(best)
            prev, here = here, best
        loops.append(normalise(tuple(loop)))
    return loops


def _right_turn_key(incoming: Point, out: Point) -> tuple[int, Surd]:
    """A key that sorts outgoing directions by their signed angle from ``incoming``, from the
    sharpest right turn up to turning back (exact: the cosine is compared through its signed square)."""
    c = cross(incoming, out)
    d = dot(incoming, out)
    cos2 = d * d / (dot(incoming, incoming) * dot(out, out))
    signed_cos = cos2 if d.sign() >= 0 else -cos2
    if c.sign() < 0:  # a right turn: the sharper, the smaller the cosine
        return (0, signed_cos)
    if c.sign() == 0 and d.sign() > 0:  # straight on
        return (1, ZERO)
    if c.sign() > 0:  # a left turn
        return (2, -signed_cos)
    return (3, ZERO)  # straight back


def _motion(player: Polygon, target: Polygon, k: int) -> tuple[Point, Point, Point]:
    """(p0, t0, (c, s)): the turn mapping player edge 0 onto target edge k, and the two anchors."""
    p0, p1 = player[0], player[1 % len(player)]
    t0, t1 = target[k % len(target)], target[(k + 1) % len(target)]
    u, v = sub(p1, p0), sub(t1, t0)
    norm = dot(u, u)
    return p0, t0, (dot(u, v) / norm, cross(u, v) / norm)


def _apply(point: Point, p0: Point, t0: Point, rot: Point) -> Point:
    x, y = sub(point, p0)
    c, s = rot
    return add(t0, (c * x - s * y, s * x + c * y))


def _same_loop(a: Polygon, b: Polygon) -> bool:
    if len(a) != len(b):
        return False
    n = len(a)
    return any(all(a[i] == b[(i + k) % n] for i in range(n)) for k in range(n))


def matches(outline: Polygon, holes: list[Polygon], target: Silhouette, allow_mirror: bool) -> bool:
    """Whether the figure (outline and holes) is the target's, by a turn, a shift and maybe a flip."""
    goal = signature(target.outline)
    for flip in (False, True) if allow_mirror else (False,):
        shape = tuple(mirror(p) for p in reversed(outline)) if flip else outline
        loops = [tuple(mirror(p) for p in reversed(h)) for h in holes] if flip else holes
        sig = signature(shape)
        n = len(sig)
        if len(goal) != n:
            continue
        for k in range(n):
            if not all(sig[i] == goal[(i + k) % n] for i in range(n)):
                continue
            p0, t0, rot = _motion(shape, target.outline, k)
            moved = [[_apply(p, p0, t0, rot) for p in loop] for loop in loops]
            remaining = list(target.holes)
            ok = True
            for h in moved:
                same = next((t for t in remaining if _same_loop(tuple(h), t)), None)
                if same is None:
                    ok = False
                    break
                remaining.remove(same)
            if ok and not remaining:
                return True
    return False


def _clip(subject: list[Point], clipper: Polygon, budget: Budget | None = None) -> list[Point]:
    """Sutherland-Hodgman: ``subject`` cut by the convex counter-clockwise ``clipper`` (exact)."""
    out = subject
    for i in range(len(clipper)):
        if budget is not None:
            budget.check()  # a silhouette of tens of thousands of corners takes seconds a pass
        a, b = clipper[i], clipper[(i + 1) % len(clipper)]
        e = sub(b, a)
        inside = [cross(e, sub(p, a)).sign() >= 0 for p in out]
        nxt: list[Point] = []
        for j, p in enumerate(out):
            q = out[(j + 1) % len(out)]
            if inside[j]:
                nxt.append(p)
            if inside[j] != inside[(j + 1) % len(out)]:
                d = sub(q, p)
                t = cross(e, sub(a, p)) / cross(e, d)
                nxt.append(add(p, (d[0] * t, d[1] * t)))
        out = nxt
        if not out:
            break
    return out


def _area2(points: list[Point]) -> Surd:
    return area2(tuple(points)) if len(points) >= 3 else ZERO


def covered_area2(target: Silhouette, pieces: list[Polygon], budget: Budget | None = None) -> Surd:
    """Twice the area of the silhouette that the tans cover, each point once however many tans lie
    on it: inclusion-exclusion over the sets of tans, each set's common part clipped to the
    silhouette (its outline less its holes).  The tans are convex, so a set's common part is the
    silhouette clipped by each tan in turn; a set whose common part is empty has no superset to
    visit, so the sum costs about one clip per tan when the tans barely overlap."""

    def union_within(region: list[Point], start: int = 0, odd: bool = True) -> Surd:
        """Twice the area of ``region`` covered by the tans from ``start`` on (inclusion-exclusion)."""
        total = ZERO
        for k in range(start, len(pieces)):
            inside = _clip(region, pieces[k], budget)
            part = _area2(inside)
            if part.sign() <= 0:
                continue
            total = total + (part if odd else -part) + union_within(inside, k + 1, not odd)
        return total

    # holes run clockwise in a silhouette; counter-clockwise here, so that their areas are positive
    return union_within(list(target.outline)) - sum((union_within(list(reversed(h))) for h in target.holes), ZERO)


def progress(
    target: Silhouette, pieces: list[Polygon], loops: list[Polygon] | None, budget: Budget | None = None
) -> int:
    """The thermometer (see the module docstring), a whole percentage."""
    goal = Counter(signature(target.outline))
    have: Counter[tuple[Surd, Surd, Surd]] = Counter()
    for loop in loops or []:
        if area2(loop).sign() > 0:
            have.update(signature(loop))
    outline = sum((goal & have).values()) / max(1, sum(goal.values()))
    total = area2(target.outline) + sum((area2(h) for h in target.holes), ZERO)
    covered = covered_area2(target, pieces, budget)
    area = float(covered / total) if total.sign() > 0 else 0.0
    return max(0, min(100, int(100 * min(outline, area) + 1e-9)))


@dataclass(frozen=True)
class Traced:
    """What tans make, traced: the loops of their union's outline (counter-clockwise ones are
    outlines, clockwise ones holes), or the first two that overlap (then no loops: an overlap
    has no outline to speak of)."""

    loops: list[Polygon]
    overlap: tuple[int, int] | None = None

    @property
    def outlines(self) -> list[Polygon]:
        return [loop for loop in self.loops if area2(loop).sign() > 0]

    @property
    def holes(self) -> list[Polygon]:
        return [loop for loop in self.loops if area2(loop).sign() < 0]


def trace(pieces: list[Polygon]) -> Traced:
    """Steps 1 and 2 of the module docstring: no two pieces overlap, then the union's outline."""
    for i in range(len(pieces)):
        for j in range(i):
            if overlap(pieces[i], pieces[j]):
                return Traced([], (i, j))
    return Traced(union_loops(pieces))


def check(
    target: Silhouette, pieces: list[Polygon], allow_mirror: bool = False, budget: Budget | None = None
) -> Verdict:
    """Whether the seven tans ``pieces`` form ``target`` (the pieces must be the tans: see
    :func:`~.geometry.identify`).  ``budget`` (the command line's ``--timeout``) is looked at in the
    work that grows with the silhouette; a spent one raises :class:`~pento_core.budget.BudgetSpent`."""
    # the target as the player's outline will be traced: counter-clockwise, holes clockwise, straight
    # corners dropped (a silhouette file may well have them)
    target = Silhouette(normalise(ccw(target.outline)), tuple(normalise(tuple(reversed(ccw(h)))) for h in target.holes))
    traced = trace(pieces)
    if traced.overlap is not None:
        i, j = traced.overlap
        first, second = tr(str(identify(pieces[i]))), tr(str(identify(pieces[j])))
        return Verdict(
            False,
            tr("the {first} and the {second} overlap", first=first, second=second),
            progress(target, pieces, None, budget),
        )
    loops, outlines, holes = traced.loops, traced.outlines, traced.holes
    if len(outlines) != 1:
        return Verdict(
            False,
            tr("the tans form {n_outlines} separate figures", n_outlines=len(outlines)),
            progress(target, pieces, loops, budget),
        )
    if holes and not target.holes:
        return Verdict(
            False, tr("the figure has a hole the silhouette does not have"), progress(target, pieces, loops, budget)
        )
    if not matches(outlines[0], holes, target, allow_mirror):
        return Verdict(False, tr("the outline is not the silhouette's"), progress(target, pieces, loops, budget))
    return Verdict(True, "", 100)
