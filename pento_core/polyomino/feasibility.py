"""Arguments that prove a tiling problem impossible without searching.

Each argument returns ``None`` or a sentence a player can read.
:func:`impossibility` tries them in order of cost; the engine refuses to
search a problem that one of them rules out, and the workshop shows the
sentence.  None of them is complete: a problem that passes them all may still
have no solution (the search then says so).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import gcd

from ..budget import Budget, BudgetSpent
from ..i18n import ntr, tr
from .board import Position
from .geometry import Shape, components
from .pieces import PieceSet

UNLIMITED = Budget()
# The arguments are optional pruning, so their time is capped wherever they run:
OPENING_SECONDS = 0.5  # when a puzzle is opened or edited (a link never runs long)
SEARCH_SECONDS = 2.0  # before a search, whatever the search's own budget (it reports progress, they do not)


def impossibility(position: Position, allow_unused: bool = False, budget: Budget | None = None) -> str | None:
    """Why the position can never be completed, or ``None`` if no argument applies.

    The arguments are optional pruning, so one that would overrun ``budget``
    gives up and says nothing (the search that follows decides, within the same
    budget).  Only the colouring argument can take long (pieces x states)."""
    budget = (budget or Budget()).started()
    # The regions and the colourings are the flat board's: across a seam, regions join, and an odd
    # loop has no chessboard colouring (the T-tetromino's argument fails on the 5x4 tube, which
    # the five tetrominoes fill).  A board that wraps is held to its area alone.
    for argument in ARGUMENTS if not position.board.wrap else [area]:
        try:
            reason = argument(position, allow_unused, budget)
        except BudgetSpent:
            return None
        if reason:
            return reason
    return None


def area(position: Position, allow_unused: bool, budget: Budget = UNLIMITED) -> str | None:
    """The pieces must cover exactly the cells to cover (at least, when pieces may be left over)."""
    cells = len(position.empty_cells)
    pieces = position.remaining().area
    if allow_unused:
        if pieces < cells:
            return tr(
                "the pieces cover only {pieces} cells but {cells} cells are to be covered", pieces=pieces, cells=cells
            )
    elif pieces != cells:
        return tr(
            "area mismatch: the pieces cover {pieces} cells but the board has {cells} cells to cover",
            pieces=pieces,
            cells=cells,
        )
    return None


def _where(region: Shape, regions: list[Shape]) -> str:
    if len(regions) == 1:
        return tr("the area to cover")
    r, c = min(region)
    return tr("the region at row {value}, column {value2}", value=r + 1, value2=c + 1)


def _cells(n: int) -> str:
    return ntr("{n} cell", "{n} cells", n)


def small_region(position: Position, allow_unused: bool, budget: Budget = UNLIMITED) -> str | None:
    """A separate region with fewer cells than the smallest piece cannot be covered."""
    left = position.remaining()
    if not left.counts or not position.empty_cells:
        return None
    smallest = min(p.size for p, _ in left)
    regions = components(position.empty_cells)
    for region in regions:
        if len(region) < smallest:
            return tr(
                "{value} has {value2}, fewer than the smallest piece ({smallest})",
                value=_where(region, regions),
                value2=_cells(len(region)),
                smallest=smallest,
            )
    return None


def region_sizes(position: Position, allow_unused: bool, budget: Budget = UNLIMITED) -> str | None:
    """Each region's size must be a sum of sizes of available pieces (and all regions together, at once)."""
    left = position.remaining()
    if not left.counts or not position.empty_cells:
        return None
    regions = components(position.empty_cells)
    g = 0
    for p, _ in left:
        g = gcd(g, p.size)
    for region in regions:
        if len(region) % g:
            return tr(
                "{value} has {value2}, not a multiple of {g}, the size every piece is a multiple of",
                value=_where(region, regions),
                value2=_cells(len(region)),
                g=g,
            )
    for region in regions:
        if not _sums_to(len(region), left):
            sizes = sorted({p.size for p, _ in left})
            return tr(
                "{value} has {value2}, a size no combination of the pieces (sizes {value3}) makes",
                value=_where(region, regions),
                value2=_cells(len(region)),
                value3=", ".join(map(str, sizes)),
            )
    return None


def _sums_to(target: int, pieces: PieceSet) -> bool:
    return sums_to(target, [(p.size, n) for p, n in pieces])


def sums_to(target: int, sizes: Iterable[tuple[int, int]]) -> bool:
    """Whether some pieces, given as (size, copies), each copy used at most once, have sizes adding
    up to ``target`` (every family's region argument)."""
    reachable = 1  # bit s set: a total of s is possible
    for size, n in sizes:
        for _ in range(min(n, target // size)):
            reachable |= reachable << size
    return bool((reachable >> target) & 1)


def colouring(position: Position, allow_unused: bool, budget: Budget = UNLIMITED) -> str | None:
    """Checkerboard colouring: a piece always covers d more cells of one colour than of
    the other (its imbalance d; which colour depends on where it lies).  The pieces'
    signed imbalances must add up to the board's imbalance."""
    left = position.remaining()
    empty = position.empty_cells
    if not left.counts or not empty:
        return None
    dark = sum(1 for r, c in empty if (r + c) % 2 == 0)
    imbalances = [(p.size, abs(sum(1 if (r + c) % 2 == 0 else -1 for r, c in p.shape)), n) for p, n in left]
    if balanced(len(empty), dark - (len(empty) - dark), imbalances, allow_unused, budget) is not False:
        return None
    light = len(empty) - dark
    return tr(
        "checkerboard colouring: the cells to cover are {dark} dark and {light} light, but no way of laying"
        " these pieces covers that many of each colour",
        dark=dark,
        light=light,
    )


def balanced(
    cells: int, target: int, pieces: Iterable[tuple[int, int, int]], allow_unused: bool, budget: Budget = UNLIMITED
) -> bool | None:
    """Whether pieces given as (size, imbalance, copies) can be laid, each with its imbalance one
    way or the other, to cover ``cells`` cells with ``target`` more dark than light (every family's
    colouring argument); None when there were too many states to follow (nothing proved)."""
    states = {(0, 0)}  # (cells, dark minus light) reachable by choosing pieces and signs
    for size, d, n in pieces:
        for _ in range(n):
            budget.check()
            nxt = set()
            for covered, imbalance in states:
                if allow_unused:
                    nxt.add((covered, imbalance))
                if covered + size <= cells:
                    nxt.add((covered + size, imbalance + d))
                    nxt.add((covered + size, imbalance - d))
            states = nxt
            if len(states) > 200_000:  # too many to follow: the argument gives up (says nothing)
                return None
    return (cells, target) in states


ARGUMENTS: list[Callable[[Position, bool, Budget], str | None]] = [area, small_region, region_sizes, colouring]
