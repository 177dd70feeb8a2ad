"""The template game (docs/template/lights.py, Lights out) works as a game of Pento would: loaded
where docs/adding-a-game.md puts it and registered for the test, it answers every command of the
API with the shapes the protocol declares, its formats are parse/write pairs, its generator only
offers boards its solver puts out, and bad input is refused in words.  So the template a new game
is copied from cannot rot."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.shapes import shape_errors

from pento_core import api, protocol, registry
from pento_core.budget import Budget
from pento_core.games.base import Game

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "docs" / "template"


@pytest.fixture(scope="module")
def lights() -> Iterator[Game[Any, Any]]:
    """The template's backend as pento_core.games.lights, in the registry while the test runs."""
    spec = importlib.util.spec_from_file_location("pento_core.games.lights", TEMPLATE / "lights.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    real = sys.modules.get(spec.name)  # the game itself, in a branch that has added it
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    before = registry.GAMES  # with the game itself, in a branch that has added it
    registry.GAMES = registry.Games({**before.where, "lights": "lights:LightsGame"})  # its one registry line
    try:
        yield registry.GAMES["lights"]
    finally:
        registry.GAMES = before
        if real is None:
            del sys.modules[spec.name]
        else:
            sys.modules[spec.name] = real


def call(cmd: str, **args: Any) -> Any:
    return json.loads(api.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def test_the_template_answers_the_api_in_the_declared_shapes(lights: Game[Any, Any]) -> None:
    hello = call("hello")["result"]
    assert shape_errors(hello, protocol.Hello) == []
    entry = next(g for g in hello["games"] if g["id"] == "lights")
    assert entry["view"] == "lights" and (TEMPLATE / "lights.js").exists()
    opened = call("new", game="lights", params="5x5", seed=7)["result"]
    assert shape_errors(opened, protocol.Opened) == []
    desc = opened["desc"]
    hint = call("hint", game="lights", desc=desc, state="")["result"]
    assert shape_errors(hint, protocol.Hint) == [] and hint["kind"] == "place"
    moved = call("move", game="lights", desc=desc, state="", move=hint["move"])["result"]
    assert shape_errors(moved, protocol.Snapshot) == []
    solved = call("solve", game="lights", desc=desc, state=moved["state"])["result"]
    assert shape_errors(solved, protocol.Solution) == [] and solved["found"]
    state = moved["state"]
    for move in solved["moves"]:
        state = call("move", game="lights", desc=desc, state=state, move=move)["result"]["state"]
    final = call("load", game="lights", desc=desc, state=state)["result"]
    assert final["view"]["complete"] and final["view"]["status"]["state"] == "solved"
    assert call("describe", game="lights", desc=desc, state=state)["result"]["lines"][0] == "Every light is out."


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("params", ["2x2", "3x3", "4x5", "7x7"])
def test_every_generated_board_is_put_out_by_its_solver(lights: Game[Any, Any], params: str, seed: int) -> None:
    desc = lights.new(params, seed)
    state = lights.start(desc)
    assert lights.status(state).state != "solved"  # a board with a light on
    for move in lights.solve(state, Budget(), None).moves:
        state = lights.apply(state, move)
    assert lights.status(state).state == "solved"
    assert lights.start(desc, lights.write_state(state)) == state  # the position reads back


def test_its_formats_are_pairs_and_bad_input_is_refused_in_words(lights: Game[Any, Any]) -> None:
    for text in ("0,0", "3,2", "clear"):
        assert lights.write_move(lights.parse_move(text)) == text
    refused = {
        "..#/..": "parse",  # rows of two lengths
        "#x#": "parse",
        "#..../...../...../...../.....": "impossible",  # one corner lit: no presses put it out
    }
    for desc, code in refused.items():
        reply = call("load", game="lights", desc=desc, state="")
        assert reply["error"]["code"] == code and reply["error"]["message"][0].isalpha()
    illegal = call("move", game="lights", desc=".#./.##/##.", state="", move="5,5")
    assert illegal["error"] == {"code": "illegal_move", "message": "there is no square at 5,5 on this board"}
