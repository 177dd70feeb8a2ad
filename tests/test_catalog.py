"""What the start screen shows before the engine loads, and what every view tells the status line."""

from __future__ import annotations

from typing import Any

import pytest
from support.checker import is_tiling

import build
from pento_core import api, registry
from pento_core.polyomino.pieces import PieceSet


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    """The catalogue as the page gets it (every preset's picture is solved: build.py works it out once
    for the core's sources, so the build and every test process share it)."""
    return build.catalog_data()


def test_every_game_has_rules_a_description_and_pictured_presets(data: dict[str, Any]) -> None:
    assert [g["id"] for g in data["games"]] == list(registry.GAMES)
    for g in data["games"]:
        assert len(g["rules"]) > 200 and "\n\n" in g["rules"]
        assert 20 < len(g["description"]) <= 100
        for preset in g["presets"]:
            rows = preset["picture"]
            assert rows and all(isinstance(r, str) for r in rows)


def _cells(rows: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        for ch in row:
            if ch != " ":
                counts[ch] = counts.get(ch, 0) + 1
    return counts


def test_pictures_show_the_boards_solved(data: dict[str, Any]) -> None:
    pictures = {(g["id"], p["label"]): p["picture"] for g in data["games"] for p in g["presets"]}
    # a 6 x 10 rectangle, every pentomino's letter on five cells
    six = pictures[("cover", "6 x 10")]
    assert [len(r) for r in six] == [10] * 6
    assert _cells(six) == dict.fromkeys("FILNPTUVWXYZ", 5)
    # and a tiling, by the independent checker: each letter's cells are that pentomino, all twelve once
    pentominoes = {p.name: (p.shape, 1) for p, _ in PieceSet.pentominoes()}
    placed = [
        (ch, frozenset((r, c) for r, row in enumerate(six) for c, x in enumerate(row) if x == ch)) for ch in _cells(six)
    ]
    board = frozenset((r, c) for r in range(6) for c in range(10))
    assert is_tiling(board, pentominoes, placed)
    scott = pictures[("cover", "8x8 without its centre")]
    assert scott[3][3:5] == scott[4][3:5] == "  " and sum(_cells(scott).values()) == 60
    # three copies of a 20-cell board, a column apart, covered by the twelve pieces once
    assert _cells(pictures[("twenty", "Game of 20")]) == dict.fromkeys("FILNPTUVWXYZ", 5)
    # 5 x 5 with pieces left over: five pieces
    assert sorted(_cells(pictures[("cover", "5 x 5 (pieces left over)")]).values()) == [5] * 5
    # peg solitaire shows how a game starts: 32 pegs and the empty centre
    assert _cells(pictures[("pegs", "English (33 holes)")]) == {"P": 32, ".": 1}
    # the workshop shows the board to edit
    assert pictures[("workshop", "6 x 10 with the 12 pentominoes")] == ["." * 10] * 6


def test_a_position_is_pictured_with_its_pieces() -> None:
    r = api.handle({"cmd": "move", "args": {"game": "cover", "desc": "3x20", "state": "", "move": "I1@0,0"}})
    assert r["result"]["picture"] == ["IIIII" + "." * 15, "." * 20, "." * 20]
    assert r["result"]["view"]["summary"] == "1 of 12 pieces placed. 55 cells left to cover."


def test_summaries_and_goals() -> None:
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "5x5", "state": ""}})["result"]
    assert r["info"]["goal"] == "Cover all 25 cells using 5 of the 12 pieces: 7 will be left over."
    assert r["view"]["summary"] == "0 of 5 pieces placed. 25 cells left to cover."
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "4x8~I4*4,O4*4", "state": ""}})["result"]
    assert r["info"]["goal"] == "Cover all 32 cells with all 8 pieces."
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "1x5", "state": "I1@0,0"}})["result"]
    assert r["view"]["summary"] == "The board is covered!"
    r = api.handle({"cmd": "load", "args": {"game": "workshop", "desc": "6x10", "state": ""}})["result"]
    assert r["view"]["summary"] == "Board of 60 cells; pieces of 60 cells in all."
