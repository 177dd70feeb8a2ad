"""What the start screen shows before the engine loads, and what every view tells the status line."""

from __future__ import annotations

from pento_core import api, registry
from pento_core.catalog import catalog


def test_every_game_has_rules_a_description_and_pictured_presets() -> None:
    data = catalog()
    assert [g["id"] for g in data["games"]] == list(registry.GAMES)
    for g in data["games"]:
        assert len(g["rules"]) > 200 and "\n\n" in g["rules"]
        assert 20 < len(g["description"]) <= 100
        for preset in g["presets"]:
            rows = preset["picture"]
            assert rows and all(isinstance(r, str) for r in rows)


def test_pictures_show_the_boards() -> None:
    pictures = {(g["id"], p["label"]): p["picture"] for g in catalog()["games"] for p in g["presets"]}
    assert pictures[("cover", "6 x 10")] == ["." * 10] * 6
    scott = pictures[("cover", "8x8 without its centre")]
    assert scott[3] == "...  ..." and sum(r.count(".") for r in scott) == 60
    # three copies of a 20-cell board, a column apart
    twenty = pictures[("twenty", "Game of 20")]
    assert sum(r.count(".") for r in twenty) == 60
    # toothed parallelogram: area 60
    assert sum(r.count(".") for r in pictures[("cover", "Toothed parallelogram")]) == 60


def test_a_position_is_pictured_with_its_pieces() -> None:
    r = api.handle({"cmd": "move", "args": {"game": "cover", "desc": "3x20", "state": "", "move": "I1@0,0"}})
    assert r["result"]["picture"] == ["IIIII" + "." * 15, "." * 20, "." * 20]
    assert r["result"]["view"]["summary"] == "1 of 12 pieces placed, 55 cells left to cover."


def test_summaries_and_goals() -> None:
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "5x5", "state": ""}})["result"]
    assert r["info"]["goal"] == "Cover all 25 cells using 5 of the 12 pieces: 7 will be left over."
    assert r["view"]["summary"] == "0 of 5 pieces placed, 25 cells left to cover."
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "4x8~I4*4,O4*4", "state": ""}})["result"]
    assert r["info"]["goal"] == "Cover all 32 cells with all 8 pieces."
    r = api.handle({"cmd": "load", "args": {"game": "cover", "desc": "1x5", "state": "I1@0,0"}})["result"]
    assert r["view"]["summary"] == "The board is covered!"
    r = api.handle({"cmd": "load", "args": {"game": "workshop", "desc": "6x10", "state": ""}})["result"]
    assert r["view"]["summary"] == "Board of 60 cells; pieces of 60 cells in all."
