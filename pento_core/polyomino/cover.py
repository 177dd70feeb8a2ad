"""The one exact-cover engine behind every tiling game.

A :class:`Problem` is a board, a multiset of pieces (one-sided or free),
whether pieces may be left unused, and optionally pieces already placed.
It enumerates solutions lazily, counts them, finds the first, and counts or
lists them up to the board's own symmetries.  Work can be bounded with a
:class:`Budget`; a spent budget gives ``complete=False`` results instead of
a hang, and a progress callback is called along the way.

How the search works (and why):

* **Choice heuristic: the first empty cell**, in an order that runs along the
  board's *short* side (column by column on a wide board).  The first empty
  cell must be covered by a placement whose own first cell it is, so the
  candidates are a precomputed list per cell and finding the cell is one bit
  operation.  Knuth's "fewest options first" (MRV) makes smaller trees, but
  keeping option counts costs far more per node in Python than it saves, and
  first-empty-cell has a property MRV lacks: a state (free cells, pieces
  left) is reached in a canonical way, so equal states reached by different
  piece orders are worth remembering (below).  Running along the short side
  keeps the frontier narrow, which keeps the number of distinct states small.
* **Or the fewest options, for compact boards** (a front end's choice: boxes
  wider than :data:`~pento_core.polycube.problem.SWEEP_WIDTH` cells across):
  there the sweep's frontier is the whole box, its states rarely meet twice
  (3x4x5: 6% of lookups hit) and most of its nodes are dead ends it finds
  late.  Every placement gets a number, and the placements still possible are
  one int, a bit each (:class:`_LiveTables`; GMP's integer where the command
  line's ``fast`` extra is installed, :mod:`pento_core.bitset`): a choice rules
  out what it overlaps with one ``&``, and a cell's or a piece's options are
  one ``&`` and a ``bit_count``.  That makes Knuth's heuristic cheap enough in Python:
  the search branches on the piece (placed once) or the free cell with the
  fewest options, and a cell or a piece with none is a dead end at once.  On
  3x4x5 it visits a twelfth of the sweep's nodes (16.5 million, not 205.6)
  in a ninth of its time.  Each choice is looked at one step ahead (a cell
  next to it left with nothing to cover it ends it at once), and on a flat
  board only its free corners are looked at for the fewest, no piece
  (:meth:`Cover._fewest_expander`).  In a box it keeps no memo: its states
  meet too rarely to pay for one; on a flat board they meet, and it keeps
  one, as the sweep does.
* **Cells are bits** of a Python int, laid out with one spare "sentinel" bit
  per column so that the four neighbours of bit ``i`` are ``i +- 1`` and
  ``i +- stride``; the sentinel is never free, so shifts cannot wrap.  A box of
  cubes (:mod:`pento_core.polycube.problem`) adds a spare line after each
  plane, and its layers are one more distance apart: the same engine
  (:class:`Cover`), another layout.
* **Transpositions are memoised**: the number of completions of a state
  ``(free, left)`` is stored once its subtree is finished.  When counting,
  a stored count is reused; when enumerating, a stored zero prunes a dead
  subtree.  On 6x10 this visits 1.7 million states where the plain search
  visits many times more.
* **The last cells, once for every set of pieces**: near the end of a sweep
  the same few free cells come up with many different sets of pieces left (on
  the 17 Cornucopia hexominoes in 6 x 17, a set of 24 cells with 125 sets of
  pieces on average), and the memo, keyed by both, searched them once for
  each.  When counting, the sweep works each set of last cells out once, with
  every way to cover it counted by the pieces it takes, and looks a position
  up there (:meth:`Cover._finisher`).  The sweep also looks one step ahead
  (a choice after which no piece left fits the next free cell is no node of
  its own) and keeps its choices by the pattern of cells around the first
  free cell (:meth:`Cover._sweep_choices`).  On the Cornucopia the count
  went from some 3,200 CPU-seconds to 51 s on one core; on 6x10 from 1.2 s
  to 0.4.  The cover game's levels are graded by the plain sweep's nodes,
  kept as it was (``Problem(plain=True)``).
* **A first cover for a player** (a hint, a solution: :func:`first_cover`): the sweep for a few
  thousand positions, then the fewest options, whose worst positions are far better (an 8 x 8
  with four holes: 33,859 positions swept, 824 on the fewest options).
* **Dead branches are cut early**: a placement that leaves a free cell with
  no free neighbour is refused when no remaining piece is a monomino (an
  empty region no combination of the remaining pieces can fill).  Checking
  the size of every enclosed region with a flood fill prunes more nodes but
  cost more time than it saved (measured on 6x10: 7.5 s became 9.7-13 s), so
  region arguments are applied once, before the search
  (:mod:`pento_core.polyomino.feasibility`).
* **Symmetry is broken, not filtered**: to count, one piece that occurs once
  is restricted to placements that are the smallest of their images under
  the board's symmetry group G; each such placement p with stabiliser H
  stands for |G|/|H| placements.  Solutions are weighted accordingly, so
  symmetric boards and symmetric solutions are counted exactly (see
  :meth:`Problem.count`).
"""

from __future__ import annotations

import math
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Generic, TypeVar

from ..bitset import bits, long_sets
from ..budget import Budget, BudgetSpent, Outcome, Progress, ProgressFn
from ..errors import ImpossibleError
from ..i18n import tr
from .board import Board, Placement, Position
from .feasibility import SEARCH_SECONDS, impossibility
from .geometry import SYMMETRIES, Cell, apply_symmetry, bounds, normalize, transformed
from .memo import SMALL_INT, MemoPlan, MemoRoom, flat_limit, halve, plan
from .pieces import Piece, PieceSet

Mask = int  # a set of board cells as bits, in the engine's own layout
Solution = tuple[Placement, ...]
Path = tuple[tuple[int, Mask], ...]  # (piece type index, mask) choices
# A symmetry of a problem: where it sends each bit (cell), and each piece type (a reflection sends a
# one-sided piece to its mirror image, F to F', when the set holds both; every other type to itself).
Motion = tuple[list[int], list[int]]
# The sweep's choices at a position: the bit fields of the piece types among them (``left & fits``
# 0: a dead end), and each as (its type's bit field, one copy's unit, the type, the mask).
_Choices = tuple[int, tuple[tuple[int, int, int, Mask], ...]]
# A part of a symmetry-split search: kind, fixed choices, symmetries to test (indices), free, left.
_Branch = tuple[str, Path, tuple[int, ...], Mask, int]
C = TypeVar("C", bound=tuple[int, ...])  # a cell of a front end's layout: (row, col), or (layer, row, col)
S = TypeVar("S")  # what a front end makes of a path of choices (placements on a board, blocks in a box)


@dataclass(frozen=True)
class CountResult:
    """The outcome of :meth:`Problem.count`.

    When ``complete``, ``count`` is the exact number of solutions and
    ``distinct`` the number of classes of solutions equal up to the
    problem's ``symmetries`` (the size of its symmetry group); otherwise the
    budget was spent and both are ``None``: unknown.
    """

    count: int | None
    distinct: int | None
    complete: bool
    nodes: int
    elapsed: float
    symmetries: int = 1
    reflections: int = 0  # how many of the symmetries are reflections (the rest are rotations)


@dataclass(frozen=True)
class FirstResult(Generic[S]):
    """The outcome of :meth:`Cover.first`: ``status`` is yes (``solution`` found), no (provably
    none) or unknown (the budget ran out)."""

    status: Outcome
    solution: S | None
    nodes: int
    elapsed: float


