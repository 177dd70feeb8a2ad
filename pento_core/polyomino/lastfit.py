"""Last Fit (Golomb's game, the thesis's "Jogo do Último Encaixe", sections 1.2 and 2.2).

Players take turns placing one of the twelve pentominoes on the board (turned
and flipped as they like); each piece is used at most once; the player who
cannot place a piece loses.  With two players it is a finite impartial game,
so every position is won or lost for the player to move: :func:`solve`
decides it exactly (negamax with a transposition table), and the computer's
other levels (:func:`choose`) play it less well on purpose.

A position is ``(occupied, used)``: a mask of covered cells (bit ``i`` is the
board's ``i``-th cell in reading order) and a mask of the pieces used (bit
``k`` is ``NAMES[k]``).  A move is a :class:`Move`: a piece and the cells it
covers, and its text ``F3@2,5`` (the cover game's placement format).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..budget import Budget, BudgetSpent, Outcome
from ..i18n import N_
from .board import Board, Placement, place_shape
from .geometry import Cell
from .pieces import PieceSet

PENTOMINOES = PieceSet.pentominoes()
NAMES = tuple(p.name for p, _ in PENTOMINOES)  # F I L N P T U V W X Y Z
LEVELS = (N_("beginner"), N_("intermediate"), N_("strong"), N_("perfect"))
_CHECK_MOVES = 64  # moves whose replies are counted between two looks at the budget
MAX_TABLE = 3_000_000  # positions remembered by the exact search (about 600 MB in CPython)


@dataclass(frozen=True)
class Move:
    """Piece ``NAMES[piece]`` covering the cells of ``mask``; ``text`` is its placement ``F3@2,5``."""

    piece: int
    mask: int
    text: str


@dataclass(frozen=True)
class Layout:
    """A board's cells in reading order (bit ``i`` is ``cells[i]``) and every move on the empty board."""

    board: Board
    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    moves: tuple[Move, ...]

    def mask(self, cells: frozenset[Cell]) -> int:
        return sum(1 << self.index[c] for c in cells)

    def cells_of(self, mask: int) -> list[Cell]:
        return [self.cells[i] for i in range(len(self.cells)) if mask >> i & 1]


_LAYOUTS: dict[Board, Layout] = {}  # the last boards' layouts (a game's every request names its board)
LAYOUTS_KEPT = 16


def layout(board: Board, budget: Budget | None = None) -> Layout:
    """Every placement of every pentomino, each orientation, on ``board`` (computed once per board).
    A large board's placements take seconds to list (242,884 on 64 x 64), so ``budget`` is looked at
    after each row of each orientation: a search with a budget never waits on them beyond it
    (BudgetSpent; nothing is kept)."""
    known = _LAYOUTS.pop(board, None)
    if known is not None:
        _LAYOUTS[board] = known  # the most recently used goes last: the oldest is dropped first
        return known
    cells = tuple(sorted(board.cells))
    index = {c: i for i, c in enumerate(cells)}
    moves = []
    for k, (piece, _) in enumerate(PENTOMINOES):
        for o, shape in enumerate(piece.orientations()):
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for r in range(board.height - h + 1):
                if budget is not None:
                    budget.check()
                for c in range(board.width - w + 1):
                    placed = place_shape(shape, (r, c))
                    if all(cell in index for cell in placed):
                        mask = sum(1 << index[cell] for cell in placed)
                        moves.append(Move(k, mask, f"{piece.name}{o}@{r},{c}"))
    made = Layout(board, cells, index, tuple(moves))
    if len(_LAYOUTS) >= LAYOUTS_KEPT:
        del _LAYOUTS[next(iter(_LAYOUTS))]  # the least recently used
    _LAYOUTS[board] = made
    return made


def legal(moves: tuple[Move, ...] | list[Move], occupied: int, used: int) -> list[Move]:
    """The moves of ``moves`` that fit: their cells free and their piece unused."""
    return [m for m in moves if not m.mask & occupied and not used >> m.piece & 1]


def after(moves: list[Move], m: Move) -> list[Move]:
    """The legal moves once ``m`` is played, from the legal moves before it."""
    return [n for n in moves if not n.mask & m.mask and n.piece != m.piece]


def placement(lay: Layout, m: Move) -> Placement:
    return Placement(PENTOMINOES.counts[m.piece][0], frozenset(lay.cells_of(m.mask)))


# -- the exact value ----------------------------------------------------------------------------------


