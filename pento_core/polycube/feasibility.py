"""Arguments that prove a box impossible to fill without searching: the flat family's arguments
(:mod:`pento_core.polyomino.feasibility`) that still hold with a third dimension.

* **Volume**: the pieces fill exactly the cells to fill (at least, with pieces left over).
* **Small regions**: every separate region's size is a sum of the pieces' sizes.
* **3D checkerboard**: colour a cell dark when layer + row + column is even; a piece covers d
  more cells of one colour than of the other wherever it lies and however it is turned (a move
  by one cell swaps the colours, a turn keeps the parity of the sum).  The planar pentacubes'
  d are those of the pentominoes, so the 12 of them can never fill a box whose two colours
  differ by more than the sum of theirs (an argument the flat colouring gives in 2D too).

Each returns ``None`` or a sentence a pupil can read.
"""

from __future__ import annotations

from ..budget import Budget, BudgetSpent
from ..i18n import ntr, tr
from ..polyomino.feasibility import balanced, sums_to
from .geometry import Cell, Shape, components
from .pieces import SolidSet


def _dark(cell: Cell) -> bool:
    return sum(cell) % 2 == 0


def impossibility(empty: Shape, left: SolidSet, allow_unused: bool, budget: Budget | None = None) -> str | None:
    """Why ``left`` can never fill the cells ``empty``, or ``None`` when no argument applies (the
    search decides).  An argument that would overrun ``budget`` says nothing."""
    budget = (budget or Budget()).started()
    try:
        return (
            _volume(empty, left, allow_unused) or _regions(empty, left) or _colouring(empty, left, allow_unused, budget)
        )
    except BudgetSpent:
        return None


def _volume(empty: Shape, left: SolidSet, allow_unused: bool) -> str | None:
    cells, pieces = len(empty), left.volume
    if pieces < cells or (pieces != cells and not allow_unused):
        return tr(
            "the pieces are {pieces} cubes but the box has room for {cells}: they cannot fill it exactly",
            pieces=pieces,
            cells=cells,
        )
    return None


def _regions(empty: Shape, left: SolidSet) -> str | None:
    if not left.counts or not empty:
        return None
    sizes = [(p.size, n) for p, n in left]
    regions = components(empty)
    for region in regions:
        if not sums_to(len(region), sizes):
            z, r, c = min(region)
            return tr(
                "the space at layer {z}, row {r}, column {c} holds {cubes}: no choice of the pieces has that size",
                z=z + 1,
                r=r + 1,
                c=c + 1,
                cubes=ntr("{n} cube", "{n} cubes", len(region)),
            )
    return None


def _colouring(empty: Shape, left: SolidSet, allow_unused: bool, budget: Budget) -> str | None:
    if not left.counts or not empty:
        return None
    dark = sum(1 for cell in empty if _dark(cell))
    imbalances = [(p.size, abs(sum(1 if _dark(cell) else -1 for cell in p.shape)), n) for p, n in left]
    if balanced(len(empty), dark - (len(empty) - dark), imbalances, allow_unused, budget) is not False:
        return None
    return tr(
        "colour the box like a 3D chessboard: it has {dark} dark and {light} light cubes, and no way of"
        " laying these pieces covers that many of each colour",
        dark=dark,
        light=len(empty) - dark,
    )
