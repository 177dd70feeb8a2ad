"""The small protocol every game implements (after sgtpuzzles' ``struct game``).

Everything crossing it is text or plain JSON data: a game is identified by
``id``; a puzzle by its *desc* string; a position by its *state* string; a
move by a *move* string.  Together they are the save format, the share link
(``#game:desc:state``) and the test fixture.  A desc that passes
:meth:`Game.validate` never makes the other methods crash.

What the page shows about a game before the engine has loaded (titles,
rules, presets and their pictures) is written at build time from this same
protocol (:mod:`pento_core.catalog`), so the registry stays the one source.

A *picture* is a small drawing of a board as text rows, the same for every
game: ``.`` an empty cell, a letter (or any other character) a cell covered
by that piece, ``*`` a blocked cell (drawn dark), a space no cell.  The page draws it on the start screen.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from ..budget import Budget, Progress
from ..digits import DigitReader, DigitWriter
from ..i18n import tr

JSON = dict[str, Any]
ProgressFn = Callable[[Progress], None]


@dataclass(frozen=True)
class Preset:
    """A named choice of parameters shown on the start screen."""

    label: str
    params: str


@dataclass(frozen=True)
class Situation:
    """A position whose lines a player reads but that playing a preset with the solver's moves
    never reaches (a dead end, a mistake, a loss): ``label`` says what it is, for a reviewer of
    docs/messages.md (English only: never shown in a game), ``desc`` and ``state`` are the position."""

    label: str
    desc: str
    state: str


@dataclass(frozen=True)
class Ladder:
    """Levels from easy to hard, shown on the start screen with the player's place on it: level
    ``n`` (1 to ``size``) is made by ``new(f"{params}:{n}", seed)``, and its ``info`` says
    ``ladder``: its params, its level, the size and the next level's params (None at the top)."""

    label: str
    params: str
    size: int


@dataclass(frozen=True)
class Field:
    """One input of a :class:`Form`: a number between ``low`` and ``high``, one of ``options``, or
    free text when it has neither (the game checks it, as it checks any desc).  ``option_labels``,
    when given, are what a player reads for each option (marked with ``N_``); else the option."""

    name: str
    label: str
    default: str
    low: int | None = None
    high: int | None = None
    options: tuple[str, ...] = ()
    option_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.option_labels and len(self.option_labels) != len(self.options):
            raise ValueError(f"field {self.name}: one label for each option")


@dataclass(frozen=True)
class Form:
    """Parameters chosen on the start screen: ``template`` with ``{name}`` replaced by each field's value."""

    label: str
    template: str
    fields: tuple[Field, ...]


HintKind = Literal["place", "blocked", "solved", "unknown"]


@dataclass(frozen=True)
class Hint:
    """``kind``: ``place`` (``move`` leads to a solution), ``blocked`` (the
    position cannot be completed; ``cells`` show what stands in the way),
    ``solved``, or ``unknown`` (the budget ran out)."""

    kind: HintKind
    message: str
    move: str | None = None
    cells: Sequence[tuple[int, ...]] = field(default_factory=list)  # (row, col); (layer, row, col) in a box
    copy: int = 0  # which copy of the board ``cells`` are on, for games with several
    labels: list[tuple[int, int, str]] = field(default_factory=list)  # text to show on cells (row, col, text)


@dataclass(frozen=True)
class Solution:
    """``moves`` to play from the current position (after clearing it when
    ``from_empty``); ``found`` is False when there is no solution or the budget ran out."""

    found: bool
    message: str
    moves: list[str] = field(default_factory=list)
    from_empty: bool = False


@dataclass(frozen=True)
class Status:
    """Where a position stands: ``playing`` (not over), ``solved`` (the puzzle is done, or the game
    is won by the player) or ``lost`` (over, and not won: the computer beat the player).
    ``reason`` is the line a player reads about it."""

    state: Literal["playing", "solved", "lost"]
    reason: str

    @property
    def over(self) -> bool:
        return self.state != "playing"


PrintStyle = Literal["", "tiles", "layers", "marks", "holes", "outline"]
"""How a printed sheet draws a game (``web/ui/print.js``): a board of cells with its pieces to cut out
(``tiles``), a box's layers side by side (``layers``, its picture), a grid with marks written in it
(``marks``), a board of holes and pegs (``holes``), a silhouette and its polygon pieces to cut out
(``outline``); ``""`` for a game not printed."""