@dataclass
class Solver:
    """Negamax for two players with a transposition table shared across calls.

    Heuristics, and why: (1) a move that leaves the opponent nothing wins at
    once, so it is looked for first; (2) the other moves are tried fewest
    replies first, since a reply-poor position is the likeliest to be lost for
    the opponent and the cheapest to search; (3) positions are remembered by
    ``(occupied, used)``: the same position is reached by many move orders.
    """

    budget: Budget | None = None
    nodes: int = 0
    table: dict[tuple[int, int], bool] = field(default_factory=dict)

    def wins(self, moves: list[Move], occupied: int, used: int) -> bool:
        """Whether the player to move wins with ``moves`` the legal moves of ``(occupied, used)``."""
        table = self.table
        key = (occupied, used)
        known = table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes % 256 == 0:
            if self.budget is not None:
                self.budget.check()
                if self.budget.max_nodes is not None and self.nodes > self.budget.max_nodes:
                    raise BudgetSpent
            if len(table) > MAX_TABLE:  # memory stays bounded (a browser tab has little); sound, just slower
                table.clear()
        children = []
        budget = self.budget
        for k, m in enumerate(moves):
            if budget is not None and k % _CHECK_MOVES == _CHECK_MOVES - 1:
                budget.check()  # an open board's node alone is thousands of moves squared: look at the clock
            rest = [n for n in moves if not n.mask & m.mask and n.piece != m.piece]
            if not rest:
                table[key] = True
                return True
            children.append((len(rest), m, rest))
        children.sort(key=lambda t: t[0])
        for _, m, rest in children:
            if not self.wins(rest, occupied | m.mask, used | 1 << m.piece):
                table[key] = True
                return True
        table[key] = False
        return False

    def winning_move(self, moves: list[Move], occupied: int, used: int) -> Move | None:
        """A move after which the opponent loses, or None when the position is lost."""
        counted = []
        for k, m in enumerate(moves):  # fewest replies first; the budget is looked at as they are counted
            if self.budget is not None and k % _CHECK_MOVES == 0:
                self.budget.check()
            counted.append((len(after(moves, m)), k))  # the count only: an open board's lists would fill memory
        counted.sort()
        for _, k in counted:
            m = moves[k]
            if not self.wins(after(moves, m), occupied | m.mask, used | 1 << m.piece):
                return m
        return None


@dataclass(frozen=True)
class Verdict:
    """``value``: does the player to move win? ``yes``, ``no`` or ``unknown`` (the budget ran out);
    ``move`` a winning move; ``nodes`` the positions searched."""

    value: Outcome
    move: Move | None
    nodes: int
    seconds: float


def solve(lay: Layout, occupied: int, used: int, budget: Budget | None = None) -> Verdict:
    """The exact value of a two-player position for the player to move, and a winning move."""
    t0 = time.monotonic()
    solver = Solver((budget or Budget()).started())
    moves = legal(lay.moves, occupied, used)
    try:
        move = solver.winning_move(moves, occupied, used)
    except BudgetSpent:
        return Verdict(Outcome.UNKNOWN, None, solver.nodes, time.monotonic() - t0)
    return Verdict(Outcome.YES if move else Outcome.NO, move, solver.nodes, time.monotonic() - t0)


# -- the computer's levels ----------------------------------------------------------------------------

MAX_CANDIDATES = 150  # moves the intermediate and strong players weigh (a random sample when there are more)


def _fewest_replies(moves: list[Move], rng: random.Random) -> Move:
    """Intermediate: the move that leaves the opponent the fewest moves (ties at random) -- it keeps
    the board's options for later and cuts the opponent's now.  On an open board it weighs a sample
    of :data:`MAX_CANDIDATES` moves: each costs a pass over all the others."""
    weighed = rng.sample(moves, MAX_CANDIDATES) if len(moves) > MAX_CANDIDATES else moves
    scored = [(len(after(moves, m)), rng.random(), m) for m in weighed]
    return min(scored, key=lambda t: (t[0], t[1]))[2]


def position_rng(occupied: int, used: int) -> random.Random:
    """Random draws that are a function of the position alone (a hint's, a plan's): the same answer
    for the same position on every machine and at every ask."""
    return random.Random(occupied * 4099 + used)


def fewest_replies(moves: list[Move], occupied: int, used: int) -> Move:
    """The intermediate player's choice (see :func:`_fewest_replies`), drawn by the position: a
    hint's suggestion where the exact value is out of reach."""
    return _fewest_replies(moves, position_rng(occupied, used))


def _playout(moves: list[Move], rng: random.Random) -> int:
    """Random moves to the end: 1 when the player to move at the start makes the last move."""
    turn = 0
    while moves:
        m = moves[rng.randrange(len(moves))]
        moves = after(moves, m)
        turn ^= 1
    return 1 if turn == 1 else 0


