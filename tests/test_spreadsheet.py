"""The results as a spreadsheet, written once (pento_core/classroom/spreadsheet.py): the engine's
``results_csv`` request (the results page's Download CSV) and ``assignment results --csv`` give the
same file, in the request's language, and a name typed to be a formula stays text."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pento_core import api, cli, i18n, links
from pento_core.classroom import assignment as A
from pento_core.classroom.spreadsheet import race_time, seconds

ITEMS = [A.Item("cover", "1x5"), A.Item("cover", "2x5")]
TITLES = ["Pentomino cover: 1 × 5", "Pentomino cover: 2 × 5"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")  # the language is process-wide: leave it as the other tests expect it


def request(cmd: str, **args: Any) -> Any:
    return json.loads(api.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def made() -> tuple[A.Assignment, dict[str, Any], list[str]]:
    given = A.check_assignment("ABC123", "Shapes", True, ITEMS, ["Ana", "Bruno", "Caio"])
    as_json = {
        "id": given.id,
        "title": given.title,
        "help": True,
        "items": [{"game": i.game, "desc": i.desc} for i in ITEMS],
        "roster": list(given.roster),
    }
    codes = [
        A.result_code(given, "Ana", [A.Work(True, 653, 1, 0, "I1@0,0"), A.Work(False, 40)]),
        A.result_code(given, "=1+1", [A.Work(True, 700, 0, 0, "I1@0,0"), A.Work(False, 0)]),
    ]
    return given, as_json, codes


def rows_of(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff") and text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_pages_file_holds_every_pupil_and_puzzle_in_the_ranking_then_the_names_with_no_code() -> None:
    _, assignment, codes = made()
    reply = request("results_csv", assignment=assignment, codes=codes, titles=TITLES)
    assert reply["ok"], reply
    rows = rows_of(reply["result"]["text"])
    assert rows[0] == [
        "Assignment", "Puzzle", "Rank", "Name", "Solved", "Time", "Seconds", "Hints", "Solves", "Solution", "Note",
    ]  # fmt: skip
    assert rows[1] == ["ABC123", "1. " + TITLES[0], "1", "Ana", "yes", "1:05.3", "65.3", "1", "0", "checked", ""]
    assert rows[2] == ["ABC123", "2. " + TITLES[1], "1", "Ana", "no", "0:04.0", "4", "0", "0", "", ""]
    # a formula typed as a name stays text; the second puzzle not begun: empty cells, not "no" and 0:00.0
    assert rows[3][2:] == ["2", "'=1+1", "yes", "1:10.0", "70", "0", "0", "checked", ""]
    assert rows[4][3:] == ["'=1+1", "", "", "", "", "", "", ""]
    # the class list's names with no code: a row per puzzle, empty
    assert [r[3] for r in rows[5:]] == ["Bruno", "Bruno", "Caio", "Caio"]
    assert all(r[2] == "" and r[4:] == [""] * 7 for r in rows[5:]) and len(rows) == 9


def test_the_file_is_in_the_requests_language() -> None:
    _, assignment, codes = made()
    request("hello", lang="de")
    rows = rows_of(request("results_csv", assignment=assignment, codes=codes, titles=TITLES)["result"]["text"])
    assert rows[0][:5] == ["Aufgabe", "Rätsel", "Platz", "Name", "Gelöst"]
    assert rows[1][4] == "ja" and rows[1][9] == "geprüft" and rows[2][4] == "nein"


def test_the_command_line_writes_the_same_file_as_the_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    given, assignment, codes = made()
    (tmp_path / "codes").write_text("\n".join(codes))
    flags = "h" + "".join("\n" + name for name in given.roster)  # help allowed, then the class list
    link = links.fragment(["assign", given.id, flags, given.title, *(x for i in ITEMS for x in (i.game, i.desc))])
    assert cli.main(["assignment", "results", link, str(tmp_path / "codes"), "--csv", str(tmp_path / "out.csv")]) == 0
    capsys.readouterr()
    page = request("results_csv", assignment=assignment, codes=codes, titles=TITLES)["result"]["text"]
    assert (tmp_path / "out.csv").read_bytes() == page.encode("utf-8")


def test_a_wrong_list_of_titles_is_refused_with_a_reason() -> None:
    _, assignment, codes = made()
    for titles in (TITLES[:1], [*TITLES, "x"], ["x" * 201, "y"]):
        reply = request("results_csv", assignment=assignment, codes=codes, titles=titles)
        assert not reply["ok"] and reply["error"]["code"] == "bad_request"
        assert "each of the 2 puzzles a title" in reply["error"]["message"]
    reply = request("results_csv", assignment=assignment, codes=codes, titles=[1, 2])
    assert reply["error"]["message"] == "argument 'titles' must be a list of strings"


@pytest.mark.parametrize(
    ("tenths", "clock", "secs"), [(0, "0:00.0", "0"), (653, "1:05.3", "65.3"), (9999, "16:39.9", "999.9")]
)
def test_times_as_the_clock_shows_them_and_as_numbers(tenths: int, clock: str, secs: str) -> None:
    assert (race_time(tenths), seconds(tenths)) == (clock, secs)
