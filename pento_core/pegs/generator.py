"""New peg solitaire puzzles, made by playing jumps backwards from one peg.

A backward jump takes a peg out of hole ``c`` and puts pegs into the empty
holes ``b`` and ``a`` beyond it in a line, so every position made this way
can be played forwards back to the one peg: the generator never offers a
puzzle without a solution.  Positions are grown one backward jump at a time,
preferring jumps that keep the pegs together (a puzzle, not a scatter), and
graded by how much search the solver needs to solve them; the same board,
size and seed always give the same puzzle.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ..budget import Budget, Progress, ProgressFn
from ..errors import PentoError, StoppedError
from ..i18n import N_, tr
from .board import Jump, PegBoard
from .solver import solve

LEVELS = (N_("easy"), N_("medium"), N_("hard"))


@dataclass(frozen=True)
class Generated:
    pegs: int
    finish: int
    solution: tuple[Jump, ...]  # the forward jumps, from the puzzle to the one peg
    nodes: int  # positions the solver searched to solve it again: the grade


def backward(board: PegBoard, pegs_wanted: int, rng: random.Random, finish: int | None = None) -> Generated:
    """A position of ``pegs_wanted`` pegs that ends (forwards) as one peg in ``finish``
    (a random hole when None)."""
    if not 2 <= pegs_wanted <= board.size - 1:
        raise PentoError(tr("a puzzle on this board has 2 to {value} pegs", value=board.size - 1))
    for _ in range(200):  # a growth can get stuck (no backward jump left); start again
        end = rng.randrange(board.size) if finish is None else finish
        pegs = 1 << end
        path: list[Jump] = []
        while pegs.bit_count() < pegs_wanted:
            options = [j for j in board.jumps if pegs >> j.c & 1 and not pegs >> j.b & 1 and not pegs >> j.a & 1]
            if not options:
                break
            # keep the pegs together: prefer backward jumps whose new pegs touch the others
            rng.shuffle(options)
            options.sort(key=lambda j: -_touching(board, pegs, j))
            j = options[min(len(options) - 1, int(rng.random() ** 2 * len(options)))]
            pegs = pegs & ~(1 << j.c) | 1 << j.a | 1 << j.b
            path.append(j)
        if pegs.bit_count() == pegs_wanted:
            return Generated(pegs, end, tuple(reversed(path)), 0)
    raise PentoError(tr("no puzzle of that size could be grown on this board"))


def _touching(board: PegBoard, pegs: int, j: Jump) -> int:
    """How many pegs the holes of a backward jump's two new pegs have as neighbours."""
    n = 0
    for hole in (j.a, j.b):
        r, c = board.cells[hole]
        for dr, dc in board.directions:
            k = board.index.get((r + dr, c + dc))
            n += k is not None and bool(pegs >> k & 1)
    return n


GRADE_NODES = 400_000  # positions a candidate's solve may search (1 to 2 s in CPython): its grade's cap ...
# ... on boards of up to GRADE_WORK // GRADE_NODES holes (every preset and puzzle of the day); a position
# of a larger board costs more (its jumps are listed and weighed), so there the cap is GRADE_WORK // size
GRADE_WORK = GRADE_NODES * 40
CANDIDATES = 3


def generate(
    board: PegBoard, level: str, seed: int, budget: Budget | None = None, progress: ProgressFn | None = None
) -> Generated:
    """A puzzle at ``level``: easy puzzles have few pegs, hard ones many and need the most
    search; among a few candidates grown with the seed, the one whose solving took the
    search the most positions is kept (the grade is that count, capped at :data:`GRADE_NODES`, less on
    a board larger than any preset's).

    The grade counts positions, never seconds, so the same seed gives the same puzzle on every
    machine; ``budget`` (the request's) bounds the whole, and a generator whose budget runs out
    says so rather than offer a puzzle graded by the clock."""
    if level not in LEVELS:
        raise PentoError(tr("the level is one of {value}", value=", ".join(LEVELS)))
    rng = random.Random(f"{board.name}:{level}:{seed}")
    share = {"easy": 0.3, "medium": 0.5, "hard": 0.75}[level]
    want = max(2, min(board.size - 1, round(board.size * share)))
    budget = (budget or Budget()).started()
    best: Generated | None = None
    started = time.monotonic()
    for k in range(CANDIDATES):
        g = backward(board, want, rng)
        # grown backwards from a solution, it is winnable: no proof of a loss is looked for
        cap = min(GRADE_NODES, GRADE_WORK // board.size)
        verdict = solve(board, g.pegs, g.finish, replace(budget, max_nodes=cap), prove=False)
        if budget.spent():
            raise StoppedError(tr("no puzzle could be made in the time given: try again, or an easier level"))
        graded = Generated(g.pegs, g.finish, g.solution, verdict.nodes)
        if best is None or graded.nodes > best.nodes:
            best = graded
        if progress is not None:
            progress(Progress(k + 1, 0, time.monotonic() - started, "boards"))
    assert best is not None
    return best
