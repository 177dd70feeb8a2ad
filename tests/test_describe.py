"""The board in words (Game.describe and the API's ``describe``): what a player who cannot see the
board hears.  The expected lines are written out by hand from the positions the tests set up."""

from __future__ import annotations

import pytest

from pento_core import api, i18n, registry
from pento_core.games import words
from pento_core.games.cover import CoverGame
from pento_core.games.gandagalo import GandaGaloGame
from pento_core.games.pegs import PegsGame
from pento_core.games.tangram import TangramGame
from pento_core.games.twenty import TwentyGame


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_describes_every_preset_summary_first(game_id: str) -> None:
    game = registry.GAMES[game_id]
    for preset in game.presets():
        state = game.start(game.new(preset.params, 1))
        lines = game.describe(state)
        assert lines[0] == game.status(state).reason  # the summary a player reads in the status line
        assert len(lines) >= 2 and all(isinstance(line, str) and line.strip() for line in lines)


def test_runs_columns_and_listing() -> None:
    assert words.runs("..FF ") == [(".", 0, 1), ("F", 2, 3), (" ", 4, 4)]
    assert words.columns(0, 0) == "column 1" and words.columns(2, 4) == "columns 3 to 5"
    assert words.listing(["a", "b"]) == "a, b"
    many = [str(k) for k in range(words.MAX_LISTED + 3)]
    assert words.listing(many).endswith(f"{words.MAX_LISTED - 1} and 3 more")


def test_a_cover_position_row_by_row_with_the_pieces_left() -> None:
    game = CoverGame()
    state = game.apply(game.start("3x20"), "X0@0,0")  # X has one orientation: rows 1-3, columns 1-3
    assert game.describe(state)[1:] == [
        "Row 1: empty in column 1; X in column 2; empty in columns 3 to 20.",
        "Row 2: X in columns 1 to 3; empty in columns 4 to 20.",
        "Row 3: empty in column 1; X in column 2; empty in columns 3 to 20.",
        "Pieces still to place: F, I, L, N, P, T, U, V, W, Y, Z.",
    ]


def test_the_game_of_20_names_each_copy_and_the_pieces_no_copy_has_used() -> None:
    game = TwentyGame()
    state = game.start(game.new("twenty", 1))
    lines = game.describe(state)
    assert [line for line in lines if line.startswith("Copy")] == ["Copy 1:", "Copy 2:", "Copy 3:"]
    assert lines[-1] == "Pieces still to place: F, I, L, N, P, T, U, V, W, X, Y, Z."


def test_the_english_peg_board_its_hole_and_its_four_opening_jumps() -> None:
    game = PegsGame()
    lines = game.describe(game.start("english"))
    assert lines[1] == "Row 1: pegs in columns 3 to 5."
    assert lines[4] == "Row 4: pegs in columns 1 to 3; empty hole in column 4; pegs in columns 5 to 7."
    jumps = lines[-1]
    assert jumps.startswith("Jumps you can make: ")
    assert jumps.count(" to row 4 column 4") == 4
    assert "row 2 column 4 over row 3 column 4 to row 4 column 4" in jumps


def test_gandagalo_tells_given_marks_from_the_players() -> None:
    game = GandaGaloGame()
    state = game.apply(game.start("....../....../....../....../..XO../...X.X"), "4,0=O 5,1=X")
    assert game.describe(state)[5:] == [
        "Row 5: O in column 1; empty in column 2; X given in column 3; O given in column 4; empty in columns 5 to 6.",
        "Row 6: empty in column 1; X in column 2; empty in column 3; X given in column 4; empty in column 5; "
        "X given in column 6.",
    ]


def test_tangram_numbers_the_tans_as_the_page_does() -> None:
    game = TangramGame()
    desc = game.new(game.presets()[0].params, 1)
    state = game.apply(game.start(desc), "3=L0@-1,-1")  # slot 3 is the first large triangle: tan 1
    lines = game.describe(state)
    # the silhouette first (issue 25: the board in words never described it), then the tans
    assert lines[1].startswith("The silhouette, ") and " corners, " in lines[1]
    assert lines[2].startswith("Tan 1, the large triangle: on the table, its middle at ")
    assert lines[2].endswith("turned 0 degrees.")
    assert lines[3] == "Tan 2, the large triangle: in the tray."
    assert lines[8] == "Tan 7, the parallelogram: in the tray."
    assert game.info(desc)["numbered"] == [3, 4, 2, 0, 1, 5, 6]


def test_the_api_describes_in_the_players_language() -> None:
    try:
        assert api.handle({"id": 1, "cmd": "hello", "args": {"lang": "pt"}})["ok"]
        reply = api.handle({"id": 2, "cmd": "describe", "args": {"game": "pegs", "desc": "english"}})
    finally:
        i18n.set_language("en")
    assert reply["ok"], reply
    assert (
        reply["result"]["lines"][4]
        == "Linha 4: pinos em colunas 1 a 3; buraco vazio em coluna 4; pinos em colunas 5 a 7."
    )


def test_describe_refuses_a_bad_position_with_a_message() -> None:
    reply = api.handle({"id": 4, "cmd": "describe", "args": {"game": "pegs", "desc": "english", "state": "zzz"}})
    assert not reply["ok"] and reply["error"]["message"]
