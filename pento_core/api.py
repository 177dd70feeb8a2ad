"""The JSON facade the browser's worker calls: one fixed command table.

Request ``{"id": ..., "cmd": "...", "args": {...}}``; response
``{"id": ..., "ok": true, "result": {...}}`` or
``{"id": ..., "ok": false, "error": {"code": "...", "message": "..."}}``.
Only plain JSON crosses; no Python source, no objects.  Long commands take
a progress callback, called with ``{"nodes", "solutions", "elapsed"}``.

Commands (``args`` in brackets):

* ``hello`` [lang?, games?]: protocol and package versions, the games and their presets (none
  with ``games`` false); with ``lang`` (``en``, ``pt``, ``de``), every message from then on is in
  that language (:mod:`pento_core.i18n`).
* ``new`` [game, params, seed, seconds?]: a new puzzle, made within the seconds (120 by
  default): ``desc``, ``state``, ``info``, ``view`` and ``picture`` (:mod:`pento_core.games.base`).
* ``load`` [game, desc, state]: check a saved or linked puzzle and position.
* ``daily`` [game, date]: the puzzle of the day (:mod:`pento_core.daily`) of ``date``
  (``YYYY-MM-DD``, the page's UTC date), as ``new`` answers, with ``daily``: its ``date``,
  ``level`` (1 on Monday to 7 on Sunday) and ``link`` (the address's ``#...`` part).
* ``move`` [game, desc, state, move]: the new ``state`` and ``view``, or an
  ``illegal_move`` error whose message says why.
* ``hint`` [game, desc, state, seconds?]: a :class:`~pento_core.games.base.Hint`.
* ``solve`` [game, desc, state, seconds?]: a :class:`~pento_core.games.base.Solution`.
* ``describe`` [game, desc, state]: the position in words, as ``lines`` (the summary, the
  board row by row, what is left), for a player who cannot see the board.
* ``solutions`` [game, desc, state?, distinct?, seconds?, keep?, run?, runs?]: list the tilings
  of a position, for a game that lists them (:class:`~pento_core.games.base.ListsTilings`, such
  as the workshop); with ``run`` k and ``runs`` n, only the k-th of the search's n runs of parts
  (the page shares a long listing out over several engines this way).  Solutions stream in through the
  progress callback as ``new``: letter grids with rows joined by ``/``; the
  result gives the ``count``, whether the search is ``complete``, the time,
  and the last solutions.  At most ``keep`` (default 50,000) are sent; the
  count goes on.
* ``race`` [game, desc]: a new class race on that puzzle: its ``race`` id
  (:mod:`pento_core.classroom.race`).
* ``race_name`` [name]: the pupil's ``name`` as a code carries it, or why it is refused.
* ``race_code`` [game, desc, race, name, tenths, state]: the pupil's result ``code``.
* ``race_results`` [game, desc, race, codes]: every code checked, the ranking
  first (``entries``: code, rank, name, tenths, reason, mark, note).
* ``assignment`` [title, help, items, id?, roster?]: an assignment (:mod:`pento_core.classroom.assignment`)
  checked: ``items`` are ``{game, desc}``, ``roster`` the class list's names; the answer is the
  ``assignment`` as the others take it (``id``, ``title``, ``help``, ``items``, and ``roster``
  when there is one), with a new id when none was given.  ``finishable`` (a puzzle's place):
  also refuse a puzzle from that one on that can never be won (a short search each: the
  teacher's builder asks as it adds a puzzle, a pupil's page not).
* ``assignment_code`` [assignment, name, work]: the pupil's one result ``code`` for ``work``,
  one ``{solved, tenths, hints, solves, state}`` per puzzle in order, to show as text (at most 40
  characters: a spoken code, format 3, where the proof is longer), and the ``proof`` with every
  solution for the QR code (the same code where it is short enough).
* ``assignment_results`` [assignment, codes]: every code checked, the pupils ranked first
  (``rows``: code, rank, name, solved, tenths, work per puzzle (``proved``: its solution was in
  the code and solves the puzzle; a spoken code's solves are only reported), reason; ``mark`` and ``note`` when
  the name could be taken for another row's; ``at``, the code's place in ``codes``), one row per
  code counted, never two codes merged; then, with a class list (the assignment's ``roster``),
  its names with no code counted (``absent``); then the refused codes.  A race's results are its
  one-puzzle assignment's (id, no title, no help), which also reads the race's older codes.
* ``results_csv`` [assignment, codes, titles]: the results of ``assignment_results`` as the
  ``text`` of a CSV file for spreadsheets (:mod:`pento_core.classroom.spreadsheet`), in the
  request's language; ``titles`` are the puzzles' titles as the results page shows them.
* ``qr`` [text, level?]: the QR code of ``text`` as ``rows`` of ``0`` and ``1``
  (:mod:`pento_core.classroom.qr`).
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any, cast

from . import daily, i18n, registry
from .budget import Budget, BudgetSpent, Progress
from .classroom import assignment, qr, race, spreadsheet
from .errors import ErrorCode, PentoError
from .games.base import JSON, Game, ListsTilings
from .i18n import N_, tr
from .protocol import (
    AssignmentCode,
    AssignmentMade,
    AssignmentResults,
    Code,
    DailyAbout,
    DailyOpened,
    Described,
    GameView,
    Hello,
    ItemEntry,
    Listing,
    Opened,
    QrRows,
    RaceEntry,
    RaceMade,
    RaceName,
    RaceResults,
    ResultRow,
    ResultsCsv,
    Snapshot,
)

MAX_SECONDS = 60.0
MAX_REQUEST = 1_000_000  # characters of one request (a state is at most 200,000)
MAX_SAFE_INT = 2**53 - 1  # what a JavaScript number holds exactly
ProgressSink = Callable[[JSON], None]


class RequestError(Exception):
    """A request that is not well formed."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


