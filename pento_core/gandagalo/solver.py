"""The GandaGalo solver: named techniques, from the simplest to plain search.

The techniques, in the order a person (and the solver) tries them:

* **forced moves** (:func:`propagate`): a cell where one mark would make three
  in a line (``XX.``, ``X.X``, ``.XX``) takes the other.  The report's
  ``solver_easy``.
* **supposition** (:func:`suppose`): assume a mark in a cell and apply forced
  moves; if that ends in a contradiction (a cell that can be neither, or three
  in a line), the other mark holds.  The report's ``solver_hard``.
* **deeper supposition** (:func:`deeper`): assume a mark and reason on with
  forced moves *and suppositions*; a contradiction proves the other mark.
  Beyond the report: the third level's reasoning.  (An "either way" rule,
  a cell that both marks of another cell fill alike, was tried too: on
  generated boards it never decided anything a supposition did not.)
* **search** (:func:`solutions`): depth-first, with forced moves and
  suppositions at every node.  It counts solutions up to a limit (two decide
  uniqueness).

Levels are defined by the techniques (:data:`LEVELS`), as the report defines
its two: a puzzle is *easy* when forced moves alone fill it, *hard* when
forced moves and suppositions fill it and forced moves alone do not, *expert*
when it has one solution and needs more than that (generated expert boards
need deeper suppositions, never search).  :func:`grade` says which.

Positions are pairs of masks ``(x, o)`` over a board's :class:`Lines`; a
contradiction is ``None``.  Deductions are monotone (more marks never undo a
deduction), which both the solver and the generator rely on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..bitset import bits
from ..budget import Budget, BudgetSpent
from ..i18n import N_
from .board import Grid, Lines, Mask

FORCED = "forced moves"
SUPPOSITION = "supposition"
DEEPER = "deeper supposition"
SEARCH = "search"
TECHNIQUES = (FORCED, SUPPOSITION, DEEPER, SEARCH)
LEVELS = (N_("easy"), N_("hard"), N_("expert"))
LEVEL_TECHNIQUE = {"easy": FORCED, "hard": SUPPOSITION, "expert": DEEPER}  # what a generated level allows
Marks = tuple[Mask, Mask]  # (x, o)


def propagate(lines: Lines, x: Mask, o: Mask) -> Marks | None:
    """Forced moves until none is left: the marks then, or None on a contradiction.

    All forced cells of a round are placed at once (each is forced by the
    marks before the round); a cell forced both ways, or three equal marks
    after a round, is a contradiction, found at the end since marks only grow.
    """
    free = lines.open
    while True:
        empty = free & ~(x | o)
        to_o = lines.forbidden(x) & empty
        to_x = lines.forbidden(o) & empty
        if not (to_o | to_x):
            break
        x |= to_x
        o |= to_o
    if x & o or lines.threes(x) or lines.threes(o):
        return None
    return x, o


def near(lines: Lines, mark: Mask) -> Mask:
    """Cells sharing a line of three with a cell of ``mark``: the only cells where assuming that
    mark can force anything (elsewhere a supposition is a waste of time)."""
    out = 0
    for s, starts in lines.shifts:
        m1 = mark >> s
        m2 = mark >> 2 * s
        out |= starts & (m1 | m2) | (starts & (mark | m2)) << s | (starts & (mark | m1)) << 2 * s
    return out


def suppose(lines: Lines, x: Mask, o: Mask, budget: Budget | None = None) -> Marks | None:
    """Forced moves and suppositions until neither finds anything (None: a contradiction).

    A failed-literal probe: a mark that forced moves place while assuming
    another mark cannot lead to a contradiction itself this round (its
    consequences are a subset), so it is skipped.
    """
    start = propagate(lines, x, o)
    if start is None:
        return None
    x, o = start
    progressed = True
    while progressed:
        progressed = False
        if budget is not None:
            budget.check()
        seen_x = seen_o = 0
        for mark in (0, 1):
            empty = lines.open & ~(x | o)
            for i in bits(near(lines, x if mark == 0 else o) & empty):
                bit = 1 << i
                if (x | o) & bit or (seen_x if mark == 0 else seen_o) & bit:
                    continue
                after = propagate(lines, x | bit, o) if mark == 0 else propagate(lines, x, o | bit)
                if after is None:  # the other mark holds
                    forced = propagate(lines, x, o | bit) if mark == 0 else propagate(lines, x | bit, o)
                    if forced is None:
                        return None
                    x, o = forced
                    seen_x = seen_o = 0
                    progressed = True
                else:
                    seen_x |= after[0] & ~x
                    seen_o |= after[1] & ~o
    return x, o


def deeper(lines: Lines, x: Mask, o: Mask, budget: Budget | None = None) -> Marks | None:
    """Forced moves, suppositions and deeper suppositions until nothing is found (None: a contradiction).

    A deeper supposition assumes a mark and reasons on with forced moves *and
    suppositions*; a contradiction proves the other mark.  After each one the
    cheaper techniques run again, as a person would go on.
    """
    while True:
        done = suppose(lines, x, o, budget)
        if done is None:
            return None
        x, o = done
        found = False
        seen_x = seen_o = 0
        for mark in (0, 1):
            empty = lines.open & ~(x | o)
            for i in bits(near(lines, x if mark == 0 else o) & empty):
                bit = 1 << i
                if (seen_x if mark == 0 else seen_o) & bit:
                    continue
                after = suppose(lines, x | bit, o, budget) if mark == 0 else suppose(lines, x, o | bit, budget)
                if after is None:
                    x, o = (x, o | bit) if mark == 0 else (x | bit, o)
                    found = True
                    break
                seen_x |= after[0] & ~x
                seen_o |= after[1] & ~o
            if found:
                break
        if not found:
            return x, o


CLOSURE = {FORCED: lambda lines, x, o, budget=None: propagate(lines, x, o), SUPPOSITION: suppose, DEEPER: deeper}


def closure(grid: Grid, technique: str, budget: Budget | None = None) -> Marks | None:
    """Everything ``technique`` and the simpler ones deduce on ``grid`` (None: a contradiction)."""
    return CLOSURE[technique](grid.lines, grid.x, grid.o, budget)


def solutions(grid: Grid, limit: int = 2, budget: Budget | None = None) -> Iterator[Marks]:
    """Up to ``limit`` complete fillings of ``grid``, by depth-first search.

    Every node is closed under forced moves and suppositions first (a failed
    literal is pruned before it is branched on, which keeps the tree to a few
    nodes even on a sparse 20 x 20 board).  Branching heuristic: a cell in a
    line with an X and in a line with an O (either mark there forces
    something, so a wrong branch dies soon), else any cell in a line with a
    mark, else the first empty cell.  The stack is explicit: Pyodide's stack
    is shallower than CPython's.  Raises :class:`BudgetSpent` when ``budget`` runs out.
    """
    lines = grid.lines
    start = suppose(lines, grid.x, grid.o, budget)
    stack: list[Marks] = [start] if start is not None else []
    found = 0
    while stack and found < limit:
        if budget is not None:
            budget.check()
        x, o = stack.pop()
        empty = lines.open & ~(x | o)
        if not empty:
            found += 1
            yield x, o
            continue
        nx, no = near(lines, x), near(lines, o)
        choice = empty & nx & no or empty & (nx | no) or empty
        bit = choice & -choice
        for after in (suppose(lines, x, o | bit, budget), suppose(lines, x | bit, o, budget)):
            if after is not None:
                stack.append(after)


@dataclass(frozen=True)
class Report:
    """What the solver says of a board: ``count`` of solutions (2 means two or more; None when
    the budget ran out), the ``solution`` when there is one, and the ``technique`` it needs."""

    count: int | None
    solution: Marks | None
    technique: str | None  # the hardest technique needed; None unless exactly one solution

    @property
    def level(self) -> str:
        """``easy``, ``hard``, ``expert``, or ``none`` (not exactly one solution)."""
        if self.count != 1 or self.technique is None:
            return "none"
        return {FORCED: "easy", SUPPOSITION: "hard"}.get(self.technique, "expert")


def analyse(grid: Grid, budget: Budget | None = None) -> Report:
    """Count the solutions of ``grid`` (up to two) and, when there is one, the technique it needs.

    Reasoning first: a technique that fills the board proves the solution
    unique (every deduction is forced), and one that meets a contradiction
    proves there is none.  Only a board that reasoning does not decide is
    searched, from what reasoning found.
    """
    budget = budget.started() if budget is not None else None
    done: Marks | None = (grid.x, grid.o)
    try:
        for technique in (FORCED, SUPPOSITION, DEEPER):
            done = closure(grid, technique, budget)
            if done is None:
                return Report(0, None, None)
            if filled(grid, done):
                return Report(1, done, technique)
        assert done is not None
        found = list(solutions(grid.with_marks(*done), 2, budget))
    except BudgetSpent:
        return Report(None, None, None)
    return Report(len(found), found[0] if len(found) == 1 else None, SEARCH if len(found) == 1 else None)


def grade(grid: Grid, budget: Budget | None = None) -> str:
    """``easy``, ``hard``, ``expert`` or ``none``, as :class:`Report` defines them."""
    return analyse(grid, budget).level


def filled(grid: Grid, marks: Marks | None) -> bool:
    """Whether ``marks`` fill every free cell of ``grid``."""
    return marks is not None and (marks[0] | marks[1]) == grid.lines.open
