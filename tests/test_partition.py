"""The Game of 20 / 30 boards and the thesis's other problems, checked independently."""

import pytest
from support.checker import brute_force, is_tiling

from pento_core import api
from pento_core.budget import Outcome
from pento_core.errors import IllegalMoveError, ImpossibleError
from pento_core.games.twenty import TwentyGame
from pento_core.polyomino.board import parse_board
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.partition import KINDS, generate, prove
from pento_core.polyomino.pieces import PENTOMINO_LETTERS, PENTOMINOES, PieceSet
from pento_core.polyomino.problems import multiplication, parallelogram, parallelogram_cells, scaled

ALL = {name: (p.shape, 1) for name, p in PENTOMINOES.items()}


def check_partition(board_cells, coverings, k, copies):
    """Each covering tiles the board with k distinct pentominoes; the sets partition all 12."""
    assert len(coverings) == copies
    used = []
    for covering in coverings:
        names = [p.piece.name for p in covering]
        assert len(names) == k == len(set(names))
        assert is_tiling(board_cells, ALL, [(p.piece.name, p.cells) for p in covering], allow_unused=True)
        used += names
    assert sorted(used) == sorted(PENTOMINO_LETTERS)


@pytest.mark.parametrize("kind", ["twenty", "thirty"])
@pytest.mark.parametrize("seed", range(6))
def test_every_board_offered_has_its_disjoint_coverings(kind, seed):
    k, copies = KINDS[kind]
    result = generate(kind, seed)
    assert result.board.area == 5 * k
    check_partition(result.board.cells, result.coverings, k, copies)
    assert generate(kind, seed).board == result.board  # a seed always gives the same board


def test_boards_that_cannot_qualify():
    # The 4x5 rectangle has 200 tilings by distinct pentominoes, none with X
    # (the brute force says so independently), so it is no Game of 20 board.
    rect = parse_board("4x5")
    tilings = brute_force(rect.cells, ALL, False, True)
    assert len(tilings) == 200 and not any(name == "X" for t in tilings for name, _ in t)
    assert prove(rect, 4, 3) is None
    # 2x10: only some pentominoes fit in two rows
    assert prove(parse_board("2x10"), 4, 3) is None


def test_twenty_game_rules_hint_and_solve():
    game = TwentyGame()
    desc = game.new("twenty", 5)
    st = game.start(desc)
    solution = game.solve(st, budget=budget())
    assert solution.found and len(solution.moves) == 12
    first = solution.moves[0]
    st1 = game.apply(st, first)
    other_copy = first[:-1] + ("1" if first.endswith("0") else "0")
    with pytest.raises(IllegalMoveError, match="already on copy"):
        game.apply(st1, other_copy)
    for move in solution.moves[1:]:
        st1 = game.apply(st1, move)
    view = game.view(st1)
    assert view["complete"] and all(c["complete"] for c in view["copies"])
    assert game.start(desc, game.write_state(st1)).copies == st1.copies
    # hint on the empty board leads somewhere real
    hint = game.hint(game.start(desc), budget())
    assert hint.kind == "place" and hint.move and game.apply(game.start(desc), hint.move)
    # emptying a copy gives its pieces back
    emptied = game.apply(st1, "clear#1")
    assert sum(game.view(emptied)["available"].values()) == 4


def budget():
    """Enough time for any of these small problems."""
    from pento_core.budget import Budget

    return Budget(max_seconds=20)


def test_twenty_hint_names_the_copy_in_the_way():
    game = TwentyGame()
    desc = game.new("twenty", 2)
    st = game.start(desc)
    sol = game.solve(st, budget())
    # put copy 2's covering on copy 1 and copy 1's on copy 2: fine; then move X somewhere wrong
    st = game.apply(st, sol.moves[0])
    hint = game.hint(st, budget())
    assert hint.kind == "place"
    bad = api.handle({"id": 1, "cmd": "load", "args": {"game": "twenty", "desc": "5x5~20", "state": ""}})
    assert bad["error"]["code"] == "impossible"


def test_triplication_every_pentomino_and_duplication_x_and_v_refused():
    for letter in PENTOMINO_LETTERS:
        puzzle = multiplication(letter, 3)
        assert puzzle.board.area == 45 and puzzle.pieces.total == 11
    for letter in "XV":
        with pytest.raises(ImpossibleError, match=f"{letter} doubled has no cover"):
            multiplication(letter, 2)


