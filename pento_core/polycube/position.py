"""A box being filled by hand: the blocks put in it so far, and the rules of putting one in.

The rules are the flat boards' (:class:`pento_core.polyomino.board.Position`) one dimension up:
a block is one of the set's solids, turned (never mirrored), inside the box, on empty cells, and
a copy of its solid must be left.  A position is immutable: :meth:`BoxPosition.place` and
:meth:`BoxPosition.remove` return new ones.

A placement is written ``NAME:O@L,R,C``: solid NAME in its orientation O (the order of
:meth:`~.pieces.Solid.orientations`), the least layer, row and column of its cells at L, R, C
(all counted from 0).  The colon keeps names that end in a digit (``L3``) apart from O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ..errors import IllegalMoveError, ParseError
from ..i18n import tr
from .box import Block, Box, letters
from .geometry import Cell, Motion, Shape, moved, normalize
from .pieces import Solid, SolidSet

_PLACEMENT = re.compile(r"^([A-Za-z0-9']{1,8}):([0-9]{1,2})@([0-9]{1,2}),([0-9]{1,2}),([0-9]{1,2})$")
_CELL = re.compile(r"^([0-9]{1,2}),([0-9]{1,2}),([0-9]{1,2})$")

# A quarter turn about each axis of the box as a player sees it: x runs along the columns (left to
# right), y up through the layers, z along the rows (towards the player).  Each is a rotation
# (determinant +1), and four of one are no turn at all.
TURNS: dict[str, Motion] = {
    "x": ((1, 0, 2), (1, -1, 1)),  # layers and rows turn, columns stay
    "y": ((0, 2, 1), (1, 1, -1)),  # rows and columns turn, layers stay
    "z": ((2, 1, 0), (1, 1, -1)),  # layers and columns turn, rows stay
}


@dataclass(frozen=True)
class Put:
    """What a placement's text says: a solid's name, an orientation and an anchor."""

    name: str
    orientation: int
    anchor: Cell


def parse_put(text: str) -> Put:
    """``NAME:O@L,R,C`` read (its syntax only: whether the solid exists is the position's)."""
    m = _PLACEMENT.match(text.strip())
    if not m:
        raise ParseError(tr("{text!r} is not a placement like L3:5@0,1,2", text=text.strip()[:40]))
    name, o, z, r, c = m.groups()
    return Put(name, int(o), (int(z), int(r), int(c)))


def write_put(put: Put) -> str:
    z, r, c = put.anchor
    return f"{put.name}:{put.orientation}@{z},{r},{c}"


def parse_cell(text: str) -> Cell:
    """``L,R,C`` read: a cell of a box, counted from 0."""
    m = _CELL.match(text.strip())
    if not m:
        raise ParseError(tr("{text!r} is not a cell like 0,1,2 (layer, row, column)", text=text.strip()[:40]))
    z, r, c = (int(g) for g in m.groups())
    return z, r, c


def cell_text(cell: Cell) -> str:
    return ",".join(str(v) for v in cell)


def anchor(cells: Shape) -> Cell:
    """The least layer, row and column of ``cells``: where a placement's text puts it."""
    return min(c[0] for c in cells), min(c[1] for c in cells), min(c[2] for c in cells)


def placed(shape: Shape, at: Cell) -> Shape:
    """A normalised ``shape`` moved so that its least corner is at ``at``."""
    return frozenset((z + at[0], r + at[1], c + at[2]) for z, r, c in shape)


def orientation_of(block: Block) -> int:
    """The index of ``block``'s shape among its solid's orientations."""
    return block.piece.orientations().index(normalize(block.cells))


def block_text(block: Block) -> str:
    """``block`` as a placement's text."""
    return write_put(Put(block.piece.name, orientation_of(block), anchor(block.cells)))


def turn_table(piece: Solid, axis: str) -> list[int]:
    """Where a quarter turn about ``axis`` takes each orientation of ``piece`` (indices)."""
    shapes = piece.orientations()
    return [shapes.index(moved(TURNS[axis], s)) for s in shapes]


def cell_words(cell: Cell) -> str:
    """A cell in words, counted from 1 as the page names it."""
    return tr("layer {layer}, row {row}, column {col}", layer=cell[0] + 1, row=cell[1] + 1, col=cell[2] + 1)


@dataclass(frozen=True)
class BoxPosition:
    """A box, the solids to put in it, and the blocks put in so far (in the order they were put)."""

    box: Box
    pieces: SolidSet
    blocks: tuple[Block, ...] = ()
    _filled: dict[Cell, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for i, b in enumerate(self.blocks):
            for cell in b.cells:
                self._filled[cell] = i

    @cached_property
    def _by_name(self) -> dict[str, Solid]:
        return {p.name: p for p, _ in self.pieces}

    def solid(self, name: str) -> Solid:
        """The set's solid called ``name``; IllegalMoveError when the set has none."""
        try:
            return self._by_name[name]
        except KeyError:
            raise IllegalMoveError(tr("{name} is not one of this puzzle's pieces", name=name[:8])) from None

    def resolve(self, put: Put) -> tuple[Solid, Shape]:
        """The solid and the cells a placement names (not yet checked against the box)."""
        piece = self.solid(put.name)
        shapes = piece.orientations()
        if not 0 <= put.orientation < len(shapes):
            raise IllegalMoveError(
                tr(
                    "{name} has orientations 0 to {last}, not {o}",
                    name=piece.name,
                    last=len(shapes) - 1,
                    o=put.orientation,
                )
            )
        return piece, placed(shapes[put.orientation], put.anchor)

    def owner(self, cell: Cell) -> Block | None:
        i = self._filled.get(cell)
        return None if i is None else self.blocks[i]

    def available(self, piece: Solid) -> int:
        """Copies of ``piece`` not yet in the box."""
        return sum(n for p, n in self.pieces if p == piece) - sum(1 for b in self.blocks if b.piece == piece)

    @property
    def empty_cells(self) -> Shape:
        return frozenset(c for c in self.box.cells if c not in self._filled)

    @property
    def filled(self) -> int:
        return len(self._filled)

    def is_complete(self) -> bool:
        return len(self._filled) == self.box.volume

    def check(self, piece: Solid, cells: Shape) -> str | None:
        """None when ``piece`` may fill ``cells``, else the reason it may not."""
        if self.available(piece) <= 0:
            return tr("{name} is already on the board", name=piece.name)
        d, r, c = self.box.extent
        for cell in sorted(cells):
            if cell not in self.box.cells:
                if not (0 <= cell[0] < d and 0 <= cell[1] < r and 0 <= cell[2] < c):
                    return tr("{name} would stick out of the box", name=piece.name)
                return tr("{name} would fill a hole of the box, at {where}", name=piece.name, where=cell_words(cell))
        for cell in sorted(cells):
            other = self.owner(cell)
            if other is not None:
                return tr(
                    "{name} would overlap {name2} at {where}",
                    name=piece.name,
                    name2=other.piece.name,
                    where=cell_words(cell),
                )
        return None

    def place(self, piece: Solid, cells: Shape) -> BoxPosition:
        """The position with ``piece`` put in ``cells``; IllegalMoveError with the reason."""
        reason = self.check(piece, cells)
        if reason:
            raise IllegalMoveError(reason)
        return BoxPosition(self.box, self.pieces, (*self.blocks, Block(piece, cells)))

    def remove(self, cell: Cell) -> BoxPosition:
        """The position without the block filling ``cell``."""
        i = self._filled.get(cell)
        if i is None:
            raise IllegalMoveError(tr("no piece at {where}", where=cell_words(cell)))
        return BoxPosition(self.box, self.pieces, self.blocks[:i] + self.blocks[i + 1 :])

    def layers(self) -> list[list[str]]:
        """Each layer from the bottom up as rows: ``.`` empty, ``#`` no cell, a letter a block."""
        labels = letters(self.blocks)
        d, r, c = self.box.extent
        return [
            [
                "".join(labels.get((z, y, x), ".") if (z, y, x) in self.box.cells else "#" for x in range(c))
                for y in range(r)
            ]
            for z in range(d)
        ]
