"""A fuzzer for the worker's JSON API, in the project's own tests (as python-chess and
Tatham's collection keep one): hostile and random requests, descs, states and moves.

Every answer must be one well-formed reply (no internal error, valid JSON without NaN),
come back within its budget plus a margin, and every state the core returns must load
back to itself: what the core writes, it reads.  ``PENTO_FUZZ_EXAMPLES`` raises the
number of examples for a longer run (the README's test command uses the defaults).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.fuzz_formats import formats_of

from pento_core import api, protocol, registry

ROOT = Path(__file__).resolve().parent.parent

N = int(os.environ.get("PENTO_FUZZ_EXAMPLES", "1"))
FAST = settings(max_examples=300 * N, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# every code the core may refuse a request with (pento_core/protocol.py), but "internal": a bug
CODES = set(protocol.ERROR_CODES) - {"internal"}
SECONDS = 0.05  # the budget fuzzed requests ask for
# How long a reply takes is not asserted here (no test bounds the wall clock of a loaded machine):
# budgets are held by tests that drive the core's clock (tests/test_hardening.py).  Slow replies
# show in hypothesis's statistics (pytest --hypothesis-show-statistics) as "slow: over 3 s".
SLOW = 3.0


def reply(request: Any) -> dict[str, Any]:
    """Send ``request`` as JSON text, as the worker does, and check the reply's shape."""
    text = json.dumps(request) if not isinstance(request, str) else request
    t0 = time.monotonic()
    out = api.handle_json(text)
    elapsed = time.monotonic() - t0
    r = json.loads(out, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(f"{c} in a reply")))
    assert set(r) == ({"id", "ok", "result"} if r["ok"] else {"id", "ok", "error"}), r
    if not r["ok"]:
        assert r["error"]["code"] in CODES, r
        assert isinstance(r["error"]["message"], str) and r["error"]["message"], r
        assert "Traceback" not in r["error"]["message"]
    if elapsed > SLOW:
        event(f"slow: over {SLOW:g} s")
    event("ok" if r["ok"] else f"refused: {r['error']['code']}")
    return r


def loads_back(game: str, result: dict[str, Any]) -> None:
    """The state the core returned loads back to itself."""
    again = reply({"id": 1, "cmd": "load", "args": {"game": game, "desc": result["desc"], "state": result["state"]}})
    assert again["ok"], (game, result["desc"][:80], result["state"][:80], again)
    assert again["result"]["state"] == result["state"]


# -- strategies ----------------------------------------------------------------------------------

HOSTILE_NUMBERS = st.sampled_from(["0", "00", "9" * 12, "9" * 5000, "²", "٣", "1e3", "-0", " 7 ", "", "-3", "65"])
NUMBERS = st.one_of(st.integers(0, 12).map(str), st.integers(0, 12).map(str), HOSTILE_NUMBERS)  # mostly plausible
PIECES = st.sampled_from(
    ["F", "I", "X", "L4", "L4'", "T4", "I2", "O1", "H12", "H35", "C111_010", "C1_1", "Q", "F'", "ʘ", ""]
)
PIECE_TOKEN = st.builds(lambda p, n: p if n is None else f"{p}*{n}", PIECES, st.one_of(st.none(), NUMBERS))
BOARD = st.one_of(
    st.builds(lambda r, c: f"{r}x{c}", NUMBERS, NUMBERS),
    st.lists(st.text(alphabet=".#. A", min_size=1, max_size=12), min_size=1, max_size=8).map("/".join),
    st.text(max_size=20),
)
DESC = st.one_of(
    st.builds(
        lambda b, ps, f: f"{b}~{','.join(ps)}~{f}",
        BOARD,
        st.lists(PIECE_TOKEN, max_size=6),
        st.sampled_from(["", "o", "u", "ou", "x"]),
    ),
    BOARD,
    st.sampled_from(["6x10", "3x20", "5x5", "8x8~I2*32", "64x64~" + ",".join(["I2*99"] * 120)]),
    st.text(max_size=40),
)
PLACEMENT = st.builds(lambda p, o, r, c: f"{p}{o}@{r},{c}", st.sampled_from("FILNPTUVWXYZ"), NUMBERS, NUMBERS, NUMBERS)
COVER_MOVE = st.one_of(
    PLACEMENT,
    st.builds(lambda r, c: f"-{r},{c}", NUMBERS, NUMBERS),
    st.builds(lambda r, c, p: f"{r},{c}>{p}", NUMBERS, NUMBERS, PLACEMENT),
    st.just("clear"),
    st.text(max_size=20),
)
WORKSHOP_MOVE = st.one_of(
    st.builds(lambda r, c: f"size {r} {c}", NUMBERS, NUMBERS),
    st.builds(lambda cells: "paint " + ";".join(cells), st.lists(st.builds(lambda r, c: f"{r},{c}", NUMBERS, NUMBERS))),
    st.builds(lambda cells: "erase " + ";".join(cells), st.lists(st.builds(lambda r, c: f"{r},{c}", NUMBERS, NUMBERS))),
    st.builds(lambda p, n: f"count {p} {n}", PIECES, NUMBERS),
    st.builds(lambda f, v: f"flag {f} {v}", st.sampled_from(["o", "u", "z"]), st.sampled_from(["0", "1", "2"])),
    st.builds(lambda d: f"board {d}", BOARD),
    st.builds(lambda ps: "pieces " + ",".join(ps), st.lists(PIECE_TOKEN, max_size=5)),
    st.builds(lambda t: f"import {t}", st.text(alphabet=".#\n-; ", max_size=80)),
    st.text(max_size=20),
)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)


