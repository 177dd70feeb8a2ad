"""The polyomino workshop: edit any board and any set of pieces, see why a
puzzle is impossible, and list every tiling (after the Heidelberg lab report
"POLYOMINO – Ein Spiel").

Its moves are edits, so the shell's undo, saving and share links work for it
as for any game.  Text formats:

* **desc**: the puzzle it started from, a :mod:`pento_core.polyomino.puzzle` spec.
* **state**: the puzzle being edited, ``BOARD~PIECES~FLAGS`` where BOARD is
  ``RxC`` (all cells) or rows of ``.`` and ``#`` joined by ``/`` (kept as
  drawn, empty rows included, so the editor's grid keeps its size), PIECES is
  as in a puzzle spec or ``-`` for none.
* **move**: ``size R C``; ``paint r,c;r,c...`` / ``erase r,c;...`` (0-based);
  ``board SPEC``; ``pieces SPEC``; ``count NAME N``; ``flag o 1`` (one-sided),
  ``flag u 0`` (pieces may be left over); ``import TEXT`` (the puzzle text file).

The tilings themselves are listed by :meth:`WorkshopGame.tilings` (the API's ``solutions``
command, which streams them as they are found).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..budget import Budget
from ..errors import IllegalMoveError, ParseError, PentoError
from ..i18n import N_, tr
from ..limits import MAX_COPIES, MAX_STATE, WORKSHOP_SIDE, number, within
from ..limits import MAX_SIDE as BOARD_MAX_SIDE
from ..polyomino.board import Board, Position
from ..polyomino.cover import Problem, Runs, listed
from ..polyomino.feasibility import OPENING_SECONDS, impossibility
from ..polyomino.geometry import Cell, bounds
from ..polyomino.pieces import PieceSet, family, parse_piece_names, piece_by_name
from ..polyomino.puzzle import Puzzle, parse_puzzle, parse_puzzle_text
from . import words
from .base import JSON, Form, GameBase, ListsInsteadOfHelping, Preset, PrintStyle, ProgressFn, Status, Tilings

MAX_SIDE = WORKSHOP_SIDE
LARGE = 20_000  # placements beyond which the workshop warns that a search may take long
_CELL = re.compile(r"^([0-9]{1,9}),([0-9]{1,9})$")  # bounded: no 4,300-digit int()


RULES = N_("""\
The workshop is where you invent puzzles. Paint the board: click or drag over the grid to add cells,
again to remove them, or pick a ready-made board. Choose the pieces: any polyominoes from one square
up to six squares, or draw your own, and as many copies of each as you like.

"One-sided" means pieces may be turned but not flipped over. "Pieces may be left over" means the
board does not have to use every piece.

Before any search, the workshop tells you if your puzzle is impossible and why: the areas do not
match, a region is too small, or a checkerboard colouring cannot work.

Find all tilings lists every solution as it is found; browse them with the arrows, count them up to
the board's symmetries, or press Stop to keep what was found so far. Play this opens your puzzle in
the cover game. Export and Import save your puzzle as a text file; Copy link shares it.""")


# the flags that join a board's sides (``flag c 1``: a cylinder, ``flag t 1``: a torus), as in a
# puzzle spec's FLAGS
_WRAPS = {"c": "cylinder", "t": "torus"}


@dataclass(frozen=True)
class WorkshopState:
    """The puzzle being edited: a grid of ``rows`` x ``cols`` with some cells on the board."""

    rows: int
    cols: int
    cells: frozenset[Cell]
    pieces: PieceSet
    allow_unused: bool
    wrap: str = ""  # "" (flat), "cylinder" or "torus": the board's sides joined (Board.wrap)

    def puzzle(self) -> Puzzle:
        """The puzzle, or a PentoError saying why there is none yet."""
        if not self.cells:
            raise PentoError(tr("the board has no cells: paint some"))
        if not self.pieces.counts:
            raise PentoError(tr("there are no pieces: choose some"))
        return Puzzle(Board.of(self.cells).wrapped(self.wrap), self.pieces, self.allow_unused)


def _grid_text(rows: int, cols: int, cells: frozenset[Cell]) -> str:
    """A grid as a board spec ``RxC`` (every cell) or rows of ``.`` and ``#`` (the reverse of _parse_grid)."""
    if len(cells) == rows * cols:
        return f"{rows}x{cols}"
    return "/".join("".join("." if (r, c) in cells else "#" for c in range(cols)) for r in range(rows))


