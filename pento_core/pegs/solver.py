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
  the finish must agree on every one;
* **a pagoda function**: weights on the holes that no jump makes grow in sum
  (see :mod:`.pagoda`); found by an exact linear programme, it proves a
  position lost when its pegs are worth less than one peg where the game may
  end.

On the English board, from its usual start, a table made in advance (:mod:`.table`) says which
positions with 25, 20, 13 and 8 pegs can still be won, and the depth-first search below looks them
up instead of searching on: any position of that game is decided within a few thousand positions.

Elsewhere the search: a **beam search** (keep the few hundred most compact
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
from functools import cache, lru_cache
from operator import xor

from ..budget import Budget, BudgetSpent, Outcome
from ..i18n import ntr, tr
from . import table
from .board import Jump, PegBoard
from .grid import grid_layout
from .pagoda import find as find_pagoda

BEAM_WIDTH = 400
_CHECK_EVERY = 1024
MAX_TABLE = 2_000_000  # positions known to fail kept at once: about 150 MB in CPython


@dataclass(frozen=True)
class Proof:
    """Why a position is lost: ``reason``, a sentence, and what to show on the board: ``marked``,
    the holes of a position class (a bit mask), or ``values``, a pagoda function's numbers."""

    reason: str
    marked: int = 0
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """``status``: ``yes`` (``moves`` lead to the finish), ``no`` (``reason`` says why), or
    ``unknown`` (the budget ran out)."""

    status: Outcome
    moves: tuple[Jump, ...] = ()
    reason: str = ""
    nodes: int = 0
    proof: Proof | None = None  # for ``no``: what the reason rests on


def _where(board: PegBoard, i: int) -> str:
    """A hole as a player reads it: rows and columns counted from 1."""
    r, c = board.cells[i]
    return f"row {r + 1}, column {c + 1}"


# -- the arguments ---------------------------------------------------------------------------------------


def too_few(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    if pegs == 0:
        return tr("there are no pegs on the board")
    if pegs.bit_count() == 1 and finish is not None and not pegs >> finish & 1:
        return tr("one peg is left and it is not in the finish hole ({value})", value=_where(board, finish))
    return None


def stuck(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    moving = 0  # holes a jump starts from or passes over
    landing = 0
    for j in board.jumps:
        moving |= 1 << j.a | 1 << j.b
        landing |= 1 << j.c
    if pegs.bit_count() > 1:
        fixed = pegs & ~moving
        if fixed:
            i = (fixed & -fixed).bit_length() - 1
            return tr("the peg at {value} can never move nor be jumped over", value=_where(board, i))
    if finish is not None and not pegs >> finish & 1 and not landing >> finish & 1:
        return tr("no jump ever lands in the finish hole ({value})", value=_where(board, finish))
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
    with_pegs = [p for p in parts(board) if p & pegs and p.bit_count() > 1]
    if len(with_pegs) > 1:
        a, b = (((p & pegs) & -(p & pegs)).bit_length() - 1 for p in with_pegs[:2])
        return tr(
            "the pegs at {value} and at {value2} are in parts of the board no jump links",
            value=_where(board, a),
            value2=_where(board, b),
        )
    if finish is not None and with_pegs and not with_pegs[0] >> finish & 1:
        return tr(
            "the finish hole ({value}) is in a part of the board the pegs can never reach", value=_where(board, finish)
        )
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
    return tuple((f & pegs).bit_count() & 1 for f in class_functions(board))


def classes(board: PegBoard, pegs: int, finish: int | None) -> Proof | None:
    start = position_class(board, pegs)
    targets = [finish] if finish is not None else range(board.size)
    if any(position_class(board, 1 << h) == start for h in targets):
        return None
    functions = class_functions(board)
    if finish is not None:
        f = next(f for f in functions if (f & pegs).bit_count() % 2 != (f & 1 << finish).bit_count() % 2)
        on = (f & pegs).bit_count()
        odd = on % 2 == 1
        now = tr("odd") if odd else tr("even")
        then = tr("even") if odd else tr("odd")
        text = ntr(
            "position classes: {n} peg stands on a set of {holes} holes (the marked ones), an {now} number; no jump"
            " changes whether it is even or odd, and one peg in the finish hole ({finish}) would make it {then}",
            "position classes: {n} pegs stand on a set of {holes} holes (the marked ones), an {now} number; no jump"
            " changes whether it is even or odd, and one peg in the finish hole ({finish}) would make it {then}",
            on,
            holes=f.bit_count(),
            now=now,
            finish=_where(board, finish),
            then=then,
        )
        return Proof(
            text,
            marked=f,
        )
    return Proof(tr("position classes: no single hole has the start's class, which no jump changes"))


def finishes(board: PegBoard, pegs: int, finish: int | None) -> tuple[int, ...]:
    """The holes the last peg may end in: ``finish``, or every hole of the start's class."""
    if finish is not None:
        return (finish,)
    start = position_class(board, pegs)
    return tuple(h for h in range(board.size) if position_class(board, 1 << h) == start)


def pagoda(board: PegBoard, pegs: int, finish: int | None, budget: Budget | None = None) -> Proof | None:
    found = find_pagoda(board, pegs, finishes(board, pegs, finish), budget)
    if found is None:
        return None
    where = (
        tr(
            "one peg in the finish hole ({value}) would be worth {target}",
            value=_where(board, finish),
            target=found.target,
        )
        if finish is not None
        else tr("one last peg is worth at least {target} in any hole it could end in", target=found.target)
    )
    return Proof(
        tr(
            "a pagoda function (the numbers on the holes) proves it: no jump raises the sum of the numbers"
            " under the pegs, because no hole a peg lands in counts more than the two it leaves; the pegs add"
            " up to {value}, and {where}",
            value=found.worth(pegs),
            where=where,
        ),
        values=found.values,
    )


ARGUMENTS = (too_few, stuck, separated, classes)  # cheapest first


def cheap_proof(board: PegBoard, pegs: int, finish: int | None) -> Proof | None:
    """The first of the :data:`ARGUMENTS` that proves ``pegs`` lost, or None."""
    for argument in ARGUMENTS:
        found = argument(board, pegs, finish)
        if found:
            return found if isinstance(found, Proof) else Proof(found)
    return None


def proof(board: PegBoard, pegs: int, finish: int | None, budget: Budget | None = None) -> Proof | None:
    """Why ``pegs`` can never end as one peg (in ``finish``, when given), or None: the
    :data:`ARGUMENTS`, then a pagoda function (a linear programme, the dearest)."""
    return cheap_proof(board, pegs, finish) or pagoda(board, pegs, finish, budget)


def impossibility(board: PegBoard, pegs: int, finish: int | None) -> str | None:
    """Why ``pegs`` can never end as one peg (in ``finish``, when given), as a sentence, or None."""
    found = proof(board, pegs, finish)
    return found.reason if found else None


# -- the search ---------------------------------------------------------------------------------------------


def _done(pegs: int, finish: int | None) -> bool:
    return pegs & (pegs - 1) == 0 and pegs != 0 and (finish is None or pegs == 1 << finish)


@lru_cache(maxsize=32)  # once per board (boards drawn by players come and go: a bounded cache)
def _distance_tables(board: PegBoard) -> tuple[tuple[int, ...], ...]:
    """For each byte of a position, the 256 sums of the distances (in steps along rows and
    columns, doubled to stay whole) of its holes from the middle of the board, so that a
    position's total distance is a handful of look-ups."""
    rows = [r for r, _ in board.cells]
    cols = [c for _, c in board.cells]
    mr, mc = min(rows) + max(rows), min(cols) + max(cols)  # twice the middle
    dist = [abs(2 * r - mr) + abs(2 * c - mc) for r, c in board.cells]
    tables = []
    for start in range(0, len(dist), 8):
        chunk = dist[start : start + 8]
        tables.append(tuple(sum(d for k, d in enumerate(chunk) if byte >> k & 1) for byte in range(256)))
    return tuple(tables)


@lru_cache(maxsize=1)
def _failed(board: PegBoard, finish: int | None) -> set[int]:
    """The positions (and classes) of ``board`` and ``finish`` that a search has proved lost, kept
    from one request to the next: a hint that ran out of time left its work here, so the next hint
    (or Solve) goes on from it instead of starting again, and the positions of one game share most
    of their futures.  A position goes in only once every jump from it has been searched to the
    end, so an interrupted search leaves nothing unsound.  One board at a time (a page plays one;
    another board's search replaces it), bounded by :data:`MAX_TABLE` (about 70 bytes an entry:
    the issue's English position leaves 1.1 million, some 80 MB in CPython, less in the page)."""
    return set()


class _Search:
    def __init__(
        self, board: PegBoard, finish: int | None, budget: Budget, keep: bool = False, tabled: bool = False
    ) -> None:
        self.board = board
        # ``tabled``: the position comes from the English start (table.applies), so the classes of
        # the table's levels are looked up, never searched below
        self.tabled = tabled
        self.partial = False  # a tabled search may stop at a position the table says can be won
        self.finish = finish
        self.budget = budget.started()
        self.nodes = 0
        layout = grid_layout(board, finish)
        self.stride = layout.stride
        self.to_grid = layout.to_grid
        self.from_grid = layout.from_grid
        self.holes = layout.holes
        self.shifts = layout.shifts
        self.finish_bit = layout.finish_bit
        self.perms = layout.perms
        self.jump_images = layout.jump_images
        # a player's hints and Solve keep what they proved (``keep``); the generator does not: its
        # grades count the positions searched, which must not depend on earlier requests
        self.failed = _failed(board, finish) if keep else set()
        self.fresh = not self.failed  # no earlier search's work to go on from
        self.exhausted = 0  # classes of positions searched to the end without a solution

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            if self.budget.max_nodes is not None and self.nodes >= self.budget.max_nodes:
                raise BudgetSpent
            self.budget.check()

    def canonical(self, g: int) -> int:
        """The least image of grid position ``g`` under the symmetries: one key per class."""
        return min(p(g) for p in self.perms)

    def dfs(self, g: int, path: list[tuple[int, int]], above: tuple[int, ...], jump: int) -> bool:
        """Depth first from grid position ``g``, reached by the jump whose three bits are ``jump``
        from a position whose images under the symmetries are ``above`` (``jump`` 0: ``above``
        are ``g``'s own); ``path`` holds the jumps made so far (as single bits: from, to); True
        when it reaches the finish.  Each class of positions that fails is remembered, and never
        searched again."""
        if g & (g - 1) == 0:
            return g != 0 and (self.finish_bit is None or g == self.finish_bit)
        failed = self.failed
        # Most repeats are the same position reached by jumps in another order: look it up as it
        # is before paying for its class.  One set holds both, soundly: a class's key is itself a
        # position of that class.
        if g in failed:
            return False
        images = tuple(map(xor, above, self.jump_images[jump])) if jump else above
        key = min(images)
        if key in failed:
            failed.add(g)
            return False
        self.tick()
        if self.tabled and g.bit_count() in table.LEVELS:
            if not table.winnable(images):
                failed.add(key)
                failed.add(g)
                return False
            if self.partial and path:
                return True  # the table says the rest can be won: a hint needs no more than a jump
        empty = self.holes & ~g
        for s in self.shifts:
            s2 = s + s
            # pegs with a peg s bits up and a hole 2s bits up jump up; the same downwards
            up = g & g >> s & empty >> s2
            while up:
                low = up & -up
                up ^= low
                path.append((low, low << s2))
                bits = low | low << s | low << s2
                if self.dfs(g ^ bits, path, images, bits):
                    return True
                path.pop()
            down = g & g << s & empty << s2
            while down:
                low = down & -down
                down ^= low
                path.append((low, low >> s2))
                bits = low | low >> s | low >> s2
                if self.dfs(g ^ bits, path, images, bits):
                    return True
                path.pop()
        self.exhausted += 1
        if len(failed) > MAX_TABLE:
            failed.clear()  # memory before speed: what is forgotten is searched again, no less sound
        failed.add(key)
        failed.add(g)
        return False

    def depth_first(self, pegs: int) -> list[Jump] | None:
        """A solution by :meth:`dfs`, or None when there is none (every class has failed)."""
        path: list[tuple[int, int]] = []
        g = self.to_grid(pegs)
        if not self.dfs(g, path, tuple(p(g) for p in self.perms), 0):
            return None
        jumps = {(j.a, j.c): j for j in self.board.jumps}
        return [jumps[self.from_grid[a], self.from_grid[c]] for a, c in path]

    def score(self, pegs: int, drawn_in: bool) -> int:
        """Lower is more promising, counted in half points: each peg with no neighbour in a row
        or a column costs 3, each pair of neighbouring pegs earns 1 (bit shifts on the grid
        layout), and, when ``drawn_in``, each peg costs its distance from the middle of the
        board.  That term draws the pegs in from the arms before they are stranded there:
        without it four of the 45 starts on Wiegleb's board go unsolved by the beam, with it
        none; but the plain score solves the English board sooner, so it is tried first."""
        g = self.to_grid(pegs)
        s = self.stride
        alone = g & ~(g << 1 | g >> 1 | g << s | g >> s)
        compact = 3 * alone.bit_count() - (g & g >> 1).bit_count() - (g & g >> s).bit_count()
        if not drawn_in:
            return 2 * compact
        far = 0
        for distances in _distance_tables(self.board):
            far += distances[pegs & 255]
            pegs >>= 8
        return 2 * compact + far

    def beam(self, pegs: int, by_class: bool = False, drawn_in: bool = True) -> list[Jump] | None:
        """Keep the BEAM_WIDTH most compact positions at each depth; a solution or None.
        ``by_class``: positions equal under the board's symmetries count once (slower per
        position, but a more varied beam, which solves Wiegleb's board where the plain one fails)."""

        def key_of(p: int) -> int:
            return self.canonical(self.to_grid(p)) if by_class else p

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
            ranked = sorted(nxt.items(), key=lambda kv: self.score(kv[1][0], drawn_in))
            level = dict(ranked[:BEAM_WIDTH])
        return None


def solve(
    board: PegBoard,
    pegs: int,
    finish: int | None = None,
    budget: Budget | None = None,
    keep: bool = False,
    start: int | None = None,
    whole: bool = True,
    prove: bool = True,
) -> Verdict:
    """A solution of ``pegs`` (jumps to one peg, in ``finish`` when given), a proof that there
    is none, or ``unknown`` when ``budget`` runs out.  ``keep``: the positions proved lost are kept
    for the next call on this board (a player's hints and Solve go on where the last one stopped).
    ``start``: the position ``pegs`` was reached from by legal jumps, when known; the English
    board's usual start lets the table decide (:func:`table.applies`), and then ``whole=False``
    (a hint's first jump is all it needs) may give only the jumps down to a position the table
    says can still be won.  ``prove=False`` skips the arguments that show a position lost (the
    pagoda functions' linear programs, seconds on a large board) for a position known to be winnable,
    such as a generator's grown backwards: the search, and so its count of positions, is the same."""
    budget = (budget or Budget()).started()
    if table.applies(board, start, finish):
        return _tabled(board, pegs, finish, budget, keep, whole)
    try:
        lost = proof(board, pegs, finish, budget) if prove else None
    except BudgetSpent:
        return Verdict(Outcome.UNKNOWN)
    if lost:
        return Verdict(Outcome.NO, reason=lost.reason, proof=lost)
    s = _Search(board, finish, budget, keep)
    try:
        found = s.beam(pegs, drawn_in=False) or s.beam(pegs) or s.beam(pegs, by_class=True)
        if found is not None:
            return Verdict(Outcome.YES, tuple(found), nodes=s.nodes)
        path = s.depth_first(pegs)
        if path is not None:
            return Verdict(Outcome.YES, tuple(path), nodes=s.nodes)
    except BudgetSpent:
        return Verdict(Outcome.UNKNOWN, nodes=s.nodes)
    # the count is this search's alone when it went on from earlier ones (a hint that ran out of time)
    tried = (
        tr("{exhausted:,} positions up to symmetry", exhausted=s.exhausted)
        if s.fresh
        else tr("going on from the searches before")
    )
    return Verdict(Outcome.NO, reason=_every_way(board, finish, tried), nodes=s.nodes)


def _every_way(board: PegBoard, finish: int | None, tried: str) -> str:
    if finish is None:
        return tr("every way of jumping was tried ({tried}): none leaves one peg", tried=tried)
    return tr(
        "every way of jumping was tried ({tried}): none leaves one peg at {where}",
        tried=tried,
        where=_where(board, finish),
    )


def _tabled(board: PegBoard, pegs: int, finish: int | None, budget: Budget, keep: bool, whole: bool) -> Verdict:
    """The English game decided by the depth-first search with the table's look-ups (no beam: it
    is never needed).  A lost position gets the first of the cheap :data:`ARGUMENTS` that holds,
    else the table's word: not a pagoda function, whose linear programme takes up to a quarter of
    a second on CPython (more in the page) and proves only one in sixteen of these positions lost
    (docs/benchmarks.md)."""
    s = _Search(board, finish, budget, keep, tabled=True)
    s.partial = not whole
    try:
        path = s.depth_first(pegs)
    except BudgetSpent:
        return Verdict(Outcome.UNKNOWN, nodes=s.nodes)
    if path is not None:
        return Verdict(Outcome.YES, tuple(path), nodes=s.nodes)
    lost = cheap_proof(board, pegs, finish)
    if lost:
        return Verdict(Outcome.NO, reason=lost.reason, nodes=s.nodes, proof=lost)
    tried = tr("using a table, made in advance, of the English positions that can still be won")
    return Verdict(Outcome.NO, reason=_every_way(board, finish, tried), nodes=s.nodes)


def replay(board: PegBoard, pegs: int, moves: tuple[Jump, ...]) -> Iterator[int]:
    """The positions after each of ``moves`` (each checked legal)."""
    for j in moves:
        if not (pegs >> j.a & 1 and pegs >> j.b & 1 and not pegs >> j.c & 1):
            raise ValueError(tr("illegal jump {j}", j=j))
        pegs = j.after(pegs)
        yield pegs