@dataclass(frozen=True)
class Part:
    """One part of a count that any process, or any machine, can count on its own: the subtree of the
    search below the choices ``fixed`` (see :meth:`Problem.parts`).

    ``free`` and ``left`` are the cells still to cover and the pieces left, in the engine's own
    encoding.  ``kind``: ``plain`` (the problem has no symmetry), ``restricted`` (a piece is fixed
    at a placement least among its images, the first of ``fixed``) or ``all`` (no piece to fix:
    every solution is tested against the whole group); ``stab``: the indices, into
    :meth:`Problem.symmetry_maps`, of the symmetries its solutions are tested against.
    """

    fixed: Path
    free: Mask
    left: int
    kind: str
    stab: tuple[int, ...]

    @property
    def listed(self) -> bool:
        """Its solutions must be listed one by one to be weighed (a symmetric placement, or no
        piece to fix); else the memoised count is enough."""
        return self.kind == "all" or (self.kind == "restricted" and len(self.stab) > 1)


@dataclass(frozen=True)
class Tally:
    """What counting some parts found: ``count`` solutions in all, ``classes`` symmetry classes (a
    fraction until every part is in: a class can be shared between parts) and the ``nodes`` visited."""

    count: int = 0
    classes: Fraction = Fraction(0)
    nodes: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.classes + other.classes, self.nodes + other.nodes)


_CHECK_EVERY = 2048  # nodes between budget checks and progress reports
# States the memo keeps by default (it is only a cache: past its limit, the older half is dropped).
# About 100 bytes each: 3 million is some 300 MB, which a browser tab holds; 6x10 needs 1.7 million,
# so counting it never drops any.  The command line gives the room --memory leaves instead
# (pento_core.polyomino.memo).
_MEMO_LIMIT = 3_000_000
# The sweep looks positions up in its last cells' table (Cover._finisher) once this share of the
# cells to cover is left, or less.  Nearer the start the table would hold too many sets of cells,
# each met with too few sets of pieces to pay; measured on 6x10 (best 0.45: 0.42 s against 0.64 at
# 0.35 and 0.46 at 0.55) and on the Cornucopia (42 cells of 102: 40 s; 36: 80 s; 48: 29 s but
# 5 million ways kept, where memory is the bound).
_FINISH_SHARE = 0.45
_FINISH_DEPTH = 40  # pieces the table's search may place one inside another (Python's stack, Pyodide's)
PARTS_PER_RUN = 6  # parts in a run (:meth:`Problem.runs`), about: enough neighbours for one memo to pay
_SEEN_LIMIT = 200_000  # symmetry classes remembered by a distinct listing with no piece to fix


class _Search:
    """Bookkeeping shared by one search: nodes, budget, progress, memo.

    ``memo_limit`` bounds the memo (and the tables beside it) by entries, or by the room it may
    take (:class:`MemoRoom`): then a search that keeps only its memo (``key_bytes``, its keys'
    largest size, given) plans its limit from its keys and the dict's table, and a sweep's memo
    and tables share the room at a flat rate (:mod:`pento_core.polyomino.memo`)."""

    def __init__(
        self,
        budget: Budget | None,
        progress: ProgressFn | None,
        progress_every: float,
        memo_limit: int | MemoRoom = _MEMO_LIMIT,
        key_bytes: int | None = None,
        depth: int = 0,
    ) -> None:
        self.budget = (budget or Budget()).started()
        self.plan: MemoPlan | None = None
        if isinstance(memo_limit, MemoRoom):
            if key_bytes is None:
                memo_limit = flat_limit(memo_limit)
            else:
                # between two looks a node adds at most one position, and the `depth` nodes on the
                # stack theirs on the way back
                self.plan = plan(memo_limit, key_bytes, slack=_CHECK_EVERY + depth)
                memo_limit = self.plan.limit
        self.memo_limit = memo_limit
        # the memo's counts above SMALL_INT, each an int object of its own: counted as they are stored
        # (a count stored again counts twice, which errs on the safe side), and afresh at each halving
        self.large_counts = 0
        self.progress = progress
        self.progress_every = progress_every
        self.start = time.monotonic()
        self.last_report = float("-inf")  # the first check reports at once: work has begun
        self.nodes = 0
        self.next_check = _CHECK_EVERY
        self.solutions = 0
        self.memo: dict[int, int] = {}
        self.choices: dict[int, _Choices] = {}  # the sweep's choices by the pattern around the first free cell
        self.finishes: dict[Mask, dict[int, int]] = {}  # the last cells' table (Cover._finisher)
        self.finish_entries = 0  # its ways, all told: what it weighs

    def tick(self) -> None:
        """Called every _CHECK_EVERY nodes: enforce the budget, report progress."""
        self.next_check = self.nodes + _CHECK_EVERY
        now = time.monotonic()
        b = self.budget
        if b.max_nodes is not None and self.nodes >= b.max_nodes:
            raise BudgetSpent
        b.check()
        if self.entries > self.memo_limit or (
            self.plan is not None and self.plan.peak(len(self.memo), self.large_counts) > self.plan.room
        ):
            self.evict()
        if self.progress is not None and now - self.last_report >= self.progress_every:
            self.last_report = now
            self.progress(Progress(self.nodes, self.solutions, now - self.start))

    def renew(self, budget: Budget | None, progress: ProgressFn | None, progress_every: float) -> None:
        """Take up another request's budget and progress, keeping the memo: the next run of parts
        on the same search (:class:`Runs`) reuses what the runs before it worked out."""
        self.budget = (budget or Budget()).started()
        self.progress = progress
        self.progress_every = progress_every
        self.start = time.monotonic()
        self.last_report = float("-inf")
        self.nodes = 0  # each request counts its own (parts' tallies count differences)
        self.next_check = _CHECK_EVERY

    @property
    def entries(self) -> int:
        """What the memo and the tables kept beside it weigh, in memo entries (a sweep's, about
        :data:`~pento_core.polyomino.memo.ENTRY_BYTES` each): a pattern's choices weigh two, a set
        of last cells one and one per way of finishing it."""
        return len(self.memo) + 2 * len(self.choices) + len(self.finishes) + self.finish_entries

    def evict(self) -> None:
        """Drop the older half of the memo and of the tables beside it, in place (the search holds
        them by name), each made again at the size its entries need (:func:`halve`): the states
        dropped are those finished longest ago, while the newer ones are the search's neighbours',
        the likeliest to come up again."""
        halve(self.memo)
        halve(self.choices)
        halve(self.finishes)
        self.finish_entries = sum(map(len, self.finishes.values()))
        if self.plan is not None:
            self.large_counts = sum(1 for n in self.memo.values() if n > SMALL_INT)

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start


class _LiveTables:
    """Every placement numbered, for a search on the fewest options: a set of placements is then
    one int, a bit per placement, and what a choice rules out is one ``&``.

    ``masks[i]`` and ``types[i]``: placement i; ``covering[b]``: the placements over bit b;
    ``of_type[t]``: type t's.  ``spare[i]`` keeps what placing i leaves possible when copies of its
    type remain (every placement that overlaps it gone), ``spent[i]`` when it was the last copy
    (its type's gone too).  ``near[i]``: the board's cells next to placement i (``shifts`` apart:
    the layout's distances between neighbours), each as (its bit, the placements over it), the
    cells with the fewest placements first: where placing i is likeliest to leave a cell nothing
    can cover.  ``free``: the cells to cover.

    The sets of placements are long sets (:func:`~pento_core.bitset.long_sets`: GMP's integers
    where the ``fast`` extra is installed); ``members`` goes through one's members (or any int's
    set bits), lowest first."""

    def __init__(self, types: int, placements: list[list[Mask]], shifts: tuple[int, ...], free: Mask) -> None:
        self.masks: list[Mask] = [m for ms in placements for m in ms]
        self.types: list[int] = [t for t, ms in enumerate(placements) for _ in ms]
        # every free cell has its list, even one that no placement covers (a dead end at once)
        width = max([m.bit_length() for m in self.masks] + [free.bit_length()])
        self.covering: list[int] = [0] * width
        self.of_type: list[int] = [0] * types
        for i, (m, t) in enumerate(zip(self.masks, self.types, strict=True)):
            self.of_type[t] |= 1 << i
            for b in bits(m):
                self.covering[b] |= 1 << i
        self.spare: list[int] = []
        self.spent: list[int] = []
        # kept as positive ints: ``possible & spare[i]`` with a negative one (``~overlapping``) has
        # CPython work on a two's complement copy first (docs/benchmarks.md: the Aztec diamond)
        every = (1 << len(self.masks)) - 1
        for m, t in zip(self.masks, self.types, strict=True):
            overlapping = 0
            for b in bits(m):
                overlapping |= self.covering[b]
            self.spare.append(every & ~overlapping)
            self.spent.append(every & ~(overlapping | self.of_type[t]))
        board = sum(1 << b for b, over in enumerate(self.covering) if over)
        self.near: list[list[tuple[Mask, int]]] = []
        # each list with the cells that have the fewest placements over them first: those are the
        # likeliest to be left with none, and the check stops at the first such cell (on the Aztec
        # diamond, 5% fewer instructions a node than in the cells' order; the same choices)
        over = [c.bit_count() for c in self.covering]
        for m in self.masks:
            around = 0
            for d in shifts:
                around |= m << d | m >> d
            cells = sorted(bits(around & board & ~m), key=over.__getitem__)
            self.near.append([(1 << b, self.covering[b]) for b in cells])
        self.long_set, self.members = long_sets()
        big = self.long_set
        if big is not int:  # GMP's integers: every table made again of them (ints stay as they are)
            self.covering = [big(s) for s in self.covering]
            self.of_type = [big(s) for s in self.of_type]
            self.spare = [big(s) for s in self.spare]
            self.spent = [big(s) for s in self.spent]
            self.near = [[(cell, big(over)) for cell, over in cells] for cells in self.near]

    def possible(self, free: Mask, left: int, field: list[int]) -> int:
        """The placements that fit in ``free``, of the types with copies ``left``."""
        out = 0
        for i, (m, t) in enumerate(zip(self.masks, self.types, strict=True)):
            if m & free == m and left & field[t]:
                out |= 1 << i
        return self.long_set(out)


