"""Codes a pupil can read out (issue 46, item 3): at most 40 characters for four puzzles of any
games, the tangram included, every one solved, with a name typed (twelve letters) or from the class
list; the proof with every solution beside it for the QR code; the results page told which solves
were proved and which only reported."""

from __future__ import annotations

import itertools
import os
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.api_calls import result
from support.races import solved

from pento_core.classroom import assignment as A
from pento_core.classroom import race, spoken
from pento_core.classroom.race import ALPHABET, MAX_TENTHS, RaceCodeError
from pento_core.digits import DigitReader

ID = "K7Q2ZD"
# Puzzles of every racing game whose proofs are long (the tangram's, GandaGalo's, the English
# board's) and short (a cover, the Game of 20).
PUZZLES = [
    ("tangram", "swan"),
    ("tangram", "cat"),
    ("gandagalo", "8x8:easy"),
    ("gandagalo", "6x6:easy"),
    ("pegs", "english"),
    ("cover", "5x12"),
    ("twenty", "twenty"),
]
NAMES = ["Maximilianus", "João Gonçalo", "Anna-Lena W.", "jürgen weiß", "ÉMILE ZOLA"]


@cache
def puzzle(game_id: str, params: str) -> tuple[str, str]:
    return solved(game_id, params)


def lesson(keys: list[tuple[str, str]], help: bool, roster: tuple[str, ...] = ()) -> A.Assignment:
    return A.check_assignment(ID, "Friday", help, [A.Item(g, puzzle(g, p)[0]) for g, p in keys], roster)


def all_solved(keys: list[tuple[str, str]], minutes: float = 16.9, hints: int = 0) -> list[A.Work]:
    tenths = round(minutes * 600)
    return [A.Work(True, tenths - 37 * i, hints, 0, puzzle(g, p)[1]) for i, (g, p) in enumerate(keys)]


MIXES = [list(mix) for mix in itertools.combinations(PUZZLES, 4) if {g for g, _ in mix} >= {"tangram"}]


@pytest.mark.parametrize("keys", MIXES, ids=lambda keys: "+".join(p for _, p in keys))
def test_four_solved_puzzles_with_any_name_read_out_in_at_most_40_characters(keys: list[tuple[str, str]]) -> None:
    roster = ("Ana", "Bruno", "Cai", *(f"Pupil {k}" for k in range(22)))
    # with help and six hints on each puzzle (the most bits), and without help (another layout)
    for help, hints, name in [*((True, 6, name) for name in NAMES), (False, 0, NAMES[1]), (True, 0, "Cai")]:
        a = lesson(keys, help, roster)
        work = all_solved(keys, hints=hints)
        code, proof = A.codes(a, name, work)
        assert len(code) <= spoken.MAX_SPOKEN, (name, help, code)
        assert len(proof) > spoken.MAX_SPOKEN and code.startswith("3") and proof.startswith("2")
        # the groups: five characters each (the last may be shorter), of the alphabet
        groups = code.split("-")
        assert all(len(g) == 5 for g in groups[:-1]) and 1 <= len(groups[-1]) <= 5
        assert set("".join(groups)) <= set(ALPHABET)
        said, proved = A.read_code(a, code), A.read_code(a, proof)
        assert said.name == proved.name == name
        for w, p, asked in zip(said.work, proved.work, work, strict=True):
            assert (w.solved, w.hints, w.solves) == (p.solved, p.hints, p.solves) == (True, asked.hints, 0)
            assert p.tenths == asked.tenths and w.tenths - asked.tenths in range(10)  # seconds, up
            assert w.state == "" and p.state  # only the proof holds the solution


def test_a_short_proof_is_the_code_itself() -> None:
    a = lesson([("cover", "5x12")], False)
    code, proof = A.codes(a, "Miguel", all_solved([("cover", "5x12")]))
    assert code == proof and code.startswith("2") and len(code) <= 40
    assert A.read_code(a, code).work[0].state  # proved


