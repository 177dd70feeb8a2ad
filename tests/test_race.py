"""Class race result codes: every racing game's solution round-trips; typos, edits, other races
and solutions that do not solve are refused with a reason; the ranking; format 1 stays readable."""

from __future__ import annotations

import json

import pytest
from support.races import FROZEN, RACING, SIXBYTEN, solved

from pento_core import api, registry
from pento_core.classroom import race
from pento_core.classroom.assignment import race_ranking as ranking
from pento_core.classroom.race import ALPHABET, RaceCodeError, read_code, result_code

RACE = "K3M9QX"


@pytest.mark.parametrize(("game_id", "params"), RACING)
def test_every_racing_game_round_trips_name_time_and_solution(game_id: str, params: str) -> None:
    desc, state = solved(game_id, params)
    code = result_code(game_id, desc, RACE, "  Ana   Beatriz ", 1234, state)
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert all(len(group) == 5 for group in code.split("-")[:-1])
    for written in (code, code.lower(), code.replace("-", " "), code.replace("0", "O").replace("1", "l")):
        result = read_code(game_id, desc, RACE.lower(), written)
        assert (result.name, result.tenths) == ("Ana Beatriz", 1234)
        assert registry.get(game_id).view(registry.get(game_id).start(desc, result.state))["complete"]


def test_games_with_no_race_are_refused() -> None:
    for game_id in ("lastfit", "workshop", "chess"):
        with pytest.raises(RaceCodeError, match="no race"):
            result_code(game_id, "8x8", RACE, "Ana", 10, "")


def test_an_unsolved_position_gives_no_code() -> None:
    with pytest.raises(RaceCodeError, match="not solved"):
        result_code("cover", "6x10", RACE, "Ana", 10, SIXBYTEN.rsplit(";", 1)[0])


def test_every_single_mistyped_character_is_caught() -> None:
    code = result_code("cover", "6x10", RACE, "Ana", 615, SIXBYTEN)
    letters = [i for i, c in enumerate(code) if c != "-"]
    for i in letters:
        for other in {ALPHABET[(ALPHABET.index(code[i]) + step) % 32] for step in (1, 7, 16)}:
            typo = code[:i] + other + code[i + 1 :]
            try:
                result = read_code("cover", "6x10", RACE, typo)
            except RaceCodeError as e:
                assert "check does not match" in str(e)
            else:  # only the spare bits of the last group before the check can change unseen
                assert (result.name, result.tenths, result.state) == ("Ana", 615, SIXBYTEN), i
    swapped = code[:3] + code[4] + code[3] + code[5:]
    if swapped != code:
        with pytest.raises(RaceCodeError, match="check"):
            read_code("cover", "6x10", RACE, swapped)


def test_codes_from_another_race_or_puzzle_and_junk_are_refused() -> None:
    code = result_code("cover", "6x10", RACE, "Ana", 615, SIXBYTEN)
    with pytest.raises(RaceCodeError, match="another race"):
        read_code("cover", "6x10", "ABCDEF", code)
    with pytest.raises(RaceCodeError, match="another race"):
        read_code("cover", "6x10;FILNPTUVWXYZ", RACE, code)
    with pytest.raises(RaceCodeError, match="no U"):
        read_code("cover", "6x10", RACE, "UUUUU-" + code)
    with pytest.raises(RaceCodeError, match="too short"):
        read_code("cover", "6x10", RACE, "12345")
    with pytest.raises(RaceCodeError, match="longer"):
        read_code("cover", "6x10", RACE, "0" * 5000)
    with pytest.raises(RaceCodeError, match="race id"):
        read_code("cover", "6x10", "NOPE", code)


def forged(game_id: str, desc: str, name: str, tenths: int, state: str) -> str:
    """What a pupil who read race.py could write: a code whose check matches, for any position."""
    named = name.encode()
    payload = (
        bytes([race.FORMAT])
        + race._varint(tenths)
        + bytes([len(named)])
        + named
        + race.pack_text(race.racing_game(game_id), state)
    )
    check = race._check(race._race_key(RACE, game_id, desc), payload)
    return race._to_base32(payload) + race.check_text(check)


