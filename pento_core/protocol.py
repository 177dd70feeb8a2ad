"""The protocol between the page and the engine, declared once.

Every reply of :mod:`pento_core.api` has its shape here (typed dicts, and the dataclasses of
:mod:`pento_core.games.base` they hold); :data:`REPLIES` names each command's.  The build writes
``web/protocol.d.ts`` from this module, so the page's type checker holds the page to what the core
sends: a shape changed here fails ``tsc`` where the page reads it.  The error codes are one list
(:data:`ERROR_CODES`, with the page's own in :data:`PAGE_ERROR_CODES`), and :data:`PROTOCOL` is the
version the page checks against the engine's ``hello``: a page talking to an engine of another
protocol (a half-updated cache) says so and reloads rather than half-working.

What each game's ``view`` holds beyond :class:`GameView` is the game's own (its view module on
the page declares it, in ``web/views.d.ts``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, get_args

# the types the replies name that are declared where they are made (re-exported: the page names them)
from .classroom.names import NameMark as NameMark
from .errors import ErrorCode as ErrorCode
from .games.base import Hint, Solution
from .games.base import HintKind as HintKind
from .games.base import PrintStyle as PrintStyle

PROTOCOL = 4
"""The protocol's version: raised whenever a request or a reply changes shape incompatibly."""

PageErrorCode = Literal[
    "cancelled",  # Stop: the request was dropped with its engine
    "crashed",  # the engine died during the request (it is restarted; the request may be retried)
    "load_failed",  # the engine could not start
    "outdated",  # the engine speaks another protocol than the page (a half-updated cache)
    "damaged_copy",  # the engine could not start from a file an earlier visit kept (now forgotten)
    "download_failed",  # the engine could not start: a download failed or came cut short
    "no_solution",  # a solution page asked of a puzzle the solver found none for
]
"""The codes the page's client gives its own errors (never the core's)."""

ERROR_CODES: tuple[str, ...] = get_args(ErrorCode)
"""Every ``error.code`` the core replies with (:data:`pento_core.errors.ErrorCode`)."""
PAGE_ERROR_CODES: tuple[str, ...] = get_args(PageErrorCode)


class ErrorReply(TypedDict):
    """What a refused request answers instead of a result."""

    code: ErrorCode
    message: str


class PresetEntry(TypedDict):
    """A named choice of parameters on the start screen (games/base.py's Preset); the build's
    catalog adds each preset's picture."""

    label: str
    params: str
    picture: NotRequired[list[str]]


class FieldEntry(TypedDict):
    """One input of a form: a number between ``low`` and ``high``, one of ``options`` (read as
    ``option_labels``), or free text."""

    name: str
    label: str
    default: str
    low: int | None
    high: int | None
    options: list[str]
    option_labels: list[str]


class FormEntry(TypedDict):
    """Parameters chosen on the start screen: ``template`` with each {name} replaced by its field."""

    label: str
    template: str
    fields: list[FieldEntry]


class LadderEntry(TypedDict):
    """A ladder of levels from easy to hard: level n is ``new(f"{params}:{n}")``."""

    label: str
    params: str
    size: int


class GameEntry(TypedDict):
    """A game as the registry declares it (``hello`` and the build's catalog); ``view`` names the
    page's module that draws it (web/views/<view>.js)."""

    id: str
    view: str
    title: str
    description: str
    rules: str
    features: list[str]
    print: PrintStyle
    titled_by_board: bool
    daily: bool
    levels: list[str]
    presets: list[PresetEntry]
    ladders: list[LadderEntry]
    forms: list[FormEntry]


class Hello(TypedDict):
    protocol: int
    version: str
    language: str
    games: list[GameEntry]


class StatusEntry(TypedDict):
    """Where a position stands (games/base.py's Status)."""

    state: Literal["playing", "solved", "lost"]
    reason: str


class GameView(TypedDict):
    """What every game's view holds; each game's view adds its own fields."""

    complete: bool
    summary: str
    status: StatusEntry
    counted_moves: NotRequired[int]


