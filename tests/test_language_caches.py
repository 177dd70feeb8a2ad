"""Text is translated where it is shown: no cache of pento_core holds translated text, so a language
switch needs no cache cleared (i18n.set_language clears nothing).  Every game's every preset is
answered in English to warm every cache, then in Portuguese and German; each answer must be the one
a fresh process gives in that language (every cache emptied first)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from pento_core import api, i18n, registry


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def forget_every_cache() -> None:
    """What a fresh process has: every lru_cache and cache of the package emptied."""
    for name, module in list(sys.modules.items()):
        if name.startswith("pento_core") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and value is not i18n.translations:
                    clear()


def puzzles(game_id: str) -> list[str]:
    """The game's presets as puzzles (seed 0).  A puzzle is text in no language, and the same seed
    gives the same puzzle (test_pegs, test_daily...): they are made once and asked about in each
    language, rather than generated again for each of the five rounds of answers."""
    game = registry.get(game_id)
    return [game.new(preset.params, 0) for preset in game.presets()]


def answers(game_id: str, descs: list[str]) -> list[Any]:
    """Everything the page is told about a game's puzzles: hello, a load (view, info, picture), the
    board in words and a move refused (not hints: what a hint finds in its seconds depends on the
    machine's load, so it is no fixed answer to compare)."""
    out: list[Any] = [api.handle({"id": 0, "cmd": "hello", "args": {}})]
    for desc in descs:
        args = {"game": game_id, "desc": desc, "state": ""}
        for cmd, extra in (("load", {}), ("describe", {}), ("move", {"move": "nonsense"})):
            out.append(api.handle({"id": 1, "cmd": cmd, "args": {**args, **extra}}))
    return json.loads(json.dumps(out))


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_no_cache_holds_translated_text(game_id: str) -> None:
    i18n.set_language("en")
    descs = puzzles(game_id)
    english = answers(game_id, descs)  # every cache warm, in English
    for lang in ("pt", "de"):
        i18n.set_language(lang)
        warm = answers(game_id, descs)
        forget_every_cache()
        fresh = answers(game_id, descs)
        assert warm == fresh, f"{game_id} in {lang}: a cache kept text of another language"
        assert warm != english
