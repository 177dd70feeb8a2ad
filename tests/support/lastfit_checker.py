"""An independent Last Fit checker, sharing no code with pento_core: the twelve pentominoes drawn
here, placements as frozensets of cells, and a plain memoised minimax."""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]
DRAWINGS = {
    "F": [".##", "##.", ".#."],
    "I": ["#####"],
    "L": ["####", "#..."],
    "N": ["##..", ".###"],
    "P": ["##", "##", "#."],
    "T": ["###", ".#.", ".#."],
    "U": ["#.#", "###"],
    "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"],
    "X": [".#.", "###", ".#."],
    "Y": ["####", ".#.."],
    "Z": ["##.", ".#.", ".##"],
}


def _normal(cells: set[Cell]) -> frozenset[Cell]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def shapes(name: str) -> set[frozenset[Cell]]:
    """Every orientation of a pentomino: four turns of the drawing and of its mirror image."""
    cells = {(r, c) for r, row in enumerate(DRAWINGS[name]) for c, ch in enumerate(row) if ch == "#"}
    out = set()
    for mirror in (False, True):
        s = {(r, -c) for r, c in cells} if mirror else set(cells)
        for _ in range(4):
            s = {(c, -r) for r, c in s}
            out.add(_normal(s))
    return out


def placements(board: frozenset[Cell]) -> list[tuple[str, frozenset[Cell]]]:
    """(piece, cells) for every way a pentomino fits on ``board``."""
    out = []
    rows = max(r for r, _ in board) + 1
    cols = max(c for _, c in board) + 1
    for name in sorted(DRAWINGS):
        for s in shapes(name):
            for dr in range(rows):
                for dc in range(cols):
                    cells = frozenset((r + dr, c + dc) for r, c in s)
                    if cells <= board:
                        out.append((name, cells))
    return out


def rectangle(rows: int, cols: int) -> frozenset[Cell]:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def wins(board: frozenset[Cell], taken: frozenset[Cell], used: frozenset[str]) -> bool:
    """Whether the player to move wins (the player who cannot place a piece loses)."""
    moves = [(n, cells) for n, cells in placements(board) if n not in used and not cells & taken]

    @cache
    def go(taken: frozenset[Cell], used: frozenset[str]) -> bool:
        return any(not go(taken | cells, used | {n}) for n, cells in moves if n not in used and not cells & taken)

    return go(taken, used)


def symmetric_classes(rows: int, cols: int) -> int:
    """Opening placements on a rows x cols board counted up to the board's symmetries."""
    board = rectangle(rows, cols)
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    seen = set()
    for _, cells in placements(board):
        seen.add(min(tuple(sorted(m(r, c) for r, c in cells)) for m in maps))
    return len(seen)