class Snapshot(TypedDict):
    """A position: ``move`` answers this; ``new``, ``load`` and ``daily`` add the puzzle's info."""

    desc: str
    state: str
    view: GameView
    picture: list[str]


class Opened(Snapshot):
    """A puzzle opened (``new``, ``load``): its position and what the game says of the puzzle."""

    info: dict[str, Any]


class DailyAbout(TypedDict):
    """Which day's puzzle: its UTC date, its level (1 on Monday to 7 on Sunday), the params New
    makes more of, its link."""

    date: str
    level: int
    params: str
    link: str


class DailyOpened(Opened):
    daily: DailyAbout


class Described(TypedDict):
    lines: list[str]


class Listing(TypedDict):
    """The end of a ``solutions`` listing (the solutions themselves stream in its progress)."""

    count: int
    complete: bool
    elapsed: float
    new: list[str]
    symmetries: int


class Progress(TypedDict):
    """Progress of a long request: ``nodes`` counted in ``unit``; a listing's ``new`` solutions."""

    nodes: int
    solutions: int
    elapsed: float
    unit: NotRequired[str]
    new: NotRequired[list[str]]


class RaceMade(TypedDict):
    race: str


class RaceName(TypedDict):
    name: str


class Code(TypedDict):
    code: str


class AssignmentCode(TypedDict):
    """A pupil's code to show as text (read out: at most 40 characters, format 2 or 3) and the
    ``proof`` carrying every solution (format 2; the same code where it is short enough), for the
    QR code."""

    code: str
    proof: str


class RaceEntry(TypedDict):
    """A race's counted code (``rank`` 0 for a refused code, with its ``reason``); ``mark`` and
    ``note`` as a ResultRow's."""

    code: str
    rank: int
    name: str
    tenths: int
    reason: str
    mark: NameMark
    note: str


class RaceResults(TypedDict):
    entries: list[RaceEntry]


class ItemEntry(TypedDict):
    game: str
    desc: str


class AssignmentEntry(TypedDict):
    id: str
    title: str
    help: bool
    items: list[ItemEntry]
    roster: NotRequired[list[str]]  # the class list pupils pick their names from, when there is one


class AssignmentMade(TypedDict):
    assignment: AssignmentEntry


class ItemWork(TypedDict):
    """One puzzle's work in a checked code."""

    solved: bool
    tenths: int
    hints: int
    solves: int
    proved: bool  # solved, and the code carried the solution (a spoken code only reports it)


class ResultRow(TypedDict):
    """An assignment's counted code, one row each: never two codes in one (``rank`` 0 for a refused
    code, with its ``reason``).  ``mark``: the name could be taken for another row's (``same``,
    ``alike``) or has characters that cannot be seen (``unseen``); ``note`` says so in words."""

    code: str
    rank: int
    name: str
    solved: int
    tenths: int
    work: list[ItemWork]
    reason: str
    mark: NameMark
    note: str
    at: int  # where the code is in the list given: the page removes that one code
    absent: bool  # a name of the class list with no code counted: no code, rank 0, no reason


class AssignmentResults(TypedDict):
    rows: list[ResultRow]


class ResultsCsv(TypedDict):
    """An assignment's results as the text of a CSV file (:mod:`pento_core.classroom.spreadsheet`)."""

    text: str


class QrRows(TypedDict):
    rows: list[str]


REPLIES: dict[str, Any] = {
    "hello": Hello,
    "new": Opened,
    "load": Opened,
    "daily": DailyOpened,
    "move": Snapshot,
    "hint": Hint,
    "solve": Solution,
    "describe": Described,
    "solutions": Listing,
    "race": RaceMade,
    "race_name": RaceName,
    "race_code": Code,
    "race_results": RaceResults,
    "assignment": AssignmentMade,
    "assignment_code": AssignmentCode,
    "assignment_results": AssignmentResults,
    "results_csv": ResultsCsv,
    "qr": QrRows,
}
"""Each command's reply, by name (:data:`pento_core.api.COMMANDS` has the same keys)."""
