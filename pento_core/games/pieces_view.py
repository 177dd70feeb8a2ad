"""What the polyomino games send their views: the piece tables and the pieces on the board.

Shared by the games played with polyominoes (a helper of the games layer, not a game: a game
never imports another game).
"""

from __future__ import annotations

from ..polyomino.board import Placement
from ..polyomino.geometry import Cell, mirror_h, mirror_v, rotate
from ..polyomino.pieces import Piece
from ..polyomino.placement import orientation_of, placement_text
from .base import JSON


def placement_json(p: Placement, one_sided: bool = False, copy: int | None = None) -> JSON:
    """A placed piece as the views draw it: piece, orientation, anchor, cells and its move text
    (with ``#copy`` for games of several copies)."""
    r, c = p.anchor
    text = placement_text(p, one_sided)
    out: JSON = {"piece": p.piece.name, "orientation": orientation_of(p, one_sided), "row": r, "col": c}
    if copy is not None:
        out["copy"] = copy
        text += f"#{copy}"
    return {**out, "cells": sorted([list(x) for x in p.cells]), "text": text}


def piece_table(piece: Piece, count: int, one_sided: bool) -> JSON:
    """A piece's orientations and where rotate / mirror take each of them.

    The view only looks transforms up in this table: the geometry stays in Python.
    """
    shapes = piece.orientations(one_sided)

    def index(s: frozenset[Cell]) -> int:
        return shapes.index(s) if s in shapes else -1

    return {
        "name": piece.name,
        "count": count,
        "size": piece.size,
        "orientations": [sorted([list(c) for c in s]) for s in shapes],
        "rotate": [index(rotate(s)) for s in shapes],
        "mirror_h": [index(mirror_h(s)) for s in shapes],
        "mirror_v": [index(mirror_v(s)) for s in shapes],
    }