def _summary(st: WorkshopState) -> str:
    return tr("Board of {n_cells} cells; pieces of {area} cells in all.", n_cells=len(st.cells), area=st.pieces.area)


def _board_text(st: WorkshopState) -> str:
    return _grid_text(st.rows, st.cols, st.cells)


def _parse_grid(spec: str) -> tuple[int, int, frozenset[Cell]]:
    """A board spec read as a grid, keeping empty rows and columns."""
    m = re.match(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*$", spec)
    if m:
        rows = number(m.group(1), N_("the number of rows"), 1, MAX_SIDE)
        cols = number(m.group(2), N_("the number of columns"), 1, MAX_SIDE)
        return rows, cols, frozenset((r, c) for r in range(rows) for c in range(cols))
    lines = spec.replace("\n", "/").split("/")
    rows, cols = len(lines), max(len(line) for line in lines)
    _check_size(rows, cols)
    cells = set()
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch == "." or (ch.isascii() and ch.isalpha()):
                cells.add((r, c))
            elif ch not in "# ":
                raise ParseError(tr("unexpected character {ch!r} in the board", ch=ch), r + 1, c + 1)
    return rows, cols, frozenset(cells)


def _check_size(rows: int, cols: int) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParseError(
            tr(
                "the board must be 1 to {MAX_SIDE} cells a side, not {rows}x{cols}",
                MAX_SIDE=MAX_SIDE,
                rows=rows,
                cols=cols,
            )
        )


def _from_puzzle(p: Puzzle) -> WorkshopState:
    return WorkshopState(p.board.height, p.board.width, p.board.cells, p.pieces, p.allow_unused, p.board.wrap)


def placement_estimate(board: Board, pieces: PieceSet) -> int:
    """How many ways there are to put some piece somewhere on the board (the problem's size)."""
    stride = board.width + 1
    board_mask = 0
    for r, c in board.cells:
        board_mask |= 1 << (r * stride + c)
    total = 0
    for p, _ in pieces:
        for o in p.orientations(pieces.one_sided):
            _, _, h, w = bounds(o)
            mask = 0
            for r, c in o:
                mask |= 1 << (r * stride + c)
            for r0 in range(board.height - h):
                for c0 in range(board.width - w):
                    shifted = mask << (r0 * stride + c0)
                    if shifted & board_mask == shifted:
                        total += 1
    return total


@dataclass(frozen=True)
class Size:
    """``size 8 8``: the grid's rows and columns (new cells are on the board)."""

    rows: int
    cols: int


@dataclass(frozen=True)
class Paint:
    """``paint 2,5;3,5`` (or ``erase ...``): cells on (or off) the board."""

    cells: tuple[Cell, ...]
    erase: bool


@dataclass(frozen=True)
class BoardEdit:
    """``board 6x10`` or ``board ..#/...``: a whole board at once."""

    rows: int
    cols: int
    cells: frozenset[Cell]


@dataclass(frozen=True)
class Pieces:
    """``pieces F,I,L*2`` (``-``: none): the piece set, as a puzzle spec writes it."""

    names: str


@dataclass(frozen=True)
class Count:
    """``count L 2``: how many copies of one piece."""

    name: str
    n: int


@dataclass(frozen=True)
class Flag:
    """``flag o 1`` (one-sided pieces), ``flag u 0`` (pieces may be left over), ``flag c 1`` or
    ``flag t 1`` (the board's sides joined as a cylinder or a torus; either off: flat): a flag on or
    off."""

    which: str
    on: bool


@dataclass(frozen=True)
class Import:
    """``import TEXT``: the puzzle text file, whole."""

    text: str


WorkshopMove = Size | Paint | BoardEdit | Pieces | Count | Flag | Import


class WorkshopGame(ListsInsteadOfHelping, GameBase[WorkshopState, WorkshopMove]):
    """Any board, any set of pieces, every tiling."""

    id = "workshop"
    view_module = "workshop"
    title = N_("Polyomino workshop")
    description = N_("Make your own puzzle from any board and any pieces; the computer finds every solution.")
    rules = RULES
    features: tuple[str, ...] = ()
    picture_solved = False
    print_style: PrintStyle = ""
    titled_by_board = False  # its presets are starting points, not puzzles of their own

    def presets(self) -> list[Preset]:
        scott = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))
        corners = "/".join("".join("#" if (r, c) in ((0, 0), (7, 7)) else "." for c in range(8)) for r in range(8))
        return [
            Preset(N_("6 x 10 with the 12 pentominoes"), "6x10"),
            Preset(N_("8x8 without its centre"), scott),
            Preset(N_("8x8 without two corners, dominoes"), f"{corners}~I2*31"),
            Preset(N_("5 x 4 with the 5 tetrominoes"), "5x4~I4,O4,T4,S4,L4~u"),
            Preset(N_("8x8 with the pentominoes and a 2x2 square"), "8x8~F,I,L,N,P,T,U,V,W,X,Y,Z,O4"),
        ]

    def forms(self) -> list[Form]:
        return []

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        return parse_puzzle(params, MAX_SIDE).spec()

    def validate(self, desc: str) -> None:
        parse_puzzle(desc, MAX_SIDE)

    def start(self, desc: str, state: str = "") -> WorkshopState:
        if not state:
            return _from_puzzle(parse_puzzle(desc, MAX_SIDE))
        within(state, N_("the saved workshop"), MAX_STATE)
        parts = state.split("~")
        if len(parts) != 3:
            raise ParseError(tr("a workshop state is BOARD~PIECES~FLAGS"))
        board, names, flags = parts
        rows, cols, cells = _parse_grid(board)
        if set(flags) - {"o", "u", *_WRAPS} or sum(f in flags for f in _WRAPS) > 1:
            raise ParseError(tr("unknown flags {flags!r}", flags=flags))
        pieces = PieceSet((), "o" in flags) if names == "-" else parse_piece_names(names, "o" in flags)
        wrap = next((w for f, w in _WRAPS.items() if f in flags), "")
        return WorkshopState(rows, cols, cells, pieces, "u" in flags, wrap)

    def write_state(self, st: WorkshopState) -> str:
        flags = ("o" if st.pieces.one_sided else "") + ("u" if st.allow_unused else "")
        flags += next((f for f, w in _WRAPS.items() if w == st.wrap), "")
        return f"{_board_text(st)}~{st.pieces.names() or '-'}~{flags}"

    def parse_move(self, text: str) -> WorkshopMove:
        verb, _, rest = text.strip().partition(" ")
        if verb == "size":
            words = rest.split()
            if len(words) != 2:
                raise ParseError(tr("size takes two numbers: rows and columns"))
            rows = number(words[0], N_("the number of rows"), 1, MAX_SIDE)
            cols = number(words[1], N_("the number of columns"), 1, MAX_SIDE)
            return Size(rows, cols)
        if verb in ("paint", "erase"):
            cells = []
            for token in (t for t in rest.split(";") if t.strip()):
                m = _CELL.match(token.strip())
                if not m:
                    raise ParseError(tr("{token!r} is not a cell like 2,5", token=token))
                cells.append((int(m.group(1)), int(m.group(2))))
            return Paint(tuple(cells), verb == "erase")
        if verb == "board":
            return BoardEdit(*_parse_grid(rest))
        if verb == "pieces":
            return Pieces(rest.strip() or "-")
        if verb == "count":
            name, _, n = rest.rpartition(" ")
            return Count(name.strip(), number(n, N_("a count"), 0, MAX_COPIES))
        if verb == "flag":
            which, _, value = rest.partition(" ")
            if which not in ("o", "u", *_WRAPS):
                raise ParseError(tr("unknown flag {which!r}", which=which))
            return Flag(which, value.strip() == "1")
        if verb == "import":
            return Import(rest)
        raise ParseError(tr("unknown workshop move {verb!r}", verb=verb))

    def write_move(self, move: WorkshopMove) -> str:
        if isinstance(move, Size):
            return f"size {move.rows} {move.cols}"
        if isinstance(move, Paint):
            return f"{'erase' if move.erase else 'paint'} " + ";".join(f"{r},{c}" for r, c in move.cells)
        if isinstance(move, BoardEdit):
            return "board " + _grid_text(move.rows, move.cols, move.cells)
        if isinstance(move, Pieces):
            return f"pieces {move.names}"
        if isinstance(move, Count):
            return f"count {move.name} {move.n}"
        if isinstance(move, Flag):
            return f"flag {move.which} {int(move.on)}"
        return f"import {move.text}"

    def play(self, st: WorkshopState, move: WorkshopMove) -> WorkshopState:
        if isinstance(move, Size):
            rows, cols = move.rows, move.cols
            cells = {c for c in st.cells if c[0] < rows and c[1] < cols}
            cells |= {(r, c) for r in range(rows) for c in range(cols) if r >= st.rows or c >= st.cols}
            return replace(st, rows=rows, cols=cols, cells=frozenset(cells))
        if isinstance(move, Paint):
            painted = set(st.cells)
            for cell in move.cells:
                if not (cell[0] < st.rows and cell[1] < st.cols):
                    raise IllegalMoveError(
                        tr("row {value}, column {value2} is outside the grid", value=cell[0] + 1, value2=cell[1] + 1)
                    )
                if move.erase:
                    painted.discard(cell)
                else:
                    painted.add(cell)
            return replace(st, cells=frozenset(painted))
        if isinstance(move, BoardEdit):
            return replace(st, rows=move.rows, cols=move.cols, cells=move.cells)
        if isinstance(move, Pieces):
            one_sided = st.pieces.one_sided
            pieces = PieceSet((), one_sided) if move.names == "-" else parse_piece_names(move.names, one_sided)
            return replace(st, pieces=pieces)
        if isinstance(move, Count):
            piece = piece_by_name(move.name)
            counts = {p: k for p, k in st.pieces}
            match = next((p for p in counts if p.name == piece.name), piece)
            counts[match] = move.n
            return replace(st, pieces=PieceSet.of(counts, st.pieces.one_sided))
        if isinstance(move, Flag):
            if move.which == "o":
                return replace(st, pieces=PieceSet.of(dict(st.pieces), move.on))
            if move.which in _WRAPS:  # one way of joining the sides at a time; off: a flat board
                return replace(st, wrap=_WRAPS[move.which] if move.on else "")
            return replace(st, allow_unused=move.on)
        return _from_puzzle(parse_puzzle_text(move.text, MAX_SIDE))

    def info(self, desc: str) -> JSON:
        catalogue = []
        for size, label in (
            (1, N_("Monomino")),
            (2, N_("Domino")),
            (3, N_("Trominoes")),
            (4, N_("Tetrominoes")),
            (5, N_("Pentominoes")),
            (6, N_("Hexominoes")),
        ):
            catalogue.append(
                {
                    "size": size,
                    "label": tr(label),
                    "pieces": [
                        {"name": p.name, "cells": sorted([list(c) for c in p.shape])} for p in family(size).values()
                    ],
                }
            )
        presets = [
            {"label": "6 x 10", "board": "6x10"},
            {"label": "5 x 12", "board": "5x12"},
            {"label": "4 x 15", "board": "4x15"},
            {"label": "3 x 20", "board": "3x20"},
            {"label": tr("8x8 without its centre"), "board": self.presets()[1].params},
        ]
        return {"catalogue": catalogue, "board_presets": presets, "max_side": MAX_SIDE, "board_max": BOARD_MAX_SIDE}

    def view(self, st: WorkshopState) -> JSON:
        out: JSON = {
            "rows": st.rows,
            "cols": st.cols,
            "grid": ["".join("." if (r, c) in st.cells else "#" for c in range(st.cols)) for r in range(st.rows)],
            "pieces": [
                {"name": p.name, "count": n, "size": p.size, "cells": sorted([list(c) for c in p.shape])}
                for p, n in st.pieces
            ],
            "one_sided": st.pieces.one_sided,
            "allow_unused": st.allow_unused,
            "wrap": st.wrap,
            "area": len(st.cells),
            "piece_area": st.pieces.area,
            "complete": False,
            "summary": _summary(st),
        }
        try:
            puzzle = st.puzzle()
        except PentoError as e:
            out.update(puzzle=None, text=None, reason=str(e), placements=0, warning=None)
            return out
        placements = placement_estimate(puzzle.board, puzzle.pieces)
        # bounded: past the bound the arguments say nothing (the search decides)
        budget = Budget(max_seconds=OPENING_SECONDS)
        reason = impossibility(Position(puzzle.board, puzzle.pieces), puzzle.allow_unused, budget)
        if reason is None and placements == 0:
            reason = tr("no piece fits anywhere on the board")
        warning = None
        if reason is None and placements > LARGE:
            warning = tr(
                "{placements:,} placements: a complete search may take a long time (Stop keeps what it found).",
                placements=placements,
            )
        out.update(puzzle=puzzle.spec(), text=puzzle.text(), reason=reason, placements=placements, warning=warning)
        return out

    def status(self, st: WorkshopState) -> Status:
        """Always playing (the workshop edits puzzles; nothing is won): read without the view, whose
        impossibility arguments take up to half a second on a large board."""
        return Status("playing", _summary(st))

    def picture(self, st: WorkshopState) -> list[str]:
        return ["".join("." if (r, c) in st.cells else " " for c in range(st.cols)) for r in range(st.rows)]

    def describe(self, st: WorkshopState) -> list[str]:
        view = self.view(st)
        lines = [
            view["summary"],
            tr("The board drawn so far, {rows} rows by {cols} columns:", rows=st.rows, cols=st.cols),
        ]
        lines += words.grid_lines(self.picture(st), lambda ch, n: tr("board") if ch == "." else tr("no board"))
        chosen = [words.counted(p.name, n) for p, n in st.pieces if n]
        lines.append(tr("Pieces: {names}.", names=words.listing(chosen)) if chosen else tr("No pieces chosen."))
        if view["reason"]:
            lines.append(tr("It cannot be tiled: {reason}.", reason=view["reason"]))
        return lines

    def tilings(
        self,
        st: WorkshopState,
        distinct: bool,
        budget: Budget,
        progress: ProgressFn,
        every: float,
        run: tuple[int, int] | None = None,
    ) -> Tilings:
        puzzle = st.puzzle()
        problem, found = listed(puzzle.problem, lambda n: _runs(puzzle, n), run, distinct, budget, progress, every)
        return Tilings(
            len(problem.symmetry_maps()),
            (Position(puzzle.board, puzzle.pieces, s).text().replace("\n", "/") for s in found),
        )


@lru_cache(maxsize=1)
def _runs(puzzle: Puzzle, n: int) -> Runs[Problem]:
    """The puzzle's search in ``n`` runs, kept for the next run asked of this engine (one puzzle at a
    time): an engine of the page that lists several runs of one listing keeps one memo for them all."""
    return Runs(puzzle.problem(), n)
