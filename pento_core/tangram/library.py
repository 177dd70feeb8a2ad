"""The silhouettes, each with one arrangement of the tans that makes it (drawn for this project).

A :class:`Figure` holds its outline and holes as text (points ``x,y`` separated by
spaces, exact numbers: see :mod:`.number`) and one arrangement
(:mod:`.arrangement`); ``tests/test_tangram.py`` proves that the verifier accepts
every stored arrangement.  The library grows here: the game offers it by category.  The
thirteen convex figures (:mod:`.convex` finds them, with their arrangements; the classic square is
drawn by hand) come first.
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
    Figure("Triangle", "convex figures", "0,0 0,4 -4,4", "L4@-2,4;L4@0,2;M5@-1,3;P2'@-1,4;S6@-2,4;S4@0,3;Q0@-1,3"),
    Figure(
        "Parallelogram", "convex figures", "0,0 0,4 -2,6 -2,2", "L4@0,2;L2@0,2;P2'@-1,4;S6@-2,4;Q0@-2,4;S0@-2,5;M3@0,4"
    ),
    Figure(
        "Trapezoid", "convex figures", "0,0 0,4 -1,5 -3,3", "L4@-1,3;L2@-1,3;M7@-1,1;P2'@0,3;S6@-1,3;Q0@-1,3;S0@-1,4"
    ),
    Figure(
        "Right trapezoid", "convex figures", "0,0 0,5 -2,5 -2,2", "L4@0,2;L0@-2,2;M7@-2,4;S6@-2,5;P2@0,2;S4@0,4;Q0@-1,4"
    ),
    Figure(
        "Isosceles trapezoid",
        "convex figures",
        "0,0 0,6 -2,4 -2,2",
        "L4@0,2;L0@-2,2;M7@-2,4;P2@0,2;S4@0,4;Q0@-1,4;S2@0,5",
    ),
    Figure("Rectangle", "convex figures", "0,0 2,0 2,4 0,4", "L0@0,0;L4@2,2;M5@1,3;P2'@1,4;S6@0,4;S4@2,3;Q0@1,3"),
    Figure(
        "Pentagon 1",
        "convex figures",
        "0,0 0,3 -2,5 -3,4 -3,3",
        "L4@-1,3;M7@-3,4;S0@-3,3;L0@-2,3;P2@0,0;S4@0,2;Q0@-1,2",
    ),
    Figure(
        "Pentagon 2", "convex figures", "0,0 2,2 2,3 -2,3 -2,2", "L4@0,2;M5@-1,3;S6@-2,3;P0'@1,2;L6@0,2;S4@1,3;Q0@1,2"
    ),
    Figure(
        "Hexagon 1",
        "convex figures",
        "0,0 1,0 1,2 -1,4 -2,4 -2,2",
        "L4@0,2;L0@-2,2;P0'@0,3;S4@0,3;Q0@0,0;S2@1,1;M3@1,2",
    ),
    Figure(
        "Hexagon 2", "convex figures", "0,0 1,0 2,1 2,3 -1,3 -1,1", "M7@-1,1;L6@-1,3;P0@0,0;L6@0,2;S2@1,2;S2@2,1;Q0@1,2"
    ),
    Figure(
        "Hexagon 3", "convex figures", "0,0 1,1 1,4 0,5 -1,4 -1,1", "M1@0,0;L0@-1,1;L4@1,3;Q0@-1,3;S2@0,4;P2@1,3;S0@0,3"
    ),
    Figure(
        "Hexagon 4",
        "convex figures",
        "0,0 2,0 2,2 1,3 -1,3 -1,1",
        "M7@-1,1;P2'@0,3;S6@-1,3;L0@0,0;L4@2,2;Q0@0,2;S0@1,2",
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
