"""Ladders of levels for the pentomino rectangles and Scott's 8x8: from two pieces to place to the
empty board, graded by the solver.

A **level** is a board with some pentominoes already placed and *locked* (they belong to the
puzzle: a player cannot move them) and the others to place.  Every level is cut out of a cover of
the board that the exact-cover engine found, so it can always be finished; the engine proves it
again before a level is offered (:func:`prove`).

**Grading.**  A level's difficulty is measured, not guessed, in this order:

1. **free pieces**, how many pieces the player places (2 to 12): the first thing a child meets;
2. **search per completion**, the positions the engine visits while counting every way to finish
   the level (:meth:`~.cover.Problem.count`'s nodes), divided by that number of ways: many ways
   to finish and little to try make a level easier; one way at the end of a long search, harder.

A ladder is ordered by (free pieces, search per completion).  It has :data:`LEVELS` levels: a fixed
number of levels for each count of free pieces (:data:`SCHEDULE`), the last the empty board.

**How a ladder is made** (:func:`make_ladder`, offline: ``python -m pento_core.polyomino.levels``
writes ``levels.txt``, which the package ships).  For each count of free pieces, candidates are
drawn from a seeded random generator: a cover of the board (a random piece at a random place, the
rest found by the engine, then turned by a random symmetry of the board), and which of its pieces
stay locked.  Each candidate is graded; a block of levels takes evenly spaced grades from the
candidates (a share of them, reported by the benchmark), sorted.  The same code and seeds always
make the same table; a test makes some blocks again and compares.  Reading a level at play time
is a table lookup and one proof, so a level opens at once even in the browser.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..budget import Budget, Outcome
from ..errors import ImpossibleError, ParseError
from ..i18n import N_, tr
from .board import Board, Placement, place_shape
from .cover import Problem, board_symmetries, symmetry_cell_map
from .pieces import PieceSet
from .placement import parse_placement, placement_text
from .puzzle import parse_puzzle

LEVELS = 100
# how many levels each count of free pieces gets (2 free pieces: the first 6 levels; 12: the empty
# board, the last); a beginner meets few pieces for long, the counts in the middle get the most
SCHEDULE: dict[int, int] = {2: 6, 3: 8, 4: 9, 5: 10, 6: 10, 7: 11, 8: 11, 9: 11, 10: 11, 11: 12, 12: 1}
CANDIDATES = 3  # candidates drawn per level of a block
TABLE = "levels.txt"

# The boards with a ladder: key (as links write it), board spec, label (as the start screen says it)
SCOTT_SPEC = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))
BOARDS: dict[str, tuple[str, str]] = {
    "6x10": ("6x10", "6 x 10"),
    "5x12": ("5x12", "5 x 12"),
    "4x15": ("4x15", "4 x 15"),
    "3x20": ("3x20", "3 x 20"),
    "scott": (SCOTT_SPEC, N_("8x8 without its centre")),
}


@dataclass(frozen=True)
class Grade:
    """How hard a level is: pieces to place, ways to finish, positions searched to count them."""

    free: int
    completions: int
    search: int

    @property
    def per_completion(self) -> float:
        return self.search / self.completions

    def key(self) -> tuple[int, float]:
        """The ladder's order: free pieces first, then search per completion."""
        return self.free, self.per_completion


@dataclass(frozen=True)
class Level:
    """Level ``number`` of the ladder of ``board`` (a key of :data:`BOARDS`): the locked placements
    and the grade."""

    board: str
    number: int
    locked: tuple[Placement, ...]
    grade: Grade

    def line(self) -> str:
        """The level as a line of the table (:func:`_read_line` reads it back)."""
        g = self.grade
        placed = ";".join(placement_text(p) for p in self.locked) or "-"
        return f"{self.board} {self.number} {g.free} {g.completions} {g.search} {placed}"


def puzzle_of(board: str) -> tuple[Board, PieceSet]:
    """The board and the 12 pentominoes of the ladder ``board``."""
    spec = BOARDS[board][0]
    puzzle = parse_puzzle(spec)
    return puzzle.board, puzzle.pieces


def grade(board: str, locked: tuple[Placement, ...], budget: Budget | None = None) -> Grade:
    """The grade of the level of ``board`` with ``locked`` placed: the engine's count, and the nodes
    of its plain sweep (the yardstick the levels were graded by: the engine's faster searches
    would give other figures)."""
    b, pieces = puzzle_of(board)
    result = Problem(b, pieces, placed=locked, plain=True).count(budget)
    if not result.complete or result.count is None:
        raise RuntimeError(f"{board}: a level could not be graded in time")
    return Grade(12 - len(locked), result.count, result.nodes)


