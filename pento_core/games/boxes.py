"""Pentacube boxes: fill a box with pentacubes, the thesis's pentominoes in three dimensions
(section 1.3).  The rules are :mod:`pento_core.polycube`'s; this module is the game around them.

Text formats:

* **desc**: a box and its pieces, ``BOX`` or ``BOX~PIECES``: BOX is ``LxRxC`` or the box's one-line
  text (rows joined by ``/``, layers by ``|``, see :mod:`pento_core.polycube.box`); PIECES is what
  :func:`~pento_core.polycube.pieces.parse_solids` reads (``planar-pentacubes``, the default,
  ``pentacubes`` or names such as ``L1,J1,Q,X``).  When the pieces hold more cubes than the box,
  some are left over.
* **params** of :meth:`BoxesGame.new`: a desc, or ``SET:LxRxC`` with SET ``planar`` (the 12 flat
  pieces), ``all`` (the 29) or ``mixed`` (pentacubes drawn at random by the seed, flat and solid,
  exactly enough to fill the box).  Every box is offered only once a filling has been found.
* **state**: the placements in the order they were made, joined by ``;``; a placement is
  ``NAME:O@L,R,C`` (:mod:`pento_core.polycube.position`).
* **move**: a placement; ``-L,R,C`` (take back the piece filling that cell);
  ``L,R,C>NAME:O@L,R,C`` (move the piece filling that cell); or ``clear``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..budget import Budget, BudgetSpent, Outcome
from ..errors import ImpossibleError, ParseError, PentoError, StoppedError
from ..i18n import N_, ntr, tr
from ..limits import MAX_STATE, within
from ..polycube.box import Block, Box, letters, parse_box
from ..polycube.feasibility import impossibility
from ..polycube.pieces import SolidSet, parse_solids, pentacubes
from ..polycube.position import (
    TURNS,
    BoxPosition,
    Put,
    anchor,
    block_text,
    cell_text,
    orientation_of,
    parse_cell,
    parse_put,
    turn_table,
    write_put,
)
from ..polycube.problem import BoxProblem
from ..polyomino.feasibility import OPENING_SECONDS
from . import words
from .base import JSON, Field, Form, GameBase, Hint, Preset, PrintStyle, ProgressFn, Solution

MAX_SIDE = 12  # a side of a box in the game (the 3D view and the layer tabs stay readable)
NEW_BUDGET = Budget(max_seconds=10)  # a box is offered once a filling is found within this
MIXED_TRY = 1.0  # seconds for each random draw of pieces before the next draw is tried
SETS = ("planar", "all", "mixed")
SET_LABELS = (N_("the 12 flat pieces"), N_("all 29 pentacubes"), N_("a random mix"))

RULES = N_("""\
Fill the box with pentacubes: pieces of five cubes glued face to face. The twelve flat ones are the
pentominoes made of cubes; seventeen more bend into the third dimension. Pieces may be turned any
way, but not mirrored, as with real wooden pieces.

Choose a piece in the tray. A see-through ghost shows where it would go. Turn it with the buttons
X, Y and Z (or the keys X, Y and Z), move it with the arrow keys and one layer up or down with Page
Up and Page Down, then press Enter or Drop to put it in the box. With a mouse, point at a cell of
the box to move the ghost there and click to drop it. Drag the box to look at it from another side.

The layer view shows the box one layer at a time, as slices from the bottom up: tap a cell to move
the ghost there, tap the same cell again to drop it, and tap a piece to pick it up again. It works
on phones, with the keyboard alone and with a screen reader.

Hint shows one piece that still leads to a filling, or which piece stands in the way. Solve shows a
whole filling. Undo and Redo step through your moves.""")


@dataclass(frozen=True)
class BoxesState:
    """A position of the game: the puzzle's desc and the box being filled."""

    desc: str
    position: BoxPosition
    allow_unused: bool

    def moved(self, position: BoxPosition) -> BoxesState:
        return BoxesState(self.desc, position, self.allow_unused)


@dataclass(frozen=True)
class Place:
    put: Put


@dataclass(frozen=True)
class TakeBack:
    cell: tuple[int, int, int]


@dataclass(frozen=True)
class Relocate:
    cell: tuple[int, int, int]
    to: Put


@dataclass(frozen=True)
class Clear:
    pass


BoxMove = Place | TakeBack | Relocate | Clear


