"""Polycube families, the 29 named pentacubes, and sets of solid pieces.

A :class:`Solid` is a named polycube.  Solids are turned about any axis but never mirrored: no hand
can turn a wooden piece into its mirror image, so a chiral shape and its mirror image are two
pieces.  The 29 pentacubes are the 12 *planar* ones (the pentominoes made of cubes, named by their
letters) and 17 that are not flat, named as in Kadon's "Superquints" set, which David Goodger's
Polyform Puzzler also uses: five that are their own mirror images (A, Q, L3, T1, T2) and six
mirror pairs (L1/J1, L2/J2, L4/J4, N1/S1, N2/S2, V1/V2).  :func:`family` builds every polycube
of a size, as the workshop offers them; the tests hold its counts to OEIS A000162 and A038119.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..counts import Counts
from ..errors import ParseError
from ..i18n import tr
from ..limits import MAX_COPIES, MAX_PIECES, MAX_SOLID_KINDS
from ..polyomino.pieces import PENTOMINO_LETTERS, piece_by_name
from .geometry import (
    Cell,
    Shape,
    canonical,
    is_chiral,
    is_connected,
    layers_text,
    mirror,
    neighbours,
    normalize,
    orientations,
)

MAX_SOLID_CUBES = 12  # cubes in one piece of a pieces file or a solid_code

# The non-planar pentacubes, each drawn as its layers from the bottom up ("|" between layers),
# rows separated by "/".
_NON_PLANAR = {
    "A": ".#/##|.#/#.",
    "Q": "##/##|../#.",
    "L3": "..#/###|.../..#",
    "T1": "#./##/#.|../#./..",
    "T2": "#./##/#.|../.#/..",
    "L1": "..#/###|.../#..",
    "J1": ".../#..|..#/###",
    "L2": "..#/###|.../.#.",
    "J2": ".../.#.|..#/###",
    "L4": "..#/###|..#/...",
    "J4": "..#/...|..#/###",
    "N1": ".../#..|.##/##.",
    "S1": ".##/##.|.../#..",
    "N2": ".../.#.|.##/##.",
    "S2": ".##/##.|.../.#.",
    "V1": ".#/##/..|../#./#.",
    "V2": ".#./##.|.##/...",
}


@dataclass(frozen=True, order=True)
class Solid:
    """A named polycube; ``shape`` is normalised and ``name`` unique in a family."""

    name: str
    shape: Shape

    @property
    def size(self) -> int:
        return len(self.shape)

    def orientations(self) -> list[Shape]:
        """The distinct ways it can lie, turned about any axis, in :data:`~.geometry.ROTATIONS` order."""
        return _orientations(self.shape)

    @property
    def planar(self) -> bool:
        return min(max(c[i] for c in self.shape) for i in range(3)) == 0

    def drawing(self) -> str:
        """Its layers as text, the bottom layer first (see :func:`~.geometry.layers_text`)."""
        return layers_text(self.shape)


@cache
def _orientations(s: Shape) -> list[Shape]:
    return orientations(s)


def parse_layers(text: str) -> Shape:
    """The cells of a compact drawing: layers from the bottom up separated by ``|``, rows by ``/``."""
    cells: list[Cell] = []
    for z, layer in enumerate(text.split("|")):
        for r, row in enumerate(layer.split("/")):
            cells.extend((z, r, c) for c, ch in enumerate(row) if ch == "#")
    return normalize(cells)


@cache
def pentacubes() -> tuple[Solid, ...]:
    """The 29 pentacubes: the 12 planar ones (F I L N P T U V W X Y Z) then the 17 others."""
    planar = [Solid(ch, normalize((0, r, c) for r, c in piece_by_name(ch).shape)) for ch in PENTOMINO_LETTERS]
    return (*planar, *(Solid(name, parse_layers(d)) for name, d in _NON_PLANAR.items()))


def planar_pentacubes() -> tuple[Solid, ...]:
    """The 12 solid pentominoes."""
    return pentacubes()[:12]


def _grow(shapes: Iterable[Shape], mirrors: bool) -> list[Shape]:
    seen: dict[tuple[Cell, ...], Shape] = {}
    for s in shapes:
        for cell in s:
            for n in neighbours(cell):
                if n in s:
                    continue
                bigger = normalize(s | {n})
                key = canonical(bigger, mirrors)
                if key not in seen:
                    seen[key] = normalize(key)
    return [seen[k] for k in sorted(seen)]


@cache
def polycubes(size: int, mirrors: bool = False) -> tuple[Shape, ...]:
    """Every polycube of ``size`` cubes (1 to 6), one per shape up to turning (and, with ``mirrors``,
    up to mirror images too), each grown from those one cube smaller."""
    if not 1 <= size <= 6:
        raise ParseError(tr("polycubes have 1 to 6 cubes here, not {n}", n=size))
    shapes: list[Shape] = [frozenset({(0, 0, 0)})]
    for _ in range(size - 1):
        shapes = _grow(shapes, mirrors)
    return tuple(shapes)


_FAMILY_PREFIX = {1: "M", 2: "D", 3: "R", 4: "K", 5: "P", 6: "H"}


def family(size: int) -> tuple[Solid, ...]:
    """Every polycube of ``size`` cubes as pieces.  Pentacubes have their names; the others are
    named by their size's initial and a number (``K1`` ... ``K8`` for the tetracubes)."""
    if size == 5:
        return pentacubes()
    prefix = _FAMILY_PREFIX.get(size, "C")
    return tuple(Solid(f"{prefix}{i}", s) for i, s in enumerate(polycubes(size), 1))


