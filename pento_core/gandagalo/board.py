"""GandaGalo boards: the grid, its lines of three, and the board text format.

A board has ``rows`` x ``cols`` cells (1 to 20 each).  Every cell is *free*
(the player fills it with X or O), *given* (an X or O printed on the board) or
*blocked* (never filled; it breaks lines).  The rule: no three equal marks in
a row horizontally, vertically or on either diagonal.

Cells are numbered ``i = r * cols + c`` and sets of cells are Python ints used
as bitmasks (bit ``i`` is cell ``i``), so a rule applies to the whole board in
a few shifts; :class:`Lines` keeps the shifts and masks and says what they
mean.

The **board text format**: one line per row, ``.`` a free cell, ``X`` or
``O`` a given mark, ``#`` a blocked cell.  :func:`parse` and :meth:`Grid.text`
are its pair; in a link the rows are joined by ``/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import ParseError
from ..i18n import N_, tr
from ..limits import MAX_TEXT, within

MAX_SIDE = 20  # the source's MAX_GRID: boards are 1..20 by 1..20
Cell = tuple[int, int]  # (row, column), 0-based
Mask = int  # a set of cells, bit r * cols + c

# The four directions of a line: (row step, column step, the words a hint uses)
DIRECTIONS: tuple[tuple[int, int, str], ...] = (
    (0, 1, N_("in the row")),
    (1, 0, N_("in the column")),
    (1, 1, N_("on the diagonal")),
    (1, -1, N_("on the diagonal")),
)


@dataclass(frozen=True)
class Lines:
    """Every line of three cells on a board with its blocked cells taken out.

    ``shifts`` holds, per direction, ``(s, starts)``: cell ``i`` in ``starts``
    means ``i``, ``i + s``, ``i + 2s`` are three free-or-given cells in a line.
    ``triples`` lists the same lines as ``(a, b, c, direction)`` for the
    explanations, and ``through[i]`` the triples that hold cell ``i``.
    """

    rows: int
    cols: int
    blocked: Mask
    shifts: tuple[tuple[int, Mask], ...]
    triples: tuple[tuple[int, int, int, int], ...]
    through: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def full(self) -> Mask:
        return (1 << self.size) - 1

    @property
    def open(self) -> Mask:
        """The cells that are not blocked."""
        return self.full & ~self.blocked

    def threes(self, mark: Mask) -> Mask:
        """The cells of every line of three equal marks in ``mark``."""
        out = 0
        for s, starts in self.shifts:
            t = starts & mark & mark >> s & mark >> 2 * s
            out |= t | t << s | t << 2 * s
        return out

    def forbidden(self, mark: Mask) -> Mask:
        """The cells where one more mark of this kind would make three in a line."""
        out = 0
        for s, starts in self.shifts:
            m1 = mark >> s
            m2 = mark >> 2 * s
            out |= starts & m1 & m2 | (starts & mark & m2) << s | (starts & mark & m1) << 2 * s
        return out


@lru_cache(maxsize=64)
def lines(rows: int, cols: int, blocked: Mask) -> Lines:
    """The :class:`Lines` of a ``rows`` x ``cols`` board with ``blocked`` cells (computed once per board)."""
    shifts: list[tuple[int, Mask]] = []
    triples: list[tuple[int, int, int, int]] = []
    through: list[list[int]] = [[] for _ in range(rows * cols)]
    for d, (dr, dc, _) in enumerate(DIRECTIONS):
        starts = 0
        for r in range(rows - 2 * dr):
            for c in range(cols):
                if not (0 <= c + 2 * dc < cols):
                    continue
                cells = [(r + k * dr) * cols + c + k * dc for k in range(3)]
                if any(blocked >> i & 1 for i in cells):
                    continue
                starts |= 1 << cells[0]
                for i in cells:
                    through[i].append(len(triples))
                triples.append((cells[0], cells[1], cells[2], d))
        shifts.append((dr * cols + dc, starts))
    return Lines(rows, cols, blocked, tuple(shifts), tuple(triples), tuple(tuple(t) for t in through))


@dataclass(frozen=True)
class Grid:
    """A board and its marks: ``x`` and ``o`` (masks of marked cells), ``blocked``."""

    rows: int
    cols: int
    blocked: Mask
    x: Mask = 0
    o: Mask = 0

    @property
    def lines(self) -> Lines:
        return lines(self.rows, self.cols, self.blocked)

    @property
    def empty(self) -> Mask:
        """Free cells without a mark."""
        return self.lines.open & ~(self.x | self.o)

    def cell(self, i: int) -> Cell:
        return divmod(i, self.cols)

    def index(self, cell: Cell) -> int:
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ParseError(
                tr(
                    "there is no cell at row {value}, column {value2} on a {rows} x {cols} board",
                    value=r + 1,
                    value2=c + 1,
                    rows=self.rows,
                    cols=self.cols,
                )
            )
        return r * self.cols + c

    def at(self, i: int) -> str:
        """``X``, ``O``, ``#`` or ``.`` for cell ``i``."""
        if self.blocked >> i & 1:
            return "#"
        if self.x >> i & 1:
            return "X"
        return "O" if self.o >> i & 1 else "."

    def text(self) -> str:
        """The board text format: one line per row."""
        return "\n".join("".join(self.at(r * self.cols + c) for c in range(self.cols)) for r in range(self.rows))

    def with_marks(self, x: Mask, o: Mask) -> Grid:
        return Grid(self.rows, self.cols, self.blocked, x, o)

    def broken(self) -> Mask:
        """The cells of every line of three equal marks (empty when the rule holds)."""
        return self.lines.threes(self.x) | self.lines.threes(self.o)


def parse(text: str) -> Grid:
    """A :class:`Grid` from the board text format (rows on lines, or joined by ``/``).

    Blank lines before and after are ignored, and so is white space at the ends
    of a line; every row must have the same length.  Raises :class:`ParseError`
    naming the line and column of the first problem.
    """
    within(text, N_("the board text"), MAX_TEXT)
    rows = [row.strip() for row in text.replace("/", "\n").split("\n")]
    while rows and not rows[-1]:
        rows.pop()
    first = 0
    while first < len(rows) and not rows[first]:
        first += 1
    rows = rows[first:]
    if not rows:
        raise ParseError(tr("the board is empty: write one line per row, . for a free cell, X, O or # (blocked)"))
    if len(rows) > MAX_SIDE:
        raise ParseError(
            tr("a board has at most {MAX_SIDE} rows, this one has {n_rows}", MAX_SIDE=MAX_SIDE, n_rows=len(rows))
        )
    cols = len(rows[0])
    x = o = blocked = 0
    for r, row in enumerate(rows):
        if len(row) != cols:
            raise ParseError(
                tr("every row must have {cols} cells like the first, this one has {n_row}", cols=cols, n_row=len(row)),
                first + r + 1,
            )
        if cols > MAX_SIDE:
            raise ParseError(
                tr("a board has at most {MAX_SIDE} columns, this one has {cols}", MAX_SIDE=MAX_SIDE, cols=cols),
                first + r + 1,
            )
        for c, ch in enumerate(row):
            bit = 1 << (r * cols + c)
            if ch == ".":
                continue
            if ch in "Xx":
                x |= bit
            elif ch in "Oo":
                o |= bit
            elif ch == "#":
                blocked |= bit
            else:
                raise ParseError(
                    tr("{ch!r} is not a cell: use . (free), X, O or # (blocked)", ch=ch), first + r + 1, c + 1
                )
    return Grid(len(rows), cols, blocked, x, o)
