"""Assignments and their one short result code per pupil (format 2): every racing game's work
round-trips; a 6x10 with a six-letter name is at most 40 characters; typos, other assignments,
forged solutions are refused; pupils are ranked by puzzles solved on their own, then time; a
race's format-1 codes still count; the packings name each cover exactly."""

from __future__ import annotations

import json
import random
import zlib

import pytest
from support.api_calls import result
from support.races import RACING, SIXBYTEN, solved

from pento_core import api, registry
from pento_core.classroom import assignment as A
from pento_core.classroom import race
from pento_core.classroom.race import ALPHABET, RaceCodeError
from pento_core.digits import DigitReader, DigitWriter
from pento_core.polyomino.board import Board, Position
from pento_core.polyomino.packing import pack_cover, unpack_cover
from pento_core.polyomino.pieces import PieceSet

ID = "7QW2KD"


def one(game: str, desc: str, title: str = "", help: bool = False) -> A.Assignment:
    return A.check_assignment(ID, title, help, [A.Item(game, desc)])


@pytest.mark.parametrize(("game_id", "params"), RACING)
def test_every_racing_game_round_trips_the_work(game_id: str, params: str) -> None:
    desc, state = solved(game_id, params)
    a = one(game_id, desc, "Lesson 3", help=True)
    code = A.result_code(a, "  João   Zoë ", [A.Work(True, 1234, 2, 1, state)])
    assert code.startswith("2")
    assert set(code.replace("-", "")) <= set(ALPHABET)
    for written in (code, code.lower(), code.replace("-", " "), code.replace("0", "O").replace("1", "l")):
        handed = A.read_code(a, written)
        assert handed.name == "João Zoë"
        (work,) = handed.work
        assert (work.solved, work.tenths, work.hints, work.solves) == (True, 1234, 2, 1)
        game = registry.get(game_id)
        assert game.status(game.start(desc, work.state)).state == "solved"


def test_a_6x10_with_a_six_letter_name_is_at_most_40_characters() -> None:
    a = A.race_assignment(ID, "cover", "6x10")
    code = A.result_code(a, "Miguel", [A.Work(True, 1834, 0, 0, SIXBYTEN)])
    assert len(code) <= 40, code
    assert len(code.replace("-", "")) <= 30
    # its cover is the pupil's, placement for placement (in another order)
    back = A.read_code(a, code).work[0].state.split(";")
    assert sorted(back) == sorted(SIXBYTEN.split(";"))


def test_a_whole_assignment_with_work_half_done() -> None:
    cover_desc, cover_state = solved("cover", "5x12")
    pegs_desc, pegs_state = solved("pegs", "english")
    gg_desc, _ = solved("gandagalo", "8x8:easy")
    items = [A.Item("gandagalo", gg_desc), A.Item("cover", cover_desc), A.Item("pegs", pegs_desc)]
    a = A.check_assignment(ID, "Friday", True, items)
    work = [A.Work(False, 600, 3, 0), A.Work(True, 900, 0, 0, cover_state), A.Work(True, 50, 1, 1, pegs_state)]
    handed = A.read_code(a, A.result_code(a, "Ana", work))
    assert [(w.solved, w.tenths, w.hints, w.solves) for w in handed.work] == [
        (False, 600, 3, 0),
        (True, 900, 0, 0),
        (True, 50, 1, 1),
    ]
    # without help, hints and solves are not in the code at all: they read as none
    plain = A.check_assignment(ID, "Friday", False, items)
    assert all(w.hints == w.solves == 0 for w in A.read_code(plain, A.result_code(plain, "Ana", work)).work)


def test_codes_are_refused_with_a_reason() -> None:
    a = A.race_assignment(ID, "cover", "6x10")
    code = A.result_code(a, "Miguel", [A.Work(True, 1834, 0, 0, SIXBYTEN)])
    text = code.replace("-", "")
    for i in range(len(text)):  # every single changed character is caught
        other = ALPHABET[(ALPHABET.index(text[i]) + 7) % 32]
        with pytest.raises(RaceCodeError):
            A.read_code(a, text[:i] + other + text[i + 1 :])
    with pytest.raises(RaceCodeError, match="another assignment"):
        A.read_code(A.race_assignment("AAAAAA", "cover", "6x10"), code)
    with pytest.raises(RaceCodeError, match="newer Pento"):
        A.read_code(a, "4" + text[1:])
    with pytest.raises(RaceCodeError, match="mistyped"):
        A.read_code(a, text + "!")
    with pytest.raises(RaceCodeError, match="too short"):
        A.read_code(a, "2AB")
    with pytest.raises(RaceCodeError, match="far longer"):
        A.read_code(a, "2" * 5000)
    with pytest.raises(RaceCodeError, match="not solved"):
        A.result_code(a, "Miguel", [A.Work(True, 1, 0, 0, SIXBYTEN.rsplit(";", 1)[0])])