# what each kind of argument is called in a message
_KINDS: dict[type, str] = {
    str: N_("text"),
    int: N_("a whole number"),
    float: N_("a number"),
    bool: N_("true or false"),
    list: N_("a list"),
    dict: N_("an object"),
}


def _arg(args: JSON, name: str, kind: type, default: Any = ...) -> Any:
    if name not in args:
        if default is ...:
            raise RequestError("bad_request", tr("missing argument {name!r}", name=name))
        return default
    value = args[name]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RequestError("bad_request", tr("argument {name!r} must be {kind}", name=name, kind=tr(_KINDS[kind])))
    if isinstance(value, int) and abs(value) > MAX_SAFE_INT:
        raise RequestError(
            "bad_request",
            tr("argument {name!r} must be at most {MAX_SAFE_INT} in size", name=name, MAX_SAFE_INT=MAX_SAFE_INT),
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise RequestError("bad_request", tr("argument {name!r} must be a finite number", name=name))
    if isinstance(value, str) and len(value) > MAX_REQUEST:
        raise RequestError("too_large", tr("argument {name!r} is too long", name=name))
    return value


def _game(args: JSON) -> Game[Any, Any]:
    name = _arg(args, "game", str)
    try:
        return registry.get(name)
    except KeyError:
        raise RequestError("unknown_game", tr("there is no game called {name!r}", name=name)) from None


def _budget(args: JSON, default: float, limit: float = MAX_SECONDS) -> Budget:
    """The request's budget, already running: everything the request does shares its deadline."""
    seconds = _arg(args, "seconds", float, default)
    return Budget(max_seconds=max(0.05, min(seconds, limit))).started()


def _progress(sink: ProgressSink | None) -> Callable[[Progress], None] | None:
    """Progress for the page: ``nodes`` counted in ``unit`` (positions searched, boards tried)."""
    if sink is None:
        return None

    def report(p: Progress) -> None:
        sink({"nodes": p.nodes, "solutions": p.solutions, "elapsed": round(p.elapsed, 3), "unit": p.unit})

    return report


def cmd_hello(args: JSON, sink: ProgressSink | None) -> Hello:
    if "lang" in args:
        i18n.set_language(_arg(args, "lang", str)[:35])
    return registry.hello(_arg(args, "games", bool, True))


def _snapshot(game: Game[Any, Any], desc: str, state: Any) -> Snapshot:
    """A position as the page gets it; its view carries the typed ``status`` (playing, solved, lost)."""
    view = game.view(state)
    status = game.status_of(state, view)
    # each game's view holds its own fields beside GameView's (the page's views declare them)
    typed = cast(GameView, {**view, "status": {"state": status.state, "reason": status.reason}})
    return {"desc": desc, "state": game.write_state(state), "view": typed, "picture": game.picture(state)}


def cmd_new(args: JSON, sink: ProgressSink | None) -> Opened:
    game = _game(args)
    budget = _budget(args, 120.0, limit=600.0)
    desc = game.new(_arg(args, "params", str), _arg(args, "seed", int, 0), _progress(sink), budget)
    return {**_snapshot(game, desc, game.start(desc)), "info": game.info(desc)}


def cmd_daily(args: JSON, sink: ProgressSink | None) -> DailyOpened:
    game = _game(args)
    day = daily.parse_date(_arg(args, "date", str)[:40])
    puzzle = daily.daily(game.id, day, _progress(sink), _budget(args, daily.SECONDS))
    about: DailyAbout = {"date": day.isoformat(), "level": puzzle.level, "params": puzzle.params, "link": puzzle.link()}
    return {**_snapshot(game, puzzle.desc, game.start(puzzle.desc)), "info": game.info(puzzle.desc), "daily": about}


def cmd_load(args: JSON, sink: ProgressSink | None) -> Opened:
    game = _game(args)
    desc = _arg(args, "desc", str)
    state = game.start(desc, _arg(args, "state", str, ""))
    return {**_snapshot(game, desc, state), "info": game.info(desc)}


def cmd_move(args: JSON, sink: ProgressSink | None) -> Snapshot:
    game = _game(args)
    desc = _arg(args, "desc", str)
    state = game.apply(game.start(desc, _arg(args, "state", str, "")), _arg(args, "move", str))
    return _snapshot(game, desc, state)


def cmd_hint(args: JSON, sink: ProgressSink | None) -> JSON:
    game = _game(args)
    state = game.start(_arg(args, "desc", str), _arg(args, "state", str, ""))
    return dataclasses.asdict(game.hint(state, _budget(args, 5.0), _progress(sink)))


def cmd_solve(args: JSON, sink: ProgressSink | None) -> JSON:
    game = _game(args)
    state = game.start(_arg(args, "desc", str), _arg(args, "state", str, ""))
    return dataclasses.asdict(game.solve(state, _budget(args, 30.0), _progress(sink)))


def cmd_describe(args: JSON, sink: ProgressSink | None) -> Described:
    game = _game(args)
    return {"lines": game.describe(game.start(_arg(args, "desc", str), _arg(args, "state", str, "")))}


def cmd_solutions(args: JSON, sink: ProgressSink | None) -> Listing:
    game = _game(args)
    if not isinstance(game, ListsTilings):
        raise RequestError("bad_request", tr("{game} does not list solutions", game=tr(game.title)))
    state = game.start(_arg(args, "desc", str), _arg(args, "state", str, ""))
    distinct = _arg(args, "distinct", bool, False)
    keep = max(0, _arg(args, "keep", int, 50_000))
    budget = _budget(args, 3600.0, limit=24 * 3600.0)
    batch: list[str] = []
    count = 0
    last = time.monotonic()

    def flush(p: Progress | None = None) -> None:
        nonlocal last
        last = time.monotonic()
        if sink is not None:
            sink(
                {
                    "nodes": p.nodes if p else 0,
                    "solutions": count,
                    "elapsed": round(p.elapsed, 3) if p else 0,
                    "new": list(batch),
                }
            )
        batch.clear()

    start = time.monotonic()
    complete = True
    tilings = game.tilings(state, distinct, budget, flush, 0.25, _run(args))
    try:
        for solution in tilings.found:
            count += 1
            if count <= keep:
                batch.append(solution)
            if sink is not None and (count == 1 or time.monotonic() - last > 0.25):  # the first at once
                flush(Progress(0, count, time.monotonic() - start))
    except BudgetSpent:
        complete = False
    return {
        "count": count,
        "complete": complete,
        "elapsed": round(time.monotonic() - start, 3),
        "new": batch,
        "symmetries": tilings.symmetries,
    }


MAX_RUNS = 256  # a listing shared out over the page's engines is split into at most this many runs


def _run(args: JSON) -> tuple[int, int] | None:
    """``run`` and ``runs``: the k-th of n runs of a listing (both or neither), checked."""
    if "run" not in args and "runs" not in args:
        return None
    k, n = _arg(args, "run", int), _arg(args, "runs", int)
    if not 1 <= n <= MAX_RUNS or not 0 <= k < n:
        raise RequestError(
            "bad_request",
            tr("a listing has 1 to {most} runs, counted from 0: not run {k} of {n}", most=MAX_RUNS, k=k, n=n),
        )
    return k, n


def cmd_race(args: JSON, sink: ProgressSink | None) -> RaceMade:
    game = race.racing_game(_arg(args, "game", str))
    game.validate(_arg(args, "desc", str))
    return {"race": race.new_race_id()}


def cmd_race_name(args: JSON, sink: ProgressSink | None) -> RaceName:
    return {"name": race.check_name(_arg(args, "name", str))}


def cmd_race_code(args: JSON, sink: ProgressSink | None) -> Code:
    code = race.result_code(
        _arg(args, "game", str),
        _arg(args, "desc", str),
        _arg(args, "race", str),
        _arg(args, "name", str),
        _arg(args, "tenths", int),
        _arg(args, "state", str),
    )
    return {"code": code}


def cmd_race_results(args: JSON, sink: ProgressSink | None) -> RaceResults:
    codes = _arg(args, "codes", list)
    if not all(isinstance(c, str) for c in codes):
        raise RequestError("bad_request", tr("argument 'codes' must be a list of strings"))
    rows = assignment.race_ranking(_arg(args, "game", str), _arg(args, "desc", str), _arg(args, "race", str), codes)
    entries: list[RaceEntry] = [
        {
            "code": r.code,
            "rank": r.rank,
            "name": r.name,
            "tenths": r.tenths,
            "reason": r.reason,
            "mark": r.mark,
            "note": r.note,
        }
        for r in rows
    ]
    return {"entries": entries}


def _items(value: Any) -> list[assignment.Item]:
    if not isinstance(value, list) or not all(
        isinstance(i, dict) and isinstance(i.get("game"), str) and isinstance(i.get("desc"), str) for i in value
    ):
        raise RequestError("bad_request", tr("argument 'items' must be a list of puzzles (game and desc)"))
    if len(value) > assignment.MAX_ITEMS:
        raise RequestError("too_large", tr("an assignment has at most {n} puzzles", n=assignment.MAX_ITEMS))
    return [assignment.Item(i["game"], i["desc"]) for i in value]


def _roster(value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise RequestError("bad_request", tr("argument 'roster' must be a list of names"))
    if len(value) > 10 * assignment.MAX_ROSTER:  # blank lines are left out: refuse only the absurd here
        raise RequestError("too_large", tr("a class list has at most {n} names", n=assignment.MAX_ROSTER))
    return value


def _assignment(args: JSON) -> assignment.Assignment:
    given = _arg(args, "assignment", dict)
    return assignment.check_assignment(
        _arg(given, "id", str),
        _arg(given, "title", str),
        _arg(given, "help", bool),
        _items(given.get("items")),
        _roster(given.get("roster")),
    )


def _assignment_json(a: assignment.Assignment) -> AssignmentMade:
    items: list[ItemEntry] = [{"game": i.game, "desc": i.desc} for i in a.items]
    made: AssignmentMade = {"assignment": {"id": a.id, "title": a.title, "help": a.help, "items": items}}
    if a.roster:
        made["assignment"]["roster"] = list(a.roster)
    return made


def cmd_assignment(args: JSON, sink: ProgressSink | None) -> AssignmentMade:
    given_id = _arg(args, "id", str, "") or race.new_race_id()
    checked = assignment.check_assignment(
        given_id,
        _arg(args, "title", str),
        _arg(args, "help", bool),
        _items(args.get("items")),
        _roster(args.get("roster")),
    )
    first = _arg(args, "finishable", int, -1)
    if first >= 0:
        assignment.check_finishable(checked, _budget(args, 10.0), first)
    return _assignment_json(checked)


def cmd_assignment_code(args: JSON, sink: ProgressSink | None) -> AssignmentCode:
    given = _arg(args, "work", list)
    work = []
    for w in given:
        if not isinstance(w, dict):
            raise RequestError("bad_request", tr("argument 'work' must be a list of puzzles' work"))
        work.append(
            assignment.Work(
                _arg(w, "solved", bool),
                round(_arg(w, "tenths", float)),
                _arg(w, "hints", int, 0),
                _arg(w, "solves", int, 0),
                _arg(w, "state", str, ""),
            )
        )
    code, proof = assignment.codes(_assignment(args), _arg(args, "name", str), work)
    return {"code": code, "proof": proof}


def _strings(args: JSON, name: str) -> list[str]:
    given = _arg(args, name, list)
    if not all(isinstance(c, str) for c in given):
        raise RequestError("bad_request", tr("argument {name!r} must be a list of strings", name=name))
    return cast(list[str], given)


def cmd_assignment_results(args: JSON, sink: ProgressSink | None) -> AssignmentResults:
    rows = assignment.results(_assignment(args), _strings(args, "codes"), _progress(sink))
    return {"rows": [cast(ResultRow, dataclasses.asdict(r)) for r in rows]}


def cmd_results_csv(args: JSON, sink: ProgressSink | None) -> ResultsCsv:
    given = _assignment(args)
    titles = _strings(args, "titles")
    if len(titles) != len(given.items) or any(len(t) > spreadsheet.MAX_TITLE for t in titles):
        raise RequestError(
            "bad_request", tr("argument 'titles' must give each of the {n} puzzles a title", n=len(given.items))
        )
    rows = assignment.results(given, _strings(args, "codes"), _progress(sink))
    return {"text": spreadsheet.results_csv(given, rows, titles)}


def cmd_qr(args: JSON, sink: ProgressSink | None) -> QrRows:
    return {"rows": qr.qr_matrix(_arg(args, "text", str), _arg(args, "level", str, "M"))}


# each command's reply is declared in pento_core.protocol (REPLIES), which the page's types come from
COMMANDS: dict[str, Callable[[JSON, ProgressSink | None], Mapping[str, Any]]] = {
    "hello": cmd_hello,
    "new": cmd_new,
    "load": cmd_load,
    "daily": cmd_daily,
    "move": cmd_move,
    "hint": cmd_hint,
    "solve": cmd_solve,
    "describe": cmd_describe,
    "solutions": cmd_solutions,
    "race": cmd_race,
    "race_name": cmd_race_name,
    "race_code": cmd_race_code,
    "race_results": cmd_race_results,
    "assignment": cmd_assignment,
    "assignment_code": cmd_assignment_code,
    "assignment_results": cmd_assignment_results,
    "results_csv": cmd_results_csv,
    "qr": cmd_qr,
}


def _id(request: Any) -> Any:
    """The request's id when it is one the reply can echo (a short string, a safe integer, null)."""
    rid = request.get("id") if isinstance(request, dict) else None
    if rid is None or (isinstance(rid, str) and len(rid) <= 100):
        return rid
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) <= MAX_SAFE_INT:
        return rid
    return None


def handle(request: Any, progress: ProgressSink | None = None) -> JSON:
    """Answer one request; never raises."""
    rid = _id(request)
    try:
        if not isinstance(request, dict):
            raise RequestError("bad_request", tr("a request is a JSON object {{id, cmd, args}}"))
        if "id" in request and request["id"] is not None and rid is None:
            raise RequestError("bad_request", tr("id must be a string of up to 100 characters or a safe integer"))
        cmd = request.get("cmd")
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise RequestError("bad_request", tr("args must be a JSON object"))
        if not isinstance(cmd, str):
            raise RequestError("bad_request", tr("cmd must be a string naming a command"))
        if cmd not in COMMANDS:
            raise RequestError("unknown_command", tr("unknown command {value!r}", value=cmd[:40]))
        result = COMMANDS[cmd](args, progress)
        return {"id": rid, "ok": True, "result": result}
    except RequestError as e:
        return _error(rid, e.code, str(e))
    except PentoError as e:
        return _error(rid, e.code, str(e))
    except RecursionError:
        return _error(rid, "too_large", tr("the request is too large to handle"))
    except BudgetSpent:  # a generator's, a daily's: the time given ran out before a puzzle was made
        return _error(rid, "stopped", tr("this took longer than the time allowed, so it was stopped; please try again"))
    except Exception as e:  # a bug: report it rather than kill the worker
        traceback.print_exc()
        return _error(rid, "internal", tr("internal error: {error}", error=f"{type(e).__name__}: {e}"))


def _error(rid: Any, code: ErrorCode, message: str) -> JSON:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(tr("numbers must be finite"))
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(tr("{name} is not a number JSON allows", name=name))


def handle_json(text: str, progress: Callable[[str], None] | None = None) -> str:
    """:func:`handle` on JSON text; the progress callback gets JSON text too.  Never raises;
    the reply is always valid JSON (no NaN or Infinity in, none out)."""
    if len(text) > MAX_REQUEST:
        return json.dumps(_error(None, "too_large", tr("the request is larger than {n:,} characters", n=MAX_REQUEST)))
    try:
        request = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        return json.dumps(_error(None, "too_large", tr("the request is nested too deeply")))
    except ValueError as e:
        reason = tr("a number in it is too long") if "digits" in str(e) else str(e).split(":")[0]
        return json.dumps(_error(None, "bad_request", tr("the request is not valid JSON: {reason}", reason=reason)))
    sink = None if progress is None else (lambda d: progress(json.dumps(d)))
    return json.dumps(handle(request, sink))
