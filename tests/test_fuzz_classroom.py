"""Issue 45, item 10: the classroom's commands fuzzed with plausible input.  Pupils' codes made
from any work (honest solutions, positions not solved, any names and times), codes with a valid
check that claim a solution they do not hold (forged with the code's own writer, its check
included), codes mistyped by one character, and junk, handed in together in any order.  Whatever
comes in: one clean reply; every honest code is counted in exactly one row, under its own name;
nothing forged is counted.  ``PENTO_FUZZ_EXAMPLES`` raises the number of examples, as in
tests/test_fuzz.py."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pento_core import api
from pento_core.classroom import assignment, race

N = int(os.environ.get("PENTO_FUZZ_EXAMPLES", "1"))
SETTINGS = settings(max_examples=60 * N, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ITEMS = [{"game": "cover", "desc": "2x5~LL"}, {"game": "cover", "desc": "1x5~I"}]
SOLVED = ["L1@0,0;L3@0,1", "I1@0,0"]  # each puzzle's cover (checked below, by the game's rules)
NOT_SOLVED = ["L1@0,0", ""]
CLEAN_ERRORS = {"bad_request", "too_large", "parse", "illegal_move", "bad_code", "impossible", "invalid"}


def call(cmd: str, **args: Any) -> dict[str, Any]:
    reply = api.handle({"id": 1, "cmd": cmd, "args": args})
    assert reply["ok"] or reply["error"]["code"] in CLEAN_ERRORS, reply
    return reply


ASSIGNMENT = call("assignment", id="FZZ234", title="Fuzz", help=True, items=ITEMS)["result"]["assignment"]


def test_the_fixtures_are_what_they_say() -> None:
    for item, solved, not_solved in zip(ITEMS, SOLVED, NOT_SOLVED, strict=True):
        assert call("load", **item, state=solved)["result"]["view"]["status"]["state"] == "solved"
        assert call("load", **item, state=not_solved)["result"]["view"]["status"]["state"] != "solved"


def forged(name: str, states: list[str]) -> str:
    """A code whose check is right and whose every puzzle claims to be solved by ``states``, solved
    or not: the code's own writer, with the one check it makes (that a claimed solution solves)
    left out."""
    a = _assignment()
    out = assignment.DigitWriter()
    assignment._put_name(out, race.check_name(name))
    for item, state in zip(a.items, states, strict=True):
        out.put(1, 2)
        out.put_count(10)
        out.put_count(0)
        out.put_count(0)
        assignment._put_solution(out, item.game, item.desc, state)
    value = out.value()
    text = assignment.FORMAT + race.base32(value) + race.check_text(assignment._check(a, value))
    return "-".join(text[i : i + 5] for i in range(0, len(text), 5))


def _assignment() -> assignment.Assignment:
    return assignment.check_assignment(
        ASSIGNMENT["id"], ASSIGNMENT["title"], ASSIGNMENT["help"], [assignment.Item(**i) for i in ITEMS], []
    )


NAME = st.one_of(
    st.sampled_from(["Ana", "ana", "Lena Weiß", "Lena Weiss", "João", "Joa\u0303o", "Jeff", "Je\ufb00", "Αnа"]),
    st.text(min_size=0, max_size=30),
)
WORK = st.lists(
    st.fixed_dictionaries(
        {
            "solved": st.booleans(),
            "tenths": st.one_of(st.integers(-5, 10**7), st.floats(allow_nan=False, allow_infinity=False, width=32)),
            "hints": st.integers(-3, 1000),
            "solves": st.integers(-3, 1000),
            "which": st.sampled_from(["solved", "not solved", "junk"]),
            "junk": st.text(max_size=20),
        }
    ),
    min_size=len(ITEMS),
    max_size=len(ITEMS),
)


def state_of(w: dict[str, Any], i: int) -> str:
    return {"solved": SOLVED[i], "not solved": NOT_SOLVED[i], "junk": w["junk"]}[w["which"]]


@SETTINGS
@given(
    st.lists(st.tuples(NAME, WORK), min_size=1, max_size=6),
    st.lists(st.tuples(NAME, st.lists(st.sampled_from([0, 1]), min_size=2, max_size=2)), max_size=3),
    st.lists(st.text(max_size=60), max_size=4),
    st.randoms(use_true_random=False),
)
def test_honest_codes_are_all_counted_and_forged_ones_never(
    pupils: list[tuple[str, list[dict[str, Any]]]],
    forgers: list[tuple[str, list[int]]],
    junk: list[str],
    rnd: Any,
) -> None:
    honest: dict[str, str] = {}  # code -> name
    for name, work in pupils:
        given = [
            {k: w[k] for k in ("solved", "tenths", "hints", "solves")} | {"state": state_of(w, i)}
            for i, w in enumerate(work)
        ]
        r = call("assignment_code", assignment=ASSIGNMENT, name=name, work=given)
        if r["ok"]:
            honest[r["result"]["code"]] = race.check_name(name)
        else:  # refused only for a name that is none, or a claimed solution the position does not hold
            claims = any(w["solved"] and w["which"] != "solved" for w in work)
            assert claims or r["error"]["code"] in ("bad_code", "bad_request"), r
    lies: list[str] = []
    for name, which in forgers:
        try:
            states = [NOT_SOLVED[i] if lie else SOLVED[i] for i, lie in enumerate(which)]
            code = forged(name, states)
        except Exception:  # a name the writer refuses: no code to forge
            continue
        if any(which):
            lies.append(code)
    typos = []
    for code in list(honest)[:2]:
        at = rnd.randrange(len(code))
        typos.append(code[:at] + ("7" if code[at] != "7" else "8") + code[at + 1 :])
    codes = [*honest, *lies, *typos, *junk]
    rnd.shuffle(codes)
    r = call("assignment_results", assignment=ASSIGNMENT, codes=codes)
    assert r["ok"], r
    rows = r["result"]["rows"]
    counted = [row for row in rows if row["rank"] > 0]
    for code, name in honest.items():
        mine = [row for row in counted if row["code"] == code]
        assert len(mine) == 1 and mine[0]["name"] == name, (code, rows)
    assert not [row for row in counted if row["code"] in lies], rows
    assert {row["code"] for row in counted} <= set(honest) | set(typos), rows  # no junk counted