def forged(a: A.Assignment, fill: DigitWriter) -> str:
    """A code that passes the check, made by hand (the check is a published CRC): what a pupil who
    read this file could hand in."""
    value = fill.value()
    data = value.to_bytes((value.bit_length() + 7) // 8, "big")
    check = zlib.crc32(a.key() + data) & (2**25 - 1)
    digits = ""
    while True:
        value, d = divmod(value, 32)
        digits = ALPHABET[d] + digits
        if not value:
            break
    return "2" + digits + race.check_text(check)


def test_a_forged_code_is_refused_for_what_it_holds() -> None:
    desc, _ = solved("pegs", "english")
    a = one("pegs", desc)
    lie = DigitWriter()
    lie.put(0, 24)  # a name of one character: "a"
    lie.put(0, len(A.NAME_CHARS) + 1)
    lie.put(1, 2)  # "solved"
    lie.put_count(10)
    lie.put(1, 2)  # packed: one jump only
    lie.put_count(1)
    lie.put(0, 4)
    with pytest.raises(RaceCodeError, match="does not solve"):
        A.read_code(a, forged(a, lie))
    long_name = DigitWriter()
    long_name.put(23, 24)
    for _ in range(24):
        long_name.put(len(A.NAME_CHARS), len(A.NAME_CHARS) + 1)
        long_name.put(7, 0x110000)  # a control character
    with pytest.raises(RaceCodeError, match="letters"):
        A.read_code(a, forged(a, long_name))
    extra = DigitWriter()
    extra.put(0, 24)
    extra.put(0, len(A.NAME_CHARS) + 1)
    extra.put(0, 2)
    extra.put_count(10)
    extra.put(5, 9)  # more than was ever written
    with pytest.raises(RaceCodeError, match="does not read"):
        A.read_code(a, forged(a, extra))


def test_a_race_reads_its_older_codes_and_an_assignment_does_not() -> None:
    old = race.result_code("cover", "6x10", ID, "Rui", 777, SIXBYTEN)
    assert old.startswith("0")
    handed = A.read_code(A.race_assignment(ID, "cover", "6x10"), old)
    assert (handed.name, handed.work[0].tenths, handed.work[0].solved) == ("Rui", 777, True)
    with pytest.raises(RaceCodeError, match="from a race"):
        A.read_code(one("cover", "6x10", "A title"), old)


def test_the_ranking_puts_puzzles_solved_alone_first_then_time() -> None:
    desc, pegs_state = solved("pegs", "english")
    a = A.check_assignment(ID, "", True, [A.Item("cover", "6x10"), A.Item("pegs", desc)])
    done = A.Work(True, 900, 0, 0, SIXBYTEN)
    codes = [
        A.result_code(a, "Solver", [A.Work(True, 10, 0, 1, SIXBYTEN), A.Work(True, 10, 0, 1, pegs_state)]),
        A.result_code(a, "Slow", [done, A.Work(True, 3000, 4, 0, pegs_state)]),
        A.result_code(a, "Half", [done, A.Work(False, 100)]),
        A.result_code(a, "Fast", [done, A.Work(True, 100, 0, 0, pegs_state)]),
        A.result_code(a, "half", [A.Work(False, 50), A.Work(False, 100)]),  # Half's earlier code
        "NOT-A-CODE",
    ]
    rows = A.results(a, codes)
    assert [(r.rank, r.name, r.solved, r.tenths) for r in rows if r.rank] == [
        (1, "Fast", 2, 1000),
        (2, "Slow", 2, 3900),
        (3, "Half", 1, 900),
        (4, "half", 0, 0),  # Half's earlier code, or another pupil's: kept, and marked
        (4, "Solver", 0, 0),
    ]
    assert [r.mark for r in rows if r.rank] == ["", "", "same", "same", ""]
    assert rows[0].work[1] == {"solved": True, "tenths": 100, "hints": 0, "solves": 0, "proved": True}
    assert [r.code for r in rows if not r.rank] == ["NOT-A-CODE"]


def test_an_assignment_is_checked() -> None:
    with pytest.raises(RaceCodeError, match="at least one"):
        A.check_assignment(ID, "", False, [])
    with pytest.raises(RaceCodeError, match="at most 12"):
        A.check_assignment(ID, "", False, [A.Item("cover", "6x10")] * 13)
    with pytest.raises(RaceCodeError, match="puzzle 2"):
        A.check_assignment(ID, "", False, [A.Item("cover", "6x10"), A.Item("cover", "7x7")])
    with pytest.raises(RaceCodeError, match="no race"):
        A.check_assignment(ID, "", False, [A.Item("lastfit", "8x8")])
    with pytest.raises(RaceCodeError, match="60"):
        A.check_assignment(ID, "x" * 61, False, [A.Item("cover", "6x10")])
    with pytest.raises(RaceCodeError, match="race id"):
        A.check_assignment("short", "", False, [A.Item("cover", "6x10")])


def test_packed_covers_name_every_tiling_exactly() -> None:
    """Oracle: the 5x12's tilings from the workshop's own listing; each packs, unpacks to the same
    cells piece by piece, and no two pack to the same number."""
    workshop = registry.get("workshop")
    from pento_core.budget import Budget

    tilings = workshop.tilings(workshop.start("5x12"), False, Budget(max_seconds=60).started(), lambda p: None, 10.0)
    found = [grid.split("/") for grid, _ in zip(tilings.found, range(300), strict=False)]
    assert len(found) == 300
    board = Board.rectangle(5, 12)
    pieces = PieceSet.pentominoes()
    seen = set()
    for grid in found:
        pos = Position(board, pieces)
        for letter in "FILNPTUVWXYZ":
            cells = frozenset((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == letter)
            pos = pos.place(next(p for p, _ in pieces if p.name == letter), cells)
        out = DigitWriter()
        assert pack_cover(board, pieces, pos.placements, out)
        assert out.value() not in seen
        seen.add(out.value())
        src = DigitReader(out.value())
        back = unpack_cover(board, pieces, src)
        assert src.done()
        assert {(p.piece.name, p.cells) for p in back.placements} == {(p.piece.name, p.cells) for p in pos.placements}
    # a position that is not a cover does not pack
    assert not pack_cover(board, pieces, pos.placements[:-1], DigitWriter())


def test_digits_round_trip_any_sequence() -> None:
    rng = random.Random(4)
    for _ in range(200):
        out = DigitWriter()
        written = []
        for _ in range(rng.randrange(20)):
            kind = rng.randrange(3)
            if kind == 0:
                radix = rng.randrange(1, 1000)
                written.append(("d", radix, rng.randrange(radix)))
                out.put(written[-1][2], radix)
            elif kind == 1:
                written.append(("c", 0, rng.choice([0, 1, 15, 16, 300, 70000, 16_843_024])))
                out.put_count(written[-1][2])
            else:
                data = bytes(rng.randrange(256) for _ in range(rng.randrange(5)))
                written.append(("b", 0, data))
                out.put_bytes(data)
        src = DigitReader(out.value())
        for kind, radix, value in written:
            got = src.take(radix) if kind == "d" else src.take_count() if kind == "c" else src.take_bytes(10)
            assert got == value
        assert src.done()


def test_the_api_makes_an_assignment_a_code_and_the_results() -> None:
    made = result("assignment", title=" Lesson  ", help=False, items=[{"game": "cover", "desc": "6x10"}])["assignment"]
    assert isinstance(made, dict)
    assert made["title"] == "Lesson" and len(made["id"]) == 6
    work = [{"solved": True, "tenths": 321, "hints": 0, "solves": 0, "state": SIXBYTEN}]
    code = result("assignment_code", assignment=made, name="Ana", work=work)["code"]
    rows = result("assignment_results", assignment=made, codes=[code, "junk"])["rows"]
    assert isinstance(rows, list)
    assert (rows[0]["rank"], rows[0]["name"], rows[0]["solved"], rows[0]["tenths"]) == (1, "Ana", 1, 321)
    assert rows[1]["rank"] == 0 and rows[1]["reason"]
    bad = json.loads(
        api.handle_json(json.dumps({"id": 2, "cmd": "assignment", "args": {"title": "", "help": False, "items": "x"}}))
    )
    assert not bad["ok"] and bad["error"]["code"] == "bad_request"