@pytest.mark.parametrize(
    "name",
    [
        "Ana",
        "ana",
        "ANA",
        "McDonald",
        "O'Neill",
        "Anna-Lena",
        "Lena Weiß",
        "ẞtraße",  # a capital sharp s: a character the tables do not hold
        "Zoë 2",
        "Ωmega",
        "x" * 24,
        "Dvořák",
        "a.b",
        "Zoë <b>Z</b>",
        "Мария Иванова",  # one other script: Cyrillic, Greek, Hebrew...
        "Ґалина Євгенія",
        "Αλέξανδρος",
        "דוד כהן",
        "Ἀλέξανδρος",  # two blocks of Greek: written character by character
    ],
)
def test_any_name_comes_back_as_written(name: str) -> None:
    keys = [("tangram", "swan"), ("gandagalo", "8x8:easy")]
    a = lesson(keys, False)
    code, _ = A.codes(a, name, all_solved(keys))
    assert code.startswith("3")
    assert A.read_code(a, code).name == name
    # a name of twelve characters in one script (or of the keyboard's marks) and two puzzles: read out
    assert len(name) > 12 or len(code) <= spoken.MAX_SPOKEN or name.startswith("Ἀ"), code


def test_times_help_and_work_half_done_come_back() -> None:
    keys = [("tangram", "swan"), ("gandagalo", "8x8:easy"), ("tangram", "cat"), ("pegs", "english")]
    a = lesson(keys, True)
    work = [
        A.Work(False, 0),  # not begun
        A.Work(False, 23_456, 3, 0),  # begun, 39 minutes, helped
        A.Work(True, 9, 0, 1, puzzle("tangram", "cat")[1]),  # solved by Solve within a second
        A.Work(True, 61_234, 999, 999, puzzle("pegs", "english")[1]),  # an hour and 42 minutes, the most help
    ]
    code, _ = A.codes(a, "Ana", work)
    back = A.read_code(a, code).work
    assert [(w.solved, w.hints, w.solves) for w in back] == [
        (False, 0, 0),
        (False, 3, 0),
        (True, 0, 1),
        (True, 999, 999),
    ]
    # to the second up to 85 minutes, then to the minute (up): never less than the time taken
    assert [w.tenths for w in back[:3]] == [0, 23_460, 10]
    assert 61_234 <= back[3].tenths < 61_234 + 600


def test_a_name_from_the_class_list_costs_a_few_bits_and_a_changed_list_refuses_it() -> None:
    keys = [("tangram", "swan"), ("tangram", "cat"), ("gandagalo", "8x8:easy"), ("pegs", "english")]
    roster = tuple(f"Pupil number {k}" for k in range(25))
    a = lesson(keys, True, roster)
    listed, _ = A.codes(a, "Pupil number 17", all_solved(keys))
    typed, _ = A.codes(lesson(keys, True), "Pupil number 17", all_solved(keys))
    assert len(listed) < len(typed) - 10
    assert A.read_code(a, listed).name == "Pupil number 17"
    # the same assignment with another class list: refused, never read as someone else's name
    other = lesson(keys, True, tuple(reversed(roster)))
    with pytest.raises(RaceCodeError, match="check does not match"):
        A.read_code(other, listed)


def test_a_misread_character_or_another_assignment_is_refused() -> None:
    keys = [("tangram", "swan"), ("gandagalo", "8x8:easy"), ("cover", "5x12"), ("pegs", "english")]
    a = lesson(keys, True)
    code, _ = A.codes(a, "João Gonçalo", all_solved(keys, hints=2))
    text = code.replace("-", "")
    for i, c in enumerate(text[1:], start=1):  # every character changed to every other: refused
        for other in ALPHABET:
            if other != c:
                with pytest.raises(RaceCodeError):
                    A.read_code(a, text[:i] + other + text[i + 1 :])
    for cut in (text[:-1], text[1:], text + "0"):
        with pytest.raises(RaceCodeError):
            A.read_code(a, cut)
    with pytest.raises(RaceCodeError, match="another assignment"):
        A.read_code(A.check_assignment("AAAAAA", "Friday", True, list(a.items)), code)
    # read as heard: small letters, spaces, O for 0 and I or L for 1
    heard = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    assert A.read_code(a, heard).name == "João Gonçalo"


