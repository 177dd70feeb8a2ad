"""Issue 50: ``--search sweep`` or ``--search fewest`` chooses how a count searches (pento_core's
polyomino/cover.py notes: the first free cell with its memo, or the piece or cell with the fewest
options).  Either way the same tilings are found: the counts below are the published ones (Scott's
8 x 8, the 5 x 12 rectangle, the planar pentacubes' 2 x 3 x 10 box) or a brute force's (the 3 x 20
loop, tests/test_wrap.py), and each search must reach them on a flat board, a wrapped one and a box."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.clirun import pento


def last_lines(*args: str) -> list[str]:
    r = pento("count", *args)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().splitlines()[-2:]


@pytest.mark.parametrize("search", ["sweep", "fewest"])
def test_both_searches_count_the_published_figures(search: str, tmp_path: Path) -> None:
    scott = tmp_path / "scott.txt"
    scott.write_text("\n".join("...##..." if r in (3, 4) else "........" for r in range(8)) + "\n")
    assert last_lines(str(scott), "--distinct", "--search", search) == ["count: 520", "distinct: 65"]
    assert last_lines("5x12", "--distinct", "--search", search) == ["count: 4040", "distinct: 1010"]
    assert last_lines("2x3x10", "--distinct", "--search", search) == ["count: 96", "distinct: 12"]
    # the 3 x 20 loop: its two tilings (its short sides joined)
    assert last_lines("3x20", "--wrap", "cylinder", "--distinct", "--search", search)[-1] == "distinct: 2"


def test_a_search_that_is_not_one_is_refused_in_one_line() -> None:
    r = pento("count", "6x10", "--search", "fastest")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "error: argument --search: invalid choice: 'fastest' (choose from 'sweep', 'fewest')"
        " (see python -m pento_core count --help)"
    ]
