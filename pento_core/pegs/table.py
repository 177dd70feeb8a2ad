"""Which positions of the English board can still be won: a table computed once, shipped in the wheel.

From the English board's usual start (every hole full but the centre) 23,475,688 positions can be
reached, counted up to the board's eight symmetries, and 1,679,072 of them lie on a winning line
(George Bell's figures; :func:`compute` finds them again).  A random game soon leaves that set, and
proving a position lost by search means trying every position below it: after nine jumps that is
some 400,000 positions, seconds in the page, where a hint has half a second.  Searches were tried
and measured first: pagoda functions prove under one in ten of the positions such a search meets
lost, and a table of the last few pegs cuts only the cheap bottom of it.

So the core decides the English board's positions by a table of **two levels of the winning
lines**, made in advance, and of two more for free, looked up by the search in between:

* the positions with 13 and with 8 pegs that are reachable from the start and can still be won
  (112,788 and 2,089 classes), stored (``english.table``, 460 kB, 300 kB in the wheel);
* the positions with 20 and 25 pegs, for free: read a winning line backwards with every hole
  flipped (a peg for an empty hole) and it is a winning line again, from the complement of the
  finish (the usual start) to the complement of the start (one peg in the centre).  So a position
  with n pegs is on a winning line exactly when its complement, with 33 - n pegs, is.  The levels
  looked up most (13 and 8, below the fattest part of the search) are the ones stored.

A position reachable from the start with n pegs is decided by searching only down to the next
level below n (at most six jumps deep: 20,000 positions at worst, a few hundred usually) and
looking the positions there up; a hint stops at the first position the table says can be won.

The table is for the centre finish, and serves "finish anywhere" too: from this start, every
position of two or more pegs that can end as one peg anywhere can also end in the centre (an
independent count finds the same classes at every level; the tests check it on positions of 8
and 13 pegs against a brute force).

Positions are stored by class: the least of the eight images of the position on the solver's
grid layout, written as the rank of its set of holes among the sets of that many of the 33 holes
(the combinatorial number system), four bytes each, sorted; a look-up is a binary search.
"""

from __future__ import annotations

import array
import sys
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from math import comb
from pathlib import Path

from ..resources import read as read_resource
from .board import PegBoard, Permuter, arms
from .grid import grid_layout

HOLES = 33
STORED = (13, 8)  # the levels kept in the file; their complements (20, 25) come free
LEVELS = frozenset(STORED) | {HOLES - n for n in STORED}
FILE = "english.table"
_MAGIC = b"PENTO-PEGS-ENGLISH-1\n"


@cache
def _english() -> PegBoard:
    return arms("2222")


@cache
def _board_layout() -> tuple[int, int, tuple[Permuter, ...], tuple[int, ...]]:
    """The English board on the solver's grid layout (:mod:`.grid`): its start, its holes, its
    eight symmetries there, and each grid bit's hole index (-1 off the board)."""
    board = _english()
    layout = grid_layout(board, None)
    hole_of = [-1] * layout.holes.bit_length()
    for bit, hole in layout.from_grid.items():
        hole_of[bit.bit_length() - 1] = hole
    start = layout.to_grid(board.full & ~(1 << board.hole((3, 3))))
    return start, layout.holes, layout.perms, tuple(hole_of)


def canonical(g: int) -> int:
    """The least image of grid position ``g`` under the board's symmetries: one key per class."""
    return min(p(g) for p in _board_layout()[2])


def rank(g: int) -> int:
    """The rank of grid position ``g`` among the positions with as many pegs (the combinatorial
    number system over the 33 holes in reading order: holes h1 < h2 < ... give C(h1, 1) +
    C(h2, 2) + ...), a row at a time: seven look-ups in :func:`_rank_tables`."""
    tables = _rank_tables()
    out = 0
    k = 0
    for row in tables:
        part, count = row[k][g & 255]
        out += part
        k += count
        g >>= 8
    return out


@cache
def _rank_tables() -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each row of the grid (a byte), for each number of pegs before it, for each byte: what
    the row's pegs add to the rank, and how many they are."""
    hole_of = _board_layout()[3]
    rows = []
    for r in range(7):
        holes = [hole_of[8 * r + b] if 8 * r + b < len(hole_of) else -1 for b in range(8)]
        row = []
        for before in range(HOLES + 1):
            entries = []
            for byte in range(256):
                part, count = 0, 0
                for b in range(8):
                    if byte >> b & 1 and holes[b] >= 0:
                        count += 1
                        if before + count <= HOLES:
                            part += _COMB[holes[b]][before + count]
                entries.append((part, count))
            row.append(tuple(entries))
        rows.append(tuple(row))
    return tuple(rows)


def unrank(r: int, pegs: int) -> int:
    """The grid position of rank ``r`` among those with ``pegs`` pegs (:func:`rank` undone)."""
    grid_of = [g for g, h in sorted((g, h) for g, h in enumerate(_board_layout()[3]) if h >= 0)]
    out = 0
    for k in range(pegs, 0, -1):
        h = k - 1
        while h + 1 < HOLES and _COMB[h + 1][k] <= r:
            h += 1
        r -= _COMB[h][k]
        out |= 1 << grid_of[h]
    return out


_COMB = [[comb(n, k) for k in range(HOLES + 1)] for n in range(HOLES + 1)]


# -- computing the table -------------------------------------------------------------------------------


