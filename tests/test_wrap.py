"""Issue 50: boards that wrap round (cylinders and tori) and counts up to rotations only.  Every
count is compared with an independent brute force over plain cell sets that takes cells round the
seams itself (tests/support/checker.py), and with the published figures of David Goodger's
Polyform Puzzler (the 3x20 loop: 2; the tetrominoes' 5x4 tube: 7) and of the Soma cube (240
solutions up to rotations and reflections)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from support.checker import (
    brute_force,
    classes_by_motion,
    is_wrapped_tiling,
    wrapped_classes,
)
from support.clirun import pento

from pento_core.errors import ParseError
from pento_core.polyomino.board import Board, parse_board
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.pieces import PieceSet, parse_piece_names

TETROMINOES = "I4,L4,O4,T4,S4"


def _pieces(names: str) -> tuple[PieceSet, dict[str, tuple[frozenset[tuple[int, int]], int]]]:
    ps = parse_piece_names(names, False) if names != "pentominoes" else PieceSet.pentominoes()
    return ps, {p.name: (p.shape, n) for p, n in ps}


@pytest.mark.parametrize(
    ("spec", "wrap", "names", "published"),
    [
        ("4x5", "cylinder", TETROMINOES, 7),  # the tube: short sides joined, 5 round
        ("5x4", "cylinder", TETROMINOES, 7),  # the same tube, drawn upright
        ("4x5", "torus", TETROMINOES, None),
        ("4x4", "torus", "I4,L4,O4,T4", None),  # a square torus: quarter turns are motions too
    ],
)
def test_a_wrapped_board_counts_what_a_brute_force_finds(
    spec: str, wrap: str, names: str, published: int | None
) -> None:
    board = parse_board(spec).wrapped(wrap)
    ps, plain = _pieces(names)
    result = Problem(board, ps).count()
    tilings = brute_force(board.cells, plain, periods=board.periods)
    classes, motions = wrapped_classes(tilings, board.cells, board.periods)
    assert (result.count, result.distinct, result.symmetries) == (len(tilings), classes, motions)
    if published is not None:
        assert result.distinct == published

    # each solution the engine lists is a tiling the brute force found, each once
    def key(tiling: Iterable[tuple[str, frozenset[tuple[int, int]]]]) -> list[tuple[str, list[tuple[int, int]]]]:
        return sorted((name, sorted(cells)) for name, cells in tiling)

    listed = [key((p.piece.name, p.cells) for p in sol) for sol in Problem(board, ps).solutions()]
    assert sorted(listed) == sorted(map(key, tilings))


def test_the_3x20_loop_has_the_published_two_classes() -> None:
    """Too big for the plain brute force: each tiling the engine lists is checked on its own
    (covering the loop exactly, each piece a turn or flip of its shape round the seam), they are all
    different, and they fall into the 2 classes Goodger publishes under the loop's 80 motions."""
    board = parse_board("3x20").wrapped("cylinder")
    ps, plain = _pieces("pentominoes")
    result = Problem(board, ps).count()
    listed = [frozenset((p.piece.name, p.cells) for p in sol) for sol in Problem(board, ps).solutions()]
    assert all(is_wrapped_tiling(t, board.cells, plain, board.periods) for t in listed)
    assert len(set(listed)) == len(listed) == result.count == 160
    assert wrapped_classes(listed, board.cells, board.periods) == (2, 80) == (result.distinct, result.symmetries)
    # a tiling of the flat 3x20 is one of the loop (not one of them crosses the seam)
    flat = {frozenset((p.piece.name, p.cells) for p in sol) for sol in Problem(parse_board("3x20"), ps).solutions()}
    assert len(flat) == 8 and flat < set(listed)


def test_the_tube_is_filled_where_the_flat_board_cannot_be() -> None:
    """The T tetromino's chessboard argument holds on the flat 4x5 and not round an odd loop."""
    ps, _ = _pieces(TETROMINOES)
    with pytest.raises(Exception, match="colouring"):
        Problem(parse_board("4x5"), ps)
    assert Problem(parse_board("4x5").wrapped("cylinder"), ps).count().count == 140


