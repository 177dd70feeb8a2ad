"""An independent peg solitaire checker and brute force, sharing no code with pento_core.pegs:
boards are sets of (row, col), positions frozensets of pegged cells."""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
SIX = (*ORTHOGONAL, (1, 1), (-1, -1))

ENGLISH = """\
  ooo
  ooo
ooooooo
ooo.ooo
ooooooo
  ooo
  ooo"""


def read(text: str) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """Holes and pegs of board text (o peg, . empty, space or # none)."""
    holes, pegs = set(), set()
    for r, line in enumerate(text.split("\n")):
        for c, ch in enumerate(line):
            if ch in "o.":
                holes.add((r, c))
                if ch == "o":
                    pegs.add((r, c))
    return frozenset(holes), frozenset(pegs)


def arm_board(top: int, right: int, bottom: int, left: int) -> frozenset[Cell]:
    """The source's nnnn boards, built from their description: a 3 x 3 core and four arms."""
    core_r, core_c = range(top, top + 3), range(left, left + 3)
    rows, cols = top + 3 + bottom, left + 3 + right
    return frozenset((r, c) for r in range(rows) for c in range(cols) if r in core_r or c in core_c)


def jump(holes: frozenset[Cell], pegs: frozenset[Cell], move: str, directions: tuple[Cell, ...]) -> frozenset[Cell]:
    """Apply ``R,C-R,C``; AssertionError if it is not a legal jump."""
    a, b = move.split("-")
    r1, c1 = (int(x) for x in a.split(","))
    r2, c2 = (int(x) for x in b.split(","))
    dr, dc = r2 - r1, c2 - c1
    assert (dr // 2, dc // 2) in directions and dr % 2 == 0 and dc % 2 == 0, move
    mid = (r1 + dr // 2, c1 + dc // 2)
    assert (r1, c1) in pegs and mid in pegs and (r2, c2) in holes and (r2, c2) not in pegs, move
    return (pegs - {(r1, c1), mid}) | {(r2, c2)}


def solvable(holes: frozenset[Cell], pegs: frozenset[Cell], directions: tuple[Cell, ...], finish: Cell | None) -> bool:
    """Brute force: every sequence of jumps, remembering positions that fail."""

    @cache
    def go(p: frozenset[Cell]) -> bool:
        if len(p) == 1:
            return finish is None or finish in p
        for r, c in p:
            for dr, dc in directions:
                mid, to = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if mid in p and to in holes and to not in p and go((p - {(r, c), mid}) | {to}):
                    return True
        return False

    return go(pegs)
