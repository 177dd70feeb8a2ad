"""What the start screen shows before the engine has loaded, made from the registry.

``build.py`` writes :func:`catalog` into the site at build time, so the page
lists the games, their rules, presets and forms, and a picture of every
preset at first paint, while Pyodide is still loading; the registry stays the
one source of all of it.
"""

from __future__ import annotations

from typing import Any

from . import registry
from .budget import Budget
from .games.base import Game
from .protocol import Hello


def _solved(game: Game[Any, Any], state: Any) -> Any:
    """``state`` with the solver's solution played, so the picture shows what the puzzle is about;
    ``state`` itself when the game has no solver or the solver finds nothing within its budget."""
    if "solve" not in game.features or not game.picture_solved:
        return state
    solution = game.solve(state, Budget(max_seconds=5), None)
    if not solution.found:
        return state
    for move in (["clear"] if solution.from_empty else []) + solution.moves:
        state = game.apply(state, move)
    return state


def catalog() -> Hello:
    """What the API's ``hello`` answers (the games' :func:`~pento_core.registry.entries`), each preset
    with a picture of a puzzle it makes (seed 0), solved where the game pictures its puzzles solved."""
    hello = registry.hello()
    for entry in hello["games"]:
        game = registry.get(entry["id"])
        for preset in entry["presets"]:
            preset["picture"] = game.picture(_solved(game, game.preview(game.new(preset["params"], 0))))
    return hello
