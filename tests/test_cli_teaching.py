"""Issue 46, item 9: the command line for teachers who script.  ``link`` prints a link the page
opens (its parts read back to a puzzle the game accepts), ``assignment make`` an assignment of the
puzzles given links open, and ``assignment results`` the ranking of a file of codes (and the page's
CSV).  Bad input is one ``error:`` line and exit 2."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from support.races import SIXBYTEN, solved

from pento_core import cli, links, registry
from pento_core.classroom import assignment as A


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("game_id", "params"), [(g, registry.get(g).presets()[0].params) for g in registry.GAMES])
def test_a_link_to_each_games_first_preset_opens_a_puzzle_the_game_accepts(
    capsys: pytest.CaptureFixture[str], game_id: str, params: str
) -> None:
    code, out, err = run(capsys, "link", game_id, params, "--seed", "4", "--base", "https://school.example/pento/")
    assert (code, err) == (0, "") and out.count("\n") == 1
    base, parts = links.split(out.strip())
    assert base == "https://school.example/pento/" and parts[0] == game_id and parts[2] == ""
    registry.get(game_id).validate(parts[1])


def test_generated_puzzles_the_same_seed_the_same_link_tangram_figures_included(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game_id, params in (
        ("tangram", "cat"),
        ("tangram", "new:easy"),
        ("gandagalo", "6x6:easy"),
        ("cover", "new:easy"),
    ):
        if game_id == "cover" and "new:easy" not in [p.params for p in registry.get("cover").presets()]:
            params = registry.get("cover").presets()[0].params
        first = run(capsys, "link", game_id, params, "--seed", "11")[1]
        assert run(capsys, "link", game_id, params, "--seed", "11")[1] == first
        registry.get(game_id).validate(links.split(first)[1][1])
    ten = {run(capsys, "link", "gandagalo", "6x6:easy")[1] for _ in range(10)}  # no seed: one drawn
    assert len(ten) > 1


def test_an_assignment_of_three_links_the_ranking_of_its_codes_and_the_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one = run(capsys, "link", "cover", "1x5", "--base", "https://school.example/pento/")[1].strip()
    code, out, err = run(
        capsys,
        "assignment",
        "make",
        "--title",
        "Sexta-feira: três",
        "--allow-help",
        one,
        "https://other.example/#daily:2026-11-26:cover:6x10",
        "#race:ABC123:pegs:english",
    )
    assert (code, err) == (0, "")
    base, parts = links.split(out.strip())
    assert base == "https://school.example/pento/"
    assert parts[0] == "assign" and parts[2:] == [
        "h",
        "Sexta-feira: três",
        "cover",
        "1x5",
        "cover",
        "6x10",
        "pegs",
        "english",
    ]
    made = A.check_assignment(
        parts[1], parts[3], True, [A.Item("cover", "1x5"), A.Item("cover", "6x10"), A.Item("pegs", "english")]
    )
    codes = [
        A.result_code(
            made, "Ana", [A.Work(True, 50, 1, 0, "I1@0,0"), A.Work(True, 900, 0, 0, SIXBYTEN), A.Work(False, 10)]
        ),
        A.result_code(made, "=Bea", [A.Work(True, 70, 0, 0, "I1@0,0"), A.Work(False, 0), A.Work(False, 0)]),
        A.result_code(made, "ana", [A.Work(False, 5), A.Work(False, 0), A.Work(False, 0)]),
    ]
    (tmp_path / "codes.txt").write_text(f"{codes[0]}\n{codes[1]}, NOT-A-CODE; {codes[2]}\n")
    csv_path = tmp_path / "out.csv"
    code, out, err = run(
        capsys, "assignment", "results", out.strip(), str(tmp_path / "codes.txt"), "--csv", str(csv_path)
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("1. Ana: 2 of 3 solved, 1:35.0  (Another code has this name too")
    assert lines[1] == "2. =Bea: 1 of 3 solved, 0:07.0"
    assert lines[2].startswith("3. ana: 0 of 3 solved, 0:00.0  (Another code")
    assert lines[3].startswith("refused NOT-A-CODE: ") and len(lines) == 4
    text = csv_path.read_bytes().decode("utf-8")
    assert text.startswith(
        "\ufeffAssignment,Puzzle,Rank,Name,Solved,Time,Seconds,Hints,Solves,Solution,Note\r\n"
    )  # the page's
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert len(rows) == 1 + 3 * 3
    assert rows[1][:9] == [parts[1], "1. Pentomino cover: 1 × 5", "1", "Ana", "yes", "0:05.0", "5", "1", "0"]
    assert rows[4][3] == "'=Bea"  # never a formula
    # a puzzle not begun: its cells empty, as the page writes them (web/play/race.js), not "no" and 0:00.0
    assert rows[5][:4] == [parts[1], "2. Pentomino cover: 6 × 10", "2", "'=Bea"]
    assert rows[5][4:10] == ["", "", "", "", "", ""]
    assert rows[3][4:7] == ["no", "0:01.0", "1"]  # begun, not solved: Ana's third puzzle


def test_a_race_link_gives_its_ranking(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    race = A.race_assignment("ABC123", "cover", "1x5")
    (tmp_path / "codes").write_text(A.result_code(race, "Zoë", [A.Work(True, 12, 0, 0, "I1@0,0")]))
    assert run(capsys, "assignment", "results", "#results:ABC123:cover:1x5", str(tmp_path / "codes"))[1] == (
        "1. Zoë: 1 of 1 solved, 0:01.2\n"
    )


def test_a_spoken_code_counts_its_solves_as_only_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    desc, state = solved("tangram", "swan")
    a = A.check_assignment("ABC123", "Shapes", False, [A.Item("tangram", desc)] * 2)
    said, proof = A.codes(a, "Zoë", [A.Work(True, 12, 0, 0, state), A.Work(False, 30)])
    (tmp_path / "codes").write_text(f"{proof}\n{said}\n")
    link = links.fragment(["assign", a.id, "-", a.title, "tangram", desc, "tangram", desc])
    code, out, _ = run(capsys, "assignment", "results", link, str(tmp_path / "codes"), "--csv", str(tmp_path / "csv"))
    note = "  (Another code has this name too: two pupils, or one pupil who handed in twice?)"
    assert (code, out) == (
        0,
        f"1. Zoë: 1 of 2 solved, 0:01.2{note}\n2. Zoë: 1 of 2 solved (1 only reported), 0:02.0{note}\n",
    )
    lines = list(csv.reader(io.StringIO((tmp_path / "csv").read_text(encoding="utf-8-sig"))))
    assert [line[9] for line in lines[1:]] == ["checked", "", "reported", ""]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["link", "nope", "6x10"], "no game 'nope'"),
        (["link", "cover", "7x7"], "not a multiple of 5"),
        (["assignment", "make", "--title", "T", "cover:6x10"], "it has no #"),
        (["assignment", "make", "--title", "T", "#help"], "link 1: this link does not open one puzzle"),
        (["assignment", "make", "--title", "T", "#lastfit:8x8~Ann,Bob:"], "no race for the game 'lastfit'"),
        (["assignment", "make", "--title", "T" * 61, "#cover:6x10:"], "60"),
        (["assignment", "results", "#cover:6x10:", "-"], "not the link of an assignment"),
        (["assignment", "results", "#assign:ABC123:-:T:cover:6x10", "/nonexistent/codes"], "cannot read"),
        (["assignment", "make", "--title", "T", "#cover:%FF:"], "not text"),
        (["assignment", "make", "--title", "T", "#cover:6x10:", "#pegs:1111:"], "puzzle 2 can never be won"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1 and says in err, err


def test_a_spent_timeout_stops_a_link_with_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "link", "pegs", "new:english:hard", "--seed", "1", "--timeout", "0.000000001")
    assert (code, out) == (3, "") and err.startswith("stopped:")


def test_a_class_list_travels_in_the_link_and_the_results_name_who_has_no_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "class.csv").write_text('Name,Class\n"Ana",7B\nBruno;7B\n\nCaio\n')
    code, out, err = run(
        capsys, "assignment", "make", "--title", "T", "--roster", str(tmp_path / "class.csv"), "#cover:1x5:"
    )
    assert (code, err) == (0, "")
    _, parts = links.split(out.strip())
    assert parts[2] == "-\nAna\nBruno\nCaio"  # the flags, then the names (the column's heading is no pupil)
    made = A.check_assignment(parts[1], "T", False, [A.Item("cover", "1x5")])
    (tmp_path / "codes").write_text(A.result_code(made, "Bruno", [A.Work(True, 12, 0, 0, "I1@0,0")]))
    csv_path = tmp_path / "out.csv"
    code, out, err = run(capsys, "assignment", "results", out.strip(), str(tmp_path / "codes"), "--csv", str(csv_path))
    assert out.splitlines() == [
        "1. Bruno: 1 of 1 solved, 0:01.2",
        "-. Ana: no code handed in",
        "-. Caio: no code handed in",
    ]
    rows = list(csv.reader(io.StringIO(csv_path.read_text(encoding="utf-8-sig"))))
    assert rows[2] == [parts[1], "Pentomino cover: 1 × 5", "", "Ana", "", "", "", "", "", "", ""]
