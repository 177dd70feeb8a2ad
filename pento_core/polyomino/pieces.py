"""Polyomino families, the 12 named pentominoes, and piece sets.

A :class:`Piece` is a named shape.  A :class:`PieceSet` is a multiset of
pieces (copies of one piece are interchangeable) together with whether the
pieces may be turned over (``one_sided=False``, the default) or keep the
handedness they are drawn with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from ..counts import Counts
from ..errors import ParseError, UnknownPieceError
from ..i18n import tr
from ..limits import MAX_COPIES, MAX_KINDS, MAX_PIECE_SIDE, MAX_PIECES, LimitError, number
from .geometry import Shape, canonical, is_connected, mirror_v, neighbours, normalize, orientations, render

PENTOMINO_LETTERS = "FILNPTUVWXYZ"

_PENTOMINO_DRAWINGS = {
    "F": ".##\n##.\n.#.",
    "I": "#\n#\n#\n#\n#",
    "L": "#.\n#.\n#.\n##",
    "N": ".#\n.#\n##\n#.",
    "P": "##\n##\n#.",
    "T": "###\n.#.\n.#.",
    "U": "#.#\n###",
    "V": "#..\n#..\n###",
    "W": "#..\n##.\n.##",
    "X": ".#.\n###\n.#.",
    "Y": ".#\n##\n.#\n.#",
    "Z": "##.\n.#.\n.##",
}

_TETROMINO_DRAWINGS = {"I": "####", "O": "##\n##", "T": "###\n.#.", "S": ".##\n##.", "L": "#.\n#.\n##"}
_TROMINO_DRAWINGS = {"I": "###", "L": "#.\n##"}


@dataclass(frozen=True, order=True)
class Piece:
    """A named polyomino.  ``shape`` is normalised; ``name`` is unique in a family."""

    name: str
    shape: Shape

    @property
    def size(self) -> int:
        return len(self.shape)

    def orientations(self, one_sided: bool = False) -> list[Shape]:
        """Distinct orientations, in the thesis's order (Table 1.2)."""
        return _orientations(self.shape, not one_sided)

    def drawing(self) -> str:
        return render(self.shape)


@cache
def _orientations(s: Shape, reflections: bool) -> list[Shape]:
    return orientations(s, reflections)


def parse_drawing(text: str, line_offset: int = 0) -> Shape:
    """Parse one piece drawn with ``#`` (cells) and ``.`` or spaces (gaps)."""
    cells = set()
    for r, line in enumerate(text.split("\n")):
        for c, ch in enumerate(line.rstrip()):
            if ch == "#":
                cells.add((r, c))
            elif ch not in ". ":
                raise ParseError(
                    tr("unexpected character {ch!r} in a piece drawing", ch=ch), line_offset + r + 1, c + 1
                )
    if not cells:
        raise ParseError(tr("empty piece drawing"), line_offset + 1)
    if not is_connected(cells):
        raise ParseError(tr("piece is not connected (cells must share edges)"), line_offset + 1)
    return normalize(cells)


PENTOMINOES: dict[str, Piece] = {k: Piece(k, parse_drawing(v)) for k, v in _PENTOMINO_DRAWINGS.items()}


@cache
def free_polyominoes(size: int) -> list[Shape]:
    """Every free polyomino of ``size`` cells (1 <= size <= 8), in a fixed order.

    Grown one cell at a time from the smaller ones; two shapes are the same
    free polyomino when one is a rotation or reflection of the other.
    """
    if not 1 <= size <= 8:
        raise ValueError(tr("size must be between 1 and 8"))
    if size == 1:
        return [frozenset({(0, 0)})]
    seen: dict[tuple[tuple[int, int], ...], Shape] = {}
    for smaller in free_polyominoes(size - 1):
        for cell in smaller:
            for n in neighbours(cell):
                if n in smaller:
                    continue
                grown = normalize(smaller | {n})
                key = canonical(grown)
                if key not in seen:
                    seen[key] = normalize(key)
    return [seen[k] for k in sorted(seen, key=lambda k: (_width(k), k))]


def _width(cells: tuple[tuple[int, int], ...]) -> int:
    return -max(r for r, _ in cells)  # longest first: the straight piece comes first


def fixed_count(size: int) -> int:
    """Number of fixed polyominoes (distinct up to translation only) of ``size``."""
    return sum(len(orientations(s)) for s in free_polyominoes(size))


