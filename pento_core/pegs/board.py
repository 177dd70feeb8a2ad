"""Peg solitaire boards, positions and jumps.

A board is a set of holes on a grid and the directions a peg may jump in:
the four orthogonal ones on square boards, and six on the triangular board
(row r holds holes 0..r; a peg also jumps along the diagonal (1, 1)).  A
position is the set of holes holding a peg, kept as the bits of an int over
the board's holes (hole ``i`` is bit ``i``, holes in reading order).

A jump takes a peg from hole ``a`` over a peg in ``b`` into the empty hole
``c`` (``a``, ``b``, ``c`` in a line) and removes the peg in ``b``.

Board text: one line per row, ``o`` a peg, ``.`` an empty hole, a space or
``#`` no hole (the same as the command line's board files).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ..errors import ParseError
from ..i18n import N_, tr
from ..limits import MAX_SIDE, LimitError, number

Cell = tuple[int, int]
SQUARE = ((0, 1), (1, 0), (0, -1), (-1, 0))
TRIANGULAR = (*SQUARE, (1, 1), (-1, -1))
MAX_HOLES = 200  # a position is an int of this many bits; the searches are meant for boards far smaller


@dataclass(frozen=True)
class Jump:
    """A peg in hole ``a`` jumps over ``b`` into ``c`` (indices of the board's holes)."""

    a: int
    b: int
    c: int

    def after(self, pegs: int) -> int:
        """The pegs once this jump is made (legality is the caller's: see :meth:`PegBoard.moves`)."""
        return pegs & ~(1 << self.a | 1 << self.b) | 1 << self.c


@dataclass(frozen=True)
class PegBoard:
    """The holes of a board (in reading order) and the directions pegs jump in."""

    cells: tuple[Cell, ...]
    directions: tuple[Cell, ...] = SQUARE
    name: str = "custom"

    def __post_init__(self) -> None:
        if not self.cells:
            raise ParseError(tr("the board has no holes"))
        if len(self.cells) > MAX_HOLES:
            raise LimitError(
                tr(
                    "a peg board has at most {MAX_HOLES} holes, not {n_cells}",
                    MAX_HOLES=MAX_HOLES,
                    n_cells=len(self.cells),
                )
            )

    @cached_property
    def index(self) -> dict[Cell, int]:
        return {c: i for i, c in enumerate(self.cells)}

    @cached_property
    def jumps(self) -> tuple[Jump, ...]:
        """Every jump the board allows, in a fixed order (by hole, then direction)."""
        out = []
        for (r, c), a in self.index.items():
            for dr, dc in self.directions:
                b = self.index.get((r + dr, c + dc))
                t = self.index.get((r + 2 * dr, c + 2 * dc))
                if b is not None and t is not None:
                    out.append(Jump(a, b, t))
        return tuple(out)

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def full(self) -> int:
        return (1 << self.size) - 1

    @cached_property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @cached_property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    def hole(self, cell: Cell) -> int:
        """The index of the hole at ``cell``; a ParseError when there is none."""
        if cell not in self.index:
            # counted from 1, as everywhere a player reads rows and columns
            raise ParseError(
                tr("there is no hole at row {value}, column {value2}", value=cell[0] + 1, value2=cell[1] + 1)
            )
        return self.index[cell]

    @cached_property
    def _jump_masks(self) -> tuple[tuple[Jump, int, int], ...]:
        """Each jump with the bits of its three holes and of the two that must hold pegs."""
        return tuple((j, 1 << j.a | 1 << j.b | 1 << j.c, 1 << j.a | 1 << j.b) for j in self.jumps)

    def moves(self, pegs: int) -> list[Jump]:
        """The jumps possible in position ``pegs`` (in :attr:`jumps` order)."""
        return [j for j, holes, full in self._jump_masks if pegs & holes == full]

    def text(self, pegs: int) -> str:
        """The board text of a position."""
        rows = []
        for r in range(self.height):
            row = "".join(
                ("o" if pegs >> self.index[(r, c)] & 1 else ".") if (r, c) in self.index else " "
                for c in range(self.width)
            )
            rows.append(row.rstrip())
        return "\n".join(rows)

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries as permutations of hole indices that map jumps onto jumps
        (the identity first).  Square boards try the square's eight motions; the triangular
        board the triangle's six (permutations of its three lattice coordinates).  A custom
        board may have only the identity."""
        found: list[tuple[int, ...]] = []
        jumps = {(j.a, j.b, j.c) for j in self.jumps}
        rows0 = min(r for r, _ in self.cells)
        cols0 = min(c for _, c in self.cells)
        for moved in self._moved():
            r0 = min(r for r, _ in moved)
            c0 = min(c for _, c in moved)
            perm = []
            for r, c in moved:
                i = self.index.get((r - r0 + rows0, c - c0 + cols0))
                if i is None:
                    break
                perm.append(i)
            else:
                p = tuple(perm)
                if p not in found and {(p[a], p[b], p[c]) for a, b, c in jumps} == jumps:
                    found.append(p)
        return tuple(found)

    def _moved(self) -> list[list[Cell]]:
        """The holes under each motion of the lattice (the identity first)."""
        if self.directions == TRIANGULAR:
            n = self.height
            out = []
            for order in ((0, 1, 2), (1, 0, 2), (2, 1, 0), (0, 2, 1), (1, 2, 0), (2, 0, 1)):
                moved = []
                for r, c in self.cells:
                    xyz = (c, r - c, n - 1 - r)  # three coordinates adding up to n - 1
                    x, z = xyz[order[0]], xyz[order[2]]
                    moved.append((n - 1 - z, x))
                out.append(moved)
            return out
        motions: list[Callable[[int, int], Cell]] = [
            lambda r, c: (r, c),
            lambda r, c: (c, -r),
            lambda r, c: (-r, -c),
            lambda r, c: (-c, r),
            lambda r, c: (r, -c),
            lambda r, c: (-r, c),
            lambda r, c: (c, r),
            lambda r, c: (-c, -r),
        ]
        return [[m(r, c) for r, c in self.cells] for m in motions]


class Permuter:
    """Moves positions by a permutation of holes (a symmetry, or a change of layout) a byte at a
    time: for each byte of the position a table of the 256 images, so a 45-hole position is six
    look-ups instead of 45 bit tests."""

    def __init__(self, perm: tuple[int, ...]) -> None:
        self.tables = []
        for start in range(0, len(perm), 8):
            chunk = perm[start : start + 8]
            table = [0] * 256
            for byte in range(256):
                out = 0
                for k, target in enumerate(chunk):
                    if byte >> k & 1:
                        out |= 1 << target
                table[byte] = out
            self.tables.append(table)

    def __call__(self, pegs: int) -> int:
        out = 0
        for table in self.tables:
            out |= table[pegs & 255]
            pegs >>= 8
        return out


# -- named boards --------------------------------------------------------------------------------------


def arms(digits: str) -> PegBoard:
    """The source's "nnnn" boards: a 3x3 core with four arms three holes wide, of the given
    numbers of rows, clockwise from the top (2222 is the English board, 3333 Wiegleb's)."""
    if not re.fullmatch(r"[0-4]{4}", digits):
        raise ParseError(
            tr("an arm board is four digits 0-4 (clockwise from the top), not {value!r}", value=digits[:10])
        )
    top, right, bottom, left = (int(d) for d in digits)
    cells = set()
    for r in range(top + 3 + bottom):
        for c in range(left + 3 + right):
            in_core_rows = top <= r < top + 3
            in_core_cols = left <= c < left + 3
            if in_core_rows or in_core_cols:
                cells.add((r, c))
    return PegBoard(tuple(sorted(cells)), SQUARE, digits)


def french() -> PegBoard:
    """The French board of 37 holes: 7 x 7 without three holes at each corner."""
    cells = [(r, c) for r in range(7) for c in range(7) if abs(r - 3) + abs(c - 3) <= 4]
    return PegBoard(tuple(sorted(cells)), SQUARE, "french")


def triangle(rows: int = 5) -> PegBoard:
    """The triangular board (15 holes for 5 rows): row r has holes 0..r; six jump directions."""
    return PegBoard(tuple((r, c) for r in range(rows) for c in range(r + 1)), TRIANGULAR, "triangle")


def rectangle(rows: int, cols: int) -> PegBoard:
    return PegBoard(tuple((r, c) for r in range(rows) for c in range(cols)), SQUARE, f"{rows}x{cols}")


def named(spec: str) -> tuple[PegBoard, int]:
    """A board and its usual start (every hole full but one) from ``english``, ``french``,
    ``triangle``, four arm digits, or ``RxC`` (a rectangle, the vacancy in the middle); ``@R,C``
    after the name empties that hole instead (``french@2,3``: the French board's usual centre
    vacancy cannot be won, this one can)."""
    s, at, vacancy = spec.strip().lower().partition("@")
    board, pegs = _named(s, spec)
    if not at:
        return board, pegs
    m = re.fullmatch(r"\s*([0-9]{1,2})\s*,\s*([0-9]{1,2})\s*", vacancy)
    if not m or (int(m.group(1)), int(m.group(2))) not in board.index:
        raise ParseError(tr("the empty hole is R,C (a hole of the board), not {value!r}", value=vacancy[:20]))
    return board, board.full & ~(1 << board.hole((int(m.group(1)), int(m.group(2)))))


def _named(s: str, spec: str) -> tuple[PegBoard, int]:
    if s == "english":
        board = arms("2222")
    elif s == "french":
        board = french()
    elif s == "triangle":
        board = triangle()
        return board, board.full & ~(1 << board.hole((0, 0)))
    elif re.fullmatch(r"[0-9]{4}", s):
        board = arms(s)
    elif m := re.fullmatch(r"([0-9]+)x([0-9]+)", s):
        board = rectangle(number(m.group(1), N_("rows"), 1, MAX_SIDE), number(m.group(2), N_("columns"), 1, MAX_SIDE))
        return board, board.full & ~(1 << board.hole((board.height // 2, board.width // 2)))
    else:
        raise ParseError(
            tr("{value!r} names no board (english, french, triangle, four arm digits, or RxC)", value=spec[:20])
        )
    if board.name == "french":
        centre = (3, 3)
    else:  # the arm boards: the middle of the 3 x 3 core
        digits = "2222" if s == "english" else s
        centre = (int(digits[0]) + 1, int(digits[3]) + 1)
    return board, board.full & ~(1 << board.hole(centre))


def parse(text: str, directions: tuple[Cell, ...] = SQUARE) -> tuple[PegBoard, int]:
    """A board and position from board text (``o`` peg, ``.`` empty hole, space or ``#`` none);
    ``directions`` TRIANGULAR reads a triangular board (row r's holes in columns 0..r)."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) > MAX_SIDE or any(len(line) > MAX_SIDE for line in lines):
        raise LimitError(tr("a peg board is at most {MAX_SIDE} x {MAX_SIDE}", MAX_SIDE=MAX_SIDE))
    holes: list[Cell] = []
    pegs: list[Cell] = []
    for r, line in enumerate(lines):
        for c, ch in enumerate(line.rstrip()):
            if ch in "o.":
                holes.append((r, c))
                if ch == "o":
                    pegs.append((r, c))
            elif ch not in " #":
                raise ParseError(tr("unexpected character {ch!r} (use o, '.', '#' or a space)", ch=ch), r + 1, c + 1)
    board = PegBoard(tuple(sorted(holes)), directions, "custom")
    position = 0
    for cell in pegs:
        position |= 1 << board.index[cell]
    return board, position
