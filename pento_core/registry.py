"""The list of games.  Adding a game is one module in ``games/`` and one line here.

What the page needs to know of every game before it asks for a puzzle (titles, rules, features,
presets, forms, how it prints) is :func:`entries`: the API's ``hello`` and the build's catalog.
"""

from __future__ import annotations

from typing import Any

from . import __version__
from .games.base import Form, Game
from .games.box_workshop import BoxWorkshopGame
from .games.boxes import BoxesGame
from .games.cover import CoverGame
from .games.gandagalo import GandaGaloGame
from .games.lastfit import LastFitGame
from .games.pegs import PegsGame
from .games.tangram import TangramGame
from .games.twenty import TwentyGame
from .games.workshop import WorkshopGame
from .i18n import language, tr
from .protocol import PROTOCOL, FieldEntry, FormEntry, GameEntry, Hello

GAMES: dict[str, Game[Any, Any]] = {
    g.id: g
    for g in (
        CoverGame(),
        TwentyGame(),
        PegsGame(),
        GandaGaloGame(),
        LastFitGame(),
        TangramGame(),
        WorkshopGame(),
        BoxesGame(),
        BoxWorkshopGame(),
    )
}


def get(game_id: str) -> Game[Any, Any]:
    """The game called ``game_id``; KeyError if there is none."""
    return GAMES[game_id]


def _form(form: Form) -> FormEntry:
    """A :class:`Form` as JSON, its labels in the current language."""
    fields: list[FieldEntry] = [
        {
            "name": f.name,
            "label": tr(f.label),
            "default": f.default,
            "low": f.low,
            "high": f.high,
            "options": list(f.options),
            "option_labels": [tr(o) for o in f.option_labels or f.options],
        }
        for f in form.fields
    ]
    return {"label": tr(form.label), "template": form.template, "fields": fields}


def entries() -> list[GameEntry]:
    """Every game as the page knows it, in the current language: what each declares of itself."""
    return [
        {
            "id": g.id,
            "view": g.view_module,
            "title": tr(g.title),
            "description": tr(g.description),
            "rules": tr(g.rules),
            "features": list(g.features),
            "print": g.print_style,
            "titled_by_board": g.titled_by_board,
            "daily": bool(g.daily_levels),  # it has a puzzle of the day (pento_core.daily)
            "levels": list(g.daily_levels),  # params of a new puzzle at each level, easiest first
            "presets": [{"label": tr(p.label), "params": p.params} for p in g.presets()],
            "ladders": [{"label": tr(ld.label), "params": ld.params, "size": ld.size} for ld in g.ladders],
            "forms": [_form(f) for f in g.forms()],
        }
        for g in GAMES.values()
    ]


def hello() -> Hello:
    """The API's ``hello`` answer (the build's catalog starts from it too): the protocol, the
    package's version, the language and :func:`entries`."""
    return {"protocol": PROTOCOL, "version": __version__, "language": language(), "games": entries()}
