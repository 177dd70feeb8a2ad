"""Benchmark: a tangram verdict by outline on CPython (target: under 5 ms).

Times :func:`pento_core.tangram.outline.check` on the figures of tests/test_tangram.py, turned
and shifted at random, solved and with one piece moved (which also computes the thermometer).

Usage: ``.venv/bin/python bench/bench_tangram.py [--runs 200]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_tangram import ARROW, ARROW_TARGET, HOLED, HOLED_TARGET, SQUARE, SQUARE_TARGET, moved  # noqa: E402

from pento_core.tangram.geometry import add, ccw  # noqa: E402
from pento_core.tangram.number import Surd  # noqa: E402
from pento_core.tangram.outline import check  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(1)
    figures = [(SQUARE, SQUARE_TARGET), (ARROW, ARROW_TARGET), (HOLED, HOLED_TARGET)]
    solved: list[float] = []
    broken: list[float] = []
    for k in range(args.runs):
        pieces, target = figures[k % 3]
        shift = [Surd(Fraction(rng.randint(-20, 20), 4), Fraction(rng.randint(-20, 20), 4)) for _ in range(2)]
        arrangement = moved(pieces, rng.randrange(8), False, shift[0], shift[1])
        t0 = time.perf_counter()
        assert check(target, arrangement).solved
        solved.append(time.perf_counter() - t0)
        i = rng.randrange(7)
        arrangement[i] = ccw(tuple(add(p, (Surd(1), Surd(0))) for p in arrangement[i]))
        t0 = time.perf_counter()
        assert not check(target, arrangement).solved
        broken.append(time.perf_counter() - t0)
    print(f"CPython {sys.version.split()[0]}; {args.runs} verdicts each")
    for name, times in (("solved", solved), ("one piece moved", broken)):
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        ok = "ok" if p95 < 0.005 else "MISSED"
        print(
            f"{name:<16} median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms (target 5 ms: {ok})"
        )


if __name__ == "__main__":
    main()