def playouts_for(moves: int) -> int:
    """How many playouts the strong player spends on a position with ``moves`` legal moves.

    A playout's cost grows with the moves it filters at each step, so the budget is a fixed amount
    of work (:data:`PLAYOUT_WORK` move visits, about 0.35 s in CPython on these machines) divided by
    the moves, within [:data:`MIN_PLAYOUTS`, :data:`MAX_PLAYOUTS`].  It is counted in playouts,
    never in seconds, so the computer's move is a function of the position, the level and the seed:
    the same on a fast laptop, a slow tablet and a loaded test machine."""
    return max(MIN_PLAYOUTS, min(MAX_PLAYOUTS, PLAYOUT_WORK // max(1, moves)))


def _monte_carlo(moves: list[Move], rng: random.Random, playouts: int) -> Move:
    """Strong: Monte-Carlo search, UCT over the moves (at most :data:`MAX_CANDIDATES` of them, so that
    each is tried a few times even on an open board), ``playouts`` random playouts in all."""
    candidates = rng.sample(moves, MAX_CANDIDATES) if len(moves) > MAX_CANDIDATES else moves
    stats = {m.text: [0, 0] for m in candidates}  # wins, visits of the player to move
    total = 0
    while total < playouts:
        log_n = math.log(total + 1)
        m = max(
            candidates,
            key=lambda m: (
                float("inf")
                if stats[m.text][1] == 0
                else stats[m.text][0] / stats[m.text][1] + 1.2 * math.sqrt(log_n / stats[m.text][1])
            ),
        )
        rest = after(moves, m)  # the opponent's replies among all legal moves, not just the candidates
        won = 1 - _playout(rest, rng) if rest else 1
        stats[m.text][0] += won
        stats[m.text][1] += 1
        total += 1
    return max(candidates, key=lambda m: (stats[m.text][1], stats[m.text][0]))


EXACT_NODES = 25_000  # the perfect player tries the exact search on this many positions (0.3-0.4 s in CPython) ...
EXACT_MOVES = 700  # ... once the position has at most this many moves (on 8x8, after two or three pieces)
PLAYOUT_WORK = 600_000  # move visits the strong player's playouts may make (see playouts_for)
MIN_PLAYOUTS = 30
MAX_PLAYOUTS = 5_000


def choose(lay: Layout, occupied: int, used: int, level: str, seed: int) -> Move | None:
    """The computer's move at ``level`` (None: it cannot move): a function of the position, the level
    and the seed alone.  Every budget here counts work (positions searched, playouts), not seconds."""
    moves = legal(lay.moves, occupied, used)
    if not moves:
        return None
    rng = random.Random(seed)
    if level == "beginner":
        return moves[rng.randrange(len(moves))]
    if level == "intermediate":
        return _fewest_replies(moves, rng)
    if level == "perfect" and len(moves) <= EXACT_MOVES:
        verdict = solve(lay, occupied, used, Budget(max_nodes=EXACT_NODES))
        if verdict.move is not None:
            return verdict.move
        if verdict.value is Outcome.NO:  # lost against perfect play: make it as long as possible for the opponent
            return max(moves, key=lambda m: (len(after(moves, m)), rng.random()))
    return _monte_carlo(moves, rng, playouts_for(len(moves)))


# -- the blocking puzzle --------------------------------------------------------------------------------

BLOCK_BEAM = 16  # positions the blocking search keeps at each depth ...
BLOCK_CANDIDATES = 80  # ... and moves it weighs from each (a sample, drawn by the position, when there are more)


def blocking_plan(lay: Layout, occupied: int, used: int, budget: Budget | None = None) -> list[Move]:
    """Moves after which no unused piece fits anywhere (the blocking puzzle's goal), as few as this
    search finds: [] when nothing fits already.

    A beam search, one piece per depth: from each of the :data:`BLOCK_BEAM` positions kept it tries
    :data:`BLOCK_CANDIDATES` moves and keeps the positions that leave the fewest places open (two
    orders of the same pieces on the same cells count once), and it stops at the first depth where a
    move leaves none.  Greedy with a wider view: on 8x8 it blocks with 6 pieces where the best is 5
    (Golomb), in about 5,000 moves tried.  Its work is counted, never timed, so the plan is a
    function of the position alone (the sample's seed is the position); ``budget`` only stops it
    (BudgetSpent)."""
    start = legal(lay.moves, occupied, used)
    if not start:
        return []
    rng = position_rng(occupied, used)
    beam: list[tuple[tuple[Move, ...], list[Move], int]] = [((), start, occupied)]
    while True:
        if budget is not None:
            budget.check()
        children: dict[tuple[int, int], tuple[tuple[Move, ...], list[Move], int]] = {}
        for plan, moves, taken in beam:
            weighed = moves if len(moves) <= BLOCK_CANDIDATES else rng.sample(moves, BLOCK_CANDIDATES)
            for m in weighed:
                rest = after(moves, m)
                if not rest:
                    return [*plan, m]
                key = (taken | m.mask, sum(1 << n.piece for n in (*plan, m)))
                if key not in children or len(rest) < len(children[key][1]):
                    children[key] = ((*plan, m), rest, taken | m.mask)
        beam = sorted(children.values(), key=lambda child: len(child[1]))[:BLOCK_BEAM]
