"""The silhouettes, each with one arrangement of the tans that makes it (drawn for this project).

A :class:`Figure` holds its outline and holes as text (points ``x,y`` separated by
spaces, exact numbers: see :mod:`.number`) and one arrangement
(:mod:`.arrangement`); ``tests/test_tangram.py`` proves that the verifier accepts
every stored arrangement.  The library grows here: the game offers it by category.
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrangement import Placed
from .arrangement import parse as parse_arrangement
from .geometry import parse_polygon
from .outline import Silhouette

CATEGORIES = ("convex figures", "objects", "people", "animals", "letters and digits")


@dataclass(frozen=True)
class Figure:
    name: str
    category: str
    outline: str
    arrangement: str
    holes: tuple[str, ...] = ()

    def silhouette(self) -> Silhouette:
        return Silhouette(parse_polygon(self.outline), tuple(parse_polygon(h) for h in self.holes))

    def pieces(self) -> list[Placed]:
        return parse_arrangement(self.arrangement)


FIGURES = (
    Figure(
        "Square",
        "convex figures",
        "0,0 2√2,0 2√2,2√2 0,2√2",
        "L5@√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q1@√2,√2",
    ),
    Figure(
        "Arrow",
        "objects",
        "0,0 √2,√2 2√2,0 3√2,√2 2√2,2√2 0,2√2",
        "L3@3√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q1@√2,√2",
    ),
    Figure(
        "Window with its pane out",
        "objects",
        "0,-1 1,-1 1,0 2√2,0 2√2,2√2 0,2√2",
        "L5@√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q0@0,-1",
        ("1/2√2,3/2√2 √2,2√2 3/2√2,3/2√2 √2,√2",),
    ),
)