@cache
def _by_name() -> dict[str, Solid]:
    out = {p.name: p for p in pentacubes()}
    for n in (1, 2, 3, 4, 6):
        out.update((p.name, p) for p in family(n))
    return out


_CODE = re.compile(r"^C[01]+(?:_[01]+)*(?:\.[01]+(?:_[01]+)*)*$")


def solid_code(shape: Iterable[Cell]) -> str:
    """A name that is the shape itself, as :func:`solid_by_name` reads it back: ``C``, then each
    layer's rows of ``1`` (a cube) and ``0`` (none), rows joined by ``_``, layers by ``.``
    (``C11_10.10_00``: three cubes in a corner, one above).  Any polycube can be named so."""
    cells = normalize(shape)
    d, r, c = (max(cell[i] for cell in cells) + 1 for i in range(3))
    return "C" + ".".join(
        "_".join("".join("1" if (z, y, x) in cells else "0" for x in range(c)) for y in range(r)) for z in range(d)
    )


def _from_code(code: str) -> Solid:
    cells = [
        (z, y, x)
        for z, layer in enumerate(code[1:].split("."))
        for y, row in enumerate(layer.split("_"))
        for x, ch in enumerate(row)
        if ch == "1"
    ]
    if not cells or len(cells) > MAX_SOLID_CUBES or not is_connected(cells):
        raise ParseError(
            tr("{name} is not a piece: 1 to {n} cubes that touch face to face", name=code[:24], n=MAX_SOLID_CUBES)
        )
    shape = normalize(cells)
    return Solid(solid_code(shape), shape)


def portable(pieces: SolidSet) -> SolidSet:
    """``pieces`` with names :func:`parse_solids` reads back as the same shapes: its own names where
    they are polycubes' names (``X``, ``K3``), else its polycube's name where it has one, else its
    :func:`solid_code` (a pieces file's ``; NAME`` is the file's own, not a name a link can carry)."""
    out = []
    for p, n in pieces:
        known = _by_name().get(p.name)
        if known is None or canonical(known.shape) != canonical(p.shape):
            found = identify(p.shape)  # a polycube's own name (D1, R2), else the shape as a name
            p = Solid(found.name if found is not None else solid_code(p.shape), p.shape)
        out.append((p, n))
    return SolidSet(tuple(out))


def solid_by_name(name: str) -> Solid:
    """A solid of :func:`pentacubes` or of a :func:`family` by its name (``X``, ``L1``, ``K3``), or
    any polycube by its :func:`solid_code`."""
    key = name.strip().upper()
    if _CODE.match(key):
        return _from_code(key)
    p = _by_name().get(key)
    if p is None:
        raise ParseError(tr("{name} is not a polycube's name (F, L1, Q, K3...)", name=name.strip()[:12]))
    return p


def identify(cells: Iterable[Cell]) -> Solid | None:
    """The named solid ``cells`` are, turned, if any."""
    key = canonical(cells)
    return next((p for p in _by_name().values() if canonical(p.shape) == key), None)


def mirror_of(piece: Solid) -> Solid:
    """The solid that is ``piece``'s mirror image (itself when it is not chiral)."""
    if not is_chiral(piece.shape):
        return piece
    found = identify(mirror(piece.shape))
    return found if found is not None else Solid(piece.name + "'", normalize(mirror(piece.shape)))


@dataclass(frozen=True)
class SolidSet(Counts[Solid]):
    """A multiset of solids; copies of one solid are interchangeable."""

    counts: tuple[tuple[Solid, int], ...]

    def __post_init__(self) -> None:
        if len(self.counts) > MAX_SOLID_KINDS:
            raise ParseError(
                tr(
                    "at most {MAX_KINDS} different pieces, not {n_counts}",
                    MAX_KINDS=MAX_SOLID_KINDS,
                    n_counts=len(self.counts),
                )
            )
        for p, n in self.counts:
            if not 1 <= n <= MAX_COPIES:
                raise ParseError(
                    tr(
                        "at most {MAX_COPIES} copies of a piece, not {n} of {name}",
                        MAX_COPIES=MAX_COPIES,
                        n=n,
                        name=p.name,
                    )
                )

    @classmethod
    def of(cls, pieces: Iterable[Solid]) -> SolidSet:
        """A set of these solids, copies of one shape merged."""
        merged: dict[tuple[Cell, ...], tuple[Solid, int]] = {}
        for p in pieces:
            key = canonical(p.shape)
            old = merged.get(key)
            merged[key] = (old[0], old[1] + 1) if old else (p, 1)
        return cls(tuple(merged.values()))

    @property
    def volume(self) -> int:
        return self.cells

    def names(self) -> str:
        """The set as the text :func:`parse_solids` reads: ``planar-pentacubes``, ``pentacubes`` or
        names separated by commas (copies as ``L1*2``)."""
        for name, pieces in (("planar-pentacubes", planar_pentacubes()), ("pentacubes", pentacubes())):
            if self == SolidSet.of(pieces):
                return name
        return ",".join(p.name if n == 1 else f"{p.name}*{n}" for p, n in self.counts)


