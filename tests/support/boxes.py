"""Pentacube boxes for the tests: a filling found by the core's solver, and the fewest quarter turns
from one orientation of a piece to another (a breadth-first search of the tests' own)."""

from __future__ import annotations

from collections import deque

from pento_core.budget import Budget
from pento_core.games.boxes import BoxesGame
from pento_core.polycube.pieces import solid_by_name
from pento_core.polycube.position import Put, parse_put, turn_table

Plan = list[Put]


def filling(desc: str) -> Plan:
    """The placements of a filling of ``desc`` (the order the player will put them in)."""
    game = BoxesGame()
    solution = game.solve(game.start(desc), Budget(max_seconds=60), None)
    assert solution.found
    return [parse_put(m) for m in solution.moves]


def turns(name: str, start: int, goal: int) -> str:
    """The fewest quarter turns (axes, e.g. ``"xzz"``) that take ``name`` from orientation ``start``
    to ``goal``: a breadth-first search over the rotations, which a player finds by eye."""
    tables = {axis: turn_table(solid_by_name(name), axis) for axis in "xyz"}
    seen = {start: ""}
    queue = deque([start])
    while queue:
        o = queue.popleft()
        if o == goal:
            return seen[o]
        for axis, table in tables.items():
            if table[o] not in seen:
                seen[table[o]] = seen[o] + axis
                queue.append(table[o])
    raise AssertionError(f"{name}: orientation {goal} is not reached from {start}")
