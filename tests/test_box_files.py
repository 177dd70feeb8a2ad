"""Issue 50: a box file may hold a piece to a region and may hold blocks already in place, as board
files may.  Each count is checked against the fillings of the free box (96 for 2x3x10 with the
planar pentacubes, the published figure test_polycube checks), kept by hand: those with that block
in place, or with that piece in its region."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.clirun import pento

from pento_core.errors import ImpossibleError, ParseError
from pento_core.polycube.box import parse_box, parse_box_position
from pento_core.polycube.pieces import parse_solids
from pento_core.polycube.problem import BoxProblem

EMPTY = "..........\n..........\n..........\n---\n..........\n..........\n..........\n"


def _fillings(text: str) -> list[dict[str, set[tuple[int, int, int]]]]:
    """The fillings ``solve`` printed: each letter's cells (layer, row, column)."""
    out = []
    for filling in text.strip().split("\n\n\n"):
        where: dict[str, set[tuple[int, int, int]]] = {}
        for z, layer in enumerate(filling.split("\n\n")):
            for r, row in enumerate(layer.splitlines()):
                for c, ch in enumerate(row):
                    where.setdefault(ch, set()).add((z, r, c))
        out.append(where)
    return out


def test_a_block_in_place_keeps_the_fillings_that_have_it(tmp_path: Path) -> None:
    free = _fillings(pento("solve", "2x3x10").stdout)
    assert len(free) == 96
    x = free[0]["X"]  # where X lies in one filling, drawn into the box file
    layers = [[list(row) for row in part.splitlines()] for part in EMPTY.strip().split("\n---\n")]
    for z, r, c in x:
        layers[z][r][c] = "X"
    box = tmp_path / "box.txt"
    box.write_text("\n---\n".join("\n".join("".join(row) for row in layer) for layer in layers) + "\n")
    placed = pento("count", str(box), "--distinct")
    assert placed.returncode == 0, placed.stderr
    expected = sum(1 for f in free if f["X"] == x)
    assert placed.stdout.splitlines()[-2] == f"count: {expected}" and expected > 0
    listed = _fillings(pento("solve", str(box)).stdout)
    assert len(listed) == expected and all(f["X"] == x for f in listed)


def test_a_piece_held_to_a_region_keeps_the_fillings_that_have_it_there(tmp_path: Path) -> None:
    free = _fillings(pento("solve", "2x3x10").stdout)
    half = "+++++.....\n" * 3
    box = tmp_path / "held.txt"
    box.write_text(EMPTY + "hold I\n" + half + "---\n" + half)
    region = {(z, r, c) for z in range(2) for r in range(3) for c in range(5)}
    expected = sum(1 for f in free if f["I"] <= region)
    run = pento("count", str(box), "--distinct")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-2] == f"count: {expected}" and 0 < expected < 96
    # the left half is kept by the flips that keep the columns' order: 4 of the box's 8 motions
    assert "symmetries: 4 (2 rotations, 2 reflections)" in run.stdout


def test_bad_holds_and_blocks_say_what_is_wrong() -> None:
    pieces = parse_solids("planar-pentacubes")
    with pytest.raises(ParseError, match="not a shape of X"):
        parse_box_position("XX.\n---\n...\n", pieces)
    with pytest.raises(ParseError, match="a held cell must be in the box"):
        parse_box("..\n---\n..\nhold I\n+++\n")
    with pytest.raises(ParseError, match="I is held twice"):
        parse_box("..\n---\n..\nhold I\n+.\nhold i\n.+\n")
    with pytest.raises(ImpossibleError, match="Q is held to a region but is not one of the pieces"):
        BoxProblem(parse_box(EMPTY + "hold Q\n+" + "\n"), pieces)
    with pytest.raises(ParseError, match=r"'X' is not allowed"):
        parse_box("X.\n---\n..\n")  # a game's box (parse_box) holds no blocks
