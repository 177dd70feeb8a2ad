"""Every game declares what the rest of Pento needs from it, and the shell, printing, the race and
the API name no game: a game missing a piece fails here by name.

For each game of the registry: a view (web/views/<its view_module>.js), a golden link every later version must
open (tests/golden_links.txt), a race dictionary and a frozen code where it races
(tests/support/races.py), a typed status, a description in words, a print style the printed sheets
know.  The fuzzers (tests/test_fuzz.py) and the move round trips (tests/test_moves.py) take their
games from the registry too, each game a case of its own that fails by the game's name.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args
from urllib.parse import unquote

import pytest
from support.races import FROZEN

from pento_core import registry
from pento_core.games.base import GameBase, PrintStyle, Races, Status

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(registry.GAMES)
PRINT_STYLES = set(get_args(PrintStyle))  # web/ui/print.js draws each (its header lists them)


def golden_games() -> set[str]:
    lines = (ROOT / "tests" / "golden_links.txt").read_text(encoding="utf-8").splitlines()
    return {unquote(line[1:].split(":", 1)[0]) for line in lines if line.startswith("#") and ":" in line}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_view_and_a_golden_link(game_id: str) -> None:
    view = ROOT / "web" / "views" / f"{registry.get(game_id).view_module}.js"
    assert view.exists(), f"{game_id} is drawn by {view.name}, which web/views/ does not have"
    assert "export function createView(" in view.read_text(encoding="utf-8"), f"{view.name} makes no view"
    assert game_id in golden_games(), f"{game_id} has no golden link in tests/golden_links.txt"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_status_its_words_and_its_print_style(game_id: str) -> None:
    game = registry.get(game_id)
    assert game.print_style in PRINT_STYLES, (
        f"{game_id} prints as {game.print_style!r}, which web/ui/print.js does not draw"
    )
    assert isinstance(game.titled_by_board, bool)
    for preset in game.presets()[:2]:
        state = game.start(game.new(preset.params, 0))
        status = game.status(state)
        assert isinstance(status, Status) and status.state in ("playing", "solved", "lost") and status.reason
        lines = game.describe(state)
        assert lines and all(isinstance(line, str) and line for line in lines), f"{game_id} describes nothing"


@pytest.mark.parametrize("game_id", [g for g in GAMES if "race" in registry.get(g).features])
def test_every_racing_game_declares_its_dictionary_and_has_a_frozen_code(game_id: str) -> None:
    game = registry.get(game_id)
    assert isinstance(game, Races) and game.race_dictionary, f"{game_id} races but declares no race_dictionary"
    assert game_id in FROZEN, f"{game_id} races but tests/support/races.py has no frozen code of it"


def test_a_peg_game_with_no_jump_left_reads_as_lost() -> None:
    pegs = registry.get("pegs")
    state = pegs.start("oo..o/.....")  # one jump, then two pegs apart and none to jump
    assert pegs.status(state).state == "playing"
    state = pegs.apply(state, "0,0-0,2")
    status = pegs.status(state)
    assert status.state == "lost" and status.reason == pegs.view(state)["summary"]


def test_a_lost_game_reads_as_lost() -> None:
    """The typed status tells a game over and lost (Last Fit against the computer) from a win."""

    class Lost(GameBase[None, str]):
        def parse_move(self, text: str) -> str:
            return text

        def play(self, state: None, move: str) -> None:
            return state

        def view(self, state: None) -> dict[str, object]:
            return {"complete": True, "won": False, "summary": "The computer wins."}

        def start(self, desc: str, state: str = "") -> None:
            return None

    assert Lost().status(None) == Status("lost", "The computer wins.")


# The shell, printing, the race and the API know no game by name: what they need, the game declares.
NAMELESS = ["web/shell.js", "web/ui/print.js", "web/play/race.js", "pento_core/api.py", "pento_core/classroom/race.py"]


def string_literals(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return [n.value for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    text = re.sub(r"^\s*//.*$", "", text, flags=re.MULTILINE)  # comments say what they like
    return re.findall(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'", text)  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", NAMELESS)
def test_the_shell_printing_the_race_and_the_api_name_no_game(name: str) -> None:
    found = string_literals(ROOT / name)
    literals = {s if isinstance(s, str) else next((x for x in s if x), "") for s in found}
    named = sorted(set(GAMES) & literals)
    assert not named, f"{name} names the games {named}: let the game declare what is needed"


def test_the_name_check_can_fail(tmp_path: Path) -> None:
    probe = tmp_path / "probe.js"
    probe.write_text('// "cover" in a comment is fine\nif (game === "tangram") draw();\n')
    literals = {s if isinstance(s, str) else next((x for x in s if x), "") for s in string_literals(probe)}
    assert set(GAMES) & literals == {"tangram"}


def test_every_print_style_is_drawn_by_the_printed_sheets() -> None:
    source = (ROOT / "web" / "ui" / "print.js").read_text(encoding="utf-8")
    missing = sorted(style for style in PRINT_STYLES if style and f'"{style}"' not in source)
    assert missing == [], f"web/ui/print.js draws no {missing}"


def test_a_game_is_imported_when_first_asked_for() -> None:
    """The page's engine starts with the core alone (pento_core.registry): importing the API, and its
    hello without the games, import no game's module; the first look at a game imports its own."""
    script = (
        "import json, sys\n"
        "from pento_core import api, registry\n"
        "modules = {'pento_core.games.' + w.split(':')[0] for w in registry.GAMES.where.values()}\n"
        "games = lambda: sorted(modules & set(sys.modules))\n"
        "seen = [games()]\n"
        "asked = {'id': 1, 'cmd': 'hello', 'args': {'games': False}}\n"
        "hello = json.loads(api.handle_json(json.dumps(asked)))\n"
        "seen += [games(), hello['result']['games'], registry.GAMES.made()]\n"
        "registry.get('pegs')\n"
        "seen += [games(), registry.GAMES.made(), registry.GAMES.unmade()]\n"
        "print(json.dumps(seen))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    before, after_hello, listed, made, after_pegs, made_pegs, unmade = json.loads(done.stdout)
    assert before == after_hello == listed == made == []
    assert after_pegs == ["pento_core.games.pegs"] and made_pegs == ["pegs"]
    assert unmade == [g for g in registry.GAMES if g != "pegs"]  # what the engine imports once idle


def test_every_registry_line_names_the_game_that_calls_itself_so() -> None:
    assert [registry.get(g).id for g in registry.GAMES] == list(registry.GAMES)
    mislabelled = registry.Games({"twenty": "cover:CoverGame"})
    assert list(mislabelled) == ["twenty"]
    with pytest.raises(LookupError, match="the registry calls CoverGame 'twenty', the game calls itself 'cover'"):
        mislabelled["twenty"]
    with pytest.raises(KeyError):
        registry.get("chess")
