"""Benchmark: the cover game's first cover, which its Hint and Solve wait for, beside the sweep alone.

The positions: each board the cover game offers (its presets, every one generated with seeds 0-11:
the 8 x 8 with four holes puts its holes anywhere) empty, and with 1, 2, 3, 4 and 6 pieces put
down at random where they fit (two draws each: most cannot be completed, which a hint must then
prove).  Each is searched by :func:`pento_core.polyomino.cover.first_cover` (what the game uses: a
sweep for a few positions, then the fewest options) and by the sweep alone (``Problem.first``, what
the game used before), one after the other, in CPython on one core; the two must agree on whether
there is a cover.  Prints, over the positions that were searched (the pre-checks settle most of
the others at once), the median, the 95th percentile and the worst time of each, and the ratio of
the game's to the sweep's.  The page runs the same code in Pyodide, slower than CPython, within
the hint's 5 s (web/play/work.js).

Usage: ``python3 bench/bench_cover_hints.py [--seeds 12]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.positions import random_placed  # noqa: E402

from pento_core.budget import Budget  # noqa: E402
from pento_core.errors import ImpossibleError  # noqa: E402
from pento_core.games.cover import CoverGame  # noqa: E402
from pento_core.polyomino.board import Placement, Position  # noqa: E402
from pento_core.polyomino.cover import Problem, first_cover  # noqa: E402

PIECES_DOWN = (1, 2, 3, 4, 6)
DRAWS = 2


def positions(seeds: int) -> list[tuple[str, Position, bool, tuple[Placement, ...]]]:
    """(label, position, pieces may be left over, pieces down) for every position of the run."""
    game = CoverGame()
    rng = random.Random(7)
    out = []
    for preset in game.presets():
        for seed in range(seeds):
            state = game.start(game.new(preset.params, seed))
            pos = state.position
            out.append((f"{preset.label[:22]}#{seed} empty", pos, state.allow_unused, pos.placements))
            every = Problem(pos.board, pos.pieces, state.allow_unused, (), Budget())
            for k in PIECES_DOWN:
                for _ in range(DRAWS):
                    placed = random_placed(every, k, rng)
                    out.append((f"{preset.label[:22]}#{seed} {k} down", pos, state.allow_unused, placed))
    return out


def timed(search: str, pos: Position, allow_unused: bool, placed: tuple[Placement, ...]) -> tuple[float, str]:
    t = time.perf_counter()
    try:
        if search == "game":
            status = str(first_cover(pos.board, pos.pieces, allow_unused, placed, Budget()).status)
        else:
            status = str(Problem(pos.board, pos.pieces, allow_unused, placed, Budget()).first(Budget()).status)
    except ImpossibleError:
        status = "no (pre-check)"
    return time.perf_counter() - t, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=12, help="boards generated for each preset (default 12)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"game": [], "sweep": []}
    worst: list[tuple[float, float, str]] = []
    prechecked = 0
    for label, pos, allow_unused, placed in positions(args.seeds):
        game, found = timed("game", pos, allow_unused, placed)
        sweep, swept = timed("sweep", pos, allow_unused, placed)
        assert found == swept, (label, found, swept)
        if found == "no (pre-check)":
            prechecked += 1
            continue
        times["game"].append(game)
        times["sweep"].append(sweep)
        worst.append((sweep, game, label))
    print(
        f"Python {sys.version.split()[0]}; the cover game's first cover on {len(worst) + prechecked} positions:"
        f" {prechecked} proved hopeless by the pre-checks alone, {len(worst)} searched (seconds)"
    )
    print()
    print(f"{'search':28s} {'median':>8s} {'p95':>8s} {'worst':>8s} {'all':>8s}")
    for name, label in (("sweep", "the sweep alone (before)"), ("game", "first_cover (the game's)")):
        ts = sorted(times[name])
        p95 = ts[int(0.95 * (len(ts) - 1))]
        print(f"{label:28s} {statistics.median(ts):8.3f} {p95:8.3f} {ts[-1]:8.3f} {sum(ts):8.2f}")
    print()
    print(
        f"ratio game / sweep: worst {max(times['game']) / max(times['sweep']):.2f},"
        f" all together {sum(times['game']) / sum(times['sweep']):.2f}"
    )
    print("the sweep's slowest positions (sweep s, game s):")
    for sweep, game, label in sorted(worst, reverse=True)[:6]:
        print(f"  {sweep:7.3f} {game:7.3f}  {label}")


if __name__ == "__main__":
    main()
