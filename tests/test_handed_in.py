"""Issue 46: nothing handed in is lost, merged or hidden.  Every code a results page counts is a row
of its own; names a teacher could take for one another are marked, never merged; a forged code with
a real pupil's name never hides the real code; a refused code is checked once, not at every look."""

from __future__ import annotations

import dataclasses

import pytest
from support.races import SIXBYTEN

from pento_core import i18n
from pento_core.classroom import assignment as A
from pento_core.classroom import names, race

ID = "7QW2KD"
SIX = A.check_assignment(ID, "", False, [A.Item("cover", "6x10")])


def code(name: str, tenths: int = 900) -> str:
    return A.result_code(SIX, name, [A.Work(True, tenths, 0, 0, SIXBYTEN)])


def counted(codes: list[str]) -> list[tuple[str, str]]:
    return [(r.name, r.mark) for r in A.results(SIX, codes) if r.rank]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "Ana"),  # two pupils of one name
        ("Ana", "ana"),
        ("Lena Weiß", "Lena Weiss"),  # ß is ss to case folding
        ("Jeﬀ", "Jeff"),  # a compatibility ligature
        ("Jo\u00e3o", "Joa\u0303o"),  # one character, or o and a combining tilde
        ("Ana  Sofia", "Ana Sofia"),
    ],
)
def test_two_pupils_with_the_same_name_are_both_shown_and_marked(first: str, second: str) -> None:
    rows = counted([code(first, 900), code(second, 1200)])
    # a code carries its name as race.check_name writes it: one space between words, in NFC
    assert rows == [(race.check_name(first), "same"), (race.check_name(second), "same")]


@pytest.mark.parametrize(
    ("real", "alike"),
    [
        ("maria", "m\u0430ria"),  # a Cyrillic a
        ("Olga", "\u039flga"),  # a Greek capital omicron
        ("José", "Jose"),  # the name without its accent
        ("Paco", "Pac0"),  # a zero for an o
    ],
)
def test_a_look_alike_name_is_shown_beside_the_real_one_and_marked(real: str, alike: str) -> None:
    rows = A.results(SIX, [code(real, 900), code(alike, 100)])
    assert [(r.name, r.mark) for r in rows] == [(alike, "alike"), (real, "alike")]
    assert real in rows[0].note and alike in rows[1].note  # each row names the other


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "Ana\u3164", "\u115f\u1160"])
def test_a_name_with_characters_that_cannot_be_seen_is_marked(blank: str) -> None:
    """Blank letters pass the name's check (a zero-width character does not: such a code is refused)."""
    rows = {r.name: r for r in A.results(SIX, [code(blank), code("Bea")])}
    assert {name: r.mark for name, r in rows.items()} == {blank: "unseen", "Bea": ""}
    assert "cannot be seen" in rows[blank].note


def test_a_forged_code_with_a_real_pupils_name_never_hides_the_real_code() -> None:
    """A pupil hands in a code named "maria", faster than the real Maria: both rows stay (before, the
    better code of a name was the only one shown, so the real pupil vanished from table and CSV)."""
    real, forged = code("Maria", 2400), code("maria", 10)
    rows = A.results(SIX, [real, forged])
    assert sorted(r.code for r in rows) == sorted([real, forged])
    assert {r.mark for r in rows} == {"same"}


def test_different_names_are_not_marked() -> None:
    assert counted([code("Ana"), code("Anna"), code("Bea"), code("李雷")]) == [
        ("Ana", ""),
        ("Anna", ""),
        ("Bea", ""),
        ("李雷", ""),
    ]


def test_one_code_given_twice_is_one_row() -> None:
    one = code("Ana")
    assert counted([one, one.lower(), one.replace("-", " ")]) == [("Ana", "")]


def test_each_row_says_where_its_code_is_in_the_list_given() -> None:
    """So that a page removes exactly that code (a refused one is shown cut to 200 characters)."""
    given = ["", code("Bea", 50), "x" * 300, code("Ana", 10), code("Bea", 50)]
    rows = A.results(SIX, given)
    assert [(r.name or r.code[:3], r.at) for r in rows] == [("Ana", 3), ("Bea", 1), ("xxx", 2)]


def test_skeletons_and_forms() -> None:
    assert names.same_form("  LENA   Weiß ") == "lena weiss"
    assert names.skeleton("Jos\u00e9") == names.skeleton("jose") == "jose"
    assert names.skeleton("\u0440\u0430\u0441\u043e") == "paco"  # all four Cyrillic
    assert not names.unseen("Zoë Müller") and names.unseen("A\u2060na")


def test_a_refused_code_is_checked_once_not_at_every_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """A code that passes its check but whose solution is forged costs a check by the game's rules;
    the results page asks about every code each time one is added, so the verdict is remembered."""
    forged = A.result_code(SIX, "Eve", [A.Work(False, 10)])
    # the same name and time, said solved with a position that does not solve the puzzle: written
    # with the code's own packing so that the check matches (as a pupil who read the source could)
    bad = _forged_solved(SIX, "Eve", 10)
    checks = 0
    real = race.racing_game

    def counting(game_id: str):  # type: ignore[no-untyped-def]
        nonlocal checks
        checks += 1
        return real(game_id)

    monkeypatch.setattr(race, "racing_game", counting)
    A._verdict.cache_clear()
    first = A.results(SIX, [forged, bad])
    assert [r.rank > 0 for r in first] == [True, False] and "does not" in first[1].reason
    spent = checks
    assert spent > 0
    for _ in range(3):
        assert A.results(SIX, [forged, bad]) == first
    assert checks == spent, "the refused code was checked again"