def test_the_results_say_which_solves_were_proved_and_which_reported() -> None:
    keys = [("tangram", "swan"), ("gandagalo", "8x8:easy")]
    a = lesson(keys, False)
    work = all_solved(keys)
    work[1] = A.Work(False, 300)
    ana_said, ana_proof = A.codes(a, "Ana", work)
    bruno_said, _ = A.codes(a, "Bruno", all_solved(keys, minutes=3))
    rows = A.results(a, [ana_proof, bruno_said, ana_said])
    counted = [(r.name, r.solved, [(w["solved"], w["proved"]) for w in r.work]) for r in rows]
    # Bruno first: two solved (reported); then Ana twice, her proof and her spoken code, both shown
    assert counted == [
        ("Bruno", 2, [(True, False), (True, False)]),
        ("Ana", 1, [(True, True), (False, False)]),
        ("Ana", 1, [(True, False), (False, False)]),
    ]
    assert rows[1].mark == rows[2].mark == "same"  # one pupil who handed in twice: the teacher sees it


def test_the_api_gives_the_code_and_its_proof() -> None:
    desc, state = puzzle("tangram", "swan")
    made = result("assignment", title="Shapes", help=False, items=[{"game": "tangram", "desc": desc}] * 2)["assignment"]
    work = [{"solved": True, "tenths": 600, "hints": 0, "solves": 0, "state": state}] * 2
    given = result("assignment_code", assignment=made, name="Ana", work=work)
    code, proof = given["code"], given["proof"]
    assert isinstance(code, str) and isinstance(proof, str)
    assert len(code) <= 40 < len(proof)
    rows = result("assignment_results", assignment=made, codes=[code, proof])["rows"]
    assert isinstance(rows, list)
    assert [[w["proved"] for w in r["work"]] for r in rows] == [[False, False], [True, True]]  # in the order given


# A spoken code written by its first release, with what it says: every later Pento reads it the same.
FROZEN = [
    ("Cai Zoë", [(True, 1234), (False, 50)], "3V3QG-KMF1M-W0FDM-02P"),
    ("Мария", [(True, 1234), (False, 50)], "38MT1-6ATQ7-M9T0F-DSAHE-2"),
]


def test_format_3_is_frozen() -> None:
    items = [A.Item("cover", "5x12"), A.Item("gandagalo", ".....X/X.X..#/.X...#/.....O/..#.O./....#O")]
    a = A.check_assignment(ID, "Friday", False, items)
    for name, work, code in FROZEN:
        back = A.read_code(a, code)
        assert back.name == name
        assert [(w.solved, w.tenths) for w in back.work] == [(s, 10 * -(-t // 10)) for s, t in work]


def forged_spoken(a: A.Assignment, value: int) -> str:
    """A spoken code holding any integer, with the check it needs: what a pupil who knows the format
    could write (the check covers the name as the integer reads, or none where it reads as none)."""
    try:
        name = spoken._take_name(DigitReader(value), a.roster)
    except Exception:
        name = ""
    return race.grouped("3" + race.base32(value) + race.base32(spoken._check(a.key(), value, name), 4))


@settings(max_examples=int(os.environ.get("PENTO_FUZZ_EXAMPLES", "60")), deadline=None)
@given(st.integers(min_value=0, max_value=1 << 200), st.booleans(), st.booleans())
def test_any_spoken_code_with_a_right_check_is_read_or_refused_never_a_crash(
    value: int, help: bool, roster: bool
) -> None:
    items = [A.Item("cover", "5x12"), A.Item("gandagalo", ".....X/X.X..#/.X...#/.....O/..#.O./....#O")]
    a = A.check_assignment(ID, "Friday", help, items, ("Ana", "Bruno") if roster else ())
    code = forged_spoken(a, value)
    try:
        handed = A.read_code(a, code)
    except RaceCodeError:
        return
    assert len(handed.work) == 2 and all(w.state == "" and 0 <= w.tenths <= MAX_TENTHS for w in handed.work)
    assert all(0 <= w.hints <= 999 and 0 <= w.solves <= 999 for w in handed.work)
    (row,) = A.results(a, [code])[:1]
    assert row.rank == 1 and all(not w["proved"] for w in row.work)
