"""Benchmark: peg solitaire, every single-vacancy start of the source's boards, beside the
source's own times (the "Resta Um" report, ../shared/sources/001_*.txt); then the generator of hard
puzzles on a large board (10 x 20), beside the same generator grading with the preset boards' cap
(the baseline, measured in the same run).

For each board: how many starts are decided (a solution, or a proof there is none) within
--timeout seconds each, how many are solvable / impossible / unknown, and the slowest
decision; the source's figure for its one start per board beside it.

Usage: ``.venv/bin/python bench/bench_pegs.py [--timeout 5] [--boards 1111,2121,...]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pento_core.budget import Budget
from pento_core.pegs import generator
from pento_core.pegs.board import named, rectangle
from pento_core.pegs.solver import solve

SOURCE = {
    "1111": "proved impossible in 140 s",
    "2121": "solved in 130 s",
    "2222": "solved in under 1 s",
    "3322": "not solved after 30 minutes",
    "3333": "not solved after 3 hours",
    "french": "rejected by the class test",
    "6x4": "solved in under 1 s",
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--boards", default=",".join(SOURCE))
    args = parser.parse_args()
    print(f"CPython {sys.version.split()[0]}; every single-vacancy start, finish anywhere, {args.timeout:g} s each\n")
    head = f"{'board':<8}{'starts':>7}{'yes':>6}{'no':>6}{'unknown':>9}{'slowest s':>11}{'centre s':>10}"
    print(head + "   source (centre start)")
    for name in args.boards.split(","):
        board, usual = named(name)
        centre_hole = (board.full & ~usual).bit_length() - 1
        counts = {"yes": 0, "no": 0, "unknown": 0}
        slowest = 0.0
        centre_time = 0.0
        for hole in range(board.size):
            t0 = time.perf_counter()
            verdict = solve(board, board.full & ~(1 << hole), None, Budget(max_seconds=args.timeout))
            elapsed = time.perf_counter() - t0
            counts[verdict.status] += 1
            slowest = max(slowest, elapsed)
            if hole == centre_hole:
                centre_time = elapsed
        print(
            f"{name:<8}{board.size:>7}{counts['yes']:>6}{counts['no']:>6}{counts['unknown']:>9}"
            f"{slowest:>11.2f}{centre_time:>10.2f}   {SOURCE.get(name, '')}",
            flush=True,
        )
    pagoda_proofs()


def pagoda_proofs(games: int = 200, seed: int = 1) -> None:
    """How long a pagoda proof takes: late positions of random English games, finish in the centre."""
    import random

    from pento_core.pegs.solver import proof

    board, start = named("english")
    centre = board.index[(3, 3)]
    rng = random.Random(seed)
    times: list[float] = []
    proved = 0
    for _ in range(games):
        pegs = start
        for _ in range(rng.randrange(18, 30)):
            moves = board.moves(pegs)
            if not moves:
                break
            pegs = rng.choice(moves).after(pegs)
        t0 = time.perf_counter()
        found = proof(board, pegs, centre)
        times.append(time.perf_counter() - t0)
        proved += bool(found and found.values)
    times.sort()
    print(
        f"\npagoda proofs (exact simplex), {games} late positions of random English games, finish in the centre:"
        f" {proved} proved lost by a pagoda; all arguments tried in {statistics.median(times) * 1000:.0f} ms median,"
        f" {times[int(0.95 * len(times))] * 1000:.0f} ms p95"
    )

    large_boards()


def large_boards() -> None:
    """A hard puzzle of 10 x 20 made by the generator, three seeds, against the same generator with
    the cap of the preset boards (GRADE_NODES positions a candidate, whatever the board's size)."""
    board = rectangle(10, 20)
    scaled, flat = [], []
    for seed in (1, 2, 48):
        t0 = time.perf_counter()
        made = generator.generate(board, "hard", seed)
        scaled.append(time.perf_counter() - t0)
        work = generator.GRADE_WORK
        generator.GRADE_WORK = generator.GRADE_NODES * board.size  # the baseline: the presets' cap
        try:
            t0 = time.perf_counter()
            generator.generate(board, "hard", seed)
            flat.append(time.perf_counter() - t0)
        finally:
            generator.GRADE_WORK = work
        assert made.pegs.bit_count() > board.size // 2
    now, before = statistics.median(scaled), statistics.median(flat)
    print(
        f"\nhard 10 x 20 puzzles made: {now:.2f} s median (max {max(scaled):.2f});"
        f" graded with the presets' cap {before:.2f} s; ratio {now / before:.2f}"
    )


if __name__ == "__main__":
    main()