class Cover(ABC, Generic[C, S]):
    """The engine itself: an exact cover of bits, whatever the cells are.

    A front end (:class:`Problem` for flat boards, :class:`~pento_core.polycube.box.BoxProblem`
    for boxes of cubes) lays its cells out as bits, compiles every placement of every piece into a
    mask and hands them over with :meth:`_setup`; it says what a path of choices means
    (:meth:`solution_of`) and which motions of its board are symmetries (:meth:`_symmetry_maps`).
    The search, its memo and cuts, the split by symmetry, the parts and runs are all here, once.
    """

    allow_unused: bool
    # whether reflections count as symmetries (the default), or the problem is up to rotations
    # only (``--distinct rotations``: a solution and its mirror image are two classes)
    mirrors: bool = True
    start_free: Mask
    _bit_of: dict[C, int]  # the layout: each cell's bit, and back (set by the front end)
    _cell_of: dict[int, C]

    def _setup(
        self,
        copies: list[int],
        left: list[int],
        placements: list[list[Mask]],
        shifts: tuple[int, ...],
        smallest: int,
        fewest: bool = False,
        plain: bool = False,
    ) -> None:
        """Take up a front end's compiled problem: ``copies`` of each piece type in the set and
        ``left`` of them to place, each type's ``placements`` as masks (``start_free`` already set),
        the bit distances between neighbouring cells besides 1 (one for a flat board, two for a box:
        sentinel bits keep every shift from wrapping) and the ``smallest`` piece's size.  With
        ``fewest`` the search branches on the fewest options (see the module's notes), else it
        sweeps; with ``plain`` a flat board's sweep too is the plain one (:meth:`_plain_sweep_expander`,
        no last cells' table)."""
        # `left` packs the copies left of each type into a bit field of its own.
        self._unit: list[int] = []
        self._field: list[int] = []
        shift = 0
        for n0 in copies:
            width = max(1, n0.bit_length())
            self._unit.append(1 << shift)
            self._field.append(((1 << width) - 1) << shift)
            shift += width
        self._left_bits = shift
        self._most_pieces = sum(copies)  # the deepest a search goes
        self._full = [n << (u.bit_length() - 1) for n, u in zip(copies, self._unit, strict=True)]  # every copy
        self.start_left = sum(n << (u.bit_length() - 1) for n, u in zip(left, self._unit, strict=True))
        self._all_placements = placements
        by_low: dict[int, dict[int, list[Mask]]] = {}  # placements grouped by their lowest cell, then by type
        for t, masks in enumerate(placements):
            for m in masks:
                by_low.setdefault((m & -m).bit_length() - 1, {}).setdefault(t, []).append(m)
        self._by_low: dict[int, list[tuple[int, int, int, tuple[Mask, ...]]]] = {
            low: [(self._field[t], self._unit[t], t, tuple(ms)) for t, ms in sorted(d.items())]
            for low, d in by_low.items()
        }
        # what a flat board's sweep reads (_sweep_choices), made the first time it is asked for
        self._starting: dict[int, tuple[tuple[int, int, int, Mask], ...]] | None = None
        self._window = 0
        self._shifts = shifts
        self._plain = plain
        self._flat = len(shifts) == 1  # a board's layout, not a box's (its neighbours are 1 and a stride apart)
        self._prune_isolated = smallest > 1
        self._motions: list[Motion] | None = None  # symmetry_maps(), once asked
        self._reflections = 0
        live = _LiveTables(len(copies), placements, (1, *shifts), self.start_free) if fewest else None
        self._live: _LiveTables | None = live
        # A flat board's states meet again on either search (two pieces filling the same cells
        # two ways): on the diamond the fewest options' nodes halve with the memo.  A box's
        # search on the fewest options meets too few: there the memo only costs.
        self._memoised = not fewest or self._flat
        # The last cells' table (_finisher) works on a flat board's choices (_sweep_choices) and
        # takes every piece left once the cells are covered: not for pieces that may be left over.
        self._finishing = self._flat and not fewest and not plain and not self.allow_unused
        # ... and its search recurses once per piece: a few dozen pieces at most, whatever their size
        least = min([ms[0].bit_count() for ms in placements if ms] or [1])
        self._finish_cells = min(int(_FINISH_SHARE * self.start_free.bit_count()), _FINISH_DEPTH * least)

    def placements(self) -> list[list[Mask]]:
        """Every placement of each piece type, as masks (a copy: the engine's own are not to be changed)."""
        return [list(ms) for ms in self._all_placements]

    @property
    def placement_count(self) -> int:
        """How many ways there are to put some piece somewhere on the board."""
        return sum(len(ms) for ms in self._all_placements)

    # -- the search -------------------------------------------------------------

    def _run(self, s: _Search, free: Mask, left: int, enumerate_: bool) -> Iterator[Path]:
        """Depth-first search from (free, left).

        With ``enumerate_`` it yields every solution as the path of
        (type, mask) choices; otherwise it yields nothing and adds the number
        of solutions to ``s.solutions``.  Either way, a search on a flat
        board memoises finished subtrees by their solution count (a box's
        search on the fewest options meets too few states twice to pay for it).
        """
        s.tick()  # honour a stop requested before the search began
        if not free:
            s.solutions += 1
            if enumerate_:
                yield ()
            return
        memo = s.memo
        remember = self._memoised
        lbits = self._left_bits
        expand = self._expander(s.choices)
        # When counting, a sweep looks the last few cells up (each set of them is worked out once,
        # for whatever pieces are left: _finisher), rather than searching them again for every
        # set of pieces that reaches them.
        finish = self._finisher(s) if self._finishing and not enumerate_ else None
        last = self._finish_cells

        # A frame is [key, solutions so far, children, next child, choice].
        stack: list[list[Any]] = [[free << lbits | left, 0, expand(free, left, self._aux(free, left)), 0, None]]
        s.nodes += 1
        get, push = memo.get, stack.append  # the loop's own names: locals are Python's fastest
        while stack:
            frame = stack[-1]
            kids = frame[2]
            i = frame[3]
            if i == len(kids):
                stack.pop()
                n = frame[1]
                if remember:
                    memo[frame[0]] = n
                    if n > SMALL_INT:
                        s.large_counts += 1
                if n and stack:
                    stack[-1][1] += n
                continue
            frame[3] = i + 1
            nf, nl, t, m, aux = kids[i]
            if not nf:
                frame[1] += 1
                s.solutions += 1
                if enumerate_:
                    yield (*tuple(f[4] for f in stack[1:]), (t, m))
                continue
            if finish is not None and nf.bit_count() <= last:
                ways = finish(nf).get(nl, 0)
                frame[1] += ways
                s.solutions += ways
                continue
            key = nf << lbits | nl
            if remember:
                known = get(key)
                if known is not None and (known == 0 or not enumerate_):
                    if known:  # most are dead ends
                        frame[1] += known
                        s.solutions += known
                    continue
            s.nodes += 1
            if s.nodes >= s.next_check:
                s.tick()
            push([key, 0, expand(nf, nl, aux), 0, (t, m)])

    def _aux(self, free: Mask, left: int) -> int | None:
        """What a step needs besides (free, left): for a search on the fewest options, the
        placements still possible (:class:`_LiveTables`); nothing for a sweep."""
        return None if self._live is None else self._live.possible(free, left, self._field)

    def _expander(
        self, choices: dict[int, _Choices] | None = None
    ) -> Callable[[Mask, int, Any], list[tuple[Mask, int, int, Mask, Any]]]:
        """The search's one step, as a closure over what it reads (locals are the fastest names in
        Python): from (free, left, aux), every choice that covers the chosen cell or places the
        chosen piece, as (free after, left after, piece type, mask, aux after), dead ends cut (see
        the module's notes).  ``choices``: where the sweep keeps what it worked out (a search's
        :attr:`_Search.choices`)."""
        if self._live is not None:
            return self._fewest_expander()
        return self._sweep_expander({} if choices is None else choices)

    def _sweep_choices(self, cache: dict[int, _Choices]) -> Callable[[Mask], _Choices]:
        """The sweep's choices at a position ``free``: the placements whose first cell is its first
        free cell and that fit, less those that would leave a free cell next to them with no free
        neighbour (when no piece is a single cell: nothing could fill it).

        What decides this lies within a few cells of the first free cell (a placement's reach,
        and a cell next to it and that cell's neighbours): ``cache`` keeps the choices by that
        window's pattern, which the sweep meets again and again, in other positions (on the 17
        Cornucopia hexominoes in 6 x 17, a pattern is looked up some 60 times for each time it
        is worked out)."""
        if self._starting is None:
            # the placements by their first cell, one choice after another; and how far a placement
            # reaches past its first cell, with a cell next to it and that cell's own neighbours:
            # the window that decides whether the sweep may place it there
            self._starting = {
                low: tuple((field, unit, t, m) for field, unit, t, ms in group for m in ms)
                for low, group in self._by_low.items()
            }
            span = max([(c[3] >> low).bit_length() for low, cs in self._starting.items() for c in cs] or [0])
            self._window = (1 << (span + 2 * self._shifts[0])) - 1
        starting = self._starting
        prune = self._prune_isolated
        a = self._shifts[0]  # a flat board's: neighbours are 1 and a bits apart
        window = self._window
        low_bits = self.start_free.bit_length()

        def around(cells: Mask) -> Mask:
            return cells << 1 | cells >> 1 | cells << a | cells >> a

        def choose(free: Mask) -> _Choices:
            low = (free & -free).bit_length() - 1
            near = free >> low & window  # the cells below the first free one are all covered
            key = near << low_bits | low
            found = cache.get(key)
            if found is None:
                fits = 0
                out = []
                for choice in starting.get(low, ()):
                    placed = choice[3] >> low
                    if placed & near == placed:
                        rest = near ^ placed
                        if prune and rest & around(placed) & ~around(rest):
                            continue  # a free cell next to it left alone
                        out.append(choice)
                        fits |= choice[0]
                found = cache[key] = (fits, tuple(out))
            return found

        return choose

    def _sweep_expander(
        self, cache: dict[int, _Choices]
    ) -> Callable[[Mask, int, Any], list[tuple[Mask, int, int, Mask, Any]]]:
        """The sweep's step: every choice that covers the first free cell.

        On a flat board the choices come from :meth:`_sweep_choices`, and each is looked at one
        step ahead: when no piece left has a choice at the next free cell, the choice is a dead
        end at once, not a node of its own (on the Cornucopia, some two nodes in three were such
        dead ends).  A box's choices are worked out afresh each time
        (:meth:`_plain_sweep_expander`): there the window around the first free cell spans layers,
        its patterns rarely meet again, and the step ahead cost more than it saved (2x3x10: 0.46 s
        against 0.32)."""
        if not self._flat or self._plain:
            return self._plain_sweep_expander()
        choose = self._sweep_choices(cache)

        def expand(free: Mask, left: int, _aux: Any) -> list[tuple[Mask, int, int, Mask, Any]]:
            fits, choices = choose(free)
            kids = []
            if left & fits:
                for field, unit, t, m in choices:
                    if left & field:
                        nf = free ^ m
                        nl = left - unit
                        if nf and not nl & choose(nf)[0]:
                            continue
                        kids.append((nf, nl, t, m, None))
            return kids

        return expand

    def _plain_sweep_expander(self) -> Callable[[Mask, int, Any], list[tuple[Mask, int, int, Mask, Any]]]:
        """The plain sweep's step, a box's: every choice that covers the first free cell, less
        those that leave a free cell with no free neighbour; nothing kept, nothing looked at ahead.
        On a flat board it is the yardstick of a cover level's grade (:class:`Problem` ``plain``)."""
        by_low = self._by_low
        prune = self._prune_isolated
        # Neighbours are bits 1 and a apart (rows and columns), and b in a box (layers): a cell with
        # none of its neighbours free is isolated.  The layers are looked at only for the rare
        # candidates that have no free neighbour in their own layer, so a flat board pays nothing.
        a = self._shifts[0]
        b = self._shifts[-1]
        flat = self._flat

        def expand(free: Mask, left: int, _aux: Any) -> list[tuple[Mask, int, int, Mask, Any]]:
            kids = []
            for field, unit, t, masks in by_low.get((free & -free).bit_length() - 1, ()):
                if left & field:
                    nl = left - unit
                    for m in masks:
                        if m & free == m:
                            nf = free ^ m
                            if (
                                prune
                                and (alone := nf & ~((nf << 1) | (nf >> 1) | (nf << a) | (nf >> a)))
                                and (flat or alone & ~((nf << b) | (nf >> b)))
                            ):
                                continue
                            kids.append((nf, nl, t, m, None))
            return kids

        return expand

    def _finisher(self, s: _Search) -> Callable[[Mask], dict[int, int]]:
        """The last cells' table, for a sweep that counts: for a set of free cells, every way to
        cover it exactly, counted by the pieces it takes (``{pieces taken, packed as left is:
        ways}``), so that a position (free, left) has ``table(free).get(left, 0)`` completions.

        Near the end of a sweep the same few cells are met with many different sets of pieces
        left (on the Cornucopia, a set of 24 cells with 125 on average), and the memo, keyed by
        both, searched them once for each.  The table searches each set of cells once, for all
        the pieces at once, and is kept in ``s.finishes`` (bounded with the memo).  It is worked
        out by the same sweep, and each set worked out counts as a node."""
        table = s.finishes
        choose = self._sweep_choices(s.choices)
        full = self._full

        def finish(free: Mask) -> dict[int, int]:
            ways = table.get(free)
            if ways is not None:
                return ways
            ways = {}
            for field, unit, t, m in choose(free)[1]:
                rest = free ^ m
                if not rest:
                    ways[unit] = ways.get(unit, 0) + 1
                    continue
                most = full[t]
                for taken, n in finish(rest).items():
                    if taken & field < most:  # a copy of t to spare
                        taken += unit
                        ways[taken] = ways.get(taken, 0) + n
            s.nodes += 1
            if s.nodes >= s.next_check:
                s.tick()
            table[free] = ways
            s.finish_entries += len(ways)
            return ways

        return finish

    def _fewest_expander(self) -> Callable[[Mask, int, Any], list[tuple[Mask, int, int, Mask, Any]]]:
        """The step on the fewest options: of the free cells and the pieces with one copy left (all
        to be placed), the one with the fewest placements still possible; none at all is a dead end
        (no kids).

        What keeps it cheap (measured on the pentomino and tetromino diamond, docs/benchmarks.md):

        * On a flat board the cells looked at are the free corners: free cells with at least two
          of their four neighbours covered or off the board, where the fewest options are (on the
          diamond, as few nodes as looking at every free cell next to a covered one, in less
          time); failing a corner, every free cell next to a covered one.  A box looks at every
          free cell (its corners, seen in one layer, chose worse).
        * On a flat board only the cells are looked at.  A piece with no placement left is still a
          dead end, found a little later, when the cells it should have covered have none.  On
          the diamond, branching on a piece when it had the fewest made more nodes, not fewer; on
          the Aztec diamond a piece was left with none at fewer than 1 node in 200.  A box looks
          at its pieces after its cells, and counts a piece's placements only while no cell is
          down to one.
        * Each choice is looked at one step ahead: when a free cell next to the placement has
          nothing left that could cover it, the choice is a dead end at once, not a node of its
          own (on the diamond, nearly two nodes in three were such dead ends).
        """
        live = self._live
        assert live is not None
        masks, types, covering, of_type, near = live.masks, live.types, live.covering, live.of_type, live.near
        spare, spent, members = live.spare, live.spent, live.members
        field, unit = self._field, self._unit
        flat = self._flat
        singles = [] if self.allow_unused or flat else list(range(len(field)))
        a = self._shifts[0]

        # every bit a free cell or its neighbour can have, so that the cells not free are a positive
        # int (``~free`` is a negative one, slower to shift and combine)
        reach = (1 << (self.start_free.bit_length() + a + 1)) - 1
        gmp_scan = live.long_set is not int
        one_each = field == unit  # one copy of every piece: each choice is its type's last (2% of the step)

        def expand(free: Mask, left: int, possible: Any) -> list[tuple[Mask, int, int, Mask, Any]]:
            if flat:
                out = reach ^ free  # covered, or off the board
                up, down, back, ahead = out << 1, out >> 1, out << a, out >> a
                x = free & (up & (down | back | ahead) | down & (back | ahead) | back & ahead)
                if not x:
                    x = free & (up | down | back | ahead)
            else:
                x = free
            best = 0
            fewest = 1 << 62
            # a cell that must be covered: one of the placements over it.  Two loops, the same
            # choice: GMP goes through the cells' bits in C (a sixth of the step's instructions on
            # the Aztec diamond); with Python's ints (the page's engine) the lowest bit is taken off
            # one at a time, which makes no list (a list made first cost 4% more there).
            if gmp_scan:
                for b in members(x):
                    options = possible & covering[b]
                    n = options.bit_count()
                    if n < fewest:
                        if n == 0:
                            return []
                        fewest, best = n, options
                        if n == 1:
                            break
            else:
                while x and fewest > 1:
                    low = x & -x
                    x ^= low
                    options = possible & covering[low.bit_length() - 1]
                    n = options.bit_count()
                    if n < fewest:
                        if n == 0:
                            return []
                        fewest, best = n, options
            for t in singles:  # a piece that must go somewhere: one of its placements
                if left & field[t]:
                    options = possible & of_type[t]
                    if not options:
                        return []
                    if fewest > 1 and left & field[t] == unit[t]:  # one copy: no order among copies to break
                        n = options.bit_count()
                        if n < fewest:
                            fewest, best = n, options
            kids = []
            for i in members(best):
                t = types[i]
                after = possible & (spent[i] if one_each or left & field[t] == unit[t] else spare[i])
                nf = free ^ masks[i]
                for cell, over in near[i]:
                    if nf & cell and not after & over:
                        break  # a free cell next to it that nothing can cover any more
                else:
                    kids.append((nf, left - unit[t], t, masks[i], after))
            return kids

        return expand

    def _paths(self, s: _Search, distinct: bool) -> Iterator[Path]:
        """Every solution, or one per symmetry class: those of every part, in the search's order."""
        group = self.symmetry_maps()
        seen: set[Path] = set()
        for part in self.parts(budget=s.budget):
            yield from self.part_paths(part, s, group, distinct, seen)

    def part_paths(
        self, part: Part, s: _Search, group: list[Motion], distinct: bool, seen: set[Path] | None = None
    ) -> Iterator[Path]:
        """The solutions of one of :meth:`parts` (every one, or one per symmetry class), as paths.

        A part that fixes a piece (``restricted``) has only one solution of each class searched
        for, the least under its stabiliser; without ``distinct`` it is followed by its other
        images under the group, which is several times faster than searching for them.

        A part with no piece to fix (``all``: every piece has copies, as in 8x8 with 32 dominoes)
        has solutions closed under the group, so every one is listed.  One per class: the search
        rarely meets a class's least image early, so waiting for it would list nothing for a long
        time; with ``seen``, the first member of each class met is listed and its class remembered
        (up to _SEEN_LIMIT classes, a bounded memory).  Past that, or with no ``seen`` (parts
        counted apart, which share nothing), only least images are listed, and only for classes
        not remembered, so every class is still listed exactly once.
        """
        found = (part.fixed + path for path in self._run(s, part.free, part.left, True))
        if part.kind == "plain" or (part.kind == "all" and not distinct):
            yield from found
            return
        if part.kind == "all":
            for path in found:
                least = min(self._image(g, path) for g in group)
                if seen is not None:
                    if least in seen:
                        continue
                    if len(seen) < _SEEN_LIMIT:
                        seen.add(least)
                        yield path
                        continue
                if tuple(sorted(path)) == least:
                    yield path
            return
        stab = [group[i] for i in part.stab]
        for path in found:
            if len(stab) > 1 and not self._is_least(path, stab):
                continue
            if distinct:
                yield path
                continue
            yield from sorted({self._image(g, path) for g in group})

    def _split(self, group: list[Motion], budget: Budget | None = None) -> Iterator[_Branch]:
        """Split the search by symmetry.

        Yields (kind, fixed choices, symmetries to test against as indices into ``group``, free, left).
        "restricted": a piece that occurs once, and that every symmetry maps to
        itself, is fixed at a placement p that is least among its images; the
        group to test is p's stabiliser.
        "all": no such piece; every solution is searched and tested against
        the whole group.

        Finding the piece to fix looks at every placement's images under the whole group (a 5x5x5
        box of pentacubes: some 180,000 placements, 48 motions): each placement's are worked out
        once, and ``budget`` is checked as they are, so a request's seconds hold from its start.
        """
        stabilisers: dict[Mask, tuple[int, ...] | None] = {}

        def stabiliser(p: Mask) -> tuple[int, ...] | None:
            """p's stabiliser in ``group`` when p is least among its images, else None."""
            if p not in stabilisers:
                if budget is not None:
                    budget.check()
                images = [self._apply(g, p) for g, _ in group]
                stabilisers[p] = tuple(i for i, img in enumerate(images) if img == p) if p == min(images) else None
            return stabilisers[p]

        free, left = self.start_free, self.start_left
        while True:
            t = self._restricted_type(group, free, left, stabiliser)
            if t is None:
                yield "all", (), tuple(range(len(group))), free, left
                return
            for p in self._all_placements[t]:
                if p & free != p:
                    continue
                stab = stabiliser(p)
                if stab is not None:
                    yield "restricted", ((t, p),), stab, free ^ p, left - self._unit[t]
            if not self.allow_unused:
                return
            left &= ~self._field[t]  # and now the solutions that leave piece t unused

    def _restricted_type(
        self, group: list[Motion], free: Mask, left: int, stabiliser: Callable[[Mask], tuple[int, ...] | None]
    ) -> int | None:
        """The piece to fix: one copy left, its own image under every motion, and the fewest
        placements least among their images."""
        best: tuple[int, int] | None = None
        for t, field in enumerate(self._field):
            if (left & field) != self._unit[t]:
                continue  # not exactly one copy left
            if any(types[t] != t for _, types in group):
                continue  # a mirror image of another piece (F and F'): its images are not its placements
            n = sum(1 for p in self._all_placements[t] if p & free == p and stabiliser(p) is not None)
            if best is None or n < best[0]:
                best = (n, t)
        return None if best is None else best[1]

    def _apply(self, g: list[int], mask: Mask) -> Mask:
        out = 0
        for b in bits(mask):
            out |= 1 << g[b]
        return out

    def _image(self, motion: Motion, path: Iterable[tuple[int, Mask]]) -> Path:
        g, types = motion
        return tuple(sorted((types[t], self._apply(g, m)) for t, m in path))

    def _is_least(self, path: Path, group: list[Motion]) -> bool:
        me = tuple(sorted(path))
        return all(me <= self._image(g, path) for g in group)

    def _stabiliser_size(self, path: Path, group: list[Motion]) -> int:
        me = tuple(sorted(path))
        return sum(1 for g in group if self._image(g, path) == me)

    def count(
        self,
        budget: Budget | None = None,
        progress: ProgressFn | None = None,
        progress_every: float = 0.25,
        memo_limit: int | MemoRoom = _MEMO_LIMIT,
    ) -> CountResult:
        """Count the solutions, and the classes of solutions equal up to symmetry.

        Both come from one search, which uses the symmetry split of :meth:`_split`.  For a restricted
        placement p with stabiliser H in G: every solution with the piece at
        p stands for |G|/|H| solutions in all.  Two such solutions are
        equivalent under G only through H, so the classes among them are
        counted by Burnside's lemma over H; when H is trivial that is just
        their number, which the memoised count gives without enumerating.
        """
        s = self._search(budget, progress, progress_every, memo_limit)
        group = self.symmetry_maps()
        tally = Tally()
        try:
            for part in self.parts(budget=s.budget):
                tally += self.count_part(part, s, group)
        except BudgetSpent:
            return CountResult(None, None, False, s.nodes, s.elapsed, len(group), self.reflections())
        return self.result(tally, s.nodes, s.elapsed)

    def result(self, tally: Tally, nodes: int, elapsed: float) -> CountResult:
        """The count that ``tally``, the sum over all of :meth:`parts`, makes."""
        if tally.classes.denominator != 1:  # pragma: no cover - would be a bug in the weighting
            raise AssertionError(f"symmetry classes did not add up to a whole number: {tally.classes}")
        group = self.symmetry_maps()
        return CountResult(tally.count, int(tally.classes), True, nodes, elapsed, len(group), self.reflections())

    def parts(self, at_least: int = 1, max_depth: int = 8, budget: Budget | None = None) -> list[Part]:
        """The count, split into parts that can be counted apart (in other processes, on other
        machines) and added up (:class:`Tally` ``+``).

        First the split by symmetry (:meth:`_split`); then, until there are ``at_least`` parts
        (or ``max_depth`` levels were split), every part is split into the choices that cover its
        first free cell, as the search itself would make them, so the parts come in the search's
        own order and neighbours share the most states (a process that counts them one after
        another with one memo reuses them).  ``budget`` (started) is kept while the symmetry split
        is worked out (:class:`BudgetSpent` when it runs out).
        """
        group = self.symmetry_maps()
        if len(group) == 1:
            parts = [Part((), self.start_free, self.start_left, "plain", (0,))]
        else:
            split = self._split(group, budget)
            parts = [Part(fixed, free, left, kind, stab) for kind, fixed, stab, free, left in split]
        expand = self._expander()
        for _ in range(max_depth):
            if len(parts) >= at_least or not any(p.free for p in parts):
                break
            parts = [
                child
                for p in parts
                for child in (
                    [
                        Part((*p.fixed, (t, m)), nf, nl, p.kind, p.stab)
                        for nf, nl, t, m, _ in expand(p.free, p.left, self._aux(p.free, p.left))
                    ]
                    if p.free
                    else [p]  # a solution already: it stays where it is in the order
                )
            ]
        return parts

    def runs(self, n: int, budget: Budget | None = None) -> list[list[Part]]:
        """The :meth:`parts` in at most ``n`` runs of neighbours, in the search's order (about
        :data:`PARTS_PER_RUN` parts a run): what one process, or one engine of the page, takes at a
        time and counts with one memo.  The same problem and ``n`` give the same runs anywhere."""
        parts = self.parts(at_least=n * PARTS_PER_RUN, budget=budget)
        size = max(1, math.ceil(len(parts) / n))
        return [parts[i : i + size] for i in range(0, len(parts), size)]

    def count_part(self, part: Part, s: _Search, group: list[Motion]) -> Tally:
        """Count one of :meth:`parts` with the search ``s`` (its memo may be warm from other parts).

        A part not ``listed`` (no symmetry, or a placement no symmetry but the identity fixes)
        stands for its count times |G|/|H| solutions, and each of its solutions for a class of its
        own; a listed part weighs each solution by Burnside's lemma over its stabiliser H.
        """
        before = (s.solutions, s.nodes)
        weight = len(group) // len(part.stab)
        if not part.listed:
            for _ in self._run(s, part.free, part.left, False):
                pass
            n = s.solutions - before[0]
            return Tally(n * weight, Fraction(n), s.nodes - before[1])
        stab = [group[i] for i in part.stab]
        count = 0
        classes = Fraction(0)
        for path in self._run(s, part.free, part.left, True):
            count += weight
            classes += Fraction(self._stabiliser_size(part.fixed + path, stab), len(stab))
        return Tally(count, classes, s.nodes - before[1])

    def search(self, budget: Budget | None = None, memo_limit: int | MemoRoom = _MEMO_LIMIT) -> _Search:
        """A search's bookkeeping (budget, node count, memo), for :meth:`count_part`: one per
        process, kept from part to part so that its memo serves them all."""
        return self._search(budget, None, 0.25, memo_limit)

    def _search(
        self, budget: Budget | None, progress: ProgressFn | None, every: float, memo_limit: int | MemoRoom
    ) -> _Search:
        """A search's bookkeeping: given room for its memo, a search on the fewest options plans it
        from its keys (its memo is all it keeps), a sweep at a flat rate (its tables beside it)."""
        if not (self._live is not None and self._memoised):
            return _Search(budget, progress, every, memo_limit)
        lbits = self._left_bits
        key_bytes = sys.getsizeof(self.start_free << lbits | (1 << lbits) - 1)  # a key's cells: the start's or fewer
        return _Search(budget, progress, every, memo_limit, key_bytes, depth=self._most_pieces)

    # -- symmetry ----------------------------------------------------------------

    def symmetry_maps(self) -> list[Motion]:
        """The symmetries of this problem, each as (bit map, piece-type map).

        A symmetry of the square counts when it maps the board onto itself and
        the piece set onto itself: every piece's allowed orientations onto the
        allowed orientations of a piece with as many copies (itself, or for
        one-sided pieces under a reflection, its mirror image: F onto F' when
        the set holds both, as in the 18 one-sided pentominoes), and the
        placed pieces onto placements of the pieces they map to.  The identity
        is always first.  Worked out once (a count, its parts and its result
        all ask); the list is shared, not to be changed.
        """
        if self._motions is None:
            kept = [(m, mirrored) for m, mirrored in self._symmetry_maps() if self.mirrors or not mirrored]
            self._motions = [m for m, _ in kept]
            self._reflections = sum(mirrored for _, mirrored in kept)
        return self._motions

    def reflections(self) -> int:
        """How many of :meth:`symmetry_maps` are reflections (mirror images); none when the
        problem counts up to rotations only (``mirrors`` False)."""
        self.symmetry_maps()
        return self._reflections

    @abstractmethod
    def _symmetry_maps(self) -> list[tuple[Motion, bool]]:
        """The motions of the front end's board that are symmetries of the problem (identity first),
        each with whether it is a reflection (turns the board over)."""

    @abstractmethod
    def solution_of(self, path: Iterable[tuple[int, Mask]]) -> S:
        """The solution a path of (piece type, mask) choices stands for."""

    def mask(self, cells: Iterable[C]) -> Mask:
        """The bit mask of ``cells`` (all must be the board's)."""
        m = 0
        for c in cells:
            m |= 1 << self._bit_of[c]
        return m

    def cells(self, mask: Mask) -> frozenset[C]:
        """The board's cells of ``mask``."""
        return frozenset(self._cell_of[b] for b in bits(mask))

    def _bit_map(self, cell_map: dict[C, C]) -> list[int]:
        """Where a motion of the board, given as ``cell_map``, sends each bit (spare bits to themselves)."""
        g = list(range(max(self._cell_of) + 1))
        for c, b in self._bit_of.items():
            g[b] = self._bit_of[cell_map[c]]
        return g

    def solutions(
        self,
        distinct: bool = False,
        budget: Budget | None = None,
        progress: ProgressFn | None = None,
        progress_every: float = 0.25,
        memo_limit: int | MemoRoom = _MEMO_LIMIT,
    ) -> Iterator[S]:
        """Yield solutions lazily (every one, or one per symmetry class with ``distinct``).

        Raises :class:`BudgetSpent` from the iterator when the budget runs out.
        """
        s = self._search(budget, progress, progress_every, memo_limit)
        for path in self._paths(s, distinct):
            yield self.solution_of(path)

    def first(self, budget: Budget | None = None, progress: ProgressFn | None = None) -> FirstResult[S]:
        """The first solution found (``yes``), ``no`` if there is provably none, or ``unknown``."""
        s = _Search(budget, progress, 0.25)
        try:
            for path in self._run(s, self.start_free, self.start_left, True):
                return FirstResult(Outcome.YES, self.solution_of(path), s.nodes, s.elapsed)
        except BudgetSpent:
            return FirstResult(Outcome.UNKNOWN, None, s.nodes, s.elapsed)
        return FirstResult(Outcome.NO, None, s.nodes, s.elapsed)


