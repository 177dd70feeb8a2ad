"""Benchmark and confirmation: the two boxes whose published counts Pento corrects (issue 50,
docs/corrections.md), filled by Pento's count and by a bare exact cover with nothing of Pento's.

The baseline is Knuth's Algorithm X on plain sets (the column with the fewest rows first; no
dancing links, no memo, no symmetry split), its pieces turned by the tests' own rotations
(tests/support/solids.py).  It finds every filling, so it also confirms what the tests cannot
afford to on every run: that the boxes have no fillings besides the ones Pento lists.  Prints,
for each box, both counts, both times and Pento's time as a fraction of the baseline's.

Usage: ``.venv/bin/python bench/bench_corrections.py [--only walls|spinner]``
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.solids import SOLID_PENTOMINOES, box_text, solid_turns  # noqa: E402

Cell = tuple[int, int, int]


BOXES = {
    # Goodger's SolidPentominoesThreeWalls: a 7 x 6 floor, a wall 6 long and 3 high across its middle
    "walls": frozenset(
        {(0, r, c) for r in range(6) for c in range(7)} | {(z, r, 3) for z in (1, 2, 3) for r in range(6)}
    ),
    # Goodger's SolidPentominoesSpinnerBlock: 4 x 4 x 3 and a column 3 high against each side
    "spinner": frozenset(
        {(z, r, c) for z in range(3) for r in range(1, 5) for c in range(1, 5)}
        | {(z, r, c) for z in range(3) for r, c in [(1, 0), (5, 1), (0, 4), (4, 5)]}
    ),
}


def exact_covers(box: frozenset[Cell], pieces: dict[str, frozenset[Cell]]) -> int:
    """How many ways the pieces (each once, turned any way, never mirrored) fill ``box``."""
    rows: dict[tuple[str, frozenset[Cell]], list[object]] = {}
    for name, shape in pieces.items():
        for turn in solid_turns(shape):
            base = min(turn)
            for anchor in box:
                cells = frozenset(tuple(a + p - b for a, p, b in zip(anchor, q, base, strict=True)) for q in turn)
                if cells <= box:
                    rows[(name, cells)] = [name, *cells]  # type: ignore[list-item]
    columns: dict[object, set[tuple[str, frozenset[Cell]]]] = {col: set() for col in [*pieces, *box]}
    for row, cols in rows.items():
        for col in cols:
            columns[col].add(row)
    found = 0

    def select(row: tuple[str, frozenset[Cell]]) -> list[set[tuple[str, frozenset[Cell]]]]:
        removed = []
        for col in rows[row]:
            for other in columns[col]:
                for k in rows[other]:
                    if k != col:
                        columns[k].discard(other)
            removed.append(columns.pop(col))
        return removed

    def deselect(row: tuple[str, frozenset[Cell]], removed: list[set[tuple[str, frozenset[Cell]]]]) -> None:
        for col in reversed(rows[row]):
            columns[col] = removed.pop()
            for other in columns[col]:
                for k in rows[other]:
                    if k != col:
                        columns[k].add(other)

    def search() -> None:
        nonlocal found
        if not columns:
            found += 1
            return
        col = min(columns, key=lambda c: len(columns[c]))
        for row in list(columns[col]):
            removed = select(row)
            search()
            deselect(row, removed)

    search()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(BOXES), default=None)
    args = parser.parse_args()
    for name, box in BOXES.items():
        if args.only and name != args.only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{name}.txt"
            path.write_text(box_text(box))
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "pento_core", "count", str(path), "--distinct"],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            )
            ours = time.perf_counter() - start
        lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
        start = time.perf_counter()
        bare = exact_covers(box, SOLID_PENTOMINOES)
        baseline = time.perf_counter() - start
        print(
            f"{name}: pento count {lines['count']} (distinct {lines['distinct']}) in {ours:.2f} s; "
            f"bare exact cover {bare} in {baseline:.2f} s; ratio {ours / baseline:.3f}",
            flush=True,
        )
        if str(bare) != lines["count"]:
            print(f"{name}: the counts differ", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
