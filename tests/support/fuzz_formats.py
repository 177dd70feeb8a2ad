"""What the fuzzer sends each game, built from that game's own formats: its descs and states (the
golden links every version opens, the presets, and hostile variants of both), its moves (every
game's move values written by the game itself, tests/support/moves.py's strategies, and hostile
text) and its params: :func:`formats_of` a game of the registry, built when first asked, so that a
game without moves or golden links fails its own tests by name, not the module's import."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from hypothesis import strategies as st

from pento_core import registry
from support.moves import moves_of

GOLDEN = Path(__file__).resolve().parents[1] / "golden_links.txt"


@dataclass(frozen=True)
class Formats:
    position: st.SearchStrategy[tuple[str, str]]  # (desc, state): valid ones mostly, then damaged ones
    move: st.SearchStrategy[str]
    params: st.SearchStrategy[str]


def golden(game_id: str) -> list[tuple[str, str]]:
    """The (desc, state) pairs of the golden links of ``game_id``."""
    out = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#") or line.startswith("# "):
            continue
        parts = [unquote(p) for p in line[1:].split("\t")[0].split(":")]
        if parts[0] == game_id and len(parts) >= 2:
            out.append((parts[1], parts[2] if len(parts) > 2 else ""))
    return out


# text a player, a link or an attacker might send anywhere: long runs, digits past int()'s limit,
# other scripts' digits, control characters, markup
HOSTILE = st.sampled_from(
    [
        "",
        " ",
        "1" * 40 + "x",
        "9" * 4301,
        "X" * 2000,
        "²",
        "٣",
        "\u202e",
        "<b>x</b>",
        "~~~",
        ";;;",
        "|||",
        "-1,-1",
        "nan",
        "1e308",
        "√2√2",
        "0" * 50,
    ]
)


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` cut, doubled, or with a character changed."""
    if not text:
        return st.just(text)
    return st.one_of(
        st.integers(0, len(text)).map(lambda k: text[:k]),
        st.just(text + text),
        st.tuples(st.integers(0, len(text) - 1), st.sampled_from(list("0X.;,~#@-√'9"))).map(
            lambda kc: text[: kc[0]] + kc[1] + text[kc[0] + 1 :]
        ),
    )


@cache
def formats_of(game_id: str) -> Formats:
    game: Any = registry.get(game_id)
    params = [p.params for p in game.presets()]
    # the levels of its ladders: the first, one between, the top, and the two just outside them
    for ladder in game.ladders:
        params += [f"{ladder.params}:{n}" for n in (1, ladder.size // 2, ladder.size, 0, ladder.size + 1)]
    # valid starting points: the golden links, and the start of the first presets' puzzles
    assert golden(game_id), f"{game_id} has no golden link in tests/golden_links.txt"
    pairs = golden(game_id) + [(game.new(p, 0), "") for p in params[:2]]
    valid = st.sampled_from(pairs)
    damaged = st.one_of(
        valid.flatmap(lambda ds: mutated(ds[0]).map(lambda d: (d, ds[1]))),
        valid.flatmap(lambda ds: mutated(ds[1]).map(lambda s: (ds[0], s))),
        st.tuples(HOSTILE, HOSTILE),
        valid.flatmap(lambda ds: HOSTILE.map(lambda s: (ds[0], s))),
    )
    written = moves_of(game_id).map(game.write_move)
    return Formats(
        position=st.one_of(valid, valid, valid, damaged),
        move=st.one_of(written, written, written, written.flatmap(mutated), HOSTILE, st.text(max_size=20)),
        params=st.one_of(st.sampled_from(params), st.sampled_from(params).flatmap(mutated), HOSTILE),
    )