class Problem(Cover[Cell, Solution]):
    """A tiling problem: cover every cell of ``board`` exactly with ``pieces``.

    ``allow_unused``: pieces may be left over (the board must still be
    covered exactly); otherwise every piece is used exactly once.
    ``placed``: placements already on the board, kept in every solution.

    Construction raises :class:`ImpossibleError` for problems that are
    impossible on their face (see :func:`impossibility`).
    """

    def __init__(
        self,
        board: Board,
        pieces: PieceSet,
        allow_unused: bool = False,
        placed: Iterable[Placement] = (),
        budget: Budget | None = None,
        mirrors: bool = True,
        fewest: bool = False,
        plain: bool = False,
    ) -> None:
        """``budget`` bounds the pre-checks and the compilation (a large board with many kinds of
        pieces has millions of placements): a spent budget raises :class:`BudgetSpent`.
        ``mirrors`` False: solutions are the same only up to rotations (:attr:`Cover.mirrors`).
        ``fewest``: search on the fewest options instead of sweeping (the module's notes; the same
        counts and solutions, in another order): for a board where the sweep's states rarely meet
        twice, such as a wide compact one (the pentomino and tetromino diamond: counted in 109 s on
        one core, where the sweep had not finished in 400).  ``plain``: the plain sweep, each choice
        a node of its own (no step ahead, no last cells' table): the yardstick its node count is
        for a cover level's grade (:func:`pento_core.polyomino.levels.grade`), kept as it was when
        the levels were graded."""
        budget = (budget or Budget()).started()
        self._fewest = fewest
        self._plain = plain
        self.board = board
        self.pieces = pieces
        self.allow_unused = allow_unused
        self.mirrors = mirrors
        self.placed: tuple[Placement, ...] = tuple(placed)
        position = Position(board, pieces)
        for p in self.placed:
            position = position.place(p.piece, p.cells)
        # never more than SEARCH_SECONDS of the arguments, even within an hour-long listing
        precheck = replace(budget, deadline=min(budget.deadline or math.inf, time.monotonic() + SEARCH_SECONDS))
        reason = impossibility(position, allow_unused, precheck)
        if reason:
            raise ImpossibleError(reason)
        self._compile(position, budget)

    # -- compilation into bits ------------------------------------------------

    def _compile(self, position: Position, budget: Budget) -> None:
        board = self.board
        self._wide = board.height <= board.width
        short = board.height if self._wide else board.width
        self.stride = short + 1
        self._bit_of = {c: self._index(c) for c in board.cells}
        self._cell_of = {b: c for c, b in self._bit_of.items()}
        self.types: list[Piece] = [p for p, _ in self.pieces]
        counts = [n for _, n in self.pieces]
        for p in self.placed:
            counts[self.types.index(p.piece)] -= 1
        self.start_free = self.mask(position.empty_cells)
        ph, pw = board.periods
        self._holds = held_regions([p.name for p in self.types], board.holds)
        placements: list[list[Mask]] = []
        for piece, held in zip(self.types, self._holds, strict=True):
            inside = self.mask(held) if held is not None else -1  # where its placements may lie
            masks: dict[Mask, None] = {}  # in order, each once (across a seam, two anchors may give one)
            for o in piece.orientations(self.pieces.one_sided):
                budget.check()
                _, _, h, w = bounds(o)
                for r0 in range(ph or board.height - h):
                    for c0 in range(pw or board.width - w):
                        if ph or pw:
                            at = {((r + r0) % ph if ph else r + r0, (c + c0) % pw if pw else c + c0) for r, c in o}
                            if len(at) < len(o):  # round a seam onto itself
                                continue
                            cells = list(at)
                        else:
                            cells = [(r + r0, c + c0) for r, c in o]
                        if all(c in self._bit_of for c in cells):
                            m = self.mask(cells)
                            if m & inside == m:
                                masks[m] = None
            placements.append(list(masks))
        # the cut of isolated cells looks at neighbours through the layout's shifts, which do not
        # cross a seam: on a board that wraps it would cut good branches, so it is left out there
        smallest = min(p.size for p in self.types) if not board.wrap else 1
        self._setup(
            [n for _, n in self.pieces], counts, placements, (self.stride,), smallest, self._fewest, self._plain
        )

    def _index(self, cell: Cell) -> int:
        r, c = cell
        return c * self.stride + r if self._wide else r * self.stride + c

    def solution_of(self, path: Iterable[tuple[int, Mask]]) -> Solution:
        """The solution a path of (piece type, mask) choices stands for, placed pieces first."""
        return self.placed + tuple(Placement(self.types[t], self.cells(m)) for t, m in path)

    def _symmetry_maps(self) -> list[tuple[Motion, bool]]:
        maps: list[tuple[Motion, bool]] = []
        placed = {(p.piece, p.cells) for p in self.placed}
        counts = [n for _, n in self.pieces]
        for k, cell_map in board_motions(self.board):
            types = _type_map(k, self.types, counts, self.pieces.one_sided)
            if types is None or not keeps_holds(self._holds, types, cell_map):
                continue
            moved = {
                (self.types[types[self.types.index(p.piece)]], frozenset(cell_map[c] for c in p.cells))
                for p in self.placed
            }
            if moved != placed:
                continue
            maps.append(((self._bit_map(cell_map), types), k >= ROTATIONS_OF_THE_SQUARE))
        return maps


