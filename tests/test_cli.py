"""The command line, run as other tools will run it: a subprocess."""

import subprocess
import sys
from pathlib import Path

import pytest
from support.checker import is_tiling

from pento_core.polyomino.board import parse_position
from pento_core.polyomino.pieces import PieceSet

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pento_core", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_count_prints_count_last():
    r = run("count", "4x15")
    assert r.returncode == 0
    assert r.stdout.strip().splitlines()[-1] == "count: 1472"


def test_count_distinct_prints_distinct_last():
    r = run("count", "5x12", "--distinct")
    lines = r.stdout.strip().splitlines()
    assert r.returncode == 0 and lines[-1] == "distinct: 1010" and "count: 4040" in lines


def test_count_board_file_with_hole(tmp_path: Path):
    board = tmp_path / "scott.txt"
    board.write_text("\n".join("...##..." if r in (3, 4) else "........" for r in range(8)) + "\n")
    r = run("count", str(board), "--distinct")
    assert r.stdout.strip().splitlines()[-2:] == ["count: 520", "distinct: 65"]


def test_pieces_file_copies_are_interchangeable(tmp_path: Path):
    pieces = tmp_path / "pieces.txt"
    pieces.write_text("##\n##\n\n##\n##\n\n##\n##\n\n##\n##\n")  # four O tetrominoes
    r = run("count", "4x4", "--pieces", str(pieces), "--distinct")
    assert r.stdout.strip().splitlines()[-2:] == ["count: 1", "distinct: 1"]


def test_one_sided_and_allow_unused():
    free = run("count", "3x5", "--pieces", "LNPUVY", "--allow-unused")
    one = run("count", "3x5", "--pieces", "LNPUVY", "--allow-unused", "--one-sided")
    n_free = int(free.stdout.strip().splitlines()[-1].split(": ")[1])
    n_one = int(one.stdout.strip().splitlines()[-1].split(": ")[1])
    assert free.returncode == 0 and one.returncode == 0 and 0 < n_one < n_free


def test_solve_prints_checked_grids():
    r = run("solve", "3x20", "--limit", "5")
    assert r.returncode == 0
    grids = r.stdout.strip().split("\n\n")
    assert len(grids) == 5
    for g in grids:
        pos = parse_position(g, PieceSet.pentominoes())
        placements = [(p.piece.name, p.cells) for p in pos.placements]
        pieces = {p.name: (p.shape, 1) for p, _ in PieceSet.pentominoes()}
        assert is_tiling(pos.board.cells, pieces, placements)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["count", "6x9"], "area mismatch"),
        (["count", "6x10", "--pieces", "FILQ"], "unknown piece 'Q'"),
        (["count", "nosuchfile.txt"], "neither RxC"),
        (["solve", "3x20", "--pieces", "FFF"], "area mismatch"),
        (["count"], "the following arguments are required"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, words):
    r = run(*args)
    assert r.returncode == 2
    err_lines = [line for line in r.stderr.splitlines() if line.startswith("error:")]
    assert len(err_lines) == 1 and words in err_lines[0]


def test_malformed_board_file_names_line_and_column(tmp_path: Path):
    f = tmp_path / "bad.txt"
    f.write_text("....\n..*.\n")
    r = run("count", str(f))
    assert r.returncode == 2 and "line 2, column 3" in r.stderr


def test_timeout_gives_unknown_not_a_hang():
    r = run("count", "6x10", "--timeout", "0.05")
    assert r.returncode == 3 and r.stdout.strip().splitlines()[-1] == "count: unknown (budget spent)"


def test_freeform_prints_the_table_beside_the_thesis():
    r = run("freeform", "--version", "2.2", "--n", "4", "--count", "300", "--seed", "1")
    assert r.returncode == 0
    lines = r.stdout.strip().splitlines()
    assert lines[1].split() == ["perimeter", "boards", "%", "thesis", "%"]
    bands = [line.split()[0] for line in lines[2:7]]
    assert bands == ["18", "19-24", "25-30", "31-36", "37-42"]
    assert sum(int(line.split()[1]) for line in lines[2:7]) == 300
    assert lines[-1].startswith("mean: ") and "thesis: 26.510" in lines[-1]


def test_freeform_band_on_request():
    r = run("freeform", "--band", "18-18", "--n", "4", "--seed", "2")
    assert r.returncode == 0 and "perimeter: 18" in r.stdout
    pos = parse_position(r.stdout.split("\nperimeter")[0], PieceSet.pentominoes())
    assert pos.is_complete() and len(pos.placements) == 4


@pytest.mark.parametrize(("kind", "k", "copies"), [("twenty", 4, 3), ("thirty", 6, 2)])
def test_twenty_and_thirty_print_board_and_coverings(kind, k, copies):
    r = run(kind, "--seed", "4")
    assert r.returncode == 0
    board, *grids = r.stdout.strip().split("\n\n")
    assert len(grids) == copies
    used = []
    for g in grids:
        pos = parse_position(g, PieceSet.pentominoes())
        assert pos.is_complete() and len(pos.placements) == k
        assert {c for p in pos.placements for c in p.cells} == pos.board.cells
        assert pos.board.text().replace(".", "#") == board.replace(".", "#")
        used += [p.piece.name for p in pos.placements]
    assert sorted(used) == sorted("FILNPTUVWXYZ")


def test_freeform_bad_version_is_status_2():
    r = run("freeform", "--version", "3.0")
    assert r.returncode == 2