def test_duplication_reading_of_the_thesis():
    # The thesis says only X and V doubled have no cover. That holds when the four
    # pieces may be any distinct pentominoes (the doubled one included); with four
    # of the *other* eleven, F, I and L doubled have none either.
    def coverable(letter, pieces):
        try:
            return (
                Problem(parse_board_of(scaled(PENTOMINOES[letter].shape, 2)), pieces, True).first().status
                is Outcome.YES
            )
        except ImpossibleError:
            return False

    all12 = [x for x in PENTOMINO_LETTERS if not coverable(x, PieceSet.pentominoes())]
    others = [x for x in PENTOMINO_LETTERS if not coverable(x, PieceSet.pentominoes(PENTOMINO_LETTERS.replace(x, "")))]
    assert all12 == ["V", "X"]
    assert others == ["F", "I", "L", "V", "X"]


def parse_board_of(cells):
    from pento_core.polyomino.board import Board

    return Board.of(cells)


def test_toothed_parallelograms_from_the_thesis_figure():
    for b, d, s in [(10, 6, 1), (6, 2, 5)]:
        puzzle = parallelogram(b, d, s)
        assert puzzle.board.area == 60
        sol = Problem(puzzle.board, puzzle.pieces).first().solution
        assert is_tiling(puzzle.board.cells, ALL, [(p.piece.name, p.cells) for p in sol])
    assert len(parallelogram_cells(10, 6, 1)) == 60
    with pytest.raises(ImpossibleError):
        parallelogram(30, 2, 1)


def test_small_parallelogram_counts_match_brute_force():
    from pento_core.polyomino.board import Board
    from pento_core.polyomino.pieces import family

    board = Board(parallelogram_cells(3, 2, 2))  # 12 cells
    pieces = PieceSet.of({family(3)["I3"]: 2, family(3)["L3"]: 2})
    expected = brute_force(board.cells, {p.name: (p.shape, n) for p, n in pieces})
    assert Problem(board, pieces).count().count == len(expected)


def test_eight_by_eight_with_holes_is_offered_only_with_a_cover():
    for seed in range(3):
        r = api.handle({"id": 1, "cmd": "new", "args": {"game": "cover", "params": "holes", "seed": seed}})
        desc = r["result"]["desc"]
        board = parse_board(desc)
        assert board.area == 60 and (board.height, board.width) == (8, 8)
        sol = Problem(board, PieceSet.pentominoes()).first().solution
        assert is_tiling(board.cells, ALL, [(p.piece.name, p.cells) for p in sol])


def test_twenty_hint_says_when_a_copys_pieces_make_the_others_impossible():
    # Cover copy 1 with a set of four that belongs to no partition of the twelve:
    # the hint must name copy 1 as what stands in the way.
    game = TwentyGame()
    for seed in range(20):
        desc = game.new("twenty", seed)
        st = game.start(desc)
        board = st.copies[0].board
        good = {frozenset(p.piece.name for p in c) for c in prove(board, 4, 3) or ()}
        for tiling in Problem(board, PieceSet.pentominoes(), allow_unused=True).solutions():
            names = frozenset(p.piece.name for p in tiling)
            if names in good:
                continue
            placed = st
            for p in tiling:
                from pento_core.polyomino.placement import placement_text

                placed = game.apply(placed, placement_text(p) + "#0")
            hint = game.hint(placed, budget())
            if hint.kind == "blocked":
                assert hint.message.startswith("The pieces on copy 1 make the other copies impossible")
                assert hint.copy == 0 and len(hint.cells) == 20
                return
    raise AssertionError("no board among 20 seeds had a covering that blocks the others")


@pytest.mark.parametrize("version", ["1.1", "1.2", "2.1", "2.2"])
def test_free_form_boards_from_each_version_are_cover_puzzles(version):
    r = api.handle({"id": 1, "cmd": "new", "args": {"game": "cover", "params": f"freeform:{version}:5", "seed": 9}})
    assert r["ok"]
    desc = r["result"]["desc"]
    assert desc.endswith("~FILNPTUVWXYZ~u")
    board = parse_board(desc.split("~")[0])
    assert board.area == 25
    sol = Problem(board, PieceSet.pentominoes(), allow_unused=True).first().solution
    assert is_tiling(board.cells, ALL, [(p.piece.name, p.cells) for p in sol], allow_unused=True)