def test_a_board_file_says_it_wraps_on_its_first_line() -> None:
    board = parse_board("wrap: cylinder\n" + "....\n" * 5)
    assert board.wrap == "cylinder" and board.periods == (5, 0) and board.area == 20
    assert parse_board("WRAP: Torus\n...\n...").periods == (2, 3)
    assert parse_board("3x20").wrapped("cylinder").periods == (0, 20)
    with pytest.raises(ParseError) as e:
        parse_board("\nwrap: sphere\n....")
    assert e.value.line == 2 and "cylinder or a torus" in str(e.value)
    with pytest.raises(ParseError):
        Board(frozenset({(0, 0)}), "moebius")


@pytest.mark.parametrize(("spec", "names"), [("5x6", "FILPUY"), ("3x10", "LNPUVY")])
def test_counted_up_to_rotations_a_tiling_and_its_mirror_image_are_two(spec: str, names: str) -> None:
    ps = PieceSet.of({p: 1 for p, _ in parse_piece_names(names, False)}, False)
    plain = {p.name: (p.shape, n) for p, n in ps}
    board = parse_board(spec)
    every = brute_force(board.cells, plain)
    rotations = Problem(board, ps, mirrors=False).count()
    both = Problem(board, ps).count()
    assert rotations.count == both.count == len(every) > 0
    assert both.distinct == classes_by_motion(every, board.cells, plain, one_sided=False)
    assert rotations.distinct == classes_by_motion(every, board.cells, plain, one_sided=False, reflections=False)
    assert (rotations.symmetries, rotations.reflections, both.symmetries, both.reflections) == (2, 0, 4, 2)


def test_the_command_line_wraps_and_names_the_group() -> None:
    loop = pento("count", "3x20", "--wrap", "cylinder", "--distinct")
    assert loop.returncode == 0, loop.stderr
    lines = loop.stdout.splitlines()
    assert "symmetries: 80 (40 rotations, 40 reflections)" in lines
    assert lines[-2:] == ["count: 160", "distinct: 2"]
    tube = pento("count", "5x4", "--wrap", "cylinder", "--pieces", TETROMINOES, "--distinct", "rotations")
    assert tube.stdout.splitlines()[-2:] == ["count: 140", "distinct: 14"]
    assert "symmetries: 10 (10 rotations, no reflections)" in tube.stdout.splitlines()
    flat = pento("count", "--distinct", "6x10", "--timeout", "0.001")  # the board after --distinct stays the board
    assert flat.returncode == 3 and "symmetries: 4 (2 rotations, 2 reflections)" in flat.stdout
    short = pento("count", "--dist", "3x20")  # shortened, as argparse always allowed
    assert short.returncode == 0 and short.stdout.splitlines()[-2:] == ["count: 8", "distinct: 2"]
    box = pento("count", "2x2x5", "--wrap", "torus")
    assert (
        box.returncode == 2 and box.stderr.strip() == "error: --wrap is for flat boards: a box's sides are never joined"
    )
    bad = pento("count", "3x20", "--wrap", "sphere")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_the_soma_cube_up_to_rotations_and_reflections_and_up_to_rotations_only() -> None:
    """The seven Soma pieces (the V tricube R2 and the tetracubes but I and O) fill the 3x3x3 cube
    in 240 ways up to its 48 motions, the published figure; with mirror images apart, 480."""
    soma = "R2,K2,K3,K5,K6,K7,K8"
    both = pento("count", "3x3x3", "--pieces", soma, "--distinct")
    turns = pento("count", "3x3x3", "--pieces", soma, "--distinct", "rotations")
    assert both.stdout.splitlines()[-2:] == ["count: 11520", "distinct: 240"]
    assert turns.stdout.splitlines()[-2:] == ["count: 11520", "distinct: 480"]
    assert "symmetries: 48 (24 rotations, 24 reflections)" in both.stdout
    assert "symmetries: 24 (24 rotations, no reflections)" in turns.stdout
