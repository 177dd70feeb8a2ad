"""An independent GandaGalo checker, sharing no code with pento_core.gandagalo: a board is a dict
{(row, col): ch} with ch in ". X O #", the rule is checked by walking lines cell by cell, and the
levels are re-derived by a plain propagation written from the report's definitions."""

from __future__ import annotations

from collections.abc import Iterator

Cell = tuple[int, int]
Board = dict[Cell, str]
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def read(text: str) -> Board:
    return {(r, c): ch for r, line in enumerate(text.strip().split("\n")) for c, ch in enumerate(line.strip())}


def three_at(board: Board, cell: Cell) -> bool:
    """Whether the mark in ``cell`` is part of three equal marks in a line."""
    mark = board[cell]
    if mark not in "XO":
        return False
    r, c = cell
    for dr, dc in STEPS:
        run = 1
        for sign in (1, -1):
            k = 1
            while board.get((r + sign * k * dr, c + sign * k * dc)) == mark:
                run += 1
                k += 1
        if run >= 3:
            return True
    return False


def valid(board: Board) -> bool:
    return not any(three_at(board, cell) for cell in board)


def fillings(board: Board, limit: int = 10**9) -> Iterator[Board]:
    """Every filling of the free cells with no three in a line, by plain backtracking in reading order."""
    free = sorted(cell for cell, ch in board.items() if ch == ".")
    work = dict(board)
    if not valid(work):
        return
    found = 0

    def go(k: int) -> Iterator[Board]:
        nonlocal found
        if found >= limit:
            return
        if k == len(free):
            found += 1
            yield dict(work)
            return
        for mark in "XO":
            work[free[k]] = mark
            if not three_at(work, free[k]):
                yield from go(k + 1)
        work[free[k]] = "."

    yield from go(0)


def forced(board: Board) -> Board | None:
    """The report's solver_easy until nothing changes: a free cell where one mark would make three
    takes the other; None when some cell can take neither."""
    work = dict(board)
    changed = True
    while changed:
        changed = False
        for cell, ch in work.items():
            if ch != ".":
                continue
            fits = []
            for mark in "XO":
                work[cell] = mark
                if not three_at(work, cell):
                    fits.append(mark)
                work[cell] = "."
            if not fits:
                return None
            if len(fits) == 1:
                work[cell] = fits[0]
                changed = True
    return work


def with_suppositions(board: Board) -> Board | None:
    """Forced moves and the report's supposition (assume a mark, forced moves, a contradiction
    proves the other) until nothing changes; None on a contradiction."""
    work = forced(board)
    while work is not None:
        found = False
        for cell in [c for c, ch in work.items() if ch == "."]:
            if work[cell] != ".":
                continue
            for mark, other in (("X", "O"), ("O", "X")):
                trial = dict(work)
                trial[cell] = mark
                if not valid(trial) or forced(trial) is None:
                    work[cell] = other
                    work = forced(work) if valid(work) else None
                    found = True
                    break
            if work is None:
                return None
        if not found:
            return work
    return None


def full(board: Board | None) -> bool:
    return board is not None and "." not in board.values()
