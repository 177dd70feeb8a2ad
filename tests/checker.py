"""An independent checker and brute-force counter for tilings.

Deliberately shares no search code with ``pento_core.polyomino.cover``: it works on
plain sets of (row, col) cells with its own transforms, so a bug in the
engine cannot hide itself here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

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


def brute_force(
    board: Iterable[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    one_sided: bool = False,
    allow_unused: bool = False,
) -> list[frozenset[tuple[str, frozenset[Cell]]]]:
    """Every tiling, each as a set of (piece name, cells), by plain backtracking."""
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
        for name in shapes:
            if not left[name]:
                continue
            for shape in shapes[name]:
                top = min(shape)  # the shape's first cell in reading order covers `first`
                cells = frozenset((r - top[0] + first[0], c - top[1] + first[1]) for r, c in shape)
                if cells <= free:
                    left[name] -= 1
                    chosen.append((name, cells))
                    go(free - cells)
                    chosen.pop()
                    left[name] += 1

    area = sum(len(s) * k for s, k in pieces.values())
    if allow_unused or area == len(board):
        go(board)
    return out


def board_maps(board: frozenset[Cell]) -> list[dict[Cell, Cell]]:
    """The symmetries of the square that map ``board`` onto itself, as cell maps."""
    maps = []
    for flip in (False, True):
        for k in range(4):

            def f(p: Cell, k: int = k, flip: bool = flip) -> Cell:
                r, c = p
                if flip:
                    c = -c
                for _ in range(k):
                    r, c = c, -r
                return (r, c)

            image = [f(p) for p in board]
            r0 = min(r for r, _ in image)
            c0 = min(c for _, c in image)
            m = {p: (q[0] - r0, q[1] - c0) for p, q in zip(board, image, strict=True)}
            if set(m.values()) == set(board):
                maps.append(m)
    return maps


def distinct(
    tilings: list[frozenset[tuple[str, frozenset[Cell]]]],
    board: frozenset[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    one_sided: bool,
) -> int:
    """Number of classes of tilings equal up to the board's symmetries (those the pieces allow)."""
    maps = board_maps(board)
    if one_sided:
        # A reflection of the board turns every piece over: it maps one-sided
        # tilings to one-sided tilings only when every piece is its own mirror image.
        achiral = all(_images(s, False) == _images(s, True) for s, _ in pieces.values())
        maps = [m for m in maps if achiral or _is_rotation(m, board)]
    classes = set()
    for t in tilings:
        classes.add(min(tuple(sorted((n, tuple(sorted(m[c] for c in cells))) for n, cells in t)) for m in maps))
    return len(classes)


def _is_rotation(m: dict[Cell, Cell], board: frozenset[Cell]) -> bool:
    """Whether the cell map preserves orientation (a rotation, not a reflection)."""
    cells = sorted(board)
    if len(cells) < 3:
        return True
    a = cells[0]
    for b in cells[1:]:
        for c in cells[1:]:
            cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            if cross:
                ma, mb, mc = m[a], m[b], m[c]
                cross2 = (mb[0] - ma[0]) * (mc[1] - ma[1]) - (mb[1] - ma[1]) * (mc[0] - ma[0])
                return (cross > 0) == (cross2 > 0)
    return True


def classes_by_motion(
    tilings: list[frozenset[tuple[str, frozenset[Cell]]]],
    board: frozenset[Cell],
    pieces: dict[str, tuple[frozenset[Cell], int]],
    one_sided: bool,
) -> int:
    """Number of classes of tilings equal up to a motion of the board, each piece renamed by the
    shape its cells take in the image (a one-sided F turned over is F' when the set holds both);
    a motion counts for a tiling when every image piece is a piece of the set, as often as before.
    Every piece of the set must be used (as in a rectangle covered by all of them)."""

    def name_of(cells: list[Cell]) -> str | None:
        shape = _norm(cells)
        names = [n for n, (s, _) in pieces.items() if shape in _images(s, not one_sided)]
        return names[0] if len(names) == 1 else None

    keys = set()
    for tiling in tilings:
        names = Counter(n for n, _ in tiling)
        best = None
        for m in board_maps(board):
            image = []
            for _, cells in tiling:
                moved = [m[c] for c in cells]
                name = name_of(moved)
                if name is None:
                    break
                image.append((name, tuple(sorted(moved))))
            else:
                if Counter(n for n, _ in image) == names:
                    key = tuple(sorted(image))
                    best = key if best is None or key < best else best
        keys.add(best)
    return len(keys)
