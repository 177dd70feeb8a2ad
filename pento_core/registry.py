"""The list of games.  Adding a game is one module in ``games/`` and one line here.

What the page needs to know of every game before it asks for a puzzle (titles, rules, features,
presets, forms, how it prints) is :func:`entries`: the API's ``hello`` and the build's catalog.

A game's module is imported the first time the game is asked for, not with this module: the page's
engine starts with the one game its puzzle needs (importing all nine was some 0.2 s of a first
visit on a phone, docs/benchmarks.md), and the command line imports the games it uses.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from . import __version__
from .games.base import Form, Game
from .i18n import language, tr
from .protocol import PROTOCOL, FieldEntry, FormEntry, GameEntry, Hello


class Games(Mapping[str, Game[Any, Any]]):
    """The games by id, in the page's order, each made (its module imported) when first looked up.
    ``where`` names each game's module in ``games/`` and its class there, as ``"module:Class"``."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where
        self._made: dict[str, Game[Any, Any]] = {}

    def __getitem__(self, game_id: str) -> Game[Any, Any]:
        game = self._made.get(game_id)
        if game is None:
            module, name = self._where[game_id].split(":")  # KeyError: no such game
            game = getattr(importlib.import_module(f"{__package__}.games.{module}"), name)()
            if game.id != game_id:
                raise LookupError(f"the registry calls {name} {game_id!r}, the game calls itself {game.id!r}")
            self._made[game_id] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    @property
    def where(self) -> dict[str, str]:
        """Each game's ``"module:Class"`` in ``games/``, by id (a copy)."""
        return dict(self._where)

    def made(self) -> list[str]:
        """The games whose modules are imported so far."""
        return list(self._made)

    def unmade(self) -> list[str]:
        """The games whose modules are still to import, in the page's order."""
        return [g for g in self._where if g not in self._made]


GAMES = Games(
    {
        "cover": "cover:CoverGame",
        "twenty": "twenty:TwentyGame",
        "pegs": "pegs:PegsGame",
        "gandagalo": "gandagalo:GandaGaloGame",
        "lastfit": "lastfit:LastFitGame",
        "tangram": "tangram:TangramGame",
        "workshop": "workshop:WorkshopGame",
        "boxes": "boxes:BoxesGame",
        "boxshop": "box_workshop:BoxWorkshopGame",
    }
)


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


def hello(games: bool = True) -> Hello:
    """The API's ``hello`` answer (the build's catalog starts from it too): the protocol, the
    package's version, the language and :func:`entries` (none without ``games``: the page's engine
    says hello as it starts, and the page knows the games from the build's catalog)."""
    return {"protocol": PROTOCOL, "version": __version__, "language": language(), "games": entries() if games else []}
