"""Free-form boards (thesis section 3.5): perimeter lemmas, the construction versions,
the perimeter tables, and boards built directly in a perimeter band."""

import random

import pytest
from support.checker import is_tiling

from pento_core.errors import PentoError
from pento_core.polyomino.freeform import (
    THESIS_TABLES,
    VERSIONS,
    bands,
    build,
    compact_board,
    min_perimeter,
    perimeter,
    table,
)
from pento_core.polyomino.geometry import components, neighbours
from pento_core.polyomino.pieces import PENTOMINOES


def test_table_3_1_pentomino_perimeters():
    expected = {k: 12 for k in "FILNTUVWXYZ"} | {"P": 10}
    assert {k: perimeter(p.shape) for k, p in PENTOMINOES.items()} == expected


def test_perimeter_counts_holes():
    ring = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    assert perimeter(ring) == 12 + 4  # the outline and the hole's four edges (Figure 3.10)


def test_least_perimeter_and_bands():
    assert min_perimeter(20) == 18  # the 4x5 rectangle (Figure 3.11)
    assert bands(4) == [(18, 18), (19, 24), (25, 30), (31, 36), (37, 42)]  # the thesis's bands


def check_board(board, n):
    """Independent checks of a built board: distinct pieces, real shapes, joined, lemmas."""
    placements = board.placements
    assert len(placements) == n and len({p.piece.name for p in placements}) == n
    cells = board.cells
    pieces = {p.piece.name: (p.piece.shape, 1) for p in placements}
    assert is_tiling(cells, pieces, [(p.piece.name, p.cells) for p in placements])
    assert len(components(cells)) == 1
    for p in placements:  # no piece isolated: each touches another
        others = cells - p.cells
        assert any(nb in others for c in p.cells for nb in neighbours(c))
    per = perimeter(cells)
    assert per % 2 == 0  # Lemma 3.3
    has_p = any(p.piece.name == "P" for p in placements)
    assert per <= (10 * n if has_p else 10 * n + 2)  # Lemma 3.2


@pytest.mark.parametrize("version", ["1.1", "2.1", "2.2"])
@pytest.mark.parametrize("n", [2, 4, 7, 12])
def test_every_version_builds_valid_boards(version, n):
    rng = random.Random(n)
    for _ in range(5):
        check_board(build(version, n, rng), n)


def test_version_1_2_keeps_only_boards_within_the_perimeter():
    rng = random.Random(3)
    for _ in range(5):
        board = build("1.2", 4, rng, max_perimeter=26)
        assert board.perimeter <= 26
        check_board(board, 4)


def test_a_seed_always_gives_the_same_board():
    for version in VERSIONS:
        extra = {"max_perimeter": 30} if version == "1.2" else {}
        a = build(version, 5, random.Random(11), **extra)
        b = build(version, 5, random.Random(11), **extra)
        assert a.placements == b.placements


@pytest.mark.parametrize(("version", "tolerance"), [("2.1", 1.0), ("2.2", 1.0)])
def test_tables_reproduce_the_thesis(version, tolerance):
    # Tables 3.4 and 3.5 (10,000 boards each in the thesis; 2,000 here).
    result = table(version, 4, 2000, seed=2009)
    counts = result["counts"]
    assert sum(counts.values()) == 2000
    assert abs(result["mean"] - THESIS_TABLES[version]["mean"]) < tolerance
    for band, pct in THESIS_TABLES[version].items():
        if band != "mean":
            assert abs(100 * counts[band] / 2000 - pct) < 5.0, band


def test_version_1_1_is_the_least_compact():
    means = {v: table(v, 4, 1000, seed=1)["mean"] for v in ("1.1", "2.1", "2.2")}
    assert means["1.1"] > means["2.1"] > means["2.2"]


@pytest.mark.parametrize("band", [(18, 18), (19, 24), (25, 30), (31, 36), (37, 42)])
def test_a_board_in_any_band_on_request(band):
    rng = random.Random(band[0])
    for _ in range(3):
        board = compact_board(4, band[0], band[1], rng)
        assert band[0] <= board.perimeter <= band[1]
        check_board(board, 4)


def test_bad_requests():
    with pytest.raises(PentoError):
        build("3.0", 4, random.Random(0))
    with pytest.raises(PentoError):
        build("1.1", 13, random.Random(0))
    with pytest.raises(PentoError):
        compact_board(4, 10, 16, random.Random(0))
