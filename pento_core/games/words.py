"""A board in words, for a player who cannot see it (a screen reader reads the lines aloud).

Every game's :meth:`~pento_core.games.base.Game.describe` returns lines: first the summary,
then the board row by row, then what is left to do.  A row is told as runs of equal cells
("F in columns 1 to 3; empty in columns 4 to 10"), which is how a sighted player reads it
too, and stays short on a large board: a row of a 6x10 cover is at most a few runs.

Rows and columns are counted from 1, as the page names them everywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..i18n import ntr, tr
from ..polyomino.board import Position, labels

MAX_LISTED = 12  # moves or pieces listed one by one; past that the line says how many more


def columns(first: int, last: int) -> str:
    """Columns ``first`` to ``last`` (counted from 0) in words."""
    if first == last:
        return tr("column {col}", col=first + 1)
    return tr("columns {first} to {last}", first=first + 1, last=last + 1)


def runs(row: str) -> list[tuple[str, int, int]]:
    """The runs of equal characters in ``row``: (character, first column, last column)."""
    out: list[tuple[str, int, int]] = []
    for col, ch in enumerate(row):
        if out and out[-1][0] == ch and out[-1][2] == col - 1:
            out[-1] = (ch, out[-1][1], col)
        else:
            out.append((ch, col, col))
    return out


def grid_lines(rows: Iterable[str], name: Callable[[str, int], str | None]) -> list[str]:
    """One line a row of a picture (:mod:`pento_core.games.base`): each run of equal cells
    named by ``name(character, cells in the run)``, None for characters that are no cell."""
    lines = []
    for r, row in enumerate(rows):
        parts = [
            tr("{what} in {where}", what=what, where=columns(first, last))
            for ch, first, last in runs(row)
            if (what := name(ch, last - first + 1)) is not None
        ]
        if parts:
            lines.append(tr("Row {row}: {parts}.", row=r + 1, parts="; ".join(parts)))
    return lines


def listing(items: list[str]) -> str:
    """``items`` joined with commas; past :data:`MAX_LISTED` the rest are counted."""
    shown = ", ".join(items[:MAX_LISTED])
    more = len(items) - MAX_LISTED
    if more > 0:
        shown += " " + ntr("and {n} more", "and {n} more", more)
    return shown


def counted(name: str, n: int) -> str:
    """A piece's name, with how many when there are several: ``F``, ``F ×2``."""
    return name if n == 1 else f"{name} ×{n}"


def cell(r: int, c: int) -> str:
    """The cell at row ``r``, column ``c`` (counted from 0) in words."""
    return tr("row {row} column {col}", row=r + 1, col=c + 1)


def position_rows(pos: Position) -> list[str]:
    """A polyomino position row by row: pieces by name, empty cells."""
    label = labels(pos.placements)  # the letters the picture shows: a second copy of F may be "f"
    piece_of = {label[c]: p.piece.name for p in pos.placements for c in p.cells}
    return grid_lines(pos.picture(), lambda ch, n: None if ch == " " else tr("empty") if ch == "." else piece_of[ch])


def pieces_left(names: list[str]) -> list[str]:
    """The line naming the pieces still to place (none when there are none)."""
    return [tr("Pieces still to place: {names}.", names=listing(names))] if names else []


def position_lines(pos: Position) -> list[str]:
    """A polyomino position row by row, then the pieces not placed (a count after a name of which
    several copies are left)."""
    left = [counted(p.name, n) for p, _ in pos.pieces if (n := pos.available(p))]
    return position_rows(pos) + pieces_left(left)
