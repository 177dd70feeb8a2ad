"""Peg solitaire ("Resta Um"): jump pegs over each other until one is left.

Text formats:

* **desc**: a board, ``english``, ``french``, ``triangle``, four arm digits
  (``3322``) or ``RxC`` (each starts full but for its centre; the triangle,
  its top), or board rows joined by ``/`` (``o`` a peg, ``.`` an empty hole,
  ``#`` no hole), after ``tri:`` for a triangular board (row r holding holes
  0..r, jumps in six directions); then, optionally, ``~R,C``: the hole the last peg must end
  in (0-based row and column).
* **state**: the jumps made from the start, ``R,C-R,C`` each (from the peg's
  hole to the landing hole), joined by ``;``.
* **move**: one jump ``R,C-R,C``, or ``clear`` (back to the start).

Moves are counted the way the literature counts them: consecutive jumps of
one peg are one move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..budget import Budget, Outcome
from ..digits import DigitReader, DigitWriter
from ..errors import IllegalMoveError, ParseError
from ..i18n import N_, ntr, tr
from ..limits import MAX_DESC, MAX_STATE, within
from ..pegs import board as boards
from ..pegs.board import Cell, Jump, PegBoard
from ..pegs.generator import LEVELS, generate
from ..pegs.solver import solve
from . import words
from .base import JSON, Field, Form, GameBase, Hint, Preset, PrintStyle, ProgressFn, Situation, Solution, Status


@dataclass(frozen=True)
class JumpMove:
    """``3,1-3,3``: the peg at row 3, column 1 jumps to row 3, column 3 (0-based)."""

    src: tuple[int, int]
    dst: tuple[int, int]


@dataclass(frozen=True)
class Restart:
    """``clear``: back to the start (a solution from the start begins with it)."""


PegMove = JumpMove | Restart
_JUMP = re.compile(r"^\s*([0-9]{1,3}),([0-9]{1,3})-([0-9]{1,3}),([0-9]{1,3})\s*$")
_FINISH = re.compile(r"^([0-9]{1,3}),([0-9]{1,3})$")
NEW_ON = (N_("english"), N_("french"), N_("triangle"), "2121", "3322", "3333", "6x4")  # boards the form offers
TRIANGLE_ROWS = "tri:"  # a position on a triangular board: its rows follow

RULES = N_("""\
Jump one peg over a neighbouring peg into the empty hole just beyond it, along a row or a column
(on the triangle, along its three directions); the peg jumped over is taken off the board. Keep
jumping until one peg is left. Some puzzles ask for the last peg in a chosen hole, marked with a
ring.

Move a peg: drag it over its neighbour into the empty hole, or tap the peg and then tap the hole.
The holes it can jump to are marked while it is chosen. "Draw a board" opens an editor: choose
Peg, Empty hole, No hole or Finish ring and tap or drag over the grid, then play your board.

