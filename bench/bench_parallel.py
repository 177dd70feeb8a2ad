"""Benchmark: the engine at scale (issue 30), beside a compiled exact-cover peer in the same run.

Prints:

* **a sample of the one-sided 5x18's parts** (the 18 one-sided pentominoes, 2,746,512 tilings in
  all): each part counted by our engine on one core and by pyxcc (Rust, dancing cells) given the
  same placements of the same pieces on the same free cells; the ratio of the totals (target: ours
  at most a quarter of the peer's time); ``--parts N`` splits the board into at least N parts
  (default 8: its 16 parts of depth 1, each of which the peer takes half a minute to a few minutes
  on, as the issue asks; a smaller part leaves a memo little to reuse) and ``--sample N`` draws N
  of them (default 3: some five minutes for the peer);
* **whole counts with one job and with two**, their times, peak memory (this process's and each
  job's) and the ratio two / one (target 0.6 on a 2-core machine); ``--whole B`` names the board
  (default: 6x10, free pentominoes, some seconds; ``--whole 5x18-one-sided`` is the issue's, some
  ten minutes of CPU a job) and ``--jobs N`` adds a run with N jobs (0: every core, as for 6x15;
  ``--only``: that run alone; each run's end is told on stderr as it comes).

* ``--cluster K``: **9x10 on a local Dask cluster** (a scheduler and two worker processes, one core
  each): K of the one-sided 9x10's parts drawn at random (``--cluster-parts``: how finely it is
  split), counted on the cluster; the rate per core, and the time the whole count would take on
  2, 16 and 64 cores at that rate (the mean of a random sample of parts times their number: an
  estimate, whose spread the sample's own says).

Usage: ``python3 bench/bench_parallel.py [--sample N] [--parts N] [--whole B] [--jobs N [--only]] [--cluster K]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_cover import ensure_peers  # noqa: E402

from pento_core.polyomino import parallel  # noqa: E402
from pento_core.polyomino.board import parse_board  # noqa: E402
from pento_core.polyomino.cover import Part, Problem  # noqa: E402
from pento_core.polyomino.geometry import bounds  # noqa: E402
from pento_core.polyomino.pieces import parse_piece_names  # noqa: E402

ONE_SIDED = "FF'ILL'NN'PP'TUVWXYY'ZZ'"
BOARDS = {
    "5x18-one-sided": ("5x18", ONE_SIDED, True),
    "6x15-one-sided": ("6x15", ONE_SIDED, True),
    "9x10-one-sided": ("9x10", ONE_SIDED, True),
    "6x10": ("6x10", "FILNPTUVWXYZ", False),
}


def problem(name: str) -> Problem:
    board, pieces, one_sided = BOARDS[name]
    return Problem(parse_board(board), parse_piece_names(pieces, one_sided))


def peer_count(p: Problem, part: Part) -> int:
    """pyxcc's count of the tilings below ``part``: the pieces left on the cells left."""
    import pyxcc

    free = p.cells(part.free)
    used = {t for t, _ in part.fixed}
    items = [f"{r}_{c}" for r, c in sorted(free)]
    options = []
    for t, piece in enumerate(p.types):
        if t in used:
            continue
        items.append(piece.name)
        for o in piece.orientations(p.pieces.one_sided):
            _, _, h, w = bounds(o)
            for r0 in range(p.board.height - h):
                for c0 in range(p.board.width - w):
                    cells = [(r + r0, c + c0) for r, c in o]
                    if all(c in free for c in cells):
                        options.append([piece.name, *(f"{r}_{c}" for r, c in cells)])
    matrix = pyxcc.Problem(items, [], [pyxcc.Option(str(i), o, []) for i, o in enumerate(options)])
    return int(pyxcc.solve(matrix, True).count())


def sample(n: int, at_least: int, seed: int = 1) -> None:
    p = problem("5x18-one-sided")
    group = p.symmetry_maps()
    parts = p.parts(at_least=at_least)
    chosen = random.Random(seed).sample(parts, n)
    ours_total = peer_total = 0.0
    print(f"one-sided 5x18: {len(parts)} parts; {n} drawn (seed {seed}); seconds, one core each")
    for part in chosen:
        t = time.perf_counter()
        tally = p.count_part(part, p.search(), group)
        ours = time.perf_counter() - t
        mine = tally.count * len(part.stab) // len(group)  # the part's own tilings, unweighted
        t = time.perf_counter()
        theirs = peer_count(p, part)
        peer = time.perf_counter() - t
        assert mine == theirs, (mine, theirs)
        ours_total += ours
        peer_total += peer
        print(f"  part of depth {len(part.fixed)}: {mine:7d} tilings   ours {ours:7.3f}   pyxcc {peer:7.3f}")
    ratio = ours_total / peer_total
    print(f"  total: ours {ours_total:.2f} s, pyxcc {peer_total:.2f} s, ratio {ratio:.2f} (target <= 0.25)\n")


