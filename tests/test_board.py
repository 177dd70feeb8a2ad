import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pento_core.errors import IllegalMoveError, ParseError
from pento_core.polyomino.board import Board, parse_board, parse_position, place_shape
from pento_core.polyomino.pieces import PENTOMINOES, PieceSet, parse_pieces_text, write_pieces_text

PENTS = PieceSet.pentominoes()
SOLVED_3X20 = "UUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV"


def test_rectangle_spec_and_text():
    b = parse_board("6x10")
    assert (b.height, b.width, b.area) == (6, 10, 60)
    assert b.text() == "\n".join(["." * 10] * 6)
    assert b.spec() == "6x10"


def test_holes_regions_and_spaces():
    b = parse_board("..#..\n.. ..\n\n....")
    assert b.area == 12 and len(b.regions()) == 3
    assert parse_board(b.text()) == b
    assert parse_board(b.spec()) == b  # the one-line "/" spec


def test_position_round_trip_and_completion():
    pos = parse_position(SOLVED_3X20, PENTS)
    assert len(pos.placements) == 12 and pos.is_complete()
    assert pos.text() == SOLVED_3X20
    assert parse_position(pos.text(), PENTS) == pos


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("....\n..?.", 2, 3, "unexpected character '?'"),
        ("", 1, None, "empty"),
        ("###\n###", 1, None, "no cells"),
        ("XX..\n....", 1, 1, "not a shape"),
        ("LLLL.\nL....\n.IIII\n....I", None, None, "not a shape"),
    ],
)
def test_malformed_text_names_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as e:
        parse_position(text, PENTS)
    assert words in str(e.value)
    if line is not None:
        assert e.value.line == line and e.value.column == column
        assert str(e.value).startswith(f"line {line}")


def test_placement_rules_give_reasons():
    pos = parse_position("3x20", PENTS)
    x = PENTOMINOES["X"]
    assert pos.check(x, place_shape(x.shape, (0, 0))) is None
    off = pos.check(x, place_shape(x.shape, (-1, 0)))
    assert off == "X would stick out over the edge of the board"  # no row 0: rows are counted from 1
    holed = parse_position("...\n.#.\n...", PENTS)
    inside = holed.check(x, place_shape(x.shape, (0, 0)))
    assert inside == "X would cover a square that is not part of the board, at row 2, column 2"
    pos = pos.place(x, place_shape(x.shape, (0, 0)))
    i = PENTOMINOES["I"]
    overlap = pos.check(i, place_shape(i.orientations()[1], (1, 0)))
    assert overlap and "overlap X at row 2, column 1" in overlap
    again = pos.check(x, place_shape(x.shape, (0, 5)))
    assert again == "X is already on the board"
    with pytest.raises(IllegalMoveError):
        pos.place(x, place_shape(x.shape, (0, 5)))
    assert not pos.remove((1, 1)).placements
    with pytest.raises(IllegalMoveError):
        pos.remove((0, 19))


def test_copies_that_touch_get_different_labels():
    two_i = PieceSet.pentominoes("II")
    pos = parse_position("IIIII\niiiii", two_i)
    assert len(pos.placements) == 2 and pos.is_complete()
    assert parse_position(pos.text(), two_i) == pos


def test_pieces_file_round_trip_and_copies():
    text = "#####\n\n##\n##\n#.\n\n#####\n"
    ps = parse_pieces_text(text)
    assert ps.count("I") == 2 and ps.count("P") == 1 and ps.total == 3
    assert parse_pieces_text(write_pieces_text(ps)) == ps
    with pytest.raises(ParseError, match="not connected"):
        parse_pieces_text("#.#\n")


def test_one_sided_mirror_images_are_different_pieces():
    text = "##.\n.##\n.#.\n\n.##\n##.\n.#.\n"
    assert len(parse_pieces_text(text)) == 1
    one = parse_pieces_text(text, one_sided=True)
    assert len(one) == 2 and {p.name for p, _ in one} == {"F", "F'"}


rows = st.lists(st.text(alphabet=".# ", min_size=0, max_size=8), min_size=1, max_size=8)


@given(rows)
def test_board_text_round_trips(rs):
    text = "\n".join(rs)
    try:
        b = parse_board(text)
    except ParseError:
        assert "." not in text
        return
    assert parse_board(b.text()) == b
    assert parse_board(b.spec()) == b
    assert isinstance(b, Board)


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_parse_error(text):
    with contextlib.suppress(ParseError):
        parse_position(text, PENTS)
