"""Boards with exactly one solution, at a chosen level: the report's filling, Tatham's givens, the solver's proof.

The steps (:func:`generate`):

1. **A filling.**  Sprinkle a few blocked cells, then fill the board at
   random: a random mark in a random cell, then every forced move; a cell
   where neither mark fits is blocked, as the report does ("blocked cells go
   where no other piece could").  The result is a complete, valid filling:
   the solution.
2. **Givens** (Tatham's method): every mark of the filling is a given at
   first; then, in random order, a given is dropped when the level's
   techniques (:data:`~.solver.LEVEL_TECHNIQUE`) still fill the board
   without it.  The board is always filled by those techniques, so its
   solution is unique by construction: never a false positive.
3. **Not too easy**: a board that the level below fills too is rejected and
   the next attempt begins (Tatham's rule).

The random generator is seeded from the text ``gandagalo/1/RxC/level/seed``
(Python's string seeding is a SHA-512 of the text, and the draws used are
stable across Python versions), so the same seed gives the same puzzle; the
``1`` is :data:`VERSION`, raised whenever the procedure changes the boards
it makes.
"""

from __future__ import annotations

import random
import time

from ..bitset import bits
from ..budget import Budget, Progress, ProgressFn
from ..errors import PentoError
from ..i18n import tr
from .board import MAX_SIDE, Grid, Mask, lines
from .solver import FORCED, LEVEL_TECHNIQUE, LEVELS, SUPPOSITION, TECHNIQUES, closure, filled

VERSION = 1
BLOCKED_SHARE = 0.035  # chance of each pair of cells (a cell and its half-turn image) to be sprinkled blocked
ATTEMPTS = 60  # boards tried before a level is declared impossible on this size
BELOW = {"easy": None, "hard": FORCED, "expert": SUPPOSITION}


class GenerateError(PentoError):
    """No board of this level could be made at this size."""

    code = "impossible"


def fill(rows: int, cols: int, blocked: Mask, rng: random.Random) -> Grid:
    """A random complete filling of the free cells; cells where neither mark fits become blocked."""
    x = o = 0
    for i in rng.sample(range(rows * cols), rows * cols):
        if (blocked | x | o) >> i & 1:
            continue
        ln = lines(rows, cols, blocked)
        no_x, no_o = ln.forbidden(x), ln.forbidden(o)
        want_x = rng.random() < 0.5
        if (want_x and not no_x >> i & 1) or (no_o >> i & 1 and not no_x >> i & 1):
            x |= 1 << i
        elif not no_o >> i & 1:
            o |= 1 << i
        else:
            blocked |= 1 << i
            continue
        # forced moves, one at a time (two placed together could make three); a cell forced both ways is blocked
        while True:
            ln = lines(rows, cols, blocked)
            empty = ln.open & ~(x | o)
            no_x, no_o = ln.forbidden(x) & empty, ln.forbidden(o) & empty
            both = no_x & no_o
            if both:
                blocked |= both & -both
                continue
            one = (no_x | no_o) & -(no_x | no_o)
            if not one:
                break
            if no_x & one:
                o |= one
            else:
                x |= one
    return Grid(rows, cols, blocked, x, o)


def minimise(solution: Grid, technique: str, rng: random.Random, budget: Budget) -> Grid:
    """The solution's marks as givens, then without each one (in random order) that ``technique``
    can deduce from the others: the board stays filled by the technique, so its solution is unique."""
    board = Grid(solution.rows, solution.cols, solution.blocked)
    tried = TECHNIQUES[: TECHNIQUES.index(technique) + 1]  # the cheap ones first: most removals need no more
    gx, go = solution.x, solution.o
    for i in rng.sample(bits(gx | go), (gx | go).bit_count()):
        budget.check()
        fewer = board.with_marks(gx & ~(1 << i), go & ~(1 << i))
        if any(filled(fewer, closure(fewer, t, budget)) for t in tried):
            gx, go = fewer.x, fewer.o
    return board.with_marks(gx, go)


def sprinkle(rows: int, cols: int, share: float, rng: random.Random) -> Mask:
    """Blocked cells at random, symmetric under a half turn (the board looks made, as crosswords do)."""
    n = rows * cols
    blocked = 0
    for i in range((n + 1) // 2):
        if rng.random() < share:
            blocked |= 1 << i | 1 << (n - 1 - i)
    return blocked


def check_size(rows: int, cols: int, level: str) -> None:
    if level not in LEVELS:
        raise PentoError(tr("the level is easy, hard or expert, not {value!r}", value=level[:20]))
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PentoError(
            tr(
                "a board is 1 to {MAX_SIDE} rows by 1 to {MAX_SIDE} columns, not {rows} x {cols}",
                MAX_SIDE=MAX_SIDE,
                rows=rows,
                cols=cols,
            )
        )


def generate(
    rows: int, cols: int, level: str, seed: int, budget: Budget | None = None, progress: ProgressFn | None = None
) -> Grid:
    """A board of ``level`` with exactly one solution; the same arguments give the same board.

    Raises :class:`GenerateError` when no attempt makes one (boards too small
    for the level), and :class:`~pento_core.budget.BudgetSpent` when the budget runs out.
    """
    check_size(rows, cols, level)
    budget = (budget or Budget()).started()
    rng = random.Random(f"gandagalo/{VERSION}/{rows}x{cols}/{level}/{seed}")
    technique = LEVEL_TECHNIQUE[level]
    below = BELOW[level]
    t0 = time.monotonic()
    for attempt in range(ATTEMPTS):
        if progress is not None:
            progress(Progress(attempt, 0, time.monotonic() - t0, "boards"))
        solution = fill(rows, cols, sprinkle(rows, cols, BLOCKED_SHARE, rng), rng)
        if not solution.lines.open:
            continue
        puzzle = minimise(solution, technique, rng, budget)
        if puzzle.empty == 0:
            continue  # every free cell given: nothing to play
        if below is not None and filled(puzzle, closure(puzzle, below, budget)):
            continue
        return puzzle
    raise GenerateError(
        tr(
            "no {level} board of {rows} x {cols} was found in {ATTEMPTS} tries: a board this small leaves"
            " little room for that level; try a larger board or an easier level",
            level=level,
            rows=rows,
            cols=cols,
            ATTEMPTS=ATTEMPTS,
        )
    )
