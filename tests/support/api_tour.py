"""A tour of the page's API: every command, for every game, in every language, as the page calls it.

Plain Python on :mod:`pento_core.api` alone (no test library), so that it runs in the page's own
Python too: tests/test_build.py runs it in Pyodide on the standard library the build trimmed for
the page (scripts/pack_python.mjs), where a module left out makes a reply an ``internal`` error
naming it.  :func:`tour` returns what it saw; it asserts nothing itself.
"""

from __future__ import annotations

import json
from typing import Any

from pento_core import api

SECONDS = 1.0  # each search's budget: a search stopped by it is a path the page takes too
LISTING = 0.05  # a listing's budget, the least the API takes (the tour's listings all run out of it)
MOVES = 4  # hinted moves played from each start


def tour() -> dict[str, Any]:
    """Call every command the page calls; return ``{"replies": n, "games": {game: ok replies},
    "internal": [the internal errors, with the request that got each]}``."""
    seen: dict[str, Any] = {"replies": 0, "games": {}, "internal": []}

    def call(cmd: str, **args: Any) -> Any:
        reply = json.loads(api.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args}), lambda text: None))
        seen["replies"] += 1
        if reply["ok"]:
            game = args.get("game")
            if game:
                seen["games"][game] = seen["games"].get(game, 0) + 1
            return reply["result"]
        if reply["error"]["code"] == "internal":
            seen["internal"].append({"cmd": cmd, "args": args, "error": reply["error"]["message"]})
        return None

    # the protocol's own errors
    json.loads(api.handle_json("{oops"))
    call("fly")
    call("new", game="chess", params="x")
    for lang in ("pt", "de", "en"):  # every message from here on in the last one
        hello = call("hello", lang=lang)
        for entry in hello["games"]:
            tour_game(call, entry, lang)
    call("qr", text="https://example.org/#cover:6x10:", level="M")
    return seen


def tour_game(call: Any, entry: dict[str, Any], lang: str) -> None:
    """One game: its first presets played by hints, solved, described, raced and assigned (in
    English; in the other languages its first preset, to its first hinted move)."""
    game = entry["id"]
    presets = [p["params"] for p in entry["presets"][:2]] + [f"{ladder['params']}:1" for ladder in entry["ladders"][:1]]
    full = lang == "en"
    for params in presets if full else presets[:1]:
        made = call("new", game=game, params=params, seed=7, seconds=5)
        if made is None:
            continue
        desc, state = made["desc"], made["state"]
        call("load", game=game, desc=desc, state=state)
        call("load", game=game, desc=desc, state="#not a position#")
        call("move", game=game, desc=desc, state=state, move="#not a move#")
        call("describe", game=game, desc=desc, state=state)
        for _ in range(MOVES if full else 1):
            hint = call("hint", game=game, desc=desc, state=state, seconds=SECONDS)
            if not hint or not hint.get("move"):
                break
            moved = call("move", game=game, desc=desc, state=state, move=hint["move"])
            if moved is None:
                break
            state = moved["state"]
        if not full:
            continue
        solution = call("solve", game=game, desc=desc, state=state, seconds=SECONDS)
        if solution and solution["found"]:
            state = "" if solution["from_empty"] else state
            for move in solution["moves"]:
                moved = call("move", game=game, desc=desc, state=state, move=move)
                if moved is None:
                    break
                state = moved["state"]
            call("describe", game=game, desc=desc, state=state)
        # (a game that lists no tilings says so: an error, not an internal one)
        call("solutions", game=game, desc=desc, state="", seconds=LISTING, keep=5)
        call("solutions", game=game, desc=desc, state="", seconds=LISTING, keep=5, run=1, runs=2)
        if "race" in entry["features"]:
            race = call("race", game=game, desc=desc)
            if race:
                call("race_name", name="Ana Luísa")
                code = call("race_code", game=game, desc=desc, race=race["race"], name="Ana", tenths=123, state=state)
                codes = [code["code"]] if code else []
                call("race_results", game=game, desc=desc, race=race["race"], codes=[*codes, "forged"])
        items = [{"game": game, "desc": desc}]
        made_assignment = call("assignment", title="Tour", help="", items=items, roster=["Ana", "Rui"])
        if made_assignment:
            work = [{"solved": True, "tenths": 420, "hints": 1, "solves": 0, "state": state}]
            code = call("assignment_code", assignment=made_assignment, name="Rui", work=work)
            codes = [code["code"]] if code else []
            call("assignment_results", assignment=made_assignment, codes=[*codes, "forged"])
    if entry["daily"] and full:
        call("daily", game=game, date="2026-11-27")
