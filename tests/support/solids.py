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


def flat(*rows: str) -> frozenset[Cell]:
    """A flat piece drawn in rows (``#`` a cube), lying in the bottom layer."""
    return frozenset((0, r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


# the twelve pentominoes made of cubes (the solid pentominoes), drawn by the tests themselves
SOLID_PENTOMINOES = {
    "F": flat(".##", "##.", ".#."),
    "I": flat("#####"),
    "L": flat("####", "#..."),
    "N": flat("##..", ".###"),
    "P": flat("##", "##", "#."),
    "T": flat("###", ".#.", ".#."),
    "U": flat("#.#", "###"),
    "V": flat("#..", "#..", "###"),
    "W": flat("#..", "##.", ".##"),
    "X": flat(".#.", "###", ".#."),
    "Y": flat("####", ".#.."),
    "Z": flat("##.", ".#.", ".##"),
}


def box_text(cells: frozenset[Cell]) -> str:
    """A box file of ``cells``: the layers from the bottom up, ``.`` a cell, ``#`` none."""
    depth, rows, cols = (max(c[i] for c in cells) + 1 for i in range(3))

    def layer(z: int) -> str:
        return "\n".join("".join("." if (z, r, c) in cells else "#" for c in range(cols)) for r in range(rows))

    return "\n---\n".join(layer(z) for z in range(depth)) + "\n"
