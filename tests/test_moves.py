"""Every game's move format is a parse/write pair (python-chess's Move.from_uci / uci()): a written
move reads back as the same value, and a canonical text writes back as itself.  Hypothesis draws
move values from each game's own move types; the moves the solvers write are read and written back;
each game of the registry is one case of each test, so a game without moves in
tests/support/moves.py fails here by its name."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from support.moves import MOVES, TEXTS, moves_of, texts_of

from pento_core import registry
from pento_core.budget import Budget
from pento_core.errors import ParseError

GAMES = sorted(registry.GAMES)


def test_no_moves_for_a_game_the_registry_lacks() -> None:
    assert set(MOVES) <= set(registry.GAMES) and set(TEXTS) <= set(registry.GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_written_move_reads_back_as_itself(game_id: str) -> None:
    game = registry.get(game_id)

    @settings(max_examples=150, deadline=None)
    @given(moves_of(game_id))
    def round_trip(move: Any) -> None:
        text = game.write_move(move)
        assert game.parse_move(text) == move, text
        assert game.write_move(game.parse_move(text)) == text

    round_trip()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_canonical_text_writes_back_as_itself(game_id: str) -> None:
    game = registry.get(game_id)
    for text in texts_of(game_id):
        assert game.write_move(game.parse_move(text)) == text


@pytest.mark.parametrize("game_id", sorted(g for g in registry.GAMES if "solve" in registry.get(g).features))
def test_the_solvers_moves_are_canonical_and_play_the_same_read_back(game_id: str) -> None:
    game = registry.get(game_id)
    # the first three puzzles Solve applies to (a puzzle's info may say it does not: a Last Fit game
    # between players is played, only its blocking puzzle is solved)
    descs = [game.new(preset.params, 0) for preset in game.presets()]
    solvable = [desc for desc in descs if game.info(desc).get("solvable", True)][:3]
    assert solvable, f"{game_id} offers Solve on none of its presets"
    for desc in solvable:
        state = game.start(desc)
        solution = game.solve(state, Budget(max_seconds=20), None)
        assert solution.found, (game_id, desc)
        moves = (["clear"] if solution.from_empty else []) + solution.moves
        for text in moves:
            move = game.parse_move(text)
            assert game.write_move(move) == text
            state = game.play(state, game.parse_move(game.write_move(move)))
        assert game.status(state).state == "solved"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_malformed_move_is_a_parse_error(game_id: str) -> None:
    game = registry.get(game_id)
    for text in ("", "   ", "F@", "1,2,3", "drop", "=", "x" * 500):
        with pytest.raises(ParseError):
            game.parse_move(text)
