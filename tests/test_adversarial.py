"""No pattern or loop without a bound (issue 24): every game's parsers (desc, state, move, params)
are fed 10,000-character adversarial runs.  Each answers, or refuses with a PentoError; nothing
else escapes (no int() past its digit limit, no recursion), and none backtracks for hours (a
pattern that did would hang this test: the one that once did now reads in one pass)."""

from __future__ import annotations

import contextlib

import pytest

from pento_core import registry
from pento_core.errors import PentoError

RUNS = [
    "1" * 10_000 + "x",
    "9" * 10_000,
    "X" * 10_000 + "?",
    "12" * 5_000 + "~",
    "F3@" * 3_000,
    "1,2;" * 2_500 + "x",
    "-" * 10_000,
    "/" * 10_000,
    "." * 9_999 + "#",
    "a" * 10_000,
    "√" * 10_000,
    "(" * 10_000,
    "0x" + "0" * 10_000,
    " " * 10_000 + "x",
    "drop 1 " + "9" * 10_000 + " 1",
    "paint " + "1,1;" * 2_500,
]


def answers_or_refuses(call: object) -> None:
    with contextlib.suppress(PentoError):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
@pytest.mark.parametrize("run", RUNS, ids=lambda r: r[:12].replace("\n", " "))
def test_every_parser_of_every_game_bounds_its_work(game_id: str, run: str) -> None:
    game = registry.get(game_id)
    answers_or_refuses(lambda: game.validate(run))
    answers_or_refuses(lambda: game.start(run))
    answers_or_refuses(lambda: game.parse_move(run))
    answers_or_refuses(lambda: game.new(run, 0))
    desc = game.new(game.presets()[0].params, 0)
    answers_or_refuses(lambda: game.start(desc, run))
    state = game.start(desc)
    answers_or_refuses(lambda: game.apply(state, run))
