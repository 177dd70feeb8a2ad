"""Tangram: lay the seven tans to form a silhouette, recognised by its outline whatever the arrangement.

Text formats:

* **params** (for :meth:`TangramGame.new`): a figure's name (``Cat``) or slug
  (``cat``), ``random`` or ``random:CATEGORY`` (a figure drawn by the seed),
  ``new:LEVEL`` (a new silhouette, generated: :mod:`~pento_core.tangram.generator`),
  ``free`` (make your own), or a desc.
* **desc**: a library figure's slug (``square``, ``hexagon-1``); ``made:``
  and an arrangement (:mod:`~pento_core.tangram.arrangement`): the
  silhouette those seven tans make, a player's own puzzle; ``new:LEVEL:`` and an
  arrangement: a generated silhouette of that level (the figure travels in the link, so a
  link keeps its figure whatever a later generator makes); ``free``: no silhouette, the
  table to make one on.
* **state**: the seven tans in the set's order (S, S, M, L, L, Q, P), joined
  by ``;``, each ``-`` (still in the tray) or placed (``L3@1+√2,2``); ``""``
  is every tan in the tray.
* **move**: ``I=PLACED`` puts tan ``I`` (0-6) exactly there; ``I=-`` puts it
  back in the tray; ``drop I X Y`` drops it with its first corner near the
  decimal point ``X,Y`` (snapped: :mod:`~pento_core.tangram.table`); ``turn I
  +1`` / ``turn I -1`` turns it by 45° about its centre; ``flip I`` turns it
  over; ``shift I DX DY`` moves it by exact amounts (the keyboard's arrows);
  ``clear`` puts every tan back in the tray.

Coordinates are table units with y upwards: the small triangle's legs are 1.
A library silhouette lies where its outline's points say; a ``made:`` one is
moved so that its lowest, leftmost corner is at 0,0.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from ..budget import Budget, Progress
from ..errors import IllegalMoveError, ParseError, PentoError
from ..i18n import N_, ntr, tr
from ..limits import MAX_DESC, within
from ..tangram import arrangement, generator, library, thermometer
from ..tangram.arrangement import CODES, Placed, parse_placed
from ..tangram.geometry import Point, Polygon, ccw, normalise, shape
from ..tangram.number import Surd
from ..tangram.number import parse as parse_number
from ..tangram.outline import Silhouette, Verdict, check, overlap, trace
from ..tangram.table import REACH, flipped, marks, parse_float, snap, turned, write_float
from .base import JSON, Field, Form, GameBase, Hint, Preset, PrintStyle, ProgressFn, Solution

SET = ("S", "S", "M", "L", "L", "Q", "P")  # the state's order of the tans
# the slots of SET in the order the tans are numbered for the player (the page writes the numbers on
# the tans and keys 1 to 7 choose them): the large triangles first, the square and parallelogram last
NUMBERED = (3, 4, 2, 0, 1, 5, 6)
MAX_TANGRAM_STATE = 2_000  # seven placed tans with exact numbers fit in far less
FREE = "free"
MADE = "made:"
GENERATED = "new:"
MARGIN = 2  # table units around a silhouette where tans can be laid
FREE_TABLE = (0.0, 0.0, 10.0, 8.0)  # the table to make a figure on
PICTURE_STEPS = 3  # picture cells per table unit ...
PICTURE_MAX = 40  # ... and at most this many a side: tans spread over the free table made 366 x 366 (seconds a move)

RULES = N_("""\
Lay all seven tans (two large triangles, a medium one, two small ones, a square and a
parallelogram) so that together they cover the grey silhouette exactly, without overlapping. Any
arrangement that makes the figure counts: the game compares the outline of your tans with the
silhouette's, exactly.

Drag a tan from the tray onto the table. Turn the chosen tan by 45 degrees with the turn buttons,
the R key (Shift+R turns the other way), a double click or a two-finger twist; flip it with Flip or
F (only the parallelogram looks different flipped). Drop a tan near another or near a corner of the
silhouette and it snaps into place, corner to corner. Drag a tan back to the tray to take it off.

