"""Benchmark: issue 50's pentomino and tetromino diamonds, each counted on one core.

The 12 pentominoes and the 5 tetrominoes on Goodger's diamond (a diamond of side 7 without the 5
cells at its centre) and Aztec diamond (order 6 without its 2 x 2 centre), 80 cells each.  Each
board is counted in a process of its own, as ``python3 -m pento_core count BOARD --pieces ...
--distinct --search fewest`` does: one search on the fewest options, every tiling and the tilings
up to the board's 8 symmetries.  Prints the seconds, the nodes, the process's peak memory and the
counts beside the published ones (Goodger's Polyform Puzzler: 7,302 and 11,162); the issue's
target is 120 s a board on one core.  The search's sets of placements are GMP's integers where
gmpy2 is installed (the ``fast`` extra, as in the tests' environment: pento_core/bitset.py), the
column ``sets`` says which; with ``--ints`` each board is counted again with Python's ints, as
the page's engine and a command line without the extra count, and the ratio GMP / ints is printed.
With ``--peer``, pyxcc (Rust, dancing cells; installed from pyproject.toml's ``bench`` extra when
missing) counts every tiling of the same exact cover in the same run, and the ratio ours / peer is
printed.
Usage: ``python3 bench/bench_diamonds.py [--ints] [--peer] [diamond|aztec ...]`` (default: both).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pento_core import bitset  # noqa: E402
from pento_core.polyomino.board import Board  # noqa: E402
from pento_core.polyomino.cover import Problem  # noqa: E402
from pento_core.polyomino.memo import memo_room  # noqa: E402
from pento_core.polyomino.pieces import parse_piece_names  # noqa: E402

PIECES = "F,I,L,N,P,T,U,V,W,X,Y,Z,I4,L4,O4,T4,S4"
PUBLISHED = {"diamond": 7302, "aztec": 11162}


def diamond() -> Board:
    """Goodger's diamond: the cells within 6 steps of the centre, but the centre and its 4 neighbours."""
    return Board.of((y + 6, x + 6) for y in range(-6, 7) for x in range(-6, 7) if 1 < abs(x) + abs(y) <= 6)


def aztec() -> Board:
    """The Aztec diamond of order 6 (rows of 2, 4, ..., 12, 12, ..., 2 cells) without its 2 x 2 centre."""
    cells = []
    for r in range(12):
        for c in range(12):
            y, x = r - 5.5, c - 5.5
            if abs(x) + abs(y) <= 6 and not (abs(x) < 1 and abs(y) < 1):
                cells.append((r, c))
    return Board.of(cells)


BOARDS = {"diamond": diamond, "aztec": aztec}


def count_one(name: str, ints: bool = False) -> dict[str, float | int | str | None]:
    """Count one board in this process (the child's side), its sets Python's ints if ``ints``:
    its figures as a dict."""
    if ints:
        bitset.use_gmp = False
    problem = Problem(BOARDS[name](), parse_piece_names(PIECES), fewest=True)
    in_use_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t = time.perf_counter()
    result = problem.count(memo_limit=memo_room(1000, in_use_mb))  # as the command line's --memory 1000
    seconds = time.perf_counter() - t
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "seconds": seconds,
        "nodes": result.nodes,
        "count": result.count,
        "distinct": result.distinct,
        "peak_mb": peak_mb,
        "placements": problem.placement_count,
        "sets": "GMP" if bitset.use_gmp else "int",
    }


def peer_seconds(name: str) -> tuple[int, float]:
    """pyxcc's count of every tiling of the same exact cover, and its time."""
    from bench_cover import ensure_peers, matrix, peer_pyxcc

    ensure_peers()
    items, options = matrix(BOARDS[name](), parse_piece_names(PIECES))
    t = time.perf_counter()
    n = peer_pyxcc(items, options)
    return n, time.perf_counter() - t


def main(args: list[str]) -> None:
    if args[:1] == ["--one"]:
        print(json.dumps(count_one(args[1], "--ints" in args)))
        return
    peer = "--peer" in args
    ints = "--ints" in args
    names = [a for a in args if not a.startswith("--")] or list(BOARDS)
    print(f"Python {sys.version.split()[0]}; the 12 pentominoes and 5 tetrominoes, 80 cells, one core\n")
    header = f"{'board':<9}{'sets':<5}{'placements':>11}{'seconds':>9}{'nodes':>12}{'peak MB':>9}{'count':>8}"
    header += f"{'distinct':>10}  published" + ("   pyxcc s  ratio" if peer else "")
    print(header)
    print("-" * len(header))
    for name in names:
        seconds = {}
        for how in ["", "--ints"] if ints and bitset.use_gmp else [""]:  # without gmpy2 the first is ints
            command = [sys.executable, __file__, "--one", name, *([how] if how else [])]
            r = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
            seconds[r["sets"]] = r["seconds"]
            published = PUBLISHED[name]
            verdict = "yes" if r["distinct"] == published else f"MISMATCH ({published})"
            line = (
                f"{name:<9}{r['sets']:<5}{r['placements']:>11}{r['seconds']:>9.1f}{r['nodes']:>12,}"
                f"{r['peak_mb']:>9.0f}{r['count']:>8}{r['distinct']:>10}  {verdict:<9}"
            )
            if peer and not how:
                n, s = peer_seconds(name)
                assert n == r["count"], (name, n, r["count"])
                line += f"{s:>10.1f}{r['seconds'] / s:>7.2f}"
            print(line, flush=True)
        if len(seconds) == 2:
            print(f"{name:<9}ratio GMP / int, in this run: {seconds['GMP'] / seconds['int']:.2f}", flush=True)
    notes = ["ratio = ours / pyxcc, in this run"] if peer else []
    if not bitset.use_gmp:
        notes.append("gmpy2 is not installed: Python's ints (pip install 'pento_core[fast]')")
    print("\ntarget: each board within 120 s on one core" + "".join(f"; {n}" for n in notes))


if __name__ == "__main__":
    main(sys.argv[1:])
