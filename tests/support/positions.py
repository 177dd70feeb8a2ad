"""Cover positions drawn at random, for the tests and benchmarks of the first cover (Hint, Solve)."""

from __future__ import annotations

import random

from pento_core.polyomino.board import Placement
from pento_core.polyomino.cover import Problem


def random_placed(problem: Problem, k: int, rng: random.Random) -> tuple[Placement, ...]:
    """``k`` placements of different pieces of ``problem`` that fit together on its board (fewer
    where no more fit), drawn at random: most such positions cannot be completed."""
    options = [(t, m) for t, masks in enumerate(problem.placements()) for m in masks]
    rng.shuffle(options)
    chosen: list[tuple[int, int]] = []
    used, types = 0, set()
    for t, m in options:
        if t not in types and not used & m:
            chosen.append((t, m))
            used, types = used | m, types | {t}
            if len(chosen) == k:
                break
    return problem.solution_of(chosen)
