"""Benchmark: issue 50's Cornucopia, the 17 hexominoes with neither a symmetry nor a 2 x 2 square
(Coffin's set) in the 6 x 17 rectangle.

1. The command line, as a user runs it: ``python3 -m pento_core count 6x17 --pieces CORNUCOPIA
   --distinct --jobs 2``, then ``--jobs 1``: its seconds on the wall clock, nodes, peak memory and
   counts beside Goodger's (162,086 up to the rectangle's symmetries).  The issue's target: within
   10 minutes with two jobs.
2. A baseline in the same run: the first parts of the count split fine (8 of some 3,266) counted
   by the plain sweep (``Problem(plain=True)``: the search as it was before its step ahead and its
   last cells' table) and by the sweep itself, one core each in turn; the ratio sweep / plain.

Usage: ``python3 bench/bench_cornucopia.py [--parts N]`` (default 8).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pento_core.polyomino.board import Board  # noqa: E402
from pento_core.polyomino.cover import Problem  # noqa: E402
from pento_core.polyomino.pieces import parse_piece_names  # noqa: E402

CORNUCOPIA = "H2,H3,H5,H6,H9,H10,H11,H12,H13,H16,H17,H18,H23,H24,H27,H30,H32"
PUBLISHED = 162086  # Goodger's Polyform Puzzler, up to the rectangle's 4 symmetries


def command_line(jobs: int) -> dict[str, str | float]:
    """The count as the command line gives it, timed on the wall clock; its printed figures."""
    cmd = [
        sys.executable,
        "-m",
        "pento_core",
        "count",
        "6x17",
        "--pieces",
        CORNUCOPIA,
        "--distinct",
        "--jobs",
        str(jobs),
    ]
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
    seconds = time.perf_counter() - t
    figures: dict[str, str | float] = dict(re.findall(r"^(\w[\w ]*): (.+)$", r.stdout, re.M))
    figures["wall"] = seconds
    return figures


def first_parts(n: int, plain: bool) -> tuple[int, int, float]:
    """The first ``n`` parts of the count split fine, counted in this process: count, nodes, seconds."""
    pieces = parse_piece_names(CORNUCOPIA)
    board = Board.rectangle(6, 17)
    # the parts come from one problem, so that both searches count the same ones
    parts = Problem(board, pieces).parts(at_least=2000)[:n]
    problem = Problem(board, pieces, plain=plain)
    search = problem.search()
    group = problem.symmetry_maps()
    t = time.perf_counter()
    count = 0
    for part in parts:
        count += problem.count_part(part, search, group).count
    return count, search.nodes, time.perf_counter() - t


def main(args: list[str]) -> None:
    n = int(args[args.index("--parts") + 1]) if "--parts" in args else 8
    print(f"Python {sys.version.split()[0]}; 17 hexominoes in 6 x 17\n")
    print(f"{'command line':<14}{'wall s':>8}{'nodes':>12}  {'peak memory':<26}{'count':>8}{'distinct':>10}  published")
    for jobs in (2, 1):
        f = command_line(jobs)
        verdict = "yes" if f["distinct"] == str(PUBLISHED) else f"MISMATCH ({PUBLISHED})"
        line = f"--jobs {jobs:<7}{f['wall']:>8.1f}{int(str(f['nodes'])):>12,}  {f['peak memory']!s:<26}"
        print(f"{line}{f['count']:>8}{f['distinct']:>10}  {verdict}", flush=True)
    print(f"\nthe first {n} parts of the count split fine, one core")
    plain = first_parts(n, plain=True)
    sweep = first_parts(n, plain=False)
    assert plain[0] == sweep[0], (plain, sweep)
    print(f"{'search':<8}{'count':>8}{'nodes':>12}{'seconds':>9}")
    print(f"{'plain':<8}{plain[0]:>8}{plain[1]:>12,}{plain[2]:>9.2f}")
    print(f"{'sweep':<8}{sweep[0]:>8}{sweep[1]:>12,}{sweep[2]:>9.2f}")
    print(f"\nratio sweep / plain, in this run: {sweep[2] / plain[2]:.3f}")
    print("target: the whole count within 600 s with --jobs 2")


if __name__ == "__main__":
    main(sys.argv[1:])
