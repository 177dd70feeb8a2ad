"""The list of games.  Adding a game is one module in ``games/`` and one line here."""

from __future__ import annotations

from .games.base import Game
from .games.cover import CoverGame
from .games.gandagalo import GandaGaloGame
from .games.lastfit import LastFitGame
from .games.pegs import PegsGame
from .games.tangram import TangramGame
from .games.twenty import TwentyGame
from .games.workshop import WorkshopGame

GAMES: dict[str, Game] = {
    g.id: g
    for g in (CoverGame(), TwentyGame(), PegsGame(), GandaGaloGame(), LastFitGame(), TangramGame(), WorkshopGame())
}


def get(game_id: str) -> Game:
    """The game called ``game_id``; KeyError if there is none."""
    return GAMES[game_id]
