"""The placement text format of every polyomino game: ``F3@2,5`` and cells ``2,5``.

A **placement** ``F3@2,5`` is piece F in its orientation 3 (the order of
:meth:`~.pieces.Piece.orientations`, the thesis's Table 1.2) with its bounding
box's top left at row 2, column 5 (0-based).  A **cell** is ``2,5``.  Each
format is a parse/write pair (:func:`parse_placement` / :func:`placement_text`,
:func:`parse_cell` / :func:`cell_text`) that round-trips; the patterns are
bounded, so no run of digits reaches ``int()``'s 4,300-digit limit and none
backtracks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ParseError
from ..i18n import tr
from .board import Placement, place_shape
from .geometry import Cell
from .pieces import Piece, PieceSet

_PLACEMENT = re.compile(r"^([A-Za-z][A-Za-z0-9']*?)([0-9]{1,9})@(-?[0-9]{1,9}),(-?[0-9]{1,9})$")
_CELL = re.compile(r"^([0-9]{1,9}),([0-9]{1,9})$")


@dataclass(frozen=True)
class Put:
    """A placement as written, ``F3@2,5``: a piece's name, an orientation and the anchor (the top
    left of its bounding box).  Whether the piece and the orientation exist is the puzzle's to say
    (:func:`resolve`)."""

    name: str
    orientation: int
    row: int
    col: int


def read_put(text: str) -> Put:
    """The placement ``text`` writes (its syntax only; the reverse of :func:`write_put`)."""
    m = _PLACEMENT.match(text)
    if not m:
        raise ParseError(tr("{text!r} is not a placement like F3@2,5", text=text))
    return Put(m.group(1).upper(), int(m.group(2)), int(m.group(3)), int(m.group(4)))


def write_put(put: Put) -> str:
    """``F3@2,5`` (the reverse of :func:`read_put`)."""
    return f"{put.name}{put.orientation}@{put.row},{put.col}"


def resolve(put: Put, pieces: PieceSet) -> tuple[Piece, frozenset[Cell]]:
    """The piece of ``pieces`` that ``put`` names and the cells it covers."""
    piece = next((p for p, _ in pieces if p.name == put.name), None)
    if piece is None:
        raise ParseError(tr("{name} is not one of this puzzle's pieces", name=put.name))
    shapes = piece.orientations(pieces.one_sided)
    o = put.orientation
    if not 0 <= o < len(shapes):
        raise ParseError(tr("{name} has orientations 0 to {value}, not {o}", name=put.name, value=len(shapes) - 1, o=o))
    return piece, place_shape(shapes[o], (put.row, put.col))


def parse_placement(text: str, pieces: PieceSet) -> tuple[Piece, frozenset[Cell]]:
    """The piece and the cells of a placement ``F3@2,5`` (see the module docstring)."""
    return resolve(read_put(text), pieces)


def parse_cell(text: str) -> Cell:
    """The cell ``(2, 5)`` of the text ``2,5`` (0-based row and column)."""
    m = _CELL.match(text.strip())
    if not m:
        raise ParseError(tr("{text!r} is not a cell like 2,5", text=text))
    return int(m.group(1)), int(m.group(2))


def orientation_of(p: Placement, one_sided: bool = False) -> int:
    """The index of the placement's orientation in :meth:`Piece.orientations`."""
    r, c = p.anchor
    return p.piece.orientations(one_sided).index(frozenset((a - r, b - c) for a, b in p.cells))


def placement_text(p: Placement, one_sided: bool = False) -> str:
    """``F3@2,5`` for a placement."""
    r, c = p.anchor
    return f"{p.piece.name}{orientation_of(p, one_sided)}@{r},{c}"


def cell_text(cell: Cell) -> str:
    """``2,5`` for the cell ``(2, 5)`` (the reverse of :func:`parse_cell`)."""
    return f"{cell[0]},{cell[1]}"


def anchor(text: str) -> Cell:
    """The anchor (row, column) of a placement's text, without looking its piece up."""
    m = _PLACEMENT.match(text)
    if not m:
        raise ParseError(tr("{text!r} is not a placement like F3@2,5", text=text))
    return int(m.group(3)), int(m.group(4))
