"""Boards of any shape, positions on them, and their text format.

Text format (one line per row):

* ``.`` a cell of the board still to be covered;
* ``#`` or a space: not part of the board (holes, outside of the outline);
* a letter: a board cell covered by a placed piece.  Cells with the same
  letter that touch form one placed piece.  A letter that names a piece of
  the set (``F``, or ``f`` where two copies of F touch) must have that
  piece's shape; any other letter is a label and the piece is recognised by
  its shape.

A board may have holes and several separate regions.  A board spec on the
command line is either such a file or ``RxC`` for a full rectangle of R rows
and C columns.

A board may wrap around (:attr:`Board.wrap`): a file says so on its first line,
``wrap: cylinder`` or ``wrap: torus``.  A *cylinder* joins the board's two short
sides (a square's left and right sides), as puzzle books' loops and tubes do: a
3x20 loop is ``3x20`` with its ends of three cells joined.  A *torus* joins both
pairs of opposite sides.  The sides are those of the board's bounding box; a
piece may then lie across the seam.

A piece may be held to a region (:attr:`Board.holds`), as puzzle books do to break a board's
symmetry ("the X in one corner"): after the board's rows, a line ``hold X`` and then rows drawn
as the board is (their first row beside the board's first row, their first column beside its
first column), ``+`` marking the cells the piece may cover; every copy of X stays within them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..errors import IllegalMoveError, ParseError
from ..i18n import N_, tr
from ..limits import MAX_SIDE, number
from .geometry import Cell, Shape, bounds, components, neighbours, normalize
from .pieces import Piece, PieceSet

_RECT = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*$")
_WRAP_LINE = re.compile(r"^\s*wrap\s*:\s*(\S*)\s*$", re.IGNORECASE)
_HOLD_LINE = re.compile(r"^\s*hold\s+(\S+)\s*$", re.IGNORECASE)
WRAPS = ("cylinder", "torus")  # the ways a board can wrap around ("" for none)


@dataclass(frozen=True)
class Board:
    """The set of cells to cover.  Cells are normalised (min row and col 0).

    ``wrap``: "" for a flat board, or one of :data:`WRAPS` (see the module's notes); which sides
    are joined is :attr:`periods`."""

    cells: Shape
    wrap: str = ""
    # (piece name, the cells it may cover): pieces held to a region; every copy stays within it
    holds: tuple[tuple[str, Shape], ...] = ()

    def __post_init__(self) -> None:
        if not self.cells:
            raise ParseError(tr("the board has no cells"))
        if self.wrap and self.wrap not in WRAPS:
            raise ParseError(tr("a board wraps as a cylinder or a torus, not {value!r}", value=self.wrap[:20]))

    def wrapped(self, wrap: str) -> Board:
        """This board with its sides joined as ``wrap`` says ("" for none)."""
        return Board(self.cells, wrap, self.holds)

    def held(self, name: str) -> Shape | None:
        """The region piece ``name`` is held to, or None where it may go anywhere."""
        return next((cells for n, cells in self.holds if n == name), None)

    @cached_property
    def periods(self) -> tuple[int, int]:
        """After how many rows, and columns, the board comes back to itself: 0 where that way does
        not wrap.  A cylinder wraps along its longer side (its short sides are joined), a square
        one along its rows (left joined to right); a torus both ways."""
        h, w = self.height, self.width
        if self.wrap == "torus":
            return (h, w)
        if self.wrap == "cylinder":
            return (h, 0) if h > w else (0, w)
        return (0, 0)

    @classmethod
    def rectangle(cls, rows: int, cols: int) -> Board:
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            raise ParseError(
                tr(
                    "a board side must be between 1 and {MAX_SIDE}, got {rows}x{cols}",
                    MAX_SIDE=MAX_SIDE,
                    rows=rows,
                    cols=cols,
                )
            )
        return cls(frozenset((r, c) for r in range(rows) for c in range(cols)))

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Board:
        return cls(normalize(cells))

    @cached_property
    def height(self) -> int:
        return bounds(self.cells)[2] + 1

    @cached_property
    def width(self) -> int:
        return bounds(self.cells)[3] + 1

    @property
    def area(self) -> int:
        return len(self.cells)

    def regions(self) -> list[Shape]:
        """The separate regions of the board (of a flat board: seams are not followed)."""
        return components(self.cells)

    def without(self, cells: Iterable[Cell]) -> Board:
        """This board with ``cells`` removed (kept in place, not renormalised)."""
        return Board(self.cells - frozenset(cells), self.wrap, self.holds)

    def text(self) -> str:
        """Board text with every cell empty."""
        return write_grid(self, {})

    def spec(self) -> str:
        """Short spec: ``RxC`` for a full rectangle, else rows joined by ``/``."""
        if self.area == self.height * self.width:
            return f"{self.height}x{self.width}"
        return "/".join(self.text().replace(" ", "#").split("\n"))


@dataclass(frozen=True)
class Placement:
    """A piece put on the board: which piece and which board cells it covers."""

    piece: Piece
    cells: Shape

    @property
    def anchor(self) -> Cell:
        """Top-left corner of the bounding box of the placed cells."""
        r0, c0, _, _ = bounds(self.cells)
        return (r0, c0)


def place_shape(s: Shape, anchor: Cell) -> Shape:
    """Translate a normalised shape so its bounding box starts at ``anchor``."""
    ar, ac = anchor
    return frozenset((r + ar, c + ac) for r, c in s)


@dataclass(frozen=True)
class Position:
    """A board, the pieces available, and the pieces placed so far.

    A Position is immutable: :meth:`place` and :meth:`remove` return new ones.
    """

    board: Board
    pieces: PieceSet
    placements: tuple[Placement, ...] = ()
    _covered: dict[Cell, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        covered = self._covered
        for i, p in enumerate(self.placements):
            for cell in p.cells:
                covered[cell] = i

    def owner(self, cell: Cell) -> Placement | None:
        i = self._covered.get(cell)
        return None if i is None else self.placements[i]

    def used(self, piece: Piece) -> int:
        return sum(1 for p in self.placements if p.piece == piece)

    def available(self, piece: Piece) -> int:
        """Copies of ``piece`` not yet on the board."""
        return sum(n for p, n in self.pieces if p == piece) - self.used(piece)

    def remaining(self) -> PieceSet:
        """The pieces not yet on the board."""
        return PieceSet.of({p: n - self.used(p) for p, n in self.pieces}, self.pieces.one_sided)

    @property
    def empty_cells(self) -> Shape:
        return frozenset(c for c in self.board.cells if c not in self._covered)

    def is_complete(self) -> bool:
        """True when every board cell is covered."""
        return len(self._covered) == self.board.area

    def check(self, piece: Piece, cells: Shape) -> str | None:
        """``None`` if ``piece`` may cover ``cells``, else the reason it may not.

        The rules of the thesis's "Modo Utilização" (Algorithms 4-6): every
        cell must be on the board and empty, the cells must be an allowed
        orientation of the piece, and a copy of the piece must be left.
        """
        if not any(p == piece for p, _ in self.pieces):
            return tr("{name} is not one of this puzzle's pieces", name=piece.name)
        if normalize(cells) not in piece.orientations(self.pieces.one_sided):
            return tr("those cells are not a shape of {name}", name=piece.name)
        if self.available(piece) <= 0:
            return tr("{name} is already on the board", name=piece.name)
        for cell in sorted(cells):
            if cell not in self.board.cells:
                r, c = cell
                if not (0 <= r < self.board.height and 0 <= c < self.board.width):
                    return tr("{name} would stick out over the edge of the board", name=piece.name)
                return tr(
                    "{name} would cover a square that is not part of the board, at row {value}, column {value2}",
                    name=piece.name,
                    value=r + 1,
                    value2=c + 1,
                )
        for cell in sorted(cells):
            other = self.owner(cell)
            if other is not None:
                return tr(
                    "{name} would overlap {name2} at row {value}, column {value2}",
                    name=piece.name,
                    name2=other.piece.name,
                    value=cell[0] + 1,
                    value2=cell[1] + 1,
                )
        return None

    def place(self, piece: Piece, cells: Shape) -> Position:
        """The position with ``piece`` added; raises IllegalMoveError with the reason."""
        reason = self.check(piece, cells)
        if reason:
            raise IllegalMoveError(reason)
        return Position(self.board, self.pieces, (*self.placements, Placement(piece, frozenset(cells))))

    def remove(self, cell: Cell) -> Position:
        """The position without the piece covering ``cell``."""
        i = self._covered.get(cell)
        if i is None:
            raise IllegalMoveError(
                tr("no piece at row {value}, column {value2}", value=cell[0] + 1, value2=cell[1] + 1)
            )
        return Position(self.board, self.pieces, self.placements[:i] + self.placements[i + 1 :])

    def clear(self) -> Position:
        return Position(self.board, self.pieces)

    def text(self) -> str:
        """Board text with placed pieces as letters."""
        return write_grid(self.board, labels(self.placements))

    def picture(self) -> list[str]:
        """The position as a picture (:mod:`pento_core.games.base`): the board text, a space off the board."""
        return self.text().replace("#", " ").split("\n")


def labels(placements: Iterable[Placement]) -> dict[Cell, str]:
    """A letter for every covered cell such that touching pieces get different letters.

    Single-letter piece names are used as they are (upper case, then lower
    case where a copy of the same piece touches); other pieces get spare letters.
    """
    placements = list(placements)
    out: dict[Cell, str] = {}
    spare = iter([ch for ch in "abcdeghjkmopqrsuvwxyzABCDEGHJKMOQRS" if ch.upper() not in "FILNPTUVWXYZ"] * 50)
    for p in placements:
        touching = {out.get(n) for c in p.cells for n in neighbours(c)} - {None}
        name = p.piece.name
        options = [name.upper(), name.lower()] if len(name) == 1 and name.isalpha() else []
        label = next((o for o in options if o not in touching), None)
        while label is None:
            cand = next(spare)
            label = cand if cand not in touching else None
        for c in p.cells:
            out[c] = label
    return out


def write_grid(board: Board, cell_labels: dict[Cell, str]) -> str:
    """Board text: ``.`` empty, ``#`` not on the board, a label where covered."""
    rows = []
    for r in range(board.height):
        row = "".join(cell_labels.get((r, c), ".") if (r, c) in board.cells else "#" for c in range(board.width))
        rows.append(row)
    return "\n".join(rows)


def parse_board(text: str) -> Board:
    """Parse board text (letters count as board cells, a first line ``wrap: cylinder`` or ``wrap:
    torus`` joins its sides) or a ``RxC`` spec."""
    return _parse(text)[0]


def parse_position(text: str, pieces: PieceSet) -> Position:
    """Parse board text with placed pieces.

    Each group of touching cells with one letter must be an allowed
    orientation of a piece of ``pieces`` with a copy left; the error names the
    line and column of the first cell of the offending group.
    """
    board, lettered, origin = _parse(text)
    pos = Position(board, pieces)
    by_label: dict[str, set[Cell]] = {}
    for cell, ch in lettered.items():
        by_label.setdefault(ch, set()).add(cell)
    groups = sorted((g for cells in by_label.values() for g in components(cells)), key=min)
    for g in groups:
        first = min(g)
        line, col = first[0] + origin[0] + 1, first[1] + origin[1] + 1
        label = lettered[first]
        named = [p for p, _ in pieces if p.name == label.upper()]
        candidates = named or [p for p, _ in pieces]
        match = [p for p in candidates if normalize(g) in p.orientations(pieces.one_sided)]
        if not match:
            what = tr("{name}", name=named[0].name) if named else tr("any piece in the set")
            raise ParseError(
                tr("the cells labelled {label!r} are not a shape of {what}", label=label, what=what), line, col
            )
        reason = pos.check(match[0], g)
        if reason:
            raise ParseError(reason, line, col)
        pos = pos.place(match[0], g)
    return pos


def _parse(text: str) -> tuple[Board, dict[Cell, str], Cell]:
    m = _RECT.match(text)
    if m:
        rows = number(m.group(1), N_("the number of rows"), 1, MAX_SIDE)
        cols = number(m.group(2), N_("the number of columns"), 1, MAX_SIDE)
        return Board.rectangle(rows, cols), {}, (0, 0)
    text = text.replace("\r\n", "\n")
    if "\n" not in text and "/" in text:
        text = text.replace("/", "\n")
    lines = text.split("\n")
    hold_at = next((i for i, line in enumerate(lines) if _HOLD_LINE.match(line)), len(lines))
    hold_lines = lines[hold_at:]
    lines = lines[:hold_at]
    while lines and not lines[-1].strip():
        lines.pop()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    wrap = ""
    header = _WRAP_LINE.match(lines[first]) if first < len(lines) else None
    if header:
        wrap = header.group(1).lower()
        if wrap not in WRAPS:
            raise ParseError(tr("a board wraps as a cylinder or a torus, not {value!r}", value=wrap[:20]), first + 1)
        lines[first] = ""  # a row of no cells: the rows below keep their line numbers
        while first < len(lines) and not lines[first].strip():
            first += 1
    if first == len(lines):
        raise ParseError(tr("the board text is empty"), 1)
    if len(lines) > MAX_SIDE:
        raise ParseError(tr("the board has more than {MAX_SIDE} rows", MAX_SIDE=MAX_SIDE), MAX_SIDE + 1)
    cells: set[Cell] = set()
    lettered: dict[Cell, str] = {}
    for r, line in enumerate(lines):
        if len(line.rstrip()) > MAX_SIDE:
            raise ParseError(tr("the row is longer than {MAX_SIDE} cells", MAX_SIDE=MAX_SIDE), r + 1, MAX_SIDE + 1)
        for c, ch in enumerate(line.rstrip()):
            if ch == ".":
                cells.add((r, c))
            elif ch.isascii() and ch.isalpha():
                cells.add((r, c))
                lettered[(r, c)] = ch
            elif ch not in "# ":
                raise ParseError(
                    tr("unexpected character {ch!r} (use '.', '#', space or a piece letter)", ch=ch), r + 1, c + 1
                )
    if not cells:
        raise ParseError(tr("the board has no cells (cells are '.')"), 1)
    r0, c0, _, _ = bounds(cells)
    shift = {(r - r0, c - c0): ch for (r, c), ch in lettered.items()}
    board = normalize(cells)
    holds = _holds(hold_lines, hold_at, board, (r0 - first, c0))
    return Board(board, wrap, holds), shift, (r0, c0)


def _holds(lines: list[str], at: int, board: Shape, offset: Cell) -> tuple[tuple[str, Shape], ...]:
    """The ``hold X`` blocks after a board's rows (``lines``, from line ``at``): each piece's name and
    the board cells marked ``+`` below it.  ``offset``: where the board's first row and column are
    in its own drawing (a block's rows start beside its first drawn row)."""
    holds: dict[str, set[Cell]] = {}
    name = ""
    row = 0
    for i, line in enumerate(lines):
        header = _HOLD_LINE.match(line)
        if header:
            name, row = header.group(1).upper(), 0
            if name in holds:
                raise ParseError(tr("{name} is held twice", name=name), at + i + 1)
            holds[name] = set()
            continue
        for c, ch in enumerate(line.rstrip()):
            if ch == "+":
                cell = (row - offset[0], c - offset[1])
                if cell not in board:
                    raise ParseError(tr("a held cell must be on the board"), at + i + 1, c + 1)
                holds[name].add(cell)
            elif ch not in ".# ":
                raise ParseError(
                    tr("unexpected character {ch!r} (use '+' for a cell the piece may cover)", ch=ch), at + i + 1, c + 1
                )
        row += 1
    for name, region in holds.items():
        if not region:
            raise ParseError(tr("{name} is held to no cell: mark its cells with '+'", name=name), at + 1)
    return tuple((n, frozenset(r)) for n, r in sorted(holds.items()))
