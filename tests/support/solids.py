"""Three-dimensional turns of a shape, from the tests' own rotations (no code of the core)."""

from __future__ import annotations

import functools

Cell = tuple[int, int, int]


@functools.cache
def solid_turns(cells: frozenset[Cell]) -> frozenset[frozenset[Cell]]:
    """Every turn of a shape, normalised, from this test's own rotations: the 24 products of
    quarter turns about two axes (kept: the fillings' checks ask for each piece's many times)."""

    def norm(cs: list[Cell]) -> frozenset[Cell]:
        lo = [min(c[i] for c in cs) for i in range(3)]
        return frozenset((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in cs)

    def about_x(cs: list[Cell]) -> list[Cell]:
        return [(r, -z, c) for z, r, c in cs]

    def about_z(cs: list[Cell]) -> list[Cell]:
        return [(z, c, -r) for z, r, c in cs]

    out = {norm(list(cells))}
    while True:
        more = {norm(f(list(s))) for s in out for f in (about_x, about_z)} | out
        if more == out:
            return frozenset(out)
        out = more
