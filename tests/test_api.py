"""The worker's JSON protocol: {id, cmd, args} -> {id, ok, result | error}."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pento_core import api, protocol
from pento_core.games.cover import CoverGame
from pento_core.polyomino.board import parse_position
from pento_core.polyomino.pieces import PieceSet


def call(cmd, **args):
    return api.handle({"id": 7, "cmd": cmd, "args": args})


def test_hello_lists_games_and_protocol():
    r = call("hello")
    assert r["ok"] and r["id"] == 7 and r["result"]["protocol"] == protocol.PROTOCOL
    games = ["cover", "twenty", "pegs", "gandagalo", "lastfit", "tangram", "workshop", "boxes", "boxshop"]
    assert [g["id"] for g in r["result"]["games"]] == games
    assert r["result"]["games"][0]["features"] == ["hint", "solve", "timer", "race"]


def test_new_move_and_errors_round_trip_as_plain_json():
    r = call("new", game="cover", params="6x10")
    assert r["ok"] and r["result"]["desc"] == "6x10" and r["result"]["state"] == ""
    assert json.loads(json.dumps(r)) == r  # plain JSON only
    info = r["result"]["info"]
    assert len(info["pieces"]) == 12 and sum(len(p["orientations"]) for p in info["pieces"]) == 63
    m = call("move", game="cover", desc="6x10", state="", move="X0@0,0")
    assert m["ok"] and m["result"]["state"] == "X0@0,0" and m["result"]["view"]["covered"] == 5
    bad = call("move", game="cover", desc="6x10", state="X0@0,0", move="I0@0,1")
    assert bad == {
        "id": 7,
        "ok": False,
        "error": {"code": "illegal_move", "message": "I would overlap X at row 1, column 2"},
    }


def test_bad_requests_get_codes():
    assert api.handle("nonsense")["error"]["code"] == "bad_request"
    assert call("fly")["error"]["code"] == "unknown_command"
    assert call("new", game="chess", params="x")["error"]["code"] == "unknown_game"
    assert call("new", game="cover")["error"]["message"] == "missing argument 'params'"
    assert call("new", game="cover", params=3)["error"]["code"] == "bad_request"
    assert call("load", game="cover", desc="7x7")["error"]["code"] == "impossible"
    assert call("load", game="cover", desc="6x10", state="Q1@0,0")["error"]["code"] == "parse"
    assert call("load", game="cover", desc="x" * 5000)["error"]["code"] == "parse"
    assert json.loads(api.handle_json("{oops"))["error"]["code"] == "bad_request"


def test_hint_leads_to_a_solution_and_solve_completes():
    game = CoverGame()
    state = game.start("4x15")
    for _ in range(12):
        r = call("hint", game="cover", desc="4x15", state=game.write_state(state))["result"]
        assert r["kind"] == "place"
        state = game.apply(state, r["move"])
    assert state.position.is_complete()
    assert call("hint", game="cover", desc="4x15", state=game.write_state(state))["result"]["kind"] == "solved"


def test_solve_from_a_dead_position_starts_again():
    s = call("solve", game="cover", desc="3x20", state="X0@0,6")["result"]
    assert s["found"] and s["from_empty"] and len(s["moves"]) == 12
    game = CoverGame()
    state = game.apply(game.start("3x20"), "clear")
    for m in s["moves"]:
        state = game.apply(state, m)
    assert state.position.is_complete()


def test_progress_is_reported_for_long_calls():
    seen = []
    api.handle({"id": 1, "cmd": "solve", "args": {"game": "cover", "desc": "6x10", "state": ""}}, seen.append)
    assert seen and all(set(p) == {"nodes", "solutions", "elapsed", "unit"} for p in seen)
    assert all(isinstance(p["nodes"], int) and p["elapsed"] >= 0 for p in seen)
    assert [p["nodes"] for p in seen] == sorted(p["nodes"] for p in seen)  # counts only grow


def test_smaller_boards_leave_pieces_over():
    r = call("new", game="cover", params="5x5")["result"]
    assert r["info"]["allow_unused"] is True
    s = call("solve", game="cover", desc="5x5", state="")["result"]
    assert s["found"] and len(s["moves"]) == 5


def test_state_round_trips_through_text():
    game = CoverGame()
    solved = parse_position("UUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV", PieceSet.pentominoes())
    state = game.start("3x20")
    for p in solved.placements:
        from pento_core.polyomino.placement import placement_text

        state = game.apply(state, placement_text(p))
    text = game.write_state(state)
    again = game.start("3x20", text)
    assert again.position == state.position and game.view(again)["complete"]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30), st.text(max_size=30))
def test_validated_or_refused_never_crashes(desc, state):
    r = call("load", game="cover", desc=desc, state=state)
    assert r["ok"] or r["error"]["code"] in {"parse", "invalid", "impossible", "unknown_piece", "illegal_move"}


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="FILNPTUVWXYZ0123456789@,->;", max_size=14))
def test_any_move_text_is_applied_or_refused_cleanly(move):
    r = call("move", game="cover", desc="6x10", state="X0@0,0", move=move)
    assert r["ok"] or r["error"]["code"] in {"parse", "illegal_move", "invalid"}


def test_generators_report_progress_while_they_work():
    seen = []
    r = api.handle({"id": 1, "cmd": "new", "args": {"game": "cover", "params": "holes", "seed": 3}}, seen.append)
    assert r["ok"] and seen and seen[0]["unit"] == "positions"
    from pento_core.polyomino.partition import generate

    boards = []
    generate("twenty", 0, progress=boards.append)
    assert boards and all(p.unit == "boards" for p in boards)


def test_a_wrong_kind_of_argument_is_named_in_words() -> None:
    r = api.handle({"id": 1, "cmd": "new", "args": {"game": "cover", "params": "6x10", "seed": "x"}})
    assert r["error"]["message"] == "argument 'seed' must be a whole number"  # once: "must be a int"
    r = api.handle({"id": 1, "cmd": "load", "args": {"game": "cover", "desc": 6}})
    assert r["error"]["message"] == "argument 'desc' must be text"
