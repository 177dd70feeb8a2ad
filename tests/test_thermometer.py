"""The tangram's thermometer (issue 25): it rises with every tan placed where a solution has it,
never with a tan that overlaps or spills over, and reads 100 % only when the figure is made."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from pento_core import api
from pento_core.games.tangram import _LIBRARY, TangramGame, _target, in_set_order
from pento_core.tangram import thermometer
from pento_core.tangram.arrangement import Placed
from pento_core.tangram.number import Surd
from pento_core.tangram.outline import check

FIGURES = sorted(_LIBRARY)


@pytest.mark.parametrize("name", FIGURES)
def test_it_rises_with_every_correct_tan_in_any_order_and_ends_at_100(name: str) -> None:
    target = _target(name)
    assert target.silhouette is not None
    rng = random.Random(name)
    for _ in range(4):
        order = list(range(7))
        rng.shuffle(order)
        tans: list[Placed | None] = [None] * 7
        readings = [thermometer.progress(target.silhouette, target.solution, tans)]
        for k in order:
            tans[k] = target.solution[k]
            readings.append(thermometer.progress(target.silhouette, target.solution, tans))
        assert readings[0] == 0 and readings[-1] == 100
        assert all(a < b for a, b in pairwise(readings)), f"{name} in the order {order}: {readings}"


@pytest.mark.parametrize("name", ["square", "camel", "letter-t", "swan", "triangle"])
def test_a_misplaced_tan_never_raises_it_and_takes_nothing_from_the_right_ones(name: str) -> None:
    target = _target(name)
    sil = target.silhouette
    assert sil is not None
    rng = random.Random(1)
    places = {thermometer.place(t) for t in target.solution}
    checked = 0
    for _ in range(60):
        tans: list[Placed | None] = [None] * 7
        for k in rng.sample(range(7), 3):
            tans[k] = target.solution[k]
        before = thermometer.progress(sil, target.solution, tans)
        free = [k for k in range(7) if tans[k] is None]
        k = rng.choice(free)
        code = target.solution[k].code
        wrong = Placed(
            code, rng.randrange(8), rng.random() < 0.5, (Surd(rng.randrange(-8, 9)), Surd(rng.randrange(-8, 9)))
        )
        if thermometer.place(wrong) in places or any(
            thermometer.place(wrong) in s for s in thermometer.solutions(sil, target.solution)
        ):
            continue  # by chance where a solution has it
        tans[k] = wrong
        after = thermometer.progress(sil, target.solution, tans)
        assert after == before
        checked += 1
    assert checked >= 40


def test_a_solution_turned_by_the_figures_symmetry_counts_as_right() -> None:
    target = _target("square")
    sil = target.silhouette
    assert sil is not None
    motions = thermometer.symmetries(sil)
    assert len(motions) == 8  # the square: four turns and four flips
    turned = thermometer.solutions(sil, target.solution)
    assert len(turned) > 1
    # a large triangle where the stored solution, turned by 90°, has one: a right tan
    image = next(p for p in turned[1] if p[0] == "L" and p not in turned[0])
    tans: list[Placed | None] = [None] * 7
    big = next(
        t
        for t in (Placed("L", k, f, at) for k in range(8) for f in (False, True) for at in _corners(image[1]))
        if thermometer.place(t) == image
    )
    tans[3] = big
    assert thermometer.progress(sil, target.solution, tans) == 25  # a large triangle is a quarter of the set


def _corners(points: frozenset[tuple[Surd, Surd]]) -> list[tuple[Surd, Surd]]:
    return sorted(points, key=lambda p: (float(p[0].a), float(p[1].a)))


def test_the_poster_measure_is_kept_for_the_record_and_the_game_shows_the_new_one() -> None:
    """The poster's measure read 0 % through six correct tans of the Triangle; the game's reads 75 % or more."""
    target = _target("triangle")
    sil = target.silhouette
    assert sil is not None
    ordered = in_set_order(list(target.solution))  # (the tan's place in the set, where it lies)
    laid = ordered[:6]
    poster = check(sil, [t.polygon() for _, t in laid]).progress
    cells = ["-"] * 7
    for i, t in laid:
        cells[i] = t.text()
    game = TangramGame()
    state = ";".join(cells)
    r = api.handle({"cmd": "load", "args": {"game": "tangram", "desc": "triangle", "state": state}})
    assert r["ok"], r
    shown = r["result"]["view"]["progress"]
    assert shown == thermometer.progress(sil, target.solution, game.start("triangle", state).tans)
    assert shown >= 75 > poster
