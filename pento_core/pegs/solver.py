"""Deciding a peg solitaire position: a solution, or a proof that there is none.

First the impossibility arguments of the source (each a sentence a player can
read), cheapest first:

* **too few pegs**: no peg at all, or one peg in the wrong hole;
* **stuck pegs**: a peg in a hole that no jump passes through can never go;
* **separated parts**: holes linked by jumps fall into parts no jump crosses;
  pegs in two parts can never meet, so at least two pegs stay;
* **position classes**: a function f from holes to {0, 1} with
  f(a) + f(b) + f(c) even for every jump a-b-c keeps the parity of the
  pegs' f-sum forever (a jump removes a and b and fills c).  All such f form
  a vector space over GF(2), found for each board by elimination (on square
  boards it is the source's classes mod 2 on the diagonals); the start and
  the finish must agree on every one.

Then the search: a **beam search** (keep the few hundred most compact
positions at each depth, compactness counted with bit shifts on a grid
layout) finds solutions to large boards in moments but proves nothing; it
runs twice, by position and then by symmetry class (a more varied beam);
if both fail, a **depth-first search** with a
table of positions known to fail (one per symmetry class) either finds a
solution or proves there is none.  Both run within a :class:`Budget`; a
spent budget gives "unknown".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from ..budget import Budget, BudgetSpent
from .board import Jump, PegBoard, Permuter

BEAM_WIDTH = 400
_CHECK_EVERY = 1024


@dataclass(frozen=True)
class Verdict:
    """``status``: ``yes`` (``moves`` lead to the finish), ``no`` (``reason`` says why), or
    ``unknown`` (the budget ran out)."""

    status: str
    moves: tuple[Jump, ...] = ()
    reason: str = ""
    nodes: int = 0


def _where(board: PegBoard, i: int) -> str:
    """A hole as a player reads it: rows and columns counted from 1."""
    r, c = board.cells[i]
    return f"row {r + 1}, column {c + 1}"


def _count(mask: int) -> int:
    return bin(mask).count("1")


# -- the arguments ---------------------------------------------------------------------------------------


def too_few(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    if pegs == 0:
        return "there are no pegs on the board"
    if _count(pegs) == 1 and finish is not None and not pegs >> finish & 1:
        return f"one peg is left and it is not in the finish hole ({_where(board, finish)})"
    return None


def stuck(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    moving = 0  # holes a jump starts from or passes over
    landing = 0
    for j in board.jumps:
        moving |= 1 << j.a | 1 << j.b
        landing |= 1 << j.c
    if _count(pegs) > 1:
        fixed = pegs & ~moving
        if fixed:
            i = (fixed & -fixed).bit_length() - 1
            return f"the peg at {_where(board, i)} can never move nor be jumped over"
    if finish is not None and not pegs >> finish & 1 and not landing >> finish & 1:
        return f"no jump ever lands in the finish hole ({_where(board, finish)})"
    return None


def parts(board: PegBoard) -> list[int]:
    """The board's holes split into parts that jumps link (each part a bit mask)."""
    parent = list(range(board.size))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for j in board.jumps:
        for y in (j.b, j.c):
            parent[find(y)] = find(j.a)
    out: dict[int, int] = {}
    for i in range(board.size):
        out[find(i)] = out.get(find(i), 0) | 1 << i
    return list(out.values())