def held_regions(names: Sequence[str], holds: Sequence[tuple[str, frozenset[Any]]]) -> list[frozenset[Any] | None]:
    """The region each piece type (by its name) is held to (None: anywhere), from a board's or a
    box's holds; ImpossibleError for a hold that names no piece of the set."""
    for name, _ in holds:
        if name not in names:
            raise ImpossibleError(tr("{name} is held to a region but is not one of the pieces", name=name))
    regions = dict(holds)
    return [regions.get(name) for name in names]


def keeps_holds(holds: Sequence[frozenset[Any] | None], types: Sequence[int], cell_map: dict[Any, Any]) -> bool:
    """Whether a motion (``cell_map``, sending piece type t to ``types[t]``) keeps every hold: a piece
    held to a region goes where its image piece is held, to that region's image."""
    return all(
        (h is None) == (holds[u] is None) and (h is None or frozenset(cell_map[c] for c in h) == holds[u])
        for h, u in zip(holds, types, strict=True)
    )


# SYMMETRIES' first four are the rotations of the square, the other four its reflections
ROTATIONS_OF_THE_SQUARE = 4


def board_symmetries(board: Board) -> list[int]:
    """Indices into :data:`SYMMETRIES` that map ``board`` onto itself (identity first)."""
    return [k for k in range(8) if transformed(k, board.cells) == board.cells]


