"""Benchmark: a results page's checks, as a teacher meets them (issue 46).

A class's codes on an assignment of twelve tangram figures (the dearest solutions to check): every
code read, its check matched and each solution checked against the figure by the game's rules.
The results page asks about every code each time one is added; the core remembers each code's
verdict, counted or refused, so only the first look pays.  Printed: the first look (cold), a look
again (warm), a look after one code more, and the warm look as a share of the cold one; the target
is a warm look of 500 codes within 1 s in the page (which runs the same core, some 2-3x slower than
CPython: docs/benchmarks.md), so within a third of a second here.  A quarter of the codes are
forged (a solution moved by one tan: the check matches, the figure is not solved), as in the issue.

Usage: ``.venv/bin/python bench/bench_results.py [--pupils 500] [--figures 12]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.races import solved  # noqa: E402

from pento_core.classroom import assignment as A  # noqa: E402
from pento_core.games.tangram import slug  # noqa: E402
from pento_core.tangram.library import FIGURES  # noqa: E402


def figures(n: int) -> list[tuple[str, str]]:
    """``n`` tangram figures of the library, each with a solution found by the game's solver."""
    out = []
    for figure in FIGURES:
        try:
            out.append(solved("tangram", slug(figure.name)))
        except AssertionError:
            continue
        if len(out) == n:
            return out
    raise SystemExit(f"only {len(out)} figures solve")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=500)
    parser.add_argument("--figures", type=int, default=12)
    args = parser.parse_args()
    made = figures(args.figures)
    assignment = A.check_assignment("BNCH46", "", False, [A.Item("tangram", desc) for desc, _ in made])
    rng = random.Random(46)
    codes = []
    for k in range(args.pupils):
        work = [A.Work(True, rng.randrange(300, 9000), 0, 0, state) for _, state in made]
        if k % 4 == 3:  # forged: one figure "solved" by another figure's solution, the check made to match
            work[0] = A.Work(True, 10, 0, 0, made[1][1])
            codes.append(_forge(assignment, f"Pupil {k}", work))
        else:
            codes.append(A.result_code(assignment, f"Pupil {k}", work))
    A._verdict.cache_clear()
    t0 = time.perf_counter()
    rows = A.results(assignment, codes)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    again = A.results(assignment, codes)
    warm = time.perf_counter() - t0
    extra = A.result_code(assignment, "Latecomer", [A.Work(True, 100, 0, 0, state) for _, state in made])
    t0 = time.perf_counter()
    A.results(assignment, [*codes[:-1], extra])  # the page's list holds at most 500: one out, one in
    one_more = time.perf_counter() - t0
    assert again == rows
    counted = sum(1 for r in rows if r.rank)
    print(f"{args.pupils} codes on {args.figures} tangram figures: {counted} counted, {len(rows) - counted} refused")
    print(f"first look (cold) {cold:8.3f} s")
    print(f"look again (warm) {warm:8.3f} s   {warm / cold:.4f} of the cold look")
    print(f"one code changed  {one_more:8.3f} s")


def _forge(assignment: A.Assignment, name: str, work: list[A.Work]) -> str:
    """A code whose check matches though a solution in it does not solve its figure (written with
    the code's own packing, as a pupil who read assignment.py could)."""
    from pento_core.digits import DigitWriter

    out = DigitWriter()
    A._put_name(out, name)
    for item, w in zip(assignment.items, work, strict=True):
        out.put(1, 2)
        out.put_count(w.tenths)
        A._put_solution(out, item.game, item.desc, w.state)
    value = out.value()
    return A.FORMAT + A._base32(value) + A.race.check_text(A._check(assignment, value))


if __name__ == "__main__":
    main()