@dataclass(frozen=True)
class Tilings:
    """Every tiling of a position, streamed as they are found: ``found`` yields each as the
    picture's rows joined by ``/`` (a letter a piece); ``symmetries`` is how many symmetries of the
    board the count ``distinct`` up to uses."""

    symmetries: int
    found: Iterator[str]


S = TypeVar("S")
M = TypeVar("M")


class Game(Protocol[S, M]):
    """A game backend, generic over its own immutable position type ``S`` and its move type ``M``.

    Text crosses the API; values stay inside: ``start``/``write_state`` are the position's
    parse/write pair and ``parse_move``/``write_move`` the move's (each round-trips, a test holds
    every game to it); ``apply`` is ``play`` on a parsed move."""

    id: str
    view_module: str  # the page's view that draws it: web/views/<view_module>.js (games may share one)
    title: str
    description: str  # one line a pupil understands, for the start screen
    rules: str  # the help page for a pupil: paragraphs separated by blank lines (lines within one are joined)
    # shell buttons the game supports: "hint", "solve", "timer", "ranking", and "race" (a class can
    # race on one puzzle: one pupil solves it against time, pento_core.classroom.race)
    features: tuple[str, ...]
    picture_solved: bool  # the start screen pictures a preset solved (a tiling) rather than as it starts
    print_style: PrintStyle  # how a printed sheet draws it
    titled_by_board: bool  # its page title names the board ("Pentomino cover: 6 x 10"), or the game alone
    # the puzzle of the day (pento_core.daily): seven params for ``new``, Monday's (the easiest)
    # first and Sunday's (the hardest) last; empty for a game with no puzzle of the day
    daily_levels: tuple[str, ...]
    ladders: tuple[Ladder, ...]  # ladders of levels (:class:`Ladder`); empty for most games

    def presets(self) -> list[Preset]: ...

    def situations(self) -> list[Situation]:
        """The positions its messages are also read in (:class:`Situation`; may be empty):
        docs/messages.md shows each with its status line and its hint, and tests/test_messages.py
        checks them as every other line."""
        ...

    def forms(self) -> list[Form]:
        """Parameter forms for the start screen (may be empty)."""
        ...

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """A puzzle desc for ``params``; the same seed always gives the same puzzle.
        ``progress`` is called now and then while a generator works; ``budget`` (the request's)
        bounds it: a generator out of time says so (PentoError), never offers what it could not prove."""
        ...

    def validate(self, desc: str) -> None:
        """Raise a PentoError with a readable message if ``desc`` is not a valid puzzle."""
        ...

    def start(self, desc: str, state: str = "") -> S:
        """The position ``state`` (default: the start) of puzzle ``desc``."""
        ...

    def write_state(self, state: S) -> str:
        """``state`` as text: ``start(desc, write_state(state))`` is ``state`` again."""
        ...

    def parse_move(self, text: str) -> M:
        """The move ``text`` writes: its syntax only (ParseError); whether it is legal is ``play``'s."""
        ...

    def write_move(self, move: M) -> str:
        """``move`` as text, the canonical way: ``parse_move`` reads it back as it was."""
        ...

    def play(self, state: S, move: M) -> S:
        """The position after ``move``; raises IllegalMoveError with the reason."""
        ...

    def apply(self, state: S, move: str) -> S:
        """``play`` of the move ``move`` writes."""
        ...

    def view(self, state: S) -> JSON:
        """Everything the JS view needs to draw ``state``, as plain JSON.

        Always holds ``complete`` (the puzzle is solved) and ``summary``: one
        line saying how far the player is (pieces placed, cells left...),
        which the page shows as its status whenever nothing newer is to say."""
        ...

    def status(self, state: S) -> Status:
        """Where ``state`` stands, typed: what the race, the win and the page read of a position."""
        ...

    def status_of(self, state: S, view: JSON) -> Status:
        """:meth:`status`, given ``view`` already made of ``state``: a request that sends both
        makes the view once."""
        ...

    def picture(self, state: S) -> list[str]:
        """A picture of ``state`` (see the module docstring)."""
        ...

    def preview(self, desc: str) -> S:
        """The position the start screen pictures for a preset of ``desc``: its start, or a game
        under way where the start would say nothing (Last Fit's empty boards all look alike)."""
        ...

    def describe(self, state: S) -> list[str]:
        """``state`` in words, for a player who cannot see the board (:mod:`pento_core.games.words`):
        the summary first, then the board row by row, then what is left to do."""
        ...

    def info(self, desc: str) -> JSON:
        """Data about the puzzle that does not change with moves (e.g. the piece table)."""
        ...

    def hint(self, state: S, budget: Budget, progress: ProgressFn | None) -> Hint: ...

    def solve(self, state: S, budget: Budget, progress: ProgressFn | None) -> Solution: ...