def board_motions(board: Board) -> list[tuple[int, dict[Cell, Cell]]]:
    """The motions that map ``board`` onto itself, each as the symmetry of the square it turns or
    mirrors pieces by (an index into :data:`SYMMETRIES`) and where it sends each cell; the identity
    first.  A flat board has at most the square's eight.  A board that wraps has its slides round
    the seams too: each of the square's symmetries that keeps the seams' directions (on a cylinder
    only those that keep its axis; a quarter turn only on a square torus) followed by every slide
    round the loop that maps the cells onto themselves (the 3x20 loop has 80 motions, the 6x10
    rectangle 4)."""
    if not board.wrap:
        return [(k, symmetry_cell_map(board, k)) for k in board_symmetries(board)]
    ph, pw = board.periods
    cells = sorted(board.cells)
    out = []
    for k in range(8):
        # a quarter turn or a diagonal mirror makes rows of the columns: a motion only where both
        # ways come back to themselves after as many steps (a square torus)
        if SYMMETRIES[k][1] != 0 and ph != pw:
            continue
        image = apply_symmetry(k, cells)
        r_lo = min(r for r, _ in image)
        c_lo = min(q for _, q in image)
        for dr in range(ph or 1):
            for dc in range(pw or 1):
                moved = [((r + dr) % ph if ph else r - r_lo, (q + dc) % pw if pw else q - c_lo) for r, q in image]
                if frozenset(moved) == board.cells:
                    out.append((k, dict(zip(cells, moved, strict=True))))
    return out


