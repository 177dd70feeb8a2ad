"""Pagoda functions: weights on the holes that no jump can make grow.

A pagoda function gives each hole a weight ``p >= 0`` with ``p(c) <= p(a) + p(b)`` for every
jump ``a`` over ``b`` into ``c``.  A jump takes the pegs off ``a`` and ``b`` and puts one in
``c``, so the total weight under the pegs never goes up.  If the pegs are worth less now than
one peg in any hole the game may end in, the game is lost: that is a proof a player can check by
adding up the numbers on the board.

Which weights prove a given position lost is a linear programme (find ``p`` and a bound ``t``
below every finish hole's weight, maximising ``t`` minus the pegs' worth); it is solved exactly
by :mod:`.simplex`, and the rational answer scaled to the smallest whole numbers.

Not used to cut the depth-first search, on purpose: pagodas computed for the board and the finish
(one for each region of holes far from the finish, and each side of it, 5 to 12 programmes a
board) were tried and measured: no gain (1111's nodes the same within 0.01 %; of 30 positions
from random English games, 14 unknown at 3 s each with them and without), for 0.3 s (English) to
5 s (Wiegleb's board) spent computing them.  Each position's own
programme is the proof the player is shown instead (the solver tries it before any search).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..budget import Budget
from .board import PegBoard
from .simplex import maximise


@dataclass(frozen=True)
class Pagoda:
    """Whole-number weights on the holes (``values[i]`` for hole ``i``) and ``target``: the least
    weight of a hole the game may end in.  Positions worth less than ``target`` are lost."""

    values: tuple[int, ...]
    target: int

    def worth(self, pegs: int) -> int:
        return sum(v for i, v in enumerate(self.values) if pegs >> i & 1)


def is_pagoda(board: PegBoard, values: Sequence[int]) -> bool:
    """Whether ``values`` is a pagoda function of ``board``: non-negative, no jump raises the worth."""
    return all(v >= 0 for v in values) and all(values[j.c] <= values[j.a] + values[j.b] for j in board.jumps)


def find(board: PegBoard, pegs: int, finishes: Sequence[int], budget: Budget | None = None) -> Pagoda | None:
    """A pagoda function under which ``pegs`` are worth less than one peg in any of ``finishes``
    (a proof that ``pegs`` cannot end as one peg in one of them), or None when there is none."""
    if not finishes:
        return None
    n = board.size
    t = n  # the variable for the bound below every finish hole
    objective: list[int] = [0] * (n + 1)
    objective[t] = 1
    for i in range(n):
        if pegs >> i & 1:
            objective[i] = -1
    rows: list[dict[int, int]] = []
    for j in board.jumps:
        row = {j.c: 1, j.a: -1, j.b: -1}
        rows.append(row)
    for h in finishes:
        rows.append({t: 1, h: -1})
    rows.append({k: v for k, v in enumerate(objective) if v})  # the gap is at most 1: a bounded programme
    b = [0] * (len(rows) - 1) + [1]
    result = maximise(objective, rows, b, budget)
    if result is None or result[0] <= 0:
        return None
    _, x = result
    scale = math.lcm(*(v.denominator for v in x))
    whole = [int(v * scale) for v in x[:n]]
    g = math.gcd(*whole) or 1
    values = tuple(v // g for v in whole)
    found = Pagoda(values, min(values[h] for h in finishes))
    # The proof is checked on its own terms, whatever the simplex said (a real check: ``python -O``
    # strips asserts): a player is never shown a "proof" that does not hold.
    if not is_pagoda(board, values) or found.worth(pegs) >= found.target:
        return None
    return found
