"""The moves of the games played with polyomino pieces, as text and as values (a helper of the
games layer, not a game: the cover game, the Game of 20 and Last Fit share it).

* :class:`Place` ``F3@2,5``: a piece from the tray onto the board;
* :class:`TakeBack` ``-2,5``: the piece covering row 2, column 5 back to the tray;
* :class:`Relocate` ``2,5>F3@4,5``: the piece covering 2,5 to a new placement;
* :class:`Clear` ``clear``: every piece off the board.

A game with several copies of its board names the copy after each part, ``F3@2,5#1``,
``-2,5#0``, ``2,5#0>F3@4,5#2``, ``clear#1`` (``clear`` alone empties them all).  Each form is a
parse/write pair: :func:`parse_piece_move` reads what :func:`write_piece_move` writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ParseError
from ..i18n import tr
from ..polyomino.geometry import Cell
from ..polyomino.placement import Put, cell_text, parse_cell, read_put, write_put

_COPY = re.compile(r"^(.*)#([0-9]{1,9})$")


@dataclass(frozen=True)
class Place:
    put: Put
    copy: int | None = None


@dataclass(frozen=True)
class TakeBack:
    cell: Cell
    copy: int | None = None


@dataclass(frozen=True)
class Relocate:
    cell: Cell
    copy: int | None
    to: Place


@dataclass(frozen=True)
class Clear:
    copy: int | None = None


PieceMove = Place | TakeBack | Relocate | Clear


def _split_copy(text: str) -> tuple[str, int | None]:
    m = _COPY.match(text)
    return (m.group(1), int(m.group(2))) if m else (text, None)


def _copy_text(copy: int | None) -> str:
    return "" if copy is None else f"#{copy}"


def parse_piece_move(text: str) -> PieceMove:
    """The move ``text`` names (see the module docstring); its syntax only, the position says the rest."""
    text = text.strip()
    if ">" in text:
        src, _, dst = text.partition(">")
        body, copy = _split_copy(src.strip())
        to = parse_piece_move(dst)
        if not isinstance(to, Place):
            raise ParseError(tr("{text!r} is not a placement like F3@2,5", text=dst.strip()[:40]))
        return Relocate(parse_cell(body), copy, to)
    body, copy = _split_copy(text)
    if body == "clear":
        return Clear(copy)
    if body.startswith("-"):
        return TakeBack(parse_cell(body[1:]), copy)
    return Place(read_put(body), copy)


def write_piece_move(move: PieceMove) -> str:
    """``move`` as text: :func:`parse_piece_move` reads it back as it was."""
    if isinstance(move, Place):
        return write_put(move.put) + _copy_text(move.copy)
    if isinstance(move, TakeBack):
        return f"-{cell_text(move.cell)}{_copy_text(move.copy)}"
    if isinstance(move, Relocate):
        return f"{cell_text(move.cell)}{_copy_text(move.copy)}>{write_piece_move(move.to)}"
    return "clear" + _copy_text(move.copy)