def symmetry_cell_map(board: Board, k: int) -> dict[Cell, Cell]:
    """Where symmetry ``k`` (which must map the board onto itself) sends each cell."""
    cells = sorted(board.cells)
    image = apply_symmetry(k, cells)
    r0 = min(r for r, _ in image)
    c0 = min(c for _, c in image)
    return {a: (b[0] - r0, b[1] - c0) for a, b in zip(cells, image, strict=True)}


P = TypeVar("P", bound="Cover[Any, Any]")  # the front end a Runs splits (a flat Problem, a BoxProblem)


class Runs(Generic[P]):
    """A problem's search split into ``n`` runs (:meth:`Problem.runs`) that are listed one at a time
    and in any order, each by whoever asks: the page's engines share a listing out this way.  One
    search, and so one memo, serves every run asked of this object, as one process's does on the
    command line.  Runs past the last (fewer parts than runs) are empty."""

    def __init__(self, problem: P, n: int) -> None:
        self.problem = problem
        self.n = n
        self.runs = problem.runs(n)
        self.search = problem.search()

    def paths(
        self, k: int, distinct: bool, budget: Budget | None, progress: ProgressFn | None, progress_every: float
    ) -> Iterator[Path]:
        """The solutions of run ``k`` (every one, or one per symmetry class), as paths.  Runs are
        listed apart, so a class is listed by its least image wherever that is ambiguous
        (:meth:`Problem.part_paths` with no ``seen``): every class exactly once over all runs."""
        self.search.renew(budget, progress, progress_every)
        group = self.problem.symmetry_maps()
        for part in self.runs[k] if k < len(self.runs) else ():
            yield from self.problem.part_paths(part, self.search, group, distinct)


