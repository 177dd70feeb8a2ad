"""The next deduction on a board, in words: which mark goes where, by which technique, and why.

:func:`next_step` looks for the simplest deduction first (a forced move,
then the supposition with the shortest chain to a contradiction, then a
deeper supposition) and falls back on the solution itself.  Cells are named
``(row,column)`` counted from 1, as a person reads the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..bitset import bits
from ..i18n import ntr, tr
from .board import DIRECTIONS, Grid, Lines, Mask
from .solver import DEEPER, FORCED, SEARCH, SUPPOSITION, Marks, near, propagate, suppose

MAX_CHAIN = 4  # forced moves named in a supposition's explanation; more are counted


@dataclass(frozen=True)
class Step:
    """``mark`` (``X`` or ``O``) goes in ``cell`` by ``technique``; ``because`` holds the cells the
    explanation names (the pair that forces it, or a supposition's chain and contradiction)."""

    technique: str
    cell: int
    mark: str
    message: str
    because: list[int] = field(default_factory=list)


def name(grid: Grid, i: int) -> str:
    r, c = grid.cell(i)
    return f"({r + 1},{c + 1})"


def _other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def _pair(lines: Lines, i: int, mark: Mask) -> tuple[int, int, int] | None:
    """Two cells of ``mark`` that share a line of three with ``i``, and the line's direction."""
    for t in lines.through[i]:
        a, b, c, d = lines.triples[t]
        others = [j for j in (a, b, c) if j != i]
        if all(mark >> j & 1 for j in others):
            return others[0], others[1], d
    return None


def forced_step(grid: Grid, x: Mask, o: Mask) -> Step | None:
    """A forced move on the board: the first cell (reading order) where one mark would make three."""
    lines = grid.lines
    empty = lines.open & ~(x | o)
    to_o = lines.forbidden(x) & empty
    to_x = lines.forbidden(o) & empty
    both = to_o | to_x
    if not both:
        return None
    i = (both & -both).bit_length() - 1
    mark = "O" if to_o >> i & 1 else "X"
    pair = _pair(lines, i, x if mark == "O" else o)
    assert pair is not None
    a, b, d = pair
    where = tr(DIRECTIONS[d][2])
    message = tr(
        "{mark} at {square}: {other} would make three {other} {where} with {first} and {second}.",
        mark=mark,
        square=name(grid, i),
        other=_other(mark),
        where=where,
        first=name(grid, a),
        second=name(grid, b),
    )
    return Step(FORCED, i, mark, message, [a, b])


@dataclass(frozen=True)
class _Chain:
    """Forced moves after a supposition: ``moves`` (cell, mark) in order, then the ``clash``:
    a cell that can be neither mark, or three equal marks."""

    moves: list[tuple[int, str]]
    clash: list[int]
    clash_text: str


def _chain(grid: Grid, x: Mask, o: Mask) -> _Chain | None:
    """Forced moves from ``(x, o)`` round by round until a contradiction; None if there is none."""
    lines = grid.lines
    moves: list[tuple[int, str]] = []
    while True:
        for mark, marks in (("X", x), ("O", o)):
            if lines.threes(marks):
                cells = next([a, b, c] for a, b, c, _ in lines.triples if marks >> a & marks >> b & marks >> c & 1)
                return _Chain(
                    moves,
                    cells,
                    tr(
                        "three {mark} are in a line at {value}",
                        mark=mark,
                        value=", ".join(name(grid, i) for i in cells),
                    ),
                )
        empty = lines.open & ~(x | o)
        to_o = lines.forbidden(x) & empty
        to_x = lines.forbidden(o) & empty
        if to_o & to_x:
            i = ((to_o & to_x) & -(to_o & to_x)).bit_length() - 1
            return _Chain(moves, [i], tr("{value} can be neither X nor O", value=name(grid, i)))
        if not (to_o | to_x):
            return None
        moves += [(i, "X") for i in bits(to_x)] + [(i, "O") for i in bits(to_o)]
        x |= to_x
        o |= to_o


def _suppositions(lines: Lines, x: Mask, o: Mask) -> Iterator[tuple[str, int, Marks]]:
    """Every supposition worth trying: (the mark assumed, the cell, the marks with it)."""
    for assumed, marks in (("X", x), ("O", o)):
        for i in bits(near(lines, marks) & lines.open & ~(x | o)):
            bit = 1 << i
            yield assumed, i, ((x | bit, o) if assumed == "X" else (x, o | bit))


def supposition_step(grid: Grid, x: Mask, o: Mask) -> Step | None:
    """The supposition whose forced moves reach a contradiction soonest (the shortest explanation)."""
    lines = grid.lines
    best: tuple[int, int, str, _Chain] | None = None
    for assumed, i, trial in _suppositions(lines, x, o):
        if propagate(lines, *trial) is not None:
            continue
        chain = _chain(grid, *trial)
        assert chain is not None
        if best is None or len(chain.moves) < len(best[3].moves):
            best = (len(chain.moves), i, assumed, chain)
    if best is None:
        return None
    _, i, assumed, chain = best
    named = ", ".join(tr("{mark} at {square}", mark=m, square=name(grid, j)) for j, m in chain.moves[:MAX_CHAIN])
    more = len(chain.moves) - MAX_CHAIN
    if more > 0:
        named += ntr(" and {n} more forced move", " and {n} more forced moves", more)
    steps = tr("forced moves give {named}, and then ", named=named) if chain.moves else ""
    mark = _other(assumed)
    message = tr(
        "{mark} at {value}: suppose {assumed} there; {steps}{clash_text}. So it is {mark}.",
        mark=mark,
        value=name(grid, i),
        assumed=assumed,
        steps=steps,
        clash_text=chain.clash_text,
    )
    return Step(SUPPOSITION, i, mark, message, [j for j, _ in chain.moves] + chain.clash)


def deeper_step(grid: Grid, x: Mask, o: Mask) -> Step | None:
    """A supposition that needs suppositions inside it to reach a contradiction; the explanation
    names the first supposition inside it, where a player trying it would go on."""
    lines = grid.lines
    for assumed, i, trial in _suppositions(lines, x, o):
        if suppose(lines, *trial) is not None:
            continue
        mark = _other(assumed)
        inner = propagate(lines, *trial)
        assert inner is not None  # else a plain supposition would have found it
        step = supposition_step(grid, *inner)
        within = (
            tr("a supposition then shows {mark} at {value}, and ", mark=step.mark, value=name(grid, step.cell))
            if step
            else ""
        )
        message = tr(
            "{mark} at {value}: suppose {assumed} there; after its forced moves, {within}reasoning on ends in"
            " a contradiction. So it is {mark}. (To follow it, set an anchor and play {assumed} there.)",
            mark=mark,
            value=name(grid, i),
            assumed=assumed,
            within=within,
        )
        return Step(DEEPER, i, mark, message, [step.cell] if step else [])
    return None


def next_step(grid: Grid, solution: Marks) -> Step | None:
    """The simplest deduction on ``grid`` (whose marks agree with ``solution``); None when it is full."""
    x, o = grid.x, grid.o
    empty = grid.lines.open & ~(x | o)
    if not empty:
        return None
    for find in (forced_step, supposition_step, deeper_step):
        step = find(grid, x, o)
        if step is not None:
            return step
    i = (empty & -empty).bit_length() - 1
    mark = "X" if solution[0] >> i & 1 else "O"
    message = tr(
        "{mark} at {value}: the only solution has it; no short chain of reasoning shows it from here.",
        mark=mark,
        value=name(grid, i),
    )
    return Step(SEARCH, i, mark, message)