@lru_cache(maxsize=32)
def _puzzle(desc: str) -> tuple[Box, SolidSet, bool]:
    """The box, the pieces and whether some are left over, checked (cached: every request names it)."""
    within(desc, N_("the puzzle"), 4_000)
    box_text, _, pieces_text = desc.partition("~")
    box = parse_box(box_text)
    if max(box.extent) > MAX_SIDE:
        raise ParseError(tr("a box side must be between 1 and {limit}", limit=MAX_SIDE))
    pieces = parse_solids(pieces_text or "planar-pentacubes")
    if box.volume > pieces.volume:
        raise ImpossibleError(
            tr("the box has {n} cells, more than the pieces fill ({m})", n=box.volume, m=pieces.volume)
        )
    allow_unused = box.volume < pieces.volume
    # the arguments that need no search (volume, separate spaces, colouring), bounded: opening a
    # link never runs long, and past the bound they say nothing (the solver will tell)
    reason = impossibility(box.cells, pieces, allow_unused, Budget(max_seconds=OPENING_SECONDS))
    if reason:
        raise ImpossibleError(reason)
    return box, pieces, allow_unused


def _desc(box: Box, pieces: SolidSet) -> str:
    names = pieces.names()
    return box.spec() if names == "planar-pentacubes" else f"{box.spec()}~{names}"


def _first(
    position: BoxPosition, allow_unused: bool, budget: Budget, progress: ProgressFn | None = None
) -> tuple[Outcome, tuple[Block, ...] | None, str]:
    """(yes | no | unknown, a filling, why there is none) around the blocks of ``position``."""
    try:
        problem = BoxProblem(position.box, position.pieces, allow_unused, position.blocks, budget)
        result = problem.first(budget, progress)
    except ImpossibleError as e:
        return Outcome.NO, None, str(e)
    except BudgetSpent:
        return Outcome.UNKNOWN, None, ""
    return result.status, result.solution, tr("no arrangement of the remaining pieces fills the empty cells")


@lru_cache(maxsize=64)
def _proved(desc: str) -> str:
    """``desc`` once a filling of it has been found within :data:`NEW_BUDGET`; ImpossibleError when
    there is none, PentoError when none was found in time.  Only a proof is kept (an exception is
    never cached): New on the same box does not search again."""
    box, pieces, allow_unused = _puzzle(desc)
    status, _, why = _first(BoxPosition(box, pieces), allow_unused, NEW_BUDGET.started())
    if status is Outcome.NO:
        raise ImpossibleError(tr("this box cannot be filled with these pieces: {why}", why=why))
    if status is Outcome.UNKNOWN:  # never offer a box not known to have a filling
        raise StoppedError(tr("no filling of this box was found in time; try a smaller box"))
    return desc


def _mixed(box: Box, seed: int, budget: Budget, progress: ProgressFn | None) -> SolidSet:
    """Pentacubes drawn at random (by ``seed``), flat and solid, that fill ``box``: draws are tried
    one after another, each for a second, until one is proved to fill it."""
    if box.volume % 5:
        raise PentoError(tr("a box for pentacubes has a multiple of 5 cells, not {n}", n=box.volume))
    n = box.volume // 5
    if n > len(pentacubes()):
        raise PentoError(tr("a box of {n} cells needs more than the 29 pentacubes", n=box.volume))
    rng = random.Random(seed)
    while True:
        budget.check()
        pieces = SolidSet.of(rng.sample(pentacubes(), n))
        try_budget = Budget(max_seconds=MIXED_TRY, deadline=budget.deadline)
        status, _, _ = _first(BoxPosition(box, pieces), False, try_budget.started(), progress)
        if status is Outcome.YES:
            return pieces


def summary(position: BoxPosition, allow_unused: bool) -> str:
    """How far the player is: pieces placed of those needed, cells left."""
    if position.is_complete():
        return tr("The box is full!")
    needed = position.box.volume // 5 if allow_unused else position.pieces.total
    left = ntr("{n} cell left to fill.", "{n} cells left to fill.", position.box.volume - position.filled)
    return tr("{placed} of {needed} pieces placed. {left}", placed=len(position.blocks), needed=needed, left=left)


def goal(box: Box, pieces: SolidSet, allow_unused: bool) -> str:
    if not allow_unused:
        return tr("Fill all {n} cells of the box with all {total} pieces.", n=box.volume, total=pieces.total)
    return tr(
        "Fill all {n} cells of the box using {needed} of the {total} pieces: {left} will be left over.",
        n=box.volume,
        needed=box.volume // 5,
        total=pieces.total,
        left=pieces.total - box.volume // 5,
    )