The thermometer shows how far you are: how much of the set lies where a solution has it. Every tan
you put in a right place raises it; a tan that overlaps another or sticks out of the silhouette
never does. It reaches 100 % when the figure is made.

Hint puts one tan where it lies in one solution. Make your own: arrange the tans into any figure
(pieces touching along edges) and save it as a puzzle to share by link.""")


@dataclass(frozen=True)
class Target:
    """A puzzle: its silhouette (None on the free table), its name, one arrangement that makes it."""

    name: str
    category: str
    silhouette: Silhouette | None
    solution: tuple[Placed, ...]
    table: tuple[float, float, float, float]  # xmin, ymin, xmax, ymax of where tans can lie


@dataclass(frozen=True)
class TanState:
    desc: str
    target: Target
    tans: tuple[Placed | None, ...]  # SET order; None: in the tray


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


_LIBRARY = {slug(f.name): f for f in library.FIGURES}


def _bounds(points: list[Point]) -> tuple[float, float, float, float]:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _table_around(outline: Polygon) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = _bounds(list(outline))
    return (math.floor(x0) - MARGIN, math.floor(y0) - MARGIN, math.ceil(x1) + MARGIN, math.ceil(y1) + MARGIN)


def in_set_order(tans: list[Placed]) -> list[tuple[int, Placed]]:
    """Each tan of an arrangement with the index in :data:`SET` (a position's slot) it takes: the
    first free slot of its kind."""
    free = list(range(len(SET)))
    out = []
    for tan in tans:
        i = next(k for k in free if SET[k] == tan.code)
        free.remove(i)
        out.append((i, tan))
    return out


def moved_home(tans: list[Placed]) -> tuple[list[Placed], Silhouette]:
    """The tans moved so that their figure's lowest, then leftmost corner is at 0,0, and that figure:
    the same figure made anywhere on the table is the same puzzle, with the same link."""
    sil = figure_of(tans)
    low = min(sil.outline, key=lambda p: (p[1], p[0]))

    def home(poly: Polygon) -> Polygon:
        return tuple((x - low[0], y - low[1]) for x, y in poly)

    moved = [replace(t, at=(t.at[0] - low[0], t.at[1] - low[1])) for t in tans]
    return moved, Silhouette(home(sil.outline), tuple(home(h) for h in sil.holes))


def figure_of(tans: list[Placed]) -> Silhouette:
    """The silhouette seven tans make, or a PentoError saying why they make none."""
    traced = trace([t.polygon() for t in tans])
    if traced.overlap is not None:
        i, j = traced.overlap
        first, second = tr(CODES[tans[i].code]), tr(CODES[tans[j].code])
        raise PentoError(tr("the {first} and the {second} overlap", first=first, second=second))
    if len(traced.outlines) != 1:
        raise PentoError(
            tr(
                "the tans make {n_outlines} separate figures: they must touch along their edges",
                n_outlines=len(traced.outlines),
            )
        )
    return Silhouette(traced.outlines[0], tuple(traced.holes))


def _level(level: str) -> str:
    """A new silhouette's level, checked (:data:`~pento_core.tangram.generator.LEVELS`)."""
    if level not in generator.LEVELS:
        raise ParseError(tr("a new silhouette's level is easy, medium or hard, not {value!r}", value=level[:20]))
    return level


def _tries(progress: ProgressFn | None) -> Callable[[int], None] | None:
    """The generator's count of figures grown, as the progress the page shows."""
    if progress is None:
        return None
    started = time.monotonic()
    report = progress
    return lambda tries: report(Progress(tries, 0, time.monotonic() - started, "figures"))


@lru_cache(maxsize=64)
def _target(desc: str) -> Target:
    within(desc, N_("the puzzle description"), MAX_DESC)
    if desc == FREE:
        return Target(N_("your own figure"), "", None, (), FREE_TABLE)
    if desc.startswith(MADE):
        tans, sil = moved_home(arrangement.parse(desc[len(MADE) :]))
        return Target(tr("your silhouette"), tr("made by a player"), sil, tuple(tans), _table_around(sil.outline))
    if desc.startswith(GENERATED):
        level, _, placed = desc[len(GENERATED) :].partition(":")
        level = _level(level)
        tans, sil = moved_home(arrangement.parse(placed))
        name = {"easy": N_("A new silhouette, easy"), "medium": N_("A new silhouette, medium")}.get(
            level, N_("A new silhouette, hard")
        )
        return Target(name, N_("new silhouettes"), sil, tuple(tans), _table_around(sil.outline))
    fig = _LIBRARY.get(desc)
    if fig is None:
        raise PentoError(tr("there is no tangram figure called {value!r}", value=desc[:40]))
    sil = fig.silhouette()
    return Target(fig.name, fig.category, sil, tuple(fig.pieces()), _table_around(sil.outline))


def _same_place(a: Placed, b: Placed) -> bool:
    return a.code == b.code and set(a.polygon()) == set(b.polygon())


@dataclass(frozen=True)
class TanClear:
    """``clear``: every tan back to the tray."""


@dataclass(frozen=True)
class SetTan:
    """``3=L3@1,√2``: tan 3 exactly there (``3=-``: back to the tray); the hint and the solver's moves."""

    index: int
    placed: Placed | None


@dataclass(frozen=True)
class Drop:
    """``drop 3 1.25 -0.5``: tan 3 dropped near a point of the table, snapped to an exact place."""

    index: int
    x: float
    y: float


@dataclass(frozen=True)
class Shift:
    """``shift 3 1/2 √2``: tan 3 moved by an exact step (the arrow keys)."""

    index: int
    dx: Surd
    dy: Surd


@dataclass(frozen=True)
class Step:
    """``step 3 right``: tan 3 moved along an axis to the next place where one of its corners lines
    up with a snapping mark (the keyboard's arrows; see :meth:`TangramGame.step`)."""

    index: int
    direction: str  # left, right, up, down


STEPS: dict[str, tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


@dataclass(frozen=True)
class Turn:
    """``turn 3 +1``: tan 3 turned by 45°, counter-clockwise (``-1``: clockwise), then snapped."""

    index: int
    step: int


@dataclass(frozen=True)
class Flip:
    """``flip 3``: tan 3 turned over, then snapped."""

    index: int


TanMove = TanClear | SetTan | Drop | Shift | Step | Turn | Flip


class TangramGame(GameBase[TanState, TanMove]):
    """The seven tans and a silhouette; verified by outline, exactly (the SBGames 2008 poster)."""

    id = "tangram"
    view_module = "tangram"
    title = N_("Tangram")
    description = N_("Lay the seven tans to make the silhouette: any arrangement with its outline counts.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer", "race")
    picture_solved = False
    print_style: PrintStyle = "outline"
    # the puzzle of the day: a silhouette generated for the day, easy on Monday and Tuesday, medium
    # midweek, hard at the weekend
    daily_levels: tuple[str, ...] = (
        "new:easy",
        "new:easy",
        "new:medium",
        "new:medium",
        "new:medium",
        "new:hard",
        "new:hard",
    )
    # what its result codes are packed against (format 1 of the race's codes: never change it)
    race_dictionary = "S7@√2,√2;S1@1/2√2,3/2√2;M4@2√2,2√2;L5@√2,√2;L3@√2,√2;Q1@√2,√2;P3'@3/2√2,3/2√2;-1,0"

    def presets(self) -> list[Preset]:
        return [
            Preset(N_("Square"), "square"),
            Preset(N_("Arrow"), "arrow"),
            Preset(N_("Window with its pane out"), "window-with-its-pane-out"),
            Preset(N_("Hexagon 2"), "hexagon-2"),
            Preset(N_("A new silhouette, easy"), "new:easy"),
            Preset(N_("A new silhouette, medium"), "new:medium"),
            Preset(N_("A new silhouette, hard"), "new:hard"),
            Preset(N_("Make your own"), FREE),
        ]

    def forms(self) -> list[Form]:
        names = tuple(f.name for f in library.FIGURES)
        return [
            Form(N_("A silhouette"), "{figure}", (Field("figure", N_("figure"), names[0], options=names),)),
            Form(
                N_("A random silhouette"),
                "random:{category}",
                (Field("category", N_("from"), "any", options=(N_("any"), *library.CATEGORIES)),),
            ),
        ]

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """The desc for ``params`` (see the module docstring)."""
        text = params.strip()
        if text.startswith(GENERATED):
            level, _, placed = text[len(GENERATED) :].partition(":")
            if placed:  # a generated figure already: its desc
                self.validate(text)
                return text
            made = generator.generate(_level(level), seed, budget=budget, progress=_tries(progress))
            return f"{GENERATED}{level}:{arrangement.write(list(made.tans))}"
        if text.lower().startswith("random"):
            category = text.partition(":")[2].strip().lower() or "any"
            pool = [f for f in library.FIGURES if category in ("any", f.category)]
            if not pool:
                raise PentoError(tr("there is no category of figures called {value!r}", value=category[:40]))
            return slug(random.Random(f"tangram/1/{category}/{seed}").choice(pool).name)
        if text == FREE or text.startswith(MADE):
            self.validate(text)
            return text
        key = slug(text)
        if key not in _LIBRARY:
            raise PentoError(tr("there is no tangram figure called {value!r}", value=text[:40]))
        return key

    def validate(self, desc: str) -> None:
        _target(desc)

    def race_goal_missing(self, desc: str) -> str | None:
        """The free table is a figure of one's own: nothing to finish, so nothing to race to."""
        if desc.strip() == FREE:
            return tr("a figure of your own has no goal to reach: choose a figure to make")
        return None

    def start(self, desc: str, state: str = "") -> TanState:
        target = _target(desc)
        text = within(state, N_("the position"), MAX_TANGRAM_STATE).strip()
        if not text:
            return TanState(desc, target, (None,) * len(SET))
        parts = text.split(";")
        if len(parts) != len(SET):
            raise ParseError(tr("a position lists the seven tans, not {n_parts}", n_parts=len(parts)))
        tans: list[Placed | None] = []
        for i, part in enumerate(parts):
            if part.strip() == "-":
                tans.append(None)
                continue
            tan = parse_placed(part)
            if tan.code != SET[i]:
                raise ParseError(
                    tr(
                        "tan {i} of a position is a {value}, not a {value2}",
                        i=i,
                        value=tr(CODES[SET[i]]),
                        value2=tr(CODES[tan.code]),
                    )
                )
            tans.append(self._on_table(tan))
        return TanState(desc, target, tuple(tans))

    @staticmethod
    def _on_table(tan: Placed) -> Placed:
        if any(abs(float(c)) > REACH for c in tan.at):
            raise ParseError(tr("a tan must lie within {REACH} units of the table's centre", REACH=REACH))
        return tan

    def write_state(self, st: TanState) -> str:
        if all(t is None for t in st.tans):
            return ""
        return ";".join("-" if t is None else t.text() for t in st.tans)

    def _index(self, text: str) -> int:
        if not (text.isascii() and text.isdigit()) or int(text) >= len(SET):
            raise ParseError(tr("a tan is numbered 0 to 6, not {value!r}", value=text[:10]))
        return int(text)

    def parse_move(self, text: str) -> TanMove:
        words = text.split()
        if not words:
            raise ParseError(tr("an empty move"))
        if words == ["clear"]:
            return TanClear()
        if len(words) == 1 and "=" in words[0]:
            index, _, placed = words[0].partition("=")
            return SetTan(self._index(index), None if placed == "-" else parse_placed(placed))
        verb = words[0]
        if verb not in ("drop", "turn", "flip", "shift", "step") or len(words) < 2:
            raise ParseError(
                tr("{value!r} is not a tangram move (drop, turn, flip, shift, step, I=PLACED, clear)", value=text[:30])
            )
        i = self._index(words[1])
        if verb == "drop":
            if len(words) != 4:
                raise ParseError(tr("a drop is: drop I X Y"))
            return Drop(i, parse_float(words[2], "x"), parse_float(words[3], "y"))
        if verb == "shift":
            if len(words) != 4:
                raise ParseError(tr("a shift is: shift I DX DY"))
            return Shift(i, parse_number(words[2]), parse_number(words[3]))
        if verb == "step":
            if len(words) != 3 or words[2] not in STEPS:
                raise ParseError(tr("a step is: step I left, right, up or down"))
            return Step(i, words[2])
        if verb == "turn":
            if len(words) != 3 or words[2] not in ("+1", "-1", "1"):
                raise ParseError(tr("a turn is: turn I +1 (counter-clockwise) or turn I -1"))
            return Turn(i, -1 if words[2] == "-1" else 1)
        if len(words) != 2:
            raise ParseError(tr("a flip is: flip I"))
        return Flip(i)

    def write_move(self, move: TanMove) -> str:
        if isinstance(move, TanClear):
            return "clear"
        if isinstance(move, SetTan):
            return f"{move.index}={'-' if move.placed is None else move.placed.text()}"
        if isinstance(move, Drop):
            return f"drop {move.index} {write_float(move.x)} {write_float(move.y)}"
        if isinstance(move, Shift):
            return f"shift {move.index} {move.dx.text()} {move.dy.text()}"
        if isinstance(move, Step):
            return f"step {move.index} {move.direction}"
        if isinstance(move, Turn):
            return f"turn {move.index} {'+1' if move.step > 0 else '-1'}"
        return f"flip {move.index}"

    def play(self, st: TanState, move: TanMove) -> TanState:
        after = self._play(st, move)
        if len(self.write_state(after)) > MAX_TANGRAM_STATE:  # whatever the core writes, it reads back
            raise IllegalMoveError(tr("that place needs numbers too long to keep: move the tan a little"))
        return after

    def _play(self, st: TanState, move: TanMove) -> TanState:
        tans = list(st.tans)
        if isinstance(move, TanClear):
            return replace(st, tans=(None,) * len(SET))
        i = move.index
        if isinstance(move, SetTan):
            exact = move.placed
            if exact is not None and exact.code != SET[i]:
                raise IllegalMoveError(
                    tr(
                        "tan {i} is a {value}, not a {value2}",
                        i=i,
                        value=tr(CODES[SET[i]]),
                        value2=tr(CODES[exact.code]),
                    )
                )
            tans[i] = None if exact is None else self._on_table(exact)
            return replace(st, tans=tuple(tans))
        tan = tans[i]
        others = [t.polygon() for k, t in enumerate(tans) if t is not None and k != i]
        sil = st.target.silhouette
        spots = marks(others + ([sil.outline, *sil.holes] if sil else []))
        if isinstance(move, Drop):
            if tan is None:  # from the tray: it arrives as the tray shows it
                tan = Placed(SET[i], 0, False, (Surd(), Surd()))
            tans[i] = self._on_table(snap(tan, (move.x, move.y), spots, others))
            return replace(st, tans=tuple(tans))
        if tan is None:
            raise IllegalMoveError(
                tr("the {value} is still in the tray: put it on the table first", value=tr(CODES[SET[i]]))
            )
        if isinstance(move, Shift):
            tans[i] = self._on_table(replace(tan, at=(tan.at[0] + move.dx, tan.at[1] + move.dy)))
            return replace(st, tans=tuple(tans))
        if isinstance(move, Step):
            dx, dy = self.step(tan, STEPS[move.direction], spots, st.target.table)
            tans[i] = self._on_table(replace(tan, at=(tan.at[0] + dx, tan.at[1] + dy)))
            return replace(st, tans=tuple(tans))
        moved, want = turned(tan, move.step) if isinstance(move, Turn) else flipped(tan)
        tans[i] = self._on_table(snap(moved, want, spots, others))
        return replace(st, tans=tuple(tans))

    @staticmethod
    def step(tan: Placed, axis: tuple[int, int], spots: list[Point], table: tuple[float, float, float, float]) -> Point:
        """How far an arrow key moves ``tan`` along ``axis``: to the nearest place ahead where one of
        its corners lines up with a snapping mark (a corner or an edge middle of another tan or of
        the silhouette), or half a unit when that is nearer or there is none.

        Every place a drop can snap to is reached this way: the arrows along one axis stop at every
        line-up in turn, so they stop where the corner lines up with its mark, and then the other
        axis brings it onto the mark.  Keys alone finish any figure (a 45° tan's √2 places
        included, which half units never reach).  The tan stays over the table."""
        ux, uy = axis
        corners = tan.polygon()

        def along(p: Point) -> Surd:
            return p[0] * Surd(ux) + p[1] * Surd(uy)

        half = Surd(Fraction(1, 2))
        nearest = half
        for m in spots:
            for c in corners:
                d = along(m) - along(c)
                if d.sign() > 0 and d < nearest:
                    nearest = d
        move = (nearest * Surd(ux), nearest * Surd(uy))
        x0, y0, x1, y1 = table
        for c in corners:  # a step that would take a corner off the table's side it moves towards
            x, y = float(c[0] + move[0]), float(c[1] + move[1])
            if (ux > 0 and x > x1) or (ux < 0 and x < x0) or (uy > 0 and y > y1) or (uy < 0 and y < y0):
                raise IllegalMoveError(tr("the tan is at the edge of the table"))
        return move

    # -- what the view needs ---------------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        target = _target(desc)
        sil = target.silhouette

        def floats(poly: Polygon) -> list[list[float]]:
            return [[float(p[0]), float(p[1])] for p in poly]

        if sil is None:
            title, goal = (
                tr("Tangram: make your own"),
                tr("Arrange the seven tans into a figure of your own, then save it."),
            )
        else:
            title = tr("Tangram: {figure}", figure=tr(target.name))
            goal = tr("Cover the grey silhouette with all seven tans, in any arrangement.")
        return {
            "title": title,
            "goal": goal,
            "name": tr(target.name),
            "category": target.category,
            "free": sil is None,
            "outline": floats(sil.outline) if sil else [],
            "holes": [floats(h) for h in sil.holes] if sil else [],
            "table": list(target.table),
            "tans": [{"code": code, "name": CODES[code], "points": floats(ccw(shape(CODES[code])))} for code in SET],
            "numbered": list(NUMBERED),
        }

    def describe(self, st: TanState) -> list[str]:
        lines = [self.view(st)["summary"]]
        sil = st.target.silhouette
        if sil is not None:  # the figure to make, before the tans: what a sighted player sees first
            x0, y0, x1, y1 = _bounds(list(sil.outline))
            shape_line = tr(
                "The silhouette, {name}: an outline of {corners} corners, "
                "{width:.1f} units wide and {height:.1f} high.",
                name=tr(st.target.name),
                corners=len(normalise(ccw(sil.outline))),
                width=x1 - x0,
                height=y1 - y0,
            )
            if sil.holes:
                shape_line += " " + ntr("It has {n} hole.", "It has {n} holes.", len(sil.holes))
            lines.append(shape_line)
        for number, slot in enumerate(NUMBERED, 1):
            tan = st.tans[slot]
            name = tr(CODES[SET[slot]])
            if tan is None:
                lines.append(tr("Tan {number}, the {name}: in the tray.", number=number, name=name))
            else:
                corners = tan.polygon()
                x, y = (sum(float(p[k]) for p in corners) / len(corners) for k in (0, 1))
                lines.append(
                    tr(
                        "Tan {number}, the {name}: on the table, its middle at {x:.1f}, {y:.1f}, "
                        "turned {degrees} degrees{flipped}.",
                        number=number,
                        name=name,
                        x=x,
                        y=y,
                        degrees=tan.turn * 45,
                        flipped=tr(", flipped over") if tan.flip else "",
                    )
                )
        return lines

    def _verdict(self, st: TanState) -> Verdict | None:
        sil = st.target.silhouette
        if sil is None:
            return None
        return check(sil, [t.polygon() for t in st.tans if t is not None])

    def view(self, st: TanState) -> JSON:
        placed = [t for t in st.tans if t is not None]
        pieces = [
            None
            if t is None
            else {
                "text": t.text(),
                "at": [float(t.at[0]), float(t.at[1])],
                "points": [[float(p[0]), float(p[1])] for p in t.polygon()],
            }
            for t in st.tans
        ]
        out: JSON = {"tans": pieces, "placed": len(placed)}
        verdict = self._verdict(st)
        if verdict is None:  # the free table: can the tans be saved as a figure?
            made = ""
            if len(placed) == len(SET):
                try:
                    made = MADE + arrangement.write(moved_home(placed)[0])
                    summary = tr("The seven tans make one figure: save it as a puzzle, or keep shaping it.")
                except PentoError as err:
                    summary = tr("All seven tans are down, but {err}.", err=err)
            else:
                summary = tr(
                    "{n_placed} of 7 tans on the table: arrange all seven into one figure.", n_placed=len(placed)
                )
            out.update(progress=None, complete=False, made=made, summary=summary, reason="")
            return out
        # the thermometer: the share of the set in a solution's places (tangram/thermometer.py), not
        # the poster's measure (verdict.progress), which misled players
        sil = st.target.silhouette
        assert sil is not None
        reading = 100 if verdict.solved else thermometer.progress(sil, st.target.solution, st.tans)
        if verdict.solved:
            summary = tr("Solved: {name}, made with all seven tans.", name=tr(st.target.name))
        elif len(placed) == len(SET):
            summary = tr(
                "All seven tans are down, but {reason}. The silhouette is {progress}% done.",
                reason=verdict.reason,
                progress=reading,
            )
        else:
            summary = tr(
                "{n_placed} of 7 tans placed; the silhouette is {progress}% done.",
                n_placed=len(placed),
                progress=reading,
            )
        out.update(progress=reading, complete=verdict.solved, made="", summary=summary, reason=verdict.reason)
        return out

    def picture(self, st: TanState) -> list[str]:
        """The silhouette (dark) and the tans on it, sampled :data:`PICTURE_STEPS` times a unit, or
        fewer when that would make more than :data:`PICTURE_MAX` cells a side (it is a thumbnail)."""
        sil = st.target.silhouette
        polys = [(t.code, [(float(p[0]), float(p[1])) for p in t.polygon()]) for t in st.tans if t is not None]
        if sil is None:
            if not polys:  # the empty table: the seven tans as the classic square, for the start screen
                square = _LIBRARY["square"].pieces()
                polys = [(t.code, [(float(p[0]), float(p[1])) for p in t.polygon()]) for t in square]
            pts = [p for _, poly in polys for p in poly]
            x0, y0, x1, y1 = (
                min(p[0] for p in pts),
                min(p[1] for p in pts),
                max(p[0] for p in pts),
                max(p[1] for p in pts),
            )
        else:
            x0, y0, x1, y1 = _bounds(list(sil.outline))
        outline = [(float(p[0]), float(p[1])) for p in sil.outline] if sil else []
        holes = [[(float(p[0]), float(p[1])) for p in h] for h in sil.holes] if sil else []
        steps = min(float(PICTURE_STEPS), PICTURE_MAX / max(float(x1 - x0), float(y1 - y0), 1e-9))
        cols = max(1, round((x1 - x0) * steps))
        rows = max(1, round((y1 - y0) * steps))
        out = []
        for r in range(rows):
            y = y1 - (r + 0.53) / steps  # off the middle: never exactly on an edge between tans
            row = []
            for c in range(cols):
                x = x0 + (c + 0.47) / steps
                code = next((code for code, poly in polys if _inside((x, y), poly)), None)
                if code is not None:
                    row.append(code)
                elif outline and _inside((x, y), outline) and not any(_inside((x, y), h) for h in holes):
                    row.append("*")
                else:
                    row.append(" ")
            out.append("".join(row))
        return out

    # -- help from the stored arrangement ------------------------------------------------------------

    def _plan(self, st: TanState) -> list[tuple[int, Placed]]:
        """The moves (tan index, place) that finish the stored arrangement from ``st``.

        Tans are matched to the solution's places one to one: two tans of a kind on one place fill
        that place once, and the other is free to go to the kind's other place."""
        tans = list(st.tans)
        used: set[int] = set()
        missing = []
        for slot in st.target.solution:
            here = next(
                (i for i, t in enumerate(tans) if i not in used and t is not None and _same_place(t, slot)), None
            )
            if here is None:
                missing.append(slot)
            else:
                used.add(here)
        free = [i for i in range(len(tans)) if i not in used]
        plan = []
        for slot in missing:
            # a free tan of the slot's kind, a misplaced one on the table first, so that it is moved
            # rather than covered (the set has as many of each kind as the solution: there is one)
            i = min((i for i in free if SET[i] == slot.code), key=lambda i: tans[i] is None)
            free.remove(i)
            plan.append((i, slot))
        return plan

    def hint(self, st: TanState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        """One step towards the stored arrangement.  A misplaced tan goes to its place first, then a
        tan from the tray to a place nothing covers; when every place left is covered by misplaced
        tans, one of them goes back to the tray.  (A hint never lays a tan on top of another: it did,
        three times running, before moving the one in the way.)"""
        if st.target.silhouette is None:
            return Hint(
                "unknown", tr("This is your own figure: there is no solution to hint at. Shape it as you like.")
            )
        verdict = self._verdict(st)
        if verdict is not None and verdict.solved:
            return Hint("solved", tr("Solved: the seven tans make the figure."))
        plan = self._plan(st)
        if not plan:  # every tan is in a place of the solution, yet not solved: cannot happen
            return Hint("unknown", tr("Every tan is where the solution has it."))

        def covering(i: int, slot: Placed) -> list[int]:
            poly = slot.polygon()
            return [k for k, t in enumerate(st.tans) if t is not None and k != i and overlap(t.polygon(), poly)]

        free = [(i, slot) for i, slot in plan if not covering(i, slot)]
        step = next(((i, slot) for i, slot in free if st.tans[i] is not None), None) or (free[0] if free else None)
        if step is None:
            i, slot = plan[0]
            k = covering(i, slot)[0]
            message = tr(
                "Take the {tan} off the table: it lies where the {other} goes.", tan=_named(k), other=_named(i)
            )
            return Hint("place", message, f"{k}=-")
        i, slot = step
        message = tr("Here is where the {tan} lies in one solution.", tan=_named(i))
        return Hint("place", message, f"{i}={slot.text()}")

    def solve(self, st: TanState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        if st.target.silhouette is None:
            return Solution(False, tr("Your own figure has no solution to show: any figure you make is yours."))
        plan = self._plan(st)
        return Solution(True, tr("Here is one solution."), [f"{i}={slot.text()}" for i, slot in plan])


def _named(slot: int) -> str:
    """The tan of ``slot`` as the player knows it: its name and the number written on it."""
    return tr("{tan} {number}", tan=tr(CODES[SET[slot]]), number=NUMBERED.index(slot) + 1)


def _inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    """Point in polygon by crossings (for pictures only, never for a verdict)."""
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside
