"""An independent checker and brute-force counter for tilings.

Deliberately shares no search code with ``pento_core.polyomino.cover``: it works on
plain sets of (row, col) cells with its own transforms, so a bug in the
engine cannot hide itself here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

Cell = tuple[int, int]


def _norm(cells: Iterable[Cell]) -> frozenset[Cell]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def _images(cells: frozenset[Cell], reflections: bool) -> set[frozenset[Cell]]:
    out = set()
    cur = list(cells)
    for flip in (False, True) if reflections else (False,):
        pts = [(r, -c) for r, c in cur] if flip else cur
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            out.add(_norm(pts))
    return out


def is_tiling(
    board: Iterable[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    placements: Iterable[tuple[str, Iterable[Cell]]],
    one_sided: bool = False,
    allow_unused: bool = False,
) -> bool:
    """True if ``placements`` cover ``board`` exactly with allowed pieces.

    ``pieces`` maps a name to (shape, copies).  Each placement must be an
    orientation of its named piece (rotations only when one-sided), no cell
    may be covered twice or lie off the board, and no piece may be used more
    often than it has copies (exactly as often, unless ``allow_unused``).
    """
    board = set(board)
    seen: set[Cell] = set()
    used: Counter[str] = Counter()
    for name, cells in placements:
        cells = set(cells)
        if name not in pieces or _norm(cells) not in _images(pieces[name][0], not one_sided):
            return False
        if cells & seen or not cells <= board:
            return False
        seen |= cells
        used[name] += 1
    if seen != board:
        return False
    for name, (_, copies) in pieces.items():
        if used[name] > copies or (not allow_unused and used[name] != copies):
            return False
    return True


Periods = tuple[int, int]  # after how many rows, and columns, a board comes back to itself (0: never)
FLAT: Periods = (0, 0)


def _round(cell: Cell, periods: Periods) -> Cell:
    r, c = cell
    return (r % periods[0] if periods[0] else r, c % periods[1] if periods[1] else c)


def brute_force(
    board: Iterable[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    one_sided: bool = False,
    allow_unused: bool = False,
    periods: Periods = FLAT,
) -> list[frozenset[tuple[str, frozenset[Cell]]]]:
    """Every tiling, each as a set of (piece name, cells), by plain backtracking: the first free cell
    is covered by each shape in turn.  On a flat board only a shape's own first cell (in reading
    order) can land there; on a board whose rows (and or columns) wrap round after ``periods``, any
    of its cells can, every cell taken round the seams."""
    board = frozenset(board)
    shapes = {n: sorted(_images(s, not one_sided), key=sorted) for n, (s, _) in pieces.items()}
    left = {n: k for n, (_, k) in pieces.items()}
    out: list[frozenset[tuple[str, frozenset[Cell]]]] = []
    chosen: list[tuple[str, frozenset[Cell]]] = []

    def go(free: frozenset[Cell]) -> None:
        if not free:
            out.append(frozenset(chosen))
            return
        first = min(free)
        options: dict[tuple[str, frozenset[Cell]], None] = {}  # in order, each once
        for name in shapes:
            if not left[name]:
                continue
            for shape in shapes[name]:
                for hit in shape if periods != FLAT else [min(shape)]:
                    cells = frozenset(_round((r - hit[0] + first[0], c - hit[1] + first[1]), periods) for r, c in shape)
                    if len(cells) == len(shape) and cells <= free:
                        options[(name, cells)] = None
        for name, cells in options:
            left[name] -= 1
            chosen.append((name, cells))
            go(free - cells)
            chosen.pop()
            left[name] += 1

    area = sum(len(s) * k for s, k in pieces.values())
    if allow_unused or area == len(board):
        go(board)
    return out


def is_wrapped_tiling(
    tiling: Iterable[tuple[str, frozenset[Cell]]],
    board: frozenset[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    periods: Periods,
) -> bool:
    """Whether ``tiling`` covers a wrapped board exactly, each piece's cells a turn or flip of its
    shape slid into place and taken round the seams, every piece used as often as it has copies."""
    used: Counter[str] = Counter()
    seen: set[Cell] = set()
    for name, cells in tiling:
        if name not in pieces or seen & cells or not cells <= board:
            return False
        anchor = min(cells)
        fits = any(
            frozenset(_round((r - hit[0] + anchor[0], c - hit[1] + anchor[1]), periods) for r, c in shape) == cells
            for shape in _images(pieces[name][0], True)
            for hit in shape
        )
        if not fits:
            return False
        seen |= cells
        used[name] += 1
    return seen == board and all(used[n] == k for n, (_, k) in pieces.items())


def _turned(p: Cell, k: int, flip: bool) -> Cell:
    """``p`` mirrored left to right (``flip``), then turned ``k`` quarter turns, about the origin."""
    r, c = p
    if flip:
        c = -c
    for _ in range(k):
        r, c = c, -r
    return (r, c)


def _wrapped_motions(board: frozenset[Cell], periods: Periods) -> list[dict[Cell, Cell]]:
    """The motions of a board that wraps: every turn or flip of the plane followed by every slide
    round its seams, kept when it is a one-to-one map of the board's cells that keeps neighbours
    neighbours across the seams too (checked cell by cell, not reasoned)."""

    def touching(cell: Cell) -> set[Cell]:
        r, c = cell
        return {n for n in (_round(x, periods) for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))) if n in board}

    out = []
    cells = sorted(board)
    for flip in (False, True):
        for k in range(4):
            image = [_turned(p, k, flip) for p in cells]
            r0 = min(r for r, _ in image)
            c0 = min(c for _, c in image)
            for dr in range(periods[0] or 1):
                for dc in range(periods[1] or 1):
                    m = {
                        p: _round(
                            (q[0] + dr if periods[0] else q[0] - r0, q[1] + dc if periods[1] else q[1] - c0), periods
                        )
                        for p, q in zip(cells, image, strict=True)
                    }
                    if set(m.values()) != board or len(set(m.values())) != len(cells):
                        continue
                    if all({m[n] for n in touching(p)} == touching(m[p]) for p in cells):
                        out.append(m)
    return out


def wrapped_classes(
    tilings: list[frozenset[tuple[str, frozenset[Cell]]]], board: frozenset[Cell], periods: Periods
) -> tuple[int, int]:
    """The number of classes of tilings of free pieces on a wrapped board equal up to its motions
    (:func:`_wrapped_motions`), and the number of motions."""
    motions = _wrapped_motions(board, periods)

    def image(tiling: frozenset[tuple[str, frozenset[Cell]]], m: dict[Cell, Cell]) -> Any:
        return tuple(sorted((n, tuple(sorted(m[c] for c in cells))) for n, cells in tiling))

    return len({min(image(t, m) for m in motions) for t in tilings}), len(motions)


def _motions(board: frozenset[Cell]) -> list[tuple[Callable[[Cell], Cell], dict[Cell, Cell]]]:
    """The symmetries of the square that map ``board`` onto itself: each as its turn (and flip) of
    a cell about the origin, and the cell map it makes of the board."""
    out = []
    for flip in (False, True):
        for k in range(4):

            def f(p: Cell, k: int = k, flip: bool = flip) -> Cell:
                return _turned(p, k, flip)

            image = [f(p) for p in board]
            r0 = min(r for r, _ in image)
            c0 = min(c for _, c in image)
            m = {p: (q[0] - r0, q[1] - c0) for p, q in zip(board, image, strict=True)}
            if set(m.values()) == set(board):
                out.append((f, m))
    return out


def classes_by_motion(
    tilings: list[frozenset[tuple[str, frozenset[Cell]]]],
    board: frozenset[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    one_sided: bool,
    reflections: bool = True,
) -> int:
    """Number of classes of tilings equal up to a motion of the board that maps the piece set onto
    itself: each piece's shapes onto the shapes of a piece with as many copies (itself, or a
    one-sided F turned over onto F' when the set holds both).  An image tiling renames its pieces so.
    Without ``reflections``, up to the board's rotations only (a motion that turns the plane over,
    told by what it does to an L that has no symmetry, is left out)."""
    shapes = {n: _images(s, not one_sided) for n, (s, _) in pieces.items()}
    motions = []
    ell = ((0, 0), (1, 0), (2, 0), (2, 1))
    turns = {_norm(t) for t in _images(frozenset(ell), False)}
    for f, m in _motions(board):
        if not reflections and _norm(f(c) for c in ell) not in turns:
            continue
        rename = {}
        for name, (shape, copies) in pieces.items():
            image = _images(_norm(f(c) for c in shape), not one_sided)
            match = [n for n in pieces if pieces[n][1] == copies and shapes[n] == image]
            if not match:
                break
            rename[name] = match[0]
        else:
            motions.append((m, rename))

    def image(tiling: frozenset[tuple[str, frozenset[Cell]]], m: dict[Cell, Cell], rename: dict[str, str]) -> Any:
        return tuple(sorted((rename[n], tuple(sorted(m[c] for c in cells))) for n, cells in tiling))

    return len({min(image(t, m, rename) for m, rename in motions) for t in tilings})