def test_a_forged_code_with_a_wrong_solution_is_still_refused_by_the_rules() -> None:
    half = SIXBYTEN.rsplit(";", 6)[0]
    with pytest.raises(RaceCodeError, match="does not solve"):
        read_code("cover", "6x10", RACE, forged("cover", "6x10", "Eve", 1, half))
    with pytest.raises(RaceCodeError, match="does not fit"):
        read_code("cover", "6x10", RACE, forged("cover", "6x10", "Eve", 1, "X0@9,9"))
    with pytest.raises(RaceCodeError, match="does not read"):
        read_code("cover", "6x10", RACE, forged("cover", "6x10", "Eve\x00", 1, SIXBYTEN))
    # ... while a forged time on a real solution counts: the check is against typos, not cheats.
    assert read_code("cover", "6x10", RACE, forged("cover", "6x10", "Eve", 1, SIXBYTEN)).tenths == 1


@pytest.mark.parametrize(
    ("name", "reason"), [("", "name first"), ("   ", "name first"), ("x" * 25, "at most 24"), ("a\tb\x07", "letters")]
)
def test_names_are_checked(name: str, reason: str) -> None:
    with pytest.raises(RaceCodeError, match=reason):
        result_code("cover", "6x10", RACE, name, 10, SIXBYTEN)


def test_names_keep_their_letters() -> None:
    for name in ("Zoë Müller", "João", "<b>Max</b>", "李雷"):
        code = result_code("cover", "6x10", RACE, name, 10, SIXBYTEN)
        assert read_code("cover", "6x10", RACE, code).name == name


def test_the_ranking_orders_by_time_shows_every_code_and_lists_refusals() -> None:
    def code(name: str, tenths: int) -> str:
        return result_code("cover", "6x10", RACE, name, tenths, SIXBYTEN)

    ana, bea, caio, ana_again = code("Ana", 900), code("Bea", 612), code("Caio", 900), code("ana", 1500)
    other_race = result_code("cover", "6x10", "ABCDEF", "Dora", 100, SIXBYTEN)
    entries = ranking("cover", "6x10", RACE, [ana, "", bea, caio, ana, ana_again, other_race, "hello?"])
    counted = [(e.rank, e.name, e.tenths) for e in entries if e.rank]
    # "Ana" and "ana" may be two pupils: both rows are kept (the code given twice counts once), marked
    assert counted == [(1, "Bea", 612), (2, "Ana", 900), (2, "Caio", 900), (4, "ana", 1500)]
    assert [e.mark for e in entries if e.rank] == ["", "same", "", "same"]
    refused = [e for e in entries if not e.rank]
    assert [e.code for e in refused] == [other_race, "hello?"]
    assert "another race" in refused[0].reason and "no ?" in refused[1].reason


def test_format_1_codes_stay_readable() -> None:
    """A code written by the first release: a later Pento must count it the same."""
    frozen = "06N40-32TDZ-1TP82-DREY6-RV35E-9SR66-0E6MA-PM1YM-AJM1T-M3KM0-341BC-2K81K-A73AC-CM4H9-8500W-BTQ2"
    result = read_code("cover", "6x10", RACE, frozen)
    assert (result.name, result.tenths, result.state) == ("Zoë Müller", 8234, SIXBYTEN)


@pytest.mark.parametrize("game_id", sorted(FROZEN))
def test_format_1_codes_of_every_racing_game_read_and_write_the_same(game_id: str) -> None:
    desc, state, code = FROZEN[game_id]
    result = read_code(game_id, desc, "ABC123", code)
    assert (result.name, result.tenths, result.state) == ("Ana", 1234, state)
    assert result_code(game_id, desc, "ABC123", "Ana", 1234, state) == code


