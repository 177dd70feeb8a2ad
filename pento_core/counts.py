"""A set of pieces with copies, as every family holds one: what the flat pieces' :class:`PieceSet`
and the solids' :class:`SolidSet` share (each adds how it merges pieces and writes itself)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, Protocol, TypeVar


class Sized(Protocol):
    @property
    def size(self) -> int:
        """Its squares or cubes."""
        ...


P = TypeVar("P", bound=Sized)


class Counts(Generic[P]):
    """``counts``: each piece once, with how many copies of it there are (copies interchangeable)."""

    counts: tuple[tuple[P, int], ...]

    def __iter__(self) -> Iterator[tuple[P, int]]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def total(self) -> int:
        """Number of pieces, copies included."""
        return sum(n for _, n in self.counts)

    @property
    def cells(self) -> int:
        """The squares (or cubes) of every piece together, copies included."""
        return sum(p.size * n for p, n in self.counts)