@cache
def family(size: int) -> dict[str, Piece]:
    """The free polyominoes of ``size`` with names.

    1: ``O1``; 2: ``I2``; 3: ``I3 L3``; 4: ``I4 O4 T4 S4 L4``; 5: the twelve
    letters ``F I L N P T U V W X Y Z``; 6: ``H1`` to ``H35``.
    """
    shapes = free_polyominoes(size)
    if size == 5:
        return dict(PENTOMINOES)
    if size in (3, 4):
        drawings = _TROMINO_DRAWINGS if size == 3 else _TETROMINO_DRAWINGS
        by_key = {canonical(s): s for s in shapes}
        return {f"{k}{size}": Piece(f"{k}{size}", by_key[canonical(parse_drawing(v))]) for k, v in drawings.items()}
    prefix = {1: "O", 2: "I"}.get(size, "H" if size == 6 else f"P{size}_")
    if size <= 2:
        return {f"{prefix}{size}": Piece(f"{prefix}{size}", shapes[0])}
    return {f"{prefix}{i + 1}": Piece(f"{prefix}{i + 1}", s) for i, s in enumerate(shapes)}


def piece_by_name(name: str) -> Piece:
    """Look a piece up by name: a pentomino letter, a family name like ``T4``,
    or a custom piece ``C110_011`` (rows of 1 for cells and 0 for gaps, joined by ``_``)."""
    key = name.strip().upper()
    if key in PENTOMINOES:
        return PENTOMINOES[key]
    if key.endswith("'") and len(key) > 1:
        base = piece_by_name(key[:-1])
        return named_piece(mirror_v(base.shape))
    if key.startswith("C") and len(key) > 1 and set(key[1:]) <= set("01_"):
        return custom_piece(key)
    for size in range(1, 7):
        fam = family(size)
        if key in fam:
            return fam[key]
    raise UnknownPieceError(
        tr(
            "unknown piece {name!r} (pentominoes are {PENTOMINO_LETTERS}; others e.g. I4, T4, H12)",
            name=name,
            PENTOMINO_LETTERS=PENTOMINO_LETTERS,
        )
    )


MAX_CUSTOM_SIZE = MAX_PIECE_SIDE


def custom_piece(name: str) -> Piece:
    """The piece named ``C`` + rows of 0/1 joined by ``_`` (the name of a drawn piece)."""
    rows = name[1:].split("_")
    if len(rows) > MAX_CUSTOM_SIZE or any(len(r) > MAX_CUSTOM_SIZE for r in rows):
        raise UnknownPieceError(
            tr(
                "custom piece {name!r} is larger than {MAX_CUSTOM_SIZE}x{MAX_CUSTOM_SIZE}",
                name=name,
                MAX_CUSTOM_SIZE=MAX_CUSTOM_SIZE,
            )
        )
    try:
        s = parse_drawing("\n".join(r.replace("1", "#").replace("0", ".") for r in rows))
    except ParseError as e:
        raise UnknownPieceError(tr("custom piece {name!r}: {e}", name=name, e=e)) from None
    return named_piece(s)


def named_piece(s: Shape) -> Piece:
    """The piece for a drawn shape: the family's piece when the drawing is a rotation
    of it, the family's name with ``'`` when it is its mirror image (which matters for
    one-sided sets), else a custom piece named by its drawing (``C110_011``)."""
    s = normalize(s)
    p = identify(s)
    if p is None:
        return Piece(_custom_name(s), s)
    if canonical(s, False) == canonical(p.shape, False):
        return p
    return Piece(p.name + "'", normalize(mirror_v(p.shape)))


def identify(s: Shape, one_sided: bool = False) -> Piece | None:
    """The named piece (sizes 1 to 6) that ``s`` is an orientation of, if any."""
    size = len(s)
    if not 1 <= size <= 6:
        return None
    key = canonical(s, not one_sided)
    for p in family(size).values():
        if one_sided:
            if any(canonical(o, False) == key for o in p.orientations(one_sided=False)):
                return p
        elif canonical(p.shape) == key:
            return p
    return None


@cache
def _key(s: Shape, reflections: bool) -> tuple[tuple[int, int], ...]:
    return canonical(s, reflections)


