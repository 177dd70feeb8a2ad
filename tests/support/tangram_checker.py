"""An independent tangram checker, in floating point with shapely: it shares no code with
pento_core.tangram (no exact numbers, no outline tracing, no signatures).

Seven tans make a silhouette when no two overlap (their common part has no area), together they
are one piece (each touches another, along an edge or at a corner, as the fish's tail does), and
some motion takes that piece onto the silhouette, holes included.  Every tan
edge runs in one of eight directions, so a motion between two such figures turns by a multiple of
45° (and flips, where mirror images count); once turned, the shift is the one that lines up the
two bounding boxes.  The figures agree when what lies in one but not the other has no area.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely import affinity, set_precision
from shapely.geometry import Polygon
from shapely.ops import unary_union

GRID = 1e-6  # every coordinate is snapped to this grid, so GEOS's overlay is robust (snap rounding)
EPS = 1e-4  # of area: the tans' area is 8; snapping moves an edge by a grid step at most
GLUE = 1e-5  # of length: tans that touch along an edge, a float's width apart after a 45° turn, are joined

Points = Sequence[tuple[float, float]]


def solves(outline: Points, holes: Sequence[Points], tans: Sequence[Points], allow_mirror: bool = False) -> bool:
    """Whether ``tans`` (seven polygons) form the silhouette ``outline`` less ``holes``."""
    pieces = [set_precision(Polygon(t), GRID) for t in tans]
    for i, p in enumerate(pieces):
        for q in pieces[:i]:
            if p.intersection(q).area > EPS:
                return False
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, q in enumerate(pieces):
            if j not in reached and pieces[i].distance(q) < GLUE:
                reached.add(j)
                todo.append(j)
    if len(reached) != len(pieces):
        return False
    # grown by a hair and shrunk back: edges that touch but for float error join
    figure = unary_union([p.buffer(GLUE, join_style="mitre") for p in pieces]).buffer(-GLUE, join_style="mitre")
    target = set_precision(Polygon(outline, holes), GRID)
    tx, ty = target.bounds[:2]
    for flip in (False, True) if allow_mirror else (False,):
        flipped = affinity.scale(figure, -1, 1, origin=(0, 0)) if flip else figure
        for k in range(8):
            turned = affinity.rotate(flipped, 45 * k, origin=(0, 0))
            x, y = turned.bounds[:2]
            moved = set_precision(affinity.translate(turned, tx - x, ty - y), GRID)
            if moved.symmetric_difference(target).area < EPS:
                return True
    return False