def parse_solids(spec: str) -> SolidSet:
    """``planar-pentacubes``, ``pentacubes``, or names: pentacube letters run together (``FILPX``)
    or any solids' names separated by commas (``L1,J1,Q*2,K3``)."""
    text = spec.strip()
    if text.lower() == "planar-pentacubes":
        return SolidSet.of(planar_pentacubes())
    if text.lower() == "pentacubes":
        return SolidSet.of(pentacubes())
    if not text:
        raise ParseError(tr("no pieces given"))
    if len(text) > 2000:
        raise ParseError(tr("the list of pieces is too long"))
    names = text.split(",") if "," in text or any(ch.isdigit() for ch in text) else list(text)
    pieces: list[Solid] = []
    for item in names:
        name, _, times = item.partition("*")
        n = 1
        if times:
            if not (times.strip().isascii() and times.strip().isdigit()) or not 1 <= int(times) <= MAX_COPIES:
                raise ParseError(
                    tr(
                        "{text!r}: copies are written like L1*2, from 1 to {MAX_COPIES}",
                        text=item[:20],
                        MAX_COPIES=MAX_COPIES,
                    )
                )
            n = int(times)
        pieces.extend([solid_by_name(name)] * n)
    return SolidSet.of(pieces)


_SOLID_NAME = re.compile(r"^[A-Za-z0-9']{1,12}$")


def parse_solids_text(text: str) -> SolidSet:
    """A pieces file for boxes: the flat pieces file's format with layers.  Each piece is its
    layers' rows (``#`` a cube, ``.`` or a space none), the layers separated by a line ``-``, pieces
    by a blank line; a line ``; NAME`` just before a piece names it (other ``;`` lines are
    comments), else it takes its polycube's name where it has one (``X``, ``L1``, ``K3``) or its
    :func:`solid_code`.  Any face-connected polycube of 1 to :data:`MAX_SOLID_CUBES` cubes, of any
    sizes in one set; a piece drawn k times is k copies.  Errors name the line."""
    drawn: list[tuple[str | None, Shape, int]] = []  # (name, shape, first line)
    name: str | None = None
    layers: list[list[str]] = []
    start = 0
    lines = [*text.replace("\r\n", "\n").split("\n"), ""]

    def close(at: int) -> None:
        nonlocal name, layers
        cells = [
            (z, y, x)
            for z, rows in enumerate(layers)
            for y, row in enumerate(rows)
            for x, ch in enumerate(row)
            if ch == "#"
        ]
        if not cells:
            raise ParseError(tr("a piece has no cubes (draw them with '#')"), start + 1)
        if len(cells) > MAX_SOLID_CUBES:
            raise ParseError(tr("a piece has at most {n} cubes", n=MAX_SOLID_CUBES), start + 1)
        if not is_connected(cells):
            raise ParseError(tr("a piece's cubes must touch face to face"), start + 1)
        drawn.append((name, normalize(cells), start))
        if len(drawn) > MAX_PIECES:
            raise ParseError(tr("at most {MAX_PIECES:,} pieces in all", MAX_PIECES=MAX_PIECES), at + 1)
        name, layers = None, []

    for i, raw in enumerate(lines):
        line = raw.rstrip()
        if line.lstrip().startswith(";"):
            word = line.lstrip()[1:].strip()
            if not layers and _SOLID_NAME.match(word):
                name = word.upper()
            continue
        if not line.strip():
            if layers:
                close(i)
            continue
        if not layers:
            start = i
            layers = [[]]
        if line.strip() == "-":
            layers.append([])
            continue
        bad = next((c for c, ch in enumerate(line) if ch not in "#. "), None)
        if bad is not None:
            raise ParseError(tr("unexpected character {ch!r} (use '#', '.' or a space)", ch=line[bad]), i + 1, bad + 1)
        if len(layers[-1]) >= MAX_SOLID_CUBES or len(line) > 4 * MAX_SOLID_CUBES:
            raise ParseError(tr("a piece has at most {n} cubes", n=MAX_SOLID_CUBES), i + 1)
        layers[-1].append(line)
    if not drawn:
        raise ParseError(tr("no pieces found (draw each piece with '#', separate pieces by a blank line)"), 1)
    named: dict[str, tuple[Cell, ...]] = {}
    pieces: list[Solid] = []
    for given, shape, line_no in drawn:
        key = canonical(shape)
        if given is None:
            known = identify(shape)
            given = known.name if known is not None else solid_code(shape)
        if named.setdefault(given, key) != key:
            raise ParseError(tr("two different pieces are named {name}", name=given), line_no + 1)
        pieces.append(Solid(given, shape))
    return SolidSet.of(pieces)