def separated(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    with_pegs = [p for p in parts(board) if p & pegs and _count(p) > 1]
    if len(with_pegs) > 1:
        a, b = (((p & pegs) & -(p & pegs)).bit_length() - 1 for p in with_pegs[:2])
        return f"the pegs at {_where(board, a)} and at {_where(board, b)} are in parts of the board no jump links"
    if finish is not None and with_pegs and not with_pegs[0] >> finish & 1:
        return f"the finish hole ({_where(board, finish)}) is in a part of the board the pegs can never reach"
    return None


@cache  # one elimination per board: the functions depend on the board alone
def class_functions(board: PegBoard) -> tuple[int, ...]:
    """A basis of the functions f: holes -> GF(2) with f(a) + f(b) + f(c) = 0 for every jump
    (each f a bit mask of the holes where it is 1): the null space of the jumps' incidence
    matrix, by Gaussian elimination over GF(2)."""
    rows = sorted({1 << j.a | 1 << j.b | 1 << j.c for j in board.jumps})
    pivots: dict[int, int] = {}  # pivot bit -> reduced row
    for row in rows:
        for bit, r in pivots.items():
            if row >> bit & 1:
                row ^= r
        if row:
            bit = (row & -row).bit_length() - 1
            for b2 in list(pivots):
                if pivots[b2] >> bit & 1:
                    pivots[b2] ^= row
            pivots[bit] = row
    free = [i for i in range(board.size) if i not in pivots]
    basis = []
    for f in free:
        v = 1 << f
        for bit, r in pivots.items():
            if r >> f & 1:
                v |= 1 << bit
        basis.append(v)
    return tuple(basis)


def position_class(board: PegBoard, pegs: int) -> tuple[int, ...]:
    return tuple(_count(f & pegs) & 1 for f in class_functions(board))


def classes(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    start = position_class(board, pegs)
    targets = [finish] if finish is not None else range(board.size)
    if any(position_class(board, 1 << h) == start for h in targets):
        return None
    functions = class_functions(board)
    if finish is not None:
        f = next(f for f in functions if _count(f & pegs) % 2 != _count(f & 1 << finish) % 2)
        on = _count(f & pegs)
        now, then = ("odd", "even") if on % 2 else ("even", "odd")
        return (
            f"position classes: {on} pegs stand on a set of {_count(f)} holes (the marked ones), an {now} number;"
            f" no jump changes whether it is even or odd, and one peg in the finish hole ({_where(board, finish)})"
            f" would make it {then}"
        )
    return "position classes: no single hole has the start's class, which no jump changes"


ARGUMENTS = (too_few, stuck, separated, classes)


def impossibility(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    """Why ``pegs`` can never end as one peg (in ``finish``, when given), or None."""
    for argument in ARGUMENTS:
        reason = argument(board, pegs, finish)
        if reason:
            return reason
    return None


# -- the search ---------------------------------------------------------------------------------------------


def _done(pegs: int, finish: int | None) -> bool:
    return pegs & (pegs - 1) == 0 and pegs != 0 and (finish is None or pegs == 1 << finish)


class _Search:
    def __init__(self, board: PegBoard, finish: int | None, budget: Budget) -> None:
        self.board = board
        self.finish = finish
        self.budget = budget.started()
        self.nodes = 0
        # symmetries that keep the finish where it is: positions equal under them fail together
        self.perms = [Permuter(p) for p in board.symmetries if finish is None or p[finish] == finish]
        self.failed: set[int] = set()
        # the grid layout for scoring: hole (r, c) is bit r * stride + c, a spare column between
        # rows so that shifting by one never wraps; positions move there a byte at a time
        self.stride = board.width + 1
        self.to_grid = Permuter(tuple(r * self.stride + c for r, c in board.cells))

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            if self.budget.max_nodes is not None and self.nodes >= self.budget.max_nodes:
                raise BudgetSpent
            self.budget.check()

    def canonical(self, pegs: int) -> int:
        return min(p(pegs) for p in self.perms)

    def dfs(self, pegs: int, path: list[Jump]) -> bool:
        """Depth first; ``path`` holds the jumps made so far; True when it reaches the finish."""
        if _done(pegs, self.finish):
            return True
        key = self.canonical(pegs)
        if key in self.failed:
            return False
        self.tick()
        for j in self.board.moves(pegs):
            after = pegs & ~(1 << j.a | 1 << j.b) | 1 << j.c
            path.append(j)
            if self.dfs(after, path):
                return True
            path.pop()
        self.failed.add(key)
        return False

    def score(self, pegs: int) -> int:
        """Lower is more compact: each peg with no neighbour in a row or a column costs 3,
        each pair of neighbouring pegs earns 1 (bit shifts on the grid layout)."""
        g = self.to_grid(pegs)
        s = self.stride
        alone = g & ~(g << 1 | g >> 1 | g << s | g >> s)
        return 3 * alone.bit_count() - (g & g >> 1).bit_count() - (g & g >> s).bit_count()

    def beam(self, pegs: int, by_class: bool = False) -> list[Jump] | None:
        """Keep the BEAM_WIDTH most compact positions at each depth; a solution or None.
        ``by_class``: positions equal under the board's symmetries count once (slower per
        position, but a more varied beam, which solves Wiegleb's board where the plain one fails)."""
        key_of = self.canonical if by_class else (lambda p: p)
        level: dict[int, tuple[int, tuple[Jump, ...]]] = {key_of(pegs): (pegs, ())}
        while level:
            nxt: dict[int, tuple[int, tuple[Jump, ...]]] = {}
            for p, path in level.values():
                if _done(p, self.finish):
                    return list(path)
                for j in self.board.moves(p):
                    self.tick()
                    after = p & ~(1 << j.a | 1 << j.b) | 1 << j.c
                    key = key_of(after)
                    if key not in nxt:
                        nxt[key] = (after, (*path, j))
            ranked = sorted(nxt.items(), key=lambda kv: self.score(kv[1][0]))
            level = dict(ranked[:BEAM_WIDTH])
        return None


def solve(board: PegBoard, pegs: int, finish: int | None = None, budget: Budget | None = None) -> Verdict:
    """A solution of ``pegs`` (jumps to one peg, in ``finish`` when given), a proof that there
    is none, or ``unknown`` when ``budget`` runs out."""
    reason = impossibility(board, pegs, finish)
    if reason:
        return Verdict("no", reason=reason)
    s = _Search(board, finish, budget or Budget())
    try:
        found = s.beam(pegs) or s.beam(pegs, by_class=True)
        if found is not None:
            return Verdict("yes", tuple(found), nodes=s.nodes)
        path: list[Jump] = []
        if s.dfs(pegs, path):
            return Verdict("yes", tuple(path), nodes=s.nodes)
    except BudgetSpent:
        return Verdict("unknown", nodes=s.nodes)
    where = "anywhere" if finish is None else f"at {_where(board, finish)}"
    tried = f"{len(s.failed):,} positions up to symmetry"
    return Verdict(
        "no", reason=f"every sequence of jumps was tried ({tried}); none ends with one peg {where}", nodes=s.nodes
    )


def replay(board: PegBoard, pegs: int, moves: tuple[Jump, ...]) -> Iterator[int]:
    """The positions after each of ``moves`` (each checked legal)."""
    for j in moves:
        if not (pegs >> j.a & 1 and pegs >> j.b & 1 and not pegs >> j.c & 1):
            raise ValueError(f"illegal jump {j}")
        pegs = pegs & ~(1 << j.a | 1 << j.b) | 1 << j.c
        yield pegs
