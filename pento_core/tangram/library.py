"""The silhouettes, each with one arrangement of the tans that makes it (drawn for this project).

A :class:`Figure` holds its outline and holes as text (points ``x,y`` separated by
spaces, exact numbers: see :mod:`.number`) and one arrangement
(:mod:`.arrangement`); ``tests/test_tangram.py`` proves that the verifier accepts
every stored arrangement.  The library grows here: the game offers it by category.  The
thirteen convex figures (:mod:`.convex` finds them, with their arrangements; the classic square is
drawn by hand) come first.  The people, animals, objects, letters and digits after them were drawn
for Pento on the grid of half squares where every tan but the turned square has whole-number
corners, and :func:`.convex.cover` found each one's arrangement.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_
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


_DRAWN = (
    Figure(
        N_("Square"),
        N_("convex figures"),
        "0,0 2√2,0 2√2,2√2 0,2√2",
        "L5@√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q1@√2,√2",
    ),
    Figure(
        N_("Triangle"), N_("convex figures"), "0,0 0,4 -4,4", "L4@-2,4;L4@0,2;M5@-1,3;P2'@-1,4;S6@-2,4;S4@0,3;Q0@-1,3"
    ),
    Figure(
        N_("Parallelogram"),
        N_("convex figures"),
        "0,0 0,4 -2,6 -2,2",
        "L4@0,2;L2@0,2;P2'@-1,4;S6@-2,4;Q0@-2,4;S0@-2,5;M3@0,4",
    ),
    Figure(
        N_("Trapezoid"),
        N_("convex figures"),
        "0,0 0,4 -1,5 -3,3",
        "L4@-1,3;L2@-1,3;M7@-1,1;P2'@0,3;S6@-1,3;Q0@-1,3;S0@-1,4",
    ),
    Figure(
        N_("Right trapezoid"),
        N_("convex figures"),
        "0,0 0,5 -2,5 -2,2",
        "L4@0,2;L0@-2,2;M7@-2,4;S6@-2,5;P2@0,2;S4@0,4;Q0@-1,4",
    ),
    Figure(
        N_("Isosceles trapezoid"),
        N_("convex figures"),
        "0,0 0,6 -2,4 -2,2",
        "L4@0,2;L0@-2,2;M7@-2,4;P2@0,2;S4@0,4;Q0@-1,4;S2@0,5",
    ),
    Figure(
        N_("Rectangle"), N_("convex figures"), "0,0 2,0 2,4 0,4", "L0@0,0;L4@2,2;M5@1,3;P2'@1,4;S6@0,4;S4@2,3;Q0@1,3"
    ),
    Figure(
        N_("Pentagon 1"),
        N_("convex figures"),
        "0,0 0,3 -2,5 -3,4 -3,3",
        "L4@-1,3;M7@-3,4;S0@-3,3;L0@-2,3;P2@0,0;S4@0,2;Q0@-1,2",
    ),
    Figure(
        N_("Pentagon 2"),
        N_("convex figures"),
        "0,0 2,2 2,3 -2,3 -2,2",
        "L4@0,2;M5@-1,3;S6@-2,3;P0'@1,2;L6@0,2;S4@1,3;Q0@1,2",
    ),
    Figure(
        N_("Hexagon 1"),
        N_("convex figures"),
        "0,0 1,0 1,2 -1,4 -2,4 -2,2",
        "L4@0,2;L0@-2,2;P0'@0,3;S4@0,3;Q0@0,0;S2@1,1;M3@1,2",
    ),
    Figure(
        N_("Hexagon 2"),
        N_("convex figures"),
        "0,0 1,0 2,1 2,3 -1,3 -1,1",
        "M7@-1,1;L6@-1,3;P0@0,0;L6@0,2;S2@1,2;S2@2,1;Q0@1,2",
    ),
    Figure(
        N_("Hexagon 3"),
        N_("convex figures"),
        "0,0 1,1 1,4 0,5 -1,4 -1,1",
        "M1@0,0;L0@-1,1;L4@1,3;Q0@-1,3;S2@0,4;P2@1,3;S0@0,3",
    ),
    Figure(
        N_("Hexagon 4"),
        N_("convex figures"),
        "0,0 2,0 2,2 1,3 -1,3 -1,1",
        "M7@-1,1;P2'@0,3;S6@-1,3;L0@0,0;L4@2,2;Q0@0,2;S0@1,2",
    ),
    Figure(
        N_("Arrow"),
        N_("objects"),
        "0,0 √2,√2 2√2,0 3√2,√2 2√2,2√2 0,2√2",
        "L3@3√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q1@√2,√2",
    ),
    Figure(
        N_("Window with its pane out"),
        N_("objects"),
        "0,-1 1,-1 1,0 2√2,0 2√2,2√2 0,2√2",
        "L5@√2,√2;L3@√2,√2;M4@2√2,2√2;S7@√2,√2;S1@1/2√2,3/2√2;P3'@3/2√2,3/2√2;Q0@0,-1",
        ("1/2√2,3/2√2 √2,2√2 3/2√2,3/2√2 √2,√2",),
    ),
    Figure(
        N_("Person standing"),
        N_("people"),
        "0,3 1,3 1,1 2,0 2,1 3,1 2,2 3,2 3,3 4,3 3,4 3,5 2,5 2,4 1,4",
        "M3'@1,4;S2'@2,1;L0@1,1;P0'@3,2;L2'@3,4;Q0@2,4;S0@3,3",
    ),
    Figure(
        N_("Person sitting"),
        N_("people"),
        "0,1 1,0 2,0 3,1 3,2 2,2 2,3 1,3 1,4 0,4",
        "M5'@0,1;L4'@0,3;Q0@0,3;P0@1,0;L4'@1,2;S0'@2,2;S0'@3,1",
    ),
    Figure(
        N_("Person walking"),
        N_("people"),
        "1,1 0,0 2,0 2,1 3,1 4,0 4,1 3,2 3,3 2,3 2,4 1,4 1,3 0,2 1,2",
        "L0'@2,0;M3'@1,3;S4'@1,2;L2'@3,3;Q0@1,3;S0@2,1;P2@4,0",
    ),
    Figure(
        N_("Airplane"),
        N_("objects"),
        "0,0 1,0 1,1 3,1 4,2 5,2 4,3 3,3 3,4 2,4 2,3 0,1",
        "Q0@0,0;L0'@2,1;M1@3,1;S0@2,1;L0@2,2;S2'@3,4;P0'@5,2",
    ),
    Figure(
        N_("Person bowing"),
        N_("people"),
        "0,3 1,2 2,2 2,0 4,0 4,2 3,2 3,3 2,3 1,4 0,4",
        "M5'@0,3;S4'@0,4;P2@2,2;S0@1,2;L0@2,0;L2'@4,2;Q0@2,2",
    ),
    Figure(
        N_("Skater"),
        N_("people"),
        "1,2 0,1 1,0 2,0 3,1 3,2 4,2 3,3 3,4 2,4 2,3 1,3",
        "M5'@0,1;P0@1,0;L4'@1,2;Q0@1,2;S0'@3,1;L0@2,2;S2'@3,4",
    ),
    Figure(
        N_("Bowl"),
        N_("objects"),
        "1,1 0,0 3,0 3,3 2,3 2,4 1,4 1,3 0,2 1,2",
        "L0'@2,0;M3'@1,3;S4'@1,2;L2'@3,3;Q0@1,3;P2@3,0;S0@2,0",
    ),
    Figure(
        N_("Person with arms out"),
        N_("people"),
        "0,0 2,0 2,2 3,2 3,3 2,3 2,4 1,4 1,3 0,3",
        "L0@0,0;L2'@2,2;M3'@1,3;S4'@0,3;P2@2,2;S2'@2,4;Q0@2,2",
    ),
    Figure(
        N_("Child"),
        N_("people"),
        "1,1 0,0 3,0 2,1 3,2 3,3 2,3 2,4 1,4 1,3 0,3 0,2",
        "L0'@2,0;M5'@0,2;S4'@0,3;L4'@1,3;Q0@1,3;S0@2,0;P2'@3,3",
    ),
    Figure(
        N_("Person waving"),
        N_("people"),
        "1,2 0,1 1,1 1,0 3,0 2,1 3,1 3,2 4,3 3,4 2,4 2,3 1,3",
        "S0'@1,1;L0@1,0;P2@2,1;L2'@3,3;S0@2,1;Q0@2,3;M1'@4,3",
    ),
    Figure(
        N_("Person pointing"),
        N_("people"),
        "1,3 0,2 1,2 1,0 3,0 2,1 3,1 3,2 4,2 4,3 2,3 2,4 1,4",
        "L0'@2,2;L0@1,0;P0'@3,1;S4'@1,4;M5'@2,2;S4'@2,3;Q0@3,2",
    ),
    Figure(
        N_("Cat"),
        N_("animals"),
        "0,2 1,2 1,0 5,0 4,1 3,1 2,2 2,4 1,3 0,4",
        "L0@0,2;L0@1,0;P0'@3,1;M5'@1,3;S2'@3,1;Q0@3,0;S0@4,0",
    ),
    Figure(
        N_("Fish"),
        N_("animals"),
        "0,1 1,0 3,0 4,1 5,0 5,2 4,1 2,3",
        "P0'@2,0;L0'@2,1;S2'@2,1;Q0@2,0;L0@2,1;S4'@3,1;M5'@4,1",
    ),
    Figure(
        N_("Rabbit"),
        N_("animals"),
        "0,2 1,2 1,0 3,0 4,1 3,2 2,2 2,3 1,4 1,3 0,4",
        "L0@0,2;L0@1,0;S2'@2,2;P2@2,2;M1@3,0;Q0@2,1;S0@3,1",
    ),
    Figure(
        N_("Dog"),
        N_("animals"),
        "2,3 0,3 0,2 1,2 1,0 2,0 2,1 4,1 4,0 5,0 5,1 4,2 3,2",
        "L2'@2,3;S0@0,2;S0'@2,0;M1'@2,1;L0@2,1;P0'@5,1;Q0@4,0",
    ),
    Figure(
        N_("Duck"),
        N_("animals"),
        "0,2 1,2 1,1 2,0 4,0 5,1 4,2 2,2 2,3 1,3",
        "P0@0,2;S2'@2,1;Q0@1,1;S0'@2,2;L0@2,0;L2'@4,2;M1'@5,1",
    ),
    Figure(
        N_("Giraffe"),
        N_("animals"),
        "2,2 2,4 0,4 0,3 1,3 1,0 2,0 2,1 3,1 3,0 4,0 4,2",
        "L2'@2,4;S0@0,3;Q0@1,0;L0@1,1;M1@3,1;S0'@4,0;P2'@4,2",
    ),
    Figure(
        N_("Whale"),
        N_("animals"),
        "1,2 0,1 0,0 4,0 5,1 5,2 4,1 3,2",
        "M5'@0,1;S0@0,0;L0@1,0;L2'@3,2;Q0@3,0;S0@3,1;P2'@5,2",
    ),
    Figure(
        N_("Swan"),
        N_("animals"),
        "0,3 1,3 1,1 2,0 5,0 3,2 2,2 2,3 1,4 0,4",
        "M3'@1,4;S4'@0,4;P2@2,0;L2'@3,2;Q0@1,2;S0@2,0;L0@3,0",
    ),
    Figure(
        N_("Bird flying"),
        N_("animals"),
        "1,1 2,0 4,0 5,1 6,1 6,2 4,2 3,1 2,2 0,2 0,1",
        "L2'@2,2;S0@0,1;L0@2,0;M5'@3,1;P2'@5,2;S4'@4,2;Q0@5,1",
    ),
    Figure(
        N_("Camel"),
        N_("animals"),
        "0,0 1,0 1,1 3,1 3,0 4,0 4,2 3,3 2,2 1,3 0,2",
        "Q0@0,0;S0'@1,1;P2'@1,3;L0@1,1;L2'@4,2;M3'@3,3;S0@3,0",
    ),
    Figure(
        N_("Horse"),
        N_("animals"),
        "0,0 1,0 1,1 3,1 3,0 4,0 4,1 5,2 4,3 3,3 3,2 0,2",
        "S0'@1,0;L4'@0,2;P0@1,1;L0'@4,1;Q0@3,0;S4'@3,3;M1'@5,2",
    ),
    Figure(
        N_("House"),
        N_("objects"),
        "0,1 1,1 1,0 4,0 4,1 5,1 4,2 4,3 3,3 3,2 1,2",
        "M3'@1,2;P0'@3,0;S0@1,0;L2'@3,2;Q0@3,0;L0@3,1;S2'@4,3",
    ),
    Figure(
        N_("Boat"), N_("objects"), "2,1 0,1 1,0 4,0 5,1 3,3 2,3", "M1@1,0;L0'@3,0;P2'@3,3;S4'@2,3;Q0@3,0;L0@3,1;S4'@4,1"
    ),
    Figure(
        N_("Rocket"),
        N_("objects"),
        "1,1 0,0 4,0 3,1 3,3 2,4 1,3",
        "L0'@2,0;L4'@1,3;M3'@2,4;P0'@4,0;S0@2,0;Q0@2,1;S0'@3,2",
    ),
    Figure(
        N_("Goblet"),
        N_("objects"),
        "1,1 0,0 3,0 2,1 2,2 3,3 3,4 0,4 0,3 1,2",
        "L0'@2,0;P2@1,2;L2'@2,4;M1'@2,2;S0@2,0;S4'@2,3;Q0@2,3",
    ),
    Figure(
        N_("Chair"),
        N_("objects"),
        "0,0 1,0 1,1 3,1 3,0 4,0 4,2 1,2 1,4 0,4",
        "Q0@0,0;L0@0,1;M5'@0,3;S4'@0,4;P0'@3,1;L2'@4,2;S0@3,0",
    ),
    Figure(
        N_("Table"),
        N_("objects"),
        "0,0 1,0 1,2 3,2 3,0 4,0 4,3 0,3",
        "Q0@0,0;S0'@1,1;L4'@0,3;M3'@2,3;L2'@4,3;P2@4,0;S0@3,0",
    ),
    Figure(
        N_("Tree"),
        N_("objects"),
        "1,2 0,1 1,1 1,0 2,0 2,1 4,1 3,2 4,2 2,4 0,2",
        "L0'@2,1;P0@0,2;Q0@1,0;M3'@2,4;L0@2,1;S2'@3,3;S0@3,2",
    ),
    Figure(
        N_("Lamp"),
        N_("objects"),
        "0,0 3,0 3,1 2,1 2,3 4,3 3,4 1,4 0,3 1,3 1,1 0,1",
        "L0'@2,0;S4'@0,1;S0'@1,3;P2'@2,3;L4'@1,4;Q0@2,0;M3'@3,4",
    ),
    Figure(
        N_("Key"),
        N_("objects"),
        "0,0 1,0 1,1 3,1 3,0 4,0 4,2 2,2 2,3 0,3",
        "Q0@0,0;L0@0,1;L2'@2,3;M1@3,1;S0@2,1;S0'@4,0;P2'@4,2",
    ),
    Figure(
        N_("Bridge"),
        N_("objects"),
        "0,0 1,0 2,1 4,1 5,0 6,0 6,1 5,2 1,2 0,1",
        "Q0@0,0;S0'@1,1;L4'@1,2;M3'@3,2;L2'@5,2;P2@6,0;S0@5,0",
    ),
    Figure(
        N_("Mountain"), N_("objects"), "0,0 4,0 4,1 2,3 0,1", "M3'@1,1;S4'@0,1;L0'@2,1;P0'@3,0;S2'@3,1;L0@2,1;Q0@3,0"
    ),
    Figure(
        N_("Mug"),
        N_("objects"),
        "0,1 1,0 2,1 2,2 3,2 3,3 2,3 2,4 0,4",
        "M5'@0,1;S4'@0,2;L0@0,2;L2'@2,4;P2'@2,2;S4'@1,2;Q0@2,2",
    ),
    Figure(
        N_("Crystal"), N_("objects"), "1,0 2,1 2,4 1,5 0,4 0,1", "M1@1,0;L0@0,1;L2'@2,3;Q0@0,3;S0'@1,4;P2@2,3;S0@1,3"
    ),
    Figure(
        N_("Flag"),
        N_("objects"),
        "0,0 1,0 1,2 2,2 3,3 4,3 3,4 0,4",
        "Q0@0,0;S0'@1,1;S4'@0,2;L0@0,2;L2'@2,4;M1'@3,3;P0'@4,3",
    ),
    Figure(
        N_("Mushroom"),
        N_("objects"),
        "1,3 0,2 1,1 1,0 3,0 3,1 4,2 3,3",
        "M5'@0,2;L0@1,0;L2'@3,2;Q0@1,2;P0'@4,2;S0@2,2;S4'@3,2",
    ),
    Figure(
        N_("Letter T"),
        N_("letters and digits"),
        "0,3 0,2 1,2 1,0 3,0 3,2 4,2 4,3",
        "L2'@2,3;S0@0,2;L0@1,0;M5'@2,1;P2'@3,3;S4'@2,3;Q0@3,2",
    ),
    Figure(
        N_("Letter L"),
        N_("letters and digits"),
        "0,0 4,0 4,1 2,1 2,3 0,3",
        "L0@0,0;P2@1,1;L2'@2,3;M1@2,0;S0@1,1;S0'@3,0;Q0@3,0",
    ),
    Figure(
        N_("Letter U"),
        N_("letters and digits"),
        "0,0 4,0 4,3 3,3 3,1 1,1 1,3 0,3",
        "L0@0,0;P2@1,1;S2'@1,3;M1@2,0;L0'@4,0;S4'@3,2;Q0@3,2",
    ),
    Figure(
        N_("Letter E"),
        N_("letters and digits"),
        "0,0 2,0 2,1 1,1 1,2 2,2 2,3 1,3 1,4 2,4 2,5 0,5",
        "L0@0,0;M5'@0,2;P2'@1,4;L4'@0,5;S2'@2,1;Q0@1,2;S0'@2,4",
    ),
    Figure(
        N_("Letter F"),
        N_("letters and digits"),
        "1,0 1,1 2,1 2,3 3,3 3,4 0,4 0,0",
        "P2@1,0;S0@0,0;M1@1,1;L0@0,2;L2'@2,4;S0'@2,1;Q0@2,3",
    ),
    Figure(
        N_("Letter J"),
        N_("letters and digits"),
        "0,0 3,0 3,4 1,4 1,3 2,3 2,1 1,1 1,2 0,2",
        "P0@0,0;S4'@0,1;Q0@0,1;L0'@3,0;L2'@3,4;S0@1,3;M1'@3,2",
    ),
    Figure(
        N_("Letter P"),
        N_("letters and digits"),
        "0,0 1,0 1,1 2,1 3,2 3,3 2,4 0,4",
        "S0'@1,0;L4'@0,2;S0'@1,2;L4'@0,4;P0@1,1;M3'@2,4;Q0@2,2",
        ("2,2 1,2 1,3 2,3",),
    ),
    Figure(
        N_("Letter V"),
        N_("letters and digits"),
        "0,3 0,2 1,1 2,1 3,0 4,1 5,1 6,2 6,3 5,3 3,1 1,3",
        "P2@1,1;S2'@1,3;L0@1,1;M1@3,0;L0'@5,1;S4'@5,2;Q0@5,2",
    ),
    Figure(
        N_("Letter Y"),
        N_("letters and digits"),
        "0,4 0,3 1,2 1,1 2,0 3,1 3,2 4,3 4,4 3,4 3,3 1,3 1,4",
        "P2@1,2;S2'@1,4;M1@2,0;L0@1,1;L2'@3,3;S4'@3,3;Q0@3,3",
    ),
    Figure(
        N_("Digit 1"),
        N_("letters and digits"),
        "2,5 0,3 2,3 2,1 1,1 1,0 3,0 3,5",
        "L0'@2,3;L0'@3,0;S4'@1,1;M1'@3,2;P2@3,2;S2'@3,4;Q0@2,4",
    ),
    Figure(
        N_("Digit 7"),
        N_("letters and digits"),
        "0,4 2,4 2,3 1,2 1,0 2,0 2,1 3,2 3,5 0,5",
        "Q0@0,4;S0'@2,0;L4'@1,2;L0'@3,2;M1@2,4;S0@1,4;P2'@3,5",
    ),
)

# by category, in the order of CATEGORIES (the start screen's list reads that way)
FIGURES = tuple(sorted(_DRAWN, key=lambda f: CATEGORIES.index(f.category)))
