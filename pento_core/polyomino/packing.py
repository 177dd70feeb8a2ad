"""A complete cover packed as choices: which piece covers the first empty cell, of those that could.

A result code carries a pupil's solution, and a pupil may have to type it.  The text of a 6x10
cover (``F3@0,0;I1@0,1;...``) is about 90 characters; as choices it is about 50 bits.  Walk the
board's cells in reading order; the first cell not yet covered is covered by one of the
placements that fit there (every remaining piece, every orientation, every one of its cells on
that cell, not overlapping and not sticking out), listed in a fixed order; write which one
(:mod:`pento_core.digits`).  A board cell of a cover is covered by exactly one piece, so this
names the cover, and the reader rebuilds it by the same walk.  A choice out of one option costs
nothing: the last pieces of a cover are often forced.

The order of the options is part of the result codes' format: never change it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..digits import DigitReader, DigitWriter
from ..errors import ParseError
from ..i18n import tr
from .board import Board, Placement, Position
from .geometry import Cell, Shape
from .pieces import Piece, PieceSet


def options(at: Position, cell: Cell) -> list[tuple[Piece, Shape]]:
    """Every placement that may cover ``cell`` in ``at``: by piece (the set's order), then
    orientation (:meth:`Piece.orientations`), then which of the orientation's cells (sorted) lies
    on ``cell``."""
    found: list[tuple[Piece, Shape]] = []
    board = at.board.cells
    for piece, _ in at.pieces:
        if at.available(piece) <= 0:
            continue
        for shape in piece.orientations(at.pieces.one_sided):
            for r0, c0 in sorted(shape):
                cells = frozenset((r - r0 + cell[0], c - c0 + cell[1]) for r, c in shape)
                if all(x in board and at.owner(x) is None for x in cells):
                    found.append((piece, cells))
    return found


def pack_cover(board: Board, pieces: PieceSet, placements: Iterable[Placement], out: DigitWriter) -> bool:
    """Write the cover of ``board`` by ``placements`` (pieces of ``pieces``) as choices; False,
    with nothing written, when they are not a cover of the whole board made of those pieces."""
    owner: dict[Cell, Placement] = {}
    for p in placements:
        for cell in p.cells:
            owner[cell] = p
    if set(owner) != set(board.cells):
        return False
    digits: list[tuple[int, int]] = []
    at = Position(board, pieces)
    while not at.is_complete():
        target = owner[min(at.empty_cells)]
        choices = options(at, min(at.empty_cells))
        index = next(
            (i for i, (piece, cells) in enumerate(choices) if cells == target.cells and piece == target.piece), -1
        )
        if index < 0:
            return False
        digits.append((index, len(choices)))
        at = at.place(*choices[index])
    for digit, radix in digits:
        out.put(digit, radix)
    return True


def unpack_cover(board: Board, pieces: PieceSet, src: DigitReader) -> Position:
    """The cover :func:`pack_cover` wrote; ParseError when the choices lead nowhere."""
    at = Position(board, pieces)
    while not at.is_complete():
        choices = options(at, min(at.empty_cells))
        if not choices:
            raise ParseError(tr("this solution does not cover the board"))
        at = at.place(*choices[src.take(len(choices))])
    return at