@dataclass(frozen=True)
class PieceSet(Counts[Piece]):
    """A multiset of pieces.  Copies of one piece are interchangeable.

    With ``one_sided`` the pieces may be rotated but not turned over; two
    drawings that are mirror images are then two different pieces.
    """

    counts: tuple[tuple[Piece, int], ...]
    one_sided: bool = False

    def __post_init__(self) -> None:
        # Checked here, where every set is made, so no edit (merging L4 and L4' when a set
        # stops being one-sided, say) can make a set that its own text could not describe.
        for p, n in self.counts:
            if n > MAX_COPIES:
                raise LimitError(
                    tr(
                        "at most {MAX_COPIES} copies of a piece, not {n} of {name}",
                        MAX_COPIES=MAX_COPIES,
                        n=n,
                        name=p.name,
                    )
                )
        if len(self.counts) > MAX_KINDS:
            raise LimitError(
                tr(
                    "at most {MAX_KINDS} different pieces, not {n_counts}",
                    MAX_KINDS=MAX_KINDS,
                    n_counts=len(self.counts),
                )
            )
        if self.total > MAX_PIECES:
            raise LimitError(
                tr("at most {MAX_PIECES:,} pieces in all, not {total:,}", MAX_PIECES=MAX_PIECES, total=self.total)
            )

    @classmethod
    def of(cls, pieces: Mapping[Piece, int] | Iterable[Piece], one_sided: bool = False) -> PieceSet:
        """Build a set, merging pieces that are the same up to the allowed moves."""
        items = list(pieces.items()) if isinstance(pieces, Mapping) else [(p, 1) for p in pieces]
        merged: dict[tuple[tuple[int, int], ...], tuple[Piece, int]] = {}
        for p, n in items:
            if n < 0:
                raise ValueError(tr("piece counts cannot be negative"))
            if n == 0:
                continue
            key = _key(p.shape, not one_sided)
            old = merged.get(key)
            merged[key] = (old[0], old[1] + n) if old else (p, n)
        return cls(tuple(merged.values()), one_sided)

    @classmethod
    def pentominoes(cls, letters: str = PENTOMINO_LETTERS, one_sided: bool = False) -> PieceSet:
        return cls.of([piece_by_name(ch) for ch in letters], one_sided)

    @property
    def area(self) -> int:
        return self.cells

    def count(self, name: str) -> int:
        return sum(n for p, n in self.counts if p.name == name)

    def names(self) -> str:
        """The pieces as a spec string: ``FILNPTUVWXYZ`` (single letters, copies
        repeated) or ``I4*2,T4`` (names with ``*count``); see :func:`parse_piece_names`."""
        if all(len(p.name) == 1 for p, _ in self.counts):
            return "".join(p.name * n for p, n in self.counts)
        return ",".join(p.name if n == 1 else f"{p.name}*{n}" for p, n in self.counts)


def parse_piece_names(spec: str, one_sided: bool = False) -> PieceSet:
    """Parse ``FILN`` (pentomino letters; a repeated letter is two copies) or
    ``I4,T4*2,C11_10`` (names separated by commas, ``*k`` for k copies)."""
    spec = spec.strip()
    if not spec:
        raise UnknownPieceError(tr("no pieces given"))
    if "," in spec or " " in spec or "*" in spec or any(ch.isdigit() for ch in spec):
        tokens = [t for t in spec.replace(" ", ",").split(",") if t]
    else:  # letters, each maybe primed: FILN, FF' (F and its mirror image)
        tokens = re.findall(r"[^']'?", spec)
    counts: dict[Piece, int] = {}
    for token in tokens:
        name, _, copies = token.partition("*")
        n = number(copies, tr("the number of copies in {value!r}", value=token[:30]), 1, MAX_COPIES) if copies else 1
        piece = piece_by_name(name)
        counts[piece] = counts.get(piece, 0) + n
    return PieceSet.of(counts, one_sided)


def parse_pieces_text(text: str, one_sided: bool = False) -> PieceSet:
    """Parse a pieces file: pieces drawn with ``#``, separated by blank lines.

    A piece drawn k times is k copies.  Lines starting with ``;`` are comments.
    """
    shapes: list[Shape] = []
    block: list[str] = []
    start = 0
    lines = [*text.replace("\r\n", "\n").split("\n"), ""]
    for i, line in enumerate(lines):
        if line.lstrip().startswith(";"):
            line = ""
        if line.strip():
            if not block:
                start = i
            block.append(line)
            if len(block) > MAX_PIECE_SIDE or len(line.rstrip()) > MAX_PIECE_SIDE:
                raise LimitError(
                    tr(
                        "a piece is drawn in at most {MAX_PIECE_SIDE} x {MAX_PIECE_SIDE} cells",
                        MAX_PIECE_SIDE=MAX_PIECE_SIDE,
                    ),
                    i + 1,
                )
        elif block:
            shapes.append(parse_drawing("\n".join(block), start))
            block = []
            if len(shapes) > MAX_PIECES:
                raise LimitError(tr("at most {MAX_PIECES:,} pieces in all", MAX_PIECES=MAX_PIECES), i + 1)
    if not shapes:
        raise ParseError(tr("no pieces found (draw each piece with '#', separate pieces by a blank line)"), 1)
    return PieceSet.of([named_piece(s) for s in shapes], one_sided)


def _custom_name(s: Shape) -> str:
    return "C" + render(s, "1", "0").replace("\n", "_")


def write_pieces_text(pieces: PieceSet) -> str:
    """The pieces file text of ``pieces`` (inverse of :func:`parse_pieces_text`)."""
    blocks = [p.drawing() for p, n in pieces for _ in range(n)]
    return "\n\n".join(blocks) + "\n"
