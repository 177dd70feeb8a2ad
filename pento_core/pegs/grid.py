"""A peg board on its grid layout, where the searches work: hole (r, c) is bit r * stride + c.

Shared by the solver and the English table (:mod:`.table`), which must agree on it: the table's
classes are keys of this layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .board import PegBoard, Permuter


@dataclass(frozen=True)
class GridLayout:
    """The grid layout of a board: hole (r, c) is bit r * stride + c, with a spare column between
    rows so that a shift by one never wraps.  The depth-first search works there: the jumps in
    one direction are found for all pegs at once by shifting the position (see _Search.dfs),
    and positions are moved there and back a byte at a time (Permuter)."""

    stride: int
    to_grid: Permuter
    from_grid: dict[int, int]  # a grid bit -> its hole
    holes: int
    shifts: tuple[int, ...]
    finish_bit: int | None
    perms: tuple[Permuter, ...]  # the symmetries that keep the finish, on the grid
    # each jump's three bits (on the grid) -> their images under ``perms``: a position's images
    # after a jump are its images XOR these, eight XORs instead of eight permutations
    jump_images: dict[int, tuple[int, ...]]


@lru_cache(maxsize=32)  # built once per board and finish (tens of milliseconds), not at every hint
def grid_layout(board: PegBoard, finish: int | None) -> GridLayout:
    stride = board.width + 1
    grid = tuple(r * stride + c for r, c in board.cells)
    perms = []
    for p in board.symmetries:
        if finish is None or p[finish] == finish:
            # positions equal under them fail together (bits off the board map to themselves;
            # they are never set)
            image = list(range(max(grid) + 1))
            for i, g in enumerate(grid):
                image[g] = grid[p[i]]
            perms.append(Permuter(tuple(image)))
    masks = [1 << grid[j.a] | 1 << grid[j.b] | 1 << grid[j.c] for j in board.jumps]
    return GridLayout(
        stride,
        Permuter(grid),
        {1 << g: i for i, g in enumerate(grid)},
        sum(1 << g for g in grid),
        tuple(sorted({abs(dr * stride + dc) for dr, dc in board.directions})),
        None if finish is None else 1 << grid[finish],
        tuple(perms),
        {m: tuple(p(m) for p in perms) for m in masks},
    )
