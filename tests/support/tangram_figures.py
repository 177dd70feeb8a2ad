"""Tangram figures drawn by hand for the tests (the classic square, an arrow that is not its own
mirror image, a square with a hole) and their rigid motions."""

from __future__ import annotations

from fractions import Fraction

from pento_core.tangram.geometry import Polygon, add, ccw, mirror, rotate45
from pento_core.tangram.number import HALF_ROOT2, ZERO, Surd
from pento_core.tangram.outline import Silhouette


def scaled(*points: tuple[float, float]) -> Polygon:
    """A polygon drawn on a grid where the square's side is 4: each unit is √2/2 (the small
    triangle's legs are then 1)."""
    return ccw(tuple((Surd(Fraction(x)) * HALF_ROOT2, Surd(Fraction(y)) * HALF_ROOT2) for x, y in points))


# the classic square, drawn by hand: two large triangles, the medium one, two small ones, the
# square and the parallelogram
LARGE_BOTTOM = scaled((0, 0), (4, 0), (2, 2))


REST = [
    scaled((0, 0), (2, 2), (0, 4)),
    scaled((4, 4), (2, 4), (4, 2)),
    scaled((2, 2), (3, 1), (3, 3)),
    scaled((0, 4), (1, 3), (2, 4)),
    scaled((3, 1), (4, 0), (4, 2), (3, 3)),
]


SQUARE_PIECE = scaled((2, 2), (3, 3), (2, 4), (1, 3))


SQUARE = [LARGE_BOTTOM, *REST, SQUARE_PIECE]


SQUARE_TARGET = Silhouette(scaled((0, 0), (4, 0), (4, 4), (0, 4)))


# the large triangle moved to the right side: a figure that is not its own mirror image
ARROW = [scaled((4, 0), (6, 2), (4, 4)), *REST, SQUARE_PIECE]


ARROW_TARGET = Silhouette(scaled((0, 0), (2, 2), (4, 0), (6, 2), (4, 4), (0, 4)))


# the square piece taken out of the middle (a hole) and set below the bottom left corner
U = Surd(Fraction(1))


SQUARE_OUTSIDE = ccw(((ZERO, -U), (U, -U), (U, ZERO), (ZERO, ZERO)))


HOLED = [LARGE_BOTTOM, *REST, SQUARE_OUTSIDE]


R = Surd(Fraction(4)) * HALF_ROOT2  # the big square's side, 2√2


HOLED_TARGET = Silhouette(
    ccw(((ZERO, -U), (U, -U), (U, ZERO), (R, ZERO), (R, R), (ZERO, R))),
    (tuple(reversed(SQUARE_PIECE)),),
)


def moved(pieces: list[Polygon], k: int = 0, flip: bool = False, dx: Surd = ZERO, dy: Surd = ZERO) -> list[Polygon]:
    out = []
    for poly in pieces:
        pts = [mirror(p) if flip else p for p in poly]
        out.append(ccw(tuple(add(rotate45(p, k), (dx, dy)) for p in pts)))
    return out
