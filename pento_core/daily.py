"""The puzzle of the day: one puzzle per game and UTC date, the same for everyone.

A game that generates declares ``daily_levels``: seven ``params`` for :meth:`Game.new`, Monday's
(the easiest) first and Sunday's (the hardest) last.  The puzzle of a date is ``new`` of that
weekday's params with a seed drawn from the game and the date by SHA-256, so every browser and
every version of Python makes the same one, and the generator proves it as it proves every puzzle
it offers.

A daily link carries the puzzle itself, not only its date: ``#daily:DATE:GAME:DESC`` (each part
URI-encoded, as ``encodeURIComponent`` does), so a link shared today opens the same puzzle in any
later version of Pento, whatever its generators become.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass

from . import links, registry
from .budget import Budget
from .errors import PentoError
from .games.base import Game, ProgressFn
from .i18n import tr

WEEK = 7
FIRST = dt.date(2000, 1, 1)  # dates a daily link may name: a typo's year 20266 is refused
LAST = dt.date(2999, 12, 31)
SECONDS = 60.0  # every daily of the levels generates in well under a second in CPython (test_daily)
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")  # ASCII digits: \d would take ٢٠٢٦


@dataclass(frozen=True)
class Daily:
    """The puzzle of the day of ``game`` on ``date``: ``level`` 1 (Monday) to 7 (Sunday), made by
    ``new(params, seed)`` as ``desc``."""

    game: str
    date: dt.date
    level: int
    params: str
    seed: int
    desc: str

    def link(self, base: str = "") -> str:
        """The link that opens this puzzle as the day's, after ``base`` (the page's address)."""
        return base + links.fragment(["daily", self.date.isoformat(), self.game, self.desc])


def parse_date(text: str) -> dt.date:
    """A date written ``YYYY-MM-DD`` between 2000 and 2999; PentoError says why not."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        raise PentoError(tr("a date is written YYYY-MM-DD, like 2026-11-23; {text!r} is not one", text=text[:40]))
    try:
        day = dt.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:  # written right, but no such day (2026-02-30)
        raise PentoError(tr("{text} is not a day of the calendar", text=m[0])) from None
    if not FIRST <= day <= LAST:
        raise PentoError(tr("there are puzzles of the day from the year 2000 to 2999, not in {year}", year=day.year))
    return day


def today() -> dt.date:
    """Today's date in UTC: the day changes at the same moment for everyone."""
    return dt.datetime.now(dt.UTC).date()


def games_with_daily() -> list[str]:
    """Every game that has a puzzle of the day, in the registry's order."""
    return [g.id for g in registry.GAMES.values() if g.daily_levels]


def seed(game_id: str, day: dt.date) -> int:
    """The generator's seed for ``game_id`` on ``day``: the first 31 bits of a SHA-256, so it is the
    same on every machine (``hash()`` is salted per process) and fits a JavaScript number."""
    digest = hashlib.sha256(f"pento daily {game_id} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


def _game(game_id: str) -> Game[object, object]:
    try:
        game = registry.get(game_id)
    except KeyError:
        raise PentoError(tr("there is no game called {name!r}", name=game_id[:40])) from None
    if len(game.daily_levels) != WEEK:
        raise PentoError(tr("{game} has no puzzle of the day", game=tr(game.title)))
    return game


def daily(game_id: str, day: dt.date, progress: ProgressFn | None = None, budget: Budget | None = None) -> Daily:
    """The puzzle of the day of ``game_id`` on ``day``, generated and proved.  Raises
    :class:`BudgetSpent` when ``budget`` runs out, already before the game begins (some games make
    theirs at once and look at no budget)."""
    game = _game(game_id)
    level = day.weekday() + 1
    params = game.daily_levels[level - 1]
    s = seed(game_id, day)
    budget = (budget or Budget(max_seconds=SECONDS)).started()
    budget.check()
    desc = game.new(params, s, progress, budget)
    return Daily(game_id, day, level, params, s, desc)