def whole(name: str, jobs: list[int]) -> None:
    p = problem(name)
    times = {}
    for n in jobs:
        progress: list[parallel.Done] = []

        def report(done: parallel.Done, progress: list[parallel.Done] = progress) -> None:
            progress.append(done)  # and a line as each run ends, for a count that takes an hour
            print(f"  {done.runs}/{done.total} runs, {done.count} tilings, {done.seconds:.0f} s", file=sys.stderr)

        t = time.perf_counter()
        result = p.count() if n == 1 else parallel.count(p, n, progress=report)
        times[n] = time.perf_counter() - t
        each = f", each job {progress[-1].peak_mb:.0f} MB" if progress else ""
        print(
            f"{name} with {n} job{'s' if n > 1 else ''}: {result.count} tilings ({result.distinct} distinct)"
            f"   {times[n]:.1f} s   peak memory {parallel.peak_mb():.0f} MB here{each}"
        )
    if 1 in times and 2 in times:
        print(f"  two jobs / one job: {times[2] / times[1]:.2f} (target <= 0.6 on 2 cores)")


def cluster_sample(k: int, at_least: int, seed: int = 1) -> None:
    """K random parts of the one-sided 9x10 counted on a local Dask cluster of two one-core workers."""
    import pickle
    import statistics

    from distributed import Client, LocalCluster

    p = problem("9x10-one-sided")
    parts = p.parts(at_least=at_least)
    chosen = random.Random(seed).sample(parts, min(k, len(parts)))
    data = pickle.dumps(p)
    print(f"one-sided 9x10: {len(parts)} parts; {len(chosen)} drawn (seed {seed}), on a local Dask cluster")
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        [shared] = client.scatter([data], broadcast=True)
        started = time.perf_counter()
        futures = [client.submit(_timed_part, shared, part, pure=False) for part in chosen]
        seconds = [f.result() for f in futures]
        wall = time.perf_counter() - started
    mean = statistics.mean(seconds)
    spread = statistics.stdev(seconds) / len(seconds) ** 0.5 if len(seconds) > 1 else float("nan")
    print(
        f"  {len(chosen)} parts in {wall:.1f} s on 2 workers; a part takes {mean:.2f} s of one core on average"
        f" (standard error {spread:.2f} s); rate {1 / mean:.3f} parts a second a core"
    )
    for cores in (2, 16, 64):
        print(f"  the whole 9x10 at that rate on {cores} cores: {len(parts) * mean / cores / 3600:.1f} hours")


def _timed_part(problem_bytes: bytes, part: Part) -> float:
    """A Dask task: count one part from scratch (a fresh memo: parts drawn at random share little)
    and return the seconds it took."""
    import pickle

    p: Problem = pickle.loads(problem_bytes)
    t = time.perf_counter()
    p.count_part(part, p.search(), p.symmetry_maps())
    return time.perf_counter() - t


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--sample", type=int, default=3, help="parts of the one-sided 5x18 to time (0: none)")
    args.add_argument(
        "--parts", type=int, default=8, help="split the 5x18 into at least this many parts (fewer: larger parts)"
    )
    args.add_argument("--whole", default="6x10", choices=BOARDS, help="the board to count whole")
    args.add_argument("--jobs", type=int, default=None, help="also count with N jobs (0: every core)")
    args.add_argument("--only", action="store_true", help="count the whole board with --jobs alone (not 1 and 2)")
    args.add_argument(
        "--cluster", type=int, default=0, help="parts of the one-sided 9x10 to count on a local Dask cluster"
    )
    args.add_argument("--cluster-parts", type=int, default=2000, help="split the 9x10 into at least this many parts")
    a = args.parse_args()
    if a.cluster:
        cluster_sample(a.cluster, a.cluster_parts)
        return
    if a.sample:
        ensure_peers()
        sample(a.sample, a.parts)
    jobs = [] if a.only else [1, 2]
    if a.jobs is not None:
        jobs.append(a.jobs or os.cpu_count() or 1)
    whole(a.whole, jobs)


if __name__ == "__main__":
    main()
