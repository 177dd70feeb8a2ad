"""The box workshop: the polyomino workshop one dimension up.  Choose a box (or draw its layers),
choose the solids (the pentacubes, or any polycube family from one to six cubes), see why a box
cannot be filled before any search, then count and browse its fillings in 3D.  A box made here is
played in Pentacube boxes (its desc is that game's).

Its moves are edits, so undo, saves and links work for it as for any game.  Text formats:

* **desc**: the box it started from, a Pentacube boxes desc (``BOX`` or ``BOX~PIECES``).
* **state**: the box being edited, ``L,R,C~LAYERS~PIECES``: the grid's layers, rows and columns,
  then its layers from the bottom up (rows of ``.`` a cell and ``#`` no cell, joined by ``/``,
  layers by ``|``) or ``full`` when every cell is in the box, then the solids as
  :func:`~pento_core.polycube.pieces.parse_solids` reads them, or ``family:N`` for every polycube
  of N cubes.
* **move**: ``size L R C`` (a whole box of that size); ``paint L,R,C;...`` / ``erase L,R,C;...``
  (cells of the grid, from 0); ``pieces SPEC`` (as in the state).

The fillings are listed by :meth:`BoxWorkshopGame.tilings` (the API's ``solutions`` command): each
as its layers from the bottom up, rows joined by ``/`` and layers by ``|``, a letter for each
block's cells (:func:`~pento_core.polycube.box.letters`), ``#`` for no cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..budget import Budget
from ..errors import ParseError, PentoError
from ..i18n import N_, tr
from ..limits import MAX_STATE, number, within
from ..polycube.box import Box, filling_text, parse_box
from ..polycube.feasibility import impossibility
from ..polycube.geometry import Cell
from ..polycube.pieces import SolidSet, family, parse_solids, parse_solids_text, portable
from ..polycube.problem import BoxProblem, Filling
from ..polyomino.cover import Runs, listed
from ..polyomino.feasibility import OPENING_SECONDS
from . import words
from .base import JSON, Form, GameBase, ListsInsteadOfHelping, Preset, PrintStyle, ProgressFn, Tilings

MAX_SIDE = 12  # layers, rows and columns of the grid the workshop edits (Pentacube boxes' bound)
_CELL = re.compile(r"^([0-9]{1,2}),([0-9]{1,2}),([0-9]{1,2})$")
FAMILY = "family:"

RULES = N_("""\
The box workshop is where you invent puzzles in three dimensions. Choose the size of the box, then
click cells in the layer view to take them out of the box or put them back: a box does not have to
be a plain block.

Choose the pieces: the 12 flat pentacubes, all 29 pentacubes, or every polycube of one to six cubes.

Before any search, the workshop tells you if your box cannot be filled and why: the volumes do not
match, a space is too small, or a colouring like a 3D chessboard cannot work.