The game counts moves as players of peg solitaire do: several jumps in a row by the same peg are
one move. Hint shows a jump that keeps the game winnable, or tells you why this position can no
longer be won: a separated group of pegs, a peg that can never move, pegs on the wrong class of
holes (which are then marked), or a pagoda function: numbers on the holes such that no jump
raises the sum under the pegs, shown on the board, where the pegs add up to less than the last
peg would need. Solve shows a winning line from here, or from the start. Undo
and Redo step through your jumps.""")


@dataclass(frozen=True)
class PegState:
    desc: str
    board: PegBoard
    start: int
    finish: int | None
    jumps: tuple[Jump, ...]
    pegs: int


@lru_cache(maxsize=64)
def _puzzle(desc: str) -> tuple[PegBoard, int, int | None]:
    within(desc, N_("the puzzle description"), MAX_DESC)
    spec, _, finish_text = desc.partition("~")
    if spec.startswith(TRIANGLE_ROWS):
        rows = spec[len(TRIANGLE_ROWS) :].split("/")
        if any(len(row.rstrip("#")) > r + 1 for r, row in enumerate(rows)):
            raise ParseError(tr("on a triangular board, row r has at most r holes (counted from 1)"))
        board, pegs = boards.parse("\n".join(rows), boards.TRIANGULAR)
    elif "/" in spec or spec.strip().startswith(("o", ".", "#")):
        board, pegs = boards.parse(spec.replace("/", "\n"))
    else:
        board, pegs = boards.named(spec)
    finish = None
    if finish_text:
        m = _FINISH.match(finish_text.strip())
        if not m:
            raise ParseError(tr("the finish is R,C (row and column), not {value!r}", value=finish_text[:20]))
        cell = (int(m.group(1)), int(m.group(2)))
        if cell not in board.index:  # quoted as written (the text counts from 0)
            raise ParseError(tr("the finish {value} is not a hole of the board", value=finish_text.strip()[:20]))
        finish = board.hole(cell)
    if pegs == 0:
        raise ParseError(tr("the board has no pegs"))
    return board, pegs, finish


def _board_name(desc: str) -> str:
    spec, _, finish = desc.partition("~")
    s = spec.strip().lower().partition("@")[0]  # the board's name, whichever hole starts empty
    name = {"english": tr("English board"), "french": tr("French board"), "triangle": tr("triangle")}.get(s)
    if s.startswith(TRIANGLE_ROWS):
        name = tr("triangle")
    if name is None:
        rows = s.split("/")  # a board drawn or generated: named by its size (it may be nobody's own)
        drawn = tr("board {rows} × {cols}", rows=len(rows), cols=max(map(len, rows)))
        name = tr("board {s}", s=s) if s.isdigit() else s.replace("x", " × ") if "/" not in s else drawn
    return name + (tr(" (one peg in the ring)") if finish else "")


def _jump_text(board: PegBoard, j: Jump) -> str:
    (r1, c1), (r2, c2) = board.cells[j.a], board.cells[j.c]
    return f"{r1},{c1}-{r2},{c2}"


def _why_no_jump(board: PegBoard, src: Cell, dst: Cell) -> str:
    """Why a peg cannot go from ``src`` to ``dst``, as a player reads it (the rule where it was broken)."""
    dr, dc = dst[0] - src[0], dst[1] - src[1]
    steps = max(abs(dr), abs(dc))
    if steps == 0:
        return tr("drop the peg on another hole")
    straight = (dr == 0 or dc == 0 or abs(dr) == abs(dc)) and (dr // steps, dc // steps) in board.directions
    if not straight:
        if board.directions == boards.SQUARE:
            return tr("a peg jumps along a row or a column, not at a slant")
        return tr("a peg jumps along a row or a slanting line of the triangle")
    if steps == 1:
        return tr("a peg jumps over its neighbour: drop it two holes away, not next to it")
    if steps > 2:
        return tr("that hole is {n} holes away: a peg jumps over one neighbour into the hole just past it", n=steps)
    return tr("there is no hole between them to jump over")


def moves_counted(jumps: tuple[Jump, ...]) -> int:
    """Moves as the literature counts them: a jump by the peg that made the last one continues its move."""
    return sum(1 for i, j in enumerate(jumps) if i == 0 or jumps[i - 1].c != j.a)


class PegsGame(GameBase[PegState, PegMove]):
    """Peg solitaire on the source's boards, the French and triangular boards, and any drawn board."""

    id = "pegs"
    view_module = "pegs"
    title = N_("Peg solitaire")
    description = N_("Jump pegs over each other and take them off, until only one is left.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer", "race")
    picture_solved = False
    print_style: PrintStyle = "holes"
    # the puzzle of the day: grown backwards from one peg, the triangle and the levels of the
    # generator in turn, up to the 39 holes of 3322 on Sunday
    daily_levels: tuple[str, ...] = (
        "new:triangle:easy",
        "new:english:easy",
        "new:triangle:medium",
        "new:english:medium",
        "new:french:medium",
        "new:english:hard",
        "new:3322:hard",
    )
    # what its result codes are packed against (format 1 of the race's codes: never change it)
    race_dictionary = "1,3-3,3;2,1-2,3;4,1-2,1;2,0-2,2;4,0-2,0;2,3-2,1;2,5-2,3;0,4-2,4;0,2-0,4;3,4-1,4;5,2-3,2;6,4-4,4;"

    def situations(self) -> list[Situation]:
        return [
            Situation(
                "no jump left, four pegs stay",
                "english",
                "3,1-3,3;3,4-3,2;5,4-3,4;4,2-4,4;4,0-4,2;3,4-5,4;3,6-3,4;6,4-4,4;5,2-5,4;2,0-4,0;2,2-2,0;4,2-2,2;"
                "2,3-2,1;4,4-6,4;0,3-2,3;4,6-4,4;2,4-2,2;3,4-5,4;6,4-4,4;2,1-2,3;2,6-2,4;6,2-6,4;1,4-3,4;3,4-5,4;"
                "0,2-2,2;6,4-4,4;2,3-2,1;2,0-2,2",
            )
        ]

    def presets(self) -> list[Preset]:
        return [
            Preset(N_("English (33 holes)"), "english"),
            Preset(N_("Triangle (15 holes)"), "triangle"),
            Preset(N_("English, finish in the centre"), "english~3,3"),
            Preset(N_("A new English puzzle"), "new:english:medium"),
            Preset(N_("A hard English puzzle"), "new:english:hard"),
            Preset(N_("A new triangle puzzle"), "new:triangle:medium"),
            Preset("6 x 4", "6x4"),
            Preset(N_("2121 (27 holes)"), "2121"),
            Preset(N_("3322 (39 holes)"), "3322"),
            Preset(N_("French (37 holes)"), "french@2,3"),  # the centre vacancy cannot be won
            Preset(N_("1111: can it be done?"), "1111"),
        ]

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("A new puzzle"),
                "new:{board}:{level}",
                (
                    Field("board", N_("board"), "english", options=NEW_ON),
                    Field("level", N_("level"), "medium", options=LEVELS),
                ),
            )
        ]

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """``params`` itself (a board), or ``new:BOARD:LEVEL``: a puzzle grown backwards from one
        peg on a square board (pento_core.pegs.generator), with its finish hole; same seed, same puzzle."""
        if params.startswith("new:"):
            _, board_name, level = ([*params.split(":"), "", ""])[:3]
            board, _ = boards.named(board_name)
            g = generate(board, level or "medium", seed, budget, progress)
            rows = board.text(g.pegs).replace(" ", "#").split("\n")
            r, c = board.cells[g.finish]
            prefix = TRIANGLE_ROWS if board.directions == boards.TRIANGULAR else ""
            desc = prefix + "/".join(rows) + f"~{r},{c}"
            _puzzle(desc)
            return desc
        _puzzle(params)
        return params

    def validate(self, desc: str) -> None:
        _puzzle(desc)

    def start(self, desc: str, state: str = "") -> PegState:
        board, pegs, finish = _puzzle(desc)
        st = PegState(desc, board, pegs, finish, (), pegs)
        for token in (t for t in within(state, N_("the position"), MAX_STATE).split(";") if t.strip()):
            st = self.apply(st, token)
        return st

    def write_state(self, st: PegState) -> str:
        return ";".join(_jump_text(st.board, j) for j in st.jumps)

    def pack_solution(self, st: PegState, out: DigitWriter) -> bool:
        """The jumps as choices: how many, then each one's place among the jumps possible then
        (:meth:`PegBoard.moves`' order; the English board's 31 jumps in about 80 bits)."""
        out.put_count(len(st.jumps))
        pegs = st.start
        for jump in st.jumps:
            moves = st.board.moves(pegs)
            out.put(moves.index(jump), len(moves))
            pegs = jump.after(pegs)
        return True

    def unpack_solution(self, desc: str, src: DigitReader) -> str:
        board, pegs, _ = _puzzle(desc)
        jumps: list[Jump] = []
        for _ in range(src.take_count()):
            moves = board.moves(pegs)
            if not moves or len(jumps) >= board.size:
                raise ParseError(tr("no jump is possible here"))
            jumps.append(moves[src.take(len(moves))])
            pegs = jumps[-1].after(pegs)
        return ";".join(_jump_text(board, j) for j in jumps)

    def parse_move(self, text: str) -> PegMove:
        if text.strip() == "clear":  # back to the start (Solve from the start begins with it)
            return Restart()
        m = _JUMP.match(text)
        if not m:
            raise ParseError(tr("{value!r} is not a jump like 3,1-3,3", value=text[:30]))
        r1, c1, r2, c2 = (int(x) for x in m.groups())
        return JumpMove((r1, c1), (r2, c2))

    def write_move(self, move: PegMove) -> str:
        if isinstance(move, Restart):
            return "clear"
        return f"{move.src[0]},{move.src[1]}-{move.dst[0]},{move.dst[1]}"

    def play(self, st: PegState, move: PegMove) -> PegState:
        if isinstance(move, Restart):
            return PegState(st.desc, st.board, st.start, st.finish, (), st.start)
        (r1, c1), (r2, c2) = move.src, move.dst
        board = st.board
        a, c = board.hole((r1, c1)), board.hole((r2, c2))
        mid = ((r1 + r2) // 2, (c1 + c2) // 2)
        j = next((j for j in board.jumps if j.a == a and j.c == c), None)
        if j is None:
            raise IllegalMoveError(_why_no_jump(board, move.src, move.dst))
        # rows and columns are counted from 1 in what a player reads (the move text counts from 0)
        if not st.pegs >> a & 1:
            raise IllegalMoveError(tr("there is no peg at row {r1}, column {c1}", r1=r1 + 1, c1=c1 + 1))
        if not st.pegs >> j.b & 1:
            raise IllegalMoveError(
                tr("there is no peg to jump over at row {value}, column {value2}", value=mid[0] + 1, value2=mid[1] + 1)
            )
        if st.pegs >> c & 1:
            raise IllegalMoveError(tr("the hole at row {r2}, column {c2} is not empty", r2=r2 + 1, c2=c2 + 1))
        pegs = j.after(st.pegs)
        return PegState(st.desc, board, st.start, st.finish, (*st.jumps, j), pegs)

    # -- what the view needs ---------------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        board, _, finish = _puzzle(desc)
        goal = tr("Leave one peg") + (tr(" in the ringed hole.") if finish is not None else tr(", anywhere."))
        return {
            "title": tr("Peg solitaire: {value}", value=_board_name(desc)),
            "goal": goal,
            "rows": board.height,
            "cols": board.width,
            "holes": [list(c) for c in board.cells],
            "finish": None if finish is None else list(board.cells[finish]),
            "triangular": board.directions != boards.SQUARE,
        }

    def view(self, st: PegState) -> JSON:
        board = st.board
        left = st.pegs.bit_count()
        complete = left == 1 and (st.finish is None or st.pegs == 1 << st.finish)
        moves = board.moves(st.pegs)
        lost = not complete and not moves
        counted = moves_counted(st.jumps)
        jumps = ntr("{n} jump", "{n} jumps", len(st.jumps))
        done = ntr("{n} move ({jumps})", "{n} moves ({jumps})", counted, jumps=jumps)
        if complete:  # one sentence with its own plural: "in {n} moves" takes another case in German
            summary = ntr(
                "One peg left: solved in {n} move ({jumps}).",
                "One peg left: solved in {n} moves ({jumps}).",
                counted,
                jumps=jumps,
            )
        elif lost:
            summary = ntr(
                "No jump is left: {n} peg stays. Undo, or start again.",
                "No jump is left: {n} pegs stay. Undo, or start again.",
                left,
            )
        else:
            summary = ntr("{n} peg left; {done} so far.", "{n} pegs left; {done} so far.", left, done=done)
        return {
            "pegs": [list(board.cells[i]) for i in range(board.size) if st.pegs >> i & 1],
            "moves": [[*board.cells[j.a], *board.cells[j.c]] for j in moves],
            "left": left,
            "jumps": len(st.jumps),
            "counted_moves": counted,
            "complete": complete,
            "lost": lost,
            "summary": summary,
        }

    def status_of(self, st: PegState, view: JSON) -> Status:
        """Lost when no jump is left and more than one peg (or the last peg not in the ring)."""
        if view["lost"]:
            return Status("lost", view["summary"])
        return super().status_of(st, view)

    def picture(self, st: PegState) -> list[str]:
        return [row.replace("o", "P") for row in st.board.text(st.pegs).split("\n")]

    def describe(self, st: PegState) -> list[str]:
        def name(ch: str, n: int) -> str | None:
            return ntr("peg", "pegs", n) if ch == "P" else ntr("empty hole", "empty holes", n) if ch == "." else None

        view = self.view(st)
        lines = [view["summary"], *words.grid_lines(self.picture(st), name)]
        if st.finish is not None:
            lines.append(tr("The last peg must end at {cell}.", cell=words.cell(*st.board.cells[st.finish])))
        cells = st.board.cells
        jumps = [
            tr(
                "{start} over {middle} to {end}",
                start=words.cell(*cells[j.a]),
                middle=words.cell(*cells[j.b]),
                end=words.cell(*cells[j.c]),
            )
            for j in st.board.moves(st.pegs)
        ]
        if jumps:
            lines.append(tr("Jumps you can make: {jumps}.", jumps=words.listing(jumps)))
        return lines

    # -- help from the solver ---------------------------------------------------------------------------

    def hint(self, st: PegState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        board = st.board
        view = self.view(st)
        if view["complete"]:
            return Hint("solved", tr("Solved: one peg is left."))
        if view["lost"]:  # plain words: no proof is needed when no jump is left
            return Hint("blocked", tr("No jump is left, so the game is over. Undo a few jumps, or start again."))
        verdict = solve(board, st.pegs, st.finish, budget, keep=True, start=st.start, whole=False)
        if verdict.status is Outcome.YES:
            j = verdict.moves[0]
            (r1, c1), (r2, c2) = board.cells[j.a], board.cells[j.c]
            return Hint(
                "place",
                tr(
                    "Jump the peg at row {value}, column {value2} into row {value3}, column {value4}: the game"
                    " stays winnable.",
                    value=r1 + 1,
                    value2=c1 + 1,
                    value3=r2 + 1,
                    value4=c2 + 1,
                ),
                _jump_text(board, j),
                [board.cells[j.a], board.cells[j.c]],
            )
        if verdict.status is Outcome.UNKNOWN:
            again = tr("The solver ran out of time on this position. Ask again: it goes on from where it stopped.")
            return Hint("unknown", again)
        lost = verdict.proof
        cells = [board.cells[i] for i in range(board.size) if lost and lost.marked >> i & 1]
        labels = [(*board.cells[i], str(v)) for i, v in enumerate(lost.values if lost else ()) if v]
        note = tr(" Holes without a number count 0.") if labels else ""
        return Hint(
            "blocked",
            tr("This position can no longer be won: {reason}.{note}", reason=verdict.reason, note=note),
            None,
            cells,
            0,
            labels,
        )

    def solve(self, st: PegState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        board = st.board
        budget = budget.started()
        verdict = solve(board, st.pegs, st.finish, budget, keep=True, start=st.start)
        if verdict.status is Outcome.YES:
            return Solution(True, tr("Here is a winning line."), [_jump_text(board, j) for j in verdict.moves])
        if st.jumps and verdict.status is Outcome.NO:
            again = solve(board, st.start, st.finish, budget, start=st.start)
            if again.status is Outcome.YES:
                moves = [_jump_text(board, j) for j in again.moves]
                return Solution(True, tr("This position cannot be won; here is a line from the start."), moves, True)
        if verdict.status is Outcome.UNKNOWN:
            return Solution(False, tr("The solver ran out of time."))
        return Solution(False, tr("This board cannot be won: {reason}.", reason=verdict.reason))
