"""Each game's moves as hypothesis draws them (its own move types) and the canonical texts of its
move format.  A game with no entry here is tested with the moves its own solver writes
(:func:`moves_of`, :func:`texts_of`); one with neither fails its own tests by name."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st

from pento_core import registry
from pento_core.budget import Budget
from pento_core.games import box_workshop, boxes, gandagalo, pegs, piece_moves, tangram, workshop
from pento_core.polycube import position as box_position
from pento_core.polyomino.placement import Put
from pento_core.tangram.arrangement import Placed
from pento_core.tangram.number import Surd

# An English peg game nine moves in (issue 25's): its hint reads the English board's table, the
# core's data file fetched apart (tests/test_resources.py, tests/e2e/test_browser_pegs.py).
PEGS_ISSUE_25 = "3,5-3,3;1,4-3,4;3,3-3,5;1,2-1,4;2,2-2,4;2,0-2,2;4,0-2,0;5,4-3,4;2,4-4,4"

SMALL = st.integers(0, 40)
LETTER = st.sampled_from(list("FILNPTUVWXYZ"))
PUT = st.builds(Put, LETTER, st.integers(0, 7), st.integers(-3, 40), st.integers(-3, 40))
CELL = st.tuples(SMALL, SMALL)
COPY = st.one_of(st.none(), st.integers(0, 5))
PIECE_MOVE = st.one_of(
    st.builds(piece_moves.Place, PUT, COPY),
    st.builds(piece_moves.TakeBack, CELL, COPY),
    st.builds(piece_moves.Relocate, CELL, COPY, st.builds(piece_moves.Place, PUT, COPY)),
    st.builds(piece_moves.Clear, COPY),
)
HALVES = st.builds(
    lambda a, b: Surd(a, b), st.fractions(-8, 8, max_denominator=4), st.fractions(-8, 8, max_denominator=4)
)
TAN = st.integers(0, 6)
PLACED = st.builds(
    lambda code, turn, flip, x, y: Placed(code, turn, flip, (x, y)),
    st.sampled_from(list("SMLQP")),
    st.integers(0, 7),
    st.booleans(),
    HALVES,
    HALVES,
)
FINITE = st.floats(-50, 50, allow_nan=False, allow_infinity=False).map(lambda v: round(v, 8))  # the format's places
GRID = st.integers(1, 6).flatmap(
    lambda rows: st.integers(1, 6).flatmap(
        lambda cols: st.builds(
            lambda cells: workshop.BoardEdit(rows, cols, frozenset(cells)),
            st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), min_size=1),
        )
    )
)

CELL3 = st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 99))
SOLID_PUT = st.builds(
    box_position.Put, st.sampled_from(["F", "X", "L1", "J4", "A", "Q", "P12", "H100"]), st.integers(0, 99), CELL3
)

MOVES: dict[str, st.SearchStrategy[Any]] = {
    "cover": PIECE_MOVE,
    "twenty": PIECE_MOVE,
    "lastfit": PUT,
    "pegs": st.one_of(st.builds(pegs.JumpMove, CELL, CELL), st.just(pegs.Restart())),
    "gandagalo": st.one_of(
        st.builds(gandagalo.Word, st.sampled_from(gandagalo.WORDS)),
        st.builds(
            gandagalo.Marks,
            st.lists(
                st.tuples(st.tuples(st.integers(0, 19), st.integers(0, 19)), st.sampled_from("XO.")),
                min_size=1,
                max_size=6,
            ).map(tuple),
        ),
    ),
    "tangram": st.one_of(
        st.just(tangram.TanClear()),
        st.builds(tangram.SetTan, TAN, st.one_of(st.none(), PLACED)),
        st.builds(tangram.Drop, TAN, FINITE, FINITE),
        st.builds(tangram.Shift, TAN, HALVES, HALVES),
        st.builds(tangram.Step, TAN, st.sampled_from(sorted(tangram.STEPS))),
        st.builds(tangram.Turn, TAN, st.sampled_from([1, -1])),
        st.builds(tangram.Flip, TAN),
    ),
    "workshop": st.one_of(
        st.builds(workshop.Size, st.integers(1, 20), st.integers(1, 20)),
        st.builds(workshop.Paint, st.lists(CELL, min_size=1, max_size=5).map(tuple), st.booleans()),
        GRID,
        st.builds(workshop.Pieces, st.sampled_from(["-", "F,I,L", "I2*3,O4", "F'"])),
        st.builds(workshop.Count, st.sampled_from(["F", "L4", "I2"]), st.integers(0, 9)),
        st.builds(workshop.Flag, st.sampled_from(["o", "u"]), st.booleans()),
        st.builds(workshop.Import, st.sampled_from(["4x4\n---\nI4*4", "...\n...\n---\nI3*3"])),
    ),
    "boxes": st.one_of(
        st.builds(boxes.Place, SOLID_PUT),
        st.builds(boxes.TakeBack, CELL3),
        st.builds(boxes.Relocate, CELL3, SOLID_PUT),
        st.just(boxes.Clear()),
    ),
    "boxshop": st.one_of(
        st.builds(box_workshop.Size, st.tuples(st.integers(1, 12), st.integers(1, 12), st.integers(1, 12))),
        st.builds(
            box_workshop.Paint,
            st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11), st.integers(0, 11)), min_size=1, max_size=5).map(
                tuple
            ),
            st.booleans(),
        ),
        st.builds(box_workshop.Pieces, st.sampled_from(["planar-pentacubes", "pentacubes", "family:4", "L1,J1,Q*2"])),
    ),
}

# canonical texts: each writes back as itself
TEXTS = {
    "cover": ["F3@2,5", "-2,5", "2,5>F3@4,5", "clear"],
    "twenty": ["F3@2,5#1", "-2,5#0", "2,5#0>F3@4,5#2", "clear#1", "clear"],
    "lastfit": ["L4@2,5", "X0@0,0"],
    "pegs": ["3,1-3,3", "clear"],
    "gandagalo": ["anchor", "back", "keep", "clear", "2,3=X", "2,3=X 4,1=. 0,0=O"],
    "tangram": [
        "clear",
        "3=L3@1,√2",
        "3=-",
        "drop 3 1.25 -0.5",
        "shift 3 1/2 √2",
        "step 3 left",
        "step 3 up",
        "turn 3 +1",
        "turn 3 -1",
        "flip 3",
    ],
    "workshop": [
        "size 8 8",
        "paint 2,5;3,5",
        "erase 0,0",
        "board 6x10",
        "board ..#/...",
        "pieces F,I,L*2",
        "count L 2",
        "flag o 1",
        "flag u 0",
    ],
    "boxes": ["F:3@0,1,2", "L3:17@2,0,1", "-0,1,2", "0,1,2>N1:5@1,1,0", "clear"],
    "boxshop": ["size 3 4 5", "paint 0,1,2;1,1,1", "erase 0,0,0", "pieces family:4", "pieces L1,J1,Q*2"],
}


@functools.cache
def solver_moves(game_id: str) -> list[str]:
    """The moves ``game_id``'s own solver writes for its first presets' puzzles: what a game with no
    hand-written strategy here is tested with (its solver is the one place its moves are made)."""
    game = registry.get(game_id)
    assert "solve" in game.features, f"{game_id} has no solver and no moves in tests/support/moves.py"
    texts: list[str] = []
    for preset in game.presets()[:2]:
        solution = game.solve(game.start(game.new(preset.params, 0)), Budget(max_seconds=30).started(), None)
        texts += solution.moves
    assert texts, f"{game_id}'s solver wrote no move for its first presets"
    return list(dict.fromkeys(texts))


def moves_of(game_id: str) -> st.SearchStrategy[Any]:
    """``game_id``'s move values: its strategy here, else the moves its own solver writes, read."""
    if game_id in MOVES:
        return MOVES[game_id]
    game = registry.get(game_id)
    return st.sampled_from([game.parse_move(text) for text in solver_moves(game_id)])


def texts_of(game_id: str) -> list[str]:
    """``game_id``'s canonical move texts: those here, else the ones its own solver writes."""
    return TEXTS[game_id] if game_id in TEXTS else solver_moves(game_id)