def test_a_remembered_refusal_is_said_in_the_language_asked() -> None:
    bad = _forged_solved(SIX, "Eve", 10)
    english = A.results(SIX, [bad])[0].reason
    try:
        i18n.set_language("pt")
        portuguese = A.results(SIX, [bad])[0].reason
    finally:
        i18n.set_language("en")
    assert portuguese != english and A.results(SIX, [bad])[0].reason == english


def _forged_solved(assignment: A.Assignment, name: str, tenths: int) -> str:
    """A code whose check matches but whose one puzzle is said solved by an empty board."""
    from pento_core.digits import DigitWriter

    out = DigitWriter()
    A._put_name(out, name)
    out.put(1, 2)
    out.put_count(tenths)
    A._put_solution(out, "cover", "6x10", "")
    value = out.value()
    text = A.FORMAT + race.base32(value) + race.check_text(A._check(assignment, value))
    return text


def test_rows_carry_the_mark_through_the_api() -> None:
    from pento_core import api

    entry = dataclasses.asdict(A.results(SIX, [code("Ana"), code("ana")])[0])
    reply = api.handle(
        {
            "id": 1,
            "cmd": "assignment_results",
            "args": {
                "assignment": {"id": ID, "title": "", "help": False, "items": [{"game": "cover", "desc": "6x10"}]},
                "codes": [code("Ana"), code("ana")],
            },
        }
    )
    assert reply["ok"] and reply["result"]["rows"][0]["mark"] == entry["mark"] == "same"
    assert reply["result"]["rows"][0]["note"] == entry["note"] != ""


def test_a_long_first_look_says_how_far_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's engine is taken for dead when it stays silent too long: a class's first look (every
    solution checked) reports the codes read and counted, a few times a second (a clock that
    moves a second at each look at it stands for a slow machine: no test waits)."""
    clock = iter(range(10_000))
    monkeypatch.setattr(A.time, "monotonic", lambda: float(next(clock)))
    heard: list[tuple[int, int, str]] = []
    codes = [code(f"Pupil {k}") for k in range(4)] + ["NOT-A-CODE"]
    rows = A.results(SIX, codes, lambda p: heard.append((p.nodes, p.solutions, p.unit)))
    assert len(rows) == 5
    assert heard == [(k, k, "codes") for k in range(5)]  # read before each code: the fifth is refused


def test_a_class_list_is_checked_names_as_codes_carry_them_no_twins() -> None:
    listed = ["  Ana ", "", "Bruno", "Zoë  Müller", "\t"]
    assert A.check_roster(listed) == ("Ana", "Bruno", "Zoë Müller")
    with pytest.raises(race.RaceCodeError, match="Lena Weiss twice"):
        A.check_roster(["Lena Weiß", "Lena Weiss"])
    with pytest.raises(race.RaceCodeError, match="at most 60"):
        A.check_roster([f"Pupil {k}" for k in range(61)])
    with pytest.raises(race.RaceCodeError, match=r"the class list: 'x+': a name has at most 24"):
        A.check_roster(["x" * 30])
    # a spreadsheet's column pasted with its heading: the heading is no pupil (first line only)
    for heading in ("Name", " NOME ", "Schüler", "Full  name"):
        assert A.check_roster([heading, "Ana", "Name"]) == ("Ana", "Name")
    assert A.check_roster(["", "Nomes", "Ana"]) == ("Ana",)


def test_a_class_list_leaves_every_code_valid_and_names_who_has_no_code_yet() -> None:
    """The class list is not in a code's check: codes handed in before a name was added still count."""
    listed = A.check_assignment(ID, "", False, [A.Item("cover", "6x10")], ["Ana", "Bruno", "Caio"])
    assert listed.key() == SIX.key()
    rows = A.results(listed, [code("ana", 50), "NOT-A-CODE", code("Dora", 70)])
    assert [(r.name, r.rank, r.absent) for r in rows if r.rank or r.absent] == [
        ("ana", 1, False),
        ("Dora", 2, False),
        ("Bruno", 0, True),  # Ana handed in (as "ana"): only Bruno and Caio have none
        ("Caio", 0, True),
    ]
    assert rows[-1].code == "NOT-A-CODE" and rows[-1].reason and not rows[-1].absent


def test_an_assignment_that_cannot_be_finished_is_refused_with_the_reason() -> None:
    """Issue 46: the builder took peg solitaire's "1111: can it be done?" (no: proved by the game's
    own search) and the tangram's "Make your own" (nothing to win)."""
    items = [A.Item("cover", "6x10"), A.Item("pegs", "1111")]
    with pytest.raises(race.RaceCodeError, match=r"puzzle 2 can never be won: .*every way of jumping was tried"):
        A.check_finishable(A.check_assignment(ID, "", False, items))
    with pytest.raises(race.RaceCodeError, match="puzzle 1: a figure of your own has no goal"):
        A.check_finishable(A.check_assignment(ID, "", False, [A.Item("tangram", "free")]))
    fine = [
        A.Item("cover", "6x10"),
        A.Item("pegs", "english"),
        A.Item("tangram", "cat"),
        A.Item("cover", "level:6x10:3"),
    ]
    A.check_finishable(A.check_assignment(ID, "", False, fine))  # no error
    from pento_core import api

    reply = api.handle(
        {
            "id": 1,
            "cmd": "assignment",
            "args": {"title": "", "help": False, "items": [{"game": "pegs", "desc": "1111"}], "finishable": 0},
        }
    )
    assert not reply["ok"] and "can never be won" in reply["error"]["message"]
    # a pupil's page asks without "finishable": nothing is searched, the link opens
    reply = api.handle(
        {
            "id": 1,
            "cmd": "assignment",
            "args": {"title": "", "help": False, "items": [{"game": "pegs", "desc": "1111"}]},
        }
    )
    assert reply["ok"]
