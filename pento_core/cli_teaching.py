"""The command line for teachers who script (issue 46): links to puzzles, assignments made from
them, and an assignment's results from the codes handed in.  Each prints what the page would show
or make, with the page's own rules (the core's); bad input is one ``error:`` line and exit 2.

* ``link GAME PARAMS [--seed N] [--base URL] [--timeout S]`` prints a playable link to a preset or generated
  puzzle of GAME (``cover 6x10``, ``gandagalo 8x8:hard``, ``tangram cat``, ``tangram new:hard``):
  ``#GAME:DESC:`` after URL.  The same seed gives the same puzzle; without one a seed is drawn.
  A spent ``--timeout`` prints ``stopped: ...`` on stderr, exit 3.
* ``assignment make --title T [--allow-help] [--roster FILE] LINK...`` prints the link to an assignment of the
  puzzles LINK... open (puzzle links, puzzles of the day, race links), in that order, with a new
  id; its base is the first link's (what comes before its ``#``), or ``--base URL``.  ``--roster``
  gives the class list pupils pick their names from (a name a line; a CSV file's first column).
* ``assignment results LINK CODES [--csv OUT]`` reads the codes in the file CODES (``-``: standard
  input; one a line, commas and semicolons also separate them) for the assignment or race LINK
  opens (or its results page), and prints the ranking: one line per code counted (rank, name,
  puzzles solved, how many of those a spoken code only reported, time, and the note of a name that
  could be taken for another's), then a line
  for each name of the class list with no code, then one line per code refused with the reason.
  ``--csv OUT`` also writes the page's CSV file.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import Any

from . import links, registry
from .budget import BudgetSpent
from .classroom import assignment, race, spreadsheet
from .classroom.spreadsheet import race_time
from .errors import PentoError
from .i18n import tr


def add_commands(sub: Any, parser_class: type, whole: Any, seconds: Any, read_text: Any) -> None:
    """This module's commands on the command line's parser ``sub`` (the command line's own helpers:
    ``parser_class`` for subcommands, ``whole`` and ``seconds`` argparse types, ``read_text``)."""
    link = sub.add_parser("link", help="a playable link to a preset or generated puzzle")
    link.add_argument("game", metavar="GAME", help="a game: " + ", ".join(registry.GAMES))
    link.add_argument("params", metavar="PARAMS", help="a preset (6x10, english, cat) or a generator's (new:hard)")
    link.add_argument("--seed", type=whole(0, 10**18), default=None, help="the same seed, the same puzzle")
    link.add_argument("--base", default="", metavar="URL", help="the page's address, written before the #")
    link.add_argument("--timeout", type=seconds, default=None, metavar="S", help="give up after S seconds")
    link.set_defaults(run=cmd_link)
    teach = sub.add_parser("assignment", help="an assignment of puzzles for a class, and its results")
    teach_sub = teach.add_subparsers(dest="assignment_command", required=True, parser_class=parser_class)
    make = teach_sub.add_parser("make", help="the link to an assignment of the puzzles the links open")
    make.add_argument("links", nargs="+", metavar="LINK", help="a link to a puzzle (as the page or `link` writes it)")
    make.add_argument("--title", required=True, metavar="T", help="the assignment's title (at most 60 characters)")
    make.add_argument("--allow-help", action="store_true", help="Hint and Solve allowed (they are counted)")
    make.add_argument("--base", default=None, metavar="URL", help="the page's address (default: the first link's)")
    make.add_argument(
        "--roster", default=None, metavar="FILE", help="the class list: a name a line (a CSV file: its first column)"
    )
    make.set_defaults(run=cmd_assignment_make, read_text=read_text)
    results = teach_sub.add_parser("results", help="the ranking of the codes handed in for an assignment")
    results.add_argument("link", metavar="LINK", help="the assignment's link (or its results page's, or a race's)")
    results.add_argument("codes", metavar="CODES", help="a text file of codes (- for standard input)")
    results.add_argument("--csv", default=None, metavar="OUT", help="also write the results as a CSV file")
    results.set_defaults(run=cmd_assignment_results, read_text=read_text)


EXIT_BUDGET = 3  # as every command of the command line whose --timeout is spent


def cmd_link(args: argparse.Namespace) -> int:
    game = _game(args.game)
    seed = random.SystemRandom().randrange(10**9) if args.seed is None else args.seed
    try:
        desc = game.new(args.params, seed, None, args.budget)
    except (BudgetSpent, PentoError):
        # a generator may say in words that its time ran out (for the page): spent is exit 3 here
        if args.budget is None or not args.budget.spent():
            raise
        print("stopped: budget spent before the puzzle was made", file=sys.stderr)
        return EXIT_BUDGET
    print(args.base + links.fragment([game.id, desc, ""]))
    return 0


def cmd_assignment_make(args: argparse.Namespace) -> int:
    items = []
    base = args.base
    for k, link in enumerate(args.links):
        start, parts = links.split(link)
        base = start if base is None else base
        try:
            items.append(assignment.linked_puzzle(parts))
        except PentoError as e:
            raise PentoError(tr("link {n}: {e}", n=k + 1, e=e)) from None
    roster = [] if args.roster is None else roster_names(args.read_text(args.roster))
    made = assignment.check_assignment(race.new_race_id(), args.title, args.allow_help, items, roster)
    assignment.check_finishable(made, args.budget)
    print(base + links.fragment(["assign", *_assignment_parts(made)]))
    return 0


def cmd_assignment_results(args: argparse.Namespace) -> int:
    _, parts = links.split(args.link)
    given = assignment.linked_assignment(parts)
    codes = [c.strip() for c in re.split(r"[\n\r,;]+", args.read_text(args.codes)) if c.strip()]
    rows = assignment.results(given, codes)
    total = len(given.items)
    for row in rows:
        if row.absent:
            print(tr("-. {name}: no code handed in", name=row.name))
        elif row.rank:
            note = f"  ({row.note})" if row.note else ""
            solved = tr("{n} of {total} solved", n=row.solved, total=total)
            reported = sum(1 for w in row.work if w["solved"] and not w["proved"])
            if reported:  # a spoken code's: the pupil's word, no solution to check
                solved += " " + tr("({n} only reported)", n=reported)
            print(f"{row.rank}. {row.name}: {solved}, {race_time(row.tenths)}{note}")
        else:
            print(tr("refused {code}: {reason}", code=row.code[:60], reason=row.reason))
    if args.csv is not None:
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            f.write(spreadsheet.results_csv(given, rows, [_title(item) for item in given.items]))
    return 0


def _title(item: assignment.Item) -> str:
    game = registry.get(item.game)
    title = game.info(item.desc).get("title")
    board = re.sub(r"^([0-9]+)x([0-9]+)$", r"\1 × \2", item.desc)  # a board's size as the page writes it
    return str(title) if title else f"{game.title}: {board}"


def _game(game_id: str) -> Any:
    if game_id not in registry.GAMES:
        raise PentoError(tr("no game {game!r}: the games are {games}", game=game_id, games=", ".join(registry.GAMES)))
    return registry.get(game_id)


def roster_names(text: str) -> list[str]:
    """A class list's names: one a line; a line of a CSV file (commas, semicolons or tabs) gives
    its first cell, quotes around it taken off."""
    out = []
    for line in text.splitlines():
        first = re.split(r"[,;\t]", line, maxsplit=1)[0].strip().strip('"').strip()
        if first:
            out.append(first)
    return out


def _flags(a: assignment.Assignment) -> str:
    """The link's part after the id (web/screens/assign.js, ``assignHash``): ``h`` or ``-``, then
    each name of the class list after a line break (a name holds none)."""
    return "".join(["h" if a.help else "-", *("\n" + n for n in a.roster)])


def _assignment_parts(a: assignment.Assignment) -> list[str]:
    return [a.id, _flags(a), a.title, *(p for item in a.items for p in (item.game, item.desc))]
