"""Pentacube boxes (the game) and the box workshop: positions, moves and their refusals, hints and
solves checked cube by cube, the generator's promise, the workshop's edits and its listings against
the published counts."""

from __future__ import annotations

import itertools

import pytest
from support.solids import solid_turns

from pento_core.budget import Budget
from pento_core.errors import IllegalMoveError, ImpossibleError, ParseError, PentoError
from pento_core.games.box_workshop import BoxWorkshopGame
from pento_core.games.boxes import BoxesGame
from pento_core.polycube.geometry import ROTATIONS, moved
from pento_core.polycube.pieces import planar_pentacubes, solid_by_name
from pento_core.polycube.position import TURNS, parse_put, turn_table

GAME = BoxesGame()
SHOP = BoxWorkshopGame()
BUDGET = Budget(max_seconds=60)


def cubes_of(desc: str, state: str) -> dict[tuple[int, int, int], str]:
    """Each filled cell's piece, from the placements' text and the pieces' own shapes: a piece's
    orientation is one of its 24 turns, found here by turning it (not by the game's tables)."""
    out: dict[tuple[int, int, int], str] = {}
    for token in filter(None, state.split(";")):
        put = parse_put(token)
        shape = solid_by_name(put.name).shape
        turned = sorted({moved(m, shape) for m in ROTATIONS}, key=sorted)
        assert solid_by_name(put.name).orientations()[put.orientation] in turned
        for z, r, c in solid_by_name(put.name).orientations()[put.orientation]:
            cell = (z + put.anchor[0], r + put.anchor[1], c + put.anchor[2])
            assert cell not in out, f"{token} overlaps {out[cell]}"
            out[cell] = put.name
    return out


@pytest.mark.parametrize("desc", ["2x3x10", "2x5x6", "3x4x5"])
def test_solve_fills_every_cell_of_the_box_once_with_each_piece_once(desc: str) -> None:
    solution = GAME.solve(GAME.start(desc), BUDGET, None)
    assert solution.found and not solution.from_empty
    state = ";".join(solution.moves)
    cubes = cubes_of(desc, state)
    d, r, c = (int(x) for x in desc.split("x"))
    assert set(cubes) == {(z, y, x) for z in range(d) for y in range(r) for x in range(c)}
    assert sorted(set(cubes.values())) == sorted(p.name for p in planar_pentacubes())
    final = GAME.start(desc, state)
    assert GAME.view(final)["complete"] and GAME.status(final).state == "solved"


def test_a_refused_placement_says_why_and_a_relocation_moves_the_piece() -> None:
    st = GAME.start("3x4x5", "X:0@0,0,0")
    with pytest.raises(IllegalMoveError, match="I would stick out of the box"):
        GAME.apply(st, "I:0@0,0,3")  # upright: five rows, and the box has four
    with pytest.raises(IllegalMoveError, match="P would overlap X at layer 1, row 1, column 2"):
        GAME.apply(st, "P:0@0,0,0")
    with pytest.raises(IllegalMoveError, match="X is already on the board"):
        GAME.apply(st, "X:0@1,0,0")
    with pytest.raises(IllegalMoveError, match="A is not one of this puzzle's pieces"):
        GAME.apply(st, "A:0@1,0,0")
    with pytest.raises(IllegalMoveError, match="orientations 0 to 2, not 3"):
        GAME.apply(st, "X:3@1,0,0")  # a cross lies three ways in a box: flat, and on two sides
    moved_up = GAME.apply(st, "0,1,1>X:0@1,0,0")
    assert GAME.write_state(moved_up) == "X:0@1,0,0"
    assert GAME.write_state(GAME.apply(moved_up, "-1,1,1")) == ""
    with pytest.raises(IllegalMoveError, match="no piece at layer 1, row 1, column 1"):
        GAME.apply(st, "-0,0,0")


def test_the_turn_tables_are_quarter_turns_four_of_which_are_none() -> None:
    for piece in (solid_by_name(n) for n in ("F", "L1", "Q", "A")):
        shapes = piece.orientations()
        for axis in TURNS:
            table = turn_table(piece, axis)
            assert sorted(table) == list(range(len(shapes)))  # a permutation of the orientations
            for o in range(len(shapes)):
                assert table[table[table[table[o]]]] == o
                assert len(shapes[table[o]]) == 5


def test_a_hint_is_a_piece_of_a_filling_and_a_blocked_box_names_the_piece_in_the_way() -> None:
    st = GAME.start("2x3x10")
    hint = GAME.hint(st, BUDGET, None)
    assert hint.kind == "place" and hint.move
    after = GAME.apply(st, hint.move)
    assert GAME.solve(after, BUDGET, None).from_empty is False  # it still leads to a filling
    blocked = GAME.start("1x6x10", "X:0@0,0,0")  # in a box one cube thick, the X leaves a lone corner
    hint = GAME.hint(blocked, BUDGET, None)
    assert hint.kind == "blocked" and "X stands in the way" in hint.message
    assert sorted(hint.cells) == sorted(cubes_of("1x6x10", "X:0@0,0,0"))
    solution = GAME.solve(blocked, BUDGET, None)
    assert solution.found and solution.from_empty


