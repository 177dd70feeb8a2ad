"""GandaGalo: fill the grid with X and O, never three equal marks in a line.

Text formats:

* **params** (for :meth:`GandaGaloGame.new`): ``RxC:LEVEL``, e.g. ``8x8:hard``.
* **desc**: the board text format (:mod:`pento_core.gandagalo.board`) with the
  rows joined by ``/``: ``.`` free, ``X`` / ``O`` given, ``#`` blocked.  A desc
  must have exactly one solution.
* **state**: the player's marks, then each anchor's marks, joined by ``~``
  (the latest anchor last).  Marks run over the free cells (not given, not
  blocked) in reading order: ``X``, ``O``, or a number of empty cells;
  trailing empty cells are left out (``""`` is an empty board, ``3XO`` three
  empty cells, an X, an O).
* **move**: ``R,C=X``, ``R,C=O`` or ``R,C=.`` (0-based row and column; ``.``
  empties the cell), several of them separated by spaces (one move: Solve
  fills a row at a time), ``anchor`` (remember this position), ``back`` (return
  to the latest anchor and drop it), ``keep`` (drop the latest anchor, keep
  the marks), ``clear`` (empty every cell, drop the anchors).

An anchor is the report's *âncora*: set one, play a supposition, and go back
to it when the supposition fails.  Marks made since the latest anchor are shown
apart, and anchors are part of the position, so undo, saves and links keep them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..bitset import bits
from ..budget import Budget
from ..errors import IllegalMoveError, ParseError, PentoError, StoppedError
from ..gandagalo import board as boards
from ..gandagalo.board import MAX_SIDE, Grid, Mask
from ..gandagalo.explain import name, next_step
from ..gandagalo.generator import generate
from ..gandagalo.solver import LEVELS, Report, analyse
from ..i18n import N_, ntr, tr
from ..limits import MAX_DESC, MAX_STATE, number, within
from . import words
from .base import JSON, Field, Form, GameBase, Hint, Preset, PrintStyle, ProgressFn, Situation, Solution

WORDS = ("anchor", "back", "keep", "clear")


@dataclass(frozen=True)
class Word:
    """``anchor`` (remember the marks: a supposition starts), ``back`` (to the last anchor),
    ``keep`` (drop the last anchor, keep the marks), ``clear`` (every mark off)."""

    word: str


@dataclass(frozen=True)
class Marks:
    """``2,3=X 4,1=.``: marks put in squares (``.`` empties one), all checked, then all made."""

    marks: tuple[tuple[tuple[int, int], str], ...]


GGMove = Word | Marks
_MOVE = re.compile(r"^\s*([0-9]{1,2}),([0-9]{1,2})\s*=\s*([XO.])\s*$", re.IGNORECASE)
_PARAMS = re.compile(r"^\s*([0-9]{1,3})\s*x\s*([0-9]{1,3})\s*:\s*([a-z]+)\s*$", re.IGNORECASE)
MAX_ANCHORS = 20  # anchors held at once
CHECK_SECONDS = 20.0  # for counting the solutions of a board typed in or linked

RULES = N_("""\
Fill every empty square with X or O. Never put three equal marks in a row: not across, not down,
and not along either diagonal. Dark squares are blocked: nobody plays there, and they break a line.
Every puzzle has exactly one solution, and you can find it by reasoning alone.

Tap or click a square to cycle it through X, O and empty; with the keyboard, move with the arrow
keys and press X, O, Space (cycle) or Backspace (empty). Marks printed on the board are given and
stay.

Easy puzzles need only forced moves: two equal marks in a line (XX or X_X) force the other mark in
the third square. Hard puzzles need a supposition: imagine a mark, follow the forced moves, and if
they end in three in a row (or a square that can be neither), the other mark is right. Expert
puzzles need a supposition inside a supposition.

