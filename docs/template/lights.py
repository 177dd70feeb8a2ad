"""Lights out: the template game, the smallest complete backend, to copy when adding a game.

It lives in docs/template/ and is not in the registry; docs/adding-a-game.md says where its two
files go and the one registry line that makes it a game of Pento (tests/test_template.py keeps it
honest: it runs it through the protocol as the registry's games are run).

Pressing a light switches it and its neighbours up, down, left and right; put every light out.

Text formats:

* **params** (for :meth:`LightsGame.new`): ``RxC``, 2 to 7 a side, e.g. ``5x5``.
* **desc**: the lights at the start, rows joined by ``/``: ``#`` on, ``.`` off (``.#./###/.#.``).
  A desc is refused unless its lights can all be put out.
* **state**: the squares pressed so far, ``R,C`` joined by ``;`` in reading order (pressing one
  twice is as if never pressed, so a position is the set of squares pressed an odd number of times).
* **move**: ``R,C`` (0-based row and column) presses that square; ``clear`` starts again.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..budget import Budget
from ..errors import IllegalMoveError, ImpossibleError, ParseError
from ..i18n import N_, ntr, tr
from ..limits import MAX_DESC, MAX_STATE, number, within
from .base import JSON, Field, Form, GameBase, Hint, Preset, PrintStyle, ProgressFn, Solution

MAX_SIDE = 7
_PARAMS = re.compile(r"^\s*([0-9]{1,2})\s*x\s*([0-9]{1,2})\s*$", re.IGNORECASE)
_PRESS = re.compile(r"^\s*([0-9]{1,2}),([0-9]{1,2})\s*$")

RULES = N_("""\
Every square is a light. Pressing one switches it, and the squares next to it up, down, left and
right: those that were on go off, those that were off come on. Put every light out.

Tap or click a square to press it. Pressing a square twice undoes it, so the order of the presses
does not matter: only which squares were pressed.""")


@dataclass(frozen=True)
class Lights:
    """A position: the board's size, the lights at the start (bits, row by row), the squares pressed."""

    rows: int
    cols: int
    start: int
    pressed: int

    def press_mask(self, i: int) -> int:
        r, c = divmod(i, self.cols)
        mask = 1 << i
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                mask |= 1 << ((r + dr) * self.cols + c + dc)
        return mask

    @property
    def lit(self) -> int:
        """The lights on now: the start, switched by every square pressed."""
        on = self.start
        for i in range(self.rows * self.cols):
            if self.pressed >> i & 1:
                on ^= self.press_mask(i)
        return on


@dataclass(frozen=True)
class Press:
    """``R,C``: press one square."""

    cell: tuple[int, int]


@dataclass(frozen=True)
class Clear:
    """``clear``: undo every press."""


LightsMove = Press | Clear


def presses_to_put_out(rows: int, cols: int, lit: int) -> int | None:
    """The squares to press (bits) that put every light of ``lit`` out, or None when none do.

    Gaussian elimination over GF(2): pressing square i switches the lights of its mask, so the
    presses x solve sum(x_i * mask_i) = lit, one equation per light; free variables are left unpressed."""
    n = rows * cols
    board = Lights(rows, cols, 0, 0)
    # one row per light j: which presses switch it (bits 0..n-1), and whether it is on (bit n)
    equations = [sum(1 << i for i in range(n) if board.press_mask(i) >> j & 1) | (lit >> j & 1) << n for j in range(n)]
    pivots: list[tuple[int, int]] = []
    for col in range(n):
        row = next((k for k in range(len(pivots), n) if equations[k] >> col & 1), None)
        if row is None:
            continue
        top = len(pivots)
        equations[top], equations[row] = equations[row], equations[top]
        for k in range(n):
            if k != top and equations[k] >> col & 1:
                equations[k] ^= equations[top]
        pivots.append((top, col))
    if any(e == 1 << n for e in equations):  # 0 = 1: these lights cannot all go out
        return None
    return sum(1 << col for top, col in pivots if equations[top] >> n & 1)