Count all fillings lists every way to fill the box as it is found; browse them with the arrows and
see each in 3D, count them up to the box's symmetries, or press Stop to keep what was found so far.
Play this box opens it in Pentacube boxes.""")


@dataclass(frozen=True)
class BoxEdit:
    """The box being edited: a grid of ``dims`` with some cells in the box, and the solids."""

    dims: tuple[int, int, int]
    cells: frozenset[Cell]
    pieces: str  # as the state writes it: a parse_solids spec or family:N

    def solids(self) -> SolidSet:
        if self.pieces.startswith(FAMILY):
            return SolidSet.of(family(number(self.pieces[len(FAMILY) :], N_("the number of cubes"), 1, 6)))
        return parse_solids(self.pieces)

    def box(self) -> Box:
        """The box, or a PentoError saying why there is none yet."""
        if not self.cells:
            raise PentoError(tr("the box has no cells: put some back"))
        return Box(self.cells)

    def full(self) -> bool:
        d, r, c = self.dims
        return len(self.cells) == d * r * c


def _grid_text(edit: BoxEdit) -> str:
    if edit.full():
        return "full"
    d, r, c = edit.dims
    return "|".join(
        "/".join("".join("." if (z, y, x) in edit.cells else "#" for x in range(c)) for y in range(r)) for z in range(d)
    )


def _sides(text: str) -> tuple[int, int, int]:
    parts = text.replace("x", ",").split(",")
    if len(parts) != 3:
        raise ParseError(tr("{text!r} is not a size like 3,4,5 (layers, rows, columns)", text=text[:20]))
    d, r, c = (number(p, N_("a box side"), 1, MAX_SIDE) for p in parts)
    return d, r, c


def _cells(text: str, dims: tuple[int, int, int]) -> list[Cell]:
    out: list[Cell] = []
    for token in text.split(";"):
        m = _CELL.match(token.strip())
        if not m:
            raise ParseError(tr("{text!r} is not a cell like 0,1,2 (layer, row, column)", text=token.strip()[:40]))
        z, r, c = (int(g) for g in m.groups())
        if not (z < dims[0] and r < dims[1] and c < dims[2]):
            raise ParseError(tr("the cell {text} is outside the grid", text=token.strip()))
        out.append((z, r, c))
    return out


@lru_cache(maxsize=64)
def parse_edit(state: str) -> BoxEdit:
    """The box a state names (see the module docstring)."""
    within(state, N_("the position"), MAX_STATE)
    parts = state.split("~")
    if len(parts) != 3:
        raise ParseError(tr("a box workshop position is SIZE~LAYERS~PIECES"))
    dims = _sides(parts[0])
    if parts[1] == "full":
        cells = frozenset((z, r, c) for z in range(dims[0]) for r in range(dims[1]) for c in range(dims[2]))
    else:
        layers = parts[1].split("|")
        rows = [layer.split("/") for layer in layers]
        if len(layers) != dims[0] or any(len(layer) != dims[1] for layer in rows):
            raise ParseError(tr("the layers do not match the size {size}", size=parts[0]))
        cells = frozenset(
            (z, r, c)
            for z, layer in enumerate(rows)
            for r, row in enumerate(layer)
            for c, ch in enumerate(row[: dims[2]])
            if ch == "."
        )
    edit = BoxEdit(dims, cells, parts[2].strip() or "planar-pentacubes")
    edit.solids()  # the pieces are checked now: a state never names pieces that do not exist
    return edit


def write_edit(edit: BoxEdit) -> str:
    return f"{','.join(map(str, edit.dims))}~{_grid_text(edit)}~{edit.pieces}"


def _from_desc(desc: str) -> BoxEdit:
    box_text, _, pieces = desc.partition("~")
    box = parse_box(box_text)
    if max(box.extent) > MAX_SIDE:
        raise ParseError(tr("a box side must be between 1 and {limit}", limit=MAX_SIDE))
    edit = BoxEdit(box.extent, box.cells, pieces.strip() or "planar-pentacubes")
    edit.solids()
    return edit


@dataclass(frozen=True)
class Size:
    dims: tuple[int, int, int]


@dataclass(frozen=True)
class Paint:
    cells: tuple[Cell, ...]
    on: bool


@dataclass(frozen=True)
class Pieces:
    spec: str


BoxEditMove = Size | Paint | Pieces


class BoxWorkshopGame(ListsInsteadOfHelping, GameBase[BoxEdit, BoxEditMove]):
    """Edit a box and its solids, see why it cannot be filled, and count and browse its fillings."""

    id = "boxshop"
    view_module = "box_workshop"
    title = N_("Box workshop")
    description = N_("Design a box for pentacubes or other polycubes, then count and see every way to fill it.")
    rules = RULES
    features: tuple[str, ...] = ()
    picture_solved = False
    print_style: PrintStyle = ""
    titled_by_board = False

    def presets(self) -> list[Preset]:
        return [
            Preset("2 x 3 x 10", "2x3x10"),
            Preset("3 x 4 x 5", "3x4x5"),
            Preset(N_("2 x 4 x 4 with the 8 tetracubes"), "2x4x4~family:4"),
        ]

    def forms(self) -> list[Form]:
        return []

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        box_text, _, pieces = params.partition("~")
        _from_desc(params)
        return f"{box_text}~{pieces}" if pieces else box_text

    def validate(self, desc: str) -> None:
        _from_desc(desc)

    def start(self, desc: str, state: str = "") -> BoxEdit:
        return parse_edit(state) if state.strip() else _from_desc(desc)

    def write_state(self, state: BoxEdit) -> str:
        return write_edit(state)

    def parse_move(self, text: str) -> BoxEditMove:
        verb, _, rest = text.strip().partition(" ")
        if verb == "size":
            return Size(_sides(",".join(rest.split())))
        if verb in ("paint", "erase"):
            return Paint(tuple(_cells(rest, (MAX_SIDE, MAX_SIDE, MAX_SIDE))), verb == "paint")
        if verb == "pieces":
            return Pieces(rest.strip())
        if verb == "import":  # a pieces file for boxes: its pieces, named so that a link carries them
            return Pieces(portable(parse_solids_text(rest)).names())
        raise ParseError(tr("{text!r} is not an edit of the box", text=text.strip()[:40]))

    def write_move(self, move: BoxEditMove) -> str:
        if isinstance(move, Size):
            return "size " + " ".join(map(str, move.dims))
        if isinstance(move, Paint):
            return ("paint " if move.on else "erase ") + ";".join(",".join(map(str, c)) for c in move.cells)
        return f"pieces {move.spec}"

    def play(self, state: BoxEdit, move: BoxEditMove) -> BoxEdit:
        if isinstance(move, Size):
            d, r, c = move.dims
            return BoxEdit(
                move.dims, frozenset((z, y, x) for z in range(d) for y in range(r) for x in range(c)), state.pieces
            )
        if isinstance(move, Paint):
            outside = [c for c in move.cells if not all(c[i] < state.dims[i] for i in range(3))]
            if outside:
                raise ParseError(tr("the cell {text} is outside the grid", text=",".join(map(str, outside[0]))))
            cells = state.cells | set(move.cells) if move.on else state.cells - set(move.cells)
            return BoxEdit(state.dims, frozenset(cells), state.pieces)
        edit = BoxEdit(state.dims, state.cells, move.spec.strip())
        edit.solids()  # IllegalMove-like: a ParseError saying which name is not a polycube
        return edit

    # -- what the view needs ---------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        return {"max_side": MAX_SIDE}

    def _reason(self, state: BoxEdit) -> str | None:
        """Why the box cannot be filled, found before any search (None when no argument rules it out)."""
        try:
            box, pieces = state.box(), state.solids()
        except PentoError as e:
            return str(e)
        return impossibility(box.cells, pieces, box.volume < pieces.volume, Budget(max_seconds=OPENING_SECONDS))

    def view(self, state: BoxEdit) -> JSON:
        pieces = state.solids()
        reason = self._reason(state)
        puzzle = None
        if state.cells and reason is None:
            spec = Box(state.cells).spec() if state.full() else _grid_text(state)
            names = pieces.names()
            puzzle = spec if names == "planar-pentacubes" else f"{spec}~{names}"
        d, r, c = state.dims
        return {
            "dims": [d, r, c],
            "layers": [
                ["".join("." if (z, y, x) in state.cells else "#" for x in range(c)) for y in range(r)]
                for z in range(d)
            ],
            "pieces": state.pieces,
            "names": [p.name for p, _ in pieces],
            "volume": len(state.cells),
            "piece_volume": pieces.volume,
            "reason": reason,
            "puzzle": puzzle,  # the Pentacube boxes desc of this box, when it may be played
            "complete": False,
            "summary": tr("Box of {n} cells; pieces of {m} cubes in all.", n=len(state.cells), m=pieces.volume),
        }

    def picture(self, state: BoxEdit) -> list[str]:
        d, r, c = state.dims
        return [
            " ".join("".join("." if (z, y, x) in state.cells else " " for x in range(c)) for z in range(d))
            for y in range(r)
        ]

    def describe(self, state: BoxEdit) -> list[str]:
        lines = [self.view(state)["summary"]]
        d, r, c = state.dims
        for z in range(d):
            rows = ["".join("." if (z, y, x) in state.cells else "#" for x in range(c)) for y in range(r)]
            lines.append(tr("Layer {layer}:", layer=z + 1))
            lines.extend(words.grid_lines(rows, lambda ch, n: tr("in the box") if ch == "." else None))
        return lines

    def tilings(
        self,
        state: BoxEdit,
        distinct: bool,
        budget: Budget,
        progress: ProgressFn,
        every: float,
        run: tuple[int, int] | None = None,
    ) -> Tilings:
        box, pieces = state.box(), state.solids()

        def whole() -> BoxProblem:
            return BoxProblem(box, pieces, box.volume < pieces.volume, budget=budget)

        problem, found = listed(whole, lambda n: _runs(box, pieces, n), run, distinct, budget, progress, every)
        return Tilings(len(problem.symmetry_maps()), (_filling_line(box, f) for f in found))


def _filling_line(box: Box, filling: Filling) -> str:
    """A filling on one line: layers joined by ``|``, rows by ``/``."""
    return filling_text(box, filling).replace("\n---\n", "|").replace("\n", "/")


@lru_cache(maxsize=1)
def _runs(box: Box, pieces: SolidSet, n: int) -> Runs[BoxProblem]:
    """The box's search in ``n`` runs, kept for the next run asked of this engine."""
    return Runs(BoxProblem(box, pieces, box.volume < pieces.volume), n)