def _children(images: list[int], moves: Iterable[tuple[int, tuple[int, ...]]]) -> Iterable[int]:
    """The classes one jump (each given as its three bits and their images) from the position
    whose eight images are ``images``: the images after a jump are the images XOR the jump's,
    eight XORs, not eight permutations."""
    for _, mask_images in moves:
        yield min(i ^ m for i, m in zip(images, mask_images, strict=True))


def compute(progress: Callable[[str], None] | None = None) -> dict[int, list[int]]:
    """The classes of the stored levels that are reachable from the start and can still be won,
    each level sorted by rank.  A breadth-first pass from the start down to 16 pegs keeps each
    level's classes (9.6 million in all; minutes and a few GB in CPython): the winning positions
    with 17 pegs are those whose complement is reachable with 16, and each level above keeps the
    positions with a jump into the one below."""
    start, holes, perms, _ = _board_layout()
    board = _english()
    layout = grid_layout(board, None)
    moves_of = []  # each jump on the grid: its three bits, the two it leaves, the one it fills, its images
    for j in board.jumps:
        mask = layout.to_grid(1 << j.a | 1 << j.b | 1 << j.c)
        moves_of.append((mask, layout.to_grid(1 << j.a | 1 << j.b), layout.to_grid(1 << j.c), layout.jump_images[mask]))

    def legal(g: int) -> list[tuple[int, tuple[int, ...]]]:
        return [(m, imgs) for m, ab, c, imgs in moves_of if g & ab == ab and not g & c]

    reach: dict[int, set[int]] = {32: {canonical(start)}}
    for n in range(32, 16, -1):
        below: set[int] = set()
        for g in reach[n]:
            images = [p(g) for p in perms]
            below.update(_children(images, legal(g)))
        reach[n - 1] = below
        if progress:
            progress(f"{n - 1} pegs: {len(below):,} classes reachable")
    won = {g for g in reach[17] if canonical(holes & ~g) in reach[16]}
    del reach[16]
    for n in range(18, HOLES - min(STORED) + 1):
        lower = won
        won = {g for g in reach[n] if any(c in lower for c in _children([p(g) for p in perms], legal(g)))}
        if progress:
            progress(f"{n} pegs: {len(won):,} classes can still be won")
        if HOLES - n in STORED:
            reach[n] = won  # kept for the file
    # stored as their complements: the look-ups at 13 and 8 pegs, the most frequent, need no complement
    return {HOLES - n: sorted(rank(canonical(holes & ~g)) for g in reach[n]) for n in (HOLES - m for m in STORED)}


def write(levels: dict[int, list[int]], path: Path) -> None:
    """The file: a magic line, then for each stored level its peg count (one byte), its number of
    classes (four bytes) and their ranks (four bytes each, little-endian, sorted)."""
    out = bytearray(_MAGIC)
    for n in STORED:
        ranks = array.array("I", levels[n])
        if sys.byteorder == "big":
            ranks.byteswap()
        out += bytes([n]) + len(ranks).to_bytes(4, "little") + ranks.tobytes()
    path.write_bytes(bytes(out))


# -- reading it -----------------------------------------------------------------------------------------


@cache
def levels() -> dict[int, array.array[int]]:
    """The stored levels, read once (a few milliseconds: the ranks go straight into arrays)."""
    data = read_resource(f"pegs/{FILE}")  # shipped apart in the page: fetched the first time it is read
    if not data.startswith(_MAGIC):
        raise ValueError(f"{FILE} is not a table of this version")
    out: dict[int, array.array[int]] = {}
    at = len(_MAGIC)
    for _ in STORED:
        n, count = data[at], int.from_bytes(data[at + 1 : at + 5], "little")
        ranks = array.array("I")
        ranks.frombytes(data[at + 5 : at + 5 + 4 * count])
        if sys.byteorder == "big":
            ranks.byteswap()
        out[n] = ranks
        at += 5 + 4 * count
    return out


def _stored(key: int) -> bool:
    ranks = levels()[key.bit_count()]
    r = rank(key)
    i = bisect_left(ranks, r)
    return i < len(ranks) and ranks[i] == r


def applies(board: PegBoard, start: int | None, finish: int | None) -> bool:
    """Whether the table decides the positions of a game on ``board`` from ``start`` (a position
    reached from it by legal jumps) to ``finish``: the English board from its usual start, the
    last peg anywhere or in the centre."""
    english = _english()
    return (
        board.cells == english.cells
        and board.directions == english.directions
        and start == english.full & ~(1 << english.hole((3, 3)))
        and finish in (None, english.hole((3, 3)))
    )


def winnable(images: Sequence[int]) -> bool:
    """Whether a position reachable from the start, with a peg count in :data:`LEVELS`, can still
    be won; ``images`` are its eight images on the grid layout (the solver keeps them).  For 20
    and 25 pegs its complement is looked up: the images of the complement are the images'
    complements, since every symmetry maps the board's holes onto themselves."""
    n = images[0].bit_count()
    if n in STORED:
        return _stored(min(images))
    holes = _board_layout()[1]
    return _stored(min(holes ^ i for i in images))


def main() -> None:
    """``python -m pento_core.pegs.table``: compute the table again and write it beside this file."""
    target = Path(__file__).with_name(FILE)
    found = compute(lambda line: print(line, flush=True))
    write(found, target)
    print(f"wrote {target} ({target.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
