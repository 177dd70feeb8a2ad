"""Budgets and progress for every long computation of every puzzle family.

A search, a generator or a pre-check takes a :class:`Budget` and, now and
then, calls a progress callback with a :class:`Progress`.  A spent budget is
reported as "unknown", never as an answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum


class Outcome(StrEnum):
    """What a search found out, the one vocabulary of every family: ``yes`` (a solution was found;
    the position can be finished; the player to move wins), ``no`` (proved impossible; lost for the
    player to move), or ``unknown`` (the budget ran out before either was known, never an answer).
    Its values are the words the command line prints for pegs (``solvable: yes``)."""

    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"


class BudgetSpent(Exception):
    """Raised inside the search when its :class:`Budget` runs out."""


@dataclass(frozen=True)
class Budget:
    """Limits on a search: nodes expanded, wall-clock seconds, a stop flag.

    ``max_seconds`` counts from when the budget is :meth:`started`; every
    search, pre-check and fallback handed a started budget shares its one
    ``deadline``, so a hint that tries several searches stays within the
    seconds it was given, all together.  ``max_nodes`` counts per search.
    """

    max_nodes: int | None = None
    max_seconds: float | None = None
    should_stop: Callable[[], bool] | None = None
    deadline: float | None = None  # a time.monotonic() value; set by started()

    def started(self) -> Budget:
        """This budget with its clock running (itself when it already runs or has no time limit)."""
        if self.deadline is not None or self.max_seconds is None:
            return self
        return replace(self, deadline=time.monotonic() + max(0.0, self.max_seconds))

    def within(self, seconds: float) -> Budget:
        """A started budget of at most ``seconds`` from now that also ends when this one ends: a step
        of a larger piece of work (a generator's candidate) never outlives the request."""
        deadline = time.monotonic() + max(0.0, seconds)
        if self.deadline is not None:
            deadline = min(deadline, self.deadline)
        return replace(self, max_seconds=seconds, deadline=deadline)

    def spent(self) -> bool:
        """Whether the time is up or a stop was asked for (node counts are the search's own)."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return True
        return self.should_stop is not None and self.should_stop()

    def check(self) -> None:
        """Raise :class:`BudgetSpent` when :meth:`spent`."""
        if self.spent():
            raise BudgetSpent


@dataclass(frozen=True)
class Progress:
    """What a search has done so far, passed to a progress callback."""

    nodes: int
    solutions: int
    elapsed: float
    unit: str = "positions"  # what ``nodes`` counts: positions searched, or boards tried by a generator


ProgressFn = Callable[[Progress], None]
