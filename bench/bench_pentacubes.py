"""Benchmark: filling boxes with the 12 planar pentacubes, against a compiled exact-cover peer.

For each box, pento_core counts every filling and the fillings up to the box's symmetries (one
search, in pure Python), and pyxcc (Rust, dancing cells) counts every filling given the very same
placements, measured in the same run.  Prints both times, the ratio ours / peer (below 1: we are
faster) and the counts beside the published ones (Goodger's Polyform Puzzler: 3x4x5 3,940,
2x5x6 264, 2x3x10 12).  The peer is installed from pyproject.toml's ``bench`` extra when missing.
Usage: ``python3 bench/bench_pentacubes.py [BOX ...]`` (default 2x3x10 2x5x6 3x4x5; 3x4x5 takes
minutes).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_cover import ensure_peers, peer_pyxcc  # noqa: E402

from pento_core.polycube.box import parse_box  # noqa: E402
from pento_core.polycube.pieces import parse_solids  # noqa: E402
from pento_core.polycube.problem import BoxProblem  # noqa: E402

PUBLISHED = {"3x4x5": 3940, "2x5x6": 264, "2x3x10": 12}


def matrix(problem: BoxProblem) -> tuple[list[str], list[list[str]]]:
    """The exact cover the engine searches, written out for the peer: items are the pieces and the
    cells, options the engine's own placements."""
    items = [p.name for p in problem.types] + [f"{z}_{r}_{c}" for z, r, c in sorted(problem.box.cells)]
    options = [
        [problem.types[t].name] + [f"{z}_{r}_{c}" for z, r, c in sorted(problem.cells(m))]
        for t, masks in enumerate(problem.placements())
        for m in masks
    ]
    return items, options


def main(specs: list[str]) -> None:
    ensure_peers()
    pieces = parse_solids("planar-pentacubes")
    print(f"Python {sys.version.split()[0]}; filling boxes with the 12 planar pentacubes\n")
    header = f"{'box':<8}{'placements':>11}{'pyxcc s':>9}{'count':>8}{'ours s':>9}{'ratio':>7}"
    header += f"{'distinct':>10}  published"
    print(header)
    print("-" * len(header))
    for spec in specs:
        problem = BoxProblem(parse_box(spec), pieces)
        items, options = matrix(problem)
        t = time.perf_counter()
        peer = peer_pyxcc(items, options)
        t_peer = time.perf_counter() - t
        t = time.perf_counter()
        result = problem.count()
        t_ours = time.perf_counter() - t
        assert result.count == peer, (spec, result.count, peer)
        published = PUBLISHED.get(spec)
        verdict = "" if published is None else ("yes" if published == result.distinct else f"MISMATCH ({published})")
        print(
            f"{spec:<8}{problem.placement_count:>11}{t_peer:>9.2f}{peer:>8}{t_ours:>9.2f}{t_ours / t_peer:>7.2f}"
            f"{result.distinct:>10}  {verdict}",
            flush=True,
        )
    print("\nratio = ours / pyxcc, measured in this run (the issue's target: 2 or below)")


if __name__ == "__main__":
    main(sys.argv[1:] or ["2x3x10", "2x5x6", "3x4x5"])