@runtime_checkable
class ListsTilings(Protocol):
    """A game that lists every tiling of a position (the ``solutions`` command of the API)."""

    def tilings(
        self,
        state: Any,
        distinct: bool,
        budget: Budget,
        progress: ProgressFn,
        every: float,
        run: tuple[int, int] | None = None,
    ) -> Tilings:
        """Every tiling of ``state`` (one per class of the board's symmetries when ``distinct``);
        ``progress`` is called at least every ``every`` seconds while the search runs.  ``run``
        ``(k, n)``: only the k-th of the search split into n runs, so that several engines can share
        a listing out; the runs together list what the whole does, each tiling (or class) once."""
        ...


@runtime_checkable
class Races(Protocol):
    """A game a class can race on (:mod:`pento_core.classroom.race`): its solved positions are
    packed into result codes with raw DEFLATE against ``race_dictionary``, a typical solved
    position's text.  A code's format is frozen: a game's dictionary never changes once codes exist."""

    race_dictionary: str


@runtime_checkable
class RaceGoal(Protocol):
    """A racing game some of whose puzzles have nothing to win (the tangram's own figure, made on
    an empty table): it says which, so that no class is given one to race on."""

    def race_goal_missing(self, desc: str) -> str | None:
        """Why puzzle ``desc`` cannot be raced (a sentence for the teacher), or None."""
        ...


@runtime_checkable
class PacksSolutions(Protocol):
    """A game whose solved positions pack into a few choices (:mod:`pento_core.digits`), for
    result codes short enough to type (:mod:`pento_core.classroom.assignment`).  The packing is
    part of the codes' format: once codes exist, it never changes."""

    def pack_solution(self, state: Any, out: DigitWriter) -> bool:
        """Write the solved ``state`` as choices; False (nothing written) when it does not pack."""
        ...

    def unpack_solution(self, desc: str, src: DigitReader) -> str:
        """The position text of the solution :meth:`pack_solution` wrote for puzzle ``desc``."""
        ...


class GameBase(ABC, Generic[S, M]):
    """What most games share: a move played once parsed, their status read from their view
    (``complete``, and ``won`` where a game can be lost), printed as boards of cells, titled by
    their board.  A game overrides what differs, and defines the rest of :class:`Game`."""

    print_style: PrintStyle = "tiles"
    titled_by_board = True
    daily_levels: tuple[str, ...] = ()
    ladders: tuple[Ladder, ...] = ()

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Every game reads its own moves (:meth:`Game.parse_move`)."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """Every game plays its own moves (:meth:`Game.play`)."""

    @abstractmethod
    def view(self, state: S) -> JSON:
        """Every game draws its own view (:meth:`Game.view`)."""

    @abstractmethod
    def start(self, desc: str, state: str = "") -> S:
        """Every game reads its own positions (:meth:`Game.start`)."""

    def apply(self, state: S, move: str) -> S:
        return self.play(state, self.parse_move(move))

    def situations(self) -> list[Situation]:
        return []

    def status(self, state: S) -> Status:
        return self.status_of(state, self.view(state))

    def status_of(self, state: S, view: JSON) -> Status:
        if not view.get("complete"):
            return Status("playing", view["summary"])
        return Status("lost" if view.get("won") is False else "solved", view["summary"])

    def preview(self, desc: str) -> S:
        return self.start(desc)


class ListsInsteadOfHelping:
    """What the workshops share: no Hint and no Solve of their own (the shell hides those buttons
    for a game that does not declare them), for they list every solution with their own button."""

    def hint(self, state: Any, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        return Hint("unknown", tr("The workshop lists solutions with its own Solve button."))

    def solve(self, state: Any, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        return Solution(False, tr("The workshop lists solutions with its own Solve button."))
