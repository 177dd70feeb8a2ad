"""Where each tan lies, as text: the tangram game's position and the library's stored solutions.

A placed tan is ``CODE TURN ['] @ X,Y``: its code (``S`` small triangle,
``M`` medium triangle, ``L`` large triangle, ``Q`` square, ``P``
parallelogram), how many eighths of a turn it is turned counter-clockwise
(0 to 7), ``'`` when it is flipped over first (in the vertical axis), and
where its first corner (the corner at the origin of :func:`~.geometry.shape`)
goes, as exact numbers: ``L3@1+√2,2``.  An arrangement is seven placed tans
joined by ``;``.  :func:`parse` and :meth:`Placed.text` are the pair.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..errors import ParseError
from ..i18n import N_, tr
from .geometry import TANS, Point, Polygon, add, ccw, mirror, parse_point, rotate45, shape

CODES = {
    "S": N_("small triangle"),
    "M": N_("medium triangle"),
    "L": N_("large triangle"),
    "Q": N_("square"),
    "P": N_("parallelogram"),
}


@cache
def _at_origin(code: str, turn: int, flip: bool) -> Polygon:
    """Tan ``code`` flipped, turned, its first corner at the origin, counter-clockwise: worked out
    once for each orientation (the generator places tans by the thousand).  Moving a polygon
    keeps its corners' order counter-clockwise, so :meth:`Placed.polygon` only adds its place."""
    points = shape(CODES[code])
    if flip:
        points = tuple(mirror(p) for p in points)
    return ccw(tuple(rotate45(p, turn) for p in points))


_PLACED = re.compile(r"^\s*([SMLQP])([0-7])(')?@(.+)$")


@dataclass(frozen=True)
class Placed:
    """Tan ``CODES[code]``, flipped first when ``flip``, turned ``turn`` × 45°, its first corner at ``at``."""

    code: str
    turn: int
    flip: bool
    at: Point

    def polygon(self) -> Polygon:
        return tuple(add(p, self.at) for p in _at_origin(self.code, self.turn % 8, self.flip))

    def text(self) -> str:
        x, y = self.at
        return f"{self.code}{self.turn}{chr(39) if self.flip else ''}@{x.text()},{y.text()}"


def parse_placed(text: str) -> Placed:
    m = _PLACED.match(text)
    if not m:
        raise ParseError(tr("{value!r} is not a placed tan like L3@1,2 or P0'@0,√2", value=text.strip()[:30]))
    return Placed(m.group(1), int(m.group(2)), m.group(3) is not None, parse_point(m.group(4).strip()))


def parse(text: str) -> list[Placed]:
    """Seven placed tans joined by ``;``, the set's pieces each once (two small, two large)."""
    placed = [parse_placed(t) for t in text.split(";") if t.strip()]
    counts = {name: sum(1 for p in placed if CODES[p.code] == name) for name in TANS}
    if counts != TANS:
        raise ParseError(tr("an arrangement places the seven tans: S, S, M, L, L, Q and P"))
    return placed


def write(placed: list[Placed]) -> str:
    return ";".join(p.text() for p in placed)