class BoxesGame(GameBase[BoxesState, BoxMove]):
    """Fill a box with pentacubes, in 3D and layer by layer, with hints and a solve."""

    id = "boxes"
    view_module = "boxes"
    title = N_("Pentacube boxes")
    description = N_("Pack pentomino pieces made of cubes into a box, in 3D.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer")
    picture_solved = True
    print_style: PrintStyle = "layers"  # the layers side by side: solids cannot be cut out of paper
    # the puzzle of the day: pentacubes drawn for the day (flat and solid) that fill a box, from 4
    # pieces on Monday to 12 at the weekend
    daily_levels: tuple[str, ...] = (
        "mixed:2x2x5",
        "mixed:2x3x5",
        "mixed:2x4x5",
        "mixed:3x3x5",
        "mixed:2x5x5",
        "mixed:3x4x5",
        "mixed:2x5x6",
    )

    def presets(self) -> list[Preset]:
        return [
            Preset(N_("Starter: 2 x 2 x 5"), "mixed:2x2x5"),
            Preset("2 x 3 x 10", "2x3x10"),
            Preset("2 x 5 x 6", "2x5x6"),
            Preset("3 x 4 x 5", "3x4x5"),
            Preset(N_("3 x 3 x 5 with solid pieces"), "mixed:3x3x5"),
            Preset(N_("3 x 4 x 5 from all 29 (pieces left over)"), "all:3x4x5"),
        ]

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("Any box"),
                "{set}:{layers}x{rows}x{cols}",
                (
                    Field("layers", N_("layers"), "2", 1, MAX_SIDE),
                    Field("rows", N_("rows"), "3", 1, MAX_SIDE),
                    Field("cols", N_("columns"), "5", 1, MAX_SIDE),
                    Field("set", N_("pieces"), "mixed", options=SETS, option_labels=SET_LABELS),
                ),
            )
        ]

    # -- puzzles -------------------------------------------------------------------------

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """The box ``params`` names, once a filling of it has been found (see the module docstring)."""
        budget = (budget or NEW_BUDGET).started()
        kind, sep, rest = params.partition(":")
        if sep and kind in SETS:
            box = parse_box(rest)
            if max(box.extent) > MAX_SIDE:
                raise ParseError(tr("a box side must be between 1 and {limit}", limit=MAX_SIDE))
            if kind == "mixed":
                try:
                    return _desc(box, _mixed(box, seed, budget, progress))
                except BudgetSpent:
                    raise StoppedError(tr("no filling of this box was found in time; try a smaller box")) from None
            params = _desc(box, SolidSet.of(pentacubes() if kind == "all" else pentacubes()[:12]))
        box, pieces, _ = _puzzle(params)
        return _proved(_desc(box, pieces))

    def validate(self, desc: str) -> None:
        _puzzle(desc)

    def start(self, desc: str, state: str = "") -> BoxesState:
        box, pieces, allow_unused = _puzzle(desc)
        position = BoxPosition(box, pieces)
        within(state, N_("the position"), MAX_STATE)
        for i, token in enumerate(t for t in state.split(";") if t.strip()):
            try:
                position = position.place(*position.resolve(parse_put(token)))
            except PentoError as e:
                raise ParseError(
                    tr("placement {value} ({value2!r}): {e}", value=i + 1, value2=token.strip()[:40], e=e)
                ) from None
        return BoxesState(desc, position, allow_unused)

    def write_state(self, state: BoxesState) -> str:
        return ";".join(block_text(b) for b in state.position.blocks)

    # -- moves ---------------------------------------------------------------------------

    def parse_move(self, text: str) -> BoxMove:
        text = text.strip()
        if text == "clear":
            return Clear()
        if ">" in text:
            src, _, dst = text.partition(">")
            return Relocate(parse_cell(src), parse_put(dst))
        if text.startswith("-"):
            return TakeBack(parse_cell(text[1:]))
        return Place(parse_put(text))

    def write_move(self, move: BoxMove) -> str:
        if isinstance(move, Place):
            return write_put(move.put)
        if isinstance(move, TakeBack):
            return f"-{cell_text(move.cell)}"
        if isinstance(move, Relocate):
            return f"{cell_text(move.cell)}>{write_put(move.to)}"
        return "clear"

    def play(self, state: BoxesState, move: BoxMove) -> BoxesState:
        pos = state.position
        if isinstance(move, Clear):
            return state.moved(BoxPosition(pos.box, pos.pieces))
        if isinstance(move, TakeBack):
            return state.moved(pos.remove(move.cell))
        if isinstance(move, Relocate):
            lifted = pos.remove(move.cell)
            owner = pos.owner(move.cell)
            piece, cells = lifted.resolve(move.to)
            if owner is not None and owner.piece != piece:
                raise ParseError(tr("the piece there is {name}, not {name2}", name=owner.piece.name, name2=piece.name))
            return state.moved(lifted.place(piece, cells))
        return state.moved(pos.place(*pos.resolve(move.put)))

    # -- what the view needs ---------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        box, pieces, allow_unused = _puzzle(desc)
        return {
            "goal": goal(box, pieces, allow_unused),
            "dims": list(box.extent),
            "box": BoxPosition(box, pieces).layers(),  # each layer's rows: "." a cell, "#" no cell
            "volume": box.volume,
            "allow_unused": allow_unused,
            "pieces": [
                {
                    "name": p.name,
                    "count": n,
                    "size": p.size,
                    "planar": p.planar,
                    "orientations": [sorted([list(c) for c in s]) for s in p.orientations()],
                    "turn": {axis: turn_table(p, axis) for axis in TURNS},
                }
                for p, n in pieces
            ],
        }

    def view(self, state: BoxesState) -> JSON:
        pos = state.position
        return {
            "placements": [
                {
                    "piece": b.piece.name,
                    "orientation": orientation_of(b),
                    "at": list(anchor(b.cells)),
                    "cells": sorted([list(c) for c in b.cells]),
                    "text": block_text(b),
                }
                for b in pos.blocks
            ],
            "available": {p.name: pos.available(p) for p, _ in pos.pieces},
            "filled": pos.filled,
            "volume": pos.box.volume,
            "complete": pos.is_complete(),
            "summary": summary(pos, state.allow_unused),
        }

    def picture(self, state: BoxesState) -> list[str]:
        """The layers side by side from the bottom up, a blank column between two."""
        layers = [[row.replace("#", " ") for row in layer] for layer in state.position.layers()]
        return [" ".join(layer[r] for layer in layers) for r in range(len(layers[0]))]

    def describe(self, state: BoxesState) -> list[str]:
        pos = state.position
        labels = letters(pos.blocks)
        name_of = {labels[c]: b.piece.name for b in pos.blocks for c in b.cells}
        lines = [summary(pos, state.allow_unused)]
        for z, layer in enumerate(pos.layers()):
            lines.append(tr("Layer {layer}:", layer=z + 1))
            lines.extend(
                words.grid_lines(layer, lambda ch, n: None if ch == "#" else tr("empty") if ch == "." else name_of[ch])
            )
        left = [words.counted(p.name, n) for p, _ in pos.pieces if (n := pos.available(p))]
        return lines + words.pieces_left(left)

    # -- help from the solver ----------------------------------------------------------------

    def hint(self, state: BoxesState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        """One piece that still leads to a filling, or what stands in the way."""
        pos = state.position
        if pos.is_complete():
            return Hint("solved", tr("The box is already full."))
        budget = budget.started()
        status, filling, why = _first(pos, state.allow_unused, budget, progress)
        if status is Outcome.UNKNOWN:
            return Hint("unknown", tr("The solver ran out of time on this position; try again or remove a piece."))
        if status is Outcome.YES and filling is not None:
            new = [b for b in filling if b not in pos.blocks]
            first_empty = min(pos.empty_cells)
            step = next((b for b in new if first_empty in b.cells), new[0])
            return Hint("place", tr("Try {name} here.", name=step.piece.name), block_text(step), sorted(step.cells))
        for i in reversed(range(len(pos.blocks))):  # the latest piece whose removal makes it possible
            others = BoxPosition(pos.box, pos.pieces, pos.blocks[:i] + pos.blocks[i + 1 :])
            found = _first(others, state.allow_unused, budget)[0]
            if found is Outcome.UNKNOWN:
                break
            if found is Outcome.YES:
                culprit = pos.blocks[i]
                return Hint(
                    "blocked",
                    tr(
                        "This position cannot be completed ({why}); {name} stands in the way.",
                        why=why,
                        name=culprit.piece.name,
                    ),
                    None,
                    sorted(culprit.cells),
                )
        return Hint("blocked", tr("This position cannot be completed: {why}. Clear some pieces.", why=why))

    def solve(self, state: BoxesState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        """A whole filling: from the current position when it can be completed, else from empty."""
        pos = state.position
        budget = budget.started()
        starts = [(False, pos)] + ([(True, BoxPosition(pos.box, pos.pieces))] if pos.blocks else [])
        for from_empty, start in starts:
            status, filling, _ = _first(start, state.allow_unused, budget, progress)
            if status is Outcome.UNKNOWN:
                return Solution(False, tr("The solver ran out of time."))
            if status is Outcome.YES and filling is not None:
                moves = [block_text(b) for b in filling if b not in start.blocks]
                moves.sort(key=lambda m: parse_put(m).anchor)  # bottom layer first, as a hand would
                message = (
                    tr("The current pieces cannot all stay; here is a filling from an empty box.")
                    if from_empty
                    else tr("Here is a filling.")
                )
                return Solution(True, message, moves, from_empty)
        return Solution(False, tr("This box cannot be filled with these pieces."))