def _random_cover(board: str, rng: random.Random) -> tuple[Placement, ...]:
    """A cover of ``board``: a random piece at a random place, the rest by the engine, then turned
    by a random symmetry of the board."""
    b, pieces = puzzle_of(board)
    kinds = [p for p, _ in pieces]
    while True:
        piece = rng.choice(kinds)
        shape = rng.choice(piece.orientations(pieces.one_sided))
        seed = Placement(piece, place_shape(shape, (rng.randrange(b.height), rng.randrange(b.width))))
        if not seed.cells <= b.cells:
            continue
        try:
            found = Problem(b, pieces, placed=(seed,)).first().solution
        except ImpossibleError:
            continue
        if found is not None:
            break
    sym = symmetry_cell_map(b, rng.choice(board_symmetries(b)))
    return tuple(Placement(p.piece, frozenset(sym[c] for c in p.cells)) for p in found)


def _in_order(locked: tuple[Placement, ...]) -> tuple[Placement, ...]:
    """Locked placements in one order (by their first cell): a level's line is the same however drawn."""
    return tuple(sorted(locked, key=lambda p: min(p.cells)))


def make_block(board: str, free: int, size: int, report: Callable[[str], None] | None = None) -> list[Level]:
    """The ``size`` levels of ``board`` with ``free`` pieces to place, easiest first (numbered 0
    until :func:`make_ladder` numbers them); seeded by board and count, so a block can be made
    again on its own."""
    if free == 12:
        return [Level(board, 0, (), grade(board, ()))]
    rng = random.Random(f"levels:{board}:{free}")
    seen: set[tuple[Placement, ...]] = set()
    candidates: list[Level] = []
    tries = 0
    while len(candidates) < CANDIDATES * size and tries < 50 * CANDIDATES * size:
        tries += 1
        cover = _random_cover(board, rng)
        locked = _in_order(tuple(rng.sample(cover, 12 - free)))
        if locked in seen:
            continue
        seen.add(locked)
        candidates.append(Level(board, 0, locked, grade(board, locked)))
    candidates.sort(key=lambda lv: (lv.grade.key(), lv.line()))
    n = len(candidates)
    if n < size:
        raise RuntimeError(f"{board}: only {n} candidates with {free} free pieces")
    picks = [candidates[round(i * (n - 1) / (size - 1))] if size > 1 else candidates[0] for i in range(size)]
    if report:
        report(f"{board}, {free} free: kept {size} of {n} candidates ({tries} covers drawn)")
    return picks


def make_ladder(board: str, report: Callable[[str], None] | None = None) -> list[Level]:
    """Every level of ``board``, numbered from 1, in the ladder's order."""
    levels = [lv for free, size in sorted(SCHEDULE.items()) for lv in make_block(board, free, size, report)]
    return [Level(board, i + 1, lv.locked, lv.grade) for i, lv in enumerate(levels)]


def _read_line(line: str) -> Level:
    board, number, free, completions, search, placed = line.split(" ")
    _, pieces = puzzle_of(board)
    locked = tuple(Placement(*parse_placement(t, pieces)) for t in placed.split(";") if t != "-")
    return Level(board, int(number), locked, Grade(int(free), int(completions), int(search)))


@cache
def table() -> dict[str, tuple[Level, ...]]:
    """The shipped ladders, by board (read once)."""
    text = resources.files(__package__).joinpath(TABLE).read_text(encoding="utf-8")
    ladders: dict[str, list[Level]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            level = _read_line(line)
            ladders.setdefault(level.board, []).append(level)
    return {board: tuple(levels) for board, levels in ladders.items()}


def parse_level(text: str) -> Level:
    """The level a link writes ``BOARD:N`` (``6x10:7``, ``scott:100``); ParseError with the reason."""
    board, _, number = text.partition(":")
    if board not in BOARDS:
        raise ParseError(tr("there are levels for {boards}, not {board!r}", boards=", ".join(BOARDS), board=board[:20]))
    ladder = table()[board]
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= len(ladder):  # '٣' is no 3
        raise ParseError(tr("the levels go from 1 to {n}, not {number!r}", n=len(ladder), number=number[:20]))
    return ladder[int(number) - 1]


def prove(level: Level, budget: Budget | None = None) -> None:
    """Check with the engine that ``level`` can be finished (ImpossibleError if not, never expected)."""
    b, pieces = puzzle_of(level.board)
    found = Problem(b, pieces, placed=level.locked).first(budget)
    if found.status is not Outcome.YES:
        raise ImpossibleError(tr("this level cannot be finished"))


def main() -> None:
    """Make every ladder and write the table (a few minutes)."""
    lines = [
        "# Pento's pentomino levels, made by `python -m pento_core.polyomino.levels` (levels.py): do not edit.",
        "# board level free completions search locked-placements",
    ]
    for board in BOARDS:
        lines += [lv.line() for lv in make_ladder(board, lambda s: print(s, file=sys.stderr, flush=True))]
    path = resources.files(__package__).joinpath(TABLE)
    with resources.as_file(path) as out:
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines) - 2} levels to {TABLE}", file=sys.stderr)


if __name__ == "__main__":
    main()