def test_boxes_offered_are_filled_and_mixed_ones_come_from_the_seed() -> None:
    for seed in range(3):
        desc = GAME.new("mixed:3x3x5", seed)
        assert desc == GAME.new("mixed:3x3x5", seed)
        names = desc.split("~")[1].split(",")
        assert len(names) == 9
        assert GAME.solve(GAME.start(desc), BUDGET, None).found
    assert GAME.new("all:3x4x5", 0) == "3x4x5~pentacubes"
    with pytest.raises(ImpossibleError):
        GAME.new("1x2x5~X,X", 0)  # two copies of X cannot make a 1x2x5 slab
    with pytest.raises(PentoError, match="multiple of 5"):
        GAME.new("mixed:2x2x2", 0)


@pytest.mark.parametrize(
    ("desc", "message"),
    [
        ("13x1x1", "between 1 and 12"),
        ("3x4x6", "more than the pieces fill"),
        ("3x4x5~ZZ9", "not a polycube's name"),
        ("3x4x5~FILNPTUVWXYZ", ""),  # the 12 by their letters: a valid desc
        ("..#|.x.", "not allowed"),
    ],
)
def test_a_desc_is_checked_with_a_clear_message(desc: str, message: str) -> None:
    if not message:
        GAME.validate(desc)
        return
    with pytest.raises(PentoError, match=message):
        GAME.validate(desc)


def test_the_picture_shows_the_layers_side_by_side() -> None:
    st = GAME.start("2x2x5~I,L,P,N", "I:1@0,0,0")
    assert GAME.picture(st) == ["IIIII .....", "..... ....."]


# -- the box workshop ------------------------------------------------------------------------------


def listing(state_text: str, distinct: bool, run: tuple[int, int] | None = None) -> list[str]:
    state = SHOP.start("2x3x10", state_text)
    return list(SHOP.tilings(state, distinct, BUDGET, lambda p: None, 1.0, run).found)


def test_the_workshop_lists_the_published_2x3x10_fillings_and_runs_share_them_out() -> None:
    every = listing("2,3,10~full~planar-pentacubes", False)
    distinct = listing("2,3,10~full~planar-pentacubes", True)
    assert (len(every), len(distinct)) == (96, 12)  # Goodger's Polyform Puzzler
    assert len(set(every)) == 96
    for line in every[:5]:  # each is a filling: 12 letters, five cells each, in two layers
        letters = line.replace("/", "").replace("|", "")
        assert sorted(set(letters)) == sorted("FILNPTUVWXYZ") and all(letters.count(ch) == 5 for ch in set(letters))
    runs = [line for k in range(3) for line in listing("2,3,10~full~planar-pentacubes", True, (k, 3))]
    assert len(runs) == 12


def test_workshop_edits_make_a_box_that_pentacube_boxes_plays() -> None:
    st = SHOP.start("2x3x10")
    st = SHOP.apply(st, "size 2 2 5")
    st = SHOP.apply(st, "pieces J4,S2,N2,L4")
    view = SHOP.view(st)
    assert view["reason"] is None and view["puzzle"] == "2x2x5~J4,S2,N2,L4"
    assert GAME.new(view["puzzle"], 0) == "2x2x5~J4,S2,N2,L4"
    st = SHOP.apply(st, "erase 0,0,0")
    assert "19" in SHOP.view(st)["reason"]  # the volumes: 19 cells for 20 cubes
    assert SHOP.view(st)["puzzle"] is None
    assert SHOP.start("2x3x10", SHOP.write_state(st)) == st
    with pytest.raises(ParseError, match="outside the grid"):
        SHOP.apply(st, "paint 3,0,0")
    with pytest.raises(ParseError, match="not a polycube's name"):
        SHOP.apply(st, "pieces ZZ9")
    with pytest.raises(ParseError):
        SHOP.start("2x3x10", "2,2,5~..|..~X")  # layers that do not match the size
    # every family offered, the 166 hexacubes too: two of them fill a 2x2x3 box in 64 ways
    st = SHOP.apply(SHOP.apply(st, "size 2 2 3"), "pieces family:6")
    assert len(SHOP.view(st)["names"]) == 166 and SHOP.view(st)["reason"] is None
    fillings = listing_of(st)
    assert len(fillings) == len(set(fillings)) == two_hexacube_splits()
    for line in fillings:  # two blocks of six cubes each
        cubes = line.replace("/", "").replace("|", "")
        assert len(cubes) == 12 and sorted(cubes.count(ch) for ch in set(cubes)) == [6, 6]


def two_hexacube_splits() -> int:
    """A brute force: the ways to cut a 2x2x3 box into two connected halves of six cubes that are
    not the same solid turned (each hexacube comes once), with this test file's own turns."""
    cells = [(z, r, c) for z in range(2) for r in range(2) for c in range(3)]

    def connected(part: frozenset[tuple[int, int, int]]) -> bool:
        seen, todo = set(), [min(part)]
        while todo:
            z, r, c = todo.pop()
            if (z, r, c) in seen:
                continue
            seen.add((z, r, c))
            for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
                n = (z + d[0], r + d[1], c + d[2])
                if n in part:
                    todo.append(n)
        return seen == part

    def shape(part: frozenset[tuple[int, int, int]]) -> frozenset[tuple[int, int, int]]:
        lo = [min(x[i] for x in part) for i in range(3)]
        return frozenset((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in part)

    count = 0
    for half in itertools.combinations(cells, 6):
        a = frozenset(half)
        b = frozenset(cells) - a
        if min(a) < min(b) and connected(a) and connected(b) and shape(b) not in solid_turns(shape(a)):
            count += 1
    return count


def listing_of(state: object) -> list[str]:
    return list(SHOP.tilings(state, False, BUDGET, lambda p: None, 1.0).found)  # type: ignore[arg-type]