def _board(desc: str) -> tuple[int, int, int]:
    rows = within(desc, N_("the board"), MAX_DESC).strip().split("/")
    cols = len(rows[0])
    if not 1 <= len(rows) <= MAX_SIDE or not 1 <= cols <= MAX_SIDE or any(len(r) != cols for r in rows):
        raise ParseError(tr("a board is 1 to {n} rows of 1 to {n} squares, all as long", n=MAX_SIDE))
    if any(ch not in "#." for row in rows for ch in row):
        raise ParseError(tr("a board is written with # (a light on) and . (off)"))
    lit = sum(1 << (r * cols + c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")
    if presses_to_put_out(len(rows), cols, lit) is None:
        raise ImpossibleError(tr("these lights can never all be put out"))
    return len(rows), cols, lit


class LightsGame(GameBase[Lights, LightsMove]):
    """Put every light out; each press switches a square and its neighbours."""

    id = "lights"
    view_module = "lights"
    title = N_("Lights out")
    description = N_("Press the squares to put every light out: each press switches its neighbours too.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer")
    picture_solved = False
    print_style: PrintStyle = ""  # no printed sheet: a paper board cannot switch its lights
    titled_by_board = True

    def presets(self) -> list[Preset]:
        return [Preset(N_("3 x 3"), "3x3"), Preset(N_("4 x 4"), "4x4"), Preset(N_("5 x 5"), "5x5")]

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("A new board"),
                "{rows}x{cols}",
                (Field("rows", N_("rows"), "5", 2, MAX_SIDE), Field("cols", N_("columns"), "5", 2, MAX_SIDE)),
            )
        ]

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """A board for ``RxC``: squares pressed at random on a dark board, so it can always be put
        out again; a desc is accepted as it is."""
        m = _PARAMS.match(params)
        if not m:
            self.validate(params)
            return params
        rows = number(m.group(1), N_("the number of rows"), 2, MAX_SIDE)
        cols = number(m.group(2), N_("the number of columns"), 2, MAX_SIDE)
        rng = random.Random(f"lights:{rows}x{cols}:{seed}")
        board = Lights(rows, cols, 0, 0)
        lit = 0
        while lit == 0:
            for i in rng.sample(range(rows * cols), (rows * cols) // 2):
                lit ^= board.press_mask(i)
        return "/".join("".join("#" if lit >> (r * cols + c) & 1 else "." for c in range(cols)) for r in range(rows))

    def validate(self, desc: str) -> None:
        _board(desc)

    def start(self, desc: str, state: str = "") -> Lights:
        rows, cols, lit = _board(desc)
        pressed = 0
        text = within(state, N_("the position"), MAX_STATE).strip()
        for one in text.split(";") if text else []:
            move = self.parse_move(one)
            if not isinstance(move, Press):
                raise ParseError(tr("a position lists squares like 2,3 separated by ;"))
            pressed ^= 1 << self._index(Lights(rows, cols, lit, 0), move.cell)
        return Lights(rows, cols, lit, pressed)

    def write_state(self, st: Lights) -> str:
        return ";".join(f"{i // st.cols},{i % st.cols}" for i in range(st.rows * st.cols) if st.pressed >> i & 1)

    def parse_move(self, text: str) -> LightsMove:
        if text.strip().lower() == "clear":
            return Clear()
        m = _PRESS.match(text)
        if not m:
            raise ParseError(tr("{value!r} is not a move like 2,3", value=text[:30]))
        return Press((int(m.group(1)), int(m.group(2))))

    def write_move(self, move: LightsMove) -> str:
        return "clear" if isinstance(move, Clear) else f"{move.cell[0]},{move.cell[1]}"

    def _index(self, st: Lights, cell: tuple[int, int]) -> int:
        r, c = cell
        if not (0 <= r < st.rows and 0 <= c < st.cols):
            raise IllegalMoveError(tr("there is no square at {r},{c} on this board", r=r, c=c))
        return r * st.cols + c

    def play(self, st: Lights, move: LightsMove) -> Lights:
        if isinstance(move, Clear):
            return Lights(st.rows, st.cols, st.start, 0)
        return Lights(st.rows, st.cols, st.start, st.pressed ^ 1 << self._index(st, move.cell))

    # -- what the view needs ---------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        rows, cols, _ = _board(desc)
        return {"rows": rows, "cols": cols, "goal": tr("Put every light out.")}

    def view(self, st: Lights) -> JSON:
        lit = st.lit
        on = lit.bit_count()
        summary = tr("Every light is out.") if on == 0 else ntr("{n} light is on.", "{n} lights are on.", on)
        return {
            "complete": on == 0,
            "summary": summary,
            "lit": [[i // st.cols, i % st.cols] for i in range(st.rows * st.cols) if lit >> i & 1],
            "presses": st.pressed.bit_count(),
        }

    def picture(self, st: Lights) -> list[str]:
        lit = st.lit
        return ["".join("*" if lit >> (r * st.cols + c) & 1 else "." for c in range(st.cols)) for r in range(st.rows)]

    def describe(self, st: Lights) -> list[str]:
        lines = [self.view(st)["summary"]]
        for r, row in enumerate(self.picture(st)):
            on = [str(c + 1) for c, ch in enumerate(row) if ch == "*"]
            lines.append(
                tr("Row {r}: on at {cols}.", r=r + 1, cols=", ".join(on)) if on else tr("Row {r}: all out.", r=r + 1)
            )
        return lines

    # -- help --------------------------------------------------------------------------------------

    def _solution(self, st: Lights) -> list[str]:
        presses = presses_to_put_out(st.rows, st.cols, st.lit)
        assert presses is not None  # a board is refused unless its lights can go out, and presses keep that
        return [f"{i // st.cols},{i % st.cols}" for i in range(st.rows * st.cols) if presses >> i & 1]

    def hint(self, st: Lights, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        moves = self._solution(st)
        if not moves:
            return Hint("solved", tr("Every light is out."))
        r, c = (int(x) for x in moves[0].split(","))
        return Hint("place", tr("Press row {r}, column {c}.", r=r + 1, c=c + 1), moves[0], [(r, c)])

    def solve(self, st: Lights, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        moves = self._solution(st)
        return Solution(
            True, ntr("{n} press puts every light out.", "{n} presses put every light out.", len(moves)), moves
        )
