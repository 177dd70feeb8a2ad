"""Issue 50: a pieces file for boxes (the flat pieces file's format with layers), any polycube of up
to 12 cubes and pieces of different sizes in one set.  The Diabolical Cube (Hoffmann, 1893: one
piece of each size from 2 to 7 cubes) fills the 3x3x3 cube in 13 ways up to its motions, as David
Goodger's Polyform Puzzler publishes; every filling is checked with the tests' own turns."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.api_calls import result
from support.clirun import pento
from support.solids import solid_turns

from pento_core import api
from pento_core.errors import ParseError
from pento_core.polycube.pieces import parse_solids, parse_solids_text, portable, solid_by_name

# one piece of each size, 2 to 7 cubes, all flat (Hoffmann's; Goodger's names)
DIABOLICAL = """; the Diabolical Cube
; I
##

; V
##
#.

; O
##
##

; U
##
#.
##

; W
###
##.
#..

; L
###
###
#..
"""

# the Soma cube's seven pieces, the three that are not flat drawn as two layers
SOMA = """; V
##
#.

; L
###
#..

; T
###
.#.

; Z
##.
.##

; A
##
#.
-
.#
..

; B
##
#.
-
..
#.

; P
##
#.
-
#.
..
"""


def _cells(layers: list[str]) -> dict[str, set[tuple[int, int, int]]]:
    """Where each letter of a filling printed by ``solve`` lies: (layer, row, column)."""
    out: dict[str, set[tuple[int, int, int]]] = {}
    for z, layer in enumerate(layers):
        for y, row in enumerate(layer.splitlines()):
            for x, ch in enumerate(row):
                out.setdefault(ch, set()).add((z, y, x))
    return out


def _norm(cells: set[tuple[int, int, int]]) -> frozenset[tuple[int, int, int]]:
    lo = [min(c[i] for c in cells) for i in range(3)]
    return frozenset((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in cells)


def test_the_diabolical_cube_has_its_13_fillings(tmp_path: Path) -> None:
    pieces = tmp_path / "diabolical.txt"
    pieces.write_text(DIABOLICAL)
    count = pento("count", "3x3x3", "--pieces", str(pieces), "--distinct")
    assert count.returncode == 0, count.stderr
    assert count.stdout.splitlines()[-2:] == ["count: 624", "distinct: 13"]
    listed = pento("solve", "3x3x3", "--pieces", str(pieces), "--distinct")
    fillings = listed.stdout.strip().split("\n\n\n")
    assert len(fillings) == 13
    drawn = {p.name: p.shape for p, _ in parse_solids_text(DIABOLICAL)}
    for filling in fillings:
        where = _cells(filling.split("\n\n"))
        assert set(where) == set("IVOUWL") and sum(map(len, where.values())) == 27
        for name, cells in where.items():
            assert _norm(cells) in solid_turns(frozenset(drawn[name])), (name, filling)


def test_the_soma_cube_from_a_pieces_file_with_layers(tmp_path: Path) -> None:
    pieces = tmp_path / "soma.txt"
    pieces.write_text(SOMA)
    both = pento("count", "3x3x3", "--pieces", str(pieces), "--distinct")
    turns = pento("count", "3x3x3", "--pieces", str(pieces), "--distinct", "rotations")
    assert both.stdout.splitlines()[-1] == "distinct: 240" and turns.stdout.splitlines()[-1] == "distinct: 480"


def test_a_pieces_file_names_sizes_and_copies() -> None:
    """Named by its ``;`` line, else by its family's name (the domino, D1), else by its shape; a piece
    drawn twice is two copies, and a set may mix sizes up to 12 cubes."""
    ps = parse_solids_text("; big\n" + "#" * 12 + "\n\n##\n\n##\n\n###\n###\n-\n#..\n...\n")
    assert sorted((p.size, p.name, n) for p, n in ps) == [(2, "D1", 2), (7, "C111_111.100_000", 1), (12, "BIG", 1)]
    # a name that is the shape: read back as that shape, by any set of names
    assert solid_by_name("C111_111.100_000").shape == next(p.shape for p, _ in ps if p.size == 7)
    assert parse_solids(portable(ps).names()) == portable(ps)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("#" * 13, 1, "at most 12 cubes"),
        ("##\n-\n..\n.#", 1, "face to face"),
        ("\n\n#x", 3, "unexpected character"),
        ("; A\n##\n\n; A\n###", 5, "two different pieces are named A"),
        ("; only a comment", 1, "no pieces found"),
    ],
)
def test_a_bad_pieces_file_says_where(text: str, line: int, words: str) -> None:
    with pytest.raises(ParseError) as e:
        parse_solids_text(text)
    assert e.value.line == line and words in str(e.value)


def test_the_command_line_says_what_is_wrong_with_a_pieces_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("##\n-\n..\n.#\n")
    r = pento("count", "2x2x2", "--pieces", str(bad))
    assert r.returncode == 2 and r.stderr.strip() == "error: line 1: a piece's cubes must touch face to face"


def test_the_box_workshop_takes_a_pieces_file() -> None:
    """The box workshop's 'Use the pieces drawn here' (the page sends ``import TEXT``): the pieces
    become names a link carries (a polycube's own, else the shape itself), and the Diabolical Cube's
    13 fillings are counted there too."""

    opened = result("load", game="boxshop", desc="3x3x3", state="")
    moved = result("move", game="boxshop", desc="3x3x3", state=opened["state"], move="import " + DIABOLICAL)
    assert moved["state"] == "3,3,3~full~D1,R2,K4,U,H27,C111_111_100"
    again = result("load", game="boxshop", desc="3x3x3", state=moved["state"])  # the link reads back
    assert again["state"] == moved["state"]
    listing = result("solutions", game="boxshop", desc="3x3x3", state=moved["state"], distinct=True, seconds=30)
    assert (listing["count"], listing["complete"]) == (13, True)
    bad = api.handle(
        {
            "id": 1,
            "cmd": "move",
            "args": {"game": "boxshop", "desc": "3x3x3", "state": opened["state"], "move": "import ##\n-\n..\n.#"},
        }
    )
    assert bad["error"]["code"] == "parse" and "face to face" in bad["error"]["message"]
