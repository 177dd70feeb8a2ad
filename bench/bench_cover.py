"""Benchmark: counting pentomino tilings against compiled exact-cover packages.

Measured in one run on the same machine: the compiled peers on PyPI
(pyxcc: Rust, dancing cells; miniexact: C, Algorithm X with dancing links;
xcover: numba) count every tiling of each board; pento_core counts them
(``count``) and the tilings up to symmetry (``--distinct``), all in pure
Python.  Prints each time and the ratio ours / fastest peer (below 1 means
we are faster).  Peers are installed from pyproject.toml's ``bench`` extra
when missing.  Usage: ``python3 bench/bench_cover.py [BOARD ...]`` (default
3x20 4x15 5x12 6x10 and the 8x8 without its centre).
"""

from __future__ import annotations

import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pento_core.polyomino.board import Board, parse_board  # noqa: E402
from pento_core.polyomino.cover import Problem  # noqa: E402
from pento_core.polyomino.geometry import bounds  # noqa: E402
from pento_core.polyomino.pieces import PieceSet  # noqa: E402
from pento_core.polyomino.puzzle import parse_puzzle  # noqa: E402

SCOTT = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))


def ensure_peers() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        reqs = tomllib.load(f)["project"]["optional-dependencies"]["bench"]
    try:
        import miniexact  # noqa: F401
        import pyxcc  # noqa: F401
        import xcover  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *reqs], check=True)


def matrix(board: Board, pieces: PieceSet) -> tuple[list[str], list[list[str]]]:
    """The exact-cover matrix: items are pieces and cells, options are placements."""
    options = []
    for p, _ in pieces:
        for o in p.orientations():
            _, _, h, w = bounds(o)
            for r0 in range(board.height - h):
                for c0 in range(board.width - w):
                    cells = [(r + r0, c + c0) for r, c in o]
                    if all(c in board.cells for c in cells):
                        options.append([p.name] + [f"{r}_{c}" for r, c in cells])
    items = [p.name for p, _ in pieces] + [f"{r}_{c}" for r, c in sorted(board.cells)]
    return items, options


def peer_pyxcc(items: list[str], options: list[list[str]]) -> int:
    import pyxcc

    problem = pyxcc.Problem(items, [], [pyxcc.Option(str(i), o, []) for i, o in enumerate(options)])
    return int(pyxcc.solve(problem, True).count())


def peer_miniexact(items: list[str], options: list[list[str]]) -> int:
    import miniexact

    x = miniexact.miniexacts_x()
    ids = {it: x.primary(it) for it in items}
    for o in options:
        x.add([ids[i] for i in o])
    n = 0
    while x.solve() == 10:
        n += 1
    return n


def peer_xcover(items: list[str], options: list[list[str]]) -> int:
    import numpy as np
    import xcover

    index = {it: i for i, it in enumerate(items)}
    m = np.zeros((len(options), len(items)), dtype=bool)
    for i, o in enumerate(options):
        for it in o:
            m[i, index[it]] = True
    return sum(1 for _ in xcover.covers_bool(m))


def timed(fn: Callable[[], int]) -> tuple[float, int]:
    t = time.perf_counter()
    n = fn()
    return time.perf_counter() - t, n


def main(specs: list[str]) -> None:
    ensure_peers()
    pieces = PieceSet.pentominoes()
    peers = {"pyxcc": peer_pyxcc, "miniexact": peer_miniexact, "xcover": peer_xcover}
    # warm up (numba compiles on first use; the compiled peers are measured at their best)
    small_items, small_options = matrix(parse_board("3x20"), pieces)
    for fn in peers.values():
        fn(small_items, small_options)
    print(f"Python {sys.version.split()[0]}; counting all tilings with the 12 pentominoes\n")
    header = f"{'board':<10}{'peer':<11}{'peer s':>8}{'count':>8}{'ours s':>9}{'ratio':>8}"
    header += f"{'distinct s':>12}{'ratio':>8}"
    print(header)
    print("-" * len(header))
    for spec in specs:
        board = parse_board(spec)
        items, options = matrix(board, pieces)
        results = {name: timed(lambda fn=fn: fn(items, options)) for name, fn in peers.items()}  # noqa: B023
        best_name = min(results, key=lambda k: results[k][0])
        best_t = results[best_name][0]
        t_ours, result = timed(lambda: Problem(board, pieces).count().count or 0)  # noqa: B023
        t_dist = time.perf_counter()
        distinct = Problem(board, pieces).count().distinct
        t_dist = time.perf_counter() - t_dist
        assert all(n == result for _, n in results.values()), (results, result)
        name = "8x8-2x2" if spec == SCOTT else spec
        print(
            f"{name:<10}{best_name:<11}{best_t:>8.2f}{result:>8}{t_ours:>9.2f}{t_ours / best_t:>8.2f}"
            f"{t_dist:>12.2f}{t_dist / best_t:>8.2f}   (distinct: {distinct})"
        )
        for peer, (t, _) in sorted(results.items()):
            print(f"{'':<10}  {peer}: {t:.2f} s")
    print("\nratio = ours / fastest peer measured in this run (below 1: pento_core is faster)")
    golomb_with_square()


def golomb_with_square() -> None:
    """Golomb's 8x8 with the 12 pentominoes and the 2x2 square anywhere: 16,146 tilings up to
    symmetry (the thesis's figure; kept here rather than in the tests, where it took half a minute)."""
    p = parse_puzzle("8x8~F,I,L,N,P,T,U,V,W,X,Y,Z,O4")
    t0 = time.perf_counter()
    result = Problem(p.board, p.pieces).count()
    elapsed = time.perf_counter() - t0
    verdict = "the thesis's figure" if (result.distinct, result.symmetries) == (16146, 8) else "MISMATCH with 16,146"
    print(f"\n8x8 with the 12 pentominoes and the 2x2 square anywhere: {result.distinct:,} up to symmetry, {verdict}")
    print(f"({result.count:,} in all), counted in {elapsed:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:] or ["3x20", "4x15", "5x12", "6x10", SCOTT])