def test_the_worker_protocol_carries_races() -> None:
    def call(cmd: str, **args: object) -> dict:
        return api.handle({"id": 1, "cmd": cmd, "args": args})

    made = call("race", game="cover", desc="6x10")
    assert made["ok"] and len(made["result"]["race"]) == 6
    rid = made["result"]["race"]
    assert call("race", game="lastfit", desc="8x8~A,B")["error"]["code"] == "bad_code"
    assert call("race", game="cover", desc="6x11")["ok"] is False
    code = call("race_code", game="cover", desc="6x10", race=rid, name="Ana", tenths=75, state=SIXBYTEN)
    assert code["ok"]
    results = call("race_results", game="cover", desc="6x10", race=rid, codes=[code["result"]["code"], "x"])
    entries = results["result"]["entries"]
    assert [(e["rank"], e["name"], e["tenths"]) for e in entries] == [(1, "Ana", 75), (0, "", 0)]
    assert call("race_results", game="cover", desc="6x10", race=rid, codes=[1])["error"]["code"] == "bad_request"
    rows = call("qr", text="https://example.org/")["result"]["rows"]
    assert len(rows) == 25 and set("".join(rows)) == {"0", "1"}
    assert call("qr", text="x" * 3000, level="L")["error"]["code"] == "too_large"


# -- codes are untrusted input (issue 24, items 1 and 2) ----------------------------------------------


def forged_payload(game_id: str, desc: str, payload: bytes) -> str:
    """Any bytes, with the check a reader of race.py can compute."""
    check = race._check(race._race_key(RACE, game_id, desc), payload)
    return race._to_base32(payload) + race.check_text(check)


GG = "....../....../....../....../..XO../...X.X"


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        (bytes([1, 5, 3]) + b"Eve" + b"\xff\xfe\xfd\x00", "does not read"),  # not DEFLATE: zlib.error once
        (bytes([1]) + b"\xff" * 2041 + b"\x01" + bytes([3]) + b"Eve", "not a race's time"),  # a 4,300-digit time
        (bytes([1]) + b"\x80\x80\x80\x80\x40" + bytes([3]) + b"Eve", "not a race's time"),  # 2^34 tenths
        (bytes([1]) + race._varint(race.MAX_TENTHS + 1) + bytes([3]) + b"Eve", "not a race's time"),
        (bytes([1, 5, 200]) + b"Eve", "does not read"),  # a name longer than the bytes
    ],
)
def test_a_forged_code_is_refused_alone_with_its_reason(payload: bytes, reason: str) -> None:
    code = forged_payload("gandagalo", GG, payload)
    with pytest.raises(RaceCodeError, match=reason):
        read_code("gandagalo", GG, RACE, code)
    entries = ranking("gandagalo", GG, RACE, [code, "hello?"])
    assert [e.rank for e in entries] == [0, 0] and reason in entries[0].reason


def test_the_issues_forged_code_no_longer_fails_the_results() -> None:
    """The 15-character code of the issue (race ABCDEF): refused alone, through the worker's JSON."""
    r = api.handle_json(
        '{"id": 1, "cmd": "race_results", "args": {"game": "gandagalo", "desc": "' + GG + '", '
        '"race": "ABCDEF", "codes": ["040G2GFZZW8BSQE", "nonsense"]}}'
    )
    entries = json.loads(r)["result"]["entries"]
    assert [e["rank"] for e in entries] == [0, 0] and all(e["reason"] for e in entries)


def test_the_results_page_checks_each_counted_code_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24, item 7: every render asked the core to check every code again (500 tangram codes:
    8.8 s).  A counted code is remembered; a refused one is checked again (it may be fixed by then)."""
    desc, _, code = FROZEN["tangram"]
    game = registry.get("tangram")
    checks = 0
    real_status = type(game).status

    def counted(self: object, st: object) -> object:
        nonlocal checks
        checks += 1
        return real_status(self, st)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game), "status", counted)
    race._read.cache_clear()
    for _ in range(3):
        entries = ranking("tangram", desc, "ABC123", [code, code.lower(), "nonsense"])
        assert [e.rank for e in entries] == [1, 0] and entries[0].name == "Ana"
    assert checks == 1