# A first cover for a player who waits for it (a hint, a solution): the sweep first, within this
# many positions, then the fewest options, on a board with at most FEWEST_MAX_PLACEMENTS placements.
FIRST_SWEEP_NODES = 2000
FEWEST_MAX_PLACEMENTS = 6000


def first_cover(
    board: Board,
    pieces: PieceSet,
    allow_unused: bool = False,
    placed: Iterable[Placement] = (),
    budget: Budget | None = None,
    progress: ProgressFn | None = None,
) -> FirstResult[Solution]:
    """A first cover of ``board`` with ``placed`` kept, as :meth:`Cover.first` finds it (``yes``,
    ``no``, or ``unknown`` when ``budget`` ran out), sooner on the positions where a sweep is slow.

    Why both searches: the sweep is the cheapest to set up and finds most first covers within a
    few hundred positions, but on some boards it wanders (an 8 x 8 with four holes: 33,859
    positions, half a second in CPython, where the fewest options take 824).  The search on the
    fewest options costs some 0.02 s to set up (its tables of placements, :class:`_LiveTables`),
    and its worst positions are far better (bench/bench_cover_hints.py).  So the sweep goes first
    for FIRST_SWEEP_NODES positions (about what those tables cost), then the fewest options from
    the start.  Their tables grow with the square of the placements, so a large board is swept
    only.  Which cover is found first may differ from the sweep's own; every one is a cover.  The
    positions and seconds reported (``progress``, the result) count both searches.  Raises
    :class:`ImpossibleError` where the pre-checks prove there is none."""
    budget = (budget or Budget()).started()
    placed = tuple(placed)
    sweep = Problem(board, pieces, allow_unused, placed, budget)
    if sweep.placement_count > FEWEST_MAX_PLACEMENTS:
        return sweep.first(budget, progress)
    nodes = min(FIRST_SWEEP_NODES, budget.max_nodes or FIRST_SWEEP_NODES)
    found = sweep.first(replace(budget, max_nodes=nodes), progress)
    if found.status is not Outcome.UNKNOWN or budget.spent():
        return found
    try:
        fewest = Problem(board, pieces, allow_unused, placed, budget, fewest=True)
    except BudgetSpent:
        return found

    def going_on(p: Progress) -> None:  # the positions and time so far count the sweep's too
        assert progress is not None
        progress(replace(p, nodes=found.nodes + p.nodes, elapsed=found.elapsed + p.elapsed))

    result = fewest.first(budget, going_on if progress else None)
    return replace(result, nodes=found.nodes + result.nodes, elapsed=found.elapsed + result.elapsed)


def listed(
    whole: Callable[[], P],
    split: Callable[[int], Runs[P]],
    run: tuple[int, int] | None,
    distinct: bool,
    budget: Budget | None,
    progress: ProgressFn | None,
    every: float,
) -> tuple[P, Iterator[Any]]:
    """What a listing asks for, and the problem it comes from: every solution of ``whole()`` (or one
    a class, ``distinct``) when ``run`` is None, else those of run k of n, ``split(n)``'s (the
    caller keeps it, so that the runs an engine lists share one memo)."""
    if run is None:
        problem = whole()
        return problem, problem.solutions(distinct=distinct, budget=budget, progress=progress, progress_every=every)
    runs = split(run[1])
    return runs.problem, (runs.problem.solution_of(p) for p in runs.paths(run[0], distinct, budget, progress, every))


def _type_map(k: int, pieces: list[Piece], counts: list[int], one_sided: bool) -> list[int] | None:
    """Where symmetry ``k`` of the square sends each piece type: the type whose allowed orientations
    are the images of its own, with as many copies; None when some piece has no such type (a
    one-sided F whose mirror image is not in the set).  Free pieces, and every piece under a
    rotation, go to themselves."""
    shapes = [frozenset(p.orientations(one_sided)) for p in pieces]
    out = []
    for t, own in enumerate(shapes):
        image = frozenset(normalize(apply_symmetry(k, o)) for o in own)
        if image == own:
            out.append(t)
            continue
        match = [u for u, other in enumerate(shapes) if other == image and counts[u] == counts[t]]
        if not match:
            return None
        out.append(match[0])
    return out
