"""Budgets and progress for every long computation of every puzzle family.

A search, a generator or a pre-check takes a :class:`Budget` and, now and
then, calls a progress callback with a :class:`Progress`.  A spent budget is
reported as "unknown", never as an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class BudgetSpent(Exception):
    """Raised inside the search when its :class:`Budget` runs out."""


@dataclass(frozen=True)
class Budget:
    """Limits on a search: nodes expanded, wall-clock seconds, a stop flag."""

    max_nodes: int | None = None
    max_seconds: float | None = None
    should_stop: Callable[[], bool] | None = None


@dataclass(frozen=True)
class Progress:
    """What a search has done so far, passed to a progress callback."""

    nodes: int
    solutions: int
    elapsed: float
    unit: str = "positions"  # what ``nodes`` counts: positions searched, or boards tried by a generator


ProgressFn = Callable[[Progress], None]
