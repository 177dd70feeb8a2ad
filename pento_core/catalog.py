"""What the start screen shows before the engine has loaded, made from the registry.

``build.py`` writes :func:`catalog` into the site at build time, so the page
lists the games, their rules, presets and forms, and a picture of every
preset at first paint, while Pyodide is still loading; the registry stays the
one source of all of it.
"""

from __future__ import annotations

from . import registry
from .api import cmd_hello
from .games.base import JSON


def catalog() -> JSON:
    """The ``hello`` answer of :mod:`pento_core.api`, each preset with the picture of a puzzle it makes (seed 0)."""
    hello = cmd_hello({}, None)
    for entry in hello["games"]:
        game = registry.get(entry["id"])
        for preset in entry["presets"]:
            preset["picture"] = game.picture(game.start(game.new(preset["params"], 0)))
    return hello