# -- the fuzzers -------------------------------------------------------------------------------------


# every game of the registry (a new game cannot be left out), and names that are none
GAME = st.sampled_from([*registry.GAMES, "", "__init__", "Cover"])
PARAMS = st.one_of(
    DESC,
    st.sampled_from(["twenty", "thirty", "holes", "triple", "triple:X", "double:V", "parallelogram"]),
    st.builds(lambda v, n: f"freeform:{v}:{n}", st.sampled_from(["1.1", "1.2", "2.1", "2.2", "9"]), NUMBERS),
    st.builds(lambda b, d, s: f"parallelogram:{b},{d},{s}", NUMBERS, NUMBERS, NUMBERS),
)


def mostly(plausible: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Plausible values nine times in ten, anything JSON holds otherwise."""
    return st.one_of(*[plausible] * 9, JSONISH)


# the daily's dates, the race's and the QR code's arguments: the plausible, the impossible and the
# hostile (another script's digits, a day that never was, the first days before the dailies began)
DATE = st.one_of(
    st.builds(lambda y, m, d: f"{y}-{m:02d}-{d:02d}", st.integers(1999, 2101), st.integers(0, 13), st.integers(0, 32)),
    st.sampled_from(["2026-11-26", "2026-02-30", "1999-12-31", "٢٠٢٦-١١-٢٣", "2026-1-5", "20261126", "", "today"]),
)
NAME = st.one_of(
    st.sampled_from(["Ana", "Zoë Müller", "<b>Rui</b>", "", " ", "x" * 200, "=cmd|' /C calc'!A0"]), st.text(max_size=12)
)
RACE = st.one_of(st.sampled_from(["7K3M9Q", "ABCDEF", "abcdef", "ILOU00", "", "7K3M9"]), st.text(max_size=8))

# Every command's own arguments are there (mostly plausible, now and then anything): a request
# that lacks one is refused at the door, which tests little.
ARGS = st.fixed_dictionaries(
    {
        "game": mostly(GAME),
        "desc": mostly(DESC),
        "state": mostly(st.one_of(st.text(max_size=30), PLACEMENT, st.just(""))),
        "move": mostly(st.one_of(COVER_MOVE, WORKSHOP_MOVE)),
        "params": mostly(PARAMS),
        "puzzle": mostly(DESC),
    },
    optional={
        "seed": mostly(st.integers(-(2**60), 2**60)),
        "seconds": mostly(st.just(SECONDS)),
        "distinct": mostly(st.booleans()),
        "keep": mostly(st.just(5)),
        "date": mostly(DATE),
        "name": mostly(NAME),
        "race": mostly(RACE),
        "tenths": mostly(st.integers(-5, 10**7)),
        "text": mostly(st.text(max_size=60)),
        "level": mostly(st.sampled_from(["L", "M", "Q", "H", "X", ""])),
        "run": mostly(st.integers(-1, 300)),
        "runs": mostly(st.integers(-1, 300)),
        "codes": mostly(st.lists(st.text(max_size=40), max_size=4)),
    },
)


REQUESTS = given(
    st.one_of(st.sampled_from(sorted(api.COMMANDS)), st.sampled_from(sorted(api.COMMANDS)), JSONISH),
    ARGS,
    mostly(st.one_of(st.integers(0, 2**53 - 1), st.none(), st.text(max_size=10))),
)


def one_request(cmd: Any, args: dict[str, Any], rid: Any) -> None:
    """One hostile request: one clean reply, and a returned position that loads back."""
    for key, default in (("seconds", SECONDS), ("keep", 5)):
        if key in args and not (isinstance(args[key], (int, float)) and 0 <= args[key] <= default):
            args[key] = default  # hostile values of these are refused; legal ones must stay small here
    if cmd in ("solutions",) and "seconds" not in args:
        args["seconds"] = SECONDS
    r = reply({"id": rid, "cmd": cmd, "args": args})
    assert r["id"] == rid or r["id"] is None
    if r["ok"] and isinstance(r["result"], dict) and "state" in r["result"] and "desc" in r["result"]:
        loads_back(args["game"], r["result"])


test_any_request_gets_one_clean_reply = FAST(REQUESTS(one_request))


PER_GAME = settings(max_examples=150 * N, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_each_games_own_formats_never_break_it(game: str) -> None:
    """Each game's own descs, states, moves and params, plausible and hostile: every reply is clean,
    every state the core writes loads back, and the board in words and a short hint always answer."""
    formats = formats_of(game)

    @PER_GAME
    @given(formats.position, st.lists(formats.move, max_size=5), formats.params, st.integers(0, 9))
    def fuzz(position: tuple[str, str], moves: list[str], params: str, roll: int) -> None:
        desc, state = position
        args = {"game": game, "desc": desc, "state": state}
        r = reply({"id": 1, "cmd": "load", "args": args})
        if r["ok"]:
            loads_back(game, r["result"])
            state = r["result"]["state"]
            for move in moves:
                m = reply({"id": 2, "cmd": "move", "args": {**args, "state": state, "move": move}})
                if m["ok"]:
                    loads_back(game, m["result"])
                    state = m["result"]["state"]
            reply({"id": 3, "cmd": "describe", "args": {**args, "state": state}})
            if roll == 0:  # a hint or a solve now and then: each takes its budget
                reply({"id": 4, "cmd": "hint", "args": {**args, "state": state, "seconds": SECONDS}})
            elif roll == 2:
                reply({"id": 6, "cmd": "solve", "args": {**args, "state": state, "seconds": SECONDS}})
        if roll == 1:
            n = reply({"id": 5, "cmd": "new", "args": {"game": game, "params": params, "seed": roll}})
            if n["ok"]:
                loads_back(game, n["result"])

    fuzz()


@FAST
@given(st.sampled_from(["cover", "twenty", "workshop"]), DESC, st.one_of(st.text(max_size=30), PLACEMENT))
def test_any_desc_and_state_load_or_are_refused(game: str, desc: str, state: str) -> None:
    r = reply({"id": 1, "cmd": "load", "args": {"game": game, "desc": desc, "state": state}})
    if r["ok"]:
        loads_back(game, r["result"])
        reply({"id": 2, "cmd": "hint", "args": {"game": game, "desc": desc, "state": state, "seconds": SECONDS}})


@FAST
@given(st.sampled_from(["6x10", "5x5", "3x20", "8x8~I2*32"]), st.lists(COVER_MOVE, max_size=6))
def test_cover_move_sequences_keep_states_readable(desc: str, moves: list[str]) -> None:
    state = ""
    for move in moves:
        r = reply({"id": 1, "cmd": "move", "args": {"game": "cover", "desc": desc, "state": state, "move": move}})
        if r["ok"]:
            loads_back("cover", r["result"])
            state = r["result"]["state"]


@FAST
@given(st.lists(WORKSHOP_MOVE, max_size=8))
def test_workshop_edits_never_write_what_they_cannot_read(moves: list[str]) -> None:
    state = "6x10~FILNPTUVWXYZ~"
    for move in moves:
        args = {"game": "workshop", "desc": "6x10", "state": state, "move": move}
        r = reply({"id": 1, "cmd": "move", "args": args})
        if r["ok"]:
            loads_back("workshop", r["result"])
            state = r["result"]["state"]


@FAST
@given(st.sampled_from(["cover", "twenty", "workshop"]), st.one_of(DESC, st.sampled_from(["twenty", "thirty"])))
def test_new_puzzles_are_readable_or_refused(game: str, params: str) -> None:
    r = reply({"id": 1, "cmd": "new", "args": {"game": game, "params": params, "seed": 7}})
    if r["ok"]:
        loads_back(game, r["result"])


@FAST
@given(st.text(max_size=60))
def test_any_text_as_a_request(text: str) -> None:
    reply(text)


# The memory test's own process: its argv, the folders to import from.  Prints its resident memory
# once the core and the fuzzer are imported, and the kernel's peak of it from then on (Linux).
_MEASURED = r"""
import re, sys
sys.path[:0] = sys.argv[1:]
import test_fuzz as f

def kb(field):
    return int(re.search(field + r":\s+(\d+) kB", open("/proc/self/status").read()).group(1))

open("/proc/self/clear_refs", "w").write("5")  # the peak starts again from here
before = kb("VmRSS")
f.settings(f.FAST, max_examples=150 * f.N)(f.REQUESTS(f.one_request))()
print(before, kb("VmHWM"))
"""


def test_the_fuzzer_stays_within_memory() -> None:
    """The peak of memory while the core answers half the main run's hostile requests (drawn
    afresh), in a Python process of its own, so that nothing this process ran before counts: the
    kernel's peak of its resident memory from the moment the core and the fuzzer are imported, less
    what it held then.  (Counting every allocation with tracemalloc made the same requests five
    times slower.)"""
    run = subprocess.run(
        [sys.executable, "-c", _MEASURED, str(ROOT), str(ROOT / "tests")], capture_output=True, text=True, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr[-3000:]
    before, after = map(int, run.stdout.split())  # kilobytes
    peak = (after - before) * 1024
    assert 0 < peak < 300 * 2**20, f"peak memory {peak / 2**20:.0f} MB"