Anchors help with suppositions, as in the original game: press Anchor, try your idea (the marks you
make after it are drawn in purple), and press Back to anchor to return to where you were, or Keep
when the idea was right. Hint names the rule and the squares behind the next mark; squares are
(row,column), counted from the top left. Check shows your mistakes; tick "Show mistakes" to see
them as you play.""")


@dataclass(frozen=True)
class Puzzle:
    """A checked board: ``grid`` (givens and blocked cells), its ``solution``, how hard it is."""

    grid: Grid
    solution: tuple[Mask, Mask]
    report: Report
    free: tuple[int, ...]  # the cells the player fills, in reading order


@dataclass(frozen=True)
class GGState:
    desc: str
    puzzle: Puzzle
    x: Mask  # the player's marks (givens not included)
    o: Mask
    anchors: tuple[tuple[Mask, Mask], ...]  # the marks when each anchor was set, the latest last


@lru_cache(maxsize=32)
def _puzzle(desc: str) -> Puzzle:
    within(desc, N_("the puzzle description"), MAX_DESC)
    grid = boards.parse(desc)
    broken = grid.broken()
    if broken:
        cells = ", ".join(name(grid, i) for i in bits(broken)[:3])
        raise PentoError(tr("the board already has three equal marks in a line at {cells}", cells=cells))
    report = analyse(grid, Budget(max_seconds=CHECK_SECONDS))
    if report.count is None:
        raise StoppedError(
            tr("this board could not be checked in time; a GandaGalo board must have exactly one solution")
        )
    if report.count == 0:
        raise PentoError(tr("this board has no solution: its marks force three in a line somewhere"))
    if report.count > 1 or report.solution is None:
        raise PentoError(tr("this board has more than one solution; a GandaGalo puzzle has exactly one"))
    if not grid.empty:
        raise PentoError(tr("this board has no empty square to fill"))
    return Puzzle(grid, report.solution, report, tuple(bits(grid.empty)))


def _read_marks(text: str, puzzle: Puzzle) -> tuple[Mask, Mask]:
    """The marks ``text`` writes over the free squares in reading order (the reverse of
    :func:`_write_marks`), read by one pass over the text: no pattern that could backtrack, and no
    run of digits longer than a count can be (the largest board has 400 squares) reaches ``int()``."""
    more = tr("the position has more squares than the board's {n_free} empty ones", n_free=len(puzzle.free))
    x = o = 0
    k = 0  # the free cell the next mark goes in
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "XO":
            if k >= len(puzzle.free):
                raise ParseError(more)
            if ch == "X":
                x |= 1 << puzzle.free[k]
            else:
                o |= 1 << puzzle.free[k]
            k += 1
            i += 1
        elif "1" <= ch <= "9":
            j = i + 1
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            if j - i > 3:  # a count of four digits is more squares than any board has
                raise ParseError(more)
            k += int(text[i:j])
            i = j
        else:
            raise ParseError(tr("marks are X, O and counts of empty squares, not {value!r}", value=text[:20]))
    if k > len(puzzle.free):
        raise ParseError(
            tr("the position has more squares than the board's {n_free} empty ones", n_free=len(puzzle.free))
        )
    return x, o


def _write_marks(x: Mask, o: Mask, puzzle: Puzzle) -> str:
    out = []
    gap = 0
    for i in puzzle.free:
        if (x | o) >> i & 1:
            if gap:
                out.append(str(gap))
                gap = 0
            out.append("X" if x >> i & 1 else "O")
        else:
            gap += 1
    return "".join(out)


class GandaGaloGame(GameBase[GGState, GGMove]):
    """X and O on a grid with blocked squares; boards with one solution, graded by reasoning."""

    id = "gandagalo"
    view_module = "gandagalo"
    title = N_("GandaGalo")
    description = N_("Fill the grid with X and O, never three in a row: not across, not down, not diagonally.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer", "race")
    picture_solved = False
    print_style: PrintStyle = "marks"
    # the puzzle of the day: larger boards and deeper reasoning through the week
    daily_levels: tuple[str, ...] = (
        "6x6:easy",
        "8x8:easy",
        "8x8:hard",
        "10x10:hard",
        "10x10:expert",
        "12x12:expert",
        "14x14:expert",
    )
    # what its result codes are packed against (format 1 of the race's codes: never change it)
    race_dictionary = "XOXOOXXOOXXOXOOXXOOXOXXOOXXOXOOX"

    def situations(self) -> list[Situation]:
        board = "....../....../....../....../..XO../...X.X"
        return [
            Situation("a mark that the solution does not have", board, "O"),
            Situation("three equal marks in a row", board, "OOO"),
        ]

    def presets(self) -> list[Preset]:
        return [
            Preset(N_("6 x 6, easy"), "6x6:easy"),
            Preset(N_("8 x 8, easy"), "8x8:easy"),
            Preset(N_("8 x 8, hard"), "8x8:hard"),
            Preset(N_("10 x 10, hard"), "10x10:hard"),
            Preset(N_("12 x 12, expert"), "12x12:expert"),
            Preset(N_("12 x 16, hard"), "12x16:hard"),
            Preset(N_("20 x 20, hard"), "20x20:hard"),
        ]

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("A new board"),
                "{rows}x{cols}:{level}",
                (
                    Field("rows", N_("rows"), "8", 1, MAX_SIDE),
                    Field("cols", N_("columns"), "8", 1, MAX_SIDE),
                    Field("level", N_("level"), "hard", options=LEVELS),
                ),
            )
        ]

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """A new board for ``RxC:LEVEL``; a desc (a board) is accepted as it is."""
        m = _PARAMS.match(params)
        if not m:
            self.validate(params)
            return params
        rows = number(m.group(1), N_("the number of rows"), 1, MAX_SIDE)
        cols = number(m.group(2), N_("the number of columns"), 1, MAX_SIDE)
        level = m.group(3).lower()
        grid = generate(rows, cols, level, seed, (budget or Budget()).within(120), progress)
        return grid.text().replace("\n", "/")

    def validate(self, desc: str) -> None:
        _puzzle(desc)

    def start(self, desc: str, state: str = "") -> GGState:
        puzzle = _puzzle(desc)
        parts = within(state, N_("the position"), MAX_STATE).strip().split("~")
        if len(parts) > MAX_ANCHORS + 1:
            raise ParseError(tr("a position holds at most {MAX_ANCHORS} anchors", MAX_ANCHORS=MAX_ANCHORS))
        x, o = _read_marks(parts[0], puzzle)
        anchors = tuple(_read_marks(p, puzzle) for p in parts[1:])
        return GGState(desc, puzzle, x, o, anchors)

    def write_state(self, st: GGState) -> str:
        return "~".join(_write_marks(x, o, st.puzzle) for x, o in ((st.x, st.o), *st.anchors))

    def parse_move(self, text: str) -> GGMove:
        word = text.strip().lower()
        if word in WORDS:
            return Word(word)
        marks = []
        for one in text.split() or [""]:
            m = _MOVE.match(one)
            if not m:
                raise ParseError(tr("{value!r} is not a move like 2,3=X", value=one[:30]))
            marks.append(((int(m.group(1)), int(m.group(2))), m.group(3).upper()))
        return Marks(tuple(marks))

    def write_move(self, move: GGMove) -> str:
        if isinstance(move, Word):
            return move.word
        return " ".join(f"{r},{c}={mark}" for (r, c), mark in move.marks)

    def play(self, st: GGState, move: GGMove) -> GGState:
        if isinstance(move, Word):
            if move.word == "anchor":
                if len(st.anchors) >= MAX_ANCHORS:
                    raise IllegalMoveError(
                        tr(
                            "at most {MAX_ANCHORS} anchors at once: go back to one, or keep one",
                            MAX_ANCHORS=MAX_ANCHORS,
                        )
                    )
                return GGState(st.desc, st.puzzle, st.x, st.o, (*st.anchors, (st.x, st.o)))
            if move.word in ("back", "keep"):
                if not st.anchors:
                    raise IllegalMoveError(tr("there is no anchor: set one first"))
                x, o = st.anchors[-1] if move.word == "back" else (st.x, st.o)
                return GGState(st.desc, st.puzzle, x, o, st.anchors[:-1])
            return GGState(st.desc, st.puzzle, 0, 0, ())  # clear
        x, o = st.x, st.o
        grid = st.puzzle.grid
        if len(move.marks) > len(st.puzzle.free):
            raise ParseError(tr("a move sets at most the board's {n_free} empty squares", n_free=len(st.puzzle.free)))
        for (r, c), mark in move.marks:  # several marks in one move are all checked, then all made
            i = grid.index((r, c))
            if grid.blocked >> i & 1:
                raise IllegalMoveError(tr("the square at {value} is blocked", value=name(grid, i)))
            if (grid.x | grid.o) >> i & 1:
                raise IllegalMoveError(
                    tr("the {value} at {value2} is given and stays", value=grid.at(i), value2=name(grid, i))
                )
            bit = 1 << i
            x, o = x & ~bit, o & ~bit
            if mark == "X":
                x |= bit
            elif mark == "O":
                o |= bit
        return GGState(st.desc, st.puzzle, x, o, st.anchors)

    # -- what the view needs ---------------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        puzzle = _puzzle(desc)
        grid = puzzle.grid
        level = puzzle.report.level
        return {
            "title": tr("GandaGalo: {rows} × {cols}, {level}", rows=grid.rows, cols=grid.cols, level=tr(level)),
            "goal": tr("Fill every empty square with X or O: never three equal marks in a line, diagonals included."),
            "rows": grid.rows,
            "cols": grid.cols,
            "blocked": [list(grid.cell(i)) for i in bits(grid.blocked)],
            "givens": [[*grid.cell(i), grid.at(i)] for i in bits(grid.x | grid.o)],
            "level": level,
            "technique": puzzle.report.technique,
        }

    def _grid(self, st: GGState) -> Grid:
        g = st.puzzle.grid
        return g.with_marks(g.x | st.x, g.o | st.o)

    def _mistakes(self, st: GGState) -> tuple[Grid, Mask, Mask]:
        """The board with the player's marks, the squares of lines of three, the marks the solution lacks."""
        grid = self._grid(st)
        sx, so = st.puzzle.solution
        return grid, grid.broken(), st.x & ~sx | st.o & ~so

    def view(self, st: GGState) -> JSON:
        grid, broken, wrong = self._mistakes(st)
        free = len(st.puzzle.free)
        done = (st.x | st.o).bit_count()
        complete = done == free and not broken
        since = st.x ^ st.anchors[-1][0] | st.o ^ st.anchors[-1][1] if st.anchors else 0
        if complete:
            summary = tr("Solved: every square is filled and no three are in a line.")
        elif done == free:
            summary = tr("Every square is filled, but three equal marks are in a line somewhere. Check shows where.")
        else:
            summary = tr("{done} of {free} squares filled.", done=done, free=free)
            if st.anchors:
                summary += ntr(" {n} anchor set.", " {n} anchors set.", len(st.anchors))

        def cells(mask: Mask) -> list[list[int]]:
            return [list(grid.cell(i)) for i in bits(mask)]

        return {
            "marks": [[*grid.cell(i), "X" if st.x >> i & 1 else "O"] for i in bits(st.x | st.o)],
            "since_anchor": cells(since),
            "anchors": len(st.anchors),
            "broken": cells(broken),
            "wrong": cells(wrong),
            "filled": done,
            "free": free,
            "complete": complete,
            "summary": summary,
        }

    def picture(self, st: GGState) -> list[str]:
        return self._grid(st).text().replace("#", "*").split("\n")

    def describe(self, st: GGState) -> list[str]:
        grid = self._grid(st)
        rows = [list(row) for row in self.picture(st)]
        for i in bits(st.x | st.o):  # the player's marks in lower case: the givens stay upper case
            r, c = grid.cell(i)
            rows[r][c] = rows[r][c].lower()
        names = {
            "X": N_("X given"),
            "O": N_("O given"),
            "x": N_("X"),
            "o": N_("O"),
            ".": N_("empty"),
            "*": N_("blocked"),
        }
        lines = words.grid_lines(("".join(row) for row in rows), lambda ch, n: tr(names[ch]))
        return [self.view(st)["summary"], *lines]

    # -- help from the solver ---------------------------------------------------------------------------

    def hint(self, st: GGState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        grid, broken, wrong = self._mistakes(st)
        if not grid.empty and not broken:
            return Hint("solved", tr("Solved: nothing is left to fill."))
        if broken:
            cells = [grid.cell(i) for i in bits(broken)]
            return Hint("blocked", tr("Three equal marks are in a line (marked): change one of them."), None, cells)
        if wrong:
            i = (wrong & -wrong).bit_length() - 1
            back = tr(" or go back to your anchor") if st.anchors else ""
            message = tr(
                "The {value} at {value2} is a mistake: the solution has the other mark. Change it{back}.",
                value=grid.at(i),
                value2=name(grid, i),
                back=back,
            )
            return Hint("blocked", message, None, [grid.cell(i)])
        step = next_step(grid, st.puzzle.solution)
        assert step is not None
        r, c = grid.cell(step.cell)
        cells = [(r, c)] + [grid.cell(i) for i in step.because]
        return Hint("place", step.message, f"{r},{c}={step.mark}", cells)

    def solve(self, st: GGState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        grid = st.puzzle.grid
        sx = st.puzzle.solution[0]
        rows: dict[int, list[str]] = {}
        for i in st.puzzle.free:
            want = "X" if sx >> i & 1 else "O"
            have = "X" if st.x >> i & 1 else "O" if st.o >> i & 1 else "."
            if have != want:
                r, c = grid.cell(i)
                rows.setdefault(r, []).append(f"{r},{c}={want}")
        # one move per row, so Solve fills the board row by row rather than square by square
        return Solution(True, tr("Here is the solution."), [" ".join(row) for row in rows.values()])
